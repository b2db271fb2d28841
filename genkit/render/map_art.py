"""The map's drawing pieces, shared by the map (:mod:`.map`), its legend (:mod:`.legend`), its
roads (:mod:`.map_roads`) and the player aid's charts: the named colours of paper, grid and
roads, set-up chips in each side's chip colour, the compass, hexside lines and bridges, and a
map item (terrain, hexside feature, road, feature) drawn as a swatch in a small hex. Imports
nothing of the map sheet itself."""
from __future__ import annotations

import math

from .. import hexes
from ..model.schema import Content
from .draw import Circle, Group, Line, Polygon, Polyline, Primitive, Rect, Text
from .fonts import cap_height
from .layout import darken
from .map_marks import badge_width, feature_badge, feature_ring
from .terrain_art import terrain_hex
from .text_fit import fit_text

PAPER_TONE = "#f7f5ee"
GRID_INK = "#4d4d4d"
ROAD_CASING = "#5b4a2e"      #: a road pattern's dark edge (the map's roads, their swatches)
ROAD_FILL = "#f3e2b3"        #: and its light middle
#: no text on the map is smaller (hex ids, place names, the legend)
MIN_TEXT = 6.0
#: set-up chips of different sides differ at least this much in grey when their colours allow
CHIP_GREY_GAP = 60.0


def swatch_corners(cx: float, cy: float, flats: float, orientation: str) -> list[tuple[float, float]]:
    """The corners of a swatch's hex ``flats`` across centred on (cx, cy): those of
    :func:`genkit.hexes.hex_corners`, listed from the one right of the centre (flat-top) or
    below-right of it (pointy-top), as every swatch draws them. Any other ``orientation`` (a
    board that is not hexes, issue 24): a square ``flats`` across, clockwise from the top left."""
    if orientation not in ("flat", "pointy"):
        h = flats / 2
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]
    corners = hexes.hex_corners(cx, cy, orientation, flats)
    first = 2 if orientation == "flat" else 3
    return corners[first:] + corners[:first]


def fit_min(text: str, font: str, size: float, width: float) -> float:
    """``fit_text`` that stops at the 6 pt floor (a wider text overflows its plate instead)."""
    return max(MIN_TEXT, fit_text(text, font, size, width))


def chip_colours(content: Content) -> dict[str, tuple[str, str]]:
    """Each side's set-up chip (fill, ink): its full colour, or its lighter reduced shade when
    that makes the sides' chips differ more in grey (greyscale copies): of every choice of
    full / reduced per side the one whose closest pair of greys is farthest apart, full
    preferred on ties."""
    sides = list(content.game.sides)[:8]
    best, best_gap = None, -1.0
    for mask in range(1 << len(sides)):
        picks = [(sd.colour.reduced, sd.colour.reduced_text) if mask >> i & 1
                 else (sd.colour.full, sd.colour.text) for i, sd in enumerate(sides)]
        greys = [grey_level(f) for f, _ in picks]
        gap = min((abs(a - b) for i, a in enumerate(greys) for b in greys[i + 1:]), default=255)
        if gap > best_gap + 1e-9:
            best, best_gap = picks, gap
        if gap >= CHIP_GREY_GAP and best is picks:
            break
    return {sd.id: pick for sd, pick in zip(sides, best)}


def grey_level(colour: str) -> float:
    """The grey (0-255) a colour prints as on a greyscale printer (Rec. 601 luma)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def chip(x: float, y: float, w: float, label: str, fill: str, ink: str) -> list[Primitive]:
    size = fit_min(label, "condensed-bold", 7, w - 3)
    return [Rect(x, y, w, 10, fill=fill, stroke="#000000", stroke_width=0.4, radius=1.5),
            Text(x + w / 2, y + 5 + cap_height("condensed-bold", size) / 2, label, size,
                 "condensed-bold", ink, "middle")]


def feature_width(flats: float) -> float:
    """A hexside line's width: bold enough to read at a glance, well inside the hex."""
    return max(2.5, flats * 0.075)


def hexside_line(p: tuple, q: tuple, colour: str, w: float) -> tuple[list[Primitive], list[Primitive]]:
    """A thick line along one hexside in the feature's colour with a darker edge on both sides (so
    it reads on a greyscale printer) and round ends, so runs of hexsides join without gaps:
    (the dark casing, the line), drawn casings first so a run's joints stay clean."""
    dark = darken(colour, 0.45)
    casing = [Line(*p, *q, dark, w + 1.2), Circle(*p, (w + 1.2) / 2, fill=dark, stroke=None),
              Circle(*q, (w + 1.2) / 2, fill=dark, stroke=None)]
    line = [Line(*p, *q, colour, w), Circle(*p, w / 2, fill=colour, stroke=None),
            Circle(*q, w / 2, fill=colour, stroke=None)]
    return casing, line


