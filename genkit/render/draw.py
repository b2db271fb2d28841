"""Drawing primitives: the one layout representation every genkit component uses.

A component (counter, card, map, player-aid panel) is laid out ONCE as a list of
these primitives; :mod:`genkit.render.pdf` and :mod:`genkit.render.svg` write the
same list.

Conventions
-----------
* Units are PostScript points (1/72 inch).  ``INCH = 72``, ``MM = 72/25.4``.
* The origin is the top-left corner and **y grows downward** (SVG convention);
  the PDF backend flips.
* Angles are degrees, positive = clockwise on the page (SVG ``rotate()``).
* Colours are ``'#rrggbb'`` strings (normalised to lower case) or ``None`` (no
  fill / no stroke).
* ``dash`` is ``None`` (solid) or a tuple of on/off lengths in points.
* Stroke widths are scaled by enclosing :class:`Group` scales (both backends).
* Fonts are logical names: ``"sans"``, ``"sans-bold"``, ``"condensed-bold"``
  (see :mod:`genkit.render.fonts`).  ``Text.y`` is the baseline.
* All primitives are frozen dataclasses; lists passed in are stored as tuples, so
  a laid-out component can be cached, compared and re-placed freely.

Transforms
----------
``Group(items, translate=(tx, ty), scale=s, rotate=r, clip=shape)`` maps a point
``p`` of its items to ``translate + rotate(r) * scale(s) * p`` (SVG
``transform="translate(tx ty) rotate(r) scale(s)"``).  ``clip`` is expressed in the
group's *local* coordinates (the same coordinates as its items).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from dataclasses import dataclass
from numbers import Real
from typing import Iterable, Sequence, Union

from reportlab.pdfbase import pdfmetrics

from . import fonts as _fonts

INCH = 72.0
MM = 72.0 / 25.4

FONTS = _fonts.FONTS
ANCHORS = ("start", "middle", "end")

_COLOR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")

Point = tuple[float, float]


# --------------------------------------------------------------------------- validation

_FINITE_MAX = float("inf")


def _num(value, name: str, cls: str) -> float:
    t = type(value)
    if (t is float and -_FINITE_MAX < value < _FINITE_MAX) or t is int:
        return value  # the common case, without the abstract Real check (a map has 200,000)
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{cls}.{name} must be a number, got {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"{cls}.{name} must be finite, got {value!r}")
    return value


def _color(value, name: str, cls: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _COLOR_RE.match(value):
        raise ValueError(f"{cls}.{name} must be '#rrggbb' or None, got {value!r}")
    return value.lower()


def _dash(value, cls: str) -> tuple[float, ...] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{cls}.dash must be None or a sequence of lengths, got {value!r}")
    dash = tuple(_num(v, "dash", cls) for v in value)
    if not dash:
        return None
    if any(v < 0 for v in dash) or sum(dash) <= 0:
        raise ValueError(f"{cls}.dash lengths must be >= 0 with a positive sum, got {value!r}")
    return dash


def _points(value, cls: str, minimum: int) -> tuple[Point, ...]:
    try:
        pts = tuple((p[0], p[1]) for p in value)
        if any(len(p) != 2 for p in value):
            raise ValueError
    except (TypeError, ValueError, IndexError, KeyError):
        raise TypeError(f"{cls}.points must be a sequence of (x, y) pairs, got {value!r}") from None
    for x, y in pts:
        if type(x) is not float or type(y) is not float or not (-_FINITE_MAX < x + y < _FINITE_MAX):
            _num(x, "points", cls)
            _num(y, "points", cls)
    if len(pts) < minimum:
        raise ValueError(f"{cls} needs at least {minimum} points, got {len(pts)}")
    return pts


def _set(obj, name, value):
    object.__setattr__(obj, name, value)


def _check_stroke(obj, cls: str, has_fill: bool = True):
    if has_fill:
        _set(obj, "fill", _color(obj.fill, "fill", cls))
    _set(obj, "stroke", _color(obj.stroke, "stroke", cls))
    _num(obj.stroke_width, "stroke_width", cls)
    if obj.stroke_width < 0:
        raise ValueError(f"{cls}.stroke_width must be >= 0")
    _set(obj, "dash", _dash(obj.dash, cls))


# --------------------------------------------------------------------------- primitives

@dataclass(frozen=True)
class Rect:
    """Axis-aligned rectangle; (x, y) is its top-left corner. ``radius`` rounds corners."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width: float = 0.5
    dash: tuple[float, ...] | None = None
    radius: float = 0

    def __post_init__(self):
        for n in ("x", "y", "w", "h", "radius"):
            _num(getattr(self, n), n, "Rect")
        if self.w < 0 or self.h < 0:
            raise ValueError(f"Rect w/h must be >= 0, got {self.w}x{self.h}")
        if self.radius < 0:
            raise ValueError("Rect.radius must be >= 0")
        _check_stroke(self, "Rect")


