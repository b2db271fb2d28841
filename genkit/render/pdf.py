"""PDF backend: writes :class:`~genkit.render.draw.Page` lists with reportlab.

* Deterministic: ``invariant=1`` (fixed dates and document ID), fonts subset with
  deterministic subset names, numbers formatted by reportlab's ``fp_str``.  The same
  pages give the same bytes.
* y-down: the canvas is created with ``bottomup=0`` (reportlab then emits
  ``1 0 0 -1 0 H cm`` and flips the text matrix), so primitives are drawn with
  their y-down coordinates as is.
* Fonts: the three bundled DejaVu TTFs, embedded and subset.  The canvas is created
  with ``initialFontName="DejaVuSans"`` so that reportlab never references its
  default (non-embedded) Helvetica.
* Fill rule: nonzero (as SVG).  Miter limit 4 (as SVG's default).
* Print-shop mode (``print_shop=True``, the kit's bleed builds): PDF 1.4, every page's TrimBox
  (the cut) and BleedBox (the art past it), and an output intent that says what the RGB numbers
  mean: sRGB IEC61966-2.1, its ICC profile embedded (:func:`srgb_profile`).  reportlab writes no
  PDF/X, so the file claims none; a print shop's preflight converts to its CMYK from the intent.
* Written once, shown many times: an item list that groups place on several pages (the map
  on every tile) becomes one form XObject.  Streams are Flate-compressed, not ASCII85.
"""

from __future__ import annotations

import functools
import math
import os
from pathlib import Path
from typing import Iterable, Sequence

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF as _escape
from reportlab.pdfbase.pdfmetrics import getFont as _rl_font
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from . import fonts as _fonts
from ..atomic import write_file
from .draw import Circle, Ellipse, Group, Line, Page, Polygon, Polyline, Rect, Text
from .geometry import bounds

MITER_LIMIT = 4
_UNKNOWN = object()  # a graphics state value not known (inside a form)

# reportlab's number format (rl_accel.fp_str: at most 6 significant decimals, no trailing
# zeros, no leading zero) spelled out once per distinct number: without the C accelerator it is
# most of the time a map takes to write, and a kit uses few distinct coordinates many times.
_FORMATS = ("%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%.5f", "%.6f")
_LOG10 = math.log(10.0)


@functools.lru_cache(maxsize=200_000)   # a long-lived process draws many kits
def _fp(v: float) -> str:
    """``fp_str(v)`` for one number, memoised."""
    a = abs(v)
    if a <= 1e-7:
        return "0"
    places = 6 if a <= 1 else min(max(0, 6 - int(math.log(a) / _LOG10)), 6)
    n = _FORMATS[places] % v
    if places:
        n = n.rstrip("0")
        if n.endswith("."):
            n = n[:-1]
    return n if n[0] != "0" or len(n) == 1 else n[1:]


@functools.lru_cache(maxsize=4096)
def _color_op(color: str, op: str) -> str:
    """The operator setting ``color`` (``rg`` fill, ``RG`` stroke), as reportlab writes it."""
    return " ".join(map(_fp, _rgb(color))) + f" {op}"


def _translate(c: Canvas, dx: float, dy: float) -> None:
    """``c.translate(dx, dy)``: the same operator and tracked matrix; after another ``cm``
    (which reportlab merges with this one) reportlab's own."""
    code = c._code
    if code and code[-1][-3:] == " cm":
        c.translate(dx, dy)
        return
    a0, b0, c0, d0, e0, f0 = c._currentMatrix
    c._currentMatrix = (a0 * 1 + c0 * 0, b0 * 1 + d0 * 0, a0 * 0 + c0 * 1, b0 * 0 + d0 * 1,
                        a0 * dx + c0 * dy + e0, b0 * dx + d0 * dy + f0)
    code.append(f"1 0 0 1 {_fp(dx)} {_fp(dy)} cm")


def _rgb(color: str) -> tuple[float, float, float]:
    return (int(color[1:3], 16) / 255.0, int(color[3:5], 16) / 255.0, int(color[5:7], 16) / 255.0)


class _Code:
    """A path already written as PDF operators (what canvas.drawPath and clipPath read)."""

    __slots__ = ("code",)

    def __init__(self, code: str):
        self.code = code

    def getCode(self) -> str:  # noqa: N802 - reportlab's name
        return self.code


class _Path(PDFPathObject):
    """reportlab's path object (arcs and rounded corners as reportlab draws them) with its
    numbers written by :func:`_fp`."""

    def moveTo(self, x, y):  # noqa: N802 - reportlab's names
        self._code_append(f"{_fp(x)} {_fp(y)} m")

    def lineTo(self, x, y):  # noqa: N802
        self._code_append(f"{_fp(x)} {_fp(y)} l")

    def curveTo(self, x1, y1, x2, y2, x3, y3):  # noqa: N802
        self._code_append(f"{_fp(x1)} {_fp(y1)} {_fp(x2)} {_fp(y2)} {_fp(x3)} {_fp(y3)} c")


