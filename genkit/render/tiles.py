"""Tiling a big page (the map) onto small paper at 1:1: as few tiles as the paper allows, the
page shared out evenly between them, with cut lines, glue strips and registration ticks that
print in the margin, never on the art.  Re-exported by :mod:`.sheets`."""

from __future__ import annotations

import math
from typing import Sequence

from .draw import Group, Line, Page, Primitive, Rect, Text
from .sheets import EPS, PRINT_AT_100, SAFE_MARGIN, footer
from .text_fit import fit_text

#: the paper margin around a tile's window: the printer's quarter inch plus room for the
#: registration ticks, which print in the margin, never on the art
TILE_MARGIN = SAFE_MARGIN + 12
TILE_LABEL_H = 18.0
TICK = 9.0


def _tile_window(paper_w, paper_h, margin, label_h):
    ww = paper_w - 2 * margin
    wh = paper_h - 2 * margin - label_h
    return ww, wh


def tile_count(big_w: float, big_h: float, paper_w: float, paper_h: float,
               overlap: float = 36, margin: float = TILE_MARGIN,
               label_h: float = TILE_LABEL_H) -> tuple[int, int]:
    """(rows, cols) that :func:`tile` would produce (compare portrait vs landscape paper)."""
    ww, wh = _tile_window(paper_w, paper_h, margin, label_h)
    if ww <= overlap or wh <= overlap:
        raise ValueError(f"overlap {overlap:g} pt leaves no room on {paper_w:g}x{paper_h:g} paper "
                         f"with {margin:g} pt margins")

    def n(big, win):
        if big <= win + EPS:
            return 1
        return math.ceil((big - overlap) / (win - overlap) - EPS)
    return n(big_h, wh), n(big_w, ww)


def _spans(big: float, n: int, overlap: float) -> list[tuple[float, float]]:
    """``n`` windows of equal length covering ``0..big``, neighbours sharing ``overlap``: the
    map is shared out evenly, so no tile is a mostly blank sliver."""
    if n == 1:
        return [(0.0, big)]
    step = (big - overlap) / n
    return [(round(i * step, 6), round(step + overlap, 6)) for i in range(n)]


def overlap_words(overlap: float) -> str:
    """``"0.5 in (12.7 mm)"``."""
    return f"{overlap / 72:g} in ({overlap / 72 * 25.4:.1f} mm)"


def _tile_marks(r, c, rows, cols, ys, xs, overlap, px, py, vw, vh, n_of) -> list[Primitive]:
    """A tile's cut and glue lines and its registration ticks, in paper coordinates.

    A tile with a neighbour on its left (above) is cut along its window's left (top) edge, a
    solid line; its strip on the right (bottom) is the glue strip the next tile covers,
    bounded by a dashed line where that tile's cut edge goes.  Registration ticks stand in the
    paper margin, at the middle of every overlap, the same big-map position on both tiles."""
    ox, oy = xs[c][0], ys[r][0]
    x0, y0, x1, y1 = px, py, px + vw, py + vh
    out: list[Primitive] = []
    cut, glue = ("#000000", 0.6), ("#000000", 0.5)
    if c > 0:
        out.append(Line(x0, y0, x0, y1, *cut))
    if r > 0:
        out.append(Line(x0, y0, x1, y0, *cut))
    if c < cols - 1:
        gx = px + xs[c + 1][0] - ox
        out.append(Line(gx, y0, gx, y1, *glue, (5, 3)))
        out.append(Text(x1 + 4, (y0 + y1) / 2, f"GLUE under tile {n_of(r, c + 1)}", 6, "sans-bold",
                        "#404040", "middle", rotate=90))
    if r < rows - 1:
        gy = py + ys[r + 1][0] - oy
        out.append(Line(x0, gy, x1, gy, *glue, (5, 3)))
    # ticks: vertical overlaps (left/right neighbours) in the top and bottom margins ...
    for cc in (c, c + 1):
        if 0 < cc < cols:
            tx = px + xs[cc][0] + overlap / 2 - ox
            out += [Line(tx, y0 - 2, tx, y0 - 2 - TICK, "#000000", 0.5),
                    Line(tx, y1 + 2, tx, y1 + 2 + TICK, "#000000", 0.5)]
    # ... horizontal overlaps (tiles above/below) in the left and right margins
    for rr in (r, r + 1):
        if 0 < rr < rows:
            ty = py + ys[rr][0] + overlap / 2 - oy
            out += [Line(x0 - 2, ty, x0 - 2 - TICK, ty, "#000000", 0.5),
                    Line(x1 + 2, ty, x1 + 2 + TICK, ty, "#000000", 0.5)]
    return out


