"""Change bars: the rule cases an update changed, marked by a bar in the left margin beside their
text, as printed errata do (``genkit build --since OLD``; which cases changed is
:func:`genkit.publish.since.changed_cases`'s to say).

The booklet's flow (:func:`.booklet_pages.flow`) tells :meth:`ChangeBars.follow` every strip's
heading mark and asks :meth:`ChangeBars.bar` for the bar beside each strip it places: the bar runs
down the height the strip takes on its page, for every strip from a changed case's heading to the
next heading.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .booklet_style import MARGIN_X
from .draw import Rect

BAR_WIDTH = 2.0
BAR_GAP = 8.0          # from the text's left edge to the bar's
BAR_INK = "#000000"    # black: it must survive a black-and-white copy

_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)*)")


def case_number(heading: str) -> str | None:
    """"9.1 Fighting" -> "9.1"; None for a heading without a case number."""
    m = _NUMBER.match(heading)
    return m.group(1) if m else None


@dataclass
class ChangeBars:
    """The changed cases, and the case the flow is in."""
    changed: frozenset[str]
    case: str | None = None
    drawn: list[tuple[int, str]] = field(default_factory=list)   # (page, case) of every bar

    def follow(self, mark) -> None:
        """A strip's mark: a heading's (level, text) opens its case; contents lines and page
        breaks leave the case as it is."""
        if mark is not None and isinstance(mark[0], int):
            self.case = case_number(str(mark[1]))

    def bar(self, page: int, top: float, bottom: float) -> Rect | None:
        """The bar beside a strip placed from ``top`` to ``bottom`` (points down the page) on
        page ``page``, or None when its case did not change."""
        if self.case not in self.changed or bottom - top <= 0.5:
            return None
        if not self.drawn or self.drawn[-1] != (page, self.case):
            self.drawn.append((page, self.case))
        return Rect(MARGIN_X - BAR_GAP - BAR_WIDTH, top, BAR_WIDTH, bottom - top, fill=BAR_INK, stroke=None)