@dataclass(frozen=True)
class Polygon:
    """Closed polygon (nonzero fill rule)."""

    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width: float = 0.5
    dash: tuple[float, ...] | None = None

    def __post_init__(self):
        _set(self, "points", _points(self.points, "Polygon", 2))
        _check_stroke(self, "Polygon")


@dataclass(frozen=True)
class Polyline:
    """Open path through ``points`` (stroked only)."""

    points: tuple[Point, ...]
    stroke: str | None = "#000000"
    stroke_width: float = 0.5
    dash: tuple[float, ...] | None = None

    def __post_init__(self):
        _set(self, "points", _points(self.points, "Polyline", 2))
        _check_stroke(self, "Polyline", has_fill=False)


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width: float = 0.5
    dash: tuple[float, ...] | None = None

    def __post_init__(self):
        for n in ("cx", "cy", "r"):
            _num(getattr(self, n), n, "Circle")
        if self.r < 0:
            raise ValueError("Circle.r must be >= 0")
        _check_stroke(self, "Circle")


@dataclass(frozen=True)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float
    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width: float = 0.5
    dash: tuple[float, ...] | None = None

    def __post_init__(self):
        for n in ("cx", "cy", "rx", "ry"):
            _num(getattr(self, n), n, "Ellipse")
        if self.rx < 0 or self.ry < 0:
            raise ValueError("Ellipse radii must be >= 0")
        _check_stroke(self, "Ellipse")


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str | None = "#000000"
    stroke_width: float = 0.5
    dash: tuple[float, ...] | None = None

    def __post_init__(self):
        for n in ("x1", "y1", "x2", "y2"):
            _num(getattr(self, n), n, "Line")
        _check_stroke(self, "Line", has_fill=False)


@dataclass(frozen=True)
class Text:
    """One line of text.  ``y`` is the BASELINE; ``anchor`` aligns x to the start,
    middle or end of the string; ``rotate`` (degrees, clockwise) turns it about (x, y)."""

    x: float
    y: float
    text: str
    size: float
    font: str = "sans"
    fill: str | None = "#000000"
    anchor: str = "start"
    rotate: float = 0

    def __post_init__(self):
        for n in ("x", "y", "size", "rotate"):
            _num(getattr(self, n), n, "Text")
        if not isinstance(self.text, str):
            raise TypeError(f"Text.text must be a str, got {self.text!r}")
        if "\n" in self.text or "\r" in self.text:
            raise ValueError("Text.text must be a single line (use wrap_text and one Text per line)")
        if self.size <= 0:
            raise ValueError("Text.size must be > 0")
        _fonts.check_font(self.font)
        if self.anchor not in ANCHORS:
            raise ValueError(f"Text.anchor must be one of {ANCHORS}, got {self.anchor!r}")
        _set(self, "fill", _color(self.fill, "fill", "Text"))

    @property
    def width(self) -> float:
        return text_width(self.text, self.font, self.size)


