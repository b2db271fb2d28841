"""``rules.pdf``: the rules booklet, laid out from ``content/<game>/rules.md`` (see
:mod:`.rules_text` for the placeholders and tables the file may hold).

* Case numbers are the designer's: a heading reads ``# 9.0 Combat`` (a rule), ``## 9.1 ...`` (a
  case), ``### 9.1.1 ...`` (a subcase); genkit prints them as written and ``genkit check`` reports
  a number repeated or out of order.  Rules and cases are listed in the table of contents with
  their page numbers.  The pages are laid out once: each page number in the contents is a PDF form
  drawn on page 1 and defined when its heading is placed (a PDF may define a form after it is
  used), where reportlab's ``multiBuild`` would lay everything out twice.
* Paragraphs, bullet and numbered lists, **bold**, *italic*, Markdown tables, ``>`` quotes (the
  designer's notes, in a shaded box) and the model's tables (``[[crt]]``).
* The page furniture of every kit sheet: the footer of :meth:`.layout.SheetStyle.footer`, with the
  page number; a running head with the game's title.  Letter or A4 (``--paper``), never bleed.
* Fonts: the bundled DejaVu faces, embedded; italic is DejaVu Sans Oblique from the same family
  (``genkit/fonts``).  The document starts in DejaVu, so reportlab's Helvetica is never named.
* Byte-identical rebuilds: reportlab's ``invariant`` mode (fixed dates and document id).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (BaseDocTemplate, Frame, LayoutError, PageBreak, PageTemplate,
                                Paragraph, Spacer, Table, TableStyle)
from reportlab.platypus.flowables import Flowable, HRFlowable

from . import fonts as _fonts
from ..model.yaml_safe import current_limits
from .booklet_style import (ACCENT, BODY, BOLD, FONT_CMD, GREY, INK, MARGIN_BOTTOM, MARGIN_TOP,
                            MARGIN_X, NOTE, RULE_LINE, SANS, SHADE, STYLES, register_fonts)
from .booklet_tables import Unbroken, model_table, note_boxes
from .change_bars import ChangeBars
from .counters import counter_size, unit_face
from .layout import SheetStyle
from .rules_markdown import (LIST_INDENT, QUOTE_INSET, TABLE_LINE, RulesError, layout_problems, outside_fences,
                             parse_markdown)
from .rules_tables import TableCache, TableData
from .rules_text import read_rules, render_rules, rendered_line, rules_path

TABLE_MARK = "GENKITTABLE{}END"          # stands for a [[table]] line while Markdown is parsed

HEADINGS = {"h1": 0, "h2": 1, "h3": 2}   # Markdown heading tag -> outline level
TOC_LEVELS = 2                           # rules and cases are listed; subcases are not


# --------------------------------------------------------------------------- Markdown -> flowables

def _inline(token) -> str:
    """reportlab paragraph markup for a Markdown inline token."""
    out = []
    for child in token.children or []:
        t = child.type
        if t == "text":
            out.append(escape(child.content))
        elif t == "code_inline":
            out.append(f"<b>{escape(child.content)}</b>")
        elif t in ("strong_open", "strong_close"):
            out.append("<b>" if t.endswith("open") else "</b>")
        elif t in ("em_open", "em_close"):
            out.append("<i>" if t.endswith("open") else "</i>")
        elif t == "softbreak":
            out.append(" ")
        elif t == "hardbreak":
            out.append("<br/>")
        # links print their text (children above); images and raw HTML print nothing (check says so)
    return "".join(out)


class _Heading(Paragraph):
    """A rule, case or subcase heading: the table of contents and the PDF outline list it."""

    def __init__(self, markup: str, style: ParagraphStyle, level: int, key: str):
        super().__init__(markup, style)
        self.toc_level, self.toc_key = level, key


@dataclass
class _List:
    ordered: bool
    number: int
    item_paragraphs: int = 0


class _Converter:
    """Markdown tokens to platypus flowables, one pass."""

    def __init__(self, tables: list[list[TableData]], width: float, height: float, counter=None):
        self.tables, self.width, self.height = tables, width, height   # the text frame
        self.counter = counter   # (side, unit type) -> the counter face's primitives and size
        self.out: list = []
        self.stack: list[tuple[list, int]] = []   # open designer's notes (blockquotes): what is outside, line
        self.lists: list[_List] = []
        self.headings = 0
        self.md_table: list[list[str]] | None = None
        self.line = 1                      # the line of the text the block being converted starts on

    def add(self, flowable) -> None:
        flowable.source_line = self.line   # named when the flowable cannot be laid out
        self.out.append(flowable)

    def run(self, tokens) -> list:
        it = iter(tokens)
        for tok in it:
            self.line = tok.map[0] + 1 if tok.map else self.line
            handler = getattr(self, "on_" + tok.type, None)
            if handler is not None:
                handler(tok, it)
        return self.out

    # blocks
    def on_heading_open(self, tok, it):
        inline = next(it)
        level = min(HEADINGS.get(tok.tag, 2), 2)
        self.headings += 1
        self.add(_Heading(_inline(inline), STYLES[f"h{level + 1}"], level, f"case{self.headings}"))
        if level == 0:
            rule = HRFlowable(width="100%", thickness=0.8, color=RULE_LINE, spaceBefore=0, spaceAfter=5)
            rule.keepWithNext = 1  # the heading, its rule and what follows stay together
            self.add(rule)

    def on_paragraph_open(self, tok, it):
        inline = next(it)
        mark = re.fullmatch(TABLE_MARK.format(r"(\d+)"), inline.content.strip())
        if mark and int(mark.group(1)) < len(self.tables):   # (the designer may write the mark's text)
            for data in self.tables[int(mark.group(1))]:
                self._add_table(model_table(data, self.width - self._indent(), self.counter))
            return
        style = STYLES["note" if self.stack else "body"]
        if self.lists:
            lst = self.lists[-1]
            indent = LIST_INDENT * len(self.lists)   # inside a note, the note's box holds it
            bullet = None
            if lst.item_paragraphs == 0:
                bullet = f"{lst.number}." if lst.ordered else "\u2022"
            lst.item_paragraphs += 1
            style = ParagraphStyle(f"li{len(self.lists)}", parent=style, leftIndent=indent,
                                   bulletIndent=indent - 12, spaceAfter=2.5)
            self.add(Paragraph(_inline(inline), style, bulletText=bullet))
        else:
            self.add(Paragraph(_inline(inline), style))

    def _add_table(self, table: "Unbroken") -> None:
        """Add a table; a sentence that introduces it (ending in ':') moves to the next page with
        it, unless the table is too long for one page anyway."""
        last = self.out[-1] if self.out else None
        if isinstance(last, Paragraph) and last.getPlainText().rstrip().endswith(":"):
            last.keepWithNext = int(table.wrap(self.width, self.height)[1] < self.height)
        self.add(table)

    def _indent(self) -> float:
        """Points the current block is narrower than the text: its list levels and notes."""
        return LIST_INDENT * len(self.lists) + QUOTE_INSET * len(self.stack)

    def on_bullet_list_open(self, tok, it):
        self.lists.append(_List(False, 0))

    def on_ordered_list_open(self, tok, it):
        self.lists.append(_List(True, int(tok.attrs.get("start", 1) or 1) - 1))

    def on_bullet_list_close(self, tok, it):
        self.lists.pop()
        if not self.lists:
            self.add(Spacer(1, 3))

    on_ordered_list_close = on_bullet_list_close

    def on_list_item_open(self, tok, it):
        lst = self.lists[-1]
        lst.number += 1
        lst.item_paragraphs = 0

    def on_blockquote_open(self, tok, it):
        self.stack.append((self.out, self.line))
        self.out = []

    def on_blockquote_close(self, tok, it):
        inner, (self.out, self.line) = self.out, self.stack.pop()
        box = Table([[inner]], colWidths=[self.width - self._indent()])
        box.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), SHADE), FONT_CMD,
                                 ("LINEBEFORE", (0, 0), (0, -1), 2, ACCENT),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 9), ("RIGHTPADDING", (0, 0), (-1, -1), 9),
                                 ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
        if box.wrap(self.width - self._indent(), self.height)[1] > self.height:   # longer than a page
            for flowable in note_boxes(inner):
                self.add(flowable)
        else:
            self.add(box)
        self.add(Spacer(1, 6))

    def on_hr(self, tok, it):
        self.add(HRFlowable(width="100%", thickness=0.5, color=RULE_LINE, spaceBefore=4, spaceAfter=6))

    def on_fence(self, tok, it):
        for line in tok.content.rstrip("\n").split("\n"):
            self.add(Paragraph(escape(line) or "&nbsp;", STYLES["body"]))

    on_code_block = on_fence

    # Markdown tables
    def on_table_open(self, tok, it):
        self.md_table = []

    def on_tr_open(self, tok, it):
        self.md_table.append([])

    def on_inline(self, tok, it):
        if self.md_table is not None:
            self.md_table[-1].append(_inline(tok))

    def on_table_close(self, tok, it):
        rows, self.md_table = self.md_table, None
        n = max(len(r) for r in rows)
        rows = [r + [""] * (n - len(r)) for r in rows]
        self._add_table(model_table(TableData([rows[0]], rows[1:], [1] * n, markup=True), self.width - self._indent()))


# --------------------------------------------------------------------------- the document

class _Booklet(BaseDocTemplate):
    def __init__(self, filename, style: SheetStyle, subtitle: str, changed: frozenset = frozenset(), **kw):
        super().__init__(filename, **kw)
        self.sheet, self.subtitle = style, subtitle
        self.change_bars = ChangeBars(changed, MARGIN_X) if changed else None   # genkit build --since
        w, h = self.pagesize
        frame = Frame(MARGIN_X, MARGIN_BOTTOM, w - 2 * MARGIN_X, h - MARGIN_TOP - MARGIN_BOTTOM,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="text")
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._furniture)])

    def afterFlowable(self, flowable):
        level = getattr(flowable, "toc_level", None)
        if level is None:
            return
        text = flowable.getPlainText()
        self.canv.bookmarkPage(flowable.toc_key)
        self.canv.addOutlineEntry(text, flowable.toc_key, level=min(level, self._outline_level + 1))
        self._outline_level = min(level, self._outline_level + 1)
        if level < TOC_LEVELS:
            _page_number_form(self.canv, flowable.toc_key, self.page, level)

    def handle_documentBegin(self):
        self._outline_level = -1
        super().handle_documentBegin()

    def handle_flowable(self, flowables):
        if flowables:   # the line named if it cannot be laid out (the pieces of a split keep their first's)
            self.placing_line = getattr(flowables[0], "source_line", getattr(self, "placing_line", 1))
        bars, flowable = self.change_bars, flowables[0] if flowables else None
        before = bars.placing(self) if bars else None
        super().handle_flowable(flowables)
        if bars:
            bars.placed(self, flowable, before)

    def _furniture(self, canv, doc):
        """The running head (not on the title page), the page number and the kit's footer."""
        pages = current_limits().rules_pages
        if doc.page > pages:  # rules.md is untrusted: its layout is bounded like its reading
            # reportlab appends its own words ("handle_pageBegin args=()") to what a page
            # callback raises: the message is kept here and said as it is
            self.stopped = (f"the booklet runs past {pages} pages (the limit rules_pages={pages}; "
                            "trusted content that needs more can raise it with "
                            "`genkit --limit rules_pages=N`); shorten rules.md")
            raise RulesError(self.stopped)
        w, h = self.pagesize
        canv.saveState()
        if doc.page > 1:
            canv.setFont(SANS, 8)
            canv.setFillColor(GREY)
            canv.drawString(MARGIN_X, h - 34, f"{self.sheet.title}  \u2014  {self.subtitle}")
            canv.setStrokeColor(RULE_LINE)
            canv.setLineWidth(0.5)
            canv.line(MARGIN_X, h - 39, w - MARGIN_X, h - 39)
        canv.setFont(BOLD, 9)
        canv.setFillColor(INK)
        canv.drawCentredString(w / 2, 30, str(doc.page))
        for t in self.sheet.footer(w, h, extra=f"rules page {doc.page}"):
            canv.setFont(_fonts.rl_font_name(t.font), t.size)
            canv.setFillColor(colors.HexColor(t.fill))
            draw = {"start": canv.drawString, "middle": canv.drawCentredString, "end": canv.drawRightString}
            draw[t.anchor](t.x, h - t.y, t.text)   # sheet primitives are y-down
        canv.restoreState()


