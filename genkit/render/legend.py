"""The map's legend: four blocks measured from their content - the title block, the terrain
key, the map symbols and the compass - flowed into rows under the grid (the terrain key takes as
many columns as the row leaves it), or, when the sheet has no room under the grid, stacked in a
column beside it (the grid then moves to the left edge).  Map lines are labelled in a strip right
under their column.

:func:`plan_legend` is also what ``genkit check`` (``sheet-fit``) asks: a legend that fits
nowhere is a finding before the build starts.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .. import hexes
from ..model.schema import Content
from ..model.schema_map import Terrain
from .draw import INCH, Group, Line, Polygon, Primitive, Rect, Text
from .fonts import text_width
from .layout import GREY, darken, label_plate
from .map_art import (GRID_INK, ROAD_CASING, ROAD_FILL, bridge_glyph, chip, chip_colours, compass, feature_width,
                      hexside_line, swatch_corners)
from .map_connections import board_of, connection_line, connection_styles
from .map_marks import SECTION_STRIP, draw_marks_block, marks_block_size
from .map_roads import road_width
from .sheets import FOOTER_BAND
from .terrain_art import terrain_hex
from .text_fit import fit_text

LEGEND_EDGE = 27.0            # the printer's quarter inch plus air
LEGEND_GAP = 16.0
SWATCH = 24.0                 # terrain swatch across the flats
KEY_ROW = 30.0


class Block(NamedTuple):
    w: float
    h: float
    kind: str
    cols: int = 0             # terrain key: columns of entries


class LegendPlan(NamedTuple):
    beside: bool              # True: a column right of the grid; False: rows under it
    grid_x: float             # where the grid's left edge goes
    rows: list                # [[(x, y, Block)]] relative to the legend's top-left
    w: float
    h: float
    lines_h: float            # the map-line strip right under the grid
    fits: bool
    need: str                 # what did not fit, in words (for check and the build error)


def _title_block(content: Content, geo) -> Block:
    g = content.game
    ts = _title_size(g.title)
    info = _info_line(content, geo)
    w = max(text_width(g.title, "sans-bold", ts), text_width(g.subtitle or "", "sans", 10),
            text_width(info, "sans", 6.5), text_width("version 0000000 - content 0000000", "sans", 6.5))
    return Block(w, 58, "title")


def _title_size(title: str) -> float:
    return max(12.0, fit_text(title, "sans-bold", 20, 250))


def _info_line(content: Content, geo) -> str:
    g = content.map.grid
    if _hexes(content):
        return f"Hexes {content.map.grid.hex_size_in:g} in across, ids CCRR (column, row)"
    if g is not None and g.kind == "square":
        return f"Squares {g.size_in:g} in across, ids CCRR (column, row)" + (", diagonals connect"
                                                                             if g.diagonals else "")
    if g is not None:
        return f"Octagons {g.size_in:g} in across (A1, C1 ...) and diamonds between them (B1 ...)"
    sheets = geo.board.sheets
    if getattr(geo, "is_key", False):
        return "The key to " + (", ".join(s.name for s in sheets) if len(sheets) > 1 else "the map")
    return f"{geo.sheet.name}: map {geo.index + 1} of {len(sheets)}" if len(sheets) > 1 else geo.sheet.name


def _hexes(content: Content) -> bool:
    """A hex grid (its legend as it always was), not another board (issue 24)."""
    g = content.map.grid
    return g is not None and g.kind == "hex"


def _space_word(content: Content) -> str:
    return "hex" if _hexes(content) else "space"


def _terrain_entry_w(content: Content) -> float:
    widest = max(max(text_width(t.name, "sans-bold", 7), text_width(_cost(t), "sans", 6.5))
                 for t in content.map.terrain)
    return SWATCH * 1.25 + widest + 10


def _cost(t: Terrain) -> str:
    cost = "impassable" if t.move_cost is None else f"{t.move_cost} MP"
    return cost + (", blocks LOS" if t.blocks_los else "")


def _terrain_block(content: Content, width: float) -> Block | None:
    n = len(content.map.terrain)
    ew = _terrain_entry_w(content)
    cols = min(n, int(width // ew))
    if cols < 1:
        return None
    rows = math.ceil(n / cols)
    cols = math.ceil(n / rows)               # the same rows, evenly filled
    return Block(cols * ew, 8 + rows * KEY_ROW - 4, "terrain", cols)


def _symbol_lines(content: Content) -> list[str]:
    m = content.map
    if not _hexes(content):
        return _board_symbol_lines(content)
    out = ["set-up hex: the unit type that starts there"]
    if any(p.side for p in m.places):
        out.append("a side's own place (thick outline in its colour)")
    if m.lines:
        out.append(", ".join(ln.name for ln in m.lines) + " hexes")
    out += [f"{f.name} (along hexsides)" if f.style == "line" else f"{f.name} (across a hexside)"
            for f in m.hexsides]
    out += [f"{r.name} (hex to hex)" for r in m.roads]
    return out


def _sets_up_units(content: Content) -> bool:
    """Some unit counter starts on the board (a game whose forces are cards may have none)."""
    return any(g.setup for g in content.counters.units)


def _board_symbol_lines(content: Content) -> list[str]:
    """The symbols of a board that is not a hex grid: set-up chips, owned spaces, roads, and each
    kind of connection the map draws (:func:`.map_connections.connection_styles`)."""
    board = board_of(content)
    out = ["set-up space: the unit type that starts there"] if _sets_up_units(content) else []
    if any(s.owner for s in board.spaces):
        out.append("a side's own space (thick outline in its colour)")
    out += [f"{r.name} (space to space)" for r in content.map.roads]
    out += [f"{kind} connection" for kind in connection_styles(board)]
    if any(board.space(c.a).sheet != board.space(c.b).sheet for c in board.connections):
        out.append("crossing to another map (the space across)")
    return out


def _symbols_block(content: Content) -> Block:
    chips_w = len(content.game.sides) * 26 - 4
    lines = _symbol_lines(content)
    w = max(chips_w + 6 + text_width(lines[0], "sans", 6.5),
            28 + max(text_width(t, "sans", 6.5) for t in lines[1:]) if lines[1:] else 0)
    return Block(max(w, text_width("ON THE MAP", "sans-bold", 6.5)), 16 + 14 * (len(lines) - 1) + 6,
                 "symbols")


COMPASS = Block(56, 60, "compass")


def _marks_blocks(content: Content) -> list[Block]:
    """The block of board sections and hex features, when the map has any (else none)."""
    w, h = marks_block_size(content)
    return [Block(w, h, "marks")] if w else []


def _flow(blocks: list[Block], width: float) -> tuple[list, float, float]:
    """Blocks left to right into rows no wider than ``width``: rows of (x, y, block), the widest
    row and the total height."""
    rows, cur, x, y, row_h, widest = [], [], 0.0, 0.0, 0.0, 0.0
    for b in blocks:
        if cur and x + b.w > width + 1e-6:
            rows.append(cur)
            y += row_h + 8
            cur, x, row_h = [], 0.0, 0.0
        cur.append((x, y, b))
        widest = max(widest, x + b.w)
        x += b.w + LEGEND_GAP
        row_h = max(row_h, b.h)
    if cur:
        rows.append(cur)
    return rows, widest, y + row_h


def plan_legend(content: Content, geo) -> LegendPlan:
    """Where the legend goes (see the comment above): the layout of least height under the
    grid that fits the sheet, else a column beside the grid; ``fits`` is False when neither
    has room (``genkit check`` reports it as sheet-fit, naming how much is missing)."""
    W, H = geo.W, geo.H
    hexes_ = _hexes(content)
    lines_h = 12.0 * len(content.map.lines) if hexes_ and content.map.grid.orientation == "flat" else 0.0
    if content.map.sections and hexes_:              # the strip naming the board's sections
        lines_h += SECTION_STRIP
    bottom = H - FOOTER_BAND - 4                     # the footer's band stays clear
    title, symbols = _title_block(content, geo), _symbols_block(content)
    marks = _marks_blocks(content)
    # under the grid: its width if the legend fits there, else the sheet's width
    best = None
    for width in (geo.gw, W - 2 * LEGEND_EDGE):
        fixed = title.w + symbols.w + COMPASS.w + 3 * LEGEND_GAP + sum(b.w + LEGEND_GAP for b in marks)
        options = []
        key = _terrain_block(content, width - fixed)
        if key:
            options.append([title, key, symbols] + marks + [COMPASS])
        key = _terrain_block(content, width)
        if key:
            options.append([title, symbols] + marks + [COMPASS, key])
        for blocks in options:
            if max(b.w for b in blocks) > width + 1e-6:
                continue
            rows, w, h = _flow(blocks, width)
            if best is None or h < best.h - 1e-6:
                best = LegendPlan(False, geo.ox, rows, w, h, lines_h, True, "")
        if best and geo.oy + geo.gh + lines_h + 8 + best.h <= bottom:
            return best
    under_h = best.h if best else float("inf")
    # beside the grid: one column, the grid moved to the left edge
    col_w = W - 2 * LEGEND_EDGE - geo.gw - LEGEND_GAP
    key = _terrain_block(content, col_w)
    if key:
        blocks = [title, symbols] + marks + [COMPASS, key]
        if max(b.w for b in blocks) <= col_w + 1e-6:
            rows, w, h = _flow(blocks, 0)         # width 0: one block a row
            if geo.oy + h <= bottom and geo.oy + geo.gh + lines_h <= bottom:
                return LegendPlan(True, LEGEND_EDGE, rows, w, h, lines_h, True, "")
    room = bottom - (geo.oy + geo.gh + lines_h + 8)
    need = (f"the legend needs {under_h / INCH:.2f} in under the grid and the sheet leaves "
            f"{max(room, 0) / INCH:.2f} in" if best else
            "the terrain key does not fit the sheet's width")
    return LegendPlan(False, geo.ox, best.rows if best else [], best.w if best else 0, under_h,
                      lines_h, False, need)


def legend(content: Content, geo, version_text: str) -> list[Primitive]:
    """The legend's primitives, where :func:`plan_legend` put it (``geo.legend``)."""
    plan = geo.legend
    if not plan.fits:
        raise ValueError(f"the map does not fit its {geo.W / INCH:g} x {geo.H / INCH:g} in sheet: "
                         f"{plan.need}")
    out = _line_labels(content, geo)
    if plan.beside:
        lx, ly = geo.ox + geo.gw + LEGEND_GAP, geo.oy
    else:
        lx, ly = (geo.ox if plan.w <= geo.gw + 1e-6 else (geo.W - plan.w) / 2,
                  geo.oy + geo.gh + plan.lines_h + 8)
    draw = {"title": _draw_title, "terrain": _draw_terrain, "symbols": _draw_symbols,
            "compass": _draw_compass, "marks": _draw_marks}
    for row in plan.rows:
        for x, y, b in row:
            out += draw[b.kind](content, geo, b, lx + x, ly + y, version_text)
    return out


