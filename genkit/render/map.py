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

All hex geometry comes from :mod:`genkit.hexes`. A board that is not a hex grid (squares,
octagons and diamonds, drawn areas and points on one or several sheets) is drawn by
:mod:`.map_board` through :mod:`genkit.board`, one map sheet per sheet of the board
(:func:`map_sheets`); ``sheet`` names which.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Iterable, Sequence

from .. import hexes
from ..model.schema import Content
from .draw import INCH, Group, Page, Polygon, Primitive, Rect, Text
from .fonts import cap_height
from .layout import SheetStyle, label_plate, readable_ink
from .legend import legend, plan_legend
from .map_art import (GRID_INK, MIN_TEXT, PAPER_TONE, bridge_glyph, chip, chip_colours, feature_width, fit_min,
                      hexside_line)
from .map_board import (BoardGeometry, Placed, extra_spaces, key_items, sheet_ids, sheet_items, sheet_name,
                        space_items)
from .map_connections import board_of, is_hex
from .map_marks import feature_items, id_backs, section_items
from .map_roads import road_items, road_segments
from .sheets import sheet_words
from .terrain_art import terrain_hex
from .text_fit import wrap_text

MARGIN_TOP = 18.0
#: a side's ring starts this far inside the hexside
RING_INSET = 1.0


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
        for sid in extra_spaces(content):       # boxes and points beside the grid widen the drawing
            sp = board_of(content).space(sid)
            for x, y in sp.outline or ((sp.centre,) if sp.centre else ()):
                gw, gh = max(gw, x), max(gh, y)
        self.gw, self.gh = gw * INCH, gh * INCH
        self.ox = (self.W - self.gw) / 2
        self.oy = MARGIN_TOP
        # the legend goes under the grid, or beside it (the grid then moves left)
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
    items += road_segments(geo, code_at, road_codes)
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
                             fit_min(plate, "sans-bold", MIN_TEXT, F * 0.9),
                             "sans-bold", fill=side.colour.full, ink=side.colour.text)
    # 5b. board sections (dashed edges, names under the grid) and features on hexes (badges)
    items += section_items(content, geo, section_strip_top(content, geo)) + feature_items(content, geo)
    # 6. hex ids, inside any ring (the ring's inner edge, then a point of air), clear of section edges
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
            items += chip(x, max(cy - 13, hex_id_baseline(cy, F) + 2), tw, ut.short, fill, ink)
    # 8. place names: wrapped to the hex at 6 pt, never shrunk
    for pl in m.places:
        cx, cy = geo.centre_of(pl.hex)
        lines = wrap_text(pl.name, "sans-bold", MIN_TEXT, F * 0.95)
        base = cy + 6 if len(lines) > 1 else cy + 9
        for i, ln in enumerate(lines):
            items += label_plate(cx, base + i * 7.2, ln, MIN_TEXT, "sans-bold")
    # 8b. boxes, tracks and points of map.spaces beside the grid (none: nothing drawn)
    extra = extra_spaces(content)
    if extra:
        items += space_items(content, Placed(content, None, geo.ox, geo.oy, extra))
    # 9. the legend, under the grid or beside it
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


def map_sheets(content: Content) -> tuple[str | None, ...]:
    """The map sheets to print: ``(None,)`` for a hex grid (its one sheet), else the id of each
    sheet of the board."""
    return (None,) if is_hex(content) else sheet_ids(content)


def key_page(content: Content, style: SheetStyle) -> Page:
    """The map's key on a sheet of its own, for a board whose maps leave it no room
    (:func:`.map_board.needs_key`)."""
    w, h = content.game.components.map_sheet_in
    return style.page(key_items(content, style.version_text), *_size(content), "map key",
                      f"map key: one {sheet_words(w, h)}")


def map_page(content: Content, style: SheetStyle, sheet: str | None = None) -> Page:
    """The finished map sheet (``sheet``: which sheet of a board of several; None: the first)."""
    items = list(drawn_map(content, style.version_text, sheet))  # drawn once for map and tiles
    w, h = content.game.components.map_sheet_in
    if len(map_sheets(content)) > 1:
        sheet = sheet if sheet is not None else map_sheets(content)[0]
        return style.page(items, *_size(content), f"map {sheet}",
                          f"map: {sheet_name(content, sheet)}, one {sheet_words(w, h)}")
    return style.page(items, *_size(content), "map", f"map: one {sheet_words(w, h)}")


def _size(content: Content) -> tuple[float, float]:
    w, h = content.game.components.map_sheet_in
    return w * INCH, h * INCH


# --------------------------------------------------------------------------- game state

_BOARD_CACHE: dict = {}


