"""Combat in the Strike the Bear system (docs/strike-the-bear-rules.md, 11.0): supply
(11.5, supply.py), the river (11.4.2), the weather's shift (11.6), combined arms (11.7), command and leader
loss (11.8) and reserves committed by the defender's leader (11.8.2) and battles continued (11.10), over the standard
battle. A mixin of :class:`~.rules.Game`."""
from __future__ import annotations

from ...chance import roll_die
from ...crt import FORBIDDEN
from ..standard.rules import COMBAT
from ..standard.rules import Game as StandardGame
from ..standard.state import ATTACKERS, RETREAT
from .commissar import COUNTERED, COUNTERING
from .state import COMMIT, CONTINUE, StbState

FIGHT = ("fight",)
GO_ON, HALT = ("continue",), ("halt",)
#: 11.8.2: reserves a leader may try to bring into one battle
MOST_RESERVES = 2


class Battle:
    """The combat half of the system's :class:`~.rules.Game` (reads the game's tables)."""

    def eligible(self, s: StbState, side: int, h: int) -> list:
        """11.1.5: every combat unit of ``side`` in the space (trucks do not fight)."""
        return [p for p in StandardGame.eligible(self, s, side, h) if not self.p_truck[p]]

    def targets(self, s: StbState) -> list:
        """The standard targets where the side has a combat unit to attack with."""
        return [h for h in StandardGame.targets(self, s) if self.eligible(s, s.actor, h)]

    def in_command(self, s: StbState, side: int, h: int) -> bool:
        """11.8.1: a non-disrupted leader of ``side`` within one space of ``h`` (only in its own
        space when an enemy unit shares it, or an interdicting Luftwaffe unit, 9.2.1)."""
        dist, loc = self.board.distance, s.loc
        cut = self.air_cut(s, side)         # 9.2.1: the Luftwaffe over him holds him to his space
        for ldr in self.leaders[side]:
            at = loc[ldr]
            if at < 0 or s.reduced[ldr]:
                continue
            d = dist(at, h)
            if d == 0 or (d == 1 and not (cut >> at) & 1 and not any(self.p_side[q] != side for q in self.stack(s, at))):
                return True
        return False

    def modifiers(self, s: StbState, attackers, h: int) -> list:
        """The standard modifiers plus: a river through the space (11.4.2: 1L), the weather's
        shift (11.6), unsupplied units that cannot
        be bought into supply (11.5: 2L attacking, 2R defending), combined arms (11.7: infantry
        with armour, 1R attacking, 1L defending), out of command (11.8.1: -2 attacking, +2
        defending)."""
        out = StandardGame.modifiers(self, s, attackers, h)
        sec, side = self.section, s.actor
        if (self.river_mask >> h) & 1:
            out.append(("river", -sec.river.shift, 0))
        wx = self.tables["weather"].read(self._weather_row(s), "combat")
        if wx.endswith("L") and wx[:-1].isdigit():
            out.append(("weather:" + s.weather, -int(wx[:-1]), 0))
        defenders = self.defenders(s, h)
        for who, pieces, sign in ((side, attackers, 1), (1 - side, defenders, -1)):
            cost = self.supply_cost(s, pieces, h, who)
            if cost and cost > s.ops[who]:
                out.append(("unsupplied:" + self.side_ids[who], -sign * sec.unsupplied_shift, 0))
            units = [p for p in pieces if self.p_unit[p]]
            if any(self.p_armour[p] for p in units) and any(not self.p_armour[p] for p in units):
                out.append(("combined_arms:" + self.side_ids[who], sign * sec.combined_arms_shift, 0))
            if units and not self.in_command(s, who, h):
                out.append(("out_of_command:" + self.side_ids[who], 0, -sign * sec.leaders.out_of_command_drm))
            if who == self.air_side and self.air_joiner(s, h) >= 0:
                out.append(("luftwaffe", sign * self.air_shift, 0))
        return out

    def seen_modifiers(self, v, attackers, h: int, defenders) -> list:
        """What a bot weighs an attack on: the battle's own :meth:`modifiers`, read from the
        whole position its view shows (nothing is hidden in this game)."""
        return self.modifiers(v.position, attackers, h)

    def odds(self, s: StbState, attackers, h: int, shift: int = 0, drm: int = 0, by: int = 0) -> tuple:
        """The standard reading, but 11.2.3: the commissar's counter-attack (7.2.1 b) is fought
        even below the lowest column, on it."""
        out = StandardGame.odds(self, s, attackers, h, shift, drm, by)
        if out[0] != FORBIDDEN or s.counter != COUNTERING:
            return out
        mods = self.modifiers(s, attackers, h)
        return 0, min(max(sum(m[1] for m in mods) + shift, 0), self.crt.top), sum(m[2] for m in mods) + drm

    def _weather_row(self, s: StbState) -> int:
        """The lowest total of the weather table reading the state's weather."""
        wt = self.tables["weather"]
        return next(t for t in range(wt.low, wt.high + 1) if wt.read(t, "weather") == s.weather)

    def _battle(self, s: StbState) -> None:
        """11.5.4: each side pays the OPs of its units out of rail supply when it has them (the
        modifiers read the same); 9.2.3: a Luftwaffe unit flying support within range joins the
        battle if one has not joined another this turn (bombing a truck first, 9.2.2, and
        reduced by a loss of its side, 9.3); then the standard
        battle (11.9), and 11.8.3: a leader whose units are all gone
        rolls on the Leader Loss table."""
        h, side = s.target, s.actor
        atts = [p for p in self.side_pieces[side] if (s.attackers >> p) & 1]
        unit = self.air_joiner(s, h)        # 9.2.3: the Luftwaffe unit joining, if any
        flies = unit >= 0
        if flies:
            self._bomb(s, unit, h)
        air_side = [p for p in self.stack(s, h) if self.p_side[p] == self.air_side and self.p_unit[p]]
        before = [(s.loc[p], s.reduced[p]) for p in air_side]
        pay = []
        for who, pieces in ((side, atts), (1 - side, self.defenders(s, h))):
            cost = self.supply_cost(s, pieces, h, who)
            if cost and cost <= s.ops[who]:
                pay.append((who, cost))
        leaders = [p for p in self.stack(s, h) if self.p_leader[p]]
        s.wpath = ()                        # 11.9.5: this battle's path of withdrawal, if any
        s.battling = 1                      # a counter-attack waits for the steps below
        if self.commissar_holds(s, h):      # 7.2.1 a: no withdrawal where the commissar stands
            self.results, held = self.results_held, self.results
            try:
                StandardGame._battle(self, s)
            finally:
                self.results = held
        else:
            StandardGame._battle(self, s)
        for who, cost in pay:
            s.ops[who] -= cost
            s.spent[who] += cost
        if flies:
            s.sorties |= 1 << unit
            hurt = [(s.loc[p], s.reduced[p]) for p in air_side] != before or (
                s.stage == RETREAT and any(self.p_side[p] == self.air_side for p in s.rq))
            if hurt:                        # 9.3.2: a loss or withdrawal of its side reduces it
                s.lw[unit] = 1
        if s.stage != RETREAT:
            for ldr in leaders:
                self._leader_loss(s, ldr, h)
        s.battling = 0
        if s.counter_due:                   # 7.2.1 b, once this battle's own steps are done
            units, s.counter_due = s.counter_due, 0
            self._counter_attack(s, h, units)

    def _bomb(self, s: StbState, unit: int, h: int) -> None:
        """9.2.2: the Luftwaffe unit joining the battle in ``h`` bombs the first non-disrupted
        enemy truck in or next to it: a die, with the weather's modifier, at most its rating
        (9.3: less when reduced) disrupts it."""
        near = self.adj_mask[h] | (1 << h)
        truck = next((t for t in self.trucks[1 - self.air_side]
                      if s.loc[t] >= 0 and not s.reduced[t] and (near >> s.loc[t]) & 1), -1)
        if truck < 0:
            return
        air = self.section.luftwaffe
        drm = air.bombing_drms.get(s.weather)
        r = self.tables[air.bombing_table].roll(s, None, (drm,) if drm else (), "bombing")
        if r.modified <= (air.reduced_rating if s.lw[unit] else air.rating):
            s.reduced[truck] = 1

    def _leader_loss(self, s: StbState, ldr: int, h: int) -> None:
        """11.8.3: when no unit of his side but leaders is left in ``h``, the leader rolls: he is
        eliminated, or relocates, disrupted, to the nearest ox holding units of his side (the lowest id among
        equals; none: eliminated)."""
        side = self.p_side[ldr]
        if any(self.p_side[q] == side and self.p_unit[q] for q in self.stack(s, h)):
            return
        roll = self.tables["leader_loss"].roll(s, None, (), "leader loss").result
        dest = -1
        if not roll.startswith("eliminated"):
            best = None
            for q in self.side_pieces[side]:
                at = s.loc[q]
                if at >= 0 and at != h and self.p_unit[q] and self.board.spaces.spaces[at].kind == "ox" \
                        and self._room(s, at, ldr):
                    key = (self.board.distance(h, at), at)
                    if best is None or key < best:
                        best = key
            dest = best[1] if best is not None else -1
        if dest < 0:
            if s.loc[ldr] >= 0:
                self._remove(s, ldr)
            return
        if s.loc[ldr] >= 0:
            self._lift(s, ldr)
        self._put(s, ldr, dest)
        s.reduced[ldr] = 1                  # relocated disrupted (12.1 recovers him)

    # ------------------------------------------------------------------ 11.8.2 reserves

    def reserve_leader(self, s: StbState, side: int, h: int) -> tuple:
        """11.8.2: (leader, the units he may try to bring into the battle in ``h``) for the
        defending ``side``: the first non-disrupted leader in or next to ``h`` who has any. A
        reserve stands in a space next to ``h`` and to the leader (or with him), free of enemy
        units; it has not tried this phase, its side has its OPs, and ``h`` has room for it."""
        loc, adj = s.loc, self.adj_mask
        enemy = 0
        for q in self.side_pieces[1 - side]:
            if loc[q] >= 0:
                enemy |= 1 << loc[q]
        ops = s.ops[side]
        for ldr in self.leaders[side]:
            at = loc[ldr]
            if at < 0 or s.reduced[ldr] or not (at == h or (adj[h] >> at) & 1):
                continue
            near = adj[h] & ~enemy & (adj[at] | (1 << at) if at != h else -1)
            units = [p for p in self.side_pieces[side]
                     if loc[p] >= 0 and (near >> loc[p]) & 1 and self.p_unit[p]
                     and not (s.tried >> p) & 1 and self.p_ops[p] <= ops and self._room(s, h, p)]
            if units:
                return ldr, units
        return -1, []

    def _roll(self, s: StbState) -> None:
        """The attacker has chosen: 11.8.2, the defender may first commit reserves."""
        s.ncommit, s.chosen = 0, -1
        self._offer_reserves(s, 1 - self.phase_actor(s))

    def _offer_reserves(self, s: StbState, side: int) -> None:
        """A COMMIT decision for ``side`` while it may try another reserve, else the battle."""
        if s.ncommit < MOST_RESERVES:
            ldr = s.chosen if s.chosen >= 0 else self.reserve_leader(s, side, s.target)[0]
            if ldr >= 0 and self._reserves_of(s, ldr):
                s.stage, s.actor, s.chosen = COMMIT, side, ldr
                return
        self._fight(s)

    def _reserves_of(self, s: StbState, ldr: int) -> list:
        found, units = self.reserve_leader(s, self.p_side[ldr], s.target)
        return units if found == ldr else []

    def _commit(self, s: StbState, p: int) -> None:
        """11.8.2 b-c: the reserve's OPs are paid, then a die at or under the leader's support
        rating brings it into the battle."""
        side, ldr = s.actor, s.chosen
        s.ops[side] -= self.p_ops[p]
        s.spent[side] += self.p_ops[p]
        s.tried |= 1 << p
        s.ncommit += 1
        if roll_die(s, 6, "reserves") <= self.p_support[ldr]:
            self._lift(s, p)
            self._put(s, p, s.target)
        self._offer_reserves(s, side)

    def _fight(self, s: StbState) -> None:
        """11.8.2 d: the battle on the strengths now in the space, read as the attacker chose
        (11.3, 11.1.6); no battle when the reserves made it one the table forbids."""
        s.stage, s.actor, s.chosen = ATTACKERS, self.phase_actor(s), -1
        h = s.target
        atts = [p for p in self.side_pieces[s.actor] if (s.attackers >> p) & 1]
        s.read_by = s.by                    # 11.1.6: the reading holds while the battle goes on
        crt = self.crt_alt if s.by else self.crt
        if crt.pick(self.attack_strength(s, atts), self.defence_strength(s, h)) == FORBIDDEN:
            s.done |= s.attackers
            s.hit |= 1 << h
            return self._to_pick(s, fought=False)
        self._battle(s)

    # ------------------------------------------------------------------ 11.10 battle continuation

    def continuation_cost(self, s: StbState, side: int, h: int) -> int:
        """11.10.2, 11.10.4: the OPs ``side`` pays to fight the battle in ``h`` again (its units
        there); 0 when it may not: a side without units there, no non-disrupted leader of its
        own in or next to ``h``, or too few OPs."""
        units, enemy = [], False
        for p in self.stack(s, h):
            if self.p_unit[p]:
                if self.p_side[p] == side:
                    units.append(p)
                else:
                    enemy = True
        if not units or not enemy or not self.leader_near(s, side, h):
            return 0
        cost = sum(self.p_ops[p] for p in units)
        return cost if cost <= s.ops[side] else 0

    def leader_near(self, s: StbState, side: int, h: int) -> bool:
        """A non-disrupted leader of ``side`` in ``h`` or next to it."""
        near = self.adj_mask[h] | (1 << h)
        return any(s.loc[ldr] >= 0 and not s.reduced[ldr] and (near >> s.loc[ldr]) & 1 for ldr in self.leaders[side])

    def _to_pick(self, s: StbState, fought: bool = True) -> None:
        """After a battle: 7.2.1 b, the commissar's units there may strike back first; then
        11.10.1, the attacker, then the defender, may choose to fight it again (``fought``
        False: no battle was fought after all)."""
        h = s.target
        if s.counter == COUNTERING:         # the counter-attack is over: on with the battle's end
            s.counter = COUNTERED
        elif h >= 0 and fought and s.stage != CONTINUE:
            units = self.counter_attackers(s, h)
            if units and s.counter == COUNTERED:
                s.commissar = -1            # 7.2.1 b: a second time in one battle, he leaves the map
            elif units and s.battling:      # the battle's own steps first (_battle)
                s.counter_due = units
                return None
            elif units:
                return self._counter_attack(s, h, units)
        self._commissar_check(s)            # 7.1.4
        if h >= 0 and s.stage != CONTINUE and self.phase_kind[s.phase] == COMBAT:
            att = self.phase_actor(s)
            for side in (att, 1 - att):
                if self.continuation_cost(s, side, h):
                    s.stage, s.actor, s.adv = CONTINUE, side, ()
                    return
        self._blitzkrieg(s)

    def _blitzkrieg(self, s: StbState) -> None:
        """11.10.1 (Blitzkrieg): each space with enemy units that armour advanced into after the
        combat (lowest first) is offered as a battle continued there, the attacker choosing
        first, then the defender, on the conditions of 11.10.2 and 11.10.4; then the next
        battle is picked."""
        if self.phase_kind[s.phase] == COMBAT:
            att = self.phase_actor(s)
            while s.blitz:
                low = s.blitz & -s.blitz
                s.blitz ^= low
                b = low.bit_length() - 1
                for side in (att, 1 - att):
                    if self.continuation_cost(s, side, b):
                        s.target, s.stage, s.actor, s.adv = b, CONTINUE, side, ()
                        return
        s.blitz = 0
        StandardGame._to_pick(self, s)

    def _continue(self, s: StbState, go_on: bool) -> None:
        """11.10.3-11.10.6: who goes on pays his units' OPs and the battle is fought anew by all
        the attacker's units in the space (the defender may commit new reserves); a halt by
        the attacker leaves the choice to the defender, a halt by both goes on to the
        Blitzkrieg's spaces (11.10.1)."""
        side, att, h = s.actor, self.phase_actor(s), s.target
        if not go_on:
            if side == att and self.continuation_cost(s, 1 - att, h):
                s.actor = 1 - att
                return
            return self._blitzkrieg(s)
        cost = self.continuation_cost(s, side, h)
        s.ops[side] -= cost
        s.spent[side] += cost
        s.attackers = sum(1 << p for p in self.stack(s, h) if self.p_side[p] == att and not self.p_truck[p])  # 11.1.5
        s.stage, s.actor, s.by = ATTACKERS, att, s.read_by
        self._roll(s)
