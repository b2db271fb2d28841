"""Partisans in the Strike the Bear system (docs/strike-the-bear-rules.md, 8.0): at the start of
their side's movement a roll on the partisans table says whether one cuts a rail line, one
raids a truck, or both; their side places them. A mixin of :class:`~.rules.Game`.

Decisions: the partisans are placed anew each turn (8.1.4 lets them stay; placing them again
where they were is the same); the rail partisan cuts the enemy's converted rail net in a
space behind the front (not its board edge column, not a space its units alone held at the
start), and an enemy hunter unit (the garrison, 8.1.3) in that space cancels it."""
from __future__ import annotations

from ..standard.state import PICK
from .state import PARTISAN, StbState


class Partisans:
    """The partisans half of the system's :class:`~.rules.Game` (reads the game's tables)."""

    def _partisan_tables(self) -> None:
        sec, tids = self.section.partisans, self.type_ids
        #: 8.0: the side the partisans fight for (-1: none), the types that hunt them (8.1.3)
        self.partisan_side = self.side_ids.index(sec.side) if sec is not None else -1
        self.p_hunter = [int(sec is not None and tids[t] in sec.hunters) for t in self.p_type]
        # 8.1.1: never where the enemy alone stood at the start, nor on its board edge column
        if self.partisan_side >= 0:
            enemy = 1 - self.partisan_side
            held = {h for p, h in enumerate(self.p_setup) if h >= 0 and self.p_side[p] == enemy}
            held -= {h for p, h in enumerate(self.p_setup) if h >= 0 and self.p_side[p] != enemy}
            self.partisan_barred = sum(1 << h for h in held | set(self.edge[enemy]))
        else:
            self.partisan_barred = 0

    def partisan_cut(self, s: StbState, side: int) -> int:
        """The space whose rail line a partisan cuts for ``side`` (a bit mask; 0 none): 8.1.3,
        none while a hunter of ``side`` stands there."""
        h = s.partisan
        if h < 0 or side == self.partisan_side or side < 0:
            return 0
        if any(self.p_hunter[q] for q in self.stack(s, h)):
            return 0
        return 1 << h

    def _partisans_roll(self, s: StbState) -> None:
        """8.1.2: at the start of the partisans' side's movement, the roll; the rail partisan is
        placed first (a PARTISAN decision), then the truck raid; none: on with the phase."""
        s.partisan, s.raids = -1, 0
        cell = self.tables[self.section.partisans.table].roll(s, None, (), "partisans").result.lower()
        s.raids = int("rail" in cell) + 2 * int("truck" in cell)
        self._partisans_next(s)

    def _partisans_next(self, s: StbState) -> None:
        if s.raids & 1 and not self.partisan_actions(s):
            s.raids &= ~1
        if s.raids and self.partisan_actions(s):
            s.stage = PARTISAN
            return
        s.raids, s.stage = 0, PICK

    def partisan_actions(self, s: StbState) -> list:
        """("cut", space) for a rail partisan: an ox of the enemy's rail net not barred (8.1.1)
        and free of its hunters; ("raid", truck) for a truck partisan: a non-disrupted enemy
        truck without a hunter in its space."""
        enemy = 1 - self.partisan_side
        if s.raids & 1:
            net = self.rail_net(s, enemy) & ~self.partisan_barred
            return [("cut", h) for h in range(self.board.n) if (net >> h) & 1 and self.board.spaces.spaces[h].kind == "ox"
                    and not any(self.p_hunter[q] for q in self.stack(s, h))]
        return [("raid", t) for t in self.trucks[enemy] if s.loc[t] >= 0 and not s.reduced[t]
                and not any(self.p_hunter[q] for q in self.stack(s, s.loc[t]))]

    def _partisan_do(self, s: StbState, a) -> None:
        """8.1.1: the rail line of the space is cut; the truck is disrupted (8.1.5: until it
        recovers)."""
        if a[0] == "cut":
            s.partisan, s.raids = a[1], s.raids & ~1
        else:
            s.reduced[a[1]], s.raids = 1, s.raids & ~2
        self._partisans_next(s)
