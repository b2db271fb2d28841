"""Movement (cases 4.1-4.4): ordered units one at a time, each once, through empty hexes, with
the terrain's stops. A part of Memoir '44's :class:`~.rules.Game`."""
from __future__ import annotations

import heapq

from .state import DONE, S_MOVE_DEST, S_MOVE_UNIT
from .state import M44State as State


def reach(start: int, allowance: int, adjacent: tuple, enterable, stops, first_only) -> dict:
    """4.2-4.3: the hexes a unit at ``start`` can end its move in -> the fewest hexes it moves to
    get there (``start`` itself at 0). A pure function over per-hex flags: ``enterable[h]`` the
    unit may enter ``h`` (on the map, passable for its type, empty); ``stops[h]`` a unit moving in
    moves no further; ``first_only[h]`` ``h`` may be entered only as the move's first hex."""
    dist = {start: 0}
    frontier = [start]
    for step in range(1, allowance + 1):
        nxt = []
        for h in frontier:
            if h != start and stops[h]:
                continue
            for j in adjacent[h]:
                if j in dist or not enterable[j] or (first_only[j] and step > 1):
                    continue
                dist[j] = step
                nxt.append(j)
        frontier = nxt
    return dist


def reach_limited(start: int, allowance: int, adjacent: tuple, enterable, stops, first_only, limit, climb,
                  terrain, crossing: dict | None = None) -> dict:
    """4.2-4.3 with 4.5-4.6: :func:`reach` where ``limit[h]`` (0: none) caps the hexes of a move
    that starts in or enters ``h`` (a beach, the ocean), and entering ``h`` from a hex of another
    ``terrain`` counts ``climb[h]`` hexes (0: one; a steep hill). The cap depends on the path, so
    this searches (hex, cap) pairs, fewest hexes first; 8.7: ``crossing[(h, j)]`` the hexes a step
    from ``h`` to ``j`` across a cliff counts (0: barred). A pure function."""
    crossing = crossing or {}
    cap0 = min(allowance, limit[start]) if limit[start] else allowance
    best = {start: 0}
    seen = {(start, cap0): 0}
    heap = [(0, start, cap0)]
    while heap:
        used, h, cap = heapq.heappop(heap)
        if seen.get((h, cap), used) < used or (h != start and stops[h]):
            continue
        for j in adjacent[h]:
            if j == start or not enterable[j] or (first_only[j] and used > 0):
                continue
            across = crossing.get((h, j))
            if across == 0:
                continue
            step = used + (across or (climb[j] if climb[j] and terrain[h] != terrain[j] else 1))
            c = min(cap, limit[j]) if limit[j] else cap
            if step > c or seen.get((j, c), step + 1) <= step:
                continue
            seen[(j, c)] = step
            if step < best.get(j, step + 1):
                best[j] = step
            heapq.heappush(heap, (step, j, c))
    return best


class Movement:
    """The movement phase's decisions (mixed into ``Game``)."""

    def hex_flag(self, s, h: int, table_terrain: list, table_feature: list) -> bool:
        """A yes/no effect of hex ``h``: its terrain's, or its feature's while the feature stands."""
        f = s.feat[h]
        return table_terrain[h] or (f >= 0 and table_feature[f])

    def hex_tables(self, s, t: int) -> tuple[list, list, list]:
        """Per hex, for unit type ``t`` and the features standing in ``s``: whether the type may
        enter it when it is empty (4.1, 8.x: passable, not barred to the type by its terrain or
        feature), whether moving in ends the move, and whether it may be entered only as a
        move's first step. They change only as a feature is destroyed: kept per type and
        features standing (a game's few), not worked out hex by hex at every move."""
        feat = s.feat
        key = (t, tuple(feat))
        hit = self._hex_tables.get(key)
        if hit is None:
            n = self.board.n
            blocked_t, blocked_f = self.t_no_entry[t]
            open_to = [self.passable[h] and not blocked_t[h] and not (feat[h] >= 0 and blocked_f[feat[h]])
                       for h in range(n)]
            stops = [self.hex_flag(s, h, self.h_stop, self.f_stop) for h in range(n)]
            first = [self.hex_flag(s, h, self.h_first, self.f_first) for h in range(n)]
            if len(self._hex_tables) >= 256:
                self._hex_tables.clear()
            hit = self._hex_tables[key] = (open_to, stops, first)
        return hit

    def destinations(self, s, p: int) -> dict:
        """4.1-4.4: where ordered unit ``p`` may move -> hexes moved (the staying put included);
        3.11-3.14: the card in effect may add hexes or forbid moving."""
        t = self.p_type[p]
        tac = self.unit_tactic(s, p)
        allowance = 0 if tac.no_move else self.t_move[t] + tac.extra_move
        if self.p_air[p]:                               # 11.3: a plane flies over everything
            return self.flight(s, p, allowance)
        open_to, stops, first = self.hex_tables(s, t)
        enterable = [o < 0 and ok for o, ok in zip(s.occ, open_to)]
        if self.h_limit_any or self.t_crossing[t]:
            return reach_limited(s.loc[p], allowance, self.board.adjacent, enterable, stops, first, self.h_limit,
                                 self.h_climb, self.h_terrain, self.t_crossing[t])
        return reach(s.loc[p], allowance, self.board.adjacent, enterable, stops, first)

    def _mover_actions(self, s: State) -> list:
        """4.1: move an ordered unit that has not moved yet, or end the movement phase."""
        left = s.ordered & ~s.moved
        return [("move", p) for p in self.side_pieces[s.actor] if (left >> p) & 1 and s.loc[p] >= 0] + [DONE]

    def _choose_mover(self, s: State, a) -> None:
        if a == DONE:
            return self._next_phase(s)
        p = a[1]
        s.stage = S_MOVE_DEST
        s.pend = (p, tuple(sorted(self.destinations(s, p).items())))

    def move_and_battle(self, s, p: int) -> int:
        """4.4 / 3.14: the farthest ordered unit ``p`` may move and still battle this turn."""
        return self.t_move_battle[self.p_type[p]] + self.unit_tactic(s, p).extra_move_and_battle

    def _move(self, s: State, h: int) -> None:
        """4.1: the unit moves (or stays); 4.4: it may not battle when it moved farther than its
        type's ``move_and_battle`` (3.14: and the card's extra) or into a hex whose effect says
        ``no_battle_on_entry`` (10.2: unless its rule says ``battle_after_entering``); 10.8: a
        unit whose rule says ``close_assault_move`` may move that far and battle in close assault."""
        p, dests = s.pend
        n = dict(dests)[h]
        s.moved |= 1 << p
        s.mv[p] = n
        t = self.p_type[p]
        too_far = n > self.move_and_battle(s, p) and n > self.u_banzai[self.p_side[p]][t]
        if n and (too_far or (self.hex_flag(s, h, self.h_noentry, self.f_noentry) and not self.p_air[p]
                                                     and not self.u_enter_battle[self.p_side[p]][t])):
            s.nobattle |= 1 << p
        if n:
            self.relocate(s, p, h)
            f = s.feat[h]
            if f >= 0 and self.t_clears_entering[t][f] and not self.p_air[p]:      # 8.5: armour removes wire as it moves in
                self.clear_feature(s, p)
        s.stage = S_MOVE_UNIT
        s.pend = ()
        self._check_medals(s)
