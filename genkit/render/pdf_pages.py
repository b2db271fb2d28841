"""Pages of a PDF drawn by an earlier build, written again from the operators they were drawn as.

After an edit, most pages of a component the edit touched are as they were (the booklet's page
with the edited number changes, its nine others do not), but for the content stamp. A page's
operators depend on its items and on the document's fonts as the pages before it left them: the
code each character gets in a font's subset (the first use of a character past ASCII takes the
next one) and the name each font gets (by its first use). So a page is written again from an
earlier build's operators (:class:`Drawn`) only when it lays out the same but for the stamp (its
key, :func:`genkit.render.restamp.unstamped_key`) and the fonts stand exactly as they stood before
it then; the fonts are then left as it left them, its stamp lines changed as
:mod:`.restamp` changes them. A page that shows a form (an item list placed several times, drawn
once for the document) is always drawn. The bytes are those of a page drawn afresh.
"""
from __future__ import annotations

import dataclasses
import zlib
from typing import Callable

from reportlab.pdfbase.pdfmetrics import getFont

from . import fonts as _fonts
from .draw import Group
from .restamp import changeable, restamped_runs, stamp_lines


@dataclasses.dataclass(frozen=True)
class Drawn:
    """One page as drawn: the fonts before and after it (:func:`font_state`), its operators
    (one line each: quicker to keep and read back than as many strings), the canvas's font
    after it, and the stamp and the lines printing it it was drawn with."""
    before: tuple
    after: tuple
    ops: str
    canvas_font: tuple
    stamp: str
    lines: tuple


def _names() -> tuple[str, ...]:
    return tuple(rl for rl, _ in _fonts.FONT_FILES.values())


def font_state(c) -> tuple:
    """What of the document's fonts a page's operators depend on and change: the fonts' names
    in the document (in their order) and each bundled font's subsets (codes given, next code)."""
    doc = c._doc
    fonts = []
    for name in _names():
        st = getFont(name).state.get(doc)
        fonts.append(None if st is None else (tuple(st.assignments.items()), st.nextCode,
                                              tuple(map(tuple, st.subsets)), st.internalName, st.frozen))
    return tuple(doc.fontMapping.items()), tuple(f.fontName for f in doc.delayedFonts), tuple(fonts)


def _set_font_state(c, state: tuple) -> None:
    doc = c._doc
    mapping, delayed, fonts = state
    doc.fontMapping.clear()
    doc.fontMapping.update(mapping)
    doc.delayedFonts[:] = [getFont(name) for name in delayed]
    for name, kept in zip(_names(), fonts):
        if kept is None:
            continue
        font = getFont(name)
        st = font.state.get(doc) or font._assignState(doc)
        assignments, st.nextCode, subsets, st.internalName, st.frozen = kept
        st.assignments = dict(assignments)
        st.subsets = [list(s) for s in subsets]


def _shows_form(items, shared: dict) -> bool:
    todo = [items]
    while todo:
        for it in todo.pop():
            if isinstance(it, Group):
                if id(it.items) in shared:
                    return True
                todo.append(it.items)
    return False


class PageReuse:
    """What a PDF's pages may be written again from (``kept``: page key -> :class:`Drawn`) and
    the pages as this document draws them (``made``), for the next build; ``keys``: each
    page's key; ``stamp``: the stamp this build prints."""

    def __init__(self, keys: list[str], kept: dict, stamp: str):
        self.keys, self.stamp = keys, stamp
        self.kept, self.kept_svgs = kept.get("pdf", {}), kept.get("svg", {})
        self.made: dict = {}
        self.made_svgs: dict = {}
        self.reused = 0

    def now(self) -> dict:
        """What to keep for the next build: each page as this document drew it, and its SVG."""
        return {"pdf": self.made, "svg": self.made_svgs}

    def svg(self, n: int, page, make: Callable) -> tuple[bytes, str]:
        """Page ``n``'s SVG (UTF-8, zlib-compressed) and the hash of its drawing without the
        stamp: as the last build wrote it (an SVG is its page's alone), the stamp changed in its
        text, else ``make(page)``'s; kept for the next build."""
        key = self.keys[n]
        kept = self.kept_svgs.get(key)
        done = None
        if kept is not None:
            old, data, digest = kept
            if old == self.stamp:
                done = data, digest
            elif changeable(old, self.stamp):
                done = zlib.compress(zlib.decompress(data).replace(old.encode(), self.stamp.encode()), 1), digest
        if done is None:
            done = make(page)
        self.made_svgs[key] = (self.stamp, *done)
        return done

    def draw(self, n: int, page, c, writer) -> None:
        """Page ``n`` onto the canvas: from its kept operators when they hold, else drawn."""
        if writer.shared and _shows_form(page.items, writer.shared):
            writer.items(page.items)
            return
        key = self.keys[n]
        before = font_state(c)
        drawn = self.kept.get(key)
        if drawn is not None and drawn.before == before:
            ops = _restamped(drawn, self.stamp)
            if ops is not None:
                c._code.extend(ops)
                _set_font_state(c, drawn.after)
                c._fontname, c._fontsize, c._leading = drawn.canvas_font
                self.made[key] = drawn
                self.reused += 1
                return
        start = len(c._code)
        writer.items(page.items)
        ops = c._code[start:]
        if any("\n" in op or not op for op in ops):
            return                  # not kept: its operators are kept one a line
        self.made[key] = Drawn(before, font_state(c), "\n".join(ops), (c._fontname, c._fontsize, c._leading),
                               self.stamp, stamp_lines([page], self.stamp))


def _restamped(drawn: Drawn, stamp: str) -> list[str] | None:
    """``drawn``'s operators with ``stamp`` for its own (None: a stamp not changed in place)."""
    if not drawn.ops:
        return []
    if stamp == drawn.stamp:
        return drawn.ops.split("\n")
    runs = restamped_runs(drawn.lines, drawn.stamp, stamp)
    if runs is None:
        return None
    old = drawn.stamp
    out, found = [], False
    for op in drawn.ops.split("\n"):
        if old in op:
            found = True
            try:
                data = op.encode("latin-1")
            except UnicodeEncodeError:
                return None
            left = data.count(old.encode())
            for run, prints in runs:
                data, k = run.subn(data)
                left -= k * prints
            if left:
                return None
            op = data.decode("latin-1")
        out.append(op)
    return out if found or not drawn.lines else None      # a stamp printed but not found: drawn afresh
