"""Placing and measuring laid-out primitives: :func:`place` and :func:`fit_into` put a
primitive list somewhere else (as a :class:`~genkit.render.draw.Group`) without laying
it out again; the affine matrices of group transforms (:func:`group_matrix`,
:func:`apply`); :func:`bounds` of a primitive list; :func:`iter_primitives` walks it
with each primitive's accumulated transform.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

from .draw import (PRIMITIVE_TYPES, Circle, ClipShape, Ellipse, Group, Line, Point, Polygon, Polyline,
                   Primitive, Rect, Text)
from .fonts import ascent, descent


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
