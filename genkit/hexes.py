"""Hex-grid maths shared by the map renderer, the rules engine and the content checker.

Coordinates
-----------
* Axial ``(q, r)`` plain tuples for all geometry; the implied cube coordinate is
  ``s = -q - r``. On screen (y grows downwards) ``+q`` steps to the lower-right
  (flat-top) or right (pointy-top) and ``+r`` steps straight down (flat-top) or
  to the lower-right (pointy-top).
* Offset ``(col, row)``, 1-based, for printed hex ids such as ``"0305"``
  (column 3, row 5). ``shift`` names which 1-based columns (flat-top) or rows
  (pointy-top) sit half a hex lower / further right:
  ``"even-down"`` (wargame convention: column 01 high, 02 low), ``"odd-down"``,
  ``"even-right"``, ``"odd-right"``.

Directions and facings
----------------------
``DIRECTIONS[d]`` for ``d = 0..5`` runs clockwise on screen. Flat-top:
0 up, 1 upper-right, 2 lower-right, 3 down, 4 lower-left, 5 upper-left.
Pointy-top (same vectors): 0 upper-left, 1 upper-right, 2 right,
3 lower-right, 4 lower-left, 5 left. A unit's facing uses the same numbers.

Pixels
------
Inches, y downwards, ``size_in`` = distance across the flats. The grid's
bounding box has its top-left corner at ``(0, 0)``: unshifted columns (rows)
touch the top (left) edge, shifted ones sit half a hex further in. With the
usual ``even-down`` / ``even-right`` shift that puts hex 0101's bounding box at
``(0, 0)``.
"""
from __future__ import annotations

import math
from array import array
from typing import Optional

Hex = tuple[int, int]

# ----------------------------------------------------------------- directions

DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_DIRECTION_INDEX = {v: d for d, v in enumerate(DIRECTIONS)}

ORIENTATIONS = ("flat", "pointy")
SHIFTS = {"flat": ("even-down", "odd-down"), "pointy": ("even-right", "odd-right")}
HEX_ID_FORMAT = "{col:02d}{row:02d}"

# Nudge applied to both line endpoints in cube space (q, r, s; sums to 0 so the
# point stays on the q+r+s=0 plane). The three components differ so that no
# two coordinates of a half-way tie are pushed the same way: whichever pair of
# coordinates ties, +EPS and -EPS round it to the two different hexes.
_EPS = (1e-6, 2e-6, -3e-6)

_SQRT3 = math.sqrt(3.0)


def neighbour(h: Hex, d: int) -> Hex:
    """The hex next to ``h`` in direction ``d`` (0..5)."""
    dq, dr = DIRECTIONS[d]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h``, in ``DIRECTIONS`` order."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def direction_between(a: Hex, b: Hex) -> Optional[int]:
    """Direction index from ``a`` to adjacent ``b``; None if not adjacent."""
    return _DIRECTION_INDEX.get((b[0] - a[0], b[1] - a[1]))


def turn_cost(facing_a: int, facing_b: int) -> int:
    """Number of 60-degree turns (0..3) between two facings, either way round."""
    d = (facing_b - facing_a) % 6
    return min(d, 6 - d)


def distance(a: Hex, b: Hex) -> int:
    """Hex distance (number of steps) between axial hexes ``a`` and ``b``."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``center`` (6*radius of them; radius 0 gives [center]).

    Starts at ``radius`` steps in direction 0 and walks clockwise.
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    q = center[0] + DIRECTIONS[0][0] * radius
    r = center[1] + DIRECTIONS[0][1] * radius
    out = []
    # From the direction-0 corner of the ring, side k runs in direction k+2.
    for k in range(6):
        dq, dr = DIRECTIONS[(k + 2) % 6]
        for _ in range(radius):
            out.append((q, r))
            q += dq
            r += dr
    return out


def hex_range(center: Hex, n: int) -> list[Hex]:
    """All hexes within distance ``n`` of ``center``, center included (1+3n(n+1) hexes)."""
    cq, cr = center
    out = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append((cq + dq, cr + dr))
    return out


def _cube_round(q: float, r: float, s: float) -> Hex:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    # Rounding each coordinate can break q+r+s=0; recompute the one that
    # moved furthest from the others.
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def _cube_line(a: Hex, b: Hex, eps: tuple[float, float, float]) -> list[Hex]:
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a[0] + eps[0], a[1] + eps[1]
    as_ = -a[0] - a[1] + eps[2]
    bq, br = b[0] + eps[0], b[1] + eps[1]
    bs = -b[0] - b[1] + eps[2]
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_cube_round(aq + (bq - aq) * t, ar + (br - ar) * t, as_ + (bs - as_) * t))
    return out


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b``, both ends included (distance+1 hexes).

    Equal to ``line_pair(a, b)[0]``: the +epsilon nudge makes ties on exact
    hex edges resolve the same way every time.
    """
    return _cube_line(a, b, _EPS)


