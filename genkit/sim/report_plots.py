"""The plots of the simulator's HTML reports (:mod:`.report` for sim, compare and sweep,
:mod:`.tune_report` for tune), drawn as inline SVG with svgwrite: win rates, game length, the CRT
cells' use, cards, units, forest plots of a comparison, a sweep's curve, and tune's objective,
effects and goals. svgwrite builds the elements and escapes the names a designer gives; this module
only lays them out (:class:`Svg`) and picks the axis ticks."""
from __future__ import annotations

import math


from .compare import Sweep
from .metrics import Metrics, cell_key, column_label
from .stats import wilson

INK = "#222"
GRID = "#d8d8d8"
MUTED = "#777"
FALLBACK = ["#1f4e9c", "#c0391b", "#2e8b57", "#8e44ad"]
DASHED = {"stroke_dasharray": "4 3"}


def pct(p: float) -> str:
    return f"{100 * p:.1f}%"


# --------------------------------------------------------------------------- svg primitives

def _r(v) -> float:
    """A coordinate to 0.1 px: short attributes, and the same bytes for the same plot."""
    return round(float(v), 1)


class Svg:
    """One plot: an svgwrite drawing with its title, and the few shapes the plots are made of."""

    def __init__(self, w: int, h: int, title: str):
        # debug=False: svgwrite's attribute check knows SVG 1.1 only and refuses role and aria-label
        import svgwrite     # here, not at the top: `genkit sim` without --report draws nothing
        self.dwg = svgwrite.Drawing(size=(w, h), viewBox=f"0 0 {w} {h}", debug=False, role="img",
                                    font_family="DejaVu Sans, Arial, sans-serif", font_size=12,
                                    **{"aria-label": title})
        self.dwg.set_desc(title=title)

    def rect(self, x, y, w, h, fill, **extra):
        self.dwg.add(self.dwg.rect((_r(x), _r(y)), (_r(max(0, w)), _r(max(0, h))), fill=fill, **extra))

    def line(self, x1, y1, x2, y2, stroke=INK, width=1, **extra):
        self.dwg.add(self.dwg.line((_r(x1), _r(y1)), (_r(x2), _r(y2)), stroke=stroke, stroke_width=width,
                                   **extra))

    def text(self, x, y, s, anchor="start", size=12, fill=INK, weight="normal"):
        self.dwg.add(self.dwg.text(str(s), insert=(_r(x), _r(y)), text_anchor=anchor, font_size=size,
                                   fill=fill, font_weight=weight))

    def circle(self, x, y, r, fill):
        self.dwg.add(self.dwg.circle((_r(x), _r(y)), r, fill=fill))

    def polyline(self, pts, stroke, width=2):
        self.dwg.add(self.dwg.polyline([(_r(x), _r(y)) for x, y in pts], fill="none", stroke=stroke,
                                       stroke_width=width))

    def hatch(self) -> str:
        """Define the grey hatching of never-reached cells; returns the fill that paints with it."""
        pattern = self.dwg.pattern(id="hatch", size=(6, 6), patternUnits="userSpaceOnUse",
                                   patternTransform="rotate(45)")
        pattern.add(self.dwg.rect((0, 0), (6, 6), fill="#f3f3f3"))
        pattern.add(self.dwg.line((0, 0), (0, 6), stroke="#c9c9c9", stroke_width=2))
        self.dwg.defs.add(pattern)
        return pattern.get_funciri()

    def done(self) -> str:
        return self.dwg.tostring()


def _nice_max(v: float) -> float:
    if v <= 0:
        return 1.0
    exp = 10 ** math.floor(math.log10(v))
    for m in (1, 2, 2.5, 5, 10):
        if v <= m * exp:
            return m * exp
    return 10 * exp


def _ticks(vmax: float, n: int = 5) -> list:
    step = vmax / n
    return [step * i for i in range(n + 1)]


def _value_grid(svg, x0: float, x1: float, vmax: float, h: float) -> None:
    """The vertical grid lines and value labels of a horizontal bar chart running x0..x1."""
    for t in _ticks(vmax, 4):
        x = x0 + (x1 - x0) * t / vmax
        svg.line(x, 20, x, h - 40, GRID)
        svg.text(x, h - 26, f"{t:g}", "middle", 11, MUTED)


def _colours(m: Metrics) -> dict:
    cols = m.meta.get("side_colours") or {}
    return {s: cols.get(s, FALLBACK[i % len(FALLBACK)]) for i, s in enumerate(m.sides)}


