"""The :class:`Board`: spaces and connections indexed once, with the tables hot paths read.

Every space has an integer index ``0..n-1`` (the order the layout gives: column-major for grids,
the YAML's order for drawn boards). Each space has ``degree`` connection *slots*: on a grid a
slot is a direction (hex: :data:`genkit.hexes.DIRECTIONS`; square and octagon: N, E, S, W or
N, NE, E ... NW clockwise), on a drawn board the connections in the order they are listed.
``neighbours[i][d]`` is the space across slot ``d`` (-1 none) and ``slot_connection[i * degree
+ d]`` the index of its :class:`~.records.Connection` (-1 none): so an *edge* ``i * degree + d``
names one way across one connection, as the hex engine's ``hex * 6 + direction`` always did.
"""
from __future__ import annotations

from array import array
from collections import deque
from functools import cached_property
from typing import Optional, Sequence

from .records import Connection, Sheet, Space


class BoardError(ValueError):
    """A board that cannot be built (an unknown space in a connection, a duplicate id ...)."""


class Board:
    """One game's board: its :class:`Space` records, :class:`Connection` records and
    :class:`Sheet` records, indexed once (see the module docstring).

    ``layout``: ``"hex"``, ``"square"``, ``"octagon"`` or ``"drawn"``; ``geometry``: True where
    the layout has a geometry line of sight may be read from (every generated grid; a drawn
    board whose every space has an outline); ``grid``: the :class:`~genkit.hexes.HexGrid` of a
    hex layout (its facing and hexside maths), else None."""

    def __init__(self, layout: str, spaces: Sequence[Space], connections: Sequence[Connection],
                 sheets: Sequence[Sheet], slots: Optional[Sequence[Sequence[int]]] = None,
                 grid=None, geometry: Optional[bool] = None, distance_table: Optional[array] = None):
        self.layout = layout
        self.spaces: tuple[Space, ...] = tuple(spaces)
        self.connections: tuple[Connection, ...] = tuple(connections)
        self.sheets: tuple[Sheet, ...] = tuple(sheets)
        self.grid = grid
        self.n = n = len(self.spaces)
        self.ids: tuple[str, ...] = tuple(s.id for s in self.spaces)
        self._index = {sid: i for i, sid in enumerate(self.ids)}
        if len(self._index) != n:
            seen: set = set()
            dup = next(s for s in self.ids if s in seen or seen.add(s))
            raise BoardError(f"space id {dup!r} is used twice")
        sheet_ids = {s.id for s in self.sheets}
        for s in self.spaces:
            if s.sheet not in sheet_ids:
                raise BoardError(f"space {s.id!r} is on sheet {s.sheet!r}, which the board does not have "
                                 f"(sheets: {', '.join(sorted(sheet_ids))})")
        ends = []
        for c in self.connections:
            for end in (c.a, c.b):
                if end not in self._index:
                    raise BoardError(f"connection {c.a!r}-{c.b!r}: no space {end!r} on the board")
            if c.a == c.b:
                raise BoardError(f"connection {c.a!r}-{c.b!r} joins a space to itself")
            ends.append((self._index[c.a], self._index[c.b]))
        self._conn_of: dict = {}
        for k, (a, b) in enumerate(ends):
            if (a, b) in self._conn_of:
                raise BoardError(f"spaces {self.ids[a]!r} and {self.ids[b]!r} are connected twice")
            self._conn_of[(a, b)] = self._conn_of[(b, a)] = k
        if slots is None:                       # a drawn board: slots in the order listed
            per: list[list[int]] = [[] for _ in range(n)]
            for a, b in ends:
                per[a].append(b)
                per[b].append(a)
            width = max((len(p) for p in per), default=0)
            slots = [p + [-1] * (width - len(p)) for p in per]
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in slots)
        self.degree = d = len(self.neighbours[0]) if n else 0
        if any(len(row) != d for row in self.neighbours):
            raise BoardError("every space needs the same number of connection slots")
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in row if j >= 0)
                                                           for row in self.neighbours)
        for i, row in enumerate(self.adjacent):
            for j in row:
                if (i, j) not in self._conn_of:
                    raise BoardError(f"slot of {self.ids[i]!r} names {self.ids[j]!r} with no connection")
        #: per edge ``i * degree + d``: the index of the connection across it, -1 none
        self.slot_connection: tuple[int, ...] = tuple(
            self._conn_of[(i, j)] if j >= 0 else -1 for i, row in enumerate(self.neighbours) for j in row)
        #: the connection kinds, sorted; ``connection_kind_index[k]``: connection k's kind in it
        self.connection_kinds: tuple[str, ...] = tuple(sorted({c.kind for c in self.connections}))
        self.connection_kind_index = tuple(self.connection_kinds.index(c.kind) for c in self.connections)
        self.space_kinds: tuple[str, ...] = tuple(sorted({s.kind for s in self.spaces}))
        self.geometry = (all(len(s.outline) >= 3 for s in self.spaces) and n > 0) if geometry is None \
            else geometry
        if distance_table is not None:          # else counted on first use (_dist)
            self._dist = distance_table
        self._within: dict = {}
        self._sight: dict = {}

    # ------------------------------------------------------------------ look-ups

    def __len__(self) -> int:
        return self.n

    def __contains__(self, space_id: object) -> bool:
        return space_id in self._index

    def __repr__(self) -> str:
        return f"Board({self.layout!r}, {self.n} spaces, {len(self.connections)} connections)"

    def index_of(self, space_id: str) -> int:
        """Index of the space ``space_id``; KeyError naming the board if there is none."""
        try:
            return self._index[space_id]
        except KeyError:
            raise KeyError(f"no space {space_id!r} on this {self.layout} board") from None

    def id_of(self, i: int) -> str:
        return self.ids[i]

    def space(self, space_id: str) -> Space:
        return self.spaces[self.index_of(space_id)]

    def sheet(self, sheet_id: str) -> Sheet:
        return next(s for s in self.sheets if s.id == sheet_id)

    def spaces_on(self, sheet_id: str) -> tuple[Space, ...]:
        """The spaces drawn on sheet ``sheet_id``, in index order."""
        return tuple(s for s in self.spaces if s.sheet == sheet_id)

    def connection(self, i: int, j: int) -> Optional[Connection]:
        """The connection between spaces ``i`` and ``j``, None if they are not connected."""
        k = self._conn_of.get((i, j))
        return None if k is None else self.connections[k]

    def connection_index(self, i: int, j: int) -> int:
        """Index (into ``connections``) of the connection between ``i`` and ``j``, -1 none."""
        return self._conn_of.get((i, j), -1)

    def slot(self, i: int, j: int) -> Optional[int]:
        """The slot (direction) of ``i`` leading to ``j``; None if not connected."""
        row = self.neighbours[i]
        return row.index(j) if j >= 0 and j in row else None

    # ------------------------------------------------------------------ distance over connections

    @cached_property
    def _dist(self) -> array:
        """The flat table of :meth:`distance`: the one the layout gave (a hex grid's), else the
        hop table, counted the first time it is read. A board built only to be read for its
        spaces and connections (most checks, the map's drawing) never counts it: a breadth-first
        search from every space, 9 ms for Strike the Bear's 162 spaces."""
        return self._hop_table()

    def known_distances(self) -> Optional[array]:
        """The distance table if it was given or already counted, else None (counting it is
        left to whoever needs it)."""
        return self.__dict__.get("_dist")

    def _hop_table(self) -> array:
        """Steps (connections crossed) between every pair, -1 unreachable: BFS from each space."""
        n, adj = self.n, self.adjacent
        table = array("h", [-1]) * (n * n)
        for s in range(n):
            base = s * n
            table[base + s] = 0
            q = deque((s,))
            while q:
                h = q.popleft()
                dh = table[base + h] + 1
                for j in adj[h]:
                    if table[base + j] < 0:
                        table[base + j] = dh
                        q.append(j)
        return table

    def distance(self, i: int, j: int) -> int:
        """Steps from ``i`` to ``j`` (hex distance on a hex grid; connections crossed on every
        other board, every kind counted; -1 when no path joins them)."""
        return self._dist[i * self.n + j]

    def within(self, i: int, r: int) -> tuple[int, ...]:
        """Indices of the spaces at most ``r`` steps from ``i`` (``i`` included), ascending."""
        key = (i, r)
        hit = self._within.get(key)
        if hit is None:
            if self.grid is not None:
                hit = self.grid.within(i, r)
            else:
                row = self._dist[i * self.n:(i + 1) * self.n]
                hit = tuple(j for j, d in enumerate(row) if 0 <= d <= r)
            self._within[key] = hit
        return hit

    def connected(self, members: Optional[Sequence[int]] = None, kinds: Optional[set] = None) -> bool:
        """Are the spaces ``members`` (all, by default) joined by connections between members,
        of ``kinds`` only when given?"""
        keep = set(range(self.n)) if members is None else set(members)
        if not keep:
            return True
        start = min(keep)
        seen, q = {start}, deque((start,))
        while q:
            h = q.popleft()
            for d, j in enumerate(self.neighbours[h]):
                if j in keep and j not in seen:
                    if kinds is not None and self.connections[self.slot_connection[h * self.degree + d]].kind not in kinds:
                        continue
                    seen.add(j)
                    q.append(j)
        return seen == keep
