"""The board of a game, built once per content and shared by every state: the spaces and
connections of :mod:`genkit.board` (a hex grid, a square or octagon grid, a drawn board), terrain
costs and line-of-sight blocks as arrays over integer space indices, with the tables the hot
paths read (bit masks of neighbours, per-node move tables for facing units on hexes, shared
``("to", hex, facing)`` / ``("at", hex)`` action tuples); and the two questions every game and
its bots ask of a position on it: each side's zones of control (:func:`side_masks`) and the
cost from every space to a target (:func:`costs_to`).

Slots: each space has ``degree`` connection slots (on hexes the six directions of
:mod:`genkit.hexes`), so an *edge* ``space * degree + slot`` names one way across one connection.
"""
from __future__ import annotations

import heapq
import math
from array import array

from ..board import board_of_map
from ..hexes import DIRECTIONS, HexGrid

_NEARER_MOST = 1000     # spaces: past this, within_mask reads within() radius by radius (the table
                        # holds n masks of n bits per distance: ~6 MB at 1000 spaces 50 steps across)
IMPASSABLE = 0          # Board.cost value of a hex no unit may enter
UNREACHABLE = 32767     # Board.distance between spaces no connections join

_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_SQ3 = math.sqrt(3.0)


class Board:
    """Per-content geometry and terrain, built once and shared by all states.

    ``spaces``: the :class:`genkit.board.Board` (records, connections, sheets); ``grid``: what
    turns space ids into indices and back (``index_of``, ``id_of``): the
    :class:`~genkit.hexes.HexGrid` on a hex map (its facing and hexside maths too), else the
    board itself; ``is_hex``: the map is a hex grid."""

    def __init__(self, content):
        m = content.map
        self.spaces = sb = board_of_map(m)
        self.is_hex = isinstance(sb.grid, HexGrid)
        self.grid = grid = sb.grid if self.is_hex else sb
        self.n = n = sb.n
        self.degree = deg = sb.degree
        self.neighbours = sb.neighbours             # degree-tuples, -1 no connection
        self.adjacent = sb.adjacent
        if self.is_hex:
            self._dist = sb._dist                   # flat distance table (read-only use)
        else:                                       # no path: further than any range
            self._dist = array("h", (UNREACHABLE if d < 0 else d for d in sb._dist))
        by_id = {t.id: t for t in m.terrain}
        self.cost = [IMPASSABLE] * n
        self.blocks = bytearray(n)
        self.terrain = [""] * n
        for i, sp in enumerate(sb.spaces):
            t = by_id.get(sp.terrain)
            if t is None:
                continue
            self.cost[i] = t.move_cost if t.move_cost is not None else IMPASSABLE
            self.blocks[i] = 1 if t.blocks_los else 0
            self.terrain[i] = t.id
        for f in m.features:                        # a feature that blocks sight, on any terrain
            for h in f.hexes if f.blocks_los else ():
                self.blocks[grid.index_of(h)] = 1
        # map.lines run along a column on flat grids, a row on pointy ones: each hex's coordinate across them
        if self.is_hex:
            along = 0 if m.grid.orientation == "flat" else 1
            self.line_coord = [grid.col_row(i)[along] for i in range(n)]
        else:
            self.line_coord = [sp.cell[0] if sp.cell else 0 for sp in sb.spaces]
        # (hex, facing) nodes for facing units (hex maps): node = hex * 6 + facing
        nf = n * 6 if self.is_hex else 0
        self.node_hex = [k // 6 for k in range(nf)]
        self.node_fwd = [(self.neighbours[k // 6][k % 6] * 6 + k % 6) if self.neighbours[k // 6][k % 6] >= 0
                         else -1 for k in range(nf)]
        self.node_left = [(k // 6) * 6 + (k % 6 + 5) % 6 for k in range(nf)]
        self.node_right = [(k // 6) * 6 + (k % 6 + 1) % 6 for k in range(nf)]
        self._areas: dict = {}
        # ---- precomputed tables for the hot paths (bit masks over hex indices, shared tuples)
        self.bit = tuple(1 << h for h in range(n))
        self.adj_mask = tuple(sum(1 << j for j in self.adjacent[h]) for h in range(n))
        self.passable_mask = sum(1 << h for h in range(n) if self.cost[h] != IMPASSABLE)
        # per node (hex * 6 + facing): (forward node or -1, its hex or -1, left node, right node)
        self.node_moves = tuple((self.node_fwd[k], self.node_hex[self.node_fwd[k]] if self.node_fwd[k] >= 0 else -1,
                                 self.node_left[k], self.node_right[k]) for k in range(nf))
        # shared action tuples: ("to", hex, facing) per node and ("at", hex) per hex
        self.to_action = tuple(("to", k // 6, k % 6) for k in range(nf))
        self.at_action = tuple(("at", h) for h in range(n))
        self._within_masks: dict = {}
        self._near = None               # per space, per distance: the spaces that near (within_mask)
        self._bits_fmt = "0%db" % n
        # (cost, mask of the hexes with that entry cost) for every positive cost, ascending
        self.cost_masks = tuple((c, sum(1 << h for h in range(n) if self.cost[h] == c))
                                for c in sorted(set(self.cost) - {IMPASSABLE}))

    def id_of(self, i: int) -> str:
        """The printed id of space ``i``."""
        return self.spaces.ids[i]

    def index_of(self, space_id: str) -> int:
        """The index of the space ``space_id`` (KeyError if the board has none)."""
        return self.grid.index_of(space_id)

    def mask_bytes(self, mask: int) -> bytes:
        """A bit mask over hex indices as one byte (0/1) per hex."""
        return format(mask, self._bits_fmt)[::-1].encode().translate(_BIT_BYTES)

    def within_mask(self, r: int) -> tuple:
        """Per hex: bit mask of the hexes at distance <= ``r`` (itself included): those
        :meth:`within` lists, read off the distance table (every radius from one pass over it)."""
        hit = self._within_masks.get(r)
        if hit is None:
            if r < 0 or self.n > _NEARER_MOST:
                hit = tuple(sum(1 << j for j in self.within(h, r)) for h in range(self.n))
            else:
                hit = tuple(near[r] if r < len(near) else near[-1] for near in self._nearer())
            self._within_masks[r] = hit
        return hit

    def _nearer(self) -> list:
        """Per space ``i``, per distance ``d`` from 0 to the farthest: the mask of the spaces
        at most ``d`` steps away (``d`` >= 0 in the board's distance table: what :meth:`within`
        lists; a space no path reaches is in none)."""
        if self._near is None:
            dist, n = self.spaces._dist, self.n
            self._near = []
            for i in range(n):
                row = dist[i * n:(i + 1) * n]
                ring = [0] * (max(row) + 1)
                for j, d in enumerate(row):
                    if d >= 0:
                        ring[d] |= 1 << j
                near, acc = [], 0
                for m in ring:
                    acc |= m
                    near.append(acc)
                self._near.append(near)
        return self._near

    def distance(self, i: int, j: int) -> int:
        return self._dist[i * self.n + j]

    def within(self, i: int, r: int) -> tuple:
        return self.spaces.within(i, r)

    def facing_toward(self, a: int, b: int) -> int:
        """The direction (0..5) from hex ``a`` closest in angle to hex ``b`` (ties: lowest index)."""
        qa, ra = self.grid.axial(a)
        qb, rb = self.grid.axial(b)
        dq, dr = qb - qa, rb - ra
        # Angles between axial vectors do not depend on the orientation, so one
        # (flat-top) embedding serves both.
        x, y = 1.5 * dq, _SQ3 * (dr + dq / 2)
        best, best_dot = 0, None
        for d, (vq, vr) in enumerate(DIRECTIONS):
            dot = x * 1.5 * vq + y * _SQ3 * (vr + vq / 2)
            if best_dot is None or dot > best_dot + 1e-9:
                best, best_dot = d, dot
        return best

    def line_from(self, start: int, d: int, size: int) -> tuple | None:
        """``size`` hexes in a straight line in direction ``d``, beginning next to ``start``.

        None if the line leaves the map.
        """
        out = []
        h = start
        nb = self.neighbours
        for _ in range(size):
            h = nb[h][d]
            if h < 0:
                return None
            out.append(h)
        return tuple(out)

    def areas(self, center: int, size: int) -> tuple:
        """Every set of ``size`` connected hexes, at least one next to ``center``, ``center`` excluded.

        Sorted tuples of hex indices, in sorted order; cached per (center, size).
        """
        key = (center, size)
        hit = self._areas.get(key)
        if hit is not None:
            return hit
        adj = self.adjacent
        frontier = {frozenset((h,)) for h in adj[center]}
        for _ in range(size - 1):
            nxt = set()
            for s in frontier:
                for h in s:
                    for j in adj[h]:
                        if j != center and j not in s:
                            nxt.add(s | {j})
            frontier = nxt
        hit = self._areas[key] = tuple(sorted(tuple(sorted(s)) for s in frontier)) if size > 0 else ()
        return hit


def side_masks(loc: list, own_pieces, enemy_pieces, bit, controls) -> tuple:
    """A side's view of the board as hex bit masks: (the hexes of its units, the hexes its
    units share with another of its units, the hexes of the enemy units, the enemy's zones of
    control). ``loc``: where each piece is (pieces off the map, < 0, count nowhere); ``bit[h]``:
    the mask of hex ``h``; ``controls[h]``: the hexes a unit on ``h`` controls (the six around
    it, or fewer where a hexside blocks)."""
    own = stacked = enemy = zoc = 0
    for p in own_pieces:
        h = loc[p]
        if h >= 0:
            b = bit[h]
            if own & b:
                stacked |= b
            own |= b
    for p in enemy_pieces:
        h = loc[p]
        if h >= 0:
            enemy |= bit[h]
            zoc |= controls[h]
    return own, stacked, enemy, zoc


def costs_to(target: int, adjacent, step, unreached: int) -> list:
    """The cheapest movement cost from every hex to ``target`` on the empty board (Dijkstra
    run backwards from the target): ``adjacent[h]`` the hexes next to ``h``; ``step(j, h)``
    the cost of stepping from ``j`` into its neighbour ``h``, None where no unit may;
    ``unreached`` the cost of a hex that cannot reach the target."""
    best = [unreached] * len(adjacent)
    best[target] = 0
    heap = [(0, target)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > best[h]:
            continue
        for j in adjacent[h]:
            c = step(j, h)
            if c is None:
                continue
            nd = d + c
            if nd < best[j]:
                best[j] = nd
                heapq.heappush(heap, (nd, j))
    return best
