"""The exact line between two hex centres, for a game whose line of sight follows the segment
itself: which hexes the segment passes through (their inside) and which pairs of hexes it runs
between (along their common edge). Pure functions of the grid, in exact arithmetic.
(:func:`genkit.engine.sight.los_clear` reads the sampled lines of :meth:`HexGrid.los_lines`
instead, nudged to either side of the segment: near the exact rule, but from 4 hexes on a line
that only clips a hex, or runs along edges with blockers on both sides in turn, can differ.)

Hex centres and corners are taken in an affine frame where all of them have integer
coordinates (pointy grids: x in units of sqrt(3)/2, y in units of 1/2; flat grids the other way
round): an affine map keeps lines, insides and edges, so every test is exact."""
from __future__ import annotations

import math
from fractions import Fraction

from .hexes import offset_to_axial

# corners of the hex around (0, 0) in the integer frame, in order round the hex
_CORNERS = {"pointy": ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1)),
            "flat": ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))}


def centre(col: int, row: int, orientation: str, shift: str) -> tuple[int, int]:
    """The centre of hex (col, row) in the integer frame."""
    q, r = offset_to_axial(col, row, orientation, shift)
    return (2 * q + r, 3 * r) if orientation == "pointy" else (3 * q, q + 2 * r)


def _edges(c: tuple, orientation: str) -> list:
    """(corner, outward normal) of each edge of the hex centred on ``c``."""
    pts = [(c[0] + x, c[1] + y) for x, y in _CORNERS[orientation]]
    out = []
    for k in range(6):
        (x0, y0), (x1, y1) = pts[k], pts[(k + 1) % 6]
        nx, ny = y1 - y0, x0 - x1
        if (c[0] - x0) * nx + (c[1] - y0) * ny > 0:
            nx, ny = -nx, -ny
        out.append((x0, y0, nx, ny))
    return out


def crossing(a: tuple, b: tuple, c: tuple, orientation: str):
    """How segment ``a``-``b`` meets the hex centred on ``c``: None (not, or at one point only),
    ("inside", t0, t1) (through its inside) or ("edge", t0, t1) (along one of its edges), with
    the stretch of the segment, as fractions of its length."""
    t0, t1 = Fraction(0), Fraction(1)
    edges = _edges(c, orientation)
    for x0, y0, nx, ny in edges:
        num = (a[0] - x0) * nx + (a[1] - y0) * ny          # > 0: a outside this edge
        den = (b[0] - a[0]) * nx + (b[1] - a[1]) * ny
        if den == 0:
            if num > 0:
                return None
            continue
        t = Fraction(-num, den)
        if den < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t1 <= t0:
        return None
    tm = (t0 + t1) / 2
    m = (a[0] + tm * (b[0] - a[0]), a[1] + tm * (b[1] - a[1]))
    inside = all((m[0] - x0) * nx + (m[1] - y0) * ny < 0 for x0, y0, nx, ny in edges)
    return ("inside" if inside else "edge", t0, t1)


def centres(grid) -> list:
    """The centre of every hex of ``grid`` in the integer frame."""
    return [centre(*grid.col_row(h), grid.orientation, grid.shift) for h in range(grid.n)]


def sight_line(grid, i: int, j: int, cs: list | None = None) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The hexes (ends excluded, on the map) whose inside the line from the centre of ``i``
    to the centre of ``j`` crosses, and the pairs of hexes it runs between along their common
    edge (an edge of a hex with no neighbour on the map beside it is left out: nothing there
    can block). ``cs``: :func:`centres` of the grid, if at hand."""
    o = grid.orientation
    cs = cs or centres(grid)
    a, b = cs[i], cs[j]
    # a quick test in true lengths first: a hex whose centre is farther than its corners (1)
    # from the segment cannot meet it
    sx, sy = (math.sqrt(3) / 2, 0.5) if o == "pointy" else (0.5, math.sqrt(3) / 2)
    ax, ay, bx, by = a[0] * sx, a[1] * sy, b[0] * sx, b[1] * sy
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    inside, runs = [], {}
    for h in range(grid.n):
        if h in (i, j):
            continue
        c = cs[h]
        cx, cy = c[0] * sx, c[1] * sy
        t = min(1.0, max(0.0, ((cx - ax) * dx + (cy - ay) * dy) / length2))
        if math.hypot(ax + t * dx - cx, ay + t * dy - cy) > 1.0001:
            continue
        hit = crossing(a, b, c, o)
        if hit is None:
            continue
        if hit[0] == "inside":
            inside.append(h)
        else:
            runs.setdefault(hit[1:], []).append(h)
    pairs = tuple(tuple(hs) for hs in runs.values() if len(hs) == 2)
    return tuple(inside), pairs