def side_name(m: Metrics, s: str) -> str:
    return (m.meta.get("side_names") or {}).get(s, s)


# --------------------------------------------------------------------------- plots

def plot_win_rates(m: Metrics) -> str:
    """Horizontal bars of each side's win rate with its 95% interval, 50% marked."""
    sides = m.sides
    rows = [(f"{side_name(m, s)} wins", m.win_rate(s), _colours(m)[s]) for s in sides]
    if m.draws:
        k = m.draws
        lo, hi = wilson(k, m.completed)
        rows.append(("draws", {"p": k / m.completed, "ci95": [lo, hi]}, "#999"))
    w, left, right, bh = 640, 130, 30, 34
    h = 40 + len(rows) * (bh + 14) + 20
    svg = Svg(w, h, "Win rate with 95% interval")
    x0, x1 = left, w - right
    sx = lambda p: x0 + p * (x1 - x0)  # noqa: E731
    for t in (0, .25, .5, .75, 1):
        svg.line(sx(t), 20, sx(t), h - 28, GRID if t != .5 else "#999", 1, **(DASHED if t == .5 else {}))
        svg.text(sx(t), h - 12, f"{int(t * 100)}%", "middle", 11, MUTED)
    y = 28
    for label, wr, col in rows:
        svg.text(left - 8, y + bh / 2 + 4, label, "end", 13)
        svg.rect(sx(0), y, sx(wr["p"]) - sx(0), bh, col, opacity=0.85)
        lo, hi = wr["ci95"]
        cy = y + bh / 2
        svg.line(sx(lo), cy, sx(hi), cy, INK, 2)
        svg.line(sx(lo), cy - 7, sx(lo), cy + 7, INK, 2)
        svg.line(sx(hi), cy - 7, sx(hi), cy + 7, INK, 2)
        inside = wr["p"] >= 0.8       # the figure in white inside a long bar, else after the interval
        tx = sx(wr["p"]) - 6 if inside else max(sx(wr["p"]) + 6, sx(hi) + 6)
        svg.text(tx, y - 4 + bh / 2 + 8, f"{pct(wr['p'])}  [{pct(lo)}, {pct(hi)}]", "end" if inside else "start",
                 12, "#fff" if inside else INK, "bold")
        y += bh + 14
    return svg.done()


def plot_length(m: Metrics) -> str:
    """Histogram of the turn in which games ended; the turn limit marked."""
    turns = m.meta.get("turns") or (max(m.length_hist) if m.length_hist else 1)
    w, h, left, bottom, top = 640, 260, 50, 40, 20
    svg = Svg(w, h, "Game length histogram")
    n = max(turns, max(m.length_hist) if m.length_hist else 1)
    ymax = _nice_max(max(m.length_hist.values()) if m.length_hist else 1)
    x0, x1, y0, y1 = left, w - 20, h - bottom, top
    bw = (x1 - x0) / n
    for t in _ticks(ymax, 4):
        y = y0 - (y0 - y1) * t / ymax
        svg.line(x0, y, x1, y, GRID)
        svg.text(x0 - 6, y + 4, f"{t:g}", "end", 11, MUTED)
    for turn in range(1, n + 1):
        c = m.length_hist.get(turn, 0)
        bh = (y0 - y1) * c / ymax
        col = "#b45309" if turn == turns else "#4b6584"
        svg.rect(x0 + (turn - 1) * bw + 1, y0 - bh, bw - 2, bh, col)
        if turn == 1 or turn % 5 == 0 or turn == n:
            svg.text(x0 + (turn - 0.5) * bw, y0 + 15, str(turn), "middle", 11, MUTED)
    svg.line(x0, y0, x1, y0, INK)
    svg.text((x0 + x1) / 2, h - 6, "game turn in which the game ended (orange: the last turn)", "middle", 11, MUTED)
    return svg.done()


def _heat(frac: float) -> str:
    """White -> deep blue by the cell's share of the battles of its column and type."""
    frac = max(0.0, min(1.0, frac))
    r = int(247 - frac * (247 - 31))
    g = int(251 - frac * (251 - 78))
    b = int(255 - frac * (255 - 156))
    return f"rgb({r},{g},{b})"