def _line_labels(content: Content, geo) -> list[Primitive]:
    """Each map line labelled under its column; a side whose owned places all lie on one side
    of the line is named on that side."""
    m = content.map
    out: list[Primitive] = []
    if not _hexes(content) or content.map.grid.orientation != "flat":
        return out
    top = geo.oy + geo.gh + 8
    for line in m.lines:
        hx, _ = geo.centre(line.at, 1)
        lab = f"{line.name.upper()} (column {line.at:02d})"
        out += label_plate(hx, top + 6, lab, 6.5, "sans-bold", fill="#111111", ink="#ffffff")
        lw = text_width(lab, "sans-bold", 6.5) / 2 + 8
        for side in sorted(content.game.sides, key=lambda sd: sd.id):
            cols = {hexes.parse_hex_id(p.hex)[0] for p in m.places if p.side == side.id}
            if cols and max(cols) < line.at:
                out.append(Text(hx - lw, top + 6, f"\u25c4 {side.adjective} half", 6.5, "sans-bold",
                                side.colour.full, "end"))
            elif cols and min(cols) > line.at:
                out.append(Text(hx + lw, top + 6, f"{side.adjective} half \u25ba", 6.5, "sans-bold",
                                side.colour.full, "start"))
        top += 12
    return out


def _draw_title(content, geo, b, x0, top, version_text) -> list[Primitive]:
    title = content.game.title
    out: list[Primitive] = [Text(x0, top + 20, title, _title_size(title), "sans-bold", "#000000")]
    if content.game.subtitle:
        out.append(Text(x0, top + 33, content.game.subtitle, 10, "sans", "#000000"))
    out.append(Text(x0, top + 45, _info_line(content, geo), 6.5, "sans", GREY))
    if version_text:
        out.append(Text(x0, top + 54, version_text, 6.5, "sans", GREY))
    return out


