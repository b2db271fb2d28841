"""The ``genkit tune --report`` page: the simulator's one report template (``report.html.j2``,
kind "tune") with the plots of :mod:`.report_plots`; one self-contained HTML file, no network.

Three parts: the objective (worst normalised deviation from the goals) over the trials with the
running best; the effect of each varied number (the mean objective of the trials that used each
value); the best candidates, confirmed with more games, with each goal's figure and 95% interval.
"""
from __future__ import annotations

from ..atomic import write_file
from .report import TEMPLATE, _env
from .report_plots import plot_effect, plot_goal, plot_objective
from .tune import _mark, summary_lines
from .tune_goals import CardsGoal, EdgeGoal, LengthGoal, figure_text


def _goal_plot(dev: dict, goal) -> str:
    """The figure, its interval and the goal's band, on an axis that holds all three."""
    if isinstance(goal, CardsGoal) or dev.get("figure") is None:
        return ""
    if isinstance(goal, LengthGoal):
        ci = dev.get("ci95") or [dev["figure"], dev["figure"]]
        band = (goal.mean - goal.tol, goal.mean + goal.tol)
        return plot_goal(dev, band, (min(band[0], ci[0], dev["figure"]) - 1, max(band[1], ci[1], dev["figure"]) + 1))
    if isinstance(goal, EdgeGoal):
        return plot_goal(dev, (0.0, goal.bound), (0.0, max(0.5, dev["ci95"][1])))
    return plot_goal(dev, (goal.p - goal.tol, goal.p + goal.tol), (0.0, 1.0))


def _candidates(result) -> list:
    goals = {t.describe(): t for t in result.targets}
    rows = []
    for rank, ev in enumerate(result.confirmed, 1):
        for pair in ev.pairs:
            for dev in pair["deviations"]:
                if dev["goal"] == "win_rate":
                    wr = pair["win_rate"][dev["side"]]
                    figure = f"{wr['p']:.3f} [{wr['ci95'][0]:.3f}, {wr['ci95'][1]:.3f}] ({wr['games']} games)"
                else:
                    figure = f"{figure_text(dev)} ({ev.games} games)"
                rows.append({"rank": rank, "settings": [f"{k}={v}" for k, v in ev.settings.items()],
                             "bots": pair["bots"], "target": dev["target"], "figure": figure,
                             "plot": _goal_plot(dev, goals[dev["target"]]), "score": dev["score"],
                             "met": dev["met"]})
    return rows


def render_tune_report(result) -> str:
    best = result.best
    lines = summary_lines(result)
    summary = lines[:lines.index("YAML patch:")] if "YAML patch:" in lines else lines
    tune = {"content": result.content, "summary": [line.strip() for line in summary],
            "knobs": "; ".join(k.describe() for k in result.knobs),
            "targets": ", ".join(t.describe() for t in result.targets),
            "bots": ", ".join(p or "default bots" for p in result.bot_pairs),
            "trials": [dict(t, mark=_mark(t), settings_text="  ".join(f"{k}={v}" for k, v in t["settings"].items()))
                       for t in result.trials],
            "objective": plot_objective(result.trials) if result.trials else "",
            "effects": [(key, plot_effect(key, rows)) for key, rows in result.effects().items() if rows],
            "candidates": _candidates(result), "games": result.games, "seed": result.seed,
            "confirmed": len(result.confirmed), "confirm_games": best.games if best else result.confirm_games,
            "optuna": result.optuna_version}
    return _env().get_template(TEMPLATE).render(kind="tune", title=f"genkit tune: {result.content}", tune=tune)


def write_tune_report(result, path) -> None:
    write_file(path, render_tune_report(result).encode("utf-8"))
