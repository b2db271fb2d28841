"""The ``genkit tune --report`` page: one self-contained HTML file, inline SVG, no network.

Three parts: the objective (worst normalised deviation from the goals) over the trials with the
running best; the effect of each varied number (the mean objective of the trials that used each
value); the best candidates, confirmed with more games, with each goal's figure and 95% interval.
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
    ymax = max(1.5, max(t["objective"] for t in trials)) * 1.1
    tol = 1.0                                                   # a score of 1: the edge of a goal's tolerance
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
    ymax = max(1.5, max(r["mean_objective"] for r in rows)) * 1.1
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


def _goal_svg(dev: dict, goal) -> str:
    """The measured figure, its interval and the goal's band (green) on one axis."""
    from .tune_goals import CardsGoal, EdgeGoal, LengthGoal
    if isinstance(goal, CardsGoal) or dev.get("figure") is None:
        return ""
    if isinstance(goal, LengthGoal):
        lo_band, hi_band = goal.mean - goal.tol, goal.mean + goal.tol
        ci = dev.get("ci95") or [dev["figure"], dev["figure"]]
        a = min(lo_band, ci[0], dev["figure"]) - 1
        b = max(hi_band, ci[1], dev["figure"]) + 1
    elif isinstance(goal, EdgeGoal):
        lo_band, hi_band, ci = 0.0, goal.bound, dev["ci95"]
        a, b = 0.0, max(0.5, ci[1])
    else:
        lo_band, hi_band, ci = goal.p - goal.tol, goal.p + goal.tol, dev["ci95"]
        a, b = 0.0, 1.0
    w, h = 220, 22
    x = lambda v: _scale(v, a, b, 6, w - 6)                     # noqa: E731
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">'
            f'<rect x="{x(lo_band):.1f}" y="2" width="{x(hi_band) - x(lo_band):.1f}" '
            f'height="{h - 4}" fill="#d9f2d9"/>'
            f'<line x1="6" y1="{h / 2}" x2="{w - 6}" y2="{h / 2}" stroke="#bbb"/>'
            f'<line x1="{x(ci[0]):.1f}" y1="{h / 2}" x2="{x(ci[1]):.1f}" y2="{h / 2}" stroke="#1f4e9c" '
            f'stroke-width="3"/><circle cx="{x(dev["figure"]):.1f}" cy="{h / 2}" r="4" fill="#1f4e9c"/></svg>')


def render_tune_report(result) -> str:
    from .tune_goals import figure_text
    goals = {t.describe(): t for t in result.targets}
    rows = []
    for rank, ev in enumerate(result.confirmed, 1):
        settings = "<br>".join(f"{escape(k)}={escape(v)}" for k, v in ev.settings.items())
        for pair in ev.pairs:
            for dev in pair["deviations"]:
                if dev["goal"] == "win_rate":
                    wr = pair["win_rate"][dev["side"]]
                    lo, hi = wr["ci95"]
                    figure = f"{wr['p']:.3f} [{lo:.3f}, {hi:.3f}] ({wr['games']} games)"
                else:
                    figure = f"{escape(figure_text(dev))} ({ev.games} games)"
                rows.append(f"<tr><td>{rank}</td><td>{settings}</td><td>{escape(pair['bots'])}</td>"
                            f"<td>{escape(dev['target'])}</td><td>{figure}</td>"
                            f"<td>{_goal_svg(dev, goals[dev['target']])}</td>"
                            f"<td>{dev['score']:.3f}</td><td>{'met' if dev['met'] else 'no'}</td></tr>")
    effects = "".join(f"<h3>{escape(key)}</h3>{_effect_svg(key, r)}" for key, r in result.effects().items())
    trial_rows = "".join(
        f"<tr><td>{t['number']}</td><td>{escape('  '.join(f'{k}={v}' for k, v in t['settings'].items()))}</td>"
        f"<td>{t['objective']:.3f}</td><td>{'met' if t['met'] else ''}</td></tr>" for t in result.trials)
    best = result.best
    verdict = ""
    if best is not None:
        verdict = (f"<p><b>{'Target met' if best.met else 'Target not met'}</b>"
                   f"{' (every goal, every bot pair)' if best.met else ''}: best settings "
                   f"<code>{escape('  '.join(f'{k}={v}' for k, v in best.settings.items()))}</code>, off by "
                   f"{best.objective:.3f} of a goal's tolerance ({best.games} games per bot pair).</p>"
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
<p>The worst normalised deviation over the bot pairs and goals: each goal's deviation over its
tolerance (0 is a hit, 1 the edge of the tolerance; a card goal counts two per card never played);
green band: met; green dots met every goal; the line is the best so far.</p>
{_objective_svg(result)}
<h2>The effect of each number</h2>
<p>Mean deviation of the trials that used each value (lower is better; the count under each bar is how
many trials used it).</p>
{effects}
<h2>The best candidates</h2>
<p>Each goal's measured figure with its 95% interval (win rates: Wilson; game length: Student t of
the mean; first-player edge: the Wilson interval of the first side's win rate, made absolute); the
green band is the goal's tolerance.</p>
<table><tr><th>#</th><th>settings</th><th>bots</th><th>goal</th><th>measured [95%]</th><th></th>
<th>off by (tol)</th><th>met</th></tr>{''.join(rows)}</table>
<h2>Every trial</h2>
<table><tr><th>trial</th><th>settings</th><th>off by</th><th>met</th></tr>{trial_rows}</table>
</body></html>
"""


def write_tune_report(result, path) -> None:
    write_file(path, render_tune_report(result).encode("utf-8"))
