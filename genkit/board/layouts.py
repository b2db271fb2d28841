"""The layouts a board comes from: generated grids, whose spaces, adjacency and drawing come from
geometry (:func:`hex_board`, :func:`square_board`, :func:`octagon_board`), and drawn boards,
whose spaces and connections are listed (:func:`drawn_board`). Inches, y downwards, the grid's
bounding box at (0, 0) on its sheet."""
from __future__ import annotations

import math
from typing import Optional, Sequence

from .. import hexes
from .board import Board, BoardError
from .records import Connection, Sheet, Space

#: slot order of square and octagon grids: clockwise from north (y grows downwards)
COMPASS8 = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
COMPASS4 = ((0, -1), (1, 0), (0, 1), (-1, 0))

_R2 = math.sqrt(2.0)


def _grid_sheet(width: float, height: float, name: str = "Map") -> tuple[Sheet]:
    return (Sheet("map", name, width, height),)


def _cell_connections(ids: Sequence[str], slots) -> list[Connection]:
    """One ``land`` connection per pair of touching cells, in (lower index, slot) order."""
    out = []
    for i, row in enumerate(slots):
        for j in row:
            if j > i:
                out.append(Connection(ids[i], ids[j], "land"))
    return out


# ----------------------------------------------------------------- hex

def hex_board(columns: int, rows: int, orientation: str = "flat", shift: str = "even-down",
              size_in: float = 1.0, id_format: str = hexes.HEX_ID_FORMAT,
              terrain: Optional[dict] = None) -> Board:
    """A hex grid (:class:`genkit.hexes.HexGrid`, its indices, ids and distance table) as a board:
    spaces of kind ``hex``, slots in :data:`genkit.hexes.DIRECTIONS` order. ``terrain``: space id
    -> terrain id."""
    grid = hexes.HexGrid(columns, rows, orientation, shift, id_format)
    terrain = terrain or {}
    rad = size_in / math.sqrt(3.0)
    spaces = []
    for i in range(grid.n):
        c, r = grid.col_row(i)
        cx, cy = hexes.hex_center(c, r, orientation, shift, size_in)
        corners = tuple(hexes.hex_corners(cx, cy, orientation, size_in))
        label = (cx, cy - (0.36 * size_in if orientation == "flat" else 0.6 * rad))
        spaces.append(Space(grid.ids[i], "hex", terrain=terrain.get(grid.ids[i], ""), centre=(cx, cy),
                            outline=corners, label=label, shape="hex", cell=(c, r)))
    width, height = hexes.grid_extent(columns, rows, orientation, shift, size_in)
    return Board("hex", spaces, _cell_connections(grid.ids, grid.neighbours), _grid_sheet(width, height),
                 slots=grid.neighbours, grid=grid, geometry=True, distance_table=grid._dist)


# ----------------------------------------------------------------- square

def square_board(columns: int, rows: int, size_in: float = 1.0, diagonals: bool = False,
                 id_format: str = hexes.HEX_ID_FORMAT, terrain: Optional[dict] = None) -> Board:
    """A grid of squares ``size_in`` wide, ids like hex ids (``"0305"``: column 3, row 5),
    spaces of kind ``square``; slots N, E, S, W, or with ``diagonals`` the eight compass points
    clockwise from N (a diagonal step is one step: distance is then the larger of the column and
    row differences)."""
    if columns < 1 or rows < 1:
        raise BoardError(f"a grid needs at least 1 column and 1 row, got {columns}x{rows}")
    dirs = COMPASS8 if diagonals else COMPASS4
    terrain = terrain or {}
    cells = [(c, r) for c in range(1, columns + 1) for r in range(1, rows + 1)]
    at = {cr: i for i, cr in enumerate(cells)}
    ids = [id_format.format(col=c, row=r) for c, r in cells]
    slots = [tuple(at.get((c + dc, r + dr), -1) for dc, dr in dirs) for c, r in cells]
    spaces = []
    for (c, r), sid in zip(cells, ids):
        x0, y0 = (c - 1) * size_in, (r - 1) * size_in
        outline = ((x0, y0), (x0 + size_in, y0), (x0 + size_in, y0 + size_in), (x0, y0 + size_in))
        spaces.append(Space(sid, "square", terrain=terrain.get(sid, ""), centre=(x0 + size_in / 2, y0 + size_in / 2),
                            outline=outline, label=(x0 + size_in / 2, y0 + 0.15 * size_in), shape="square",
                            cell=(c, r)))
    return Board("square", spaces, _cell_connections(ids, slots),
                 _grid_sheet(columns * size_in, rows * size_in), slots=slots, geometry=True)


# ----------------------------------------------------------------- octagon and diamond

def column_letters(n: int) -> str:
    """Spreadsheet column letters of 1-based ``n``: 1 A, 26 Z, 27 AA."""
    out = ""
    while n > 0:
        n, k = divmod(n - 1, 26)
        out = chr(ord("A") + k) + out
    return out


