"""Combat in the Strike the Bear system (docs/strike-the-bear-rules.md, 11.0): supply by rail
and bought with OPs (11.5), the weather's shift (11.6), combined arms (11.7), command and leader
loss (11.8) and reserves committed by the defender's leader (11.8.2) and battles continued (11.10), over the standard
battle. A mixin of :class:`~.rules.Game`."""
from __future__ import annotations

from ...chance import roll_die
from ...crt import FORBIDDEN
from ..standard.rules import COMBAT
from ..standard.rules import Game as StandardGame
from ..standard.state import ATTACKERS, RETREAT
from .state import COMMIT, CONTINUE, StbState

FIGHT = ("fight",)
GO_ON, HALT = ("continue",), ("halt",)
#: 11.8.2: reserves a leader may try to bring into one battle
MOST_RESERVES = 2


class Battle:
    """The combat half of the system's :class:`~.rules.Game` (reads the game's tables)."""

    def supplied_mask(self, s: StbState, side: int) -> int:
        """11.5.3: the spaces in rail supply of ``side``: rail spaces joined by rail to its board
        edge through spaces free of enemy units, and the spaces next to them. The German rail
        net is converted as far as the railhead column (6.4.1: one column a turn from B)."""
        enemy = 0
        for q in self.side_pieces[1 - side]:
            if s.loc[q] >= 0:
                enemy |= 1 << s.loc[q]
        west = self.section.edges[self.side_ids[side]] == "A"
        head = 2 * s.turn if west else 99           # columns A..: A=0, B=1 ... the converted reach
        seen = 0
        todo = [h for h in self.edge[side] if not (enemy >> h) & 1 and self.rail[h]]
        for h in todo:
            seen |= 1 << h
        col, rail = self.column_of, self.rail
        while todo:
            h = todo.pop()
            for j in rail[h]:
                if not (seen >> j) & 1 and not (enemy >> j) & 1 and col[j] <= head:
                    seen |= 1 << j
                    todo.append(j)
        out, adj = seen, self.adj_mask
        m = seen
        while m:
            low = m & -m
            m ^= low
            out |= adj[low.bit_length() - 1]
        return out

    def supply_cost(self, s: StbState, pieces, h: int, side: int) -> int:
        """11.5.4: the OPs ``side`` pays to supply ``pieces`` fighting in ``h`` (0: in rail supply).
        Leaders fight free (their rating is for their recovery: a decision of ours)."""
        if (self.supplied_mask(s, side) >> h) & 1:
            return 0
        return sum(self.p_ops[p] for p in pieces if not self.p_leader[p])

    def in_command(self, s: StbState, side: int, h: int) -> bool:
        """11.8.1: a non-disrupted leader of ``side`` within one space of ``h`` (only in its own
        space when an enemy unit shares it)."""
        dist, loc = self.board.distance, s.loc
        for ldr in self.leaders[side]:
            at = loc[ldr]
            if at < 0 or s.reduced[ldr]:
                continue
            d = dist(at, h)
            if d == 0 or (d == 1 and not any(self.p_side[q] != side for q in self.stack(s, at))):
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
            units = [p for p in pieces if not self.p_leader[p]]
            if any(self.p_armour[p] for p in units) and any(not self.p_armour[p] for p in units):
                out.append(("combined_arms:" + self.side_ids[who], sign * sec.combined_arms_shift, 0))
            if units and not self.in_command(s, who, h):
                out.append(("out_of_command:" + self.side_ids[who], 0, -sign * sec.leaders.out_of_command_drm))
            if who == self.air_side and s.air > 0:
                out.append(("luftwaffe", sign * self.air_shift, 0))
        return out

    def _weather_row(self, s: StbState) -> int:
        """The lowest total of the weather table reading the state's weather."""
        wt = self.tables["weather"]
        return next(t for t in range(wt.low, wt.high + 1) if wt.read(t, "weather") == s.weather)

    def _battle(self, s: StbState) -> None:
        """11.5.4: each side pays the OPs of its units out of rail supply when it has them (the
        modifiers read the same); 9.2.3: a Luftwaffe unit joins the battle if one is left this
        turn; then the standard battle (11.9), and 11.8.3: a leader whose units are all gone
        rolls on the Leader Loss table."""
        h, side = s.target, s.actor
        atts = [p for p in self.side_pieces[side] if (s.attackers >> p) & 1]
        pay = []
        for who, pieces in ((side, atts), (1 - side, self.defenders(s, h))):
            cost = self.supply_cost(s, pieces, h, who)
            if cost and cost <= s.ops[who]:
                pay.append((who, cost))
        flies = s.air > 0 and self.air_side >= 0
        leaders = [p for p in self.stack(s, h) if self.p_leader[p]]
        StandardGame._battle(self, s)
        for who, cost in pay:
            s.ops[who] -= cost
            s.spent[who] += cost
        if flies:
            s.air -= 1
        if s.stage != RETREAT:
            for ldr in leaders:
                self._leader_loss(s, ldr, h)

    def _leader_loss(self, s: StbState, ldr: int, h: int) -> None:
        """11.8.3: when no unit of his side but leaders is left in ``h``, the leader rolls: he is
        eliminated, or relocates, disrupted, to the nearest ox holding units of his side (the lowest id among
        equals; none: eliminated)."""
        side = self.p_side[ldr]
        if any(self.p_side[q] == side and not self.p_leader[q] for q in self.stack(s, h)):
            return
        roll = self.tables["leader_loss"].roll(s, None, (), "leader loss").result
        dest = -1
        if not roll.startswith("eliminated"):
            best = None
            for q in self.side_pieces[side]:
                at = s.loc[q]
                if at >= 0 and at != h and not self.p_leader[q] and self.board.spaces.spaces[at].kind == "ox" \
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
                     if loc[p] >= 0 and (near >> loc[p]) & 1 and not self.p_leader[p]
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
        """11.8.2 d: the battle on the strengths now in the space (no battle when the reserves
        made it one the table forbids)."""
        s.stage, s.actor, s.chosen = ATTACKERS, self.phase_actor(s), -1
        h = s.target
        atts = [p for p in self.side_pieces[s.actor] if (s.attackers >> p) & 1]
        if self.crt.pick(self.attack_strength(s, atts), self.defence_strength(s, h)) == FORBIDDEN:
            s.done |= s.attackers
            s.hit |= 1 << h
            return self._to_pick(s)
        self._battle(s)

    # ------------------------------------------------------------------ 11.10 battle continuation

    def continuation_cost(self, s: StbState, side: int, h: int) -> int:
        """11.10.2, 11.10.4: the OPs ``side`` pays to fight the battle in ``h`` again (its units
        there); 0 when it may not: a side without units there, no non-disrupted leader of its
        own in or next to ``h``, or too few OPs."""
        units, enemy = [], False
        for p in self.stack(s, h):
            if not self.p_leader[p]:
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

    def _to_pick(self, s: StbState) -> None:
        """After a battle, 11.10.1: the attacker, then the defender, may choose to fight it again."""
        h = s.target
        if h >= 0 and s.stage != CONTINUE and self.phase_kind[s.phase] == COMBAT:
            att = self.phase_actor(s)
            for side in (att, 1 - att):
                if self.continuation_cost(s, side, h):
                    s.stage, s.actor, s.adv = CONTINUE, side, ()
                    return
        StandardGame._to_pick(self, s)

    def _continue(self, s: StbState, go_on: bool) -> None:
        """11.10.3-11.10.6: who goes on pays his units' OPs and the battle is fought anew by all
        the attacker's units in the space (the defender may commit new reserves); a halt by
        the attacker leaves the choice to the defender."""
        side, att, h = s.actor, self.phase_actor(s), s.target
        if not go_on:
            if side == att and self.continuation_cost(s, 1 - att, h):
                s.actor = 1 - att
                return
            return StandardGame._to_pick(self, s)
        cost = self.continuation_cost(s, side, h)
        s.ops[side] -= cost
        s.spent[side] += cost
        s.attackers = sum(1 << p for p in self.stack(s, h) if self.p_side[p] == att)
        s.stage, s.actor = ATTACKERS, att
        self._roll(s)
