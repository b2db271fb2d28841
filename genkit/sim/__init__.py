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
"""
from .compare import Comparison, Sweep, compare, sweep
from .metrics import Metrics
from .report import write_report
from .runner import simulate

__all__ = ["simulate", "compare", "sweep", "write_report", "Metrics", "Comparison", "Sweep"]