def octagon_board(columns: int, rows: int, size_in: float = 1.0, terrain: Optional[dict] = None) -> Board:
    """Octagons ("oxes") in ``columns`` x ``rows``, ``size_in`` across the flats, and the small
    diamonds in the gaps where four oxes meet (the truncated-square tiling).

    Ids: letters run across oxes and diamonds alike: ox column c is letter 2c-1 (A, C, E ...),
    the diamonds between ox columns c and c+1 are letter 2c (B, D ...); an ox's number is its
    row, a diamond's is the ox row above it (diamond D7 sits between oxes C7, E7, C8 and E8).
    Oxes touch the oxes beside, above and below them across a side, and the (up to four)
    diamonds at their corners; a diamond touches its four oxes only. Slots: the eight compass
    points clockwise from N (a diamond uses NE, SE, SW, NW). Spaces of kinds ``ox`` and
    ``diamond``; distance counts connections crossed (ox to diagonal ox is 2, through a
    diamond or round a side)."""
    if columns < 1 or rows < 1:
        raise BoardError(f"a grid needs at least 1 column and 1 row, got {columns}x{rows}")
    terrain = terrain or {}
    s = size_in
    a = s / (1 + _R2)               # side of the octagon
    cut = a / _R2                   # how far each corner is cut back
    spaces, cells = [], []
    for c in range(1, columns + 1):
        for r in range(1, rows + 1):
            x0, y0 = (c - 1) * s, (r - 1) * s
            outline = ((x0 + cut, y0), (x0 + s - cut, y0), (x0 + s, y0 + cut), (x0 + s, y0 + s - cut),
                       (x0 + s - cut, y0 + s), (x0 + cut, y0 + s), (x0, y0 + s - cut), (x0, y0 + cut))
            sid = f"{column_letters(2 * c - 1)}{r}"
            cells.append(("ox", c, r))
            spaces.append(Space(sid, "ox", terrain=terrain.get(sid, ""), centre=(x0 + s / 2, y0 + s / 2),
                                outline=outline, label=(x0 + s / 2, y0 + 0.16 * s), shape="octagon",
                                cell=(2 * c - 1, r)))
    for c in range(1, columns):
        for r in range(1, rows):
            x, y = c * s, r * s
            outline = ((x, y - cut), (x + cut, y), (x, y + cut), (x - cut, y))
            sid = f"{column_letters(2 * c)}{r}"
            cells.append(("diamond", c, r))
            spaces.append(Space(sid, "diamond", terrain=terrain.get(sid, ""), centre=(x, y), outline=outline,
                                label=(x, y), shape="diamond", cell=(2 * c, r)))
    at = {cell: i for i, cell in enumerate(cells)}
    slots = []
    for kind, c, r in cells:
        row = []
        for d, (dc, dr) in enumerate(COMPASS8):
            if kind == "ox":
                if d % 2 == 0:
                    row.append(at.get(("ox", c + dc, r + dr), -1))
                else:   # the diamond at that corner: diamond (c', r') sits at the corner (c', r')
                    row.append(at.get(("diamond", c + (dc > 0) - 1, r + (dr > 0) - 1), -1))
            else:
                if d % 2 == 0:
                    row.append(-1)
                else:   # the ox whose corner this is, toward (dc, dr)
                    row.append(at.get(("ox", c + (dc > 0), r + (dr > 0)), -1))
        slots.append(tuple(row))
    ids = [sp.id for sp in spaces]
    return Board("octagon", spaces, _cell_connections(ids, slots),
                 _grid_sheet(columns * s, rows * s), slots=slots, geometry=True)


# ----------------------------------------------------------------- drawn boards

def drawn_board(sheets: Sequence[Sheet], spaces: Sequence[Space], connections: Sequence[Connection]) -> Board:
    """A board whose spaces and connections are listed (areas, sea zones, points, boxes, on one
    or several sheets): slots are the connections in the order listed; it has geometry (line of
    sight) only when every space has an outline."""
    return Board("drawn", spaces, connections, sheets)


def box_outline(x: float, y: float, w: float, h: float) -> tuple:
    """The four corners of a box with top-left ``(x, y)``, clockwise."""
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def polygon_centre(outline) -> tuple[float, float]:
    """Area centroid of a simple polygon (the mean of its corners if it has no area)."""
    area = cx = cy = 0.0
    m = len(outline)
    for k in range(m):
        (x1, y1), (x2, y2) = outline[k], outline[(k + 1) % m]
        cr = x1 * y2 - x2 * y1
        area += cr
        cx += (x1 + x2) * cr
        cy += (y1 + y2) * cr
    if abs(area) < 1e-12:
        return (sum(p[0] for p in outline) / m, sum(p[1] for p in outline) / m)
    return (cx / (3 * area), cy / (3 * area))
