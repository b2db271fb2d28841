"""Roads on the map: road-pattern terrain joined hex centre to hex centre (a road hex alone, a
bridge, is drawn across to its passable neighbours), and the roads of ``map.roads`` along their
paths; each a light line over a darker casing so it reads in greyscale."""

from __future__ import annotations

import math

from .. import hexes
from ..model.schema import Content
from .draw import Circle, Line, Polyline, Primitive
from .layout import darken
from .map_art import ROAD_CASING, ROAD_FILL


def road_width(flats: float) -> float:
    return max(1.6, flats * 0.04)


def road_segments(geo, code_at: dict, road_codes: set) -> list[Primitive]:
    g = geo.grid
    out_casing, out_fill = [], []
    done = set()
    for (c, r), code in code_at.items():
        if code not in road_codes:
            continue
        q, rr = hexes.offset_to_axial(c, r, g.orientation, g.shift)
        cx, cy = geo.centre(c, r)
        links = []
        for d in range(6):
            nq, nr = hexes.neighbour((q, rr), d)
            nc, nrow = hexes.axial_to_offset(nq, nr, g.orientation, g.shift)
            if code_at.get((nc, nrow)) in road_codes:
                links.append(d)
                key = tuple(sorted([(c, r), (nc, nrow)]))
                if key in done:
                    continue
                done.add(key)
                ex, ey = geo.centre(nc, nrow)
                out_casing.append(Line(cx, cy, ex, ey, ROAD_CASING, 4.2))
                out_fill.append(Line(cx, cy, ex, ey, ROAD_FILL, 2.4))
        if len(links) == 1:  # a road end runs on to the far hexside
            d = (links[0] + 3) % 6
            pts = geo.corners(cx, cy)
            mx, my = [(pts[d][i] + pts[(d + 1) % 6][i]) / 2 for i in (0, 1)]
            out_casing.append(Line(cx, cy, mx, my, ROAD_CASING, 4.2))
            out_fill.append(Line(cx, cy, mx, my, ROAD_FILL, 2.4))
        if not links:        # a road hex alone (a bridge): across it, between passable neighbours
            out_casing += _crossing(geo, c, r, code_at)
    return out_casing + out_fill + [Circle(*geo.centre(c, r), 1.2, fill=ROAD_FILL, stroke=None)
                                    for (c, r), code in code_at.items() if code in road_codes]


def _crossing(geo, c: int, r: int, code_at: dict) -> list[Primitive]:
    """A road hex with no road beside it (a bridge over a river): a road from hexside to opposite
    hexside along the first direction whose two neighbours may be entered, with black parapets when an
    impassable hex lies beside it; nothing when no direction has two such neighbours."""
    g = geo.grid
    tby = geo.content.terrain_by_code()
    q, rr = hexes.offset_to_axial(c, r, g.orientation, g.shift)

    def passable(d):
        nc, nrow = hexes.axial_to_offset(*hexes.neighbour((q, rr), d), g.orientation, g.shift)
        code = code_at.get((nc, nrow))
        return code is not None and tby[code].move_cost is not None
    way = next((d for d in range(3) if passable(d) and passable(d + 3)), None)
    if way is None:
        return []
    cx, cy = geo.centre(c, r)
    pts = geo.corners(cx, cy)
    a, b = [[(pts[d][i] + pts[(d + 1) % 6][i]) / 2 for i in (0, 1)] for d in (way, way + 3)]
    out: list[Primitive] = [Line(*a, *b, ROAD_CASING, 7.0), Line(*a, *b, ROAD_FILL, 4.6)]
    if not all(passable(d) for d in range(6)):
        ux, uy = (b[0] - a[0]) / math.dist(a, b), (b[1] - a[1]) / math.dist(a, b)
        for side in (-1, 1):
            ox, oy = -uy * 5.2 * side, ux * 5.2 * side
            out.append(Line(a[0] + ox + ux * 6, a[1] + oy + uy * 6, b[0] + ox - ux * 6, b[1] + oy - uy * 6,
                            "#000000", 1.4))
    return out


def road_items(content: Content, geo) -> list[Primitive]:
    """``map.roads``: each path a line from hex centre to hex centre in the road's colour over a
    darker casing (greyscale), with round joints."""
    w = road_width(geo.flats)
    casing, fill = [], []
    for road in content.map.roads:
        dark = darken(road.colour, 0.5)
        for path in road.paths:
            pts = [geo.centre_of(h) for h in path]
            casing.append(Polyline(pts, dark, w + 1.6))
            fill.append(Polyline(pts, road.colour, w))
            for x, y in pts:
                casing.append(Circle(x, y, (w + 1.6) / 2, fill=dark, stroke=None))
                fill.append(Circle(x, y, w / 2, fill=road.colour, stroke=None))
    return casing + fill
