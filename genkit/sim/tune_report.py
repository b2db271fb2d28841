"""The ``genkit tune --report`` page: one self-contained HTML file, inline SVG, no network.

Three parts: the objective (worst deviation from the targets) over the trials with the running
best; the effect of each varied number (the mean objective of the trials that used each value);
the best candidates, confirmed with more games, with each win rate's Wilson 95% interval.
"""
from __future__ import annotations

from html import escape

from ..atomic import write_file

W, H, PAD = 640, 240, 44


def _scale(v, lo, hi, a, b):
    return a if hi == lo else a + (v - lo) * (b - a) / (hi - lo)


def _objective_svg(result) -> str:
    trials = result.trials
    if not trials:
        return "<p>No trial.</p>"
    ymax = max(0.05, max(t["objective"] for t in trials)) * 1.1
    tol = min(t.tol for t in result.targets)
    n = len(trials)
    x = lambda i: _scale(i, 1, max(2, n), PAD, W - 12)          # noqa: E731
    y = lambda v: _scale(v, 0, ymax, H - 30, 12)                # noqa: E731
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" role="img" '
             f'aria-label="objective over trials">',
             f'<rect x="{PAD}" y="{y(tol):.1f}" width="{W - 12 - PAD}" height="{y(0) - y(tol):.1f}" '
             f'fill="#d9f2d9"/>',
             f'<line x1="{PAD}" y1="{H - 30}" x2="{W - 12}" y2="{H - 30}" stroke="#333"/>',
             f'<line x1="{PAD}" y1="12" x2="{PAD}" y2="{H - 30}" stroke="#333"/>']
    for k in range(5):
        v = ymax * k / 4
        parts.append(f'<text x="{PAD - 4}" y="{y(v) + 4:.1f}" font-size="10" text-anchor="end">{v:.2f}</text>')
    best, path = None, []
    for t in trials:
        best = t["objective"] if best is None else min(best, t["objective"])
        path.append(f"{x(t['number']):.1f},{y(best):.1f}")
        colour = "#2a8c2a" if t["met"] else "#c0391b"
        parts.append(f'<circle cx="{x(t["number"]):.1f}" cy="{y(t["objective"]):.1f}" r="4" fill="{colour}">'
                     f'<title>trial {t["number"]}: off by {t["objective"]:.3f}</title></circle>')
    parts.append(f'<polyline points="{" ".join(path)}" fill="none" stroke="#1f4e9c" stroke-width="1.5"/>')
    parts.append(f'<text x="{(PAD + W) / 2}" y="{H - 8}" font-size="11" text-anchor="middle">trial</text>')
    parts.append("</svg>")
    return "".join(parts)


def _effect_svg(key: str, rows: list) -> str:
    if not rows:
        return ""
    w, h = 420, 180
    ymax = max(0.05, max(r["mean_objective"] for r in rows)) * 1.1
    n = len(rows)
    bw = (w - PAD - 12) / n
    y = lambda v: _scale(v, 0, ymax, h - 34, 10)                # noqa: E731
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
             f'aria-label="{escape(key)}">',
             f'<line x1="{PAD}" y1="{h - 34}" x2="{w - 12}" y2="{h - 34}" stroke="#333"/>']
    for k in range(3):
        v = ymax * k / 2
        parts.append(f'<text x="{PAD - 4}" y="{y(v) + 4:.1f}" font-size="10" text-anchor="end">{v:.2f}</text>')
    for i, r in enumerate(rows):
        x0 = PAD + i * bw + bw * 0.15
        top = y(r["mean_objective"])
        parts.append(f'<rect x="{x0:.1f}" y="{top:.1f}" width="{bw * 0.7:.1f}" height="{h - 34 - top:.1f}" '
                     f'fill="#7fa6d9"><title>{escape(str(r["value"]))}: mean off by '
                     f'{r["mean_objective"]:.3f} over {r["trials"]} trials</title></rect>')
        parts.append(f'<text x="{x0 + bw * 0.35:.1f}" y="{h - 20}" font-size="10" text-anchor="middle">'
                     f'{escape(str(r["value"])[:10])}</text>')
        parts.append(f'<text x="{x0 + bw * 0.35:.1f}" y="{h - 8}" font-size="9" text-anchor="middle" '
                     f'fill="#666">{r["trials"]}x</text>')
    parts.append("</svg>")
    return "".join(parts)


