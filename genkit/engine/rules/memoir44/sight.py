"""Line of sight (case 5.4) on the exact segment between hex centres
(:mod:`genkit.sightline`). A part of Memoir '44's :class:`~.rules.Game`."""
from __future__ import annotations

from ....sightline import centres, sight_line


class Sight:
    """Line of sight (mixed into ``Game``)."""

    def line_of_sight(self, i: int, j: int, occ: list) -> bool:
        """5.4: open from hex ``i`` to hex ``j`` unless a hex the line crosses holds a unit or
        blocking terrain (``blocks_los``), or the line runs along an edge whose two hexes both
        do. Adjacent hexes always see each other."""
        b = self.board
        if b._dist[i * b.n + j] <= 1:
            return True
        key = i * b.n + j
        line = self._sight.get(key)
        if line is None:
            if not self._sight:
                self._centres = centres(b.grid)
            line = self._sight[key] = sight_line(b.grid, i, j, self._centres)
        blocks = b.blocks
        inside, pairs = line
        for h in inside:
            if occ[h] >= 0 or blocks[h]:
                return False
        for h, k in pairs:
            if (occ[h] >= 0 or blocks[h]) and (occ[k] >= 0 or blocks[k]):
                return False
        return True
