"""The board of a content model's ``map:`` (:class:`genkit.model.schema_map.Map`, read by its
fields only: this package imports nothing of the model). A ``grid`` gives a generated layout;
no grid, the listed ``sheets``, ``spaces`` and ``connections`` give a drawn board. On a grid,
``map.spaces`` entries set a cell's kind, name, owner or terrain, or add a space (a box beside
the grid), and ``map.connections`` set the kind of two touching cells' connection or add one."""
from __future__ import annotations

from dataclasses import replace

from .. import hexes
from .board import Board, BoardError
from .layouts import box_outline, column_letters, drawn_board, hex_board, octagon_board, polygon_centre, square_board
from .records import Connection, Sheet, Space


_KEPT: dict = {}


def kept_board_of_map(m) -> Board:
    """:func:`board_of_map` of map model ``m``, built once per model object: the checks and the
    kit of one build read the same board (a model is frozen; a board is read, never changed,
    by whoever shares it). Raises as :func:`board_of_map` does (a board not built is not kept)."""
    hit = _KEPT.get(id(m))
    if hit is None or hit[0] is not m:
        if len(_KEPT) > 8:
            _KEPT.clear()
        hit = _KEPT[id(m)] = (m, board_of_map(m))
    return hit[1]


def board_of_map(m) -> Board:
    """The :class:`Board` of map model ``m``. BoardError on a board that cannot be built (the
    model's checks say where, with file and line, before anything asks for the board)."""
    terrain_of_code = {t.code: t.id for t in m.terrain}
    first_terrain = m.terrain[0].id
    g = m.grid
    if g is None:
        return _drawn(m, first_terrain)
    terrain: dict = {}
    if g.kind == "octagon":
        for r, row in enumerate(m.rows, start=1):
            for c, code in enumerate(row, start=1):
                if c <= g.columns and r <= g.rows:
                    terrain[f"{column_letters(2 * c - 1)}{r}"] = terrain_of_code.get(code, "")
        for r in range(1, g.rows):
            row = g.diamond_rows[r - 1] if r - 1 < len(g.diamond_rows) else ""
            for c in range(1, g.columns):
                code = row[c - 1] if c - 1 < len(row) else None
                terrain[f"{column_letters(2 * c)}{r}"] = terrain_of_code.get(code, first_terrain) if code else first_terrain
        board = octagon_board(g.columns, g.rows, g.size_in, terrain)
    else:
        for r, row in enumerate(m.rows, start=1):
            for c, code in enumerate(row, start=1):
                if c <= g.columns and r <= g.rows:
                    terrain[hexes.format_hex_id(c, r)] = terrain_of_code.get(code, "")
        if g.kind == "square":
            board = square_board(g.columns, g.rows, g.size_in, g.diagonals, terrain=terrain)
        else:
            board = hex_board(g.columns, g.rows, g.orientation, g.shift, g.hex_size_in, terrain=terrain)
    owners = {p.hex: p.side for p in m.places if p.side}
    if not (owners or m.spaces or m.connections):
        return board
    return _amended(board, m, owners, first_terrain)


def _amended(board: Board, m, owners: dict, first_terrain: str) -> Board:
    """``board`` with the owners of places, the ``map.spaces`` and ``map.connections`` applied:
    a new connection takes a slot after the grid's directions (every space gets the same count)."""
    entries = {e.id: e for e in m.spaces}
    sheets = list(board.sheets) + [Sheet(s.id, s.name, s.width_in, s.height_in) for s in m.sheets
                                   if s.id != "map"]
    spaces = []
    for s in board.spaces:
        e = entries.get(s.id)
        owner = owners.get(s.id, s.owner)
        if e is None:
            spaces.append(s if owner == s.owner else replace(s, owner=owner))
        else:
            spaces.append(replace(s, kind=e.kind or s.kind, name=e.name or s.name, terrain=e.terrain or s.terrain,
                                   owner=e.owner or owner))
    for e in m.spaces:
        if e.id not in board:
            spaces.append(_space_of(e, sheets[0].id, first_terrain))
    index = {s.id: i for i, s in enumerate(spaces)}
    conns = list(board.connections)
    where = {frozenset((c.a, c.b)): k for k, c in enumerate(conns)}
    extra = []
    for e in m.connections:
        key = frozenset((e.a, e.b))
        if key in where:
            conns[where[key]] = Connection(conns[where[key]].a, conns[where[key]].b, e.kind, _points(e.path))
        else:
            where[key] = len(conns)
            conns.append(Connection(e.a, e.b, e.kind, _points(e.path)))
            extra.append((e.a, e.b))
    slots = [list(row) for row in board.neighbours] + [[-1] * board.degree for _ in range(len(spaces) - board.n)]
    more = [[] for _ in spaces]
    for a, b in extra:
        if a not in index or b not in index:
            raise BoardError(f"connection {a!r}-{b!r}: no space {a if a not in index else b!r} on the board")
        more[index[a]].append(index[b])
        more[index[b]].append(index[a])
    width = max((len(x) for x in more), default=0)
    slots = [row + x + [-1] * (width - len(x)) for row, x in zip(slots, more)]
    return Board(board.layout, spaces, conns, sheets, slots=slots, grid=board.grid if len(spaces) == board.n else None,
                 geometry=board.geometry and all(len(s.outline) >= 3 for s in spaces),
                 distance_table=board.known_distances() if len(spaces) == board.n and not extra else None)


def _points(path) -> tuple:
    return tuple((float(p[0]), float(p[1])) for p in path)


def _space_of(e, default_sheet: str, first_terrain: str) -> Space:
    """The :class:`Space` of a ``map.spaces`` entry drawn by outline, box or point."""
    if e.outline:
        outline, shape = _points(e.outline), "polygon"
    elif e.box:
        outline, shape = box_outline(*e.box), "box"
    else:
        outline, shape = (), "point"
    if e.at is not None:
        centre = (float(e.at[0]), float(e.at[1]))
    elif outline:
        centre = polygon_centre(outline) if shape == "polygon" else (e.box[0] + e.box[2] / 2, e.box[1] + e.box[3] / 2)
    else:
        centre = None
    label = (float(e.label[0]), float(e.label[1])) if e.label is not None else centre
    return Space(e.id, e.kind or "area", name=e.name, terrain=e.terrain or first_terrain, owner=e.owner,
                 sheet=e.sheet or default_sheet, centre=centre, outline=outline, label=label, shape=shape)


def _drawn(m, first_terrain: str) -> Board:
    sheets = [Sheet(s.id, s.name, s.width_in, s.height_in) for s in m.sheets] or [Sheet("map", "Map", 0.0, 0.0)]
    spaces = [_space_of(e, sheets[0].id, first_terrain) for e in m.spaces]
    owners = {p.hex: p.side for p in m.places if p.side}
    spaces = [replace(s, owner=s.owner or owners.get(s.id)) for s in spaces]
    conns = [Connection(e.a, e.b, e.kind, _points(e.path)) for e in m.connections]
    return drawn_board(sheets, spaces, conns)
