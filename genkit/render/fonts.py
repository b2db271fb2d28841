"""The four fonts genkit draws with, bundled in ``genkit/fonts/`` (DejaVu, see
``genkit/fonts/LICENSE-DejaVu.txt``).

Layouts name fonts by *logical* name only:

=================  ==============================  ==========================================
logical name       PDF (reportlab TTFont, embedded  SVG
                   and subset)
=================  ==============================  ==========================================
``sans``           ``DejaVuSans``                  font-family DejaVu Sans
``sans-bold``      ``DejaVuSans-Bold``             DejaVu Sans, font-weight bold
``condensed-bold`` ``DejaVuSansCondensed-Bold``    DejaVu Sans Condensed, bold, font-stretch
                                                   condensed
``sans-italic``    ``DejaVuSans-Oblique``          DejaVu Sans, font-style italic (the
                                                   booklet's *emphasis*)
=================  ==============================  ==========================================

Metrics (:func:`text_width`, :func:`ascent`, :func:`descent`, :func:`cap_height`,
below) come from the same TTF files that get embedded in the PDF, so a layout that
measures text gets exactly what the PDF shows. Their metrics (each character's advance width, the
default width, ascent and descent) ship beside them (:mod:`.font_metrics`), so a layout reads no
TTF; should they not match the installed reportlab or the fonts' bytes, the TTF is read whole and
its metrics kept in the disk cache (:mod:`.disk_cache`). A width is measured by reportlab's own
function on them; the fonts are read whole, and registered with reportlab, only when a PDF is
written (what reportlab reads of each is kept in the disk cache). A build (which may write one) says so first (:func:`keep_read_fonts`): a TTF read for its
metrics is kept and is the face registered for the PDF, so no TTF is read twice.
"""

from __future__ import annotations

import importlib.util
import sys
from array import array
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from . import disk_cache, font_metrics
from .font_metrics import Face

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

#: logical name -> (reportlab font name, TTF file name)
FONT_FILES: dict[str, tuple[str, str]] = {
    "sans": ("DejaVuSans", "DejaVuSans.ttf"),
    "sans-bold": ("DejaVuSans-Bold", "DejaVuSans-Bold.ttf"),
    "condensed-bold": ("DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Bold.ttf"),
    "sans-italic": ("DejaVuSans-Oblique", "DejaVuSans-Oblique.ttf"),
}

FONTS: tuple[str, ...] = tuple(FONT_FILES)
FONT_FILES_BY_RL: dict[str, str] = dict(FONT_FILES.values())      #: reportlab font name -> TTF file name

#: SVG presentation attributes per logical font (in this attribute order).
SVG_FONT_ATTRS: dict[str, tuple[tuple[str, str], ...]] = {
    "sans": (("font-family", "'DejaVu Sans', sans-serif"),),
    "sans-bold": (
        ("font-family", "'DejaVu Sans', sans-serif"),
        ("font-weight", "bold"),
    ),
    "condensed-bold": (
        ("font-family", "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif"),
        ("font-weight", "bold"),
        ("font-stretch", "condensed"),
    ),
    "sans-italic": (
        ("font-family", "'DejaVu Sans', sans-serif"),
        ("font-style", "italic"),
    ),
}

_registered = False


_kept: dict[str, TTFont] | None = None     # reportlab name -> TTF read whole, while a PDF may follow


def keep_read_fonts() -> None:
    """A PDF may be written by this process: keep each TTF read for its metrics, to register it."""
    global _kept
    if _kept is None:
        _kept = {}


def _ttfont(rl_name: str, filename: str) -> TTFont:
    """The bundled TTF ``filename`` read whole by reportlab (kept when :func:`keep_read_fonts`)."""
    font = _kept.get(rl_name) if _kept is not None else None
    if font is None:
        from reportlab.pdfbase.ttfonts import TTFont
        path = FONT_DIR / filename
        if not path.is_file():
            raise FileNotFoundError(f"bundled font missing: {path}")
        key = disk_cache.key_of("ttf", rl_name, filename)
        font = _font_from_state(TTFont, rl_name, disk_cache.load("ttf", key))
        if font is None:
            font = TTFont(rl_name, str(path))
            disk_cache.store("ttf", key, _face_state(font))
        font.face.makeSubset = _KeptSubsets(font.face.makeSubset, rl_name)
        if _kept is not None:
            _kept[rl_name] = font
    return font


class _Scale:
    """reportlab's scale of a face's units to a thousandth of an em (the same product), which,
    unlike reportlab's own lambda, a pickle can hold."""

    def __init__(self, units_per_em: int):
        self.mult = None if units_per_em == 1000 else 1000 / units_per_em

    def __call__(self, x):
        return x if self.mult is None else x * self.mult


