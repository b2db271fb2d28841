"""8.0 movement: one unit per movement phase, zones of control, facing. A part of Bering
Land's :class:`~.rules.Game`."""
from __future__ import annotations

from ...board import side_masks
from ...movement import move_targets, reach_hexes, reach_nodes
from .state import PASS
from .state import BeringState as State

_MOVE_CACHE_MAX = 4_000      # entries of Game._move_cache (cleared when full: memory stays flat)


class Movement:
    """The movement phase's decisions and the movement search (mixed into ``Game``)."""

    def _read_movement(self) -> None:
        """The movement tables of one content (after the unit types and pieces are read)."""
        b = self.board
        # per piece: None (no movement points), () (facing unit) or, per hex, the neighbours
        # its type can afford to enter
        steps = {ma: tuple(tuple(j for j in b.adjacent[h] if b.cost[j] and b.cost[j] <= ma) for h in range(b.n))
                 for ma in set(self.t_ma) if ma > 0}
        self.p_step = [None if self.t_ma[t] <= 0 else (() if self.t_face[t] else steps[self.t_ma[t]])
                       for t in self.p_type]
        self.p_turns = [self.t_face[t] and self.t_turn[t] <= self.t_ma[t] for t in self.p_type]
        self._zoc_memo = (-1, b"")       # (ZOC mask, its bytes), one entry
        # (loc tuple, {piece * 6 + facing: move ends}, {per side: masks, entry costs, ZOC bytes})
        self._move_memo = ((), {}, {})
        # move ends by (type, side, node, own units near, enemy units near): see move_ends
        self._move_cache: dict = {}
        self.t_near = [b.within_mask(max(ma, 0)) for ma in self.t_ma]
        self.t_near1 = [b.within_mask(max(ma, 0) + 1) for ma in self.t_ma]

    def _movers(self, s: State) -> list:
        side = s.actor
        acts = [PASS]
        loc, stopped, turn, occ = s.loc, s.stopped, s.turn, s.occ
        p_step, p_turns = self.p_step, self.p_turns
        move = self.move_action
        for p in self.side_pieces[side]:
            h = loc[p]
            if h < 0 or stopped[p] == turn:
                continue
            step = p_step[p]
            if step is None:
                continue                      # no movement points
            if not step:
                ok = p_turns[p]               # facing unit: turning in place is a move (8.4)
            else:
                # cheap sufficient test: an empty neighbour the unit can afford to enter
                ok = False
                for j in step[h]:
                    if occ[j] < 0:
                        ok = True
                        break
            if not ok:
                ok = bool(self._dest_actions(s, p))
            if ok:
                acts.append(move[p])
        return acts

    def _zoc(self, s: State, side: int) -> bytes:
        """1 for every hex next to a unit of the other side (7.0).

        ``s`` may be a state or a player view (only ``loc`` is read). The bytes of
        the last mask asked for are remembered.
        """
        b = self.board
        adj_mask = b.adj_mask
        loc = s.loc
        m = 0
        for p in self.enemy_pieces[side]:
            h = loc[p]
            if h >= 0:
                m |= adj_mask[h]
        memo = self._zoc_memo
        if memo[0] == m:
            return memo[1]
        z = b.mask_bytes(m)
        self._zoc_memo = (m, z)
        return z

    def destinations(self, s: State, p: int) -> list:
        """Sorted (hex, facing) where piece ``p`` may end a move (8.0-8.4; engine.movement.move_targets)."""
        t = self.p_type[p]
        side = self.p_side[p]
        return move_targets(self.board, s.loc[p], s.facing[p], self.t_ma[t], s.occ, self.p_side, side,
                            self.t_pass[t], self.t_face[t], self.t_turn[t], self._zoc(s, side))

    def move_ends(self, s, p: int) -> list:
        """Where piece ``p`` may end a move: sorted hexes (a unit without facing, which keeps
        its facing) or sorted nodes ``hex * 6 + facing`` (a facing unit); the answers of
        :func:`genkit.engine.movement.reach_hexes` / :func:`~genkit.engine.movement.reach_nodes`. Read-only result.

        ``s`` may be a state or a player view. The answer depends only on the pieces'
        locations (which give the occupancy and the zones of control), the piece and its
        facing, so it is remembered per piece and facing for the last set of locations
        asked (the greedy bot's scoring and the rules' own destination list share it), and
        per unit type, side, start node and the pieces near the start in ``_move_cache``:
        the search reads the occupancy only within the unit's movement allowance of its
        hex, and the zones of control there (so the enemy units within one more hex).
        """
        loc = s.loc
        key = tuple(loc)
        memo = self._move_memo
        if memo[0] != key:
            memo = self._move_memo = (key, {}, {})
        f = s.facing[p]
        k = p * 6 + f
        hit = memo[1].get(k)
        if hit is not None:
            return hit
        side = self.p_side[p]
        per_side = memo[2]
        masks = per_side.get(side)
        if masks is None:
            # (own units, enemy units, enemy zones of control: the hexes next to an enemy, 7.0)
            board = self.board
            own, _, enemy, zoc = side_masks(loc, self.side_pieces[side], self.enemy_pieces[side], board.bit,
                                            board.adj_mask)
            masks = per_side[side] = (own, enemy, zoc)
        own, enemy, zoc = masks
        h = loc[p]
        t = self.p_type[p]
        face = self.t_face[t]
        gkey = (t, side, h * 6 + f if face else h, own & self.t_near[t][h], enemy & self.t_near1[t][h])
        cache = self._move_cache
        hit = cache.get(gkey)
        if hit is None:
            b = self.board
            passes = self.t_pass[t]
            if face:
                # each hex's entry cost for this unit, 0 where it may not step
                entry = per_side.get((side, passes))
                if entry is None:
                    entry = list(b.cost)
                    for w in (self.enemy_locs(loc, side) if passes else key):
                        if w >= 0:
                            entry[w] = 0
                    per_side[side, passes] = entry
                zb = per_side.get((side, "zoc"))
                if zb is None:
                    zb = per_side[side, "zoc"] = b.mask_bytes(zoc)
                hit = reach_nodes(b, h, f, self.t_ma[t], self.t_turn[t], entry, zb, s.occ)
            else:
                enter = b.passable_mask & ~(enemy if passes else own | enemy)
                hit = reach_hexes(b, h, self.t_ma[t], enter, zoc, ~(own | enemy))
            if len(cache) >= _MOVE_CACHE_MAX:
                cache.clear()
            cache[gkey] = hit
        memo[1][k] = hit
        return hit

    def clear_move_caches(self) -> None:
        """Forget every remembered movement search (:meth:`move_ends`)."""
        self._move_memo = ((), {}, {})
        self._move_cache.clear()

    def enemy_locs(self, loc, side: int) -> list:
        """The locations of the units not of ``side`` (off-map ones included)."""
        return [loc[q] for q in self.enemy_pieces[side]]

    def _dest_actions(self, s: State, p: int) -> tuple:
        """:meth:`destinations` as ("to", hex, facing) actions (shared tuples)."""
        to = self.board.to_action
        ends = self.move_ends(s, p)
        if self.t_face[self.p_type[p]]:
            return tuple([to[k] for k in ends])
        f = s.facing[p]
        return tuple([to[h * 6 + f] for h in ends])

    def _move(self, s: State, p: int, h: int, f: int) -> None:
        old = s.loc[p]
        s.occ[old] = -1
        s.occ[h] = p
        s.loc[p] = h
        s.facing[p] = f
        s.moved = p
        # 5.0: entering the enemy base wins at once (tested here first: this is the hot path)
        if h in self.victory.enemy_places[self.p_side[p]] and self._entered(s, p, h):
            return
        self._next_phase(s)
