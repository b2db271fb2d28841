"""Small helpers shared by the kit's components: template lookup and caching, colour
helpers, sheet headers, and the one way every kit sheet is finished (footer, bleed).

Kept free of any component's layout: counters.py, cards.py, map.py and aid.py each
lay out their component once and use these helpers for the furniture around it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from . import disk_cache
from .draw import Group, Page, Primitive, Rect, Text
from .fonts import cap_height, text_width
from .geometry import bounds
from .sheets import (FOOTER_SIZE, PRINT_AT_100, extend_to_bleed, footer, page_size,
                     page_with_bleed, version_label)
from .templates import render_template
from .text_fit import fit_text, wrap_text
from ..model.yaml_safe import current_limits
from ..templates import FOLDER as TEMPLATES_FOLDER

#: the templates shipped with genkit (``templates/`` at the top of the repository, packaged as
#: ``genkit.templates``)
DEFAULT_TEMPLATES = TEMPLATES_FOLDER

INK = "#000000"
GREY = "#404040"
PAPERS = ("letter", "a4")


# --------------------------------------------------------------------------- templates

def template_path(name: str, content_root: str | Path | None = None) -> Path:
    """``<content>/templates/<name>`` when the game ships its own, else genkit's default."""
    if content_root is not None:
        root = Path(content_root)
        if root.is_file():
            root = root.parent
        own = root / "templates" / name
        if own.is_file():
            return own
    return DEFAULT_TEMPLATES / name


class Fit(NamedTuple):
    """What a face must fit: ``check(items, w, h, what)`` raises ValueError naming ``what`` when
    the face runs past its ``w`` x ``h`` points (text or drawing past an edge)."""
    check: Callable[..., None]
    w: float
    h: float
    what: str


@lru_cache(maxsize=512)
def _render_cached(path: str, mtime_ns: int, context_json: str, fit: Fit | None) -> tuple:
    root = _pack_of(Path(path))
    fitted = () if fit is None else (f"{fit.check.__module__}.{fit.check.__qualname__}", repr((fit.w, fit.h)))
    key = disk_cache.key_of("face", path, str(root), context_json, repr(current_limits()),
                            disk_cache.templates_digest(Path(path).parent),
                            disk_cache.templates_digest(DEFAULT_TEMPLATES), *fitted)

    def make() -> tuple:
        items = tuple(render_template(path, json.loads(context_json), root=root))
        if fit is not None:
            fit.check(items, fit.w, fit.h, fit.what)
        return items
    return disk_cache.cached("face", key, make)


def _pack_of(path: Path) -> Path | None:
    """The content pack a template of :func:`template_path` belongs to (``<pack>/templates/
    <name>``): it and all it includes must stay inside.  None for genkit's own (trusted)."""
    return None if path.parent == DEFAULT_TEMPLATES else path.parent.parent


def render(path: Path, context: Mapping[str, Any], fit: Fit | None = None) -> list[Primitive]:
    """:func:`render_template` with the template confined to its content pack, memoised on
    (file, its mtime, context): identical faces (six American infantry fronts) are rendered
    once.  (Each template is compiled once: see :func:`~.templates.make_environment`.) Kept on
    disk too (:mod:`.disk_cache`), keyed by the context, the bytes of every template the face
    could read (its folder's and genkit's) and the limits in force: the next command reads the
    face back rather than render it again. ``fit``: the face is checked to fit when it is
    rendered (a face that does not is not kept: the next command checks it again), and kept
    with the check and its size, so a face read back is known to fit without measuring it."""
    path = Path(path)
    key = json.dumps(context, sort_keys=True, ensure_ascii=False)
    return list(_render_cached(str(path), path.stat().st_mtime_ns, key, fit))


def _texts(items) -> list:
    """Only the text of a face, groups and their transforms kept, clips dropped."""
    out = []
    for it in items:
        if isinstance(it, Group):
            inner = _texts(it.items)
            if inner:
                out.append(replace(it, items=tuple(inner), clip=None))
        elif isinstance(it, Text):
            out.append(it)
    return out


def check_text_fits(items, w: float, h: float, what: str) -> None:
    """Raise ValueError when a face's text runs past its edge (so nothing prints clipped)."""
    box = bounds(_texts(items))
    if box and (box[0] < -0.5 or box[1] < -0.5 or box[2] > w + 0.5 or box[3] > h + 0.5):
        raise ValueError(f"{what}: its text does not fit the {w / 72:g} x {h / 72:g} in face; "
                         "shorten the text or enlarge the component")


# --------------------------------------------------------------------------- colours

def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _hex(r: float, g: float, b: float) -> str:
    return "#%02x%02x%02x" % tuple(max(0, min(255, round(v))) for v in (r, g, b))


def mix(a: str, b: str, t: float) -> str:
    """Colour ``t`` of the way from ``a`` to ``b``."""
    ra, ga, ba = _rgb(a)
    rb, gb, bb = _rgb(b)
    return _hex(ra + (rb - ra) * t, ga + (gb - ga) * t, ba + (bb - ba) * t)


def darken(colour: str, t: float) -> str:
    return mix(colour, "#000000", t)


def lighten(colour: str, t: float) -> str:
    return mix(colour, "#ffffff", t)


def luminance(colour: str) -> float:
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def readable_ink(background: str) -> str:
    """Black or white, whichever contrasts more with ``background``."""
    lum = luminance(background)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#ffffff"


# --------------------------------------------------------------------------- sheets