def _title_block(content) -> list:
    g = content.game
    out = [Paragraph(escape(g.title), STYLES["title"])]
    if g.subtitle:
        out.append(Paragraph(escape(g.subtitle), STYLES["subtitle"]))
    out.append(Paragraph(f"Rules of play \u00b7 version {escape(g.version)}", STYLES["edition"]))
    return out


class _ContentsLine(Flowable):
    """One line of the contents: the heading, a dot leader and its page number (a form that
    :meth:`_Booklet.afterFlowable` defines once the heading has found its page)."""

    DOT_STEP = 4.5
    NUMBER_ROOM = 22.0

    def __init__(self, heading: "_Heading"):
        super().__init__()
        self.level, self.key = heading.toc_level, heading.toc_key
        self.text = heading.getPlainText()
        self.style = STYLES[f"toc{self.level}"]

    def wrap(self, avail_w, avail_h):
        self.width = avail_w
        return avail_w, self.style.leading + (self.style.spaceBefore if self.level == 0 else 0)

    def draw(self):
        c, st = self.canv, self.style
        x0, y = st.leftIndent, 3.0
        size = st.fontSize
        room = self.width - self.NUMBER_ROOM - x0 - 6
        while pdfmetrics.stringWidth(self.text, st.fontName, size) > room and size > NOTE:
            size -= 0.25
        c.setFont(st.fontName, size)
        c.setFillColor(INK)
        c.drawString(x0, y, self.text)
        start = x0 + pdfmetrics.stringWidth(self.text, st.fontName, size) + 4
        x = (int(start / self.DOT_STEP) + 1) * self.DOT_STEP     # dots line up from line to line
        dots = int((self.width - self.NUMBER_ROOM - x) / self.DOT_STEP)
        if dots > 0:  # one run of text, spaced out: a reader extracts it as one leader
            leader = c.beginText(x, y)
            leader.setFont(st.fontName, size)
            leader.setFillColor(GREY)
            leader.setCharSpace(self.DOT_STEP - pdfmetrics.stringWidth(".", st.fontName, size))
            leader.textOut("." * dots)
            leader.setCharSpace(0)   # the spacing is graphics state: the page number must not inherit it
            c.drawText(leader)
        c.saveState()
        c.translate(self.width, y)
        c.doForm(_form_name(self.key))
        c.restoreState()


