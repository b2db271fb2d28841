"""The player aid's building blocks: its style (the rendered ``templates/aid.yaml.j2``), wrapped
text, headings, sections as rows (:class:`~.layout.Row`) and tables whose columns are measured
from their cells."""

from __future__ import annotations

from typing import Iterable

from .draw import Group, Rect, Text
from .fonts import ascent, text_width
from .layout import MIN_TEXT, Row, wrap

TEXT_STYLES = ("title", "heading", "body", "bold", "note", "table_head")
PAD = 3.0


class Style:
    """The rendered style template (``templates/aid.yaml.j2``), checked: every text style has
    a font and a size of at least :data:`~.layout.MIN_TEXT`, every span is full or half."""

    def __init__(self, doc: dict):
        self.doc = doc
        self.margin = float(doc["margin"])
        self.gutter = float(doc["gutter"])
        self.gap = float(doc["gap"])
        for name in TEXT_STYLES:
            s = doc[name]
            if float(s["size"]) < MIN_TEXT:
                raise ValueError(f"{name}: text size {s['size']} pt is under {MIN_TEXT:g} pt")
            setattr(self, name, s)
        self.sections = list(doc["sections"])
        for sec in self.sections:
            if sec.get("span", "full") not in ("full", "half"):
                raise ValueError(f"section {sec.get('id')}: span must be full or half")
        self.box_margin = float(doc["box"]["margin"])

    def word(self, key: str) -> str:
        return str(self.doc["words"].get(key, key))


# --------------------------------------------------------------------------- text and rows

def lead(s: dict) -> float:
    return float(s["size"]) * float(s.get("leading", 1.25))


def para(s: dict, text: str, width: float, x: float = 0, y: float = 0) -> tuple[list, float]:
    """``text`` wrapped to ``width`` in text style ``s``, its top at y: (items, height)."""
    size, font = float(s["size"]), s["font"]
    lines = wrap(text, font, size, width) if text else []
    asc = ascent(font, size)
    items = [Text(x, y + asc + i * lead(s), ln, size, font, s["fill"]) for i, ln in enumerate(lines)]
    return items, (len(lines) - 1) * lead(s) + size * 1.2 if lines else 0.0


def stack(rows: Iterable[Row | None], repeat: Row | None = None) -> Row:
    """Rows one under the other, as one row."""
    items, y = [], 0.0
    for r in rows:
        if r is None:
            continue
        items.append(Group(r.items, translate=(0, y)))
        y += r.height
    return Row(tuple(items), y, repeat)


def heading(st: Style, title: str, width: float) -> Row:
    h = st.heading
    pad = float(h.get("pad", 3))
    text = title.upper() if h.get("upper") else title
    items, th = para({**h, "leading": 1.15}, text, width - 2 * pad, pad, pad)
    band = [Rect(0, 0, width, th + 2 * pad, fill=h["band"], stroke=None)] if h.get("band") else []
    return Row(tuple(band + items), th + 2 * pad + 4)


def with_heading(st: Style, title: str, width: float, rows: list[Row]) -> list[Row]:
    """The section's rows, the heading on the first and "continued" above any that opens a
    column or page."""
    if not rows:
        return []
    cont = heading(st, f"{title} {st.word('continued')}", width)
    out = [stack([heading(st, title, width), rows[0]])]
    out += [Row(r.items, r.height, stack([cont, r.repeat])) for r in rows[1:]]
    return out


def note_row(st: Style, text: str, width: float, s: dict | None = None) -> Row:
    items, h = para(s or st.note, text, width, 0, 1)
    return Row(tuple(items), h + 3)


# --------------------------------------------------------------------------- tables

def words_width(text: str, s: dict) -> float:
    return max((text_width(w, s["font"], float(s["size"])) for w in text.split()), default=0.0)


def _widths(cols: list[dict], cells: list[list], width: float, st: Style, header: bool) -> list[float]:
    """Column widths: pictures at their width, text columns from their natural widths, shrunk
    toward their longest word when the table is too wide."""
    fixed = [c["art"] + 2 * PAD if "art" in c else None for c in cols]
    nat, low = [], []
    for j, c in enumerate(cols):
        if fixed[j] is not None:
            nat.append(fixed[j])
            low.append(fixed[j])
            continue
        s = st.bold if (j == 0 and c.get("bold")) or c.get("strong") else st.body   # as the cells print
        texts = [(c["title"], st.table_head)] * header + [(row[j], s) for row in cells]
        nat.append(max(text_width(t, s["font"], float(s["size"])) for t, s in texts) + 2 * PAD)
        low.append(max(words_width(t, s) for t, s in texts) + 2 * PAD)
    if sum(nat) <= width:
        extra = width - sum(nat)
        flex = [j for j, c in enumerate(cols) if c.get("flex")] or [j for j in range(len(cols)) if fixed[j] is None]
        return [w + (extra / len(flex) if j in flex else 0) for j, w in enumerate(nat)]
    room = width - sum(low)
    if room <= 0:  # even the longest words do not fit: share the width, words break
        return [width * w / sum(low) for w in low]
    give = sum(n - lo for n, lo in zip(nat, low))
    return [lo + (n - lo) * room / give for n, lo in zip(nat, low)]


def table(st: Style, cols: list[dict], cells: list[list], width: float, header: bool = True) -> list[Row]:
    """A table: ``cols`` (title, ``art``: a picture column's width, ``strong``: bold cells),
    ``cells`` per row a
    string per text column and ``(items, w, h)`` per picture.  The header row repeats above a
    row that opens a column or page."""
    ws = _widths(cols, cells, width, st, header)
    xs = [sum(ws[:j]) for j in range(len(ws))]
    head_items, hh = [], 0.0
    for j, c in enumerate(cols):
        its, h = para(st.table_head, c["title"], ws[j] - 2 * PAD, xs[j] + PAD, PAD)
        head_items += its
        hh = max(hh, h)
    head = Row(tuple([Rect(0, 0, width, hh + 2 * PAD, fill=st.table_head.get("background"), stroke=None)]
                     + head_items), hh + 2 * PAD)
    rows = []
    for i, row in enumerate(cells):
        parts, rh = [], 0.0
        for j, cell in enumerate(row):
            if isinstance(cell, tuple):
                art, aw, ah = cell
                parts.append((j, list(art), ah))
                rh = max(rh, ah)
            else:
                s = st.bold if (j == 0 and cols[0].get("bold")) or cols[j].get("strong") else st.body
                its, h = para(s, cell, ws[j] - 2 * PAD, xs[j] + PAD, 0)
                parts.append((j, its, h))
                rh = max(rh, h)
        items = [Rect(0, 0, width, rh + 2 * PAD, fill=st.doc["row_shade"], stroke=None)] if i % 2 else []
        for j, its, h in parts:
            dy = PAD + (rh - h) / 2
            items.append(Group(tuple(its), translate=(0, dy)) if not isinstance(row[j], tuple)
                         else Group(tuple(its), translate=(xs[j] + PAD, dy)))
        items.append(Rect(0, rh + 2 * PAD - 0.3, width, 0.3, fill=st.doc["rule"], stroke=None))
        rows.append(Row(tuple(items), rh + 2 * PAD, head if header else None))
    if rows and header:
        rows[0] = stack([head, rows[0]])
    return rows