def _draw_terrain(content, geo, b, kx0, top, version_text) -> list[Primitive]:
    g = content.map.grid
    sw = SWATCH
    cw = _terrain_entry_w(content)
    out: list[Primitive] = [Text(kx0, top + 2, "TERRAIN", 6.5, "sans-bold", "#000000")]
    for i, t in enumerate(content.map.terrain):
        r, c = divmod(i, b.cols)
        ex, ey = kx0 + c * cw, top + 8 + r * KEY_ROW
        scx, scy = ex + sw * 0.6, ey + sw / 2
        R = sw / math.sqrt(3)
        corners = swatch_corners(scx, scy, sw, g.orientation) if _hexes(content) else \
            cell_swatch(content, scx, scy, sw)
        if t.pattern == "road":
            out.append(Polygon(corners, fill=t.colour, stroke=None))
            out.append(Line(scx - R, scy, scx + R, scy, ROAD_CASING, 4.2 * sw / 63 * 2))
            out.append(Line(scx - R, scy, scx + R, scy, ROAD_FILL, 2.4 * sw / 63 * 2))
        else:
            art = terrain_hex(t, 0, 0, 63.0, corners=[((x - scx) * 63 / sw, (y - scy) * 63 / sw)
                                                       for x, y in corners])
            out.append(Group(tuple(art), translate=(scx, scy), scale=sw / 63))
        out.append(Polygon(corners, fill=None, stroke=GRID_INK, stroke_width=0.5))
        tx = ex + sw * 1.25
        out.append(Text(tx, ey + 10, t.name, 7, "sans-bold"))
        out.append(Text(tx, ey + 19, _cost(t), 6.5, "sans", GREY))
    return out