ClipShape = Union[Rect, Polygon, Circle, Ellipse]


@dataclass(frozen=True)
class Group:
    """A list of primitives under one transform and optional clip (see module doc)."""

    items: tuple = ()
    translate: tuple[float, float] = (0, 0)
    scale: float | tuple[float, float] = 1
    rotate: float = 0
    clip: ClipShape | None = None

    def __post_init__(self):
        if isinstance(self.items, PRIMITIVE_TYPES):
            raise TypeError("Group.items must be a sequence of primitives, not a single primitive")
        items = tuple(self.items)
        for i, it in enumerate(items):
            if not isinstance(it, PRIMITIVE_TYPES):
                raise TypeError(f"Group.items[{i}] is not a drawing primitive: {it!r}")
        _set(self, "items", items)
        try:
            tx, ty = self.translate
        except (TypeError, ValueError):
            raise TypeError(f"Group.translate must be (x, y), got {self.translate!r}") from None
        _set(self, "translate", (_num(tx, "translate", "Group"), _num(ty, "translate", "Group")))
        if isinstance(self.scale, Real) and not isinstance(self.scale, bool):
            _num(self.scale, "scale", "Group")
        else:
            try:
                sx, sy = self.scale
            except (TypeError, ValueError):
                raise TypeError(f"Group.scale must be a number or (sx, sy), got {self.scale!r}") from None
            _set(self, "scale", (_num(sx, "scale", "Group"), _num(sy, "scale", "Group")))
        _num(self.rotate, "rotate", "Group")
        if self.clip is not None and not isinstance(self.clip, (Rect, Polygon, Circle, Ellipse)):
            raise TypeError(f"Group.clip must be None, Rect, Polygon, Circle or Ellipse, got {self.clip!r}")

    @property
    def scale_xy(self) -> tuple[float, float]:
        s = self.scale
        return (s, s) if isinstance(s, Real) else s

    @property
    def is_identity(self) -> bool:
        return (self.translate == (0, 0) and self.scale_xy == (1, 1)
                and self.rotate == 0)


Primitive = Union[Rect, Polygon, Polyline, Circle, Ellipse, Line, Text, Group]
PRIMITIVE_TYPES = (Rect, Polygon, Polyline, Circle, Ellipse, Line, Text, Group)


# --------------------------------------------------------------------------- page

Box = tuple[float, float, float, float]  # (x, y, w, h), y-down page coordinates


@dataclass(frozen=True)
class Page:
    """One output page: ``width`` x ``height`` points (becomes the PDF MediaBox and the
    SVG width/height).  ``trim_box`` / ``bleed_box`` are ``(x, y, w, h)`` in the
    same y-down page coordinates and must lie inside the page."""

    width: float
    height: float
    items: tuple = ()
    trim_box: Box | None = None
    bleed_box: Box | None = None
    title: str | None = None

    def __post_init__(self):
        _num(self.width, "width", "Page")
        _num(self.height, "height", "Page")
        if self.width <= 0 or self.height <= 0:
            raise ValueError("Page width/height must be > 0")
        _set(self, "items", Group(self.items).items)
        for name in ("trim_box", "bleed_box"):
            box = getattr(self, name)
            if box is None:
                continue
            try:
                x, y, w, h = (_num(v, name, "Page") for v in box)
            except (TypeError, ValueError) as exc:
                raise ValueError(f"Page.{name} must be (x, y, w, h): {exc}") from None
            eps = 1e-6
            if w <= 0 or h <= 0 or x < -eps or y < -eps or x + w > self.width + eps \
                    or y + h > self.height + eps:
                raise ValueError(f"Page.{name} {box!r} must lie inside the "
                                 f"{self.width}x{self.height} page")
            _set(self, name, (x, y, w, h))

    def pdf_box(self, box: Box) -> tuple[float, float, float, float]:
        """(x, y, w, h) y-down -> PDF [llx, lly, urx, ury] y-up."""
        x, y, w, h = box
        return (x, self.height - (y + h), x + w, self.height - y)


