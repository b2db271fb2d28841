"""Supply and lines of communication in the Strike the Bear system
(docs/strike-the-bear-rules.md, 11.5, 6.1.3): the rail net joined to a side's board edge, rail supply
beside it (11.5.3), trucks tracing to it overland (11.5.2), supply bought with OPs (11.5.4), the line a unit in an enemy-held space must keep
when it leaves (6.1.3). A
mixin of :class:`~.rules.Game`."""
from __future__ import annotations

from .state import StbState

#: 11.5.2: the overland spaces a truck traces to its rail line
TRUCK_REACH = 3


class Supply:
    """The supply half of the system's :class:`~.rules.Game` (reads the game's tables)."""

    def enemy_mask(self, s: StbState, side: int) -> int:
        """The spaces holding units of ``side``'s enemy."""
        enemy = 0
        for q in self.side_pieces[1 - side]:
            if s.loc[q] >= 0:
                enemy |= 1 << s.loc[q]
        return enemy

    def rail_net(self, s: StbState, side: int, converted: bool = True) -> int:
        """The rail spaces of ``side`` joined by rail to its board edge through spaces free of
        enemy units. The German net is converted as far as the railhead column (6.4.1: one
        column a turn from B); ``converted`` False: any rail line (6.1.3). A partisan cuts the
        line in his space (8.1.1)."""
        enemy = self.enemy_mask(s, side) | self.partisan_cut(s, side) | self.air_cut(s, side)   # 8.1.1, 9.2.1
        west = self.section.edges[self.side_ids[side]] == "A"
        head = self.railhead(s) if west and converted else 99     # columns A..: A=0, B=1 ... the converted reach
        key = ("rail", side, enemy, head)
        seen = self._traced.get(key)
        if seen is not None:
            return seen
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
        return self._remember(key, seen)

    def _remember(self, key, mask: int) -> int:
        """Keep a traced mask (it depends only on the key: side, enemy spaces, reach)."""
        if len(self._traced) > 4096:
            self._traced.clear()
        self._traced[key] = mask
        return mask

    def next_to(self, mask: int) -> int:
        """The spaces next to any space of ``mask`` (a bit mask of the board's spaces)."""
        adj, out = self.adj_mask, 0
        while mask:
            low = mask & -mask
            mask ^= low
            out |= adj[low.bit_length() - 1]
        return out

    def lines_mask(self, s: StbState, side: int) -> int:
        """6.1.3: the spaces with a line of communication for ``side``: joined through spaces
        free of enemy units to its rail net (any line joined to its edge) or its board edge, and
        the enemy-held spaces next to those (the line starts from them). Never over the sea."""
        enemy = self.enemy_mask(s, side)
        key = ("lines", side, enemy, self.partisan_cut(s, side) | self.air_cut(s, side))     # (rail_net reads them)
        found = self._traced.get(key)
        if found is not None:
            return found
        start = (self.rail_net(s, side, converted=False) | sum(1 << h for h in self.edge[side])) & ~enemy
        reached, todo = start, start
        while todo:
            todo = self.next_to(todo) & ~reached & ~enemy & self.land_mask
            reached |= todo
        return self._remember(key, reached | (self.next_to(reached) & enemy))

    def supplied_mask(self, s: StbState, side: int) -> int:
        """11.5.3: the spaces in rail supply of ``side``: its rail net and the spaces next to it."""
        seen = self.rail_net(s, side)
        return seen | self.next_to(seen)

    def truck_traces(self, s: StbState, truck: int) -> bool:
        """11.5.2: ``truck`` (not disrupted) reaches its side's rail net (:meth:`traces_from`)."""
        at = s.loc[truck]
        return at >= 0 and not s.reduced[truck] and self.traces_from(s, self.p_side[truck], at)

    def traces_from(self, s: StbState, side: int, at: int) -> bool:
        """11.5.2: a truck of ``side`` in ``at`` reaches its rail net in at most three spaces
        overland, through land spaces free of enemy units (its own space aside)."""
        net, enemy = self.rail_net(s, side), self.enemy_mask(s, side) | self.air_cut(s, side)    # 9.2.1
        reached = frontier = 1 << at
        for _ in range(TRUCK_REACH + 1):
            if reached & net:
                return True
            frontier = self.next_to(frontier) & ~reached & ~enemy & self.land_mask
            reached |= frontier
        return False

    def truck_supplied(self, s: StbState, side: int, h: int) -> bool:
        """11.5.2: a truck of ``side`` in or next to ``h`` that traces to its rail net."""
        near = self.adj_mask[h] | (1 << h)
        return any(s.loc[t] >= 0 and (near >> s.loc[t]) & 1 and self.truck_traces(s, t) for t in self.trucks[side])

    def supply_cost(self, s: StbState, pieces, h: int, side: int) -> int:
        """11.5.4: the OPs ``side`` pays to supply ``pieces`` fighting in ``h`` (0: in rail or
        truck supply). Leaders and trucks fight free (a leader's rating is for his recovery: a
        decision of ours). 9.2.4: the Luftwaffe supplying in ``h`` covers units of its side,
        the costliest first, as far as its stacking points go."""
        if (self.supplied_mask(s, side) >> h) & 1 or self.truck_supplied(s, side, h):
            return 0
        units = [p for p in pieces if not self.p_leader[p] and not self.p_truck[p]]
        room = self.air_supplied(s, h) if side == self.air_side else 0
        if room:
            cost = 0
            for p in sorted(units, key=lambda p: (-self.p_ops[p], p)):
                pts = self.t_stack[self.p_type[p]]
                if pts <= room:
                    room -= pts
                else:
                    cost += self.p_ops[p]
            return cost
        return sum(self.p_ops[p] for p in units)