def _draw_symbols(content, geo, b, lx, top, version_text) -> list[Primitive]:
    m = content.map
    lines = _symbol_lines(content)
    out: list[Primitive] = [Text(lx, top + 2, "ON THE MAP", 6.5, "sans-bold", "#000000")]
    if not _hexes(content):
        return out + _draw_board_symbols(content, geo, lx, top, lines)
    y = top + 16
    chips = chip_colours(content)
    ut0 = content.unit_type(content.counters.units[0].type)
    x = lx
    for sd in content.game.sides:                    # one chip per side, in its chip colour
        out += chip(x, y - 7, 22, ut0.short, *chips[sd.id])
        x += 26
    out.append(Text(x + 2, y, lines[0], 6.5, "sans"))
    side0 = content.game.sides[0]
    rest = lines[1:]
    if any(p.side for p in m.places):
        y += 14
        out.append(Rect(lx, y - 7, 22, 9, fill=None, stroke=side0.colour.full, stroke_width=2.2))
        out.append(Text(lx + 28, y, rest.pop(0), 6.5, "sans"))
    if m.lines:
        y += 14
        out.append(Rect(lx, y - 7, 22, 9, fill=None, stroke="#111111", stroke_width=1.3, dash=(4, 2.5)))
        out.append(Text(lx + 28, y, rest.pop(0), 6.5, "sans"))
    for f in m.hexsides:                             # drawn as on the map, at the map's size
        y += 14
        if f.style == "bridge":
            out.append(Line(lx, y - 2.5, lx + 22, y - 2.5, GRID_INK, 0.6))
            out += bridge_glyph((lx + 5, y - 2.5), (lx + 17, y - 2.5), f.colour, 26.0)
        else:
            out += [p for part in hexside_line((lx + 2, y - 2.5), (lx + 20, y - 2.5), f.colour,
                                               min(feature_width(geo.flats), 5.0)) for p in part]
        out.append(Text(lx + 28, y, rest.pop(0), 6.5, "sans"))
    for r in m.roads:
        y += 14
        w = min(road_width(geo.flats), 3.0)
        out.append(Line(lx + 1, y - 2.5, lx + 21, y - 2.5, darken(r.colour, 0.5), w + 1.6))
        out.append(Line(lx + 1, y - 2.5, lx + 21, y - 2.5, r.colour, w))
        out.append(Text(lx + 28, y, rest.pop(0), 6.5, "sans"))
    return out


