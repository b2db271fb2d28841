"""Every painted path of a PDF page, read from its drawing operators (pypdf): its points in
points, y down from the page's top, whether it is filled or stroked, and its colours. Enough to
measure a kit's drawings (counter faces, frames, arrowheads, cut lines) on the file a printer gets."""
from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass
class Painted:
    points: list[tuple[float, float]]
    filled: bool
    stroked: bool
    fill: tuple
    stroke: tuple
    width: float
    dash: bool

    @property
    def box(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)


def _mul(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def painted_paths(path) -> list[list[Painted]]:
    """For each page, the paths it paints, in order."""
    reader = PdfReader(path)
    out = []
    for pg in reader.pages:
        H = float(pg.mediabox.height)
        cs = ContentStream(pg.get_contents(), reader)
        ctm = (1, 0, 0, 1, 0, 0)
        fill, stroke, lw, dash = (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 1.0, False
        stack, pts, painted = [], [], []

        def at(x, y):
            x, y = float(x), float(y)
            a, b, c, d, e, f = ctm
            return (a * x + c * y + e, H - (b * x + d * y + f))
        for ops, op in cs.operations:
            if op == b"q":
                stack.append((ctm, fill, stroke, lw, dash))
            elif op == b"Q":
                ctm, fill, stroke, lw, dash = stack.pop()
            elif op == b"cm":
                ctm = _mul(tuple(float(v) for v in ops), ctm)
            elif op == b"rg":
                fill = tuple(round(float(v), 3) for v in ops)
            elif op == b"RG":
                stroke = tuple(round(float(v), 3) for v in ops)
            elif op == b"g":
                fill = (round(float(ops[0]), 3),) * 3
            elif op == b"G":
                stroke = (round(float(ops[0]), 3),) * 3
            elif op == b"w":
                lw = float(ops[0]) * abs(ctm[0] or ctm[1])
            elif op == b"d":
                dash = bool(len(ops[0]))
            elif op in (b"m", b"l"):
                pts.append(at(*ops))
            elif op == b"c":
                pts += [at(ops[0], ops[1]), at(ops[2], ops[3]), at(ops[4], ops[5])]
            elif op == b"re":
                x, y, w, h = (float(v) for v in ops)
                pts += [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)]
            elif op in (b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*"):
                if pts:
                    painted.append(Painted(pts, op not in (b"S", b"s"), op in (b"S", b"s", b"B", b"B*", b"b", b"b*"),
                                           fill, stroke, lw, dash))
                pts = []
            elif op == b"n":
                pts = []
        out.append(painted)
    return out