# --------------------------------------------------------------------------- text metrics

def text_width(text: str, font: str = "sans", size: float = 10) -> float:
    """Advance width of ``text`` in points, from the embedded TTF's metrics."""
    if isinstance(text, str) and len(text) <= 200:  # labels; templates may measure megabytes
        return _text_width(text, font, size)
    return pdfmetrics.stringWidth(text, _fonts.rl_font_name(font), size)


@lru_cache(maxsize=8192)  # layouts measure the same labels again and again (fits, bounds)
def _text_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, _fonts.rl_font_name(font), size)


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
        size = round(size - 0.01, 2)
    if size < min_size or size <= 0:
        raise TextFitError(f"{text!r} in {font} does not fit {max_width:g} pt "
                           f"at >= {min_size:g} pt (would need {max(size, 0):g} pt)")
    return size


def wrap_text(text: str, font: str, size: float, max_width: float) -> list[str]:
    """Greedy word wrap into lines no wider than ``max_width`` (a single word longer
    than the width gets a line of its own).  Explicit newlines are kept."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur = words[0]
        for word in words[1:]:
            cand = cur + " " + word
            if text_width(cand, font, size) <= max_width:
                cur = cand
            else:
                lines.append(cur)
                cur = word
        lines.append(cur)
    return lines


def text_lines(lines: Sequence[str], x: float, y: float, size: float, font: str = "sans",
               fill: str | None = "#000000", anchor: str = "start",
               leading: float | None = None) -> list[Text]:
    """One :class:`Text` per line, first baseline at ``y``, ``leading`` (default 1.2*size)
    between baselines."""
    lead = 1.2 * size if leading is None else leading
    return [Text(x, y + i * lead, ln, size, font, fill, anchor)
            for i, ln in enumerate(lines) if ln]


ascent = _fonts.ascent
descent = _fonts.descent
cap_height = _fonts.cap_height


# --------------------------------------------------------------------------- placement

def place(items: Sequence[Primitive] | Primitive, x: float = 0, y: float = 0,
          scale: float | tuple[float, float] = 1, rotate: float = 0,
          clip: ClipShape | None = None) -> Group:
    """Put an already laid-out primitive list at (x, y) (optionally scaled/rotated/
    clipped) without re-laying it out.  ``clip`` is in the items' own coordinates."""
    if isinstance(items, PRIMITIVE_TYPES):
        items = (items,)
    return Group(tuple(items), translate=(x, y), scale=scale, rotate=rotate, clip=clip)


def fit_into(items: Sequence[Primitive], content_w: float, content_h: float,
             x: float, y: float, w: float, h: float, align: str = "center",
             clip: bool = False) -> Group:
    """Uniformly scale content laid out in a ``content_w`` x ``content_h`` box so it fits
    the box (x, y, w, h).  ``align``: ``center`` | ``top-left``.  ``clip`` clips to the
    content box."""
    if content_w <= 0 or content_h <= 0:
        raise ValueError("content size must be > 0")
    s = min(w / content_w, h / content_h)
    if align == "center":
        ox = x + (w - content_w * s) / 2
        oy = y + (h - content_h * s) / 2
    elif align == "top-left":
        ox, oy = x, y
    else:
        raise ValueError(f"align must be 'center' or 'top-left', got {align!r}")
    c = Rect(0, 0, content_w, content_h, fill=None, stroke=None) if clip else None
    return Group(tuple(items), translate=(ox, oy), scale=s, clip=c)


# --------------------------------------------------------------------------- geometry

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f (PDF/SVG order)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m * n: apply n first, then m."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D,
            a * E + c * F + e, b * E + d * F + f)


def group_matrix(g: Group) -> Matrix:
    tx, ty = g.translate
    sx, sy = g.scale_xy
    r = math.radians(g.rotate)
    cs, sn = math.cos(r), math.sin(r)
    return _mul((1, 0, 0, 1, tx, ty), _mul((cs, sn, -sn, cs, 0, 0), (sx, 0, 0, sy, 0, 0)))


