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

Fitting text to a width and wrapping it is :mod:`genkit.render.text_fit`; placing,
bounding and walking a primitive list (and the transform matrices) is
:mod:`genkit.render.geometry`; font metrics are :mod:`genkit.render.fonts`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from numbers import Real
from typing import Iterable, Union

from . import fonts as _fonts

INCH = 72.0
MM = 72.0 / 25.4

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
        return _fonts.text_width(self.text, self.font, self.size)


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