class _Packed(NamedTuple):
    """A face's table of numbers as arrays, which a pickle holds as bytes: read back ten times
    faster than the dict or list of Python numbers it stands for (``kind``: dict, list or pairs)."""
    kind: str
    first: array
    second: array | None

    @staticmethod
    def of(value):
        """``value`` packed, or as it is when it is not a table of whole numbers and floats."""
        def numbers(items) -> str | None:
            return {frozenset({int}): "q", frozenset({float}): "d"}.get(frozenset(map(type, items)))
        try:
            if isinstance(value, dict) and value and numbers(value) == "q" and numbers(value.values()):
                return _Packed("dict", array("q", value), array(numbers(value.values()), value.values()))
            if isinstance(value, list) and value and numbers(value) == "q":
                return _Packed("list", array("q", value), None)
            if isinstance(value, list) and value and set(map(type, value)) == {tuple} \
                    and set(map(len, value)) == {2}:
                first, second = (list(column) for column in zip(*value))
                if numbers(first) == numbers(second) == "q":
                    return _Packed("pairs", array("q", first), array("q", second))
        except OverflowError:
            pass
        return value

    def unpacked(self):
        if self.kind == "dict":
            return dict(zip(self.first, self.second))
        if self.kind == "pairs":
            return list(zip(self.first, self.second))
        return list(self.first)


class _KeptSubsets:
    """A face's ``makeSubset`` (the font program a PDF embeds for the characters it uses) with
    each subset kept in the disk cache, by the font and the characters: a PDF written again after
    an edit, its text in the same characters, embeds the same bytes without cutting the font again."""

    def __init__(self, make, rl_name: str):
        self.make, self.rl_name = make, rl_name

    def __call__(self, subset):
        key = disk_cache.key_of("ttf-subset", self.rl_name, repr(list(subset)))
        kept = disk_cache.load("ttf-subset", key)
        if isinstance(kept, bytes):
            return kept
        made = self.make(subset)
        disk_cache.store("ttf-subset", key, made)
        return made


def _face_state(font: TTFont) -> dict:
    """What reportlab read of a TTF (its face's fields, the file's bytes among them, its tables
    of numbers packed): kept in the disk cache, so the next build's PDFs do not parse the font
    again (a twentieth of a second for the four)."""
    state = {name: _Packed.of(value) for name, value in font.face.__dict__.items() if name != "_ttf_data"}
    if "_pdfScale" in state:                 # reportlab's unit scale (4.1 on), as a picklable callable
        state["_pdfScale"] = _Scale(state["unitsPerEm"])
    if not getattr(font, "shapable", False) and "glyphToChar" in state:
        state["glyphToChar"] = {}       # read by shaping alone (see register_fonts)
    return state


def _font_from_state(cls, rl_name: str, state) -> TTFont | None:
    """The font ``rl_name`` made from a face's kept fields, as ``TTFont(rl_name, path)`` makes it
    (None: nothing kept)."""
    if not isinstance(state, dict):
        return None
    try:        # the file's bytes are read again (the cache's key covers them: genkit's files)
        data = (FONT_DIR / FONT_FILES_BY_RL[rl_name]).read_bytes()
    except (KeyError, OSError):
        return None
    from fnmatch import fnmatch
    from weakref import WeakKeyDictionary
    from reportlab import rl_config
    from reportlab.pdfbase.ttfonts import TTEncoding, TTFontFace
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update({name: value.unpacked() if isinstance(value, _Packed) else value
                          for name, value in state.items()})
    face._ttf_data = data
    font = cls.__new__(cls)
    font.fontName = rl_name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    if hasattr(rl_config, "unShapedFontGlob"):      # a reportlab that shapes text (4.1 on)
        font.shapable = not any(fnmatch(rl_name, glob) for glob in rl_config.unShapedFontGlob)
    return font


def register_fonts() -> None:
    """Register the bundled TTFs with reportlab (idempotent)."""
    global _registered
    if _registered:
        return
    from reportlab.pdfbase import pdfmetrics
    registered = set(pdfmetrics.getRegisteredFontNames())
    for rl_name, filename in FONT_FILES.values():
        if rl_name in registered:
            continue
        font = _ttfont(rl_name, filename)
        if not getattr(font, "shapable", False) and hasattr(font.face, "glyphToChar"):
            # which characters each glyph draws: read by reportlab's shaping alone (with
            # uharfbuzz, not installed), a megabyte a font (a reportlab before 4.1 keeps none)
            font.face.glyphToChar = {}
        pdfmetrics.registerFont(font)
    _registered = True
    if _kept is not None:
        _kept.clear()           # reportlab holds the registered faces
    metrics.cache_clear()       # measure on the registered faces from now on: one copy of each
    font_metrics.forget()       # nor the shipped metrics' file