def line_pair(a: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """Two lines from ``a`` to ``b`` with endpoints nudged by +epsilon and -epsilon.

    They differ only where the true line runs exactly along a hex edge, and
    there they pick the hex on each side. For line of sight: LOS is open if
    either line is clear (an edge blocks only when both hexes beside it do).
    """
    return _cube_line(a, b, _EPS), _cube_line(a, b, (-_EPS[0], -_EPS[1], -_EPS[2]))


# ----------------------------------------------------------------- offset coordinates

def _check(orientation: str, shift: str) -> bool:
    """Validate the pair; True when the EVEN 1-based columns/rows are the shifted ones."""
    if orientation not in SHIFTS:
        raise ValueError(f"orientation must be 'flat' or 'pointy', got {orientation!r}")
    if shift not in SHIFTS[orientation]:
        raise ValueError(f"shift for {orientation}-top grids must be one of "
                         f"{SHIFTS[orientation]}, got {shift!r}")
    return shift.startswith("even")


def _is_shifted(n: int, even_shifted: bool) -> int:
    """1 if 1-based column/row ``n`` is shifted half a hex, else 0."""
    return int((n % 2 == 0) == even_shifted)


def offset_to_axial(col: int, row: int, orientation: str = "flat", shift: str = "even-down") -> Hex:
    """Axial ``(q, r)`` of 1-based offset ``(col, row)``; hex 0101 is always (0, 0)."""
    # k: 0 when the even 1-based (odd 0-based) lines are shifted, else 1.
    # (c + k) // 2 counts the un-shifted-to-shifted steps between line 0 and
    # line c, i.e. how far the zig-zag has drifted; floor division keeps it
    # right for off-map negative values too.
    k = 0 if _check(orientation, shift) else 1
    c, w = col - 1, row - 1
    if orientation == "flat":
        return (c, w - (c + k) // 2)
    return (c - (w + k) // 2, w)


def axial_to_offset(q: int, r: int, orientation: str = "flat", shift: str = "even-down") -> tuple[int, int]:
    """1-based offset ``(col, row)`` of axial ``(q, r)``; inverse of :func:`offset_to_axial`."""
    k = 0 if _check(orientation, shift) else 1
    if orientation == "flat":
        return (q + 1, r + (q + k) // 2 + 1)
    return (q + (r + k) // 2 + 1, r + 1)


def format_hex_id(col: int, row: int, id_format: str = HEX_ID_FORMAT) -> str:
    """Printed id of 1-based ``(col, row)``: ``format_hex_id(3, 5) == "0305"``."""
    return id_format.format(col=col, row=row)


def parse_hex_id(hex_id: str) -> tuple[int, int]:
    """1-based ``(col, row)`` of a CCRR-style id: first half of the digits is the column.

    ``"0305"`` -> (3, 5); ``"012034"`` -> (12, 34). ValueError on anything else.
    """
    if not (isinstance(hex_id, str) and hex_id.isascii() and hex_id.isdigit()
            and len(hex_id) >= 2 and len(hex_id) % 2 == 0):
        raise ValueError(f"hex id must be an even number of digits like '0305', got {hex_id!r}")
    half = len(hex_id) // 2
    return int(hex_id[:half]), int(hex_id[half:])


# ----------------------------------------------------------------- pixels

def _radius(size_in: float) -> float:
    """Centre-to-corner radius of a hex ``size_in`` across the flats."""
    return size_in / _SQRT3


def hex_center(col: int, row: int, orientation: str, shift: str, size_in: float) -> tuple[float, float]:
    """Centre ``(x, y)`` in inches of hex ``(col, row)`` (1-based), y downwards.

    Flat-top: columns 0.75 * corner-to-corner width apart, rows ``size_in``
    apart. Pointy-top: the same with x and y swapped. See the module doc for
    where ``(0, 0)`` is.
    """
    even = _check(orientation, shift)
    rad = _radius(size_in)
    if orientation == "flat":
        x = rad + (col - 1) * 1.5 * rad
        y = size_in * (row - 0.5 + 0.5 * _is_shifted(col, even))
    else:
        x = size_in * (col - 0.5 + 0.5 * _is_shifted(row, even))
        y = rad + (row - 1) * 1.5 * rad
    return (x, y)


def in_band(col: int, row: int, first: int, last: int, orientation: str, shift: str) -> bool:
    """Does hex (col, row) lie in the band of columns ``first``..``last`` across the map (a board
    section)? The band covers those columns of the unshifted rows; a hex of a shifted row (pointy
    grids) whose half-hex offset puts it across the band's edge is in the band too, so a hex the
    edge cuts belongs to both bands beside it. Flat grids have whole columns: no hex straddles."""
    if orientation == "flat":
        return first <= col <= last
    left = col - 0.5 + 0.5 * _is_shifted(row, _check(orientation, shift))
    return left + 1 > first - 0.5 and left < last + 0.5


def hex_corners(cx: float, cy: float, orientation: str, size_in: float) -> list[tuple[float, float]]:
    """The 6 corners of the hex centred on ``(cx, cy)``, clockwise on screen.

    The edge from corner ``d`` to corner ``(d + 1) % 6`` faces direction ``d``
    (flat-top: corner 0 is the top-left one; pointy-top: the left end of the
    upper-left edge), so hexside features can be drawn by direction.
    """
    if orientation not in SHIFTS:
        raise ValueError(f"orientation must be 'flat' or 'pointy', got {orientation!r}")
    rad = _radius(size_in)
    # Corner 0 lies 30 degrees anticlockwise of direction 0's screen angle
    # (angles clockwise, y down): 270 for flat-top "up", 240 for pointy-top
    # "upper-left".
    start = 240.0 if orientation == "flat" else 210.0
    out = []
    for k in range(6):
        a = math.radians(start + 60.0 * k)
        out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


def grid_extent(columns: int, rows: int, orientation: str, shift: str, size_in: float) -> tuple[float, float]:
    """``(width, height)`` in inches of a whole grid's bounding box, top-left at (0, 0).

    Tight, except that a grid whose only column (row) is a shifted one keeps
    the half-hex margin before it, consistent with :func:`hex_center`.
    """
    even = _check(orientation, shift)
    rad = _radius(size_in)
    if orientation == "flat":
        # Any shifted column adds half a hex at the bottom: column 2 when even
        # columns shift (if it exists), column 1 always when odd ones do.
        any_shifted = columns >= 2 if even else columns >= 1
        return (2 * rad + (columns - 1) * 1.5 * rad, size_in * (rows + 0.5 * any_shifted))
    any_shifted = rows >= 2 if even else rows >= 1
    return (size_in * (columns + 0.5 * any_shifted), 2 * rad + (rows - 1) * 1.5 * rad)


# ----------------------------------------------------------------- per-map grid

class HexGrid:
    """One map's hexes as integer indices 0..n-1 (column-major: 0101 = 0, 0102 = 1, ...).

    Everything a hot loop needs (neighbour table, distance table) is built
    once here; ``within`` and ``los_lines`` are computed on first use and
    cached.
    """

    def __init__(self, columns: int, rows: int, orientation: str = "flat",
                 shift: str = "even-down", id_format: str = HEX_ID_FORMAT):
        _check(orientation, shift)
        if columns < 1 or rows < 1:
            raise ValueError(f"grid needs at least 1 column and 1 row, got {columns}x{rows}")
        self.columns = columns
        self.rows = rows
        self.orientation = orientation
        self.shift = shift
        self.id_format = id_format
        self.n = n = columns * rows

        self._col_row = tuple((c, r) for c in range(1, columns + 1) for r in range(1, rows + 1))
        self.ids: tuple[str, ...] = tuple(id_format.format(col=c, row=r) for c, r in self._col_row)
        self._index_of_id = {hid: i for i, hid in enumerate(self.ids)}
        if len(self._index_of_id) != n:
            raise ValueError(f"id_format {id_format!r} gives duplicate ids on a {columns}x{rows} grid")
        self._axial = tuple(offset_to_axial(c, r, orientation, shift) for c, r in self._col_row)
        self._index_of_axial = {h: i for i, h in enumerate(self._axial)}

        at = self._index_of_axial.get
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(at((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in self._axial)
        self._adjacent = tuple(tuple(j for j in nb if j >= 0) for nb in self.neighbours)

        self._dist = self._build_distance_table()
        self._within_cache: dict[tuple[int, int], tuple[int, ...]] = {}
        self._los_cache: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def _build_distance_table(self) -> array:
        # In column-major order each target column is a run of consecutive
        # rows, and the distances from hex i to that run depend only on the
        # column difference, the row of i and whether i's column (flat) or
        # row (pointy) is shifted -- moving a hex two lines along is a pure
        # axial translation. So compute one run per (parity, column
        # difference) over every row difference, then assemble each table row
        # from slices: n*columns slice copies instead of n*n distance calls.
        C, R = self.columns, self.rows
        o, s = self.orientation, self.shift
        templates = []
        for parity in (0, 1):
            src_c, src_r = (1 + parity, 1) if o == "flat" else (1, 1 + parity)
            src = offset_to_axial(src_c, src_r, o, s)
            templates.append([
                array("h", [distance(src, offset_to_axial(src_c + dc, src_r + dr, o, s))
                            for dr in range(-(R - 1), R)])
                for dc in range(-(C - 1), C)])
        table = array("h")
        for c1, r1 in self._col_row:
            per_dc = templates[(c1 - 1) % 2 if o == "flat" else (r1 - 1) % 2]
            lo = R - r1  # index of row difference 1 - r1 in a template run
            for c2 in range(1, C + 1):
                table.extend(per_dc[c2 - c1 + C - 1][lo:lo + R])
        return table

    def __len__(self) -> int:
        return self.n

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self._index_of_id

    def __repr__(self) -> str:
        return f"HexGrid({self.columns}, {self.rows}, {self.orientation!r}, {self.shift!r})"

    def index_of(self, hex_id: str) -> int:
        """Index of printed id ``hex_id``; KeyError if it is not on this map."""
        try:
            return self._index_of_id[hex_id]
        except KeyError:
            raise KeyError(f"hex {hex_id!r} is not on this {self.columns}x{self.rows} map "
                           f"(ids run {self.ids[0]!r}..{self.ids[-1]!r})") from None

    def id_of(self, i: int) -> str:
        """Printed id of index ``i``."""
        return self.ids[i]

    def col_row(self, i: int) -> tuple[int, int]:
        """1-based ``(col, row)`` of index ``i``."""
        return self._col_row[i]

    def axial(self, i: int) -> Hex:
        """Axial ``(q, r)`` of index ``i``."""
        return self._axial[i]

    def index_at_axial(self, qr: Hex) -> Optional[int]:
        """Index of axial hex ``qr``, or None if it is off the map."""
        return self._index_of_axial.get(qr)

    def adjacent(self, i: int) -> tuple[int, ...]:
        """On-map neighbour indices of ``i``, in ``DIRECTIONS`` order."""
        return self._adjacent[i]

    def direction(self, i: int, j: int) -> Optional[int]:
        """Direction (0..5) from ``i`` to adjacent ``j``; None if not adjacent."""
        nb = self.neighbours[i]
        return nb.index(j) if j >= 0 and j in nb else None

    def distance(self, i: int, j: int) -> int:
        """Hex distance between indices ``i`` and ``j`` (table lookup)."""
        return self._dist[i * self.n + j]

    def within(self, i: int, n: int) -> tuple[int, ...]:
        """Indices of on-map hexes at distance <= ``n`` from ``i`` (``i`` included), ascending."""
        key = (i, n)
        hit = self._within_cache.get(key)
        if hit is None:
            at = self._index_of_axial.get
            found = (at(h) for h in hex_range(self._axial[i], n))
            hit = self._within_cache[key] = tuple(sorted(j for j in found if j is not None))
        return hit

    def los_lines(self, i: int, j: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Intermediate hexes (ends excluded, off-map omitted) of the two nudged lines ``i`` -> ``j``.

        See :func:`line_pair`: LOS is open if either tuple holds no blocking hex.
        """
        key = i * self.n + j
        hit = self._los_cache.get(key)
        if hit is None:
            at = self._index_of_axial.get
            first, second = line_pair(self._axial[i], self._axial[j])
            hit = self._los_cache[key] = (
                tuple(k for k in map(at, first[1:-1]) if k is not None),
                tuple(k for k in map(at, second[1:-1]) if k is not None))
        return hit
