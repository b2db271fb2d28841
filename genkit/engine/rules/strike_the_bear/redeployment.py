"""Redeployment in the Strike the Bear system (docs/strike-the-bear-rules.md, 3.2): after the
weather, each side rolls on the redeployment table for how many units it may move; the higher
roll moves first (a tie is rolled again for the order). Every movement rule holds, and a unit
redeployed moves again in its movement phase. A mixin of :class:`~.rules.Game`."""
from __future__ import annotations

from ...chance import roll_die
from .state import StbState

REDEPLOYMENT = "redeployment"


class Redeployment:
    """The redeployment half of the system's :class:`~.rules.Game` (reads the game's tables)."""

    def _redeployment_rolls(self, s: StbState) -> None:
        """3.2.1: each side's roll on the table gives its units; the higher roll moves first."""
        table = self.tables[self.section.redeployment_table]
        rolls = []
        for side in range(self.nsides):
            r = table.roll(s, None, (), "redeployment")
            rolls.append(r.total)
            s.redeploy[side] = int(r.result)
        while rolls[0] == rolls[1]:
            rolls = [roll_die(s, 6, "redeployment order") for _ in range(self.nsides)]
        s.first = 0 if rolls[0] > rolls[1] else 1

    def phase_actor(self, s: StbState) -> int:
        """3.2.1: in the redeployment phase, the side that rolled higher acts first."""
        if self.phase_kind[s.phase] == REDEPLOYMENT:
            return s.first if s.sub == 0 else 1 - s.first
        return super().phase_actor(s)

    def _redeployers(self, s: StbState) -> list:
        """3.2.2: the moves of the movement phase, until the side has moved its units."""
        if s.nmoved >= s.redeploy[s.actor]:
            return [("end",)]
        return self._movers(s)
