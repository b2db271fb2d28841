"""The rules booklet's pages (:mod:`.booklet`): strips of text and tables put down the pages, the
designer's notes shaded behind their strips, and the page furniture.

* A :class:`Strip` is never split.  Strips that must stay together (a heading and what follows
  it, a paragraph's first two and last two lines, a table or a designer's note shorter than a
  page, a sentence ending in ':' and its table) are chained by ``keep``; a chain that fits a page
  moves to the next page whole, a longer one breaks between strips, a table repeating its head.
* The space above a strip is dropped at the top of a page.
* Every page but the first has a running head with the game's title; every page its number and
  the kit's footer (:meth:`.layout.SheetStyle.footer`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.yaml_safe import current_limits
from .booklet_style import ACCENT, BOLD, GREY, INK, MARGIN_BOTTOM, MARGIN_TOP, MARGIN_X, RULE_LINE, SANS, SHADE
from .draw import Group, Line, Page, Rect, Text
from .layout import SheetStyle
from .rules_markdown import RulesError

NOTE_LINE = 2.0   # points: the accent line left of a designer's note


@dataclass(frozen=True)
class Strip:
    """One unbreakable strip of the booklet's text, laid out at the origin (x from the text's
    left edge): ``before`` the space above it; ``keep`` it stays on the page of the strip after
    it; ``repeat`` is drawn above it when it opens a page (a table's head); ``notes`` the
    designer's notes it lies in, as (note number, x, width); ``mark`` a heading's (level, text)
    for the contents and the outline; ``line`` the line of rules.md it comes from."""

    items: tuple
    height: float
    before: float = 0.0
    keep: bool = False
    repeat: "Strip | None" = None
    notes: tuple = ()
    mark: tuple | None = None
    line: int = 1


@dataclass
class Placed:
    """What one page holds: its items, and the marked strips on it (a heading's level and
    text, or a contents line's; the y and item index it has on the page)."""

    items: list = field(default_factory=list)
    marks: list = field(default_factory=list)
    shades: dict = field(default_factory=dict)   # note -> [x, w, top, bottom]
    used: float = 0.0


def _chains(strips: list[Strip]) -> list[list[Strip]]:
    out: list[list[Strip]] = []
    for i, s in enumerate(strips):
        if i and strips[i - 1].keep:
            out[-1].append(s)
        else:
            out.append([s])
    return out


class _Flow:
    def __init__(self, top: float, bottom: float, where: str, origin, bars=None):
        self.top, self.bottom, self.where, self.origin = top, bottom, where, origin
        self.bars = bars          # the change bars (genkit build --since), or None
        self.pages: list[Placed] = [Placed()]
        self.y = top

    def new_page(self, line: int) -> None:
        pages = current_limits().rules_pages
        if len(self.pages) >= pages:   # rules.md is untrusted: its layout is bounded like its reading
            raise RulesError(f"{self.where}:{self.origin(line)}: the booklet runs past {pages} pages (the limit "
                             f"rules_pages={pages}; trusted content that needs more can raise it with "
                             "`genkit --limit rules_pages=N`); shorten rules.md")
        self.pages.append(Placed())
        self.y = self.top

    def fresh(self) -> bool:
        return self.y == self.top

    def need(self, chain: list[Strip]) -> float:
        h = sum(s.before + s.height for s in chain)
        return h - chain[0].before if self.fresh() else h

    def place(self, s: Strip) -> None:
        page = self.pages[-1]
        if not self.fresh():
            self._shade(s, self.y, self.y + s.before)
            self.y += s.before
        if s.height > self.bottom - self.top + 1e-6:
            raise RulesError(f"{self.where}:{self.origin(s.line)}: this block cannot be laid out on the booklet's "
                             "page (a table row, note or paragraph too tall); make it shorter")
        if self.fresh() and s.repeat is not None:
            self.place(s.repeat)
        if s.mark is not None:     # (its mark, y, the index of its items on the page)
            page.marks.append((*s.mark, self.y, len(page.items)))
        page.items.append(Group(s.items, translate=(MARGIN_X, self.y)))
        if self.bars is not None:
            self.bars.follow(s.mark)
            bar = self.bars.bar(len(self.pages), self.y, self.y + s.height)
            if bar is not None:
                page.items.append(bar)
        self._shade(s, self.y, self.y + s.height)
        self.y += s.height
        page.used = self.y - self.top

    def _shade(self, s: Strip, top: float, bottom: float) -> None:
        for note, x, w in s.notes:
            box = self.pages[-1].shades.setdefault(note, [x, w, top, bottom])
            box[3] = bottom

    def chain(self, chain: list[Strip]) -> None:
        room = self.bottom - self.y
        whole = self.need(chain)
        if whole > room + 1e-6 and not self.fresh() and sum(s.before + s.height for s in chain) - chain[0].before \
                <= self.bottom - self.top:
            self.new_page(chain[0].line)
        for i, s in enumerate(chain):
            h = s.height + (0 if self.fresh() else s.before)
            nxt = chain[i + 1].height + chain[i + 1].before if s.keep and i + 1 < len(chain) else 0.0
            if not self.fresh() and (self.y + h > self.bottom + 1e-6 or self.y + h + nxt > self.bottom + 1e-6):
                self.new_page(s.line)
            self.place(s)


def flow(strips: list[Strip], page_height: float, where: str, origin, bars=None) -> list[Placed]:
    """The strips put down the pages (see the module); ``origin`` maps a strip's line to the
    line of rules.md an error names; ``bars``: the :class:`.change_bars.ChangeBars` to draw."""
    f = _Flow(MARGIN_TOP, page_height - MARGIN_BOTTOM, where, origin, bars)
    for chain in _chains(strips):
        if chain[0].mark == ("page",):        # a page break (after the contents)
            if f.pages[-1].items:
                f.new_page(chain[0].line)
            continue
        f.chain(chain)
    return f.pages


def shading(placed: Placed) -> list:
    """The designer's notes' boxes of a page: the shade behind their strips, the accent line."""
    out = []
    for x, w, top, bottom in placed.shades.values():
        out += [Rect(MARGIN_X + x, top, w, bottom - top, fill=SHADE, stroke=None),
                Line(MARGIN_X + x + NOTE_LINE / 2, top, MARGIN_X + x + NOTE_LINE / 2, bottom, ACCENT, NOTE_LINE)]
    return out


def furniture(style: SheetStyle, subtitle: str, n: int) -> list:
    """The running head (not on the title page), the page number and the kit's footer."""
    w, h = style.size
    out = []
    if n > 1:
        out += [Text(MARGIN_X, 34, f"{style.title}  \u2014  {subtitle}", 8, SANS, GREY),
                Line(MARGIN_X, 39, w - MARGIN_X, 39, RULE_LINE, 0.5)]
    out.append(Text(w / 2, h - 30, str(n), 9, BOLD, INK, "middle"))
    return out + style.footer(w, h, extra=f"rules page {n}")


def pages_of(placed: list[Placed], style: SheetStyle, subtitle: str) -> list[Page]:
    """The finished pages."""
    w, h = style.size
    out = []
    for n, p in enumerate(placed, 1):
        items = shading(p) + p.items + furniture(style, subtitle, n)
        out.append(Page(w, h, tuple(items), title=f"rules {n}"))
    return out
