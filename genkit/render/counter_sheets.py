"""Counter sheets: every piece's faces (:mod:`.counters`) imposed on sheets, ``"duplex"``
(fronts page, then a backs page whose pieces sit at the mirrored positions for a long-edge
flip) or ``"fold"`` (fronts on the left half, backs mirrored on the right half, a fold line
between), with how to read a counter (the player aid's key) under the last sheet's counters
when there is room."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..model.schema import Content
from .aid import aid_style
from .aid_text import stack
from .aid_units import key_rows
from .counters import Piece, counter_size, pieces, side_initial
from .draw import Group, Line, Primitive, Text
from .layout import GREY, SheetStyle, header
from .sheets import (FOOTER_BAND, MARK_OFFSET, MIN_MARK, SAFE_MARGIN, Slot, calibration_square,
                     crop_marks, cut_lines, duplex_back_rotation, extend_to_bleed,
                     mirror_for_duplex, place_item)

LAYOUTS = ("duplex", "fold")
FLIP = "long"


def counter_key(content: Content, width: float, content_root=None) -> tuple[list, float]:
    """How to read a counter (:func:`key_rows`) ``width`` wide, with genkit's or the pack's aid
    style, for a counter sheet: (items at the origin, height)."""
    r = stack(key_rows(content, aid_style(content, content_root), width, content_root))
    return list(r.items), r.height


@dataclass
class CounterSheets:
    pages: list                    # Page objects, in print order
    placements: list               # (piece id, page index, Slot, "front"|"back")
    layout: str
    flip: str | None

    @property
    def pieces_drawn(self) -> int:
        return len({pid for pid, _, _, f in self.placements if f == "front"})


def _rows(items: Sequence[Piece], cols: int) -> list[list[Piece]]:
    """Pack pieces into rows of ``cols``; each section starts a new row."""
    rows: list[list[Piece]] = []
    cur: list[Piece] = []
    section = None
    for p in items:
        if cur and (len(cur) == cols or p.section != section):
            rows.append(cur)
            cur = []
        section = p.section
        cur.append(p)
    if cur:
        rows.append(cur)
    return rows


def _paginate(items: Sequence[Piece], cols: int, nrows: int) -> list[list[list[Piece]]]:
    """Rows of pieces onto sheets.  Each section (a side's units, the markers) starts a new
    row unless that alone costs an extra sheet, in which case the pieces run on; when more
    than one sheet is needed the rows are shared out evenly, so the last sheet is never a
    stub of two pieces."""
    rows = _rows(items, cols)
    if math.ceil(len(rows) / nrows) > math.ceil(math.ceil(len(items) / cols) / nrows):
        rows = [list(items[i:i + cols]) for i in range(0, len(items), cols)]
    npages = math.ceil(len(rows) / nrows)
    per, extra = divmod(len(rows), npages)
    out, i = [], 0
    for p in range(npages):
        n = per + (1 if p < extra else 0)
        out.append(rows[i:i + n])
        i += n
    return out


def _key_below(content: Content, last_rows: list, top: float, bottom: float, pitch: float,
               margin: float, W: float, content_root) -> list[Primitive]:
    """How to read a counter (the player aid's key, drawn from the counter template) under the
    last sheet's counters, when there is room for it; else nothing (the aid always has it)."""
    if not content.unit_types:                      # markers only: no unit counter to explain
        return []
    width = min(W - 2 * margin, 540.0)
    items, height = counter_key(content, width, content_root)
    y = top + len(last_rows) * pitch + 24.0          # clear of the last row's crop marks
    if y + height > bottom:
        return []
    return [Group(tuple(items), translate=(margin, y))]


def counter_sheets(content: Content, style: SheetStyle, layout: str = "duplex",
                   content_root: str | Path | None = None) -> CounterSheets:
    if layout not in LAYOUTS:
        raise ValueError(f"counters layout must be one of {', '.join(LAYOUTS)}, got {layout!r}")
    W, H = style.size
    s = counter_size(content)
    b = style.bleed
    gap = 2 * b
    # the grid keeps the printer's margin plus room for its crop marks on every side
    margin = SAFE_MARGIN + MARK_OFFSET + MIN_MARK + b
    gutter = 18.0 + 2 * b                              # fold: space around the fold line
    items = pieces(content, content_root)
    title = content.game.title

    # the area the counters may use on every page
    head_h = 72.0 + 12.0                               # calibration square + gap
    top = margin + head_h
    bottom = H - margin - FOOTER_BAND
    if layout == "duplex":
        ax0, ax1 = margin, W - margin
    else:
        ax0, ax1 = margin, W / 2 - gutter / 2
    cols = math.floor((ax1 - ax0 + gap) / (s + gap) + 1e-9)
    nrows = math.floor((bottom - top + gap) / (s + gap) + 1e-9)
    if cols < 1 or nrows < 1:
        raise ValueError(f"a {s:g} pt counter does not fit a {W:g}x{H:g} pt sheet")
    gw = cols * s + (cols - 1) * gap
    x0 = ax0 + (ax1 - ax0 - gw) / 2 if layout == "duplex" else ax1 - gw
    pages_rows = _paginate(items, cols, nrows)
    npages = len(pages_rows)
    key = _key_below(content, pages_rows[-1], top, bottom, s + gap, margin, W, content_root)

    rot = duplex_back_rotation(W, H, FLIP)
    side_key = "The band down a piece's left edge names its side: " + ", ".join(
        f"{side_initial(content, sd.id)} = {sd.adjective or sd.name}" for sd in content.game.sides) + "."
    out_pages = []
    placements = []
    sq_x = W - margin - 72
    for pi, prow in enumerate(pages_rows):
        slots: list[tuple[Piece, Slot]] = []
        for r, row in enumerate(prow):
            for c, p in enumerate(row):
                slots.append((p, Slot(round(x0 + c * (s + gap), 6), round(top + r * (s + gap), 6),
                                      s, s, r, c)))
        fslots = [sl for _, sl in slots]
        bslots = mirror_for_duplex(fslots, W, H, FLIP)
        front_art = [place_item(extend_to_bleed(p.front, s, s, b), sl, bleed=b) for p, sl in slots]
        back_art = [place_item(extend_to_bleed(p.back, s, s, b), sl, bleed=b, rotate=rot)
                    for (p, _), sl in zip(slots, bslots)]

        def marks(sl):
            m = crop_marks(sl, bleed=b, page_w=W, page_h=H, length=9, offset=MARK_OFFSET,
                           safe=SAFE_MARGIN)
            if b == 0:
                m = cut_lines(sl, stroke="#9a9a9a", stroke_width=0.3, dash=None) + m
            return m

        sheet_no = f"sheet {pi + 1} of {npages}" if npages > 1 else ""
        # what the sheet has to cut along: grey lines on the cut, or (bleed: the art runs past the
        # cut and a line there would print on the pieces) only the crop marks in the margins
        cut = ("cut along the grey lines." if b == 0 else
               f"cut at the crop marks (art runs {b / 72 * 25.4:.0f} mm past each cut).")
        hw = sq_x - margin - 12
        if layout == "duplex":
            f_head, _ = header(margin, margin, hw, f"{title} - counters, FRONTS" +
                               (f" ({sheet_no})" if sheet_no else ""), [
                "Print double-sided, flipping on the LONG edge: the next page holds the backs, "
                "which register behind these fronts.",
                f"Check the 1-inch square first. {len(fslots)} pieces on this sheet; {cut}",
                side_key,
            ])
            b_head, _ = header(margin + 84, margin, hw, f"{title} - counters, BACKS" +
                               (f" ({sheet_no})" if sheet_no else ""), [
                "Print on the back of the fronts sheet (flip on the LONG edge).",
                ("Reduced sides are the lighter shade" if any(u.strength is not None for u in content.unit_types)
                 else "Backs are the lighter shade (units count figures, not steps)")
                + "; this square backs the front's square.",
            ])
            front_page = list(front_art) + marks(fslots) + f_head + calibration_square(sq_x, margin)
            if pi == npages - 1:
                front_page += key
            back_sq = mirror_for_duplex([(sq_x, margin)], W, H, FLIP, item_w=72, item_h=72)[0]
            back_page = list(back_art) + marks(bslots) + b_head + \
                calibration_square(back_sq.x, back_sq.y)
            out_pages.append(style.page(front_page, W, H, f"counters fronts {pi + 1}",
                                        "counters: fronts, then backs on the next page (flip on long edge)"))
            out_pages.append(style.page(back_page, W, H, f"counters backs {pi + 1}",
                                        "counters: backs"))
            fidx, bidx = len(out_pages) - 2, len(out_pages) - 1
        else:
            head, _ = header(margin, margin, hw, f"{title} - counters, FOLD AND GLUE" +
                             (f" ({sheet_no})" if sheet_no else ""), [
                "For printers without double-sided printing: fronts on the left, backs on the right.",
                f"Fold on the dashed line, glue the halves back to back, then {cut}",
                side_key,
            ])
            fold = [Line(W / 2, top - 8, W / 2, bottom, "#000000", 0.5, (4, 3)),
                    Text(W / 2 - 3, top - 8, "FOLD", 6, "sans-bold", GREY, "end")]
            page_items = list(front_art) + list(back_art) + marks(fslots) + marks(bslots) + fold + \
                head + calibration_square(sq_x, margin) + (key if pi == npages - 1 else [])
            out_pages.append(style.page(page_items, W, H, f"counters fold {pi + 1}",
                                        "counters: fold-and-glue layout"))
            fidx = bidx = len(out_pages) - 1
        for (p, fs), bs in zip(slots, bslots):
            placements.append((p.id, fidx, fs, "front"))
            placements.append((p.id, bidx, bs, "back"))
    return CounterSheets(out_pages, placements, layout, FLIP)
