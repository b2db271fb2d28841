"""The simulator's commands of :mod:`genkit.cli`: ``sim``, ``compare``, ``sweep`` and ``tune``, with
the options they share (bots, seed, workers, Dask scheduler, outputs, invariant checks)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .cli_options import EXIT_ENVIRONMENT, GAME, OUT_FILE, SETS, findings_status, print_findings, read_path
from .model.finding import ContentError


def _sim_bots(ctx, param, value):
    """The form alone: the names and their number are checked against the game once it is loaded."""
    if value is None:
        return None
    from .sim.bots import parse_bots
    try:
        parse_bots(value, None)
    except ValueError as exc:
        raise click.BadParameter(str(exc))
    return value


BOTS = click.option("--bots", default=None, metavar="FIRST,SECOND",
                    callback=_sim_bots,
                    help="Bot per side in content order (one name: every side): random, rollout, or one of the "
                         "game's own bots; an unknown name lists the bots the game "
                         "offers.  [default: the game's first own bot, else random]")
SEED = click.option("--seed", type=int, default=0, show_default=True, help="Seed: same seed, same figures.")
WORKERS = click.option("--workers", type=click.IntRange(min=1),
                       help="Processes to use (with --scheduler local: the local cluster's).  [default: all cores]")
SCHEDULER = click.option("--scheduler", metavar="tcp://HOST:8786|local", default=None,
                         help="Play the games on Dask: a running cluster's scheduler address, or local to start "
                              "a cluster on this machine's cores. Same seed, same figures as the process pool. "
                              "Needs genkit[dask].  [default: this machine's process pool, faster for one "
                              "machine]")
JSON = click.option("--json", "json_path", **OUT_FILE,
                    help="Write the figures as JSON to this file.")
REPORT = click.option("--report", "report_path", **OUT_FILE,
                      help="Write a self-contained HTML report with plots to this file.")
CHECK = click.option("--check", type=click.Choice(["step", "turn", "end", "off"]), default="turn",
                     show_default=True, help="How often to check the invariants in every game.")
SEQUENTIAL = click.option("--sequential", is_flag=True,
                          help="Play in looks (100, 200, 400, ... up to --games) and stop at the first that "
                               "settles the question, each look tested at 5% / looks (the chance of any false "
                               "alarm stays under 5%); prints the games it took.")
PROGRESS = click.option("--progress/--no-progress", default=None,
                        help="Progress bar with time left on stderr.  [default: when stderr is a terminal]")



def run_options(command):
    """--bots, --seed, --workers, --scheduler, --json, --report, --check and --progress, in that
    order: the options every command that plays games the same way shares (sim, compare, sweep)."""
    for option in reversed((BOTS, SEED, WORKERS, SCHEDULER, JSON, REPORT, CHECK, PROGRESS)):
        command = option(command)
    return command
def _run_sim(fn, *args, scheduler=None, workers=None, **options):
    """Run a simulator command: bad content exits 1, bad arguments (ValueError, see
    :mod:`genkit.sim.commands`) are usage errors, a Dask scheduler out of reach exits 2 with one
    line."""
    from .sim.dask_backend import SchedulerError
    if scheduler not in (None, "local") and workers is not None:
        raise click.UsageError("--workers sets the process pool or --scheduler local; a cluster has its own workers")
    try:
        code = fn(*args, scheduler=scheduler, **options)
    except ContentError as exc:
        print_findings(exc.findings, "text")
        sys.exit(findings_status(exc.findings))
    except ValueError as exc:
        raise click.UsageError(str(exc))
    except SchedulerError as exc:
        click.echo(f"genkit: {exc}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    sys.exit(code)


@click.command()
@GAME
@SETS
@click.option("--games", type=click.IntRange(min=1), help="Games to play.  [default: 1000]")
@click.option("--precision", type=click.FloatRange(0, 0.5, min_open=True, max_open=True), metavar="P",
              help="Instead of --games: play until each side's win rate is known to +/-P (95% interval).")
@SEQUENTIAL
@run_options
def sim(game, sets, games, precision, sequential, bots, seed, workers, scheduler, json_path, report_path, check,
        progress):
    """Simulate many games between bots and report balance and consistency.

    Exits 1 if any game broke an invariant, raised, or did not end (each is listed with the seed and
    step that reproduce it)."""
    if games and precision:
        raise click.UsageError("--games and --precision exclude each other")
    from .sim.commands import sim_command
    _run_sim(sim_command, game, sets, games, precision, seed, bots, workers, json_path, report_path, check,
             progress, scheduler=scheduler, workers=workers, sequential=sequential)


@click.command()
@GAME
@SETS
@click.option("--against", type=click.Path(exists=True, path_type=Path), metavar="OTHER_CONTENT", callback=read_path,
              help="Compare with another content folder instead of --set changes.")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True, help="Games per variant.")
@SEQUENTIAL
@run_options
def compare(game, sets, against, games, sequential, bots, seed, workers, scheduler, json_path, report_path, check,
            progress):
    """Simulate the current and the changed game with the same seeds and report every metric side by
    side, with the difference, its 95% interval and whether it is significant after Holm's adjustment
    over the whole table (so a change that does nothing is called different at most 5% of the time),
    the end reasons of both, and a verdict per win rate."""
    if not sets and against is None:
        raise click.UsageError("compare needs --set KEY=VALUE or --against OTHER_CONTENT")
    from .sim.commands import compare_command
    _run_sim(compare_command, game, sets, against, games, seed, bots, workers, json_path, report_path, check,
             progress, scheduler=scheduler, workers=workers, sequential=sequential)


@click.command()
@GAME
@SETS
@click.option("--games", type=click.IntRange(min=1), default=500, show_default=True, help="Games per value.")
@SEQUENTIAL
@run_options
def sweep(game, sets, games, sequential, bots, seed, workers, scheduler, json_path, report_path, check, progress):
    """Compare several values of one setting: the first --set is KEY=V1,V2,...; further --set are fixed.

    Prints (and plots with --report) each side's win rate against the value."""
    from .sim.compare import parse_sweep
    try:
        parse_sweep(sets[0] if sets else "")
    except ValueError as exc:
        raise click.UsageError(f"sweep needs --set KEY=V1,V2,... first ({exc})")
    from .sim.commands import sweep_command
    _run_sim(sweep_command, game, sets[0], sets[1:], games, seed, bots, workers, json_path, report_path, check,
             progress, scheduler=scheduler, workers=workers, sequential=sequential)


