"""A command card's orders for its face: which board sections it orders, how many units in each,
and a small picture of the board with those sections lit, all derived from ``map.sections`` and
the card's ``orders`` (so a card names the same sections the rules engine lets it order).

* :func:`section_edges` - the x of each edge between two sections, in a grid's own units: a
  straight line along the shared hexsides of the unshifted rows, through the straddling hexes of
  the shifted ones (the map draws its dashed section lines there too).
* :func:`orders_context` - what the card template gets as ``orders`` (or None for a card
  without orders).
"""

from __future__ import annotations

from .. import hexes
from ..model.schema import Content
from ..model.card_orders import section_orders
from ..model.schema_cards import Card


def section_edges(content: Content, size: float = 1.0) -> list[float]:
    """The x of each edge between neighbouring sections (left to right), ``size`` across a hex's
    flats (the grid's own units: inches for ``hex_size_in``), the grid's left edge at 0: half way
    between the last column of one section and the first of the next, in a row that is not
    shifted."""
    g = content.map.grid
    row = _plain_row(g)
    out = []
    ordered = sorted(content.map.sections, key=lambda s: s.columns[0])
    for a, b in zip(ordered, ordered[1:]):
        xa, _ = hexes.hex_center(a.columns[1], row, g.orientation, g.shift, size)
        xb, _ = hexes.hex_center(b.columns[0], row, g.orientation, g.shift, size)
        out.append((xa + xb) / 2)
    return out


def _plain_row(grid) -> int:
    """A 1-based row whose hexes are not shifted (pointy grids; flat grids shift columns)."""
    if grid.orientation == "flat":
        return 1
    x1, _ = hexes.hex_center(1, 1, grid.orientation, grid.shift, 1.0)
    x2, _ = hexes.hex_center(1, 2, grid.orientation, grid.shift, 1.0)
    return 1 if x1 <= x2 else 2


def section_spans(content: Content, size: float = 1.0) -> list[tuple[str, float, float]]:
    """(section id, left x, right x) of every section, grid units, the outer ones to the grid's
    edges."""
    g = content.map.grid
    width, _ = hexes.grid_extent(g.columns, g.rows, g.orientation, g.shift, size)
    ordered = sorted(content.map.sections, key=lambda s: s.columns[0])
    cuts = [0.0] + section_edges(content, size) + [width]
    return [(s.id, cuts[i], cuts[i + 1]) for i, s in enumerate(ordered)]


def _count(n) -> str:
    return "ALL" if n == "all" else str(n)


def gives_orders(content: Content, card: Card) -> bool:
    """Whether ``card`` is a command card: its deck declares fields named after map sections."""
    return section_orders(content, card) is not None


def orders_words(content: Content, card: Card) -> str:
    """The orders in a few words, from the data: "2 left, 2 right", "4 armour anywhere"."""
    o = section_orders(content, card)
    names = {s.id: s.name for s in content.map.sections}
    parts = [f"{_count(n).lower()} {names.get(sid, sid).lower()}" for sid, n in o.sections.items()]
    if o.anywhere:
        what = " or ".join(content.unit_type(t).name.lower() for t in o.unit_types) or "units"
        parts.append(f"{o.anywhere} {what} anywhere")
    return ", ".join(parts)


def board_diagram(content: Content, card: Card, w: float, h: float) -> dict:
    """The board in miniature fitted into ``w`` x ``h`` points: every hex (``lit`` when the card
    orders units there), the section edges as lines, and each section's span with its count."""
    g = content.map.grid
    o = section_orders(content, card)
    gw, gh = hexes.grid_extent(g.columns, g.rows, g.orientation, g.shift, 1.0)
    k = min(w / gw, h / gh)
    ox, oy = (w - gw * k) / 2, (h - gh * k) / 2
    every = bool(o.anywhere)
    out_hexes = []
    for row in range(1, g.rows + 1):
        for col in range(1, g.columns + 1):
            cx, cy = hexes.hex_center(col, row, g.orientation, g.shift, 1.0)
            pts = [[round(ox + x * k, 3), round(oy + y * k, 3)]
                   for x, y in hexes.hex_corners(cx, cy, g.orientation, 1.0)]
            ids = content.sections_of(hexes.format_hex_id(col, row))
            out_hexes.append({"points": pts, "lit": every or any(i in o.sections for i in ids)})
    edges = [round(ox + x * k, 3) for x in section_edges(content, 1.0)]
    spans = [{"id": sid, "x": round(ox + (a + b) / 2 * k, 3), "w": round((b - a) * k, 3),
              "count": _count(o.sections[sid]) if sid in o.sections else ""}
             for sid, a, b in section_spans(content, 1.0)]
    return {"w": w, "h": h, "top": round(oy, 3), "bottom": round(oy + gh * k, 3),
            "hexes": out_hexes, "edges": edges, "spans": spans}


def orders_context(content: Content, card: Card, w: float, h: float) -> dict | None:
    """The card template's ``orders``: the sections ordered (id, name, count), units ordered
    anywhere and of which types, the orders in words and the board diagram; None without orders."""
    o = section_orders(content, card)
    if o is None:
        return None
    names = {s.id: s.name for s in content.map.sections}
    return {"sections": [{"id": sid, "name": names.get(sid, sid), "count": _count(n)}
                         for sid, n in o.sections.items()],
            "anywhere": o.anywhere,
            "unit_types": [content.unit_type(t).name for t in o.unit_types],
            "words": orders_words(content, card),
            "board": board_diagram(content, card, w, h)}
