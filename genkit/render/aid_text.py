"""The player aid's building blocks: its style (the rendered ``templates/aid.yaml.j2``), wrapped
text, headings, sections as rows (:class:`~.layout.Row`) and tables whose columns are measured
from their cells."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from .draw import Group, Rect, Text
from .fonts import ascent, text_width
from .layout import MIN_TEXT, Row, readable_ink
from .rich_text import para
from .tables import TableData
from .tables_layout import TableLook
from .tables_layout import table as lay_table

TEXT_STYLES = ("title", "heading", "body", "bold", "note", "table_head")


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
    out += [replace(r, repeat=stack([cont, r.repeat])) for r in rows[1:]]
    return out


def note_row(st: Style, text: str, width: float, s: dict | None = None) -> Row:
    """A note under a table or figure, kept with the row above it (never alone at the head of a
    column or page)."""
    items, h = para(s or st.note, text, width, 0, 1)
    return Row(tuple(items), h + 3, keep_with_previous=True)


# --------------------------------------------------------------------------- tables

def look(st: Style) -> TableLook:
    """The player aid's look of a table (:mod:`.tables_layout`): its head, body and bold
    styles, every other row shaded, a rule under each row."""
    return TableLook(st.table_head, st.body, st.bold, st.doc["row_shade"], st.doc["rule"])


def table(st: Style, cols: list[dict], cells: list[list], width: float, header: bool = True) -> list[Row]:
    """A table of the player aid, laid out by the one table layout (:func:`.tables_layout.table`)."""
    return lay_table(look(st), cols, cells, width, header)


def chip(st: Style, code: str, fill: str) -> tuple:
    """A code on its fill (a CRT result), as the aid's tables draw a "key" cell: (items, w, h)."""
    s = st.bold
    w = max(14.0, text_width(code, s["font"], s["size"]) + 6)
    return ((Rect(0, 0, w, 12, fill=fill, stroke="#808080", stroke_width=0.3),
             Text(w / 2, 6 + ascent(s["font"], s["size"]) / 2 - 0.8, code, s["size"], s["font"],
                  readable_ink(fill), "middle")), w, 12.0)


def record_table(st: Style, data: TableData, width: float, header: bool = True,
                 pictures: dict | None = None) -> list[Row]:
    """A table record of the model (:class:`~.tables.TableData`, the one the booklet draws) in
    the player aid's look, laid out by the one table layout: its columns by their roles (a
    "key" column's codes as chips of their fills, a "flex" column taking the width to spare, a
    "strong" column in bold), its other fills as cell colours, its sub-head bands, ``pictures``
    ((row, column) -> (items, w, h), e.g. counter faces or terrain swatches) in their cells, and
    its notes under it as one paragraph.  A table with coloured cells prints in a grid; one
    with "box" columns (a track's places for counters) packs its boxes close, unshaded."""
    pictures = pictures or {}
    roles = [set(r.split()) for r in (data.roles or [""] * len(data.widths))]
    titles = data.header[0] if data.header else [""] * len(roles)
    spans = {r for r, c0, c1 in data.spans if c0 == 0 and c1 >= len(roles) - 1}
    cells = [list(r) for r in data.rows]
    fills = {k: f for k, f in data.fills.items() if k not in pictures}
    band_fills = {k: f for k, f in fills.items() if k[0] in spans}   # a sub-head band's own colour
    fills = {k: f for k, f in fills.items() if k not in band_fills}
    cols = []
    for j, role in enumerate(roles):
        col: dict = {"title": titles[j], "align": (data.align or ["LEFT"] * len(roles))[j]}
        if "key" in role:
            for i, row in enumerate(data.rows):
                if i not in spans:
                    cells[i][j] = chip(st, row[j], fills.pop((i, j), "#ffffff"))
        art = [cells[i][j][1] for i in range(len(cells)) if isinstance(cells[i][j], tuple)]
        for (i, c), pic in pictures.items():
            if c == j:
                cells[i][j] = pic
                art.append(pic[1])
        if art:
            col["art"] = max(art)
        col.update({k: True for k in ("flex", "strong") if k in role})
        cols.append(col)
    own = look(st)
    if fills:                # coloured cells (a CRT's results) read apart in a grid, the rule's ink
        own = replace(own, grid=st.doc["rule"], pad_y=2.0)
    elif pictures:           # a picture sets its row's height: no more padding than that
        own = replace(own, pad_y=2.0)
    if any("box" in r for r in roles):   # places for counters (a track): close together, unshaded
        own = replace(own, pad=1.5, row_shade=None, rule=None)
    rows = lay_table(own, cols, cells, width, header, fills={**fills, **band_fills}, bands=set(data.bands),
                     spans=spans)
    return rows + ([note_row(st, " ".join(data.notes), width)] if data.notes else [])
