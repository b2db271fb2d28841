"""Marks the map draws over its terrain for two general ideas of the model: board sections
(``map.sections``: dashed lines across the board along the section edges, through the hexes that
straddle them, and the sections' names in a strip under the grid) and features on hexes
(``map.features``: a badge in the feature's colour carrying its mark, ringed in its side's colour
when it has one). Both read in greyscale: the lines are dark dashes on a white casing, the badges
carry letters. The legend and the player aid draw the same badge (:func:`feature_badge`).
"""

from __future__ import annotations

from ..model.schema import Content
from .draw import Line, Primitive, Rect, Text
from .fonts import cap_height, text_width
from .layout import darken, label_plate, readable_ink
from .orders import section_edges, section_spans

SECTION_INK = "#8e1b1b"     #: the dashes of a section edge (a dark grey in greyscale)
SECTION_DASH = (7.0, 4.0)
SECTION_STRIP = 10.0        #: the strip under the grid that names the sections
BADGE_H = 12.0
BADGE_FONT = "sans-bold"
BADGE_SIZE = 7.0


def section_line(x: float, y0: float, y1: float, width: float = 1.8) -> list[Primitive]:
    """A section edge from (x, y0) to (x, y1): dark dashes on a white casing."""
    return [Line(x, y0, x, y1, "#ffffff", width + 1.6),
            Line(x, y0, x, y1, SECTION_INK, width, SECTION_DASH)]


def section_items(content: Content, geo, strip_top: float) -> list[Primitive]:
    """The section edges across the grid and on through the name strip under it (``strip_top``:
    the strip's top), and each section's name centred under its span."""
    if not content.map.sections:
        return []
    out: list[Primitive] = []
    bottom = strip_top + SECTION_STRIP
    for e in section_edges(content, geo.flats):
        out += section_line(geo.ox + e, geo.oy, bottom)
    names = {s.id: s.name for s in content.map.sections}
    for sid, a, b in section_spans(content, geo.flats):
        label = names[sid].upper()
        out += label_plate(geo.ox + (a + b) / 2, strip_top + 7.5, label, 7, "sans-bold",
                           fill=SECTION_INK, ink="#ffffff")
    return out


def id_backs(content: Content, geo, baseline, colour_at) -> list[Primitive]:
    """A patch of the hex's own colour behind the id of each hex a section edge runs through, so
    the dashes never cross its digits (``baseline(cy)``: the id's baseline; ``colour_at(col, row)``:
    the hex's terrain colour)."""
    edges = [geo.ox + e for e in section_edges(content, geo.flats)]
    out: list[Primitive] = []
    if not edges:
        return out
    g = content.map.grid
    w = text_width("0000", "sans", 6) + 3
    for row in range(1, g.rows + 1):
        for col in range(1, g.columns + 1):
            cx, cy = geo.centre(col, row)
            if any(abs(cx - e) < 0.5 for e in edges):
                y = baseline(cy)
                out.append(Rect(cx - w / 2, y - 5.5, w, 7.5, fill=colour_at(col, row), stroke=None))
    return out


def badge_width(mark: str) -> float:
    return max(18.0, text_width(mark, BADGE_FONT, BADGE_SIZE) + 8)


def feature_badge(feature, cx: float, cy: float, ring: str | None = None) -> list[Primitive]:
    """A feature's badge centred on (cx, cy): a pill in its colour with its mark, a ring in
    ``ring`` (its side's colour) round it when it belongs to a side, else a dark edge."""
    w = badge_width(feature.mark)
    x, y = cx - w / 2, cy - BADGE_H / 2
    edge = ring or darken(feature.colour, 0.5)
    out: list[Primitive] = []
    if ring:                                  # the side's ring, outside a thin black line
        out.append(Rect(x - 2, y - 2, w + 4, BADGE_H + 4, fill=ring, stroke="#000000", stroke_width=0.4,
                        radius=BADGE_H / 2 + 2))
    out.append(Rect(x, y, w, BADGE_H, fill=feature.colour, stroke=edge if not ring else "#000000",
                    stroke_width=0.6, radius=BADGE_H / 2))
    out.append(Text(cx, cy + cap_height(BADGE_FONT, BADGE_SIZE) / 2, feature.mark, BADGE_SIZE, BADGE_FONT,
                    readable_ink(feature.colour), "middle"))
    return out


def feature_ring(content: Content, feature) -> str | None:
    return content.side(feature.side).colour.full if feature.side else None


def feature_items(content: Content, geo) -> list[Primitive]:
    """Every feature's badge low in each of its hexes, clear of the hex id, the set-up chips and
    place names above it and below a counter's edge standing on the hex (model order)."""
    out: list[Primitive] = []
    for f in content.map.features:
        for hid in f.hexes:
            cx, cy = geo.centre_of(hid)
            out += feature_badge(f, cx, cy + geo.flats * 0.27, feature_ring(content, f))
    return out


# --------------------------------------------------------------------------- the legend's block

def marks_lines(content: Content) -> list[str]:
    """The legend's words for the sections and features: one line for the section edges, one per
    feature."""
    out = []
    if content.map.sections:
        out.append("section edge: " + " | ".join(s.name for s in content.map.sections))
    for f in content.map.features:
        out.append(f.name + (f" ({content.side(f.side).adjective})" if f.side else ""))
    return out


def marks_block_size(content: Content) -> tuple[float, float]:
    """(width, height) of the legend's block of sections and features ((0, 0): none)."""
    lines = marks_lines(content)
    if not lines:
        return 0.0, 0.0
    art = max([26.0] + [badge_width(f.mark) + 4 for f in content.map.features])
    w = max(text_width("SECTIONS AND FEATURES", "sans-bold", 6.5), art + 6 + max(text_width(t, "sans", 6.5)
                                                                              for t in lines))
    return w, 16 + 14 * (len(lines) - 1) + 6


def draw_marks_block(content: Content, lx: float, top: float) -> list[Primitive]:
    """The legend's block: a section edge drawn as on the map, each feature's badge, named."""
    lines = marks_lines(content)
    art = max([26.0] + [badge_width(f.mark) + 4 for f in content.map.features])
    out: list[Primitive] = [Text(lx, top + 2, "SECTIONS AND FEATURES", 6.5, "sans-bold", "#000000")]
    y = top + 16
    if content.map.sections:
        out += [Line(lx, y - 2.5, lx + art, y - 2.5, "#ffffff", 3.4),
                Line(lx, y - 2.5, lx + art, y - 2.5, SECTION_INK, 1.8, SECTION_DASH)]
        out.append(Text(lx + art + 6, y, lines.pop(0), 6.5, "sans"))
        y += 14
    for f in content.map.features:
        out += feature_badge(f, lx + art / 2, y - 2.5, feature_ring(content, f))
        out.append(Text(lx + art + 6, y, lines.pop(0), 6.5, "sans"))
        y += 14
    return out