def check_font(font: str) -> str:
    if font not in FONT_FILES:
        raise ValueError(f"unknown font {font!r}; use one of {', '.join(FONTS)}")
    return font


def rl_font_name(font: str) -> str:
    """reportlab font name for a logical font name (registers fonts on first use)."""
    register_fonts()
    return FONT_FILES[check_font(font)][0]


class Metrics(NamedTuple):
    """A font as reportlab's ``instanceStringWidthTTF`` reads it: its ``face`` (a :class:`Face`,
    or reportlab's own once the font is registered: the same fields, read from the same file)."""
    face: Face


@lru_cache(maxsize=None)
def metrics(font: str) -> Metrics:
    """The metrics of a logical font: those of its face registered with reportlab once a PDF is
    written, else those shipped beside the fonts (:mod:`.font_metrics`), else from the disk
    cache, else read from its TTF (and kept)."""
    rl_name, filename = FONT_FILES[check_font(font)]
    pdfmetrics = sys.modules.get("reportlab.pdfbase.pdfmetrics")    # none registered before it is imported
    if pdfmetrics is not None and rl_name in pdfmetrics.getRegisteredFontNames():
        return Metrics(pdfmetrics.getFont(rl_name).face)
    face = font_metrics.shipped(filename)
    if face is not None:
        return Metrics(face)

    def read() -> Metrics:
        face = _ttfont(rl_name, filename).face
        return Metrics(Face(dict(face.charWidths), face.defaultWidth, face.ascent, face.descent))
    return disk_cache.cached("font-metrics", disk_cache.key_of("font-metrics", rl_name, filename), read)


def text_width(text: str, font: str = "sans", size: float = 10) -> float:
    """Advance width of ``text`` in points, from the embedded TTF's metrics (reportlab's width
    function, as ``pdfmetrics.stringWidth`` calls it)."""
    if isinstance(text, str) and len(text) <= 200:  # labels; templates may measure megabytes
        return _text_width(text, font, size)
    return _string_width()(metrics(font), text, size)


@lru_cache(maxsize=8192)  # layouts measure the same labels again and again (fits, bounds)
def _text_width(text: str, font: str, size: float) -> float:
    return _string_width()(metrics(font), text, size)


@lru_cache(maxsize=1)
def _string_width():
    """reportlab's width function of a TTF (``instanceStringWidthTTF``): its Python one, written
    out here for text (:func:`_width_of_text`: a check that finds its fonts' metrics in the
    cache imports none of reportlab's text and PDF code), unless reportlab's compiled
    accelerator (``_rl_accel``) is installed, which is then used as reportlab would."""
    if importlib.util.find_spec("_rl_accel") is not None:
        from reportlab.lib.rl_accel import instanceStringWidthTTF
        return instanceStringWidthTTF
    return _width_of_text


def _width_of_text(font: Metrics, text, size: float) -> float:
    """reportlab.lib.rl_accel's ``_py_instanceStringWidthTTF``, the same sum in the same order;
    what is not text (a template's mistake) goes to reportlab's own, which says what it is."""
    if not isinstance(text, str):
        from reportlab.lib.rl_accel import instanceStringWidthTTF
        return instanceStringWidthTTF(font, text, size)
    g = font.face.charWidths.get
    dw = font.face.defaultWidth
    return 0.001 * size * sum((g(ord(u), dw) for u in text))


def _face(font: str) -> Face:
    return metrics(font).face


def ascent(font: str, size: float) -> float:
    """Height of the font's ascender above the baseline, in points."""
    return _face(font).ascent * size / 1000.0


def descent(font: str, size: float) -> float:
    """Depth of the descender below the baseline, in points (positive number)."""
    return -_face(font).descent * size / 1000.0


#: DejaVu's cap height (and digit height): 1493 font units of 2048, identical for the
#: bundled faces.  (The files carry an OS/2 v1 table without sCapHeight, so
#: reportlab would report the ascender instead.)
CAP_HEIGHT_EM = 1493 / 2048


def cap_height(font: str, size: float) -> float:
    """Height of capital letters/digits above the baseline, in points.

    To centre a one-line label vertically on ``cy``: baseline = ``cy + cap_height/2``.
    """
    check_font(font)
    return CAP_HEIGHT_EM * size
