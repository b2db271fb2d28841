"""SVG backend: writes one :class:`~genkit.render.draw.Page` per SVG file.

* ``width``/``height`` are given in ``pt`` with ``viewBox="0 0 W H"``, so one user
  unit is one point and primitives are written with their coordinates as is
  (SVG is y-down like the layout).
* Deterministic: numbers rounded to 3 decimals (no trailing zeros, no ``-0``),
  attributes in alphabetical order, clip-path ids numbered in document order (``clip1``,
  ``clip2``, ...), one space of indentation per level.
* Written as text directly, in the form svgwrite and ElementTree gave it (the same bytes),
  about six times faster: a map page is twenty thousand elements.
* Fonts: ``font-family`` DejaVu Sans (condensed-bold: DejaVu Sans Condensed with
  ``font-stretch="condensed"``), bold via ``font-weight``, sans-serif fallback.
  The fonts are not embedded; install DejaVu (or ship genkit/fonts) for exact output.
"""

from __future__ import annotations

import functools

import os
from pathlib import Path

from . import fonts as _fonts
from ..atomic import write_file
from .draw import Circle, Ellipse, Group, Line, Page, Polygon, Polyline, Rect, Text

@functools.lru_cache(maxsize=200_000)   # a long-lived process draws many kits
def fmt(n: float) -> str:
    """Number formatting for SVG: rounded to 3 decimals, no trailing zeros (memoised)."""
    s = f"{n:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _cdata(text: str) -> str:
    """Element text escaped as XML."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _tag(name: str, attrs: dict[str, str]) -> str:
    """``<name a="1" b="2"`` with the attributes in alphabetical order (left open).  No value
    needs escaping: numbers, checked colours and anchors, clip ids and the fonts' own names
    (text goes in element text, :func:`_cdata`)."""
    return f"<{name} " + " ".join([f'{k}="{v}"' for k, v in sorted(attrs.items())])


@functools.lru_cache(maxsize=200_000)
def _pt(x: float, y: float) -> str:
    """One point of a polygon or polyline, ``x,y`` (memoised: hexes share their corners)."""
    return f"{fmt(x)},{fmt(y)}"


def _pts(points) -> str:
    return " ".join([_pt(x, y) for x, y in points])


def _geom(it) -> tuple[str, dict[str, str]]:
    """Element name and geometry attributes of a shape."""
    if isinstance(it, Rect):
        a = {"x": fmt(it.x), "y": fmt(it.y), "width": fmt(it.w), "height": fmt(it.h)}
        if it.radius > 0:
            a["rx"] = a["ry"] = fmt(min(it.radius, it.w / 2, it.h / 2))
        return "rect", a
    if isinstance(it, Polygon):
        return "polygon", {"points": _pts(it.points)}
    if isinstance(it, Polyline):
        return "polyline", {"points": _pts(it.points)}
    if isinstance(it, Circle):
        return "circle", {"cx": fmt(it.cx), "cy": fmt(it.cy), "r": fmt(it.r)}
    if isinstance(it, Ellipse):
        return "ellipse", {"cx": fmt(it.cx), "cy": fmt(it.cy), "rx": fmt(it.rx), "ry": fmt(it.ry)}
    if isinstance(it, Line):
        return "line", {"x1": fmt(it.x1), "y1": fmt(it.y1), "x2": fmt(it.x2), "y2": fmt(it.y2)}
    raise TypeError(it)  # pragma: no cover


_REUSE_FROM = 64  # items in a group worth remembering the lines of
# id(items) -> (items, depth, first clip number, lines, clip path lines, next clip number);
# the items are kept so that the id cannot name another list later
_WRITTEN: dict[int, tuple] = {}


class _Builder:
    """Writes items as indented lines; clip paths go to ``defs`` (numbered as met)."""

    def __init__(self):
        self.defs: list[str] = []
        self.nclip = 0

    def shape(self, it) -> str:
        name, a = _geom(it)
        # SVG's default fill is black (also for polyline), so always say it
        fill = getattr(it, "fill", None)
        a["fill"] = fill if fill is not None else "none"
        if it.stroke is not None and it.stroke_width > 0:
            a["stroke"] = it.stroke
            a["stroke-width"] = fmt(it.stroke_width)
            if it.dash:
                a["stroke-dasharray"] = " ".join(fmt(d) for d in it.dash)
        return _tag(name, a) + " />"

    def text(self, it: Text) -> str:
        a = {"x": fmt(it.x), "y": fmt(it.y)}
        a.update(_fonts.SVG_FONT_ATTRS[it.font])
        a["font-size"] = fmt(it.size)
        if it.anchor != "start":
            a["text-anchor"] = it.anchor
        a["fill"] = it.fill if it.fill is not None else "none"
        if it.rotate:
            a["transform"] = f"rotate({fmt(it.rotate)} {fmt(it.x)} {fmt(it.y)})"
        return _tag("text", a) + f">{_cdata(it.text)}</text>"

    def group(self, g: Group, out: list[str], depth: int) -> None:
        a = {}
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
            a["transform"] = " ".join(parts)
        if g.clip is not None:
            self.nclip += 1
            cid = f"clip{self.nclip}"
            name, ca = _geom(g.clip)
            self.defs += [f'  <clipPath id="{cid}">', "   " + _tag(name, ca) + " />",
                          "  </clipPath>"]
            a["clip-path"] = f"url(#{cid})"
        inner = self.inner(g.items, depth + 1)
        pad = " " * depth
        if inner:
            out.append(pad + _tag("g", a) + ">" if a else pad + "<g>")
            out += inner
            out.append(pad + "</g>")
        else:
            out.append(pad + _tag("g", a) + " />" if a else pad + "<g />")

    def inner(self, items: tuple, depth: int) -> list[str]:
        """The lines of a group's items; a long item list met again at the same depth and clip
        number (the map on every tile) is written once and its lines reused."""
        if len(items) < _REUSE_FROM:
            out: list[str] = []
            self.add_items(out, items, depth)
            return out
        hit = _WRITTEN.get(id(items))
        if hit is not None and hit[0] is items and hit[1:3] == (depth, self.nclip):
            *_, out, defs, self.nclip = hit
            self.defs += defs
            return out
        start, first_clip = len(self.defs), self.nclip
        out = []
        self.add_items(out, items, depth)
        if len(_WRITTEN) >= 4:
            _WRITTEN.clear()
        _WRITTEN[id(items)] = (items, depth, first_clip, out, self.defs[start:], self.nclip)
        return out

    def add_items(self, out: list[str], items, depth: int) -> None:
        pad = " " * depth
        for it in items:
            if isinstance(it, Group):
                if it.items:
                    self.group(it, out, depth)
            elif isinstance(it, Text):
                if it.text:
                    out.append(pad + self.text(it))
            else:
                out.append(pad + self.shape(it))


_XMLNS = {"baseProfile": "full", "version": "1.1", "xml:space": "preserve",
          "xmlns": "http://www.w3.org/2000/svg", "xmlns:ev": "http://www.w3.org/2001/xml-events",
          "xmlns:xlink": "http://www.w3.org/1999/xlink", "stroke-miterlimit": "4"}


def svg_string(page: Page) -> str:
    """The SVG document for ``page`` as a string (see :func:`write_svg`)."""
    if not isinstance(page, Page):
        raise TypeError(f"svg_string expects a Page, got {page!r}")
    w, h = fmt(page.width), fmt(page.height)
    root = {**_XMLNS, "width": f"{w}pt", "height": f"{h}pt", "viewBox": f"0 0 {w} {h}"}
    b = _Builder()
    body: list[str] = []
    if page.title:
        body.append(f" <title>{_cdata(page.title)}</title>")
    items: list[str] = []
    b.add_items(items, page.items, 1)
    if b.defs:
        body += [" <defs>", *b.defs, " </defs>"]
    body += items
    lines = ['<?xml version="1.0" encoding="utf-8"?>']
    if body:
        lines += [_tag("svg", root) + ">", *body, "</svg>"]
    else:
        lines.append(_tag("svg", root) + " />")
    return "\n".join(lines) + "\n"


def write_svg(page: Page, path: str | os.PathLike) -> Path:
    """Write one page as an SVG file (width/height in pt, viewBox in points).
    Byte-identical output for identical input.  Returns the path."""
    return write_file(path, svg_string(page).encode("utf-8"))