def _tune_vary(ctx, param, values):
    from .sim.tune_goals import parse_vary
    try:
        return [parse_vary(v) for v in values]
    except ValueError as exc:
        raise click.BadParameter(str(exc))


def _tune_target(ctx, param, values):
    from .sim.tune_goals import parse_target
    try:
        return [parse_target(v) for v in values]
    except ValueError as exc:
        raise click.BadParameter(str(exc))


def _tune_bots(ctx, param, values):
    for v in values:
        _sim_bots(ctx, param, v)
    return list(values)


@click.command()
@GAME
@click.option("--vary", "knobs", multiple=True, required=True, metavar="KEY=RANGE", callback=_tune_vary,
              help="A number to search: a dotted --set path with an integer range lo..hi or a list a,b,c of "
                   "YAML values, e.g. turn_track.turns=10..14 or unit_types.inf.movement=3,4,5. Repeatable.")
@click.option("--target", "targets", multiple=True, required=True, metavar="GOAL",
              callback=_tune_target,
              help="A goal for every --bots pair: SIDE=P[+-TOL] a win rate (e.g. carrow=0.5, tolerance 0.03), "
                   "length=MEAN[+-TOL] the mean game length in turns (tolerance 1), first_edge<=BOUND the "
                   "first player's edge (e.g. 0.05), cards=all every card played. Goals combine by their worst "
                   "deviation over tolerance. Repeatable.")
@click.option("--bots", "bot_pairs", multiple=True, metavar="FIRST,SECOND", callback=_tune_bots,
              help="A bot pair to meet the target with; repeat for several pairs (the worst one counts). "
                   "[default: the game's first own bot, else random]")
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per trial and bot pair (every trial plays the same game seeds).")
@click.option("--trials", type=click.IntRange(min=1), default=20, show_default=True,
              help="Settings to try.")
@click.option("--confirm", type=click.IntRange(min=1), default=3, show_default=True,
              help="The best candidates to play again with --confirm-games before choosing.")
@click.option("--confirm-games", type=click.IntRange(min=1), default=None,
              help="Games per bot pair for the confirmed candidates.  [default: 4 x --games]")
@SETS
@SEED
@WORKERS
@SCHEDULER
@JSON
@REPORT
@CHECK
@PROGRESS
@click.option("--apply", "apply_", is_flag=True,
              help="Once the target is met, show the diff and write the best settings into the game's YAML "
                   "files (only the changed values; comments and layout kept).")
def tune(game, knobs, targets, bot_pairs, games, trials, confirm, confirm_games, sets, seed, workers, scheduler,
         json_path, report_path, check, progress, apply_):
    """Search the numbers named by --vary for the goals named by --target.

    Optuna's TPE sampler, seeded by --seed, proposes settings one trial at a time; each is played
    --games games per bot pair on the same game seeds, the best --confirm candidates are played
    again with more games, and the best of those is printed with its figures and 95% intervals,
    the genkit sim line that checks it and a YAML patch to apply. Same seed, same result, for any
    number of workers.

    \b
    Example:
      genkit tune content/brannock_ford --vary turn_track.turns=10..14 \\
        --vary turn_track.per_turn.replacements.each_turn.vell=0..2 \\
        --target carrow=0.5 --bots greedy,greedy --games 200 --trials 12 --seed 1
    """
    from .sim.tune import tune_command
    _run_sim(tune_command, game, knobs, targets, bot_pairs, games, trials, seed, workers, list(sets), confirm,
             confirm_games, check, json_path, report_path, None, scheduler=scheduler, workers=workers,
             apply=apply_, progress=progress)
