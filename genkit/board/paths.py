"""Paths over a board's connections with costs: the cheapest cost from one space to every other
(:func:`costs_from`) and the cheapest path between two (:func:`cheapest_path`). ``step(i, j,
connection)`` is the cost of passing from space ``i`` into its neighbour ``j`` across
``connection`` (None: that step is not allowed); the default counts 1 a connection."""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable, Optional

from .board import Board
from .records import Connection

Step = Callable[[int, int, Connection], Optional[float]]


def _one(i: int, j: int, c: Connection) -> float:
    return 1


@dataclass(frozen=True)
class Path:
    """A path: the spaces in order (start and end included) and what it costs."""
    spaces: tuple[int, ...]
    cost: float


def _steps(board: Board, h: int, step: Step):
    """(neighbour, cost) of every step out of space ``h`` that ``step`` allows."""
    sc, conns, deg = board.slot_connection, board.connections, board.degree
    for slot, j in enumerate(board.neighbours[h]):
        if j >= 0:
            c = step(h, j, conns[sc[h * deg + slot]])
            if c is not None:
                yield j, c


def costs_from(board: Board, start: int, step: Step = _one, limit: Optional[float] = None) -> dict:
    """Space index -> cheapest cost from ``start`` (Dijkstra; ties settle by index), only the
    spaces reached (within ``limit`` when given); ``start`` costs 0."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > best[h]:
            continue
        for j, c in _steps(board, h, step):
            nd = d + c
            if (limit is None or nd <= limit) and nd < best.get(j, nd + 1):
                best[j] = nd
                heapq.heappush(heap, (nd, j))
    return best


def cheapest_path(board: Board, start: int, end: int, step: Step = _one) -> Optional[Path]:
    """The cheapest path from ``start`` to ``end`` (among equal ones, the one through the lowest
    indices first), None when none exists."""
    best = {start: 0}
    came: dict = {}
    heap = [(0, start)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > best[h]:
            continue
        if h == end:
            out = [end]
            while out[-1] != start:
                out.append(came[out[-1]])
            return Path(tuple(reversed(out)), d)
        for j, c in _steps(board, h, step):
            nd = d + c
            if nd < best.get(j, nd + 1):
                best[j] = nd
                came[j] = h
                heapq.heappush(heap, (nd, j))
    return None
