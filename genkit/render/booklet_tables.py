"""The rules booklet's tables (:mod:`.booklet`): a :class:`~.rules_tables.TableData` of the model,
or a Markdown table, as a platypus Table with a dark head row, banded sub-heads, cell fills and
counter faces; kept on one page with what leads into it when it fits on one.  And the shaded box
of a designer's note longer than a page, which runs on from page to page."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from .booklet_style import (ACCENT, BOLD, FONT_CMD, RULE_LINE, SANS, SHADE, STYLES, TABLE_TEXT,
                            TABLE_UNIT)
from .layout import readable_ink
from .pdf import draw_primitives   # the kit's one PDF writer of drawing primitives
from .rules_tables import TableData

def _cell(text: str, style: ParagraphStyle, align: str, markup: bool, ink: str | None = None) -> Paragraph:
    st = ParagraphStyle(style.name + align, parent=style,
                        alignment=TA_CENTER if align == "CENTER" else TA_LEFT)
    if ink:
        st.textColor = colors.HexColor(ink)
    return Paragraph(text if markup else escape(text), st)


class _Counter(Flowable):
    """A counter face of the kit (the same template as counters.pdf) in a table cell, at its
    printed size unless ``size`` (points) says otherwise."""

    def __init__(self, face, face_size: float, size: float | None = None):
        super().__init__()
        self.size = size or face_size
        self.face, self.scale = face, self.size / face_size

    def wrap(self, avail_w, avail_h):
        return self.size, self.size

    def draw(self):
        c = self.canv
        c.saveState()
        c.translate(0, self.size)
        c.scale(self.scale, -self.scale)   # the face's primitives are y-down, as on a kit sheet
        bottomup, c.bottomup = c.bottomup, 0   # ... so text is set upright under the flip
        c.setFillColorRGB(0, 0, 0)             # the writer starts from PDF's default state
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(1)
        c.setDash()
        draw_primitives(c, self.face)
        c.bottomup = bottomup
        c.restoreState()


def model_table(data: TableData, avail: float, counter=None):
    """A model table as a platypus Table: a dark head row, banded sub-heads, cell fills."""
    n = len(data.widths)
    pictures = {(r, c): _Counter(*counter(*unit)) for (r, c), unit in data.counters.items()} if counter else {}
    least = {c: p.size + 9 for (_, c), p in pictures.items()}
    widths = column_widths(data, min(avail, sum(data.widths) * TABLE_UNIT), least)
    align = data.align or ["LEFT"] * n
    rows = [[_cell(t, STYLES["cell_head"], align[i], data.markup) for i, t in enumerate(r)] for r in data.header]
    head = len(rows)
    bands = set(data.bands)
    for r, row in enumerate(data.rows):
        cells = []
        for c, text in enumerate(row):
            fill = data.fills.get((r, c))
            style = STYLES["cell_band"] if r in bands else STYLES["cell"]
            cells.append(pictures.get((r, c)) or _cell(text, style, align[c], data.markup,
                                                      readable_ink(fill) if fill else None))
        rows.append(cells)
    cmds = [("GRID", (0, 0), (-1, -1), 0.4, RULE_LINE), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            FONT_CMD]
    if head:
        cmds.append(("BACKGROUND", (0, 0), (-1, head - 1), ACCENT))
    for r in bands:
        cmds.append(("BACKGROUND", (0, head + r), (-1, head + r), SHADE))
    for (r, c), fill in data.fills.items():
        cmds.append(("BACKGROUND", (c, head + r), (c, head + r), colors.HexColor(fill)))
    for r, c0, c1 in data.spans:
        cmds.append(("SPAN", (c0, head + r), (c1, head + r)))
    table = Table(rows, colWidths=widths, repeatRows=head, hAlign="LEFT")
    table.setStyle(TableStyle(cmds))
    parts = [Paragraph(escape(data.title), STYLES["table_title"])] if data.title else []
    parts.append(table)
    parts += [Paragraph(escape(note), STYLES["table_note"]) for note in data.notes]
    parts.append(Spacer(1, 7))
    return Unbroken(parts)


class Unbroken(Flowable):
    """A table with its title and notes, on one page when it fits on one; a longer one comes
    apart into its pieces (the table then splits between rows, repeating its head).  Unlike
    reportlab's KeepTogether it is no container, so a heading's keepWithNext keeps the heading
    with it."""

    def __init__(self, parts: list):
        super().__init__()
        self.parts = parts
        self.heights: list[tuple[float, float, float]] = []

    def wrap(self, avail_w, avail_h):
        self.heights = []
        for p in self.parts:
            _, h = p.wrapOn(self.canv if hasattr(self, "canv") else None, avail_w, 1e6)
            self.heights.append((p.getSpaceBefore(), h, p.getSpaceAfter()))
        self.width = avail_w
        self.height = sum(sum(h) for h in self.heights)
        return avail_w, self.height

    def split(self, avail_w, avail_h):
        frame = getattr(self, "_frame", None)   # none inside a note box: split to the room given
        if self.height <= (avail_h if frame is None else frame._height):
            return []                                           # next page
        # taller than any page: come apart, the first pieces filling the room left here
        placed, room = [], avail_h
        for i, (part, (before, h, after)) in enumerate(zip(self.parts, self.heights)):
            if before + h <= room:
                placed.append(part)
                room -= before + h + after
                continue
            pieces = part.split(avail_w, room - before)
            if pieces or placed:
                return placed + list(pieces or [part]) + self.parts[i + 1:]
            return []
        return placed

    def draw(self):
        y = self.height
        for p, (before, h, after) in zip(self.parts, self.heights):
            y -= before + h
            p.drawOn(self.canv, 0, y)
            y -= after


def _longest_word(text: str, font: str) -> float:
    words = re.sub(r"<[^>]+>", " ", text).split()
    return max((pdfmetrics.stringWidth(w, font, TABLE_TEXT) for w in words), default=0.0)


def column_widths(data: TableData, total: float, least: dict[int, float]) -> list[float]:
    """Relative widths scaled to ``total``, each widened to hold its longest word (headings
    never break inside a word); the width taken comes from the columns with room to spare."""
    share = [w / sum(data.widths) * total for w in data.widths]
    need = [8.5 + max([_longest_word(r[c], BOLD) for r in data.header]
                      + [_longest_word(r[c], SANS) for r in data.rows] + [least.get(c, 0.0) - 8.5])
            for c in range(len(share))]
    if sum(need) >= total:
        return _share_out(need, total)
    widths = [max(s, n) for s, n in zip(share, need)]
    over = sum(widths) - total
    spare = [w - n for w, n in zip(widths, need)]
    room = sum(spare)
    return [w - over * sp / room for w, sp in zip(widths, spare)]


def _share_out(need: list[float], total: float) -> list[float]:
    """Widths for columns whose longest words together are wider than ``total``: each column
    whose word fits an equal share of what is left gets its word's width, the others share the
    rest equally (a word wider than its cell breaks between its letters). Scaling every column
    down instead left a short one narrower than its padding when another held one very long word."""
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


class NoteBox(Flowable):
    """One block of a designer's note longer than a page, in the note's shading with its accent
    line: the note's blocks follow each other box by box, and a block splits between pages."""

    PAD_X, PAD_TOP, PAD_BOTTOM = 9.0, 6.0, 3.0

    def __init__(self, child, first: bool, last: bool):
        super().__init__()
        self.child, self.first, self.last = child, first, last
        self.top = self.PAD_TOP if first else 0.0
        self.bottom = self.PAD_BOTTOM if last else child.getSpaceAfter()

    def wrap(self, avail_w, avail_h):
        _, h = self.child.wrap(avail_w - 2 * self.PAD_X, avail_h - self.top - self.bottom)
        self.width, self.height = avail_w, h + self.top + self.bottom
        return self.width, self.height

    def split(self, avail_w, avail_h):
        parts = self.child.split(avail_w - 2 * self.PAD_X, avail_h - self.top - self.bottom)
        return [NoteBox(p, self.first and i == 0, self.last and i == len(parts) - 1) for i, p in enumerate(parts)]

    def draw(self):
        c = self.canv
        c.saveState()
        c.setFillColor(SHADE)
        c.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        c.setStrokeColor(ACCENT)
        c.setLineWidth(2)
        c.line(0, 0, 0, self.height)
        c.restoreState()
        self.child.drawOn(c, self.PAD_X, self.bottom)


def note_boxes(blocks: list) -> list:
    """The blocks of a designer's note longer than a page, each in a :class:`NoteBox`."""
    return [NoteBox(b, i == 0, i == len(blocks) - 1) for i, b in enumerate(blocks)]
