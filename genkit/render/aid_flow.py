"""The player aid's page filling: its sections (:class:`~.layout.Block`) down the pages, full
blocks across the page, runs of half blocks in two columns.

A run of half blocks keeps the style's order, split into two balanced columns, when that fits
what is left of the page; when it does not, each section goes whole into the column where it
fits, the tallest first (each column keeping the style's order), so no section is split while
the two columns could hold them all.  Only a run that cannot fit whole is split between its
rows, down the columns and onto the next page."""

from __future__ import annotations

from typing import Sequence

from .layout import Block, Row

Placed = tuple  # (x, y, Row)


def _height(units: Sequence[tuple[int, int, Row]], gap: float) -> float:
    """Height of a column holding ``units`` ((block, row index, Row)) from its top."""
    h = 0.0
    for i, (b, r, row) in enumerate(units):
        if i == 0 and r > 0 and row.repeat is not None:
            h += row.repeat.height
        elif i > 0 and units[i - 1][0] != b:
            h += gap
        h += row.height
    return h


def _take(units, start: int, avail: float, gap: float, forced: bool) -> int:
    """How many units from ``start`` fit a column ``avail`` high (at least one when ``forced``:
    a column at the top of an empty page takes what it must)."""
    n = 0
    while start + n < len(units) and _height(units[start:start + n + 1], gap) <= avail + 1e-6:
        n += 1
    n = max(n, 1) if forced and start < len(units) else n
    # no section's first row (its heading) alone at the foot of a column
    alone = start + 1 < len(units) and units[start + 1][0] == units[start][0]
    if n == 1 and not forced and units[start][1] == 0 and alone:
        return 0
    # end the column between two sections rather than split one, if that leaves little unused
    end = start + n
    if 0 < n and end < len(units) and units[end][0] == units[end - 1][0]:
        for k in range(end - 1, start, -1):
            if units[k][0] != units[k - 1][0]:
                if _height(units[start:k], gap) >= (2 / 3) * _height(units[start:end], gap):
                    return k - start
                break
        # no section's last row alone at the top of the next column
        widow = end + 1 == len(units) or units[end + 1][0] != units[end][0]
        if widow and units[end - 1][1] >= 2 and n >= 2:
            return n - 1
    return n


def _place(units, x: float, y: float, gap: float) -> list[Placed]:
    out = []
    for i, (b, r, row) in enumerate(units):
        if i == 0 and r > 0 and row.repeat is not None:
            out.append((x, y, row.repeat))
            y += row.repeat.height
        elif i > 0 and units[i - 1][0] != b:
            y += gap
        out.append((x, y, row))
        y += row.height
    return out


def _split(units, gap: float, avail: float) -> int | None:
    """Where to break a run of half-width units into two balanced columns that both fit
    ``avail``: the shortest taller column, a break between sections preferred."""
    best, where = None, None
    for k in range(1, len(units) + 1):
        a, b = _height(units[:k], gap), _height(units[k:], gap)
        if max(a, b) > avail + 1e-6:
            continue
        mid_block = k < len(units) and units[k][0] == units[k - 1][0]
        # never a section's first row alone at the foot of the left column, nor its last alone
        # at the head of the right
        if mid_block and (units[k - 1][1] == 0 or k + 1 == len(units) or units[k + 1][0] != units[k][0]):
            continue
        score = max(a, b) + (24.0 if mid_block else 0.0)
        if best is None or score < best:
            best, where = score, k
    return where


