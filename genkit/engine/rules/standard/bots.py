"""The standard rules' own bot: ``greedy``, one decision deep, for ANY game on these rules.

It reads only the game object (the model, ``game.content``, and the generic tables of
:class:`~genkit.engine.game.GameRules`: board, pieces, sides, victory) and the view it is
given; what the rules allow it learns from the legal actions, and what an action would lead
to (where a unit may go, which units may join an attack, which hex an advance enters) by
applying it to a copy of the position (``view.sample_state``), never by re-implementing the
procedure. Its own tables (built once per game, :class:`~.bot_tables.BotTables`) are the objective hexes and
the movement cost to reach them, the combat effect of every hex and hexside, and the CRT's
result distribution per column and die-roll modifier.

* Objectives: from ``game.victory`` (``hold`` hexes, ``enter_enemy_place`` places, the own
  places to guard; a ``hold`` of one side is that side's to take and the other's to deny,
  and a side with only holds to deny defends when the turn limit favours nobody, case 11.7).
  The side the ``turn_limit`` does not favour attacks: its units head for
  the objectives it does not hold and never leave one they hold; the favoured side (the
  defender) sits on the objectives and gathers round them. With no objective, both sides go
  for the enemy's units. An own place (whose entry by the enemy wins at once) is sat on when
  an enemy unit could reach it, by as many units as take off the chance of the enemy's next
  attack emptying it. In the last two turns the side short of the objectives (the attacker,
  or a defender whose enemy holds every one) values emptying an objective hex more.
* Movement: every movable unit's ends of move are scored (objective distance in movement
  points, a bonus on an objective, the best attack the unit could join from there, the
  danger of the enemy strength that can strike it there against its stack's defence); the
  unit with the best gain over staying moves first (lazy greedy: stale gains are re-scored
  before they are trusted); no gain ends the phase. A unit holding an objective alone stays.
  A march is considered only for a unit whose best move ends where nothing but the
  objective counts (far from the enemy).
* Combat: for each target hex offered, the attackers the rules allow (from the legal
  actions), the subset with the best expected value (enemy worth lost, plus taking an
  objective, minus own worth lost, from the CRT's distribution at the column after odds,
  shifts and DRMs: exact for the attackers chosen, a hexside's effect included only when
  every attacker is across it, the unit types' modifiers of case 8.11 included; in a
  bombardment phase, the bombardment row, hurting the defender only, case 8.10; when points
  decide, the points an elimination scores, case 11.8; where the attacker may read the CRT by
  odds or by differential, the better column, and it rolls that reading, case 8.13); an attack below
  :attr:`GreedyBot.threshold` is declined.
  The best attack is made first, then the phase's decisions are taken again.
* Retreat away from the enemy, toward friends and hexes that leave room; advance when the
  hex gained scores better than the hex held (an objective, contact); reinforcements on the
  entry hex closest to the objectives; a step restored to the reduced unit worth most.
* Cards (case 13): :mod:`.bot_cards`.

Ties are broken by the bot's own seeded generator, so a game is reproducible from its seed.
This module imports nothing of the rules module (the package record offers it as ``bots``).
"""
from __future__ import annotations

import random

from .bot_cards import CardChoices
from .bot_combat import CombatChoices
from .bot_tables import BIG, END, tables