def drawn_map(content: Content, version_text: str, sheet: str | None = None) -> tuple:
    """:func:`map_items`, laid out once per model and version text: the map sheet, its tiles
    and every game state drawn on the board share one layout (``sheet``: a board's sheet)."""
    key = (id(content), version_text, sheet)
    hit = _BOARD_CACHE.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    if is_hex(content):
        items = tuple(map_items(content, version_text))
    else:
        items = tuple(sheet_items(content, BoardGeometry(content, sheet), version_text))
    if len(_BOARD_CACHE) > 4:
        _BOARD_CACHE.clear()
    _BOARD_CACHE[key] = (content, items)
    return items


def draw_board(content: Content, pieces: Sequence[tuple], content_hash: str = "",
               content_root: str | Path | None = None) -> Page:
    """The map sheet with unit counters on hexes: ``pieces`` is a list of
    ``(piece_id, hex_id, side, unit_type_id, reduced, facing[, nation])`` (a nation's unit is drawn
    in its nation's colours); ``facing`` is a
    direction 0..5 (:data:`genkit.hexes.DIRECTIONS`) or None.  Counters are the kit's
    own faces, scaled to sit inside the hex; several pieces on one hex are offset a
    little so each shows.  Raises ValueError for a hex off the map."""
    from .counters import counter_size, unit_face
    if not is_hex(content):
        return _draw_spaces(content, pieces, content_root)
    geo = MapGeometry(content)
    style = SheetStyle("letter", 0, content.game.version, content_hash, content.game.title)
    items = list(drawn_map(content, style.version_text))
    s = counter_size(content)
    # the largest square that sits inside the hex, with a little air
    fit = 2 * geo.radius / (1 + 1 / math.sqrt(3)) - 3
    sc = min(1.0, fit / s)
    stacks: dict[str, int] = {}
    for piece in sorted(pieces, key=lambda p: (str(p[1]), str(p[0]))):
        pid, hid, side_id, type_id, reduced, facing = piece[:6]
        nation_id = piece[6] if len(piece) > 6 else None
        if hid in extra_spaces(content):              # a box or point beside the grid
            cx, cy = Placed(content, None, geo.ox, geo.oy).centre_of(hid)
        else:
            col, row = hexes.parse_hex_id(hid)
            g = content.map.grid
            if not (1 <= col <= g.columns and 1 <= row <= g.rows):
                raise ValueError(f"piece {pid!r}: hex {hid!r} is not on the map")
            cx, cy = geo.centre(col, row)
        k = stacks.get(hid, 0)
        stacks[hid] = k + 1
        off = 3.0 * k
        face = unit_face(content, side_id, type_id, bool(reduced), content_root, nation_id)
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


def _draw_spaces(content: Content, pieces: Sequence[tuple], content_root) -> Page:
    """:func:`draw_board` on a board that is not a hex grid: pieces at their spaces' centres,
    each sheet of the board under the one before on one page (facing is not drawn)."""
    from .counters import counter_size, unit_face
    style = SheetStyle("letter", 0, content.game.version, "", content.game.title)
    sheets = map_sheets(content)
    geos = {sid: BoardGeometry(content, sid) for sid in sheets}
    W, H = geos[sheets[0]].W, geos[sheets[0]].H
    board = geos[sheets[0]].board
    s = counter_size(content)
    sc = min(1.0, (geos[sheets[0]].flats * 0.8) / s)
    layers: dict = {sid: list(drawn_map(content, style.version_text, sid)) for sid in sheets}
    stacks: dict[str, int] = {}
    for piece in sorted(pieces, key=lambda p: (str(p[1]), str(p[0]))):
        pid, sid, side_id, type_id, reduced, _facing = piece[:6]
        nation_id = piece[6] if len(piece) > 6 else None
        if sid not in board:
            raise ValueError(f"piece {pid!r}: space {sid!r} is not on the board")
        space = board.space(sid)
        cx, cy = geos[space.sheet].centre_of(sid)
        k = stacks.get(sid, 0)
        stacks[sid] = k + 1
        x, y = cx - s * sc / 2 + 3.0 * k, cy - s * sc / 2 + 3.0 * k
        face = unit_face(content, side_id, type_id, bool(reduced), content_root, nation_id)
        layers[space.sheet] += [Rect(x + 0.8, y + 0.8, s * sc, s * sc, fill="#000000", stroke=None),
                                Group(tuple(face), translate=(x, y), scale=sc,
                                      clip=Rect(0, 0, s, s, fill=None, stroke=None)),
                                Rect(x, y, s * sc, s * sc, fill=None, stroke="#000000", stroke_width=0.5)]
    items = [Group(tuple(layers[sid]), translate=(0, i * H)) for i, sid in enumerate(sheets)]
    total = H * len(sheets)
    return Page(W, total, items + style.footer(W, total, "game state"), title="board")
