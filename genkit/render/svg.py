"""SVG backend: writes one :class:`~genkit.render.draw.Page` per SVG file with svgwrite.

* ``width``/``height`` are given in ``pt`` with ``viewBox="0 0 W H"``, so one user
  unit is one point and primitives are written with their coordinates as is
  (SVG is y-down like the layout).
* Deterministic: numbers rounded to 3 decimals (no trailing zeros, no ``-0``),
  attributes in alphabetical order (svgwrite sorts them), clip-path ids numbered in
  document order (``clip1``, ``clip2``, ...), fixed indentation.
* Fonts: ``font-family`` DejaVu Sans (condensed-bold: DejaVu Sans Condensed with
  ``font-stretch="condensed"``), bold via ``font-weight``, sans-serif fallback.
  The fonts are not embedded; install DejaVu (or ship genkit/fonts) for exact output.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import svgwrite

from . import fonts as _fonts
from ..atomic import write_file
from .draw import Circle, Ellipse, Group, Line, Page, Polygon, Polyline, Rect, Text


def fmt(n: float) -> str:
    """Number formatting for SVG: rounded to 3 decimals, no trailing zeros."""
    s = f"{n:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _pts(points) -> list[tuple[str, str]]:
    # pre-formatted pairs; svgwrite joins them as "x,y x,y ..."
    return [(fmt(x), fmt(y)) for x, y in points]


class _Builder:
    def __init__(self, dwg: svgwrite.Drawing):
        self.dwg = dwg
        self.nclip = 0

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _paint(el, it):
        # SVG's default fill is black (also for polyline), so always say it
        fill = getattr(it, "fill", None)
        el["fill"] = fill if fill is not None else "none"
        if it.stroke is not None and it.stroke_width > 0:
            el["stroke"] = it.stroke
            el["stroke-width"] = fmt(it.stroke_width)
            if it.dash:
                el["stroke-dasharray"] = " ".join(fmt(d) for d in it.dash)
        return el

    def _geom(self, it):
        d = self.dwg
        if isinstance(it, Rect):
            el = d.rect(insert=(fmt(it.x), fmt(it.y)), size=(fmt(it.w), fmt(it.h)))
            if it.radius > 0:
                r = fmt(min(it.radius, it.w / 2, it.h / 2))
                el["rx"] = r
                el["ry"] = r
            return el
        if isinstance(it, Polygon):
            return d.polygon(points=_pts(it.points))
        if isinstance(it, Polyline):
            return d.polyline(points=_pts(it.points))
        if isinstance(it, Circle):
            return d.circle(center=(fmt(it.cx), fmt(it.cy)), r=fmt(it.r))
        if isinstance(it, Ellipse):
            return d.ellipse(center=(fmt(it.cx), fmt(it.cy)), r=(fmt(it.rx), fmt(it.ry)))
        if isinstance(it, Line):
            return d.line(start=(fmt(it.x1), fmt(it.y1)), end=(fmt(it.x2), fmt(it.y2)))
        raise TypeError(it)  # pragma: no cover

    # ------------------------------------------------------------------ elements

    def shape(self, it):
        el = self._geom(it)
        return self._paint(el, it)

    def text(self, it: Text):
        el = self.dwg.text(it.text, insert=(fmt(it.x), fmt(it.y)))
        for k, v in _fonts.SVG_FONT_ATTRS[it.font]:
            el[k] = v
        el["font-size"] = fmt(it.size)
        if it.anchor != "start":
            el["text-anchor"] = it.anchor
        el["fill"] = it.fill if it.fill is not None else "none"
        if it.rotate:
            el["transform"] = f"rotate({fmt(it.rotate)} {fmt(it.x)} {fmt(it.y)})"
        return el

    def group(self, g: Group):
        el = self.dwg.g()
        parts = []
        tx, ty = g.translate
        if (tx, ty) != (0, 0):
            parts.append(f"translate({fmt(tx)} {fmt(ty)})")
        if g.rotate:
            parts.append(f"rotate({fmt(g.rotate)})")
        sx, sy = g.scale_xy
        if (sx, sy) != (1, 1):
            parts.append(f"scale({fmt(sx)})" if sx == sy else f"scale({fmt(sx)} {fmt(sy)})")
        if parts:
            el["transform"] = " ".join(parts)
        if g.clip is not None:
            self.nclip += 1
            cid = f"clip{self.nclip}"
            cp = self.dwg.clipPath(id=cid)
            cp.add(self._geom(g.clip))
            self.dwg.defs.add(cp)
            el["clip-path"] = f"url(#{cid})"
        self.add_items(el, g.items)
        return el

    def add_items(self, parent, items):
        for it in items:
            if isinstance(it, Group):
                if it.items:
                    parent.add(self.group(it))
            elif isinstance(it, Text):
                if it.text:
                    parent.add(self.text(it))
            else:
                parent.add(self.shape(it))


def svg_string(page: Page) -> str:
    """The SVG document for ``page`` as a string (see :func:`write_svg`)."""
    if not isinstance(page, Page):
        raise TypeError(f"svg_string expects a Page, got {page!r}")
    w, h = fmt(page.width), fmt(page.height)
    dwg = svgwrite.Drawing(size=(f"{w}pt", f"{h}pt"), profile="full", debug=False)
    dwg["viewBox"] = f"0 0 {w} {h}"
    dwg["xml:space"] = "preserve"
    dwg["stroke-miterlimit"] = "4"
    if page.title:
        dwg.set_desc(title=page.title)
    b = _Builder(dwg)
    b.add_items(dwg, page.items)
    root = dwg.get_xml()
    if not len(dwg.defs.elements):
        for child in list(root):
            if child.tag == "defs" and not len(child):
                root.remove(child)
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_svg(page: Page, path: str | os.PathLike) -> Path:
    """Write one page as an SVG file (width/height in pt, viewBox in points).
    Byte-identical output for identical input.  Returns the path."""
    return write_file(path, svg_string(page).encode("utf-8"))