def _draw_board_symbols(content, geo, lx, top, lines) -> list[Primitive]:
    """The symbols of another board, drawn as on the map: chips, an owned space's ring, roads,
    each kind of connection, a crossing's plate."""
    out: list[Primitive] = []
    y = top + 2
    rest = lines[:]
    if _sets_up_units(content):                     # no chip when no unit stands on the board
        y += 14
        chips = chip_colours(content)
        ut0 = content.unit_type(content.counters.units[0].type)
        x = lx
        for sd in content.game.sides:
            out += chip(x, y - 7, 22, ut0.short, *chips[sd.id])
            x += 26
        out.append(Text(x + 2, y, rest.pop(0), 6.5, "sans"))
    board = board_of(content)
    if any(s.owner for s in board.spaces):
        y += 14
        out.append(Rect(lx, y - 7, 22, 9, fill=None, stroke=content.game.sides[0].colour.full, stroke_width=2.2))
        out.append(Text(lx + 28, y, rest.pop(0), 6.5, "sans"))
    for r in content.map.roads:
        y += 14
        w = min(road_width(geo.flats), 3.0)
        out.append(Line(lx + 1, y - 2.5, lx + 21, y - 2.5, darken(r.colour, 0.5), w + 1.6))
        out.append(Line(lx + 1, y - 2.5, lx + 21, y - 2.5, r.colour, w))
        out.append(Text(lx + 28, y, rest.pop(0), 6.5, "sans"))
    for kind, style in connection_styles(board).items():
        y += 14
        out += connection_line([(lx + 1, y - 2.5), (lx + 21, y - 2.5)], style)
        out.append(Text(lx + 28, y, rest.pop(0), 6.5, "sans"))
    if rest:
        y += 14
        out += label_plate(lx + 11, y, "\u25b6", 6, "sans-bold", fill="#1f3b5c", ink="#ffffff")
        out.append(Text(lx + 28, y, rest.pop(0), 6.5, "sans"))
    return out


def cell_swatch(content: Content, cx: float, cy: float, sw: float) -> list[tuple[float, float]]:
    """A terrain swatch's outline on a board that is not hexes: an octagon on an octagon board,
    else a square, ``sw`` across, centred on (cx, cy)."""
    h = sw / 2
    g = content.map.grid
    if g is not None and g.kind == "octagon":
        c = sw / (2 + math.sqrt(2))
        return [(cx - h + c, cy - h), (cx + h - c, cy - h), (cx + h, cy - h + c), (cx + h, cy + h - c),
                (cx + h - c, cy + h), (cx - h + c, cy + h), (cx - h, cy + h - c), (cx - h, cy - h + c)]
    return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]


def _draw_marks(content, geo, b, lx, top, version_text) -> list[Primitive]:
    return draw_marks_block(content, lx, top)


def _draw_compass(content, geo, b, x, top, version_text) -> list[Primitive]:
    return compass(x + b.w / 2, top + 32, content.map.grid.north if content.map.grid is not None else "up")