def _form_name(key: str) -> str:
    return f"page-of-{key}"


def _page_number_form(canv, key: str, page: int, level: int) -> None:
    """Define the form the contents draws as the page number of heading ``key``."""
    style = STYLES[f"toc{level}"]
    canv.beginForm(_form_name(key), lowerx=-40, lowery=-5, upperx=2, uppery=15)
    canv.setFont(style.fontName, style.fontSize)
    canv.setFillColor(INK)
    canv.drawRightString(0, 0, str(page))
    canv.endForm()


def _contents(story: list) -> list:
    lines = [_ContentsLine(f) for f in story if isinstance(f, _Heading) and f.toc_level < TOC_LEVELS]
    return [Paragraph("Contents", STYLES["contents"]), *lines, PageBreak()]


def _with_table_marks(text: str, cache: TableCache) -> tuple[str, list[list[TableData]], list[int]]:
    """The rendered rules with each ``[[table]]`` line replaced by a mark paragraph, the tables,
    and for each line of the result the line of ``text`` it comes from."""
    tables, lines, origin = [], [], []
    all_lines = text.split("\n")
    marked = {n: m for n, line in outside_fences(all_lines) if (m := TABLE_LINE.match(line))}
    for n, line in enumerate(all_lines, 1):
        m = marked.get(n)
        if m:
            tables.append(cache.data(m.group(1), m.group(2)))
            indent = line[: len(line) - len(line.lstrip())]
            lines += ["", indent + TABLE_MARK.format(len(tables) - 1), ""]
            origin += [n, n, n]
        else:
            lines.append(line)
            origin.append(n)
    return "\n".join(lines), tables, origin


