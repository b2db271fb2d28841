"""``rules.pdf``: the rules booklet, laid out from ``content/<game>/rules.md`` (see
:mod:`.rules_text` for the placeholders and tables the file may hold), on the kit's one drawing
path: pages of drawing primitives written as PDF and as one SVG per page, like every component.

* Case numbers are the designer's: a heading reads ``# 9.0 Combat`` (a rule), ``## 9.1 ...`` (a
  case), ``### 9.1.1 ...`` (a subcase); genkit prints them as written and ``genkit check`` reports
  a number repeated or out of order.  Rules and cases are listed in the table of contents with
  their page numbers, and in the PDF's outline.
* Paragraphs, bullet and numbered lists, **bold**, *italic*, Markdown tables, ``>`` quotes (the
  designer's notes, in a shaded box) and the model's tables (``[[crt]]``) by the one table layout
  of the player aid (:mod:`.tables_layout`); :mod:`.booklet_blocks` turns the Markdown into
  strips, :mod:`.booklet_pages` puts them on the pages.
* The page furniture of every kit sheet: the footer of :meth:`.layout.SheetStyle.footer`, with the
  page number; a running head with the game's title.  Letter or A4 (``--paper``), never bleed.
* Fonts: the bundled DejaVu faces, embedded; italic is DejaVu Sans Oblique (``sans-italic``).
* Byte-identical rebuilds: the kit's PDF writer (:mod:`.pdf`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from . import disk_cache
from .booklet_blocks import TABLE_MARK, Converter
from .change_bars import ChangeBars
from .booklet_pages import Strip, flow, pages_of
from .booklet_style import GREY, INK, MARGIN_BOTTOM, MARGIN_TOP, MARGIN_X, NOTE, STYLES
from .counters import counter_size, unit_face
from .draw import Group, Page, Text
from .fonts import text_width
from .layout import SheetStyle
from .pdf import pdf_bytes
from .rules_markdown import TABLE_LINE, RulesError, layout_problems, outside_code, parse_markdown
from .rules_tables import TableCache, TableData
from .rules_text import read_rules, render_rules, rendered_line, rules_path

TOC_LEVELS = 2                           # rules and cases are listed; subcases are not
NUMBER_ROOM = 22.0                       # points at the right of a contents line for its page number
SUBTITLE = "Rules of play"
#: a last page less than LAST_PAGE full is laid out again with the space between blocks and the
#: leading of the text tightened (SPACINGS: shares of the style's), and the layout with fewer
#: pages kept: a page printed for a few lines is paper wasted (booklets of up to SQUEEZE_PAGES
#: pages: a longer one gains little)
LAST_PAGE, SQUEEZE_PAGES = 1 / 3, 40
SPACINGS = ((1.0, 1.0), (0.75, 0.97), (0.5, 0.94))


class BookletLayout(NamedTuple):
    """The booklet laid out: its pages, and its outline (page index, heading, level)."""
    pages: list[Page]
    outline: list[tuple[int, str, int]]


@dataclass(frozen=True)
class Booklet:
    """The laid-out booklet: its pages (for the SVGs) and the PDF, with its outline."""

    pages: list[Page]
    pdf: bytes


def _title_block(content, width: float) -> list[Strip]:
    g = content.game
    out = []
    for key, text in (("title", g.title), ("subtitle", g.subtitle),
                      ("edition", f"Rules of play \u00b7 version {g.version}")):
        if text:
            s = STYLES[key]
            lead = s["size"] * s["leading"]
            out.append(Strip((Text(0, lead * 0.8, text, s["size"], s["font"], s["fill"]),), lead, 0.0))
            out[-1] = Strip(out[-1].items, lead + s["after"])
    return out


def _contents_line(level: int, text: str, key: int, width: float) -> Strip:
    """One line of the contents: the heading and a dot leader; its page number is drawn once
    the heading has found its page (:func:`_numbers`)."""
    st = STYLES[f"toc{level}"]
    size, font = st["size"], st["font"]
    x0 = st["indent"]
    room = width - NUMBER_ROOM - x0 - 6
    while text_width(text, font, size) > room and size > NOTE:
        size -= 0.25
    lead = st["size"] * st["leading"]
    base = lead - 3.0
    items = [Text(x0, base, text, size, font, INK)]
    dot = text_width(".", font, size)
    start = x0 + text_width(text, font, size) + 4
    x = (int(start / 4.5) + 1) * 4.5                 # dots line up from line to line
    dots = int((width - NUMBER_ROOM - x) / dot)
    if dots > 2:
        items.append(Text(x, base, "." * dots, size, font, GREY))
    return Strip(tuple(items), lead, st["before"], mark=("toc", key, level))


def _contents(rules: list[Strip], width: float) -> list[Strip]:
    s = STYLES["contents"]
    lead = s["size"] * s["leading"]
    heads = [st for st in rules if st.mark is not None and st.mark[0] < TOC_LEVELS]
    lines = [_contents_line(h.mark[0], h.mark[1], k, width) for k, h in enumerate(heads)]
    title = Strip((Text(0, lead * 0.8, "Contents", s["size"], s["font"], s["fill"]),), lead + s["after"], s["before"])
    return [title, *lines, Strip((), 0.0, mark=("page",))]


class _KeptLines:
    """The lines of the paragraphs the last booklet of the same rules.md wrapped, kept in the disk
    cache (by each paragraph's text and fonts, size and width; the key of the whole covers
    genkit's code and fonts): after an edit, only the paragraphs it changed are wrapped again.
    What this booklet wrapped replaces them, so paragraphs since deleted are not kept."""

    def __init__(self, where: str):
        self.key = disk_cache.key_of("booklet-lines", where)
        found = disk_cache.load("booklet-lines", self.key)
        self.lines = found if isinstance(found, dict) else {}

    def keep(self, wrapped: dict) -> None:
        lines = {key: value for key, value in wrapped.items() if key[0] == "lines"}
        if lines != self.lines:
            disk_cache.store("booklet-lines", self.key, lines)


def _with_table_marks(text: str, cache: TableCache) -> tuple[str, list[list[TableData]], list[int]]:
    """The rendered rules with each ``[[table]]`` line replaced by a mark paragraph, the tables,
    and for each line of the result the line of ``text`` it comes from."""
    tables, lines, origin = [], [], []
    all_lines = text.split("\n")
    marked = {n: m for n, line in outside_code(text) if (m := TABLE_LINE.match(line))}
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


def _tables_standing_alone(text: str) -> dict[int, int] | None:
    """For each ``[[table]]`` line of ``text`` (outside code), its line (from 0) -> its number
    among them, when every one stands alone: at the start of its line, a blank line (or the
    text's start or end) on either side, and nowhere the text of a mark. Then the Markdown of
    ``text`` parses as that of :func:`_with_table_marks`'s text, each table line a paragraph of
    its own where the other has its mark: the booklet reads the tokens the check parsed instead
    of parsing again. None: some table line does not stand alone (the marks decide). A blank line
    is one of spaces and tabs, as Markdown reads it; a text with a carriage return (a line break to
    the parser, not to this count) is left to the marks."""
    if TABLE_MARK.split("{}")[0] in text or "\r" in text:
        return None
    lines = text.split("\n")
    at = {}
    for n, line in outside_code(text):
        if TABLE_LINE.match(line):
            if line[:1].isspace() or (n > 1 and lines[n - 2].strip(" \t")) \
                    or (n < len(lines) and lines[n].strip(" \t")):
                return None
            at[n - 1] = len(at)
    return at


def _each_a_paragraph(tokens, table_at: dict[int, int]) -> bool:
    """Whether the parser read each line of ``table_at`` as a paragraph of that line alone, outside
    any list or note, holding the table line (what :func:`_tables_standing_alone` found by the
    text; anything it did not foresee leaves the marks to decide)."""
    alone = {tok.map[0] for tok, inline in zip(tokens, tokens[1:])
             if tok.type == "paragraph_open" and tok.level == 0 and tok.map and tok.map[1] == tok.map[0] + 1
             and TABLE_LINE.match(inline.content)}
    return alone.issuperset(table_at)


def _number_contents(placed, width: float) -> None:
    """Each contents line gets its heading's page number, at its right."""
    heading_page = [n for n, p in enumerate(placed, 1) for m in p.marks if m[0] != "toc" and m[0] < TOC_LEVELS]
    for p in placed:
        for _, key, level, _, index in (m for m in p.marks if m[0] == "toc"):
            st = STYLES[f"toc{level}"]
            number = Text(width, st["size"] * st["leading"] - 3.0, str(heading_page[key]), st["size"], st["font"],
                          INK, "end")
            line = p.items[index]
            p.items[index] = Group(line.items + (number,), translate=line.translate)


def booklet_layout(content, style: SheetStyle, rules_text: str, where: str = "rules.md",
                   content_root=None, changed: frozenset = frozenset()) -> BookletLayout:
    """The booklet of ``rules_text`` (rules.md as written): its pages and its outline (page
    index, heading, level); ``content_root``: where the pack's own counter template may be."""

    def counter(side: str, unit_type: str):
        return unit_face(content, side, unit_type, content_root=content_root), counter_size(content)

    rules_text = re.sub(r"\r\n?", "\n", rules_text)   # lines as the Markdown parser counts them
    rendered = render_rules(rules_text, content, where)
    cache = TableCache(content, content_root)
    w, h = style.size
    frame = (w - 2 * MARGIN_X, h - MARGIN_TOP - MARGIN_BOTTOM)
    for n, why in layout_problems(parse_markdown(rendered), cache.height, frame):   # before any layout
        line, message = rendered_line(n, why, rules_text, rendered)
        raise RulesError(f"{where}:{line}: {message}")
    text, tables, origin = _with_table_marks(rendered, cache)
    table_at = _tables_standing_alone(rendered)
    if table_at is not None and not _each_a_paragraph(parse_markdown(rendered), table_at):
        table_at = None
    if table_at is not None:        # the tokens read above, each table line a paragraph of its own
        tokens = parse_markdown(rendered)

        def source_line(n: int) -> int:
            return rendered_line(n, "", rules_text, rendered)[0]
    else:                           # the text with marks parsed again
        tokens = parse_markdown(text)

        def source_line(n: int) -> int:
            return rendered_line(origin[min(max(n, 1), len(origin)) - 1], "", rules_text, rendered)[0]

    placed = None
    wrapped: dict = {}          # lines and tables wrapped by the first pass, for the next
    kept = _KeptLines(where)
    for spacing in SPACINGS:
        rules = Converter(tables, frame[0], frame[1], counter, spacing, wrapped, kept.lines, table_at).run(tokens)
        strips = _title_block(content, frame[0]) + _contents(rules, frame[0]) + rules
        tried = flow(strips, h, where, source_line, ChangeBars(changed) if changed else None)
        if placed is None or len(tried) < len(placed):
            placed = tried
        if len(placed) == 1 or len(placed) > SQUEEZE_PAGES or placed[-1].used >= frame[1] * LAST_PAGE:
            break
    kept.keep(wrapped)
    _number_contents(placed, frame[0])
    pages = pages_of(placed, style, SUBTITLE)
    outline, last = [], -1
    for n, p in enumerate(placed):
        for m in p.marks:
            if m[0] != "toc":
                last = min(m[0], last + 1)
                outline.append((n, m[1], last))
    return BookletLayout(pages, outline)


def booklet_pdf(content, style: SheetStyle, rules_text: str, keywords=(), where: str = "rules.md",
                content_root=None, changed: frozenset = frozenset()) -> tuple[bytes, int]:
    """The rules booklet as PDF bytes, and its page count (see :func:`booklet_layout`)."""
    booklet = _booklet(content, style, rules_text, keywords, where, content_root, changed)
    return booklet.pdf, len(booklet.pages)


def _booklet(content, style, rules_text, keywords, where, content_root, changed=frozenset()) -> Booklet:
    pages, outline = booklet_layout(content, style, rules_text, where, content_root, changed)
    g = content.game
    pdf = pdf_bytes(pages, title=f"{g.title} - rules", subject=booklet_subject(content),
                    keywords=list(keywords), outline=outline)
    return Booklet(pages, pdf)


def rules_booklet(content, source, style: SheetStyle, content_root,
                  changed: frozenset = frozenset()) -> Booklet | None:
    """The booklet of the game at ``content_root`` (None: the game has no rules.md).  A booklet
    is never printed with bleed.  Raises RulesError (``genkit check`` reports the same first)."""
    path = rules_path(content_root)
    if path is None:
        return None
    flat = SheetStyle(style.paper, 0.0, style.version, style.content_hash, style.title)
    text = read_rules(path, Path(content_root))
    return _booklet(content, flat, text, booklet_keywords(content, source), str(path), content_root, changed)


def booklet_keywords(content, source) -> list[str]:
    """The keywords of the booklet's PDF: the game, its version and the content's hash."""
    return [content.game.id, content.game.version, source.sha256[:12]]


def booklet_subject(content) -> str:
    """The subject of the booklet's PDF."""
    return f"{content.game.title} {content.game.version} rules of play"


def rules_pages(content, style: SheetStyle, content_root,
                changed: frozenset = frozenset()) -> BookletLayout | None:
    """The pages and outline of the game's booklet (as :func:`rules_booklet` writes them: no
    PDF made); None when the game has no rules.md."""
    path = rules_path(content_root)
    if path is None:
        return None
    flat = SheetStyle(style.paper, 0.0, style.version, style.content_hash, style.title)
    return booklet_layout(content, flat, read_rules(path, Path(content_root)), str(path), content_root, changed)