def plot_crt(m: Metrics, rows_by_column: dict | None = None) -> str:
    """CRT heat map: a row per column and attack type, a cell per die face; the printed
    result, how many battles used it; never-reached cells hatched."""
    layout = m.meta.get("crt") or {}
    cols, types, faces = layout.get("columns", []), layout.get("types", []), layout.get("faces", 6)
    low = layout.get("low", 1)          # the lowest roll (2 on 2d6): cell f holds roll low + f - 1
    rows = [(d, t) for d in cols for t in types]
    cw, ch, left, top = 62, 30, 150, 40
    w = left + faces * cw + 120
    h = top + len(rows) * ch + 30
    svg = Svg(w, h, "Combat results table: how often each cell was used")
    hatch = svg.hatch()
    for f in range(1, faces + 1):
        svg.text(left + (f - 0.5) * cw, top - 10, f"die {low + f - 1}", "middle", 12, MUTED)
    svg.text(left + faces * cw + 10, top - 10, "battles", "start", 12, MUTED)
    total_max = max((sum(m.crt.get(cell_key(d, t, f), 0) for f in range(low, low + faces)) for d, t in rows),
                    default=0) or 1
    for i, (d, t) in enumerate(rows):
        y = top + i * ch
        svg.text(left - 8, y + ch / 2 + 4, f"{column_label(d)} {t}", "end", 12, INK,
                 "bold" if t == types[0] else "normal")
        counts = [m.crt.get(cell_key(d, t, f), 0) for f in range(low, low + faces)]
        rowtotal = sum(counts)
        for f, c in enumerate(counts, start=1):
            x = left + (f - 1) * cw
            code = (rows_by_column or {}).get(d, {}).get(t, [""] * faces)[f - 1] if rows_by_column else ""
            if c == 0:
                svg.rect(x, y, cw - 2, ch - 2, hatch, stroke="#e0e0e0")
                svg.text(x + cw / 2, y + ch / 2 + 4, f"{code} ·" if code else "·", "middle", 12, "#999")
            else:
                frac = c / max(rowtotal, 1) * faces / 2
                fill = _heat(frac)
                svg.rect(x, y, cw - 2, ch - 2, fill)
                tc = "#fff" if frac > 0.55 else INK
                svg.text(x + cw / 2, y + ch / 2 + 4, f"{code} {c}" if code else str(c), "middle", 12, tc)
        svg.rect(left + faces * cw + 10, y + 6, 80 * rowtotal / total_max, ch - 14, "#4b6584")
        svg.text(left + faces * cw + 14 + 80 * rowtotal / total_max, y + ch / 2 + 4, str(rowtotal), "start", 11)
        if i % len(types) == len(types) - 1:
            svg.line(left - 140, y + ch - 1, left + faces * cw, y + ch - 1, "#bbb")
    svg.text(left, h - 8, "cell: printed result and battles that used it; hatched: never reached",
             "start", 11, MUTED)
    return svg.done()


def plot_cards(m: Metrics) -> str:
    """Per card, every side together: drawn, played, worked, held but never playable."""
    data = m.cards_table()
    names = m.meta.get("card_names") or {}
    series = [("drawn", "#94a3b8"), ("played", "#2563eb"), ("worked", "#16a34a"),
              ("held_never_playable", "#dc2626")]
    abil = list(data)
    tot = {a: {k: sum(data[a][s].get(k, 0) for s in data[a]) for k, _ in series} for a in abil}
    vmax = _nice_max(max((v for a in abil for v in tot[a].values()), default=1))
    gh, bh, left = 4 * 9 + 14, 9, 150
    w = 640
    h = 30 + len(abil) * gh + 40
    svg = Svg(w, h, "Cards: drawn, played, worked, held but never playable")
    x0, x1 = left, w - 60
    _value_grid(svg, x0, x1, vmax, h)
    y = 24
    for a in abil:
        svg.text(left - 8, y + gh / 2, names.get(a, a), "end", 12)
        for k, (key, col) in enumerate(series):
            v = tot[a][key]
            svg.rect(x0, y + k * bh, (x1 - x0) * v / vmax, bh - 1, col)
            if v:
                svg.text(x0 + (x1 - x0) * v / vmax + 4, y + k * bh + 8, str(v), "start", 9, MUTED)
        y += gh
    lx = left
    for key, col in series:
        svg.rect(lx, h - 16, 10, 10, col)
        svg.text(lx + 14, h - 7, key.replace("_", " "), "start", 11)
        lx += 36 + 7 * len(key)
    return svg.done()


