"""The map, laid out once from the model: every hex with its terrain colour and pattern
(so it reads on a greyscale printer), hexside features (``map.hexsides``: a thick line along each
hexside, or a bridge across it) and roads (``map.roads``: hex centre to hex centre, over the terrain
and under the hex ids), hex ids, places owned by a side, map lines, set-up hexes
marked with the unit type that starts there, place names, a terrain key with move
costs and line of sight, title, version and a compass.

* :func:`map_items` - the map sheet's primitives (page coordinates, ``map_sheet_in``).
* :func:`map_page` - the finished sheet (footer, bleed) for the kit.
* :func:`draw_board` - the same map with unit counters on given hexes, for the rules
  engine to draw a game state.

All hex geometry comes from :mod:`genkit.hexes`.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Iterable, Sequence

from .. import hexes
from ..model.schema import Content
from .draw import (
    INCH,
    Circle,
    Group,
    Line,
    Page,
    Polygon,
    Polyline,
    Primitive,
    Rect,
    Text,
)
from .fonts import cap_height
from .layout import SheetStyle, darken, label_plate, readable_ink
from .map_roads import _road_segments, road_items, road_width  # noqa: F401 (road_width: the legend's)
from .sheets import sheet_words
from .terrain_art import terrain_hex
from .text_fit import (
    fit_text,
    wrap_text,
)

PAPER_TONE = "#f7f5ee"
GRID_INK = "#4d4d4d"
MARGIN_TOP = 18.0
#: no text on the map is smaller (hex ids, place names, the legend)
MIN_TEXT = 6.0
#: a side's ring starts this far inside the hexside
RING_INSET = 1.0
#: set-up chips of different sides differ at least this much in grey when their colours allow
CHIP_GREY_GAP = 60.0


# --------------------------------------------------------------------------- geometry

class MapGeometry:
    """Where each hex sits on the sheet (points), from the model's grid."""

    def __init__(self, content: Content):
        m = content.map
        g = m.grid
        self.content = content
        self.grid = g
        self.W = content.game.components.map_sheet_in[0] * INCH
        self.H = content.game.components.map_sheet_in[1] * INCH
        self.flats = g.hex_size_in * INCH
        self.radius = self.flats / math.sqrt(3)
        gw, gh = hexes.grid_extent(g.columns, g.rows, g.orientation, g.shift, g.hex_size_in)
        self.gw, self.gh = gw * INCH, gh * INCH
        self.ox = (self.W - self.gw) / 2
        self.oy = MARGIN_TOP
        # the legend goes under the grid, or beside it (the grid then moves left)
        from .legend import plan_legend  # legend.py draws with this module's helpers
        self.legend = plan_legend(content, self)
        if self.legend.beside:
            self.ox = self.legend.grid_x

    def centre(self, col: int, row: int) -> tuple[float, float]:
        g = self.grid
        x, y = hexes.hex_center(col, row, g.orientation, g.shift, g.hex_size_in)
        return self.ox + x * INCH, self.oy + y * INCH

    def centre_of(self, hex_id: str) -> tuple[float, float]:
        return self.centre(*hexes.parse_hex_id(hex_id))

    def corners(self, cx: float, cy: float, inset: float = 0.0) -> list[tuple[float, float]]:
        pts = hexes.hex_corners(cx, cy, self.grid.orientation, self.grid.hex_size_in)
        # hex_corners works in the same unit as its centre; we pass points, so scale radius
        k = (self.radius - inset) / (self.grid.hex_size_in / math.sqrt(3))
        return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in pts]

    def hexes(self) -> Iterable[tuple[int, int, str]]:
        """(col, row, terrain code) of every hex, row-major as the model writes them."""
        for r, line in enumerate(self.content.map.rows, 1):
            for c, code in enumerate(line, 1):
                yield c, r, code


# --------------------------------------------------------------------------- the sheet

