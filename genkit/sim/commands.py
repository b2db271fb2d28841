"""What ``genkit sim``, ``genkit compare`` and ``genkit sweep`` do, minus option parsing.

Each function runs the simulation, prints a short text summary to ``out``,
writes the JSON and HTML files asked for, and returns the exit status:
0 all games ended cleanly, 1 some game failed (an exception, no end, no legal
action or a broken invariant; each is listed with the seed and step that
reproduce it). Bad content or a bad ``--set`` path raises
:class:`genkit.model.load.ContentError` (the CLI prints its findings, exit 1);
bad arguments raise ``ValueError`` (the CLI's usage error, exit 2); an output
that cannot be written raises :class:`genkit.atomic.OutputError` naming it.
``scheduler`` (a Dask scheduler's address or ``local``) plays the games on Dask;
one it cannot reach raises :class:`genkit.sim.dask_backend.SchedulerError`.

Ctrl-C (:class:`genkit.sim.runner.Interrupted`): ``sim`` and ``compare`` print
the figures of the games played so far, marked as partial, ``sweep`` the table of
the values it finished; the JSON and HTML files are not written (partial figures
would pass for whole ones) and the interrupt goes on to the caller (the CLI exits 130).

``sequential``: ``games`` is the most to play; the games are played in looks (100,
200, 400, ... games) and stop at the first look that settles the question (sim: is
the game within 3 points of even or not; compare and sweep: did the win rates
change, or not by 3 points or more), each look tested at alpha / looks.
"""
from __future__ import annotations

import json
import sys

from ..atomic import write_file
from .compare import Comparison, compare, parse_sweep, sweep
from .report import summary_lines, write_report
from .runner import Interrupted, simulate
from .stats import Sequential


def _write_outputs(result, json_path, report_path) -> None:
    """The --json figures and the --report page of a run (Metrics, Comparison or Sweep)."""
    if json_path:
        write_file(json_path, (json.dumps(result.to_json(), indent=2) + "\n").encode("utf-8"))
    if report_path:
        write_report(result, report_path)   # through atomic.write_file: errors name the file


def _interrupted(out, head: str, figures: str, *paths) -> None:
    """Ctrl-C: say so, print the partial figures, name the files not written."""
    print(f"INTERRUPTED: {head}", file=out)
    if figures:
        print(figures, file=out)
    unwritten = [str(p) for p in paths if p]
    if unwritten:
        print(f"not written: {', '.join(unwritten)}", file=out)


def _partial(stop: Interrupted) -> str:
    return f"partial figures of the {stop.games} games finished" if stop.games else "no game had finished"


def _violations(m, out) -> None:
    for v in m.violations[:10]:
        print(f"  game {v['index']} seed {v['seed']} step {v['step']}: {v['kind']}: {v['message'][:200]}",
              file=out)
    if m.violation_count > 10:
        print(f"  ... {m.violation_count - 10} more (see --json)", file=out)


def sim_command(game, sets=(), games=None, precision=None, seed=0, bots=None, workers=None,
                json_path=None, report_path=None, check="turn", progress=None, out=None, scheduler=None,
                sequential=False) -> int:
    out = out or sys.stdout
    if progress is None:
        progress = sys.stderr.isatty()
    if games is None and precision is None:
        games = 1000
    if sequential and precision is not None:
        raise ValueError("--sequential and --precision exclude each other: both decide when to stop")
    from .report import balance_settled
    seq = Sequential(games, balance_settled) if sequential else None
    try:
        m = simulate(game, list(sets), games=games, precision=precision, seed=seed, bots=bots, workers=workers,
                     progress=progress, check_invariants=check, scheduler=scheduler, until=seq)
    except Interrupted as stop:
        figures = "\n".join(summary_lines(stop.metrics[0])) if stop.games else ""
        _interrupted(out, _partial(stop), figures, json_path, report_path)
        raise
    for line in summary_lines(m):
        print(line, file=out)
    if seq:
        settled = m.games < games or balance_settled(seq, [m])
        print(f"{'Settled' if settled else 'Not settled'} after {m.games} of at most {games} games "
              f"({seq.describe()}).", file=out)
    print(f"{m.games} games in {m.elapsed:.1f} s ({m.games_per_second():.1f} games/s, {m.workers} worker{'' if m.workers == 1 else 's'})",
          file=out)
    _write_outputs(m, json_path, report_path)
    if m.failed:
        print(f"FAILED: {m.violation_count} problems in {m.games - m.completed or m.violation_count} games",
              file=out)
        _violations(m, out)
        return 1
    return 0


def compare_command(game, sets=(), against=None, games=1000, seed=0, bots=None, workers=None,
                    json_path=None, report_path=None, check="turn", progress=None, out=None,
                    scheduler=None, sequential=False) -> int:
    """``--set`` changes the game (B = GAME with the sets); ``--against OTHER`` compares GAME
    with OTHER (the sets then apply to both)."""
    out = out or sys.stdout
    if progress is None:
        progress = sys.stderr.isatty()
    sets = list(sets)
    if against is None and not sets:
        raise ValueError("compare needs --set KEY=VALUE or --against OTHER_CONTENT")
    try:
        if against is None:
            c = compare(game, [], game, sets, games, seed, bots, workers, progress, check, scheduler=scheduler,
                        sequential=sequential)
        else:
            c = compare(game, sets, against, sets, games, seed, bots, workers, progress, check,
                        label_a=str(game), label_b=str(against), scheduler=scheduler, sequential=sequential)
    except Interrupted as stop:
        figures = Comparison(*stop.metrics, stop.paired).text() if stop.games else ""
        _interrupted(out, _partial(stop), figures, json_path, report_path)
        raise
    print(c.text(), file=out)
    _write_outputs(c, json_path, report_path)
    if c.failed:
        print("FAILED: some games failed", file=out)
        _violations(c.a, out)
        _violations(c.b, out)
        return 1
    return 0


def sweep_command(game, sweep_set: str, sets=(), games=500, seed=0, bots=None, workers=None,
                  json_path=None, report_path=None, check="turn", progress=None, out=None,
                  scheduler=None, sequential=False) -> int:
    """``sweep_set`` is "KEY=V1,V2,..."; ``sets`` are further fixed overrides applied to every run."""
    out = out or sys.stdout
    if progress is None:
        progress = sys.stderr.isatty()
    key, values = parse_sweep(sweep_set)
    try:
        sw = sweep(game, key, values, games, seed, bots, workers, progress, fixed_overrides=list(sets),
                   check_invariants=check, scheduler=scheduler, sequential=sequential)
    except Interrupted as stop:
        done = getattr(stop, "sweep", None)
        if done is None or not done.comparisons:
            _interrupted(out, "no value had finished", "", json_path, report_path)
        else:
            _interrupted(out, f"the {len(done.values)} of {len(values)} values finished: {', '.join(done.values)}",
                         done.text(), json_path, report_path)
        raise
    print(sw.text(), file=out)
    _write_outputs(sw, json_path, report_path)
    if sw.failed:
        print("FAILED: some games failed", file=out)
        return 1
    return 0
