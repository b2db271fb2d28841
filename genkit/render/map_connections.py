"""What the map of a board that is not a hex grid shares with its legend (:mod:`.legend`): the
board of a model, built once, and the connections the map draws, by kind (which are drawn,
how each kind looks, where two outlines share a border). Imports nothing of the map sheet."""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence

from ..board import Board, Space, kept_board_of_map
from ..model.schema import Content
from .draw import Line, Polyline, Primitive


class ConnectionStyle(NamedTuple):
    """How a kind of connection is drawn: a line in ``colour`` of ``width`` (``dash`` or solid),
    over a ``casing`` line (None: none), and ``cross``: short ticks across it (rails, forbidden)."""
    colour: str
    width: float
    dash: tuple | None = None
    casing: str | None = None
    cross: bool = False


#: the kinds the issue names, drawn as a map reader expects; any other kind takes the next of
#: :data:`OTHER_STYLES` in the order the kinds first appear
STYLES = {
    "land": ConnectionStyle("#3b3b3b", 1.4),
    "road": ConnectionStyle("#f3e2b3", 2.6, None, "#5b4a2e"),
    "rail": ConnectionStyle("#1a1a1a", 1.6, None, None, True),
    "sea": ConnectionStyle("#1f5fa8", 1.6, (5.0, 3.0)),
    "strait": ConnectionStyle("#1f5fa8", 2.6, (2.0, 2.0)),
    "river": ConnectionStyle("#3d7fd6", 3.0, None, "#1d4f8f"),
    "forbidden": ConnectionStyle("#b3261e", 1.6, (3.0, 2.0), None, True),
}
OTHER_STYLES = (ConnectionStyle("#7a3e9d", 1.8, (6.0, 2.0, 1.5, 2.0)), ConnectionStyle("#b35c00", 1.8, (1.5, 1.5)),
                ConnectionStyle("#2e7d32", 2.0, (8.0, 3.0)), ConnectionStyle("#5d4037", 2.2, None, None, True))


def is_hex(content: Content) -> bool:
    """True when the map is a hex grid (drawn by :mod:`.map` as it always was)."""
    g = content.map.grid
    return g is not None and g.kind == "hex"


def board_of(content: Content) -> Board:
    """The board of ``content``'s map, built once per model (the checks' board when they ran)."""
    return kept_board_of_map(content.map)


def connection_styles(board: Board) -> dict[str, ConnectionStyle]:
    """Each kind of connection the map draws -> its style, in the order the kinds appear."""
    out: dict[str, ConnectionStyle] = {}
    k = 0
    for c in board.connections:
        if c.kind in out or not drawn(board, c):
            continue
        if c.kind in STYLES:
            out[c.kind] = STYLES[c.kind]
        else:
            out[c.kind] = OTHER_STYLES[k % len(OTHER_STYLES)]
            k += 1
    return out


def _on_edge(p, poly) -> bool:
    for k in range(len(poly)):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % len(poly)]
        dx, dy = x2 - x1, y2 - y1
        ln2 = dx * dx + dy * dy
        t = min(1.0, max(0.0, ((p[0] - x1) * dx + (p[1] - y1) * dy) / ln2)) if ln2 else 0.0
        if math.hypot(x1 + t * dx - p[0], y1 + t * dy - p[1]) < 1e-3:
            return True
    return False


def shared_border(a: Space, b: Space) -> list[tuple]:
    """The stretches of border two outlines share (inches): each edge of one whose ends and
    middle lie on the other's outline ([] when they do not touch along an edge)."""
    if len(a.outline) < 3 or len(b.outline) < 3:
        return []
    for one, other in ((a.outline, b.outline), (b.outline, a.outline)):
        out = []
        for k in range(len(one)):
            p, q = one[k], one[(k + 1) % len(one)]
            mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            if _on_edge(p, other) and _on_edge(q, other) and _on_edge(mid, other):
                out.append((p, q))
        if out:
            return out
    return []


def _touch(a: Space, b: Space) -> bool:
    return bool(shared_border(a, b))


#: kinds drawn from centre to centre even between touching spaces (a way along which pieces
#: travel); every other kind between touching spaces is drawn along their shared border
THROUGH = ("road", "rail", "land")


def drawn(board: Board, c) -> bool:
    """Whether a connection is drawn: all but plain ``land`` between two spaces whose outlines
    touch (the shared border shows it), and crossings to another map (a plate shows those)."""
    a, b = board.space(c.a), board.space(c.b)
    if a.sheet != b.sheet:
        return False
    if c.path:
        return True
    return not (c.kind == "land" and _touch(a, b))


def connection_line(pts: Sequence[tuple[float, float]], style: ConnectionStyle) -> list[Primitive]:
    """A connection along ``pts`` in its style: casing, line, ticks across it."""
    out: list[Primitive] = []
    if style.casing:
        out.append(Polyline(pts, style.casing, style.width + 1.8))
    out.append(Polyline(pts, style.colour, style.width, style.dash))
    if style.cross:
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            ln = math.hypot(x2 - x1, y2 - y1)
            if ln < 1e-6:
                continue
            ux, uy = (x2 - x1) / ln, (y2 - y1) / ln
            n = max(1, int(ln // 9))
            for i in range(n):
                t = (i + 0.5) * ln / n
                mx, my = x1 + ux * t, y1 + uy * t
                out.append(Line(mx - uy * 3.2, my + ux * 3.2, mx + uy * 3.2, my - ux * 3.2, style.colour, 0.9))
    return out
