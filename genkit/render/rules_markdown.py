"""rules.md as Markdown: what ``genkit check`` (:mod:`.rules_text`) and the booklet
(:mod:`.booklet`) share, so that check passes only what the booklet can lay out.

* the one Markdown parser (:func:`parse_markdown`) and the syntax of a table line (``[[crt]]``);
* the booklet's bounds (rules.md is untrusted): one paragraph or table cell holds at most
  :data:`PARAGRAPH_LIMIT` characters, a heading :data:`HEADING_LIMIT`; a Markdown table has no more columns than its room holds
  at :data:`MIN_COLUMN` points each; and the booklet's length is estimated from the text and the
  tables before anything is laid out, so a file that would run past ``--limit rules_pages`` is
  refused in a moment, not after hundreds of pages (:func:`layout_problems`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterator

from ..model.yaml_safe import current_limits
from .booklet_style import MARGIN_BOTTOM, MARGIN_TOP, MARGIN_X, TABLE_UNIT
from .layout import PAPERS
from .sheets import page_size

TABLE_LINE = re.compile(r"^\s*\[\[\s*([A-Za-z_][\w-]*)(?:(?:\s*:\s*|\s+)([^\]\s:]+))?\s*\]\]\s*$")
LONE_CR = re.compile(r"\r(?!\n|$)")   # a carriage return not ending a line: a line break to the parser

LIST_INDENT = 16.0       # points a list level moves its items in
QUOTE_INSET = 18.0       # points a designer's note (its box's padding) takes from the width
MIN_COLUMN = 18.0        # points: a table cell's padding and a letter or two
PARAGRAPH_LIMIT = 20_000  # characters in one paragraph or table cell (a long rule: 2,000)
HEADING_LIMIT = 500       # characters in one heading (it goes in the contents and the outline)

# the estimate of the booklet's length (points): a little under what the booklet prints, so
# that a booklet refused by it is surely longer than the limit
CHAR_WIDTH, LINE, BLOCK, ROW = 5.0, 13.0, 5.0, 16.0
CELL_LINE, CELL_PADDING = 10.5, 8.0     # a table cell's leading and its padding (either way)


class RulesError(ValueError):
    """rules.md cannot be read, rendered or laid out; the message names the file and line."""


def parse_markdown(text: str, keep: bool = True) -> list:
    """Markdown tokens (CommonMark with tables; raw HTML is parsed so that check can report it).
    The parser is imported here: a check whose rules.md is known clean (the disk cache) parses none.
    The tokens of the last two texts are kept (check and booklet parse the same filled rules.md;
    ``keep=False`` for a table cell's few words): they are read, never changed."""
    return _parsed(text) if keep else _parser().parse(text)


@lru_cache(maxsize=2)
def _parsed(text: str) -> list:
    return _parser().parse(text)


@lru_cache(maxsize=1)
def _parser():
    from markdown_it import MarkdownIt
    return MarkdownIt("commonmark", {"html": True}).enable("table")


def outside_code(text: str) -> Iterator[tuple[int, str]]:
    """(number, line) of the lines of ``text`` (split at newlines) that the Markdown parser does
    not read as code: outside fences (``` and ~~~, their own lines included) and indented code
    blocks, in lists and notes too, as :func:`parse_markdown` finds them. There a ``[[table]]``
    line draws a table; in code it prints as written; for check, booklet and change bars alike.
    (A lone carriage return is a line break to the parser: the lines are matched up.)"""
    code: set[int] = set()
    for tok in parse_markdown(text):
        if tok.type in ("fence", "code_block") and tok.map:
            code.update(range(tok.map[0], tok.map[1]))
    lines = text.split("\n")
    parser_line = 0              # the parser's number (from 0) of each line's start
    for n, line in enumerate(lines, 1):
        if parser_line not in code:
            yield n, line
        parser_line += 1 + len(LONE_CR.findall(line))


def text_frame(paper: str) -> tuple[float, float]:
    """Width and height (points) of the booklet's text on ``paper``."""
    w, h = page_size(paper)
    return w - 2 * MARGIN_X, h - MARGIN_TOP - MARGIN_BOTTOM


#: the narrowest and shortest text frame of any paper: what check measures against
NARROWEST = tuple(min(text_frame(p)[i] for p in PAPERS) for i in (0, 1))

TableHeight = Callable[[str, "str | None", float], float]   # (name, id, row) -> points (0: prints nothing)


def layout_problems(tokens: list, table_height: TableHeight, frame=NARROWEST) -> Iterator[tuple[int, str]]:
    """(line, why) of what the Markdown ``tokens`` (:func:`parse_markdown`) hold that the booklet
    cannot lay out within its bounds: a paragraph
    too long, a table with more columns than its room, the booklet estimated past the page limit
    (then nothing more). Linear in the number of tokens."""
    width, height = frame
    pages = current_limits().rules_pages
    room = [width]                         # the width at each open list or note
    used, line, columns, in_table, row, heading = 0.0, 1, 0, False, ROW, False
    for tok in tokens:
        line = tok.map[0] + 1 if tok.map else line
        if tok.type in ("bullet_list_open", "ordered_list_open", "blockquote_open"):
            room.append(room[-1] - (LIST_INDENT if tok.type != "blockquote_open" else QUOTE_INSET))
        elif tok.type in ("bullet_list_close", "ordered_list_close", "blockquote_close"):
            room.pop()
        elif tok.type == "inline":
            cell = min(room[-1] / max(columns, 1), TABLE_UNIT) - CELL_PADDING   # as the booklet shares it out
            row = max(row, _text_height(len(tok.content), cell, CELL_LINE) - BLOCK + CELL_PADDING)
            if heading and len(tok.content) > HEADING_LIMIT:
                yield line, (f"a heading of {len(tok.content):,} characters, past the {HEADING_LIMIT:,} "
                             "a heading may hold; shorten it")
            elif len(tok.content) > PARAGRAPH_LIMIT:
                yield line, (f"a paragraph of {len(tok.content):,} characters, past the {PARAGRAPH_LIMIT:,} "
                             "the booklet lays out in one paragraph or table cell; break it up")
            m = TABLE_LINE.match(tok.content)
            drawn = table_height(m.group(1), m.group(2), ROW) if m else 0.0
            if not in_table:   # a cell's height is its row's
                used += drawn + BLOCK if drawn else _text_height(len(tok.content), room[-1])
        elif tok.type in ("heading_open", "heading_close"):
            heading = tok.type == "heading_open"
        elif tok.type in ("table_open", "table_close"):
            in_table = tok.type == "table_open"
        elif tok.type == "tr_open":
            row = ROW
        elif tok.type == "tr_close":
            used += row
            if row > height:
                yield line, (f"a table row about {row:,.0f} points tall, taller than the booklet's page "
                             f"({height:,.0f} points): a row is never split; shorten its cells")
        elif tok.type == "thead_open":
            columns = 0
        elif tok.type == "th_open":
            columns += 1
        elif tok.type == "thead_close":
            if columns * MIN_COLUMN > room[-1]:
                yield line, (f"a table of {columns} columns: the booklet's page holds at most "
                             f"{int(room[-1] // MIN_COLUMN)} here ({MIN_COLUMN:g} points each); split the table")
        elif tok.type in ("fence", "code_block"):
            used += tok.content.count("\n") * LINE + _text_height(len(tok.content), room[-1])
        if used > pages * height:
            yield line, (f"the booklet would run past {pages} pages by this line (the limit rules_pages="
                         f"{pages}; trusted content that needs more can raise it with "
                         f"`genkit --limit rules_pages=N`); shorten rules.md")
            return


def _text_height(chars: int, width: float, line: float = LINE) -> float:
    return (chars * CHAR_WIDTH // max(width, CHAR_WIDTH) + 1) * line + BLOCK