class SheetStyle:
    """What every sheet of one build shares: paper, bleed and the footer texts."""

    def __init__(self, paper: str = "letter", bleed: float = 0.0, version: str = "",
                 content_hash: str = "", title: str = ""):
        if paper not in PAPERS:
            raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r}")
        self.paper = paper
        self.size = page_size(paper)
        self.bleed = float(bleed)
        self.version = version
        self.content_hash = content_hash
        self.title = title

    @property
    def version_text(self) -> str:
        if self.content_hash:
            return version_label(self.version, self.content_hash)
        return f"version {self.version}"

    def footer(self, w: float, h: float, extra: str = "") -> list[Text]:
        """The footer: how to print on the left; what the sheet is (``extra``), the game and the
        version on the right (a map's legend leaves the sheet's corners free, not its middle)."""
        right = f"{self.title}  |  {self.version_text}" if self.title else self.version_text
        return footer(w, h, PRINT_AT_100, f"{extra}  |  {right}" if extra else right)

    def page(self, items: Sequence[Primitive], w: float, h: float, title: str,
             footer_extra: str = "", with_footer: bool = True) -> Page:
        """A finished sheet: the items, the footer and - with bleed - a MediaBox grown by
        the bleed on every side, TrimBox = the paper, BleedBox = the media.  Full-page
        background rects are stretched into the bleed."""
        items = list(items)
        if with_footer:
            items += self.footer(w, h, footer_extra)
        if self.bleed > 0:
            items = extend_to_bleed(items, w, h, self.bleed)
            return page_with_bleed(items, w, h, self.bleed, title=title)
        return Page(w, h, items, title=title)


def header(x: float, y: float, width: float, title: str, lines: Sequence[str] = (),
           title_size: float = 14, line_size: float = 8) -> tuple[list[Primitive], float]:
    """A sheet heading at top-left (x, y): a bold title and smaller lines under it, each
    fitted to ``width``.  Returns the items and the y just below the last line."""
    out: list[Primitive] = []
    ts = fit_text(title, "sans-bold", title_size, width)
    base = y + cap_height("sans-bold", ts)
    out.append(Text(x, base, title, ts, "sans-bold", INK))
    for ln in lines:
        ls = fit_text(ln, "sans", line_size, width)
        base += ls * 1.45
        out.append(Text(x, base, ln, ls, "sans", GREY))
    return out, base + 4


def label_plate(cx: float, baseline: float, text: str, size: float, font: str = "sans-bold",
                fill: str = "#ffffff", ink: str = INK, pad: float = 1.2) -> list[Primitive]:
    """Centred text on a small plate, so it stays legible over map art."""
    w = text_width(text, font, size)
    ch = cap_height(font, size)
    return [Rect(cx - w / 2 - pad, baseline - ch - pad, w + 2 * pad, ch + 2 * pad + size * 0.22,
                 fill=fill, stroke=None, radius=pad),
            Text(cx, baseline, text, size, font, ink, "middle")]


__all__ = ["DEFAULT_TEMPLATES", "SheetStyle", "template_path", "render", "mix", "darken",
           "lighten", "readable_ink", "header", "label_plate", "FOOTER_SIZE", "MIN_TEXT",
           "wrap", "Row", "Block"]


# --------------------------------------------------------------------------- flowed sheets

#: no text on a flowed sheet is smaller than this (points)
MIN_TEXT = 6.0


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """:func:`~.text_fit.wrap_text`, and a word wider than ``width`` broken between its letters,
    so a line never runs past its column whatever the model's words."""
    out: list[str] = []
    for line in wrap_text(text, font, size, width):
        out += [line] if text_width(line, font, size) <= width else broken_word(line, font, size, width)
    return out


def broken_word(line: str, font: str, size: float, width: float) -> list[str]:
    """``line`` cut into pieces no wider than ``width``, each the longest start of what is left
    that fits (at least one letter).  Linear in the line's length: a piece's width is its
    letters' widths added up, and measured whole only when that sum is within rounding of
    ``width`` (measuring every candidate whole took minutes for a 40,000-letter word)."""
    ends = list(accumulate((text_width(c, font, size) for c in line), initial=0.0))

    def fits(i: int, j: int) -> bool:
        w = ends[j] - ends[i]
        near = 1e-9 * (abs(w) + 1)  # far above the rounding of a sum of a million widths
        return w < width - near or (w <= width + near and text_width(line[i:j], font, size) <= width)

    out, start, n = [], 0, len(line)
    while n - start > 1 and not fits(start, n):
        cut = 1
        while cut < n - start - 1 and fits(start, start + cut + 1):
            cut += 1
        out.append(line[start:start + cut])
        start += cut
    out.append(line[start:])
    return out


@dataclass(frozen=True)
class Row:
    """One unbreakable strip of a section, laid out at the origin for its column's width:
    a flow never splits it.  ``repeat`` is placed above it when it opens a column or a page in
    the middle of its section (the heading "continued" and a table's header row).
    ``keep_with_previous``: it stays with the row before it in its section (a note under a
    table): no column or page opens with it, and a flow counting a section's rows counts the
    two as one. ``opens_table``: it is a table's first row (its head drawn in it): a flow
    breaking a section counts the rows of the table it breaks, not those of the tables before
    or after it in the section."""
    items: tuple
    height: float
    repeat: "Row | None" = None
    keep_with_previous: bool = False
    opens_table: bool = False


@dataclass(frozen=True)
class Block:
    """A section of a flowed sheet: its rows (the first carries the heading), ``span`` "full"
    (the whole width) or "half" (a column; runs of half blocks share a band of two columns),
    ``new_page`` to start it on a fresh page."""
    key: str
    rows: tuple
    span: str = "full"
    new_page: bool = False
