"""Line of sight on a board with geometry: which spaces the straight line between two spaces'
centres passes through. A hex grid keeps its own sampled lines (:meth:`HexGrid.los_lines`,
nudged to either side of a hex edge); every other layout with outlines uses the exact segment:
a space is crossed when the segment runs through its inside (touching a corner or running along
an edge does not cross it). A board without geometry has no line of sight: asking raises
:class:`NoGeometry` (the checks refuse a rule that needs it there)."""
from __future__ import annotations

from .board import Board
from .records import Point


class NoGeometry(ValueError):
    """Line of sight asked of a board whose layout has no geometry."""


def sight_lines(board: Board, a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The spaces between ``a`` and ``b`` (ends excluded) on two lines: open when either holds no
    blocking space. On a hex grid the two nudged lines; elsewhere the one exact segment, twice."""
    if not board.geometry:
        raise NoGeometry(f"the {board.layout} board has no geometry: no line of sight")
    if board.grid is not None:
        return board.grid.los_lines(a, b)
    key = a * board.n + b
    hit = board._sight.get(key)
    if hit is None:
        line = crossed(board, a, b)
        hit = board._sight[key] = (line, line)
    return hit


def crossed(board: Board, a: int, b: int) -> tuple[int, ...]:
    """Spaces (not ``a`` nor ``b``) whose outline the segment from ``a``'s centre to ``b``'s
    runs through the inside of, in order along the segment. Spaces on another sheet never."""
    sa, sb = board.spaces[a], board.spaces[b]
    if sa.sheet != sb.sheet:
        return ()
    p, q = sa.centre, sb.centre
    lo_x, hi_x = min(p[0], q[0]), max(p[0], q[0])
    lo_y, hi_y = min(p[1], q[1]), max(p[1], q[1])
    found = []
    for i, s in enumerate(board.spaces):
        if i in (a, b) or s.sheet != sa.sheet or len(s.outline) < 3:
            continue
        xs = [c[0] for c in s.outline]
        ys = [c[1] for c in s.outline]
        if max(xs) < lo_x or min(xs) > hi_x or max(ys) < lo_y or min(ys) > hi_y:
            continue
        t = _inside_at(p, q, s.outline)
        if t is not None:
            found.append((t, i))
    found.sort()
    return tuple(i for _, i in found)


def _inside_at(p: Point, q: Point, poly) -> float | None:
    """The first parameter t (0..1) at which segment p-q is strictly inside ``poly``; None never.
    The segment is cut where it meets the outline; a piece is inside when its middle is."""
    ts = [0.0, 1.0]
    dx, dy = q[0] - p[0], q[1] - p[1]
    m = len(poly)
    for k in range(m):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % m]
        ex, ey = x2 - x1, y2 - y1
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((x1 - p[0]) * ey - (y1 - p[1]) * ex) / den
        u = ((x1 - p[0]) * dy - (y1 - p[1]) * dx) / den
        if 0 <= t <= 1 and -1e-9 <= u <= 1 + 1e-9:
            ts.append(t)
    ts.sort()
    for t0, t1 in zip(ts, ts[1:]):
        if t1 - t0 < 1e-9:
            continue
        tm = (t0 + t1) / 2
        x, y = p[0] + dx * tm, p[1] + dy * tm
        if _strictly_inside(x, y, poly):
            return t0
    return None


def _strictly_inside(x: float, y: float, poly) -> bool:
    """Point in polygon (even-odd), a point within 1e-9 in of the outline counted outside."""
    m = len(poly)
    inside = False
    for k in range(m):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % m]
        ex, ey = x2 - x1, y2 - y1
        ln2 = ex * ex + ey * ey
        if ln2 > 0:
            t = max(0.0, min(1.0, ((x - x1) * ex + (y - y1) * ey) / ln2))
            cx, cy = x1 + t * ex - x, y1 + t * ey - y
            if cx * cx + cy * cy < 1e-18:
                return False
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * ex / ey
            if x < xi:
                inside = not inside
    return inside