def tile(page_items: Sequence[Primitive], big_w: float, big_h: float, paper_w: float,
         paper_h: float, overlap: float = 36, margin: float = TILE_MARGIN, *,
         title: str | None = None, footer_text: str = PRINT_AT_100,
         label_h: float = TILE_LABEL_H, auto_orient: bool = False) -> list[Page]:
    """Split a big page (``big_w`` x ``big_h``, e.g. a Tabloid map) into overlapping
    1:1 tiles on ``paper_w`` x ``paper_h`` paper.

    As few tiles as the paper allows (``auto_orient=True`` turns the paper when that needs
    fewer; equal counts keep it), and the map is shared out evenly between them (every tile
    shows the same share, so none is a blank sliver).  Neighbouring windows share exactly
    ``overlap`` points; each tile has cut lines, glue strips and registration ticks in the
    margin (:func:`_tile_marks`) and two lines under it: which tile it is, the overlap in
    inches and mm, and how to assemble.  Tiles run row-major from the top-left."""
    if auto_orient:
        r0, c0 = tile_count(big_w, big_h, paper_w, paper_h, overlap, margin, label_h)
        r1, c1 = tile_count(big_w, big_h, paper_h, paper_w, overlap, margin, label_h)
        if r1 * c1 < r0 * c0:
            paper_w, paper_h = paper_h, paper_w
    rows, cols = tile_count(big_w, big_h, paper_w, paper_h, overlap, margin, label_h)
    xs, ys = _spans(big_w, cols, overlap), _spans(big_h, rows, overlap)
    n = rows * cols

    def n_of(r, c):
        return r * cols + c + 1

    items = tuple(page_items)
    pages = []
    for r in range(rows):
        for c in range(cols):
            (ox, vw), (oy, vh) = xs[c], ys[r]
            # the window and its two lines centred on the paper
            px = round((paper_w - vw) / 2, 6)
            py = round(max(margin, (paper_h - vh - label_h) / 2), 6)
            content = Group(items, translate=(px - ox, py - oy),
                            clip=Rect(ox, oy, vw, vh, fill=None, stroke=None))
            frame = Rect(px, py, vw, vh, None, "#808080", 0.25)
            marks = _tile_marks(r, c, rows, cols, ys, xs, overlap, px, py, vw, vh, n_of)
            head = (f"{title + ' - ' if title else ''}tile {n_of(r, c)} of {n} (row {r + 1}/{rows}, "
                    f"column {c + 1}/{cols}); overlap {overlap_words(overlap)}")
            how = ("Cut tiles on the solid line; lay each over its neighbour's glue strip up to "
                   "the dashed line, matching the ticks in the margin")
            y = py + vh + 10
            foot = [Text(px, y, head, fit_text(head, "sans-bold", 6.5, paper_w - 2 * margin),
                         "sans-bold", "#000000"),
                    Text(px, y + 8.5, how, fit_text(how, "sans", 6.5, paper_w - 2 * margin),
                         "sans", "#404040")]
            foot += footer(paper_w, paper_h, "", footer_text, margin=margin, bottom=SAFE_MARGIN)
            pages.append(Page(paper_w, paper_h, (content, frame, *marks, *foot),
                              title=f"{title or 'tile'} r{r + 1}c{c + 1}"))
    return pages