def _interval_svg(wr: dict, target) -> str:
    w, h = 220, 22
    x = lambda v: _scale(v, 0, 1, 6, w - 6)                     # noqa: E731
    lo, hi = wr["ci95"]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">'
            f'<rect x="{x(target.p - target.tol):.1f}" y="2" width="{x(target.p + target.tol) - x(target.p - target.tol):.1f}" '
            f'height="{h - 4}" fill="#d9f2d9"/>'
            f'<line x1="6" y1="{h / 2}" x2="{w - 6}" y2="{h / 2}" stroke="#bbb"/>'
            f'<line x1="{x(lo):.1f}" y1="{h / 2}" x2="{x(hi):.1f}" y2="{h / 2}" stroke="#1f4e9c" stroke-width="3"/>'
            f'<circle cx="{x(wr["p"]):.1f}" cy="{h / 2}" r="4" fill="#1f4e9c"/></svg>')


def render_tune_report(result) -> str:
    targets = {t.side: t for t in result.targets}
    rows = []
    for rank, ev in enumerate(result.confirmed, 1):
        settings = "<br>".join(f"{escape(k)}={escape(v)}" for k, v in ev.settings.items())
        for pair in ev.pairs:
            for dev in pair["deviations"]:
                wr = pair["win_rate"][dev["side"]]
                lo, hi = wr["ci95"]
                rows.append(f"<tr><td>{rank}</td><td>{settings}</td><td>{escape(pair['bots'])}</td>"
                            f"<td>{escape(dev['side'])}</td><td>{wr['p']:.3f} [{lo:.3f}, {hi:.3f}] "
                            f"({wr['games']} games)</td><td>{_interval_svg(wr, targets[dev['side']])}</td>"
                            f"<td>{dev['deviation']:.3f}</td><td>{'met' if dev['met'] else 'no'}</td></tr>")
    effects = "".join(f"<h3>{escape(key)}</h3>{_effect_svg(key, r)}" for key, r in result.effects().items())
    trial_rows = "".join(
        f"<tr><td>{t['number']}</td><td>{escape('  '.join(f'{k}={v}' for k, v in t['settings'].items()))}</td>"
        f"<td>{t['objective']:.3f}</td><td>{'met' if t['met'] else ''}</td></tr>" for t in result.trials)
    best = result.best
    verdict = ""
    if best is not None:
        verdict = (f"<p><b>{'Target met' if best.met else 'Target not met'}</b>: best settings "
                   f"<code>{escape('  '.join(f'{k}={v}' for k, v in best.settings.items()))}</code>, off by "
                   f"{best.objective:.3f} ({best.games} games per bot pair).</p>"
                   + "".join(f"<pre>{escape(c)}</pre>" for c in result.sim_commands()))
    title = f"genkit tune: {escape(result.content)}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:3px 6px;font-size:13px;vertical-align:middle}}
pre,code{{background:#f4f4f4;padding:2px 4px}}</style></head><body>
<h1>{title}</h1>
<p>Varied: {escape('; '.join(k.describe() for k in result.knobs))}. Target: {escape(', '.join(
        t.describe() for t in result.targets))} for every bot pair ({escape(', '.join(
        p or 'default bots' for p in result.bot_pairs))}). {len(result.trials)} trials of {result.games}
games on the same seeds (seed {result.seed}); the best {len(result.confirmed)} played again with
{max(result.games, result.confirm_games)} games. Optuna {escape(result.optuna_version)}, TPE sampler.</p>
{verdict}
<h2>The objective over the trials</h2>
<p>The worst deviation |win rate - target| over the bot pairs and targets (0 is a hit); green band:
the tolerance; green dots met it; the line is the best so far.</p>
{_objective_svg(result)}
<h2>The effect of each number</h2>
<p>Mean deviation of the trials that used each value (lower is better; the count under each bar is how
many trials used it).</p>
{effects}
<h2>The best candidates</h2>
<p>Win rates with Wilson 95% intervals; the green band is the target's tolerance.</p>
<table><tr><th>#</th><th>settings</th><th>bots</th><th>side</th><th>win rate [95%]</th><th></th>
<th>off by</th><th>target</th></tr>{''.join(rows)}</table>
<h2>Every trial</h2>
<table><tr><th>trial</th><th>settings</th><th>off by</th><th>met</th></tr>{trial_rows}</table>
</body></html>
"""


def write_tune_report(result, path) -> None:
    write_file(path, render_tune_report(result).encode("utf-8"))
