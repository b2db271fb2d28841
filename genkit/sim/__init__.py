"""The simulator: bots, many games on all cores, balance figures, comparisons and reports.

    simulate(content_path, overrides, games=N | precision=P, seed, bots, workers) -> Metrics
    compare(content_a, overrides_a, content_b, overrides_b, games, seed, bots, workers) -> Comparison
    sweep(content, key, values, games, seed, bots, workers) -> Sweep
    write_report(metrics | comparison | sweep, path)
    sim_command / compare_command / sweep_command: what the CLI commands do

Modules: stats (intervals), metrics (streaming aggregation), observe (what is read
from the engine's events), play (one game's record), runner (the process pool), bots
(the one registry of bots by name), compare,
report (HTML + inline SVG), commands (CLI glue).

The names above are imported when first asked for: ``genkit play`` reads the bots' registry
(:mod:`.bots`) and needs neither the pool nor the reports (nor Jinja2).
"""
from __future__ import annotations

import importlib

_WHERE = {"simulate": "runner", "compare": "compare", "sweep": "compare", "write_report": "report",
          "Metrics": "metrics", "Comparison": "compare", "Sweep": "compare"}

__all__ = ["simulate", "compare", "sweep", "write_report", "Metrics", "Comparison", "Sweep"]


def __getattr__(name: str):
    if name in _WHERE:
        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
