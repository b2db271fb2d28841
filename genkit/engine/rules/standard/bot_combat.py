"""The greedy bot's combat: what an attack is worth (from the CRT's result distribution at the
column after odds, shifts and DRMs), which attack to make with which units, and retreats and
advances (:class:`CombatChoices`, a part of :class:`~.bots.GreedyBot`)."""
from __future__ import annotations

from ...crt import AUTO_MISS, FORBIDDEN
from .bot_tables import (
    BIG,
    E_AELIM,
    E_ARET,
    E_ASTEP,
    E_ELIM,
    E_EXCH,
    E_RET,
    E_STEP,
    END,
    ROLL,
    STAY,
)


class CombatChoices:
    """The combat half of :class:`~.bots.GreedyBot` (it holds the tables and the position)."""

    def _vacate(self, thr, d, h):
        """The chance that an attack of strength ``thr`` empties hex ``h`` defended by ``d``."""
        t = self.t
        col = t.column(thr, d, t.shift[h])
        if col < 0:
            return 0.0
        p = t.distribution(col, t.drm[h])
        return p[E_ELIM] + p[E_RET]

    def _rough_ev(self, v, att, eh, defenders):
        """The expected value of an attack of strength ``att`` on the enemy hex ``eh`` (terrain
        effects only): a function of the strengths, the hex and what emptying it is worth
        (:meth:`_worth_at`), remembered on those (``ev_memo``)."""
        t = self.t
        defence = self.foe_def[eh]
        hit = self.eh_local.get(eh)
        if hit is None:
            hit = self.eh_local[eh] = self._worth_at(v, eh, defenders)
        key = (att, defence, eh, hit)
        ev = self.ev_memo.get(key)
        if ev is None:
            col = t.column(att, defence, t.shift[eh])
            ev = -1.0 if col < 0 else self._value(v, t.distribution(col, t.drm[eh]), defenders, None, eh, att)
            if len(self.ev_memo) > 100000:
                self.ev_memo.clear()
            self.ev_memo[key] = ev
        return ev

    def _danger(self, thr, d, h, step, units):
        """Expected own loss (worth) when ``thr`` enemy strength attacks defence ``d`` on ``h``."""
        t = self.t
        col = t.column(thr, d, t.shift[h])
        if col < 0:
            return 0.0
        p = t.distribution(col, t.drm[h])
        loss = (p[E_STEP] + p[E_EXCH]) * step + p[E_ELIM] * step * 2 * units + p[E_RET] * 0.5
        loss -= (p[E_ASTEP] + p[E_EXCH]) * 3.0 + p[E_AELIM] * 8.0
        return max(0.0, loss)

    def _value(self, v, dist, defenders, attackers, eh, att, advance=True):
        """Expected worth gained by an attack with the effect distribution ``dist`` on the
        enemy hex ``eh`` (``defenders``: the units there): ``attackers`` the own units (None: a
        rough guess from ``att``); ``advance``: whether the attackers may advance into the hex
        it empties (not after a bombardment, case 8.10)."""
        t = self.t
        hit = self.eh_local.get(eh)
        if hit is None:
            hit = self.eh_local[eh] = self._worth_at(v, eh, defenders)
        d_step, d_all, ret, take = hit
        if attackers:
            p_att, red, worth = t.p_att, v.reduced, t.p_worth
            lead = max(attackers, key=lambda q: (p_att[q][red[q]], -q))
            w = worth[lead]
            a_step = w[1] if red[lead] else w[0] - w[1]         # (_step_value)
            a_all = sum([worth[q][red[q]] for q in attackers])
        else:
            a_step, a_all = 4.0, att * 1.5 + 2.0
        val = (dist[E_STEP] * d_step + dist[E_ELIM] * d_all + dist[E_RET] * ret
               + dist[E_EXCH] * (d_step - a_step) - dist[E_ASTEP] * a_step - dist[E_AELIM] * a_all
               - dist[E_ARET] * 0.5)
        if take and advance:
            val += (dist[E_ELIM] + dist[E_RET]) * take
        return val

    def _worth_at(self, v, eh, defenders):
        """(a step of the defenders of ``eh``, all of them, their retreat, taking the hex): what
        each result of an attack there is worth (with the victory points it scores, case 11.8).
        The defenders' own worth is kept while the enemy stands still (``eh_foe``)."""
        t = self.t
        foe = self.eh_foe.get(eh)
        if foe is None:
            red, worth = v.reduced, t.p_worth
            top = max(defenders, key=lambda q: (self._def(v, q), -q))
            d_step = self._step_value(v, top)
            d_all = sum(worth[q][red[q]] for q in defenders)
            # a retreat is worth more when the defenders have nowhere to go
            blocked = d_all if t.blocked_eliminates else d_step * len(defenders)
            prize_all = sum(t.p_prize[q] for q in defenders)
            prize_step = t.p_prize[top] if red[top] else 0.0
            foe = self.eh_foe[eh] = (d_step + prize_step, d_all + prize_all, blocked)
        take = 0.0
        if t.advance and (eh in self.wins_at or eh in self.targets):
            take = BIG / 1000 if eh in self.wins_at else self.take_bonus * self.urgency
        return (foe[0], foe[1], 1.0 if t.adj_mask[eh] & self.room else foe[2], take)

    def _retreat_room(self, own) -> int:
        """The hexes a defender could retreat into (a mask): free of own units (``own``: their
        hexes) and, with zones of control, not next to one."""
        t = self.t
        own_mask = near_own = 0
        next_to = t.next_to
        for h in own:
            own_mask |= 1 << h
            near_own |= next_to[h]
        return t.passable & ~own_mask & ~(near_own if t.zoc else 0)

    # ---------------------------------------------------------------- combat

    def _eligible(self, s0, target):
        """The own units the rules let attack ``target`` (from the legal actions after
        choosing it, ``attackers_if_picked``; when that was forced, the units in range that
        have not attacked)."""
        units = self.g.attackers_if_picked(s0, target)
        if units is not None:
            return units
        s = self._probe(s0, ("attack", target))
        acts = self.g.legal_actions(s)
        if acts and acts[0][0] in ("with", "roll"):
            return [a[1] for a in acts if a[0] == "with"]
        t = self.t
        dist, n = t.dist, t.n
        return [p for p in self.mine if s0.loc[p] >= 0 and p not in self.attacked and p not in self.marched
                and dist[s0.loc[p] * n + target] <= t.p_ad[p]][:1]

    def attack_value(self, v, attackers, target):
        """:meth:`battle_value` in the position of ``v`` (read afresh)."""
        self._prepare(v)
        return self.battle_value(v, attackers, target)

    def battle_value(self, v, attackers, target, by=None):
        """Expected worth gained by ``attackers`` attacking ``target`` (None if forbidden), on
        the column and die-roll modifier the battle itself would read (the game's
        ``seen_modifiers`` in this view: in the standard rules terrain, hexsides, unit types,
        supply, the results in force; a game's own besides), and
        in a bombardment phase the bombardment row, hurting the defender only (case 8.10);
        ``by``: the reading of the CRT (case 8.13: 0 its own, 1 the other, None the better; a
        bombardment reads its own)."""
        t = self.t
        defenders = self.foe.get(target, ())
        if not defenders or not attackers:
            return None
        p_att, red = t.p_att, v.reduced
        att = sum([p_att[p][red[p]] for p in attackers])
        shift = drm = 0
        for _, sh, dr in self.g.seen_modifiers(v, attackers, target, defenders):
            shift += sh
            drm += dr
        fire = bool(self.g.phase_bombards[v.phase])              # case 8.10
        col = t.column(att, self.foe_def[target], shift, 0 if fire else by)
        if col == FORBIDDEN:
            return None
        if col == AUTO_MISS:
            return 0.0
        return self._value(v, t.distribution(col, drm, fire), defenders, attackers, target, att, not fire)

    def best_attack(self, v, target, pool):
        """(value, attackers) of the best attack on ``target`` by units of ``pool``: every subset
        of up to three units; else all of them, then leaving out, weakest first, each unit whose
        absence costs nothing (units kept for other attacks are worth a little)."""
        p_att, red = self.t.p_att, v.reduced
        att = {p: p_att[p][red[p]] for p in pool}
        pool = sorted(pool, key=lambda p: (-att[p], p))

        def value(sub):
            val = self.battle_value(v, sub, target)
            return None if val is None else val - 0.01 * sum([att[p] for p in sub])
        if len(pool) <= 3:
            best, choice = None, None
            for m in range(1, 1 << len(pool)):
                sub = [p for i, p in enumerate(pool) if m >> i & 1]
                val = value(sub)
                if val is not None and (best is None or val > best):
                    best, choice = val, sub
            return best, choice
        choice = list(pool)
        best = value(choice)
        if best is None:
            return None, None
        for p in reversed(pool):
            if len(choice) == 1:
                break
            sub = [q for q in choice if q != p]
            val = value(sub)
            if val is not None and val >= best:
                best, choice = val, sub
        return best, choice

    def choose_attack(self, v, actions):
        self._prepare(v)
        s0 = v.sample_state(self.rng)
        best, plan = self.threshold, None
        for a in actions:
            if a[0] != "attack":
                continue
            val, sub = self.best_attack(v, a[1], self._eligible(s0, a[1]))
            if sub is not None:
                val += self.rng.random() * 1e-6
                if val > best:
                    best, plan = val, (a, sub)
        if plan is None:
            return END if END in actions else actions[0]
        self.attackers = list(plan[1])
        self.attacked.update(plan[1])      # (also when the rules name them without asking)
        return plan[0]

    def choose_with(self, v, actions):
        while self.attackers:
            p = self.attackers.pop(0)
            a = ("with", p)
            if a in actions:
                self.attacked.add(p)
                return a
        rolls = [a for a in actions if a[0] in ("roll", "roll_by")]
        if rolls:
            return self.choose_reading(v, rolls)
        a = max((a for a in actions if a[0] == "with"), key=lambda a: (self._att(v, a[1]), -a[1]))
        self.attacked.add(a[1])
        return a

    def choose_reading(self, v, rolls):
        """Case 8.13: of the rolls offered (the CRT read its own way, ``("roll",)``, or the other,
        ``("roll_by", ...)``), the one whose column is worth more for the attack planned."""
        if len(rolls) == 1:
            return rolls[0]
        s0 = v.sample_state(self.rng)           # the attack as named (the rules may have named some)
        target, attackers = s0.target, [p for p in self.mine if (s0.attackers >> p) & 1]
        self._prepare(v)
        own, other = (self.battle_value(v, attackers, target, by) for by in (0, 1))
        if other is not None and (own is None or other > own):
            return next(a for a in rolls if a[0] == "roll_by")
        return ROLL if ROLL in rolls else rolls[0]

    # ---------------------------------------------------------------- after combat

    def choose_retreat(self, v, actions):
        own, foe = self._where(v)
        self.own = own
        self._set_targets(v)
        t = self.t
        obj = self._objective_map(own) or [0.0] * t.n
        rnd = self.rng.random
        cost = self.g.board.cost

        def score(a):
            h = a[1]
            if h in self.wins_at:
                return BIG
            adj = t.adjacent[h]
            near_foe = sum(len(foe.get(j, ())) for j in adj)
            near_own = sum(1 for j in adj if j in own)
            room = sum(1 for j in adj if cost[j] and j not in foe
                       and not any(k in foe for k in t.adjacent[j]))
            return -3.0 * near_foe + 0.5 * near_own + 0.3 * room + 0.2 * obj[h] + rnd() * 1e-6
        return max(actions, key=score)

    def choose_advance(self, v, actions):
        self._prepare(v)
        s0 = v.sample_state(self.rng)
        best, choice = 0.05, STAY
        target = None
        rnd = self.rng.random
        for a in actions:
            if a[0] != "advance":
                continue
            p = a[1]
            if len(a) > 2:                      # advance distances: each action names where it stops
                target = a[2]
            elif target is None:
                target = self._probe(s0, a).loc[p]
                if target < 0:
                    break
            if target in self.wins_at:
                return a
            gain = self._score(v, p, target) - self._score(v, p, v.loc[p]) + rnd() * 1e-6
            if gain > best:
                best, choice = gain, a
        return choice if choice in actions else actions[0]
