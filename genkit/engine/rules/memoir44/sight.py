"""Line of sight (case 5.4) on the exact segment between hex centres
(:mod:`genkit.sightline`). A part of Memoir '44's :class:`~.rules.Game`."""
from __future__ import annotations

from ....sightline import centres, sight_line


class Sight:
    """Line of sight (mixed into ``Game``)."""

    def _read_sight(self, content, t_eff: list) -> None:
        """5.4: the contiguous groups of each terrain whose effect says ``see_across_from_same``
        (hills), once per game. ``los_group[h]``: the group of hex ``h``'s terrain it belongs to
        (-1: its terrain has no such groups); ``los_across[h]``: that group when the hex blocks
        sight by its terrain alone (a unit of the group sees across it), else -2 (a blocking
        feature on it, e.g. a bunker on a hill, still blocks)."""
        b = self.board
        n = b.n
        h_t = self.h_terrain
        terrain_blocks = {t.id: t.blocks_los for t in content.map.terrain}
        feature_blocks = bytearray(n)
        for f in content.map.features:
            for hid in f.hexes if f.blocks_los else ():
                feature_blocks[b.grid.index_of(hid)] = 1
        group = [-1] * n
        k = 0
        for h in range(n):
            if group[h] >= 0 or not t_eff[h_t[h]].see_across_from_same:
                continue
            group[h] = k
            todo = [h]
            while todo:
                x = todo.pop()
                for y in b.adjacent[x]:
                    if group[y] < 0 and h_t[y] == h_t[h]:
                        group[y] = k
                        todo.append(y)
            k += 1
        self.los_group = group
        self.los_across = [group[h] if group[h] >= 0 and terrain_blocks[b.terrain[h]] and not feature_blocks[h]
                           else -2 for h in range(n)]

    def line_of_sight(self, i: int, j: int, occ: list) -> bool:
        """5.4: open from hex ``i`` to hex ``j`` unless a hex the line crosses holds a unit or
        blocking terrain (``blocks_los``), or the line runs along an edge whose two hexes both
        do. Adjacent hexes always see each other. From a hex of a ``see_across_from_same``
        terrain, the hexes of its own contiguous group block only by the units on them."""
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
        g = self.los_group[i]
        if g < 0:
            for h in inside:
                if occ[h] >= 0 or blocks[h]:
                    return False
            for h, k in pairs:
                if (occ[h] >= 0 or blocks[h]) and (occ[k] >= 0 or blocks[k]):
                    return False
            return True
        across = self.los_across
        for h in inside:
            if occ[h] >= 0 or (blocks[h] and across[h] != g):
                return False
        for h, k in pairs:
            if (occ[h] >= 0 or (blocks[h] and across[h] != g)) and (occ[k] >= 0 or (blocks[k] and across[k] != g)):
                return False
        return True