def edge_points(geo: MapGeometry, edge: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of the hexside ``"AAAA/BBBB"`` shared by two adjacent hexes (points)."""
    a, b = edge.split("/")
    ax, ay = geo.centre_of(a)
    bx, by = geo.centre_of(b)
    near = sorted(geo.corners(ax, ay), key=lambda p: math.hypot(p[0] - bx, p[1] - by))[:2]
    return near[0], near[1]


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


def hexside_items(content: Content, geo: MapGeometry) -> tuple[list[Primitive], list[Primitive]]:
    """``map.hexsides``: (lines along hexsides, bridges), model order; bridges go over roads."""
    w = feature_width(geo.flats)
    casing, fill, bridges = [], [], []
    for feat in content.map.hexsides:
        for edge in feat.edges:
            p, q = edge_points(geo, edge)
            if feat.style == "bridge":
                bridges += bridge_glyph(p, q, feat.colour, geo.flats)
            else:
                c, f = hexside_line(p, q, feat.colour, w)
                casing += c
                fill += f
    return casing + fill, bridges


def swatch(content: Content, key: str, sw: float = 22.0) -> list[Primitive]:
    """The key of a chart row (``"terrain:ID"``, ``"hexside:ID"``, ``"road:ID"``, ``"feature:ID"``) drawn as on the
    map in a hex ``sw`` across the flats, its top-left corner at (0, 0); [] for any other key."""
    kind, _, ident = key.partition(":")
    R = sw / math.sqrt(3)
    flat = content.map.grid.orientation == "flat"
    cx, cy = (R, sw / 2) if flat else (sw / 2, R)
    start = 0 if flat else 30
    corners = [(cx + R * math.cos(math.radians(a)), cy + R * math.sin(math.radians(a)))
               for a in range(start, start + 360, 60)]
    outline = Polygon(corners, fill=None, stroke=GRID_INK, stroke_width=0.6)
    k = 63.0 / sw
    if kind == "terrain":
        t = next((t for t in content.map.terrain if t.id == ident), None)
        if t is None:
            return []
        art = terrain_hex(t, 0, 0, 63.0, corners=[((x - cx) * k, (y - cy) * k) for x, y in corners])
        if t.pattern == "road":
            art += [Line(-R * k, 0, R * k, 0, "#5b4a2e", 8.4), Line(-R * k, 0, R * k, 0, "#f3e2b3", 4.8)]
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
        from .map_marks import badge_width, feature_badge, feature_ring
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


def _compass(cx: float, cy: float, north: str, r: float = 17) -> list[Primitive]:
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


def map_items(content: Content, version_text: str = "") -> list[Primitive]:
    """The map sheet's primitives in page coordinates (``map_sheet_in`` points)."""
    geo = MapGeometry(content)
    m = content.map
    g = m.grid
    tby = content.terrain_by_code()
    W, H, F = geo.W, geo.H, geo.flats
    items: list[Primitive] = [Rect(0, 0, W, H, fill=PAPER_TONE, stroke=None)]

    code_at = {(c, r): code for c, r, code in geo.hexes()}
    road_codes = {t.code for t in m.terrain if t.pattern == "road"}
    # 1. terrain
    for (c, r), code in code_at.items():
        t = tby[code]
        cx, cy = geo.centre(c, r)
        items += terrain_hex(t, cx, cy, F, geo, geo.corners(cx, cy))
    # 2. roads across hexes
    items += _road_segments(geo, code_at, road_codes)
    # 3. hex grid
    for (c, r) in code_at:
        items.append(Polygon(geo.corners(*geo.centre(c, r)), fill=None, stroke=GRID_INK,
                             stroke_width=0.6))
    # 3b. hexside features along their hexsides, roads from hex centre to hex centre, bridges
    sides, bridges = hexside_items(content, geo)
    items += sides + road_items(content, geo) + bridges
    # 4. map lines: their hexes get a dashed inner outline
    for line in m.lines:
        for (c, r) in code_at:
            if (c if g.orientation == "flat" else r) == line.at:
                items.append(Polygon(geo.corners(*geo.centre(c, r), inset=2.2), fill=None,
                                     stroke="#111111", stroke_width=1.3, dash=(4, 2.5)))
    # 5. places owned by a side: a thick outline and a plate in the side's colour
    ring_w = _ring_width(F)
    for pl in sorted((p for p in m.places if p.side), key=lambda p: (p.side, p.hex)):
        side = content.side(pl.side)
        cx, cy = geo.centre_of(pl.hex)
        items.append(Polygon(geo.corners(cx, cy, inset=RING_INSET + ring_w / 2), fill=None,
                             stroke=side.colour.full, stroke_width=ring_w))
        plate = side.adjective.upper()
        items += label_plate(cx, cy + F / 2 - RING_INSET - ring_w - 2, plate,
                             _fit_min(plate, "sans-bold", MIN_TEXT, F * 0.9),
                             "sans-bold", fill=side.colour.full, ink=side.colour.text)
    # 5b. board sections (dashed edges, names under the grid) and features on hexes (badges)
    from .map_marks import feature_items, section_items
    items += section_items(content, geo, section_strip_top(content, geo)) + feature_items(content, geo)
    # 6. hex ids, inside any ring (the ring's inner edge, then a point of air), clear of section edges
    from .map_marks import id_backs
    items += id_backs(content, geo, lambda cy: hex_id_baseline(cy, F), lambda c, r: tby[code_at[(c, r)]].colour)
    for (c, r) in code_at:
        cx, cy = geo.centre(c, r)
        t = tby[code_at[(c, r)]]
        ink = "#1a1a1a" if readable_ink(t.colour) == "#000000" else "#ffffff"
        hid = hexes.format_hex_id(c, r)
        items.append(Text(cx, hex_id_baseline(cy, F), hid, MIN_TEXT, "sans", ink, "middle"))
    # 7. set-up hexes: a tag in the side's chip colour naming the unit type starting there
    chips = chip_colours(content)
    setups: dict[str, list] = {}
    for grp in content.counters.units:
        for hid in grp.setup:
            setups.setdefault(hid, []).append(grp)
    for hid in sorted(setups):
        cx, cy = geo.centre_of(hid)
        grps = setups[hid]
        tw = 24.0
        x0 = cx - (len(grps) * (tw + 2) - 2) / 2
        for i, grp in enumerate(grps):
            fill, ink = chips[grp.side]
            ut = content.unit_type(grp.type)
            x = x0 + i * (tw + 2)
            items += _chip(x, max(cy - 13, hex_id_baseline(cy, F) + 2), tw, ut.short, fill, ink)
    # 8. place names: wrapped to the hex at 6 pt, never shrunk
    for pl in m.places:
        cx, cy = geo.centre_of(pl.hex)
        lines = wrap_text(pl.name, "sans-bold", MIN_TEXT, F * 0.95)
        base = cy + 6 if len(lines) > 1 else cy + 9
        for i, ln in enumerate(lines):
            items += label_plate(cx, base + i * 7.2, ln, MIN_TEXT, "sans-bold")
    # 9. the legend, under the grid or beside it
    from .legend import legend
    items += legend(content, geo, version_text)
    return items


def section_strip_top(content: Content, geo: MapGeometry) -> float:
    """Where the strip naming the board sections starts: under the grid and any map-line labels."""
    g = content.map.grid
    return geo.oy + geo.gh + 1 + (12.0 * len(content.map.lines) + 4 if g.orientation == "flat" and content.map.lines
                                  else 0)


def _ring_width(flats: float) -> float:
    return min(3.2, flats * 0.05)


def hex_id_baseline(cy: float, flats: float) -> float:
    """The hex id sits just inside a side's ring (its inner edge plus a point), so a ring never
    prints over it."""
    return cy - flats / 2 + RING_INSET + _ring_width(flats) + 1 + cap_height("sans", MIN_TEXT)


def _fit_min(text: str, font: str, size: float, width: float) -> float:
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


def _chip(x: float, y: float, w: float, label: str, fill: str, ink: str) -> list[Primitive]:
    size = _fit_min(label, "condensed-bold", 7, w - 3)
    return [Rect(x, y, w, 10, fill=fill, stroke="#000000", stroke_width=0.4, radius=1.5),
            Text(x + w / 2, y + 5 + cap_height("condensed-bold", size) / 2, label, size,
                 "condensed-bold", ink, "middle")]


def map_page(content: Content, style: SheetStyle) -> Page:
    items = list(_cached_map(content, style.version_text))  # drawn once for map and tiles
    w, h = content.game.components.map_sheet_in
    return style.page(items, *_size(content), "map", f"map: one {sheet_words(w, h)}")


def _size(content: Content) -> tuple[float, float]:
    w, h = content.game.components.map_sheet_in
    return w * INCH, h * INCH


# --------------------------------------------------------------------------- game state

_BOARD_CACHE: dict = {}


def _cached_map(content: Content, version_text: str) -> tuple:
    key = (id(content), version_text)
    hit = _BOARD_CACHE.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    items = tuple(map_items(content, version_text))
    if len(_BOARD_CACHE) > 4:
        _BOARD_CACHE.clear()
    _BOARD_CACHE[key] = (content, items)
    return items


def draw_board(content: Content, pieces: Sequence[tuple], content_hash: str = "",
               content_root: str | Path | None = None) -> Page:
    """The map sheet with unit counters on hexes: ``pieces`` is a list of
    ``(piece_id, hex_id, side, unit_type_id, reduced, facing)``; ``facing`` is a
    direction 0..5 (:data:`genkit.hexes.DIRECTIONS`) or None.  Counters are the kit's
    own faces, scaled to sit inside the hex; several pieces on one hex are offset a
    little so each shows.  Raises ValueError for a hex off the map."""
    from .counters import counter_size, unit_face
    geo = MapGeometry(content)
    style = SheetStyle("letter", 0, content.game.version, content_hash, content.game.title)
    items = list(_cached_map(content, style.version_text))
    s = counter_size(content)
    # the largest square that sits inside the hex, with a little air
    fit = 2 * geo.radius / (1 + 1 / math.sqrt(3)) - 3
    sc = min(1.0, fit / s)
    stacks: dict[str, int] = {}
    for piece in sorted(pieces, key=lambda p: (str(p[1]), str(p[0]))):
        pid, hid, side_id, type_id, reduced, facing = piece
        col, row = hexes.parse_hex_id(hid)
        g = content.map.grid
        if not (1 <= col <= g.columns and 1 <= row <= g.rows):
            raise ValueError(f"piece {pid!r}: hex {hid!r} is not on the map")
        cx, cy = geo.centre(col, row)
        k = stacks.get(hid, 0)
        stacks[hid] = k + 1
        off = 3.0 * k
        face = unit_face(content, side_id, type_id, bool(reduced), content_root)
        x, y = cx - s * sc / 2 + off, cy - s * sc / 2 + off
        items.append(Rect(x + 0.8, y + 0.8, s * sc, s * sc, fill="#000000", stroke=None))  # shadow
        items.append(Group(tuple(face), translate=(x, y), scale=sc,
                           clip=Rect(0, 0, s, s, fill=None, stroke=None)))
        items.append(Rect(x, y, s * sc, s * sc, fill=None, stroke="#000000", stroke_width=0.5))
        if facing is not None:
            items += _facing_tick(geo, cx + off, cy + off, int(facing),
                                  content.side(side_id).colour.full)
    return Page(geo.W, geo.H, items + style.footer(geo.W, geo.H, "game state"), title="board")


def _facing_tick(geo: MapGeometry, cx: float, cy: float, d: int, colour: str) -> list[Primitive]:
    """A small arrowhead just inside the hexside the unit faces."""
    pts = geo.corners(cx, cy)
    a, b = pts[d % 6], pts[(d + 1) % 6]
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = mx - cx, my - cy
    ln = math.hypot(nx, ny)
    nx, ny = nx / ln, ny / ln
    tx, ty = -ny, nx
    tip = (mx - nx * 0.5, my - ny * 0.5)
    base = (mx - nx * 6.5, my - ny * 6.5)
    return [Polygon([tip, (base[0] + tx * 4.5, base[1] + ty * 4.5),
                     (base[0] - tx * 4.5, base[1] - ty * 4.5)], fill=colour, stroke="#000000",
                    stroke_width=0.5)]
