"""Fitting text to the space it is given: the largest font size at which a label fits
a width (:func:`fit_text`), greedy word wrap (:func:`wrap_text`) and one
:class:`~genkit.render.draw.Text` primitive per wrapped line (:func:`text_lines`).
Widths come from :func:`genkit.render.fonts.text_width`.
"""

from __future__ import annotations

import math
from typing import Sequence

from .draw import Text
from .fonts import text_width


class TextFitError(ValueError):
    pass


def fit_text(text: str, font: str, max_size: float, max_width: float,
             min_size: float = 0.0) -> float:
    """Largest font size <= ``max_size`` (rounded down to 0.01 pt) at which ``text``
    is at most ``max_width`` wide.  Raises :class:`TextFitError` if that is below
    ``min_size`` (default 0: never raises; an empty string gets ``max_size``)."""
    w1 = text_width(text, font, 1.0)
    if w1 <= 0:
        return max_size
    size = min(max_size, max_width / w1)
    size = math.floor(size * 100 + 1e-9) / 100
    while size > 0 and text_width(text, font, size) > max_width + 1e-9:
        # a hundredth down; at sizes so large that a hundredth is lost in rounding (a template
        # may ask for 1e17 pt), a step that still shrinks it, so the loop always ends
        size = min(round(size - 0.01, 2), size * (1 - 1e-9))
    if size < min_size or size <= 0:
        raise TextFitError(f"{text!r} in {font} does not fit {max_width:g} pt "
                           f"at >= {min_size:g} pt (would need {max(size, 0):g} pt)")
    return size


def wrap_text(text: str, font: str, size: float, max_width: float) -> list[str]:
    """Greedy word wrap into lines no wider than ``max_width`` (a single word longer
    than the width gets a line of its own).  Explicit newlines are kept.  Linear in the text's
    length: a line's width is its words' widths added up, and measured whole only when that sum
    is too close to ``max_width`` to decide: at most twice a line, then the sum decides (words
    of no width, at size 0, would otherwise have the whole line measured once per word)."""
    space = text_width(" ", font, size)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur, width, measured = [words[0]], text_width(words[0], font, size), 0
        for word in words[1:]:
            w = width + space + text_width(word, font, size)
            near = 1e-9 * (abs(w) + 1)  # far above the rounding of a sum of a million widths
            fits = w < max_width - near
            if not fits and w <= max_width + near:
                measured += 1
                fits = measured > 2 or text_width(" ".join(cur) + " " + word, font, size) <= max_width
            if fits:
                cur.append(word)
                width = w
            else:
                lines.append(" ".join(cur))
                cur, width, measured = [word], text_width(word, font, size), 0
        lines.append(" ".join(cur))
    return lines


def text_lines(lines: Sequence[str], x: float, y: float, size: float, font: str = "sans",
               fill: str | None = "#000000", anchor: str = "start",
               leading: float | None = None) -> list[Text]:
    """One :class:`Text` per line, first baseline at ``y``, ``leading`` (default 1.2*size)
    between baselines."""
    lead = 1.2 * size if leading is None else leading
    return [Text(x, y + i * lead, ln, size, font, fill, anchor)
            for i, ln in enumerate(lines) if ln]