def apply(m: Matrix, x: float, y: float) -> Point:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


BBox = tuple[float, float, float, float]  # x0, y0, x1, y1


def _bbox_pts(pts: Iterable[Point]) -> BBox | None:
    pts = list(pts)
    if not pts:
        return None
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _union(a: BBox | None, b: BBox | None) -> BBox | None:
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _corners(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _shape_local_bbox(it) -> BBox:
    """Geometric (no stroke) box of a Rect / Circle / Ellipse in its own coordinates."""
    if isinstance(it, Rect):
        return (it.x, it.y, it.x + it.w, it.y + it.h)
    if isinstance(it, Circle):
        return (it.cx - it.r, it.cy - it.r, it.cx + it.r, it.cy + it.r)
    if isinstance(it, Ellipse):
        return (it.cx - it.rx, it.cy - it.ry, it.cx + it.rx, it.cy + it.ry)
    raise TypeError(it)


def _bounds(items, m: Matrix, include_stroke: bool) -> BBox | None:
    out = None
    for it in items:
        if isinstance(it, Group):
            gm = _mul(m, group_matrix(it))
            b = _bounds(it.items, gm, include_stroke)
            if b is not None and it.clip is not None:
                cb = _bounds([it.clip], gm, False)
                b = (max(b[0], cb[0]), max(b[1], cb[1]), min(b[2], cb[2]), min(b[3], cb[3]))
                if b[0] > b[2] or b[1] > b[3]:
                    b = None
            out = _union(out, b)
        elif isinstance(it, Text):
            w = it.width
            x0 = {"start": 0.0, "middle": -w / 2, "end": -w}[it.anchor]
            asc, dsc = ascent(it.font, it.size), descent(it.font, it.size)
            tm = _mul(m, _mul((1, 0, 0, 1, it.x, it.y),
                              (math.cos(math.radians(it.rotate)), math.sin(math.radians(it.rotate)),
                               -math.sin(math.radians(it.rotate)), math.cos(math.radians(it.rotate)),
                               0, 0)))
            out = _union(out, _bbox_pts(apply(tm, px, py)
                                        for px, py in _corners(x0, -asc, x0 + w, dsc)))
        else:
            sc = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            hw = it.stroke_width / 2 * sc if include_stroke and it.stroke else 0.0
            if isinstance(it, (Polygon, Polyline)):
                b = _bbox_pts(apply(m, x, y) for x, y in it.points)
            elif isinstance(it, Line):
                b = _bbox_pts([apply(m, it.x1, it.y1), apply(m, it.x2, it.y2)])
            else:  # Rect, Circle, Ellipse: transformed local box (conservative if rotated)
                b = _bbox_pts(apply(m, x, y) for x, y in _corners(*_shape_local_bbox(it)))
            out = _union(out, (b[0] - hw, b[1] - hw, b[2] + hw, b[3] + hw))
    return out


def bounds(items: Sequence[Primitive] | Primitive, include_stroke: bool = False) -> BBox | None:
    """Bounding box ``(x0, y0, x1, y1)`` of the primitives in the current coordinates
    (group transforms and clips applied; text from real font metrics: ascender to
    descender).  ``None`` for nothing.  Rotated circles/ellipses give a conservative box."""
    if isinstance(items, PRIMITIVE_TYPES):
        items = (items,)
    return _bounds(items, IDENTITY, include_stroke)


def iter_primitives(items: Sequence[Primitive], m: Matrix = IDENTITY):
    """Yield ``(primitive, matrix)`` for every non-group primitive, depth first,
    with the accumulated transform matrix (handy for tests and checks)."""
    for it in items:
        if isinstance(it, Group):
            yield from iter_primitives(it.items, _mul(m, group_matrix(it)))
        else:
            yield it, m
