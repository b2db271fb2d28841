"""Measuring a built PDF as it will print: every text run with its size on paper, every
stroked line, every filled rectangle, all in page coordinates (points, y DOWN from the top
of the MediaBox, as the layout code thinks), read from the content stream with pypdf.

Plain module (not a conftest) so the name cannot clash with other test packages."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream


def _mul(m, n):
    """m then n (PDF row-vector convention: p' = p * m * n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class Run:
    text: str            # the operands as written: raw glyph codes for subset fonts
    size: float          # font size as printed (Tf size times the text and CTM scale)
    x: float             # origin of the run, page points, y down
    y: float


@dataclass
class Seg:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float
    clipped: bool = False  # drawn under a clipping path (art inside a window, not sheet marks)


@dataclass
class Page:
    width: float
    height: float
    runs: list
    segs: list           # stroked straight segments (lines drawn with m l S)
    rects: list          # filled rectangles (x0, y0, x1, y1, rgb), y down

    @property
    def text(self) -> str:
        return " ".join(r.text for r in self.runs)


def _decode(op_args) -> str:
    out = []
    for a in op_args:
        if isinstance(a, (bytes, bytearray)):
            out.append(a.decode("latin-1"))
        elif isinstance(a, str):
            out.append(a)
        elif isinstance(a, list):
            out.append(_decode(a))
    return "".join(out)


def read_pdf(path) -> list[Page]:
    reader = PdfReader(path)
    pages = []
    for pg in reader.pages:
        H = float(pg.mediabox.height)
        W = float(pg.mediabox.width)
        cs = ContentStream(pg.get_contents(), reader)
        ctm = (1, 0, 0, 1, 0, 0)
        stack = []
        tm = (1, 0, 0, 1, 0, 0)
        size = 0.0
        fill = (0.0, 0.0, 0.0)
        lw = 1.0
        clip = False
        runs, segs, rects, path, cur = [], [], [], [], None
        for operands, op in cs.operations:
            if op == b"q":
                stack.append((ctm, fill, lw, clip))
            elif op == b"Q":
                ctm, fill, lw, clip = stack.pop()
            elif op in (b"W", b"W*"):
                clip = True
            elif op == b"cm":
                ctm = _mul(tuple(float(v) for v in operands), ctm)
            elif op == b"w":
                lw = float(operands[0])
            elif op == b"rg":
                fill = tuple(round(float(v), 3) for v in operands)
            elif op == b"g":
                fill = (round(float(operands[0]), 3),) * 3
            elif op == b"BT":
                tm = (1, 0, 0, 1, 0, 0)
            elif op == b"Tf":
                size = float(operands[1])
            elif op == b"Tm":
                tm = tuple(float(v) for v in operands)
            elif op == b"Td":
                tm = _mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), tm)
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                m = _mul(tm, ctm)
                scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
                x, y = _apply(m, 0, 0)
                runs.append(Run(_decode(operands), round(size * scale, 3), x, H - y))
            elif op == b"m":
                cur = _apply(ctm, float(operands[0]), float(operands[1]))
                path.append(("m", cur))
            elif op == b"l":
                p = _apply(ctm, float(operands[0]), float(operands[1]))
                path.append(("l", p))
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands)
                p0 = _apply(ctm, x, y)
                p1 = _apply(ctm, x + w, y + h)
                path.append(("re", (min(p0[0], p1[0]), H - max(p0[1], p1[1]),
                                    max(p0[0], p1[0]), H - min(p0[1], p1[1]))))
            elif op in (b"S", b"s", b"B", b"b"):
                scale = math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))
                last = None
                for kind, p in path:
                    if kind == "m":
                        last = p
                    elif kind == "l" and last is not None:
                        segs.append(Seg(last[0], H - last[1], p[0], H - p[1], lw * scale, clip))
                        last = p
                path = []
            elif op in (b"f", b"F", b"f*", b"B*", b"b*"):
                rects += [p + (fill,) for kind, p in path if kind == "re"]
                path = []
            elif op == b"n":
                path = []
        pages.append(Page(W, H, runs, segs, rects))
    return pages


def min_font_size(path) -> float:
    """The smallest text size printed anywhere in the PDF (points on paper)."""
    sizes = [r.size for p in read_pdf(path) for r in p.runs]
    return min(sizes) if sizes else float("inf")
