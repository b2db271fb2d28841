"""The look of the rules booklet (:mod:`.booklet`): colours, margins and text styles (plain
mappings of a logical font, size, leading, ink and the space around a block), and the look of
its tables (:class:`~.tables_layout.TableLook`)."""

from __future__ import annotations

from .tables_layout import TableLook

INK = "#1a1a1a"
GREY = "#555555"
ACCENT = "#2d4a6b"       # rule headings and table heads: a dark slate, no side's colour
SHADE = "#eef1f5"        # designer's notes, table sub-heads
RULE_LINE = "#9aa8b8"
WHITE = "#ffffff"
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 58.0, 56.0, 52.0
BODY, TABLE_TEXT, NOTE = 9.5, 8.5, 8.0   # points: nothing in the booklet is smaller than NOTE
TABLE_UNIT = 50.0                        # points per relative column width, up to the frame width
SANS, BOLD, ITALIC = "sans", "sans-bold", "sans-italic"


def _style(size: float, font: str = SANS, leading: float | None = None, fill: str = INK,
           before: float = 0.0, after: float = 0.0, indent: float = 0.0) -> dict:
    lead = leading or size * 1.32
    return {"font": font, "size": size, "leading": lead / size, "fill": fill, "before": before,
            "after": after, "indent": indent}


STYLES = {
    "title": _style(26, BOLD, 31, ACCENT, after=4),
    "subtitle": _style(13, SANS, 17, GREY, after=2),
    "edition": _style(9, SANS, 12, GREY, after=14),
    "contents": _style(13, BOLD, 17, ACCENT, before=6, after=8),
    "h1": _style(14, BOLD, 18, ACCENT, before=14, after=5),
    "h2": _style(10.5, BOLD, 14, before=8, after=3),
    "h3": _style(BODY, BOLD, 13, before=5, after=2),
    "body": _style(BODY, leading=13, after=5),
    "note": _style(BODY, leading=13, after=3),
    "table_title": _style(9, BOLD, 12, before=4, after=3),
    "table_note": _style(NOTE, leading=10, fill=GREY),
    "toc0": _style(BODY, BOLD, 13, before=3),
    "toc1": _style(8.5, SANS, 11, indent=16),
}

#: the booklet's tables: a dark head, a grid, shaded sub-heads, the title above and notes below
TABLE_LOOK = TableLook(
    head={"font": BOLD, "size": TABLE_TEXT, "leading": 10.5 / TABLE_TEXT, "fill": WHITE, "background": ACCENT},
    body={"font": SANS, "size": TABLE_TEXT, "leading": 10.5 / TABLE_TEXT, "fill": INK},
    bold={"font": BOLD, "size": TABLE_TEXT, "leading": 10.5 / TABLE_TEXT, "fill": INK},
    pad=4.0, pad_y=2.75, grid=RULE_LINE, band=SHADE,
    title=STYLES["table_title"], note=STYLES["table_note"])
