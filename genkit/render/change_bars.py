"""Change bars: the rule cases an update changed, marked by a bar in the left margin beside their
text, as printed errata do (``genkit build --since OLD``; which cases changed is
:func:`genkit.publish.since.changed_cases`'s to say).

The booklet calls :meth:`ChangeBars.placing` before it places each flowable and
:meth:`ChangeBars.placed` after: the bar runs down the height the flowable took on its page, for
every flowable from a changed case's heading to the next heading.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

BAR_WIDTH = 2.0
BAR_GAP = 8.0        # from the text's left edge to the bar's
BAR_INK = (0, 0, 0)  # black: it must survive a black-and-white copy

_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)*)")


def case_number(heading: str) -> str | None:
    """"9.1 Fighting" -> "9.1"; None for a heading without a case number."""
    m = _NUMBER.match(heading)
    return m.group(1) if m else None


@dataclass
class ChangeBars:
    """The changed cases and where the text starts (``left``, points from the page's left edge)."""
    changed: frozenset[str]
    left: float
    case: str | None = None
    drawn: list[tuple[int, str]] = field(default_factory=list)   # (page, case) of every bar, for the manifest

    def placing(self, doc) -> tuple:
        """What :meth:`placed` compares with: the page, frame and height before a flowable is placed."""
        frame = getattr(doc, "frame", None)
        return doc.page, frame, getattr(frame, "_y", None)

    def placed(self, doc, flowable, before: tuple) -> None:
        """After ``flowable`` was handled: follow the case it opens (a heading) and draw the bar
        beside what it took on the page when its case changed."""
        level = getattr(flowable, "toc_level", None)
        if level is not None:
            self.case = case_number(flowable.getPlainText())
        if self.case not in self.changed:
            return
        page, frame, y0 = before
        now = getattr(doc, "frame", None)
        if now is None or getattr(now, "_y", None) is None:
            return
        if now is not frame or page != doc.page or y0 is None:       # placed at the top of a new frame
            y0 = now._y1 + now._height - now._topPadding
        y1 = now._y
        if y0 - y1 <= 0.5:
            return
        c = doc.canv
        c.saveState()
        c.setFillColorRGB(*BAR_INK)
        c.rect(self.left - BAR_GAP - BAR_WIDTH, y1, BAR_WIDTH, y0 - y1, stroke=0, fill=1)
        c.restoreState()
        if not self.drawn or self.drawn[-1] != (doc.page, self.case):
            self.drawn.append((doc.page, self.case))