def _whole_columns(units, gap: float, avail: float) -> list[list] | None:
    """A run of half-width units as two columns of whole sections, each at most ``avail``
    high, or None when they cannot be: the tallest section first into the column where it fits
    that is shorter so far (the left on a tie); each column keeps the style's order."""
    blocks: dict[int, list] = {}
    for u in units:
        blocks.setdefault(u[0], []).append(u)
    cols: list[list[int]] = [[], []]
    for b in sorted(blocks, key=lambda b: (-_height(blocks[b], gap), b)):
        heights = [_height([u for c in sorted(col + [b]) for u in blocks[c]], gap) for col in cols]
        fits = [c for c in (0, 1) if heights[c] <= avail + 1e-6]
        if not fits:
            return None
        now = [_height([u for c in sorted(col) for u in blocks[c]], gap) for col in cols]
        cols[min(fits, key=lambda c: (now[c], c))].append(b)
    return [[u for b in sorted(col) for u in blocks[b]] for col in cols]


def _balanced(units, gap: float) -> float:
    """The taller column of a run of half-width units split as evenly as it can be."""
    return min(max(_height(units[:k], gap), _height(units[k:], gap)) for k in range(1, len(units) + 1))


def flow(blocks: Sequence[Block], width: float, gutter: float, gap: float, top: float,
         bottom: float) -> list[list[Placed]]:
    """Lay sections out down the pages: each full block across ``width``, runs of half blocks
    in two balanced columns ``gutter`` apart, ``gap`` between sections; a section moves on to
    the next column or page between its rows, never inside one.  A section that fits a page
    moves on whole rather than leave less than 2/3 of it at the foot of a page, unless that
    costs the aid a page: then sections split where the page ends.  Returns per page the placed
    rows (x from the content's left edge, y from the page top)."""
    whole = _flow(blocks, width, gutter, gap, top, bottom, keep_whole=True)
    split = _flow(blocks, width, gutter, gap, top, bottom, keep_whole=False)
    return split if len(split) < len(whole) else whole


def _flow(blocks: Sequence[Block], width: float, gutter: float, gap: float, top: float,
          bottom: float, keep_whole: bool) -> list[list[Placed]]:
    pages: list[list[Placed]] = [[]]
    y = top
    half_w = (width - gutter) / 2
    runs: list[list[Block]] = []
    for blk in blocks:
        if blk.span == "half" and runs and runs[-1][0].span == "half" and not blk.new_page:
            runs[-1].append(blk)
        else:
            runs.append([blk])
    for run in runs:
        units = [(bi, ri, row) for bi, blk in enumerate(run) for ri, row in enumerate(blk.rows)]
        if not units:
            continue
        if run[0].new_page and pages[-1]:
            pages.append([])
            y = top
        i = 0
        # a section that fits a page moves on whole rather than leave less than 2/3 of it behind
        whole = _height(units, gap) if run[0].span == "full" else _balanced(units, gap)
        if keep_whole and pages[-1] and y > top and bottom - y < whole <= bottom - top and bottom - y < whole * 2 / 3:
            pages.append([])
            y = top
        while i < len(units):
            fresh = not pages[-1] or y == top
            avail = bottom - y
            if run[0].span == "half":
                k = _split(units[i:], gap, avail)
                packed = _whole_columns(units[i:], gap, avail) if k is None and i == 0 else None
                if k is not None:
                    cols = [units[i:i + k], units[i + k:]]
                elif packed is not None:
                    cols = packed
                else:
                    ka = _take(units, i, avail, gap, fresh)
                    kb = _take(units, i + ka, avail, gap, False) if ka else 0
                    cols = [units[i:i + ka], units[i + ka:i + ka + kb]]
                used = 0
                for c, col in enumerate(cols):
                    if col:
                        pages[-1] += _place(col, c * (half_w + gutter), y, gap)
                        used = max(used, _height(col, gap))
                n = len(cols[0]) + len(cols[1])
            else:
                n = _take(units, i, avail, gap, fresh)
                used = _height(units[i:i + n], gap) if n else 0
                pages[-1] += _place(units[i:i + n], 0, y, gap)
            i += n
            y += used + gap
            if i < len(units) or n == 0:
                pages.append([])
                y = top
    if not pages[-1] and len(pages) > 1:
        pages.pop()
    return pages