def booklet_pdf(content, style: SheetStyle, rules_text: str, keywords=(), where: str = "rules.md",
                content_root=None, changed: frozenset = frozenset()) -> tuple[bytes, int]:
    """The rules booklet of ``rules_text`` (rules.md as written) as PDF bytes, and its page count;
    ``content_root``: where the pack's own counter template may be; ``changed``: the case numbers
    marked with a change bar (:mod:`.change_bars`)."""

    def counter(side: str, unit_type: str):
        return unit_face(content, side, unit_type, content_root=content_root), counter_size(content)

    register_fonts()
    rules_text = re.sub(r"\r\n?", "\n", rules_text)   # lines as the Markdown parser counts them
    rendered = render_rules(rules_text, content, where)
    cache = TableCache(content)
    w, h = style.size
    frame = (w - 2 * MARGIN_X, h - MARGIN_TOP - MARGIN_BOTTOM)
    for n, why in layout_problems(parse_markdown(rendered), cache.height, frame):   # before any layout
        line, message = rendered_line(n, why, rules_text, rendered)
        raise RulesError(f"{where}:{line}: {message}")
    text, tables, origin = _with_table_marks(rendered, cache)
    width = frame[0]
    rules = _Converter(tables, width, frame[1], counter).run(parse_markdown(text))
    story = _title_block(content) + _contents(rules) + rules
    buf = io.BytesIO()
    g = content.game
    doc = _Booklet(buf, style, "Rules of play", changed, pagesize=(w, h), invariant=1, pageCompression=1,
                   initialFontName=SANS, initialFontSize=BODY, title=f"{g.title} - rules",
                   author="genkit", creator="genkit", subject=f"{g.title} {g.version} rules of play",
                   keywords=", ".join(keywords), leftMargin=MARGIN_X, rightMargin=MARGIN_X,
                   topMargin=MARGIN_TOP, bottomMargin=MARGIN_BOTTOM)
    try:
        doc.build(story)
    except (LayoutError, ValueError) as exc:  # the page limit, or a cell or a line no page can hold
        why = getattr(doc, "stopped", None) or (
            "this block cannot be laid out on the booklet's page (a table row, note or paragraph too "
            "tall or too wide); make it shorter or narrower")
        at = getattr(doc, "placing_line", 1)
        line, message = rendered_line(origin[min(at, len(origin)) - 1], why, rules_text, rendered)
        raise RulesError(f"{where}:{line}: {message}") from exc
    return buf.getvalue(), doc.page


def rules_booklet(content, source, style: SheetStyle, content_root,
                  changed: frozenset = frozenset()) -> tuple[bytes, int] | None:
    """The booklet of the game at ``content_root`` (None: the game has no rules.md).  A booklet
    is never printed with bleed.  Raises RulesError (``genkit check`` reports the same first)."""
    path = rules_path(content_root)
    if path is None:
        return None
    flat = SheetStyle(style.paper, 0.0, style.version, style.content_hash, style.title)
    text = read_rules(path, Path(content_root))
    return booklet_pdf(content, flat, text, [content.game.id, content.game.version, source.sha256[:12]],
                       where=str(path), content_root=content_root, changed=changed)
