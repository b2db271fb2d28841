"""The pack ready to print: every check, the model's, the rules module's and the drawing checks
(:mod:`genkit.render.checks`), which lay out what the kit prints to see whether it fits; the
build prints what they laid out rather than lay it out again (see :mod:`genkit.pack`)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, NamedTuple

from ..model.check import run_each, sort_findings
from ..model.source import ContentError, Finding, Source
from ..model.schema import Content
from ..render.checks import LAYOUT_CHECKS, PRINT_CHECKS, DrawingContext, Laid
from .playable import load, play_findings


class Checked(NamedTuple):
    """A game loaded and checked: its model, source, every finding, sorted, and what the
    drawing checks laid out."""
    content: Content
    source: Source
    findings: list
    laid: Laid

    @property
    def errors(self) -> list:
        return [f for f in self.findings if f.severity == "error"]


def check_model(content: Content, source: Source) -> Checked:
    """Every check of a loaded game: the model's and its rules module's, the drawing checks that
    run with them, and those that lay a component out, only when no other check found an error
    (the layout reads the model as the others leave it, every reference resolved)."""
    ctx = DrawingContext(content, source)
    findings = play_findings(ctx) + run_each(PRINT_CHECKS, ctx)
    if not any(f.severity == "error" for f in findings):
        findings += run_each(LAYOUT_CHECKS, ctx)
    return Checked(content, source, sort_findings(findings), ctx.laid)


def check_path(path: str | Path, overrides: Iterable[str] = ()) -> list[Finding]:
    """``genkit check``: load and check a game; every problem comes back as a finding, never an
    exception."""
    try:
        content, source = load(path, overrides)
    except ContentError as exc:
        return sort_findings(exc.findings)
    return check_model(content, source).findings


def load_printable(path: str | Path, overrides: Iterable[str] = ()) -> Checked:
    """The model ready to print, and what its drawing checks laid out: raises ContentError with
    the schema errors, or with the error findings of every check (warnings pass)."""
    checked = check_model(*load(path, overrides))
    if checked.errors:
        raise ContentError(checked.errors)
    return checked


def build_kit(content_path: str | os.PathLike, out_dir: str | os.PathLike | None = None,
              paper: str = "letter", only: Iterable[str] | str | None = None,
              counters: str = "duplex", bleed_in: float = 0.0, png: bool = False,
              overrides: Iterable[str] = (), png_dpi: int | None = None, changed_cases: frozenset = frozenset(),
              keep=None) -> dict:
    """Build the print-and-play kit of the game at ``content_path`` and return the
    manifest (also written as ``manifest.json``).

    ``only``: a subset of :data:`genkit.render.kit.KINDS` (the output folder then holds just
    those); ``counters``: ``"duplex"`` or ``"fold"``; ``bleed_in``: print-shop bleed in inches
    (art past the cut, TrimBox/BleedBox set; the tiled map never bleeds).

    Raises :class:`~genkit.model.load.ContentError` (bad content) or ValueError (bad
    arguments) before writing anything, and what :func:`genkit.render.kit.write_kit` raises;
    on any failure, and if the process is killed, the previous output is kept. The cards'
    faces are laid out once, by the check that they fit, and printed as laid out. ``changed_cases``:
    the rule cases the booklet marks with a change bar (:mod:`genkit.publish.since`); ``png_dpi``:
    the previews' resolution (default :data:`genkit.render.kit.PNG_DPI`); ``keep``: see
    :func:`genkit.render.kit.write_kit` (:mod:`.kit_cache` keeps the kit whole). The kit's writers are
    imported here, by the build alone (``genkit check`` lays out, but writes nothing)."""
    from ..render.fonts import keep_read_fonts
    from ..render.kit import PNG_DPI, kit_kinds, write_kit
    kinds = kit_kinds(paper, only, counters, bleed_in)
    keep_read_fonts()       # the fonts the checks read for their metrics are those the PDFs embed
    checked = load_printable(content_path, overrides)
    return write_kit(checked.content, checked.source, content_path, out_dir, kinds, paper, counters,
                     bleed_in, png, PNG_DPI if png_dpi is None else png_dpi, checked.laid, changed_cases, keep)