class _Writer:
    """Draws primitives on a reportlab canvas, tracking graphics state so that
    colour / width / dash operators are only emitted on change."""

    def __init__(self, canvas: Canvas, shared: dict[int, list] | None = None):
        self.c = canvas
        self.shared = shared or {}  # item lists drawn as one form XObject each (_shared_items)
        self.forms: dict[int, str] = {}
        self.reset()

    def reset(self):
        # PDF initial graphics state (what each new page starts with)
        self.state = {"fill": "#000000", "stroke": "#000000", "lw": 1.0, "dash": None}
        self.stack: list[dict] = []

    def push(self):
        self.c.saveState()
        self.stack.append(dict(self.state))

    def pop(self):
        self.c.restoreState()
        self.state = self.stack.pop()

    # colours, line widths and moves are written as reportlab's setFillColorRGB,
    # setStrokeColorRGB, setLineWidth and translate write them (the canvas's state set as they
    # set it), their numbers by _fp, without reportlab's colour objects and number formatter

    def fill_color(self, color: str):
        if self.state["fill"] != color:
            c = self.c
            c._fillColorObj = _rgb(color)
            c._code.append(_color_op(color, "rg"))
            self.state["fill"] = color

    def stroke_style(self, color: str, width: float, dash):
        c = self.c
        if self.state["stroke"] != color:
            c._strokeColorObj = _rgb(color)
            c._code.append(_color_op(color, "RG"))
            self.state["stroke"] = color
        if self.state["lw"] != width:
            c._lineWidth = width
            c._code.append(f"{_fp(width)} w")
            self.state["lw"] = width
        if self.state["dash"] != dash:
            if dash is None:
                c.setDash()
            else:
                c.setDash(list(dash), 0)
            self.state["dash"] = dash

    # ----------------------------------------------------------------- shapes

    def _path(self, it):
        # straight-edged shapes (nearly all a kit draws) are written here, operator for
        # operator as reportlab writes them; curves go through reportlab's path object
        fp = _fp
        if isinstance(it, (Polygon, Polyline)):
            (x0, y0), *rest = it.points
            ops = [f"n {fp(x0)} {fp(y0)} m"]
            ops += [f"{fp(x)} {fp(y)} l" for x, y in rest]
            if isinstance(it, Polygon):
                ops.append("h")
            return _Code(" ".join(ops))
        if isinstance(it, Rect) and it.radius <= 0:
            return _Code(f"n {fp(it.x)} {fp(it.y)} {fp(it.w)} {fp(it.h)} re")
        if isinstance(it, Line):
            return _Code(f"n {fp(it.x1)} {fp(it.y1)} m {fp(it.x2)} {fp(it.y2)} l")
        p = _Path()
        if isinstance(it, Rect):
            r = min(it.radius, it.w / 2, it.h / 2)
            p.roundRect(it.x, it.y, it.w, it.h, r)
        elif isinstance(it, Circle):
            p.circle(it.cx, it.cy, it.r)
        elif isinstance(it, Ellipse):
            p.ellipse(it.cx - it.rx, it.cy - it.ry, 2 * it.rx, 2 * it.ry)
        else:  # pragma: no cover
            raise TypeError(it)
        return p

    def shape(self, it):
        fill = getattr(it, "fill", None)
        stroke = it.stroke if it.stroke_width > 0 else None
        if fill is None and stroke is None:
            return
        if fill is not None:
            self.fill_color(fill)
        if stroke is not None:
            self.stroke_style(stroke, it.stroke_width, it.dash)
        self.c.drawPath(self._path(it), stroke=1 if stroke else 0, fill=1 if fill else 0,
                        fillMode=FILL_NON_ZERO)

    def text(self, it: Text):
        if it.fill is None or not it.text:
            return
        c = self.c
        self.fill_color(it.fill)
        name = _fonts.rl_font_name(it.font)
        if not it.rotate:
            self._line(name, it, it.x, it.y)
            return
        self.push()
        c.translate(it.x, it.y)
        c.rotate(it.rotate)
        self._line(name, it, 0, 0)
        self.pop()

    def _line(self, name: str, it: Text, x: float, y: float):
        """``it`` at (x, y) as reportlab's ``setFont`` and ``drawString`` (or its centred or
        right-aligned kin) write it, operator for operator, without their text object: the
        canvas's font set as setFont sets it, the start placed by the width as drawCentredString
        places it, the text split into the font's subsets and escaped by reportlab's own."""
        c = self.c
        size = it.size
        leading = size * 1.2
        c._fontname, c._fontsize, c._leading = name, size, leading
        font = _rl_font(name)
        if it.anchor != "start":
            width = font.stringWidth(it.text, size)
            x = x - 0.5 * width if it.anchor == "middle" else x - width
        doc = c._doc
        out = [f"BT 1 0 0 -1 {_fp(x)} {_fp(y)} Tm"]
        current = -1
        for subset, t in font.splitString(it.text, doc):
            if subset != current:
                out.append(f"{font.getSubsetInternalName(subset, doc)} {_fp(size)} Tf {_fp(leading)} TL")
                current = subset
            out.append(f"({_escape(t)}) Tj")
        out.append("T* ET")
        c._code.append(" ".join(out))

    def group(self, g: Group):
        if not g.items:
            return
        c = self.c
        plain = g.is_identity and g.clip is None
        if not plain:
            self.push()
            tx, ty = g.translate
            if (tx, ty) != (0, 0):
                _translate(c, tx, ty)
            if g.rotate:
                c.rotate(g.rotate)
            sx, sy = g.scale_xy
            if (sx, sy) != (1, 1):
                c.scale(sx, sy)
            if g.clip is not None:
                c.clipPath(self._path(g.clip), stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        if id(g.items) in self.shared:
            c.doForm(self.form(g.items))
        else:
            self.items(g.items)
        if not plain:
            self.pop()

    def form(self, items: tuple) -> str:
        """The name of the form XObject drawing ``items`` (written the first time): a map
        placed on four tiles is written once and shown four times."""
        name = self.forms.get(id(items))
        if name is not None:
            return name
        name = self.forms[id(items)] = f"F{len(self.forms) + 1}"
        c = self.c
        x0, y0, x1, y1 = _form_box(items, self.shared[id(items)])
        state, stack = self.state, self.stack
        # a form starts in the state of the page that shows it: assume nothing
        self.state, self.stack = dict.fromkeys(state, _UNKNOWN), []
        c.beginForm(name, x0, y0, x1, y1)
        # drawn in the page's y-down space (the page flips the CTM before showing the form),
        # so the form takes no preamble (reportlab's would flip it a second time)
        preamble, c._preamble = c._preamble, ""
        try:
            self.items(items)
            c.endForm()
        finally:
            c._preamble = preamble
        self.state, self.stack = state, stack
        return name

    def items(self, items: Iterable):
        for it in items:
            if isinstance(it, Group):
                self.group(it)
            elif isinstance(it, Text):
                self.text(it)
            else:
                self.shape(it)


def draw_primitives(canvas: Canvas, items) -> None:
    """Draw primitives on a reportlab canvas another layout owns (a counter face in the booklet)."""
    _Writer(canvas).items(items)


def _shared_items(pages: list[Page], smallest: int = 16) -> dict[int, list]:
    """The item lists that groups place more than once in ``pages`` (the same tuple: the map
    :func:`~genkit.render.tiles.tile` places on every tile, a terrain's pattern in every hex)
    and that draw at least ``smallest`` path points (:func:`_weight`; a smaller form costs more
    than it saves): id of the list -> the clip of each group placing it.  Each becomes one form
    XObject."""
    clips: dict[int, list] = {}
    lists: dict[int, tuple] = {}
    todo = [p.items for p in pages]
    while todo:
        for it in todo.pop():
            if isinstance(it, Group):
                key = id(it.items)
                clips.setdefault(key, []).append(it.clip)
                if key not in lists:
                    lists[key] = it.items
                    todo.append(it.items)
    return {k: c for k, c in clips.items() if len(c) > 1 and _weight(lists[k]) >= smallest}


def _weight(items: tuple) -> int:
    """About how many points and glyph runs drawing ``items`` writes."""
    n = 0
    for it in items:
        if isinstance(it, Group):
            n += 1 + _weight(it.items)
        elif isinstance(it, (Polygon, Polyline)):
            n += len(it.points)
        elif isinstance(it, (Circle, Ellipse, Text)):
            n += 4
        else:
            n += 1
    return n


def _form_box(items: tuple, clips: list) -> tuple[float, float, float, float]:
    """A form's bounding box (in its items' coordinates): what its placings show of it (the
    union of their clips) or, if one shows all, all it draws."""
    boxes = [bounds(c) for c in clips] if None not in clips else [bounds(items, True)]
    boxes = [b for b in boxes if b is not None] or [(0, 0, 0, 0)]
    return (min(b[0] for b in boxes) - 1, min(b[1] for b in boxes) - 1,
            max(b[2] for b in boxes) + 1, max(b[3] for b in boxes) + 1)


def _page_list(pages) -> list[Page]:
    if isinstance(pages, Page):
        pages = [pages]
    pages = list(pages)
    if not pages:
        raise ValueError("write_pdf needs at least one page")
    for i, p in enumerate(pages):
        if not isinstance(p, Page):
            raise TypeError(f"pages[{i}] is not a Page: {p!r}")
    return pages


#: the colour space the kit's RGB numbers are in, named as the ICC registry names it
SRGB = "sRGB IEC61966-2.1"


@functools.lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    """An sRGB ICC profile (LittleCMS's, through Pillow) with a fixed creation date, so the same
    pages give the same bytes (the profile's own date is the moment it is made)."""
    from PIL import ImageCms
    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    data[24:36] = bytes([0x07, 0xd0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])    # 2000-01-01 00:00:00
    data[84:100] = bytes(16)                                            # profile ID: not computed
    return bytes(data)


def _output_intent(c: Canvas) -> None:
    """Add the sRGB output intent, its profile embedded, to the document's catalog."""
    from reportlab.pdfbase.pdfdoc import (PDFArray, PDFDictionary, PDFName, PDFStream, PDFString,
                                          PDFStreamFilterZCompress)
    doc = c._doc
    profile = PDFStream(PDFDictionary({"N": 3}), srgb_profile(), filters=[PDFStreamFilterZCompress()])
    intent = PDFDictionary({"Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
                            "OutputConditionIdentifier": PDFString(SRGB), "Info": PDFString(SRGB),
                            "RegistryName": PDFString("http://www.color.org"),
                            "DestOutputProfile": doc.Reference(profile)})
    catalog = doc.Catalog
    catalog.OutputIntents = PDFArray([intent])
    catalog.__NoDefault__ = type(catalog).__NoDefault__ + ["OutputIntents"]   # what format() writes


def pdf_bytes(pages: Sequence[Page] | Page, title: str, author: str = "genkit",
              subject: str | None = None, keywords: str | Sequence[str] | None = None,
              outline: Sequence[tuple[int, str, int]] = (), print_shop: bool = False, reuse=None) -> bytes:
    """The PDF file for ``pages`` as bytes (see :func:`write_pdf`); ``outline``: the document
    outline (bookmarks), (page index, title, level) in order, each level at most one deeper
    than the one before; ``print_shop``: PDF 1.4 with the sRGB output intent (see the module
    docstring); ``reuse``: pages an earlier build drew (:class:`.pdf_pages.PageReuse`)."""
    pages = _page_list(pages)
    _fonts.register_fonts()
    # streams are Flate-compressed binary, not ASCII85 text on top: a quarter smaller, and
    # reportlab's pure-Python ASCII85 encoder was a tenth of the build
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        return _pdf_bytes(pages, title, author, subject, keywords, outline, print_shop, reuse)
    finally:
        rl_config.useA85 = saved


def _pdf_bytes(pages: list[Page], title: str, author: str, subject: str | None,
               keywords: str | Sequence[str] | None, outline: Sequence[tuple[int, str, int]] = (),
               print_shop: bool = False, reuse=None) -> bytes:
    first = pages[0]
    c = Canvas(os.devnull, pagesize=(first.width, first.height), invariant=1,
               pageCompression=1, bottomup=0, pdfVersion=(1, 4) if print_shop else None,
               initialFontName=_fonts.rl_font_name("sans"), initialFontSize=10)
    if print_shop:
        _output_intent(c)
    c.setTitle(title)
    c.setAuthor(author)
    c.setCreator("genkit")
    if subject:
        c.setSubject(subject)
    if keywords:
        c.setKeywords(keywords if isinstance(keywords, str) else ", ".join(keywords))
    w = _Writer(c, _shared_items(pages))
    for n, page in enumerate(pages):
        c.setPageSize((page.width, page.height))
        c.setTrimBox(list(page.pdf_box(page.trim_box)) if page.trim_box else None)
        c.setBleedBox(list(page.pdf_box(page.bleed_box)) if page.bleed_box else None)
        w.reset()
        c.setMiterLimit(MITER_LIMIT)
        if reuse is not None:
            reuse.draw(n, page, c, w)
        else:
            w.items(page.items)
        for k, (at, text, level) in enumerate(outline):
            if at == n:
                c.bookmarkPage(f"outline{k}")
                c.addOutlineEntry(text, f"outline{k}", level=level)
        c.showPage()
    return c.getpdfdata()


def write_pdf(pages: Sequence[Page] | Page, path: str | os.PathLike, title: str,
              author: str = "genkit", subject: str | None = None,
              keywords: str | Sequence[str] | None = None) -> Path:
    """Write a (multi-page) PDF.  Each page's MediaBox is its ``width`` x ``height``;
    ``Page.trim_box`` / ``Page.bleed_box`` become the page's TrimBox / BleedBox.
    Byte-identical output for identical input.  Returns the path."""
    return write_file(path, pdf_bytes(pages, title, author=author, subject=subject, keywords=keywords))