class GreedyBot(CombatChoices, CardChoices):
    """A one-decision-deep heuristic player for any game on the standard rules (module
    docstring). Weights are class attributes, so a variant is a subclass."""

    name = "greedy"
    needs_view = True
    threshold = 0.5          # an attack's expected value must exceed this (worth points)
    on_objective = 20.0      # bonus of a unit on an objective it holds alone
    stacked_objective = 3.0  # a second defender on an objective
    contact_w = 0.6          # weight of the best attack a unit could join from a hex
    danger_w = (0.3, 0.6)    # weight of the expected loss at a hex (attacker, defender)
    take_bonus = 6.0         # an attack that may vacate an objective hex
    place_w = 40.0           # an own place (entering it wins) emptied by the enemy's attack

    def __init__(self, game, side: int, seed: int):
        self.g = game
        self.side = side
        self.rng = random.Random(seed)
        #: per hex: a tiny seeded amount that breaks ties between ends of moves
        self.jit = [self.rng.random() * 1e-6 for _ in range(game.board.n)]
        self.t = tables(game)
        self.defender = self.t.defender[side]
        self.danger = self.danger_w[1 if self.defender else 0]
        self.mine = game.side_pieces[side]
        self.enemies = tuple(p for s, ps in enumerate(game.side_pieces) if s != side for p in ps)
        self.wins_at = self.t.enemy_places[side]
        self.ads = sorted({self.t.p_ad[p] for p in self.mine})
        self.own_places = frozenset(self.t.own_places[side])
        self.place_threat: dict = {}
        self.obj = self._ekey = None
        self.ev_local, self.eh_local = {}, {}
        self.eh_foe: dict = {}      # enemy hex -> what its defenders are worth (_worth_at)
        self.foe_def: dict = {}     # enemy hex -> its defence strength, terrain multiplied
        self.ev_memo: dict = {}     # (attack, defence, hex, worths) -> a rough attack's value
        self.room = 0               # the hexes a defender could retreat into (_retreat_room)
        self.urgency = 1.0
        self.static_targets = self.targets = self.t.targets[side]
        self.guard = () if self.defender else self.t.own_places[side]
        march = game.content.rules and (game.content.rules.get("strategic") or None)
        self.reach_factor = 2 * (self.t.sec.strategic.multiplier if march else 1)
        self._phase = None          # (turn, phase) of the movement / combat bookkeeping
        self.gains: dict = {}       # movement: piece -> (gain, verb, dest, moves made when scored)
        self.moves = 0
        self.dest = None            # the planned end of the unit being moved
        self.mover = -1
        self.attackers: list = []   # combat: the planned attackers still to name
        self.attacked: set = set()
        self.marched: set = set()

    @classmethod
    def for_game(cls, game, side: int, seed: int) -> GreedyBot:
        """The bot registry's constructor (:func:`genkit.sim.bots.make_bot`)."""
        return cls(game, side, seed)

    # ---------------------------------------------------------------- dispatch

    def choose(self, v, actions):
        if len(actions) == 1:
            return actions[0]
        key = (v.turn, v.phase)
        if key != self._phase:
            self._phase = key
            self.gains = {}
            self.moves = 0
            self.attacked = set()
            self.marched = set()
            self.attackers = []
        verbs = {a[0] for a in actions}
        if "play" in verbs or "pass" in verbs:                  # case 13: cards (bot_cards.py)
            return self.choose_with_cards(v, actions, [a for a in actions if a[0] == "play"])
        if "move" in verbs or "march" in verbs:
            return self.choose_mover(v, actions)
        if "to" in verbs:
            return self.choose_dest(v, actions)
        if "attack" in verbs:
            return self.choose_attack(v, actions)
        if "with" in verbs or "roll" in verbs or "roll_by" in verbs:
            return self.choose_with(v, actions)
        if "retreat" in verbs:
            return self.choose_retreat(v, actions)
        if "advance" in verbs:
            return self.choose_advance(v, actions)
        if "enter" in verbs:
            return self.choose_entry(v, actions)
        if "restore" in verbs:
            return self.choose_restore(v, actions)
        if "hit" in verbs:                                      # case 13.12 (bot_cards.py)
            return self.choose_hit(v, actions)
        if "block" in verbs:                                    # case 13.13 (bot_cards.py)
            return self.choose_block(v, actions)
        return actions[self.rng.randrange(len(actions))]

    # ---------------------------------------------------------------- the position

    def _where(self, v):
        """(hex -> own pieces, hex -> enemy pieces) of the pieces on the map."""
        own, foe = {}, {}
        loc = v.loc
        for p in self.mine:
            h = loc[p]
            if h >= 0:
                own.setdefault(h, []).append(p)
        for p in self.enemies:
            h = loc[p]
            if h >= 0:
                foe.setdefault(h, []).append(p)
        return own, foe

    def _att(self, v, p):
        return self.t.p_att[p][v.reduced[p]]

    def _def(self, v, p):
        return self.t.p_def[p][v.reduced[p]]

    def _step_value(self, v, p):
        """What one step lost by ``p`` costs its side."""
        w = self.t.p_worth[p]
        return w[1] if v.reduced[p] else w[0] - w[1]

    def _set_targets(self, v):
        """This decision's objectives: the game's, plus any own place an enemy unit could
        enter next turn (sat on, since entering it wins at once); ``place_threat``: own place
        -> the enemy strength that could attack it next turn."""
        self.targets = self.static_targets
        pt = {}
        t = self.t
        loc, ma = v.loc, t.p_ma
        for h in self.own_places:
            to = t.to(h)
            a = sum(self._att(v, e) for e in self.enemies if loc[e] >= 0 and to[loc[e]] <= ma[e] * 2 + 2)
            if a:
                pt[h] = a
        self.place_threat = pt
        if self.guard:
            t = self.t
            loc, ma = v.loc, t.p_ma
            near = []
            for h in self.guard:
                to = t.to(h)
                if any(loc[e] >= 0 and to[loc[e]] <= ma[e] * self.reach_factor + 2 for e in self.enemies):
                    near.append(h)
            if near:
                self.targets = tuple(sorted(set(self.static_targets) | set(near)))

    def _objective_map(self, own):
        """Per hex: the objective term (minus movement points to the nearest objective to go for)."""
        t = self.t
        if self.defender:
            return t.objective_map(self.targets)
        if self.targets:
            free = tuple(h for h in self.targets if h not in own)
            return t.objective_map(free) if free else [x * 0.5 for x in t.objective_map(self.targets)]
        return None

    def _prepare(self, v):
        """The tables of one decision: where everyone is, the objective term, the enemy strength
        within striking distance of each hex, the own attack strength on each enemy hex, and
        per hex whether anything but the objective term counts there (``special``)."""
        t = self.t
        own, foe = self._where(v)
        # short of time, an attacker takes more risks for an objective (x4 on the last turn), and
        # so does a defender whose enemy holds every objective (x12 on the last turn)
        left = self.g.turns - v.turn
        if left >= 3:
            self.urgency = 1.0
        elif not self.defender:
            self.urgency = 4.0 - left
        else:
            hold = self.t.hold
            held = hold and all(h in foe and h not in own for h in hold)
            self.urgency = 3.0 * (4.0 - left) if held else 1.0
        n = t.n
        loc, red = v.loc, v.reduced
        self.own, self.foe = own, foe
        self._set_targets(v)
        obj = self._objective_map(own)
        if obj is None:           # no objective: go for the enemy's units
            dist = t.dist
            hexes = list(foe)
            obj = [-min((dist[h * n + e] for e in hexes), default=0) * 1.0 for h in range(n)]
        if obj is not self.obj:
            self.obj = obj
            jit = self.jit
            self.base = [o + j for o, j in zip(obj, jit)]
        # what depends on the enemy only (the same at every pick of a movement phase)
        ekey = tuple([loc[e] * 2 + red[e] for e in self.enemies])
        if ekey != self._ekey:
            self._ekey = ekey
            within = self.g.board.within
            # enemy strength able to strike each hex next turn (within attack distance + 1)
            threat = [0] * n
            for e in self.enemies:
                h = loc[e]
                if h < 0:
                    continue
                a = self._att(v, e)
                for j in within(h, t.p_ad[e] + (1 if t.p_ma[e] else 0)):
                    threat[j] += a
            self.threat = threat
            # per attack distance: the enemy hexes within it of each hex
            near = {}
            for ad in self.ads:
                m = near[ad] = {}
                for eh in foe:
                    for j in within(eh, ad):
                        lst = m.get(j)
                        if lst is None:
                            m[j] = [eh]
                        else:
                            lst.append(eh)
            self.near = near
            self.eh_foe = {}
            p_def, mult = t.p_def, t.mult
            self.foe_def = {eh: sum(p_def[q][red[q]] for q in qs) * mult[eh] for eh, qs in foe.items()}
            special = bytearray(map(bool, threat))
            for m in near.values():
                for h in m:
                    special[h] = 1
            self.special_e = special
        special = bytearray(self.special_e)
        self.target_set = frozenset(self.targets)
        for h in self.target_set | self.wins_at | self.place_threat.keys():
            special[h] = 1
        self.special = special
        # what a special hex may add to the objective term, but for an attack (the danger only
        # takes away): the objective and place bonuses
        bonus = {}
        for h in self.target_set:
            bonus[h] = self.on_objective
        for h in self.place_threat:
            bonus[h] = bonus.get(h, 0.0) + self.place_w
        for h in self.wins_at:
            bonus[h] = 2.0 * BIG
        self.bonus = bonus
        # own attack strength able to reach each enemy hex (where the units stand now)
        sup_set = {eh: set() for eh in foe}
        sup_sum = dict.fromkeys(foe, 0)
        near, p_ad, p_att = self.near, t.p_ad, t.p_att
        for p in self.mine:
            h = loc[p]
            if h >= 0:
                for eh in near[p_ad[p]].get(h, ()):
                    sup_set[eh].add(p)
                    sup_sum[eh] += p_att[p][red[p]]
        self.sup_set, self.sup_sum = sup_set, sup_sum
        self.ev_local = {}
        self.eh_local = {}
        self.room = self._retreat_room(own)

    def _score(self, v, p, h, marching=False):
        """How good it is for own unit ``p`` to stand on hex ``h`` (after this decision)."""
        if h in self.wins_at:
            return BIG
        t = self.t
        red = v.reduced
        sc = self.obj[h]
        here = self.own.get(h)
        others = d0 = 0
        if here:
            p_def = t.p_def
            for q in here:
                if q != p:
                    others += 1
                    d0 += p_def[q][red[q]]
        if h in self.target_set:
            if not others:
                sc += self.on_objective
            elif self.defender:
                sc += self.stacked_objective
        # the best attack this unit could join from h
        if not marching:
            lst = self.near[t.p_ad[p]].get(h)
            if lst:
                best = 0.0
                mine = t.p_att[p][red[p]]
                local, sup_sum, sup_set = self.ev_local, self.sup_sum, self.sup_set
                for eh in lst:
                    att = mine + sup_sum[eh]
                    if p in sup_set[eh]:
                        att -= mine
                    ev = local.get((att, eh))
                    if ev is None:
                        ev = local[(att, eh)] = self._rough_ev(v, att, eh, self.foe[eh])
                    if ev > best:
                        best = ev
                sc += self.contact_w * best
        thr = self.threat[h]
        if not thr and h not in self.place_threat:
            return sc
        mult = t.mult[h]
        d = (d0 + t.p_def[p][red[p]]) * mult
        if h in self.place_threat:
            # an own place the enemy wins by entering: what this unit takes off the chance that
            # the enemy's next attack empties it
            pt = self.place_threat[h]
            sc += self.place_w * ((self._vacate(pt, d0 * mult, h) if d0 else 1.0) - self._vacate(pt, d, h))
        # the danger there
        if thr:
            w = t.p_worth[p]
            step = w[1] if red[p] else w[0] - w[1]
            key = (thr, d, h, step, others)
            dg = t.danger_cache.get(key)
            if dg is None:
                if len(t.danger_cache) > 100000:
                    t.danger_cache.clear()
                dg = t.danger_cache[key] = self._danger(thr, d, h, step, others + 1)
            sc -= self.danger * dg
        return sc

    # ---------------------------------------------------------------- probing the rules

    def _probe(self, s0, action):
        """A copy of ``s0`` with ``action`` applied (and the forced decisions after it)."""
        s = s0.copy()
        self.g.apply(s, action)
        return s

    def _ends(self, s0, action, p):
        """The hexes ``p`` may end a move in after ``action`` (("move", p) or ("march", p)): as
        the rules would ask (``dests_if_picked``), else as ``action`` applied to a copy leaves them."""
        ends = self.g.dests_if_picked(s0, p, action[0] == "march")
        if ends is not None:
            return ends
        s = self._probe(s0, action)
        acts = self.g.legal_actions(s)
        if acts and acts[0][0] == "to":
            return [a[1] for a in acts if a[0] == "to"]
        h = s.loc[p]
        return [h] if h != s0.loc[p] and h >= 0 else []

    # ---------------------------------------------------------------- movement

    def _best_move(self, v, s0, p, verbs):
        """(gain, verb, dest) of the best move of ``p`` (gain over staying). A unit holding an
        objective alone stays (unless it could enter an enemy place)."""
        h0 = v.loc[p]
        if h0 in self.target_set and self.own.get(h0) == [p]:
            t = self.t
            reach = t.p_ma[p] * self.reach_factor
            if not any(t.to(w)[h0] <= reach for w in self.wins_at):
                return (-BIG, "move", None)
        here = self._score(v, p, v.loc[p])
        best, choice = None, None
        jit, base, special, score = self.jit, self.base, self.special, self._score
        bonus, near = self.bonus, self.near[self.t.p_ad[p]]
        for verb in sorted(verbs, reverse=True):            # "move" first, then "march"
            marching = verb == "march"
            if marching and choice is not None and special[choice[1]]:
                continue        # the best move ends where the enemy or an objective counts
            others = []
            for h in self._ends(s0, (verb, p), p):  # the plain hexes first (their score is the base)
                if special[h]:
                    others.append(h)
                else:
                    sc = base[h]
                    if best is None or sc > best:
                        best, choice = sc, (verb, h)
            for h in others:                # then the others that could beat them: away from
                # an attack, only a bonus adds to the base
                if best is not None and (marching or h not in near) and base[h] + bonus.get(h, 0.0) <= best:
                    continue
                sc = score(v, p, h, marching) + jit[h]
                if best is None or sc > best:
                    best, choice = sc, (verb, h)
        if choice is None:
            return (-BIG, "move", None)
        return (best - here, choice[0], choice[1])

    def choose_mover(self, v, actions):
        verbs: dict = {}
        for a in actions:
            if a[0] in ("move", "march"):
                verbs.setdefault(a[1], []).append(a[0])
        self._prepare(v)
        s0 = v.sample_state(self.rng)
        gains = self.gains
        while True:
            for p, vs in verbs.items():
                if p not in gains:
                    gains[p] = self._best_move(v, s0, p, vs) + (self.moves,)
            cands = [(g[0], p) for p, g in gains.items() if p in verbs]
            if not cands:
                return END
            gain, p = max(cands)
            g = gains[p]
            if g[3] != self.moves:            # scored before the last move: score again
                gains[p] = self._best_move(v, s0, p, verbs[p]) + (self.moves,)
                continue
            break
        if gain <= 0.05 or g[2] is None:
            return END if END in actions else actions[0]
        del gains[p]
        self.moves += 1
        self.mover, self.dest = p, g[2]
        if g[1] == "march":
            self.marched.add(p)
        return (g[1], p)

    def choose_dest(self, v, actions):
        a = ("to", self.dest)
        if self.dest is not None and a in actions:
            return a
        p = self.mover
        if p < 0:
            return actions[self.rng.randrange(len(actions))]
        self._prepare(v)
        jit = self.jit
        return max(actions, key=lambda a: self._score(v, p, a[1]) + jit[a[1]])

    # ---------------------------------------------------------------- reinforcements, restored steps

    def choose_entry(self, v, actions):
        own, foe = self._where(v)
        self.own = own
        self._set_targets(v)
        obj = self._objective_map(own) or [0.0] * self.t.n
        t = self.t
        rnd = self.rng.random

        def score(a):
            h = a[1]
            near_foe = sum(len(foe.get(j, ())) for j in t.adjacent[h])
            return obj[h] - 2.0 * near_foe + rnd() * 1e-6
        return max(actions, key=score)

    def choose_restore(self, v, actions):
        _, foe = self._where(v)
        t = self.t
        best, choice = None, None
        for a in actions:
            if a[0] != "restore":
                continue
            p = a[1]
            h = v.loc[p]
            w = t.p_worth[p]
            val = w[0] - w[1]
            if h >= 0:
                if h in self.targets:
                    val += 2.0
                if any(j in foe for j in t.adjacent[h]):
                    val += 1.0
            val += self.rng.random() * 1e-6
            if best is None or val > best:
                best, choice = val, a
        return choice if choice is not None else (END if END in actions else actions[0])
