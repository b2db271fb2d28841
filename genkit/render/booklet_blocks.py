"""rules.md's Markdown as the booklet's strips (:class:`~.booklet_pages.Strip`), one pass over the
parser's tokens: headings (a rule under a rule's), paragraphs line by line, bullet and numbered
lists, **bold**, *italic*, ``>`` quotes (the designer's notes, shaded), rules, code, Markdown
tables and the model's tables (``[[crt]]``) through the one table layout
(:func:`.tables_layout.data_table`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .booklet_pages import Strip
from .booklet_style import BOLD, ITALIC, RULE_LINE, SANS, STYLES, TABLE_LOOK, TABLE_UNIT
from .draw import Group, Line, Text
from .rich_text import rich_lines
from .rules_markdown import LIST_INDENT, QUOTE_INSET
from .tables import TableData
from .tables_layout import data_table

TABLE_MARK = "GENKITTABLE{}END"          # stands for a [[table]] line while Markdown is parsed
HEADINGS = {"h1": 0, "h2": 1, "h3": 2}   # Markdown heading tag -> outline level
NOTE_PAD_X, NOTE_PAD_TOP, NOTE_PAD_BOTTOM = 9.0, 6.0, 3.0
BULLET_GAP = 12.0


def inline_runs(token) -> list[tuple[str, str]]:
    """A Markdown inline token as runs of (text, font): strong and code bold, emphasis italic;
    links print their text; images and raw HTML print nothing (check says so)."""
    out, bold, italic = [], 0, 0
    for child in token.children or []:
        t = child.type
        font = BOLD if bold else ITALIC if italic else SANS
        if t == "text":
            out.append((child.content, font))
        elif t == "code_inline":
            out.append((child.content, BOLD))
        elif t in ("strong_open", "strong_close"):
            bold += 1 if t.endswith("open") else -1
        elif t in ("em_open", "em_close"):
            italic += 1 if t.endswith("open") else -1
        elif t == "softbreak":
            out.append((" ", font))
        elif t == "hardbreak":
            out.append(("\n", font))
    return out


def plain(runs: list[tuple[str, str]]) -> str:
    return " ".join("".join(t for t, _ in runs).split())


def markup_runs(text: str) -> list[tuple[str, str]]:
    """A Markdown table cell (its inline text as the parser gave it) as runs."""
    from .rules_markdown import parse_markdown
    tokens = parse_markdown(text, keep=False)
    inline = next((t for t in tokens if t.type == "inline"), None)
    return inline_runs(inline) if inline is not None else [(text, SANS)]


@dataclass
class _List:
    ordered: bool
    number: int
    item_paragraphs: int = 0


class Converter:
    """Markdown tokens to strips, one pass."""

    def __init__(self, tables: list[list[TableData]], width: float, height: float, counter=None,
                 spacing: tuple[float, float] = (1.0, 1.0), wrapped: dict | None = None,
                 earlier: dict | None = None, table_at: dict | None = None):
        """``wrapped``: the paragraphs' lines and the tables' rows as an earlier pass over the
        same tokens and tables wrapped and laid them out (neither depends on the spacing), shared
        by the passes of one booklet: each is wrapped or laid out once. ``earlier``: paragraphs'
        lines an earlier booklet wrapped, by the same key (its text and fonts, size and width),
        taken instead of wrapping them again. ``table_at``: the tokens are those of the text with
        its ``[[table]]`` lines, each a paragraph of its own: a paragraph's first line (from 0) ->
        the number of the table it draws (None: the text's table lines are marks)."""
        self.tables, self.width, self.height = tables, width, height   # the text frame
        self.wrapped = {} if wrapped is None else wrapped
        self.earlier = {} if earlier is None else earlier
        self.table_at = table_at
        self.spacing, self.leading = spacing   # the space between blocks and the leading, as shares of the style's
        self.counter = counter   # (side, unit type) -> the counter face's primitives and size
        self.out: list[Strip] = []
        self.notes: list[tuple[int, int, float, float]] = []   # open notes: (number, first strip, box x, w)
        self.count = 0
        self.lists: list[_List] = []
        self.md_table: list[list] | None = None
        self.line = 1
        self.space = 0.0          # the space the last block leaves under it
        self.table_end = -1       # the number of strips when the last table ended
        self.text_end = -1        # ... and the last paragraph outside a list or note

    # the strips
    def _indent(self) -> float:
        return LIST_INDENT * len(self.lists) + QUOTE_INSET * len(self.notes)

    def _x(self) -> float:
        return LIST_INDENT * len(self.lists) + NOTE_PAD_X * len(self.notes)

    def _note_boxes(self) -> tuple:
        return tuple((n, x, w) for n, _, x, w in self.notes)

    def add(self, items, height: float, before: float = 0.0, keep: bool = False, x: float = 0.0,
            repeat: Strip | None = None, mark=None) -> Strip:
        strip = Strip(tuple([Group(tuple(items), translate=(x, 0))]) if x else tuple(items), height,
                      max(before, self.space) * self.spacing, keep, repeat, self._note_boxes(), mark, self.line)
        self.space = 0.0
        self.out.append(strip)
        return strip

    def lines(self, style: dict, runs, x: float, width: float, bullet: str | None = None,
              mark=None, rule: bool = False) -> None:
        """A paragraph (or heading) line by line: its first two and last two lines kept together."""
        size, lead = style["size"], style["size"] * style["leading"] * self.leading
        base = (lead - size) / 2 + size * 0.8
        runs = tuple((t, style["font"] if f == SANS else f) for t, f in runs)   # a heading's text is bold
        key = ("lines", runs, size, width)
        if key not in self.wrapped:
            found = self.earlier.get(key)
            self.wrapped[key] = found if found is not None else rich_lines(list(runs), size, width)
        lines = list(self.wrapped[key])
        while len(lines) > 1 and not lines[-1]:
            lines.pop()
        by_line = [[Text(rx, base, text, size, font, style["fill"]) for rx, text, font in ln] for ln in lines]
        if bullet:
            by_line[0].append(Text(-BULLET_GAP, base, bullet, size, SANS, style["fill"]))
        count = len(by_line)
        if mark is not None:         # a heading: one strip, kept with what follows
            heading = [Group(tuple(ln), translate=(0, i * lead)) for i, ln in enumerate(by_line)]
            height = lead * count
            if rule:
                heading.append(Line(0, height + 1, self.width - self._indent(), height + 1, RULE_LINE, 0.8))
                height += 5
            self.add(heading, height, style["before"], True, x, mark=mark)
            self.space = style["after"]
            return
        for i, ln in enumerate(by_line):
            keep = (i == 0 and count > 1) or i == count - 2
            self.add(ln, lead, style["before"] if i == 0 else 0.0, keep, x)
        self.space = style["after"]
        if not self.lists and not self.notes:
            self.text_end = len(self.out)

    def run(self, tokens) -> list[Strip]:
        it = iter(tokens)
        for tok in it:
            self.line = tok.map[0] + 1 if tok.map else self.line
            handler = getattr(self, "on_" + tok.type, None)
            if handler is not None:
                handler(tok, it)
        return self.out

    # blocks
    def on_heading_open(self, tok, it):
        runs = inline_runs(next(it))
        level = min(HEADINGS.get(tok.tag, 2), 2)
        self.lines(STYLES[f"h{level + 1}"], runs, self._x(), self.width - self._indent(),
                   mark=(level, plain(runs)), rule=level == 0)

    def on_paragraph_open(self, tok, it):
        inline = next(it)
        if self.table_at is not None:
            number = self.table_at.get(tok.map[0]) if tok.map else None
        else:
            mark = re.fullmatch(TABLE_MARK.format(r"(\d+)"), inline.content.strip())
            number = int(mark.group(1)) if mark else None
        if number is not None and number < len(self.tables):   # (the designer may write the mark's text)
            for data in self.tables[number]:
                self.table(data)
            return
        style = STYLES["note" if self.notes else "body"]
        bullet = None
        if self.lists:
            lst = self.lists[-1]
            if lst.item_paragraphs == 0:
                bullet = f"{lst.number}." if lst.ordered else "\u2022"
            lst.item_paragraphs += 1
            style = {**style, "after": 2.5}
        self.lines(style, inline_runs(inline), self._x(), self.width - self._indent(), bullet)

    def table(self, data: TableData) -> None:
        """A table, kept on one page when it fits one; the paragraph that introduces it (the
        text right before it: "the units below", "in this order:") and a table it is the key of
        (a table right before it) stay with it."""
        key = ("table", id(data), self.width - self._indent())     # (self.tables outlives the passes)
        if key not in self.wrapped:
            self.wrapped[key] = data_table(TABLE_LOOK, data, self.width - self._indent(), TABLE_UNIT,
                                           self.counter, markup_runs)
        rows = self.wrapped[key]
        whole = sum(r.height for r in rows) + (rows[0].repeat.height if rows and rows[0].repeat else 0)
        fits = whole <= self.height
        last = self.out[-1] if self.out else None
        if fits and last is not None and last.mark is None and (len(self.out) in (self.table_end, self.text_end)):
            self.out[-1] = replace(last, keep=True)
        before = max(self.space, 4.0 if data.title else 0.0)
        for i, r in enumerate(rows):
            repeat = Strip(r.repeat.items, r.repeat.height) if r.repeat is not None else None
            if repeat is not None and self._x():
                repeat = Strip((Group(repeat.items, translate=(self._x(), 0)),), repeat.height)
            titled = i == 0 and bool(data.title)
            self.add(r.items, r.height, before if i == 0 else 0.0, (fits or titled) and i < len(rows) - 1,
                     self._x(), repeat)
        self.space = 7.0
        self.table_end = len(self.out)

    def on_bullet_list_open(self, tok, it):
        self.lists.append(_List(False, 0))

    def on_ordered_list_open(self, tok, it):
        self.lists.append(_List(True, int(tok.attrs.get("start", 1) or 1) - 1))

    def on_bullet_list_close(self, tok, it):
        self.lists.pop()
        if not self.lists:
            self.space = max(self.space, 3.0 + 2.5)

    on_ordered_list_close = on_bullet_list_close

    def on_list_item_open(self, tok, it):
        lst = self.lists[-1]
        lst.number += 1
        lst.item_paragraphs = 0

    def on_blockquote_open(self, tok, it):
        self.count += 1
        before = self.space
        self.space = 0.0
        if self.out:       # a designer's note stays with the text it follows
            self.out[-1] = replace(self.out[-1], keep=True)
        self.notes.append((self.count, len(self.out), self._x(), self.width - self._indent()))
        self.add((), NOTE_PAD_TOP, before, True)

    def on_blockquote_close(self, tok, it):
        self.space = 0.0
        self.add((), NOTE_PAD_BOTTOM)
        _, first, _, _ = self.notes.pop()
        inner = self.out[first:]
        if sum(s.before + s.height for s in inner) - inner[0].before <= self.height:   # on one page
            self.out[first:-1] = [replace(s, keep=True) for s in inner[:-1]]
        self.space = 6.0

    def on_hr(self, tok, it):
        self.add([Line(0, 0.25, self.width - self._indent(), 0.25, RULE_LINE, 0.5)], 0.5, 4.0, x=self._x())
        self.space = 6.0

    def on_fence(self, tok, it):
        for line in tok.content.rstrip("\n").split("\n"):
            self.lines(STYLES["body"], [(line or " ", SANS)], self._x(), self.width - self._indent())

    on_code_block = on_fence

    # Markdown tables
    def on_table_open(self, tok, it):
        self.md_table = []

    def on_tr_open(self, tok, it):
        self.md_table.append([])

    def on_inline(self, tok, it):
        if self.md_table is not None:
            self.md_table[-1].append(tok.content)

    def on_table_close(self, tok, it):
        rows, self.md_table = self.md_table, None
        n = max(len(r) for r in rows)
        rows = [r + [""] * (n - len(r)) for r in rows]
        self.table(TableData([rows[0]], rows[1:], [1] * n, markup=True))


def _text_of(strip: Strip) -> str:
    """The text a strip prints (its Text items, in order)."""
    out = []
    stack = list(strip.items)[::-1]
    while stack:
        it = stack.pop()
        if isinstance(it, Group):
            stack += list(it.items)[::-1]
        elif isinstance(it, Text):
            out.append(it.text)
    return " ".join(out)


__all__ = ["Converter", "TABLE_MARK", "inline_runs", "plain"]
