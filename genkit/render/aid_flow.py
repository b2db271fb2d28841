"""The player aid's page filling: its sections (:class:`~.layout.Block`) down the pages, full
blocks across the page, runs of half blocks in two columns.

A run of half blocks keeps the style's order, split into two balanced columns, when that fits
what is left of the page; when it does not, each section goes whole into the column where it
fits, the tallest first (each column keeping the style's order), so no section is split while
the two columns could hold them all.  Only a run that cannot fit whole is split between its
rows, down the columns and onto the next page.

A section breaks as a typesetter breaks a paragraph, without widows or orphans: only where at
least :data:`KEEP` of its rows stay on each side (a table's note kept with its last row), so a
section of fewer rows than twice that moves on whole when it does not fit where it is; the
rule gives way (:data:`EASED`) only where it would cost the aid a page (see
:func:`flow`) or where a column at the top of a page cannot be filled otherwise."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .layout import Block, Row

Placed = tuple  # (x, y, Row)

#: a section is broken only where at least this many of its rows stay on each side: the part
#: that opens the next column or page sits under its repeated heading and table head, as tall
#: as a row or two themselves, and fewer rows than this under them read as a stub cut off from
#: the table, not a table continued (a row kept with the one before it, a table's note, is not
#: counted apart)
KEEP = 3


class Keep(NamedTuple):
    """How many of a section's rows a break leaves at the foot of a column and at the head of
    the next one, at least."""
    foot: int
    head: int


#: the rule as it gives way, step by step, where it would cost the aid a page: KEEP rows on each
#: side, then fewer, at last one row alone at the head of a column (under its section's
#: repeated heading) but never a heading with only one row at the foot of one
EASED = tuple(Keep(k, k) for k in range(KEEP, 1, -1)) + (Keep(2, 1),)


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


class _Heights:
    """Heights of the columns holding runs of ``units`` back to back, each from sums kept once
    (:func:`_height` of every run, in linear time for all)."""

    def __init__(self, units, gap: float):
        self.units, self.gap = units, gap
        self.sums = [0.0]
        for i, (_, _, row) in enumerate(units):
            self.sums.append(self.sums[-1] + self._gap(i) + row.height)

    def _gap(self, i: int) -> float:
        return self.gap if 0 < i < len(self.units) and self.units[i - 1][0] != self.units[i][0] else 0.0

    def __call__(self, i: int, j: int) -> float:
        """:func:`_height` of ``units[i:j]``."""
        if j <= i:
            return 0.0
        _, r, row = self.units[i]
        repeat = row.repeat.height if r > 0 and row.repeat is not None else 0.0
        return self.sums[j] - self.sums[i] - self._gap(i) + repeat


def _follows(unit) -> bool:
    """Whether a unit stays with the one before it in its section (a note under a table)."""
    return unit[1] > 0 and unit[2].keep_with_previous


def _holds(units, indices, least: int, back: bool) -> bool:
    """Whether ``units`` at ``indices`` (in turn, while they are of the first one's section and
    of its table: going ``back``, up to the row that opens it; forward, up to the next that
    opens one) hold at least ``least`` rows, a row kept with the one before not counted."""
    rows, b = 0, None
    for i in indices:
        opens = units[i][2].opens_table
        if b is None:
            b = units[i][0]
        elif units[i][0] != b or (opens and not back):
            break
        rows += not _follows(units[i])
        if rows >= least:
            return True
        if opens and back:
            break
    return False


def _may_end(units, start: int, end: int, least: Keep) -> bool:
    """Whether a column holding ``units[start:end]`` may end there: between two sections, or
    inside one with at least ``least`` of its rows on each side of the break and no row parted
    from the one it stays with."""
    if end >= len(units) or units[end][0] != units[end - 1][0]:
        return True
    return not _follows(units[end]) and _holds(units, range(end - 1, start - 1, -1), least.foot, True) \
        and _holds(units, range(end, len(units)), least.head, False)


def _take(units, start: int, avail: float, gap: float, forced: bool, least: Keep) -> int:
    """How many units from ``start`` fit a column ``avail`` high, ending where :func:`_may_end`
    allows (nothing when that cannot be: the section moves on whole).  A column at the top of
    an empty page (``forced``) takes what it must: the rule relaxed row by row, at last any
    unit that fits, at least one.  A column ends between two sections rather than split one
    if that leaves little unused."""
    height = _Heights(units, gap)
    fit = 0
    while start + fit < len(units) and height(start, start + fit + 1) <= avail + 1e-6:
        fit += 1
    eased = [least] + [Keep(min(least.foot, k), min(least.head, k)) for k in range(max(least) - 1, 0, -1)]
    n = next((n for rule in eased[:None if forced else 1] for n in range(fit, 0, -1)
              if _may_end(units, start, start + n, rule)), 0)
    if not n:
        return max(fit, 1) if forced and start < len(units) else 0
    if start + n < len(units) and units[start + n][0] == units[start + n - 1][0]:
        k = next((k for k in range(n - 1, 0, -1) if units[start + k][0] != units[start + k - 1][0]), 0)
        if k and height(start, start + k) >= (2 / 3) * height(start, start + n):
            return k
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


def _split(units, gap: float, avail: float, least: Keep) -> int | None:
    """Where to break a run of half-width units into two balanced columns that both fit
    ``avail``: the shortest taller column, a break between sections preferred, one inside a
    section only where :func:`_may_end` allows."""
    height = _Heights(units, gap)
    best, where = None, None
    for k in range(1, len(units) + 1):
        a, b = height(0, k), height(k, len(units))
        if max(a, b) > avail + 1e-6:
            continue
        mid_block = k < len(units) and units[k][0] == units[k - 1][0]
        if not _may_end(units, 0, k, least):
            continue
        score = max(a, b) + (24.0 if mid_block else 0.0)
        if best is None or score < best - 1e-9:
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
    height = _Heights(units, gap)
    return min(max(height(0, k), height(k, len(units))) for k in range(1, len(units) + 1))


def flow(blocks: Sequence[Block], width: float, gutter: float, gap: float, top: float,
         bottom: float) -> list[list[Placed]]:
    """Lay sections out down the pages: each full block across ``width``, runs of half blocks
    in two balanced columns ``gutter`` apart, ``gap`` between sections; a section moves on to
    the next column or page between its rows, never inside one, and only where at least
    :data:`KEEP` of its rows stay on each side of the break (no stub of a section at the foot
    of a column, none alone at the head of the next); a section too short to break so (fewer
    than twice KEEP rows) moves on whole when it does not fit where it is.  A section that fits
    a page also moves on whole rather than leave less than 2/3 of it at the foot of a page.
    Neither may cost the aid a page: the layout with the fewest pages is kept, the one that
    keeps most rows together (:data:`EASED`: KEEP, then fewer) and moves sections whole among
    equals.  A section taller than a column breaks all the same.  Returns per page the placed rows (x
    from the content's left edge, y from the page top)."""
    best: list[list[Placed]] | None = None
    for least in EASED:
        for keep_whole in (True, False):
            pages = _flow(blocks, width, gutter, gap, top, bottom, keep_whole, least)
            if best is None or len(pages) < len(best):
                best = pages
    return best


def _flow(blocks: Sequence[Block], width: float, gutter: float, gap: float, top: float,
          bottom: float, keep_whole: bool, least: Keep) -> list[list[Placed]]:
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
                k = _split(units[i:], gap, avail, least)
                packed = _whole_columns(units[i:], gap, avail) if k is None and i == 0 else None
                if k is not None:
                    cols = [units[i:i + k], units[i + k:]]
                elif packed is not None:
                    cols = packed
                else:
                    ka = _take(units, i, avail, gap, fresh, least)
                    kb = _take(units, i + ka, avail, gap, False, least) if ka else 0
                    cols = [units[i:i + ka], units[i + ka:i + ka + kb]]
                used = 0
                for c, col in enumerate(cols):
                    if col:
                        pages[-1] += _place(col, c * (half_w + gutter), y, gap)
                        used = max(used, _height(col, gap))
                n = len(cols[0]) + len(cols[1])
            else:
                n = _take(units, i, avail, gap, fresh, least)
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