def plot_units(m: Metrics) -> str:
    """Per side and unit type: kills made (as lead) against units lost."""
    table = m.units_table()
    names = m.meta.get("unit_names") or {}
    keys = list(table)
    vmax = _nice_max(max((max(r["kills"], r["eliminated"]) for r in table.values()), default=1))
    left, gh, bh, w = 210, 26, 11, 640
    h = 30 + len(keys) * gh + 40
    svg = Svg(w, h, "Unit effectiveness: kills against units lost")
    x0, x1 = left, w - 60
    _value_grid(svg, x0, x1, vmax, h)
    cols = _colours(m)
    y = 24
    for key in keys:
        side, t = key.split(":", 1)
        r = table[key]
        svg.text(left - 8, y + gh / 2, f"{side_name(m, side)} {names.get(t, t)}", "end", 12)
        svg.rect(x0, y, (x1 - x0) * r["kills"] / vmax, bh, cols.get(side, "#555"))
        svg.rect(x0, y + bh, (x1 - x0) * r["eliminated"] / vmax, bh, "#bbb")
        svg.text(x0 + (x1 - x0) * r["kills"] / vmax + 4, y + 9, str(r["kills"]), "start", 9, MUTED)
        svg.text(x0 + (x1 - x0) * r["eliminated"] / vmax + 4, y + bh + 9, str(r["eliminated"]), "start", 9, MUTED)
        y += gh
    svg.rect(left, h - 16, 10, 10, "#555")
    svg.text(left + 14, h - 7, "kills led (side colour)", "start", 11)
    svg.rect(left + 170, h - 16, 10, 10, "#bbb")
    svg.text(left + 184, h - 7, "eliminated", "start", 11)
    return svg.done()


def plot_forest(rows: list) -> str:
    """Each compared metric's difference B - A with its 95% interval, scaled per row."""
    left, rh, w = 200, 28, 640
    h = 20 + len(rows) * rh + 30
    svg = Svg(w, h, "Differences B - A with 95% intervals")
    x0, x1 = left, w - 130
    xm = (x0 + x1) / 2
    svg.line(xm, 10, xm, h - 24, "#999", 1, **DASHED)
    y = 20
    for r in rows:
        lo, hi = r["ci95"]
        span = max(abs(lo), abs(hi), abs(r["diff"]), 1e-9)
        if not math.isfinite(span):
            span = max(abs(r["diff"]), 1e-9)
        sx = lambda v: xm + (x1 - x0) / 2 * max(-1, min(1, v / span))  # noqa: E731
        col = "#b91c1c" if r["significant"] else "#6b7280"
        svg.text(left - 8, y + 4, r["metric"], "end", 12)
        if math.isfinite(lo) and math.isfinite(hi):
            svg.line(sx(lo), y, sx(hi), y, col, 2)
        svg.circle(sx(r["diff"]), y, 4, col)
        svg.text(x1 + 10, y + 4, f"{r['diff']:+.3f}{' *' if r['significant'] else ''}", "start", 12, col,
                 "bold" if r["significant"] else "normal")
        y += rh
    svg.text(xm, h - 8, "0 = no change; each row scaled to its own interval; red * = significant after Holm", "middle", 11,
             MUTED)
    return svg.done()


def plot_sweep(sw: Sweep) -> str:
    """Each side's win rate (with 95% interval) against the swept value; 50% marked."""
    pts = sw.points()
    ref = sw.unchanged
    sides = ref.sides
    cols = _colours(ref)
    w, h, left, bottom, top, right = 640, 320, 60, 60, 20, 20
    svg = Svg(w, h, f"Win rate against {sw.key}")
    x0, x1, y0, y1 = left, w - right, h - bottom, top
    n = len(pts)
    sx = lambda i: x0 + (x1 - x0) * (i + 0.5) / max(n, 1)  # noqa: E731
    sy = lambda p: y0 - (y0 - y1) * p  # noqa: E731
    for t in (0, .25, .5, .75, 1):
        svg.line(x0, sy(t), x1, sy(t), GRID if t != .5 else "#999", 1, **(DASHED if t == .5 else {}))
        svg.text(x0 - 6, sy(t) + 4, f"{int(t * 100)}%", "end", 11, MUTED)
    for k, s in enumerate(sides):
        off = (k - (len(sides) - 1) / 2) * 6
        line = []
        for i, pt in enumerate(pts):
            wr = pt["win_rate"][s]
            x = sx(i) + off
            lo, hi = wr["ci95"]
            svg.line(x, sy(lo), x, sy(hi), cols[s], 2)
            svg.line(x - 4, sy(lo), x + 4, sy(lo), cols[s], 2)
            svg.line(x - 4, sy(hi), x + 4, sy(hi), cols[s], 2)
            svg.circle(x, sy(wr["p"]), 4, cols[s])
            line.append((x, sy(wr["p"])))
        svg.polyline(line, cols[s], 1.5)
    for i, pt in enumerate(pts):
        svg.text(sx(i), y0 + 16, str(pt["value"]), "middle", 12)
    svg.text((x0 + x1) / 2, h - 24, sw.key, "middle", 12, MUTED)
    lx = x0
    for s in sides:
        svg.rect(lx, h - 14, 10, 10, cols[s])
        svg.text(lx + 14, h - 5, f"{side_name(ref, s)} win rate", "start", 11)
        lx += 160
    return svg.done()


