"""A hex of terrain as the kit draws it everywhere (the map, the terrain key, the player aid's
terrain effects chart): its colour and its pattern, so that it still reads on a greyscale
printer. The pattern is one of a few kinds named by the terrain's ``pattern`` field."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from .. import hexes
from ..model.schema_map import Terrain
from .draw import Circle, Group, Line, Polygon, Polyline, Primitive
from .layout import darken

if TYPE_CHECKING:
    from .map import MapGeometry

# scatter positions for a hex 63 pt across the flats (scaled to the real size)
_SCATTER = [(-14, -6), (0, -12), (13, -5), (-7, 5), (8, 7), (-17, 12), (17, 13), (1, 18),
            (-4, -20), (11, -18), (-11, -16)]


def pattern(kind: str, ink: str, flats: float, extent: float | None = None) -> list[Primitive]:
    """Pattern art for one hex centred on (0, 0), ``flats`` across (clip it to the hex);
    ``extent``: the periodic patterns (dots, hatch, waves) reach this far from the centre instead
    of the hex's radius, at the same density (an area of a drawn board)."""
    k = flats / 63.0
    R = flats / math.sqrt(3) if extent is None else extent
    w = 0.55 * k
    out: list[Primitive] = []
    if kind == "dots":
        step = 6.5 * k
        n = int(R / step) + 1
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x, y = i * step + (step / 2 if j % 2 else 0), j * step * 0.87
                out.append(Circle(x, y, 0.9 * k, fill=ink, stroke=None))
    elif kind in ("hatch", "crosshatch"):
        step = 5.5 * k
        n = int(2 * R / step) + 1
        for i in range(-n, n + 1):
            c = i * step
            out.append(Line(c - R, -R, c + R, R, ink, w))
            if kind == "crosshatch":
                out.append(Line(c - R, R, c + R, -R, ink, w))
    elif kind == "waves":
        step = 7.0 * k
        n = int(R / step) + 1
        for j in range(-n, n + 1):
            y0 = j * step
            pts = [(x * k, y0 + 1.3 * k * math.sin((x * k) * 2 * math.pi / (8 * k) + j))
                   for x in range(-int(R / k) - 2, int(R / k) + 3, 1)]
            out.append(Polyline(pts, ink, w))
    elif kind == "peaks":
        for (x, y, s) in ((-13, 6, 1.0), (11, 4, 1.15), (-1, 16, 0.9), (2, -8, 0.8)):
            x, y, s = x * k, y * k, s * k
            out.append(Polygon([(x - 7 * s, y + 5 * s), (x, y - 6 * s), (x + 7 * s, y + 5 * s)],
                               fill=darken(ink, 0.0), stroke=None))
            out.append(Polygon([(x - 2.3 * s, y - 2 * s), (x, y - 6 * s), (x + 2.3 * s, y - 2 * s)],
                               fill="#ffffff", stroke=None))
    elif kind == "hills":
        for (x, y) in ((-13, 4), (11, 2), (-1, 15), (3, -9)):
            x, y = x * k, y * k
            pts = [(x - 7 * k * math.cos(t * math.pi / 12), y - 4.2 * k * math.sin(t * math.pi / 12))
                   for t in range(13)]
            out.append(Polyline(pts, ink, 1.0 * k))
    elif kind == "marsh":
        for (x, y) in _SCATTER[:8]:
            x, y = x * k, y * k
            out.append(Line(x - 3.5 * k, y, x + 3.5 * k, y, ink, w))
            for dx, h in ((-1.8, 2.4), (0, 3.4), (1.8, 2.4)):
                out.append(Line(x + dx * k, y, x + dx * k * 1.3, y - h * k, ink, w))
    elif kind == "stones":
        for i, (x, y) in enumerate(_SCATTER):
            r = (1.6 + (i % 3) * 0.5) * k
            out.append(Circle(x * k, y * k, r, fill=darken(ink, 0.0), stroke=None))
    return out


@lru_cache(maxsize=64)
def _pattern_art(kind: str, ink: str, flats: float) -> tuple:
    # one tuple for every hex of a terrain: the PDF writer shows it as one form
    return tuple(pattern(kind, ink, flats))


def pattern_ink(t: Terrain) -> str:
    return darken(t.colour, 0.5)


#: the scatter patterns repeat this far apart (points, at a 63 pt cell) over a large area
_MOTIF_STEP = 48.0
_PERIODIC = ("dots", "hatch", "crosshatch", "waves")


@lru_cache(maxsize=64)
def _area_art(kind: str, ink: str, flats: float, half_w: float, half_h: float) -> tuple:
    """A pattern covering ``half_w`` x ``half_h`` either side of (0, 0) at the density of a cell
    ``flats`` across: the periodic ones drawn out that far, the scattered ones repeated."""
    if kind in _PERIODIC:
        return tuple(pattern(kind, ink, flats, extent=max(half_w, half_h) + flats / 2))
    motif = _pattern_art(kind, ink, flats)
    if not motif:
        return ()
    step = _MOTIF_STEP * flats / 63.0
    nx, ny = int(half_w / step) + 1, int(half_h / step) + 1
    return tuple(Group(motif, translate=(i * step + (step / 2 if j % 2 else 0), j * step))
                 for j in range(-ny, ny + 1) for i in range(-nx, nx + 1))


def terrain_area(t: Terrain, outline: Sequence, flats: float = 63.0) -> list[Primitive]:
    """A space of any shape (a square, an ox, a diamond, an area's polygon) in terrain ``t``: its
    colour, and its pattern at the density of a cell ``flats`` across, clipped to the outline."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    out: list[Primitive] = [Polygon(outline, fill=t.colour, stroke=None)]
    art = _area_art(t.pattern, pattern_ink(t), flats, round((max(xs) - min(xs)) / 2, 3),
                    round((max(ys) - min(ys)) / 2, 3))
    if art:
        local = Polygon([(x - cx, y - cy) for x, y in outline], fill=None, stroke=None)
        out.append(Group(art, translate=(cx, cy), clip=local))
    return out


def terrain_hex(t: Terrain, cx: float, cy: float, flats: float, geo: MapGeometry | None = None,
                corners: Sequence | None = None) -> list[Primitive]:
    """One hex of terrain ``t``: colour fill and pattern, clipped to the hex."""
    if corners is None:
        orient = geo.grid.orientation if geo else "flat"
        corners = hexes.hex_corners(cx, cy, orient, flats)
    poly = Polygon(corners, fill=t.colour, stroke=None)
    out: list[Primitive] = [poly]
    art = _pattern_art(t.pattern, pattern_ink(t), flats)
    if art:
        local = Polygon([(x - cx, y - cy) for x, y in corners], fill=None, stroke=None)
        out.append(Group(tuple(art), translate=(cx, cy), clip=local))
    return out
