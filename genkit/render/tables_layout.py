"""The one table layout: a table as unbreakable rows of drawing primitives
(:class:`~.layout.Row`), for the player aid and the rules booklet alike.

A table is given as columns and cells.  A column (a mapping) has a ``title``; ``art``: the
width of the pictures it holds; ``strong`` (or ``bold`` on the first): bold cells; ``flex``: it
takes the width to spare; ``weight``: its relative width (a table whose columns have weights
shares ``width`` by them, each widened to hold its longest word, as the booklet does); ``align``:
``LEFT`` or ``CENTER``.  A cell is a string, a list of inline runs (:data:`.rich_text.Run`), or a
picture ``(items, w, h)``.  What differs between the aid and the booklet is the
:class:`TableLook`: text styles, padding, zebra shading or a grid.  :func:`data_table` lays out a
:class:`~.tables.TableData` (the model's tables) with its fills, sub-head bands, title and notes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from .draw import Group, Line, Rect
from .layout import Row, readable_ink
from .rich_text import para, rich_para, words_width
from .tables import TableData

PAD = 3.0


@dataclass(frozen=True)
class TableLook:
    """How a table prints: the text styles of its head, cells and bold cells, the padding, the
    shading of every other row (or None), the rule under each row (or None), a grid (or None),
    the fill of a sub-head band, and the title and note styles (the booklet's)."""

    head: dict
    body: dict
    bold: dict
    row_shade: str | None = None
    rule: str | None = None
    pad: float = PAD
    pad_y: float = PAD
    grid: str | None = None
    band: str = "#eeeeee"
    title: dict | None = None
    note: dict | None = None


def _measure(cell, s: dict) -> tuple[float, float]:
    """(natural width, longest word) of a text cell in style ``s``."""
    from .fonts import text_width
    if isinstance(cell, list):
        text = "".join(t for t, _ in cell)
        font = next((f for _, f in cell if f != "sans"), s["font"])
        s = {**s, "font": font}
    else:
        text = cell
    return text_width(text, s["font"], float(s["size"])), words_width(text, s)


def _style(look: TableLook, cols: list[dict], j: int) -> dict:
    return look.bold if (j == 0 and cols[0].get("bold")) or cols[j].get("strong") else look.body


def _widths(look: TableLook, cols: list[dict], cells: list[list], width: float, header: bool) -> list[float]:
    """Column widths: pictures at their width, text columns from their natural widths, shrunk
    toward their longest word when the table is too wide (or shared by the columns' weights)."""
    pad = look.pad
    # a picture's column: the picture's width, or its head's longest word when that is wider
    fixed = [max(c["art"], words_width(c["title"], look.head) if header and isinstance(c["title"], str) else 0.0)
             + 2 * pad if "art" in c else None for c in cols]
    nat, low = [], []
    for j, c in enumerate(cols):
        if fixed[j] is not None and "weight" not in c:
            nat.append(fixed[j])
            low.append(fixed[j])
            continue
        s = _style(look, cols, j)
        texts = [(c["title"], look.head)] * header + [(row[j], s) for row in cells if not isinstance(row[j], tuple)]
        sizes = [_measure(t, st) for t, st in texts] or [(0.0, 0.0)]
        nat.append(max(n for n, _ in sizes) + 2 * pad)
        low.append(max([w for _, w in sizes] + [fixed[j] or 0.0]) + 2 * pad)
    if all("weight" in c for c in cols):
        return _weighted([c["weight"] for c in cols], [n + 0.5 for n in low], width)   # (rounding)
    if sum(nat) <= width:
        extra = width - sum(nat)
        flex = [j for j, c in enumerate(cols) if c.get("flex")] or [j for j in range(len(cols)) if fixed[j] is None]
        if not flex:   # every column a picture's width (a track's boxes): the table is as wide as they are
            return nat
        return [w + (extra / len(flex) if j in flex else 0) for j, w in enumerate(nat)]
    room = width - sum(low)
    if room <= 0:  # even the longest words do not fit: share the width, words break
        return [width * w / sum(low) for w in low]
    # the text that takes the width to spare wraps first: a flex column gives up its width
    # (down to its longest word) before the others give up any
    flex = [j for j, c in enumerate(cols) if c.get("flex")]
    over = sum(nat) - width
    flex_give = sum(nat[j] - low[j] for j in flex)
    if flex and flex_give >= over:
        return [n - (n - lo) * over / flex_give if j in flex else n for j, (n, lo) in enumerate(zip(nat, low))]
    give = sum(n - lo for n, lo in zip(nat, low))
    return [lo + (n - lo) * room / give for n, lo in zip(nat, low)]


def _weighted(weights: list[float], need: list[float], total: float) -> list[float]:
    """Widths by ``weights`` scaled to ``total``, each widened to its longest word (``need``);
    the width taken comes from the columns with room to spare."""
    share = [w / sum(weights) * total for w in weights]
    if sum(need) >= total:
        return share_out(need, total)
    widths = [max(s, n) for s, n in zip(share, need)]
    over = sum(widths) - total
    spare = [w - n for w, n in zip(widths, need)]
    room = sum(spare)
    return [w - over * sp / room for w, sp in zip(widths, spare)] if room > 0 else widths


def share_out(need: list[float], total: float) -> list[float]:
    """Widths for columns whose longest words together are wider than ``total``: each column
    whose word fits an equal share of what is left gets its word's width, the others share the
    rest equally (a word wider than its cell breaks between its letters)."""
    widths = [0.0] * len(need)
    left, open_ = total, list(range(len(need)))
    while open_:
        fair = left / len(open_)
        fits = [c for c in open_ if need[c] <= fair]
        if not fits:
            for c in open_:
                widths[c] = fair
            break
        for c in fits:
            widths[c] = need[c]
            left -= need[c]
        open_ = [c for c in open_ if c not in fits]
    return widths


def _text(s: dict, cell, width: float, x: float, y: float, align: str) -> tuple[list, float]:
    if isinstance(cell, list):
        if align == "CENTER":
            return rich_para(s, cell, width, x + width / 2, y, "middle")
        return rich_para(s, cell, width, x, y)
    if align == "CENTER":
        items, h = para(s, cell, width, x, y)
        return [type(t)(x + width / 2, t.y, t.text, t.size, t.font, t.fill, "middle") for t in items], h
    return para(s, cell, width, x, y)


def _grid(look: TableLook, xs: list[float], ws: list[float], h: float, inner: bool = True) -> list:
    tw = xs[-1] + ws[-1]
    out = [Rect(0, 0, tw, h, fill=None, stroke=look.grid, stroke_width=0.4)]
    if inner:
        out += [Line(x, 0, x, h, look.grid, 0.4) for x in xs[1:]]
    return out


def table(look: TableLook, cols: list[dict], cells: list[list], width: float, header: bool = True,
          fills: dict | None = None, bands: frozenset | set = frozenset(),
          spans: frozenset | set = frozenset()) -> list[Row]:
    """A table's rows: ``cols`` and ``cells`` as the module says; ``fills``: (row, column) ->
    a cell's colour (its text then in the ink that reads on it); ``bands``: rows drawn as a
    sub-head across the table (their first cell's text).  The header row repeats above a row
    that opens a column or page."""
    fills = fills or {}
    pad, pady = look.pad, look.pad_y
    ws = _widths(look, cols, [c for i, c in enumerate(cells) if i not in spans], width, header)
    xs = [sum(ws[:j]) for j in range(len(ws))]
    tw = width if not look.grid else sum(ws)
    align = [c.get("align", "LEFT") for c in cols]
    head_items, hh = [], 0.0
    for j, c in enumerate(cols):
        its, h = _text(look.head, c["title"], ws[j] - 2 * pad, xs[j] + pad, pady, align[j])
        head_items += its
        hh = max(hh, h)
    head = Row(tuple([Rect(0, 0, tw, hh + 2 * pady, fill=look.head.get("background"), stroke=None)]
                     + head_items + (_grid(look, xs, ws, hh + 2 * pady) if look.grid else [])), hh + 2 * pady)
    rows = []
    for i, row in enumerate(cells):
        if i in spans:           # a sub-head across the table, on its first cell's fill if it has one
            band = fills.get((i, 0), look.band)
            s = {**look.bold, "fill": readable_ink(band)} if (i, 0) in fills else look.bold
            its, h = _text(s, row[0], tw - 2 * pad, pad, 0, "LEFT")
            items = [Rect(0, 0, tw, h + 2 * pady, fill=band, stroke=None), Group(tuple(its), translate=(0, pady))]
            items += _grid(look, xs, ws, h + 2 * pady, inner=False) if look.grid else []
            rows.append(Row(tuple(items), h + 2 * pady, head if header else None))
            continue
        parts, rh = [], 0.0
        for j, cell in enumerate(row):
            if isinstance(cell, tuple):
                art, aw, ah = cell
                parts.append((j, list(art), ah))
                rh = max(rh, ah)
            else:
                s = look.bold if i in bands else _style(look, cols, j)
                if (i, j) in fills:
                    s = {**s, "fill": readable_ink(fills[(i, j)])}
                its, h = _text(s, cell, ws[j] - 2 * pad, xs[j] + pad, 0, align[j])
                parts.append((j, its, h))
                rh = max(rh, h)
        shade = i % 2 and not look.grid      # the aid's zebra rows; the booklet's grid instead
        items = [Rect(0, 0, width, rh + 2 * pady, fill=look.row_shade, stroke=None)] if shade else []
        if i in bands:
            items.append(Rect(0, 0, tw, rh + 2 * pady, fill=look.band, stroke=None))
        items += [Rect(xs[j], 0, ws[j], rh + 2 * pady, fill=f, stroke=None) for (r, j), f in sorted(fills.items()) if r == i]
        for j, its, h in parts:
            dy = pady + (rh - h) / 2
            if not isinstance(row[j], tuple):
                items.append(Group(tuple(its), translate=(0, dy)))
            else:
                x = xs[j] + (ws[j] - row[j][1]) / 2 if align[j] == "CENTER" else xs[j] + pad
                items.append(Group(tuple(its), translate=(x, dy)))
        if not look.grid and look.rule:
            items.append(Rect(0, rh + 2 * pady - 0.3, width, 0.3, fill=look.rule, stroke=None))
        if look.grid:
            items += _grid(look, xs, ws, rh + 2 * pady)
        rows.append(Row(tuple(items), rh + 2 * pady, head if header else None))
    if rows and header:
        rows[0] = Row((Group(head.items, translate=(0, 0.0)), Group(rows[0].items, translate=(0, head.height))),
                      head.height + rows[0].height)
    if rows:
        rows[0] = replace(rows[0], opens_table=True)
    return rows


Counter = Callable[[str, str], tuple]   # (side, unit type) -> (face primitives, face size)


def data_table(look: TableLook, data: TableData, width: float, unit: float,
               counter: Counter | None = None, runs: Callable | None = None) -> list[Row]:
    """A model table (:class:`~.tables.TableData`) at most ``width`` wide, ``unit`` points a
    relative width: its title, rows (the head repeating) and notes.  ``counter`` draws the
    counter faces it names; ``runs`` turns a cell of Markdown into inline runs."""
    n = len(data.widths)
    align = data.align or ["LEFT"] * n
    pictures = {}
    for (r, c), unit_id in (data.counters.items() if counter else ()):
        face, size = counter(*unit_id)
        edge = Rect(0, 0, size, size, fill=None, stroke="#000000", stroke_width=0.4)
        pictures[(r, c)] = ((Group(tuple(face) + (edge,)),), size, size)
    art = {c: p[1] for (_, c), p in pictures.items()}
    cols = [{"title": data.header[0][j] if data.header else "", "weight": data.widths[j], "align": align[j],
             **({"art": art[j]} if j in art else {})} for j in range(n)]
    conv = runs if data.markup and runs else (lambda t: t)
    if data.markup and runs:
        for j, c in enumerate(cols):
            c["title"] = runs(c["title"])
    cells = [[pictures.get((r, c)) or conv(text) for c, text in enumerate(row)] for r, row in enumerate(data.rows)]
    total = min(width, sum(data.widths) * unit)
    spans = {r for r, c0, c1 in data.spans if c0 == 0 and c1 >= n - 1}
    rows = table(look, cols, cells, total, header=bool(data.header), fills=data.fills, bands=set(data.bands),
                 spans=spans)
    out = []
    if data.title and look.title:
        its, h = para(look.title, data.title, width)
        out.append(Row(tuple(its), h + 3))
    out += rows
    for note in data.notes:
        its, h = para(look.note or look.body, note, width, 0, 1)
        out.append(Row(tuple(its), h + 1))
    return out


__all__ = ["TableLook", "table", "data_table", "share_out", "PAD"]