# --------------------------------------------------------------------------- genkit tune

GOOD_BAND = "#d9f2d9"


def plot_objective(trials: list) -> str:
    """Each trial's objective (green: every goal met, red: not) and the best so far; the band
    0..1 is inside the tolerance."""
    w, h, x0, x1, y0, y1 = 640, 240, 44, 628, 210, 12
    ymax = max(1.5, max(t["objective"] for t in trials)) * 1.1
    n = len(trials)
    sx = lambda i: x0 + (x1 - x0) * (i - 1) / max(1, n - 1)  # noqa: E731
    sy = lambda v: y0 - (y0 - y1) * v / ymax  # noqa: E731
    svg = Svg(w, h, "The objective over the trials")
    svg.rect(x0, sy(1.0), x1 - x0, y0 - sy(1.0), GOOD_BAND)
    for k in range(5):
        svg.line(x0, sy(ymax * k / 4), x1, sy(ymax * k / 4), GRID)
        svg.text(x0 - 4, sy(ymax * k / 4) + 4, f"{ymax * k / 4:.2f}", "end", 10, MUTED)
    best, path = None, []
    for t in trials:
        best = t["objective"] if best is None else min(best, t["objective"])
        path.append((sx(t["number"]), sy(best)))
        svg.circle(sx(t["number"]), sy(t["objective"]), 4, "#2a8c2a" if t["met"] else "#c0391b")
    svg.polyline(path, "#1f4e9c", 1.5)
    svg.text((x0 + x1) / 2, h - 8, "trial", "middle", 11, MUTED)
    return svg.done()


def plot_effect(key: str, rows: list) -> str:
    """The mean objective of the trials that used each value of one number, with their count."""
    w, h, x0, y0, y1 = 420, 180, 44, 146, 10
    ymax = max(1.5, max(r["mean_objective"] for r in rows)) * 1.1
    bw = (w - x0 - 12) / len(rows)
    sy = lambda v: y0 - (y0 - y1) * v / ymax  # noqa: E731
    svg = Svg(w, h, key)
    for k in range(3):
        svg.text(x0 - 4, sy(ymax * k / 2) + 4, f"{ymax * k / 2:.2f}", "end", 10, MUTED)
    svg.line(x0, y0, w - 12, y0)
    for i, r in enumerate(rows):
        left = x0 + i * bw + bw * 0.15
        svg.rect(left, sy(r["mean_objective"]), bw * 0.7, y0 - sy(r["mean_objective"]), "#7fa6d9")
        svg.text(left + bw * 0.35, h - 20, str(r["value"]), "middle", 10)
        svg.text(left + bw * 0.35, h - 8, f"{r['trials']}x", "middle", 9, MUTED)
    return svg.done()


def plot_goal(dev: dict, band: tuple, axis: tuple) -> str:
    """A measured figure and its 95% interval on one axis, the goal's tolerance ``band`` green."""
    w, h = 220, 22
    a, b = axis
    sx = lambda v: 6 + (w - 12) * (v - a) / ((b - a) or 1)  # noqa: E731
    ci = dev.get("ci95") or [dev["figure"], dev["figure"]]
    svg = Svg(w, h, f"{dev['target']}: {dev['figure']:.3f}")
    svg.rect(sx(band[0]), 2, sx(band[1]) - sx(band[0]), h - 4, GOOD_BAND)
    svg.line(6, h / 2, w - 6, h / 2, GRID)
    svg.line(sx(ci[0]), h / 2, sx(ci[1]), h / 2, "#1f4e9c", 3)
    svg.circle(sx(dev["figure"]), h / 2, 4, "#1f4e9c")
    return svg.done()