def bridge_glyph(p: tuple, q: tuple, colour: str, flats: float) -> list[Primitive]:
    """A bridge across the hexside p-q: a deck in the feature's colour from hex to hex, black
    parapets along both sides with splayed ends (the map symbol for a bridge)."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    ex, ey = q[0] - p[0], q[1] - p[1]
    n = math.hypot(ex, ey) or 1.0
    ux, uy = ex / n, ey / n               # along the hexside
    vx, vy = -uy, ux                      # across it, from hex to hex
    half_w = n * 0.2                      # half the deck's width (along the hexside)
    half_l = flats * 0.2                  # half its length (across the hexside)

    def at(a: float, b: float) -> tuple[float, float]:
        return mx + ux * a + vx * b, my + uy * a + vy * b
    deck = Polygon([at(-half_w, -half_l), at(half_w, -half_l), at(half_w, half_l), at(-half_w, half_l)],
                   fill=colour, stroke=None)
    out: list[Primitive] = [deck]
    splay = flats * 0.07
    rail = max(1.0, flats * 0.022)
    for side in (-1, 1):
        a = side * half_w
        out.append(Polyline([at(a + side * splay, -half_l - splay), at(a, -half_l), at(a, half_l),
                             at(a + side * splay, half_l + splay)], "#000000", rail))
    return out


def swatch(content: Content, key: str, sw: float = 22.0) -> list[Primitive]:
    """The key of a chart row (``"terrain:ID"``, ``"hexside:ID"``, ``"road:ID"``, ``"feature:ID"``) drawn as on the
    map in a hex ``sw`` across the flats, its top-left corner at (0, 0); [] for any other key."""
    kind, _, ident = key.partition(":")
    R = sw / math.sqrt(3)
    g = content.map.grid
    orientation = g.orientation if g is not None and g.kind == "hex" else "square"
    flat = orientation == "flat"
    cx, cy = (R, sw / 2) if flat else (sw / 2, R) if orientation == "pointy" else (sw / 2, sw / 2)
    corners = swatch_corners(cx, cy, sw, orientation)
    outline = Polygon(corners, fill=None, stroke=GRID_INK, stroke_width=0.6)
    k = 63.0 / sw
    if kind == "terrain":
        t = next((t for t in content.map.terrain if t.id == ident), None)
        if t is None:
            return []
        art = terrain_hex(t, 0, 0, 63.0, corners=[((x - cx) * k, (y - cy) * k) for x, y in corners])
        if t.pattern == "road":
            art += [Line(-R * k, 0, R * k, 0, ROAD_CASING, 8.4), Line(-R * k, 0, R * k, 0, ROAD_FILL, 4.8)]
        return [Group(tuple(art), translate=(cx, cy), scale=sw / 63), outline]
    plain = Polygon(corners, fill=PAPER_TONE, stroke=None)
    if kind == "hexside":
        f = next((f for f in content.map.hexsides if f.id == ident), None)
        if f is None:
            return []
        p, q = corners[0], corners[1]
        if f.style == "bridge":      # over the line feature it crosses on the map, if any
            under = next((g for g in content.map.hexsides if g.style == "line" and set(g.edges) & set(f.edges)),
                         None)
            river = [x for part in hexside_line(p, q, under.colour, max(2.0, sw * 0.1)) for x in part] \
                if under else []
            return [plain, outline] + river + bridge_glyph(p, q, f.colour, sw)
        casing, fill = hexside_line(p, q, f.colour, max(2.0, sw * 0.1))
        return [plain, outline] + casing + fill
    if kind == "feature":            # its badge on a plain hex, as on the map
        f = next((f for f in content.map.features if f.id == ident), None)
        if f is None:
            return []
        k = min(1.0, sw * 0.95 / (badge_width(f.mark) + 4))
        return [plain, outline, Group(tuple(feature_badge(f, 0, 0, feature_ring(content, f))),
                                      translate=(cx, cy), scale=k)]
    if kind == "road":
        r = next((r for r in content.map.roads if r.id == ident), None)
        if r is None:
            return []
        w = max(1.6, sw * 0.08)
        a, b = (corners[3], corners[0]) if flat else ((cx - sw / 2, cy), (cx + sw / 2, cy))
        return [plain, Line(*a, *b, darken(r.colour, 0.5), w + 1.6), Line(*a, *b, r.colour, w), outline]
    return []


def compass(cx: float, cy: float, north: str, r: float = 17) -> list[Primitive]:
    ang = {"up": -90, "right": 0, "down": 90, "left": 180}[north]
    a = math.radians(ang)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    tip = (cx + ux * r, cy + uy * r)
    tail = (cx - ux * r * 0.6, cy - uy * r * 0.6)
    out: list[Primitive] = [Circle(cx, cy, r + 4, fill="#ffffff", stroke="#000000", stroke_width=0.6)]
    out.append(Polygon([tip, (cx + px * 5, cy + py * 5), tail, (cx - px * 5, cy - py * 5)],
                       fill="#ffffff", stroke="#000000", stroke_width=0.6))
    out.append(Polygon([tip, (cx + px * 5, cy + py * 5), (cx, cy)], fill="#000000", stroke=None))
    out.append(Polygon([tip, (cx - px * 5, cy - py * 5), (cx, cy)], fill="#000000", stroke=None))
    nx, ny = cx + ux * (r + 10), cy + uy * (r + 10)
    out.append(Text(nx, ny + cap_height("sans-bold", 10) / 2, "N", 10, "sans-bold", "#000000", "middle"))
    return out
