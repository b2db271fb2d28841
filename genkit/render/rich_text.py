"""Text in runs of several faces (a rules paragraph's **bold** and *italic*), wrapped to a width
and set as :class:`~.draw.Text` primitives, one per run of a line; and plain text wrapped in one
text style (:func:`para`), as the player aid and every table set it.

A text style is a mapping: ``font`` (a logical font), ``size``, ``fill`` and ``leading`` (a
multiple of the size, 1.25 unless given)."""

from __future__ import annotations

from dataclasses import dataclass

from .draw import Text
from .fonts import ascent, text_width
from .layout import broken_word, wrap

Run = tuple[str, str]      # (text, logical font); "\n" in a run's text is a forced line break


def lead(s: dict) -> float:
    return float(s["size"]) * float(s.get("leading", 1.25))


def para(s: dict, text: str, width: float, x: float = 0, y: float = 0) -> tuple[list, float]:
    """``text`` wrapped to ``width`` in text style ``s``, its top at y: (items, height)."""
    size, font = float(s["size"]), s["font"]
    lines = wrap(text, font, size, width) if text else []
    asc = ascent(font, size)
    items = [Text(x, y + asc + i * lead(s), ln, size, font, s["fill"]) for i, ln in enumerate(lines)]
    return items, (len(lines) - 1) * lead(s) + size * 1.2 if lines else 0.0


def words_width(text: str, s: dict) -> float:
    return max((text_width(w, s["font"], float(s["size"])) for w in text.split()), default=0.0)


@dataclass(frozen=True)
class _Atom:
    text: str
    font: str
    space: bool        # a space before it (a line may break there)
    width: float


def _atoms(runs: list[Run], size: float) -> list[_Atom]:
    out, space = [], False
    for text, font in runs:
        for i, part in enumerate(text.split("\n")):
            if i:
                out.append(_Atom("\n", font, False, 0.0))
                space = False
            for j, word in enumerate(part.split(" ")):
                if j:
                    space = True
                if word:
                    out.append(_Atom(word, font, space and bool(out) and out[-1].text != "\n",
                                     text_width(word, font, size)))
                    space = False
    return out


def _words(atoms: list[_Atom]) -> list[list[_Atom]]:
    """Atoms grouped into words: a line breaks between words, never inside one."""
    words: list[list[_Atom]] = []
    for a in atoms:
        if a.text == "\n" or not words or a.space or words[-1][0].text == "\n":
            words.append([a])
        else:
            words[-1].append(a)
    return words


def rich_lines(runs: list[Run], size: float, width: float) -> list[list[tuple[float, str, str]]]:
    """``runs`` wrapped to ``width``: per line, (x, text, font) of each run of one face."""
    lines: list[list[_Atom]] = [[]]
    used = 0.0
    for word in _words(_atoms(runs, size)):
        if word[0].text == "\n":
            lines.append([])
            used = 0.0
            continue
        w = sum(a.width for a in word)
        gap = text_width(" ", word[0].font, size) if lines[-1] else 0.0
        if lines[-1] and used + gap + w > width + 1e-9:
            lines.append([])
            used, gap = 0.0, 0.0
        if not lines[-1] and w > width:          # a word wider than the line: broken between letters
            for a in word:
                for piece in broken_word(a.text, a.font, size, width):
                    pw = text_width(piece, a.font, size)
                    if lines[-1] and used + pw > width + 1e-9:
                        lines.append([])
                        used = 0.0
                    lines[-1].append(_Atom(piece, a.font, False, pw))
                    used += pw
            continue
        first = True
        for a in word:
            lines[-1].append(_Atom(a.text, a.font, first and bool(lines[-1]), a.width))
            first = False
        used += gap + w
    out = []
    for line in lines:
        runs_out: list[list] = []
        x = 0.0
        for a in line:
            if a.space:
                x += text_width(" ", a.font, size)
            if runs_out and runs_out[-1][2] == a.font:
                runs_out[-1][1] += (" " if a.space else "") + a.text
            else:
                runs_out.append([x, a.text, a.font])
            x += a.width
        out.append([tuple(r) for r in runs_out])
    return out


def rich_para(s: dict, runs: list[Run], width: float, x: float = 0, y: float = 0,
              anchor: str = "start") -> tuple[list, float]:
    """``runs`` wrapped to ``width`` in the size, leading and ink of text style ``s`` (each run
    in its own face), the top at y: (items, height).  ``anchor`` "middle" centres each line on x."""
    size = float(s["size"])
    lines = [ln for ln in rich_lines(runs, size, width)]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        return [], 0.0
    asc = ascent("sans", size)
    items = []
    for i, line in enumerate(lines):
        shift = 0.0
        if anchor == "middle" and line:
            last = line[-1]
            shift = -(last[0] + text_width(last[1], last[2], size)) / 2
        for rx, text, font in line:
            items.append(Text(x + shift + rx, y + asc + i * lead(s), text, size, font, s["fill"]))
    return items, (len(lines) - 1) * lead(s) + size * 1.2
