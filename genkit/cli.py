"""The genkit command line: parses arguments, calls one function, prints, sets the exit status.

Exit status (:func:`main` maps every way a command can end to one of them):

===  =====================================================================================
0    success
1    the content or the data has errors (bad content, a game that broke, a replay that
     differs or a damaged log)
2    usage or environment: a bad option or path, an output that cannot be written (disk
     full, no permission, read-only), another build writing the same folder, a Dask
     scheduler out of reach
3    internal error: a bug in genkit; the message asks to report it and says that
     GENKIT_DEBUG=1 shows the traceback
130  interrupted (Ctrl-C); sim, compare and sweep first print what they have
===  =====================================================================================
"""
from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path

import click

from .atomic import ENVIRONMENT_ERRNOS, OutputBusy, OutputError
from .model.check import check_path
from .model.load import ContentError


def _ensure_parent(path: Path) -> None:
    """Create the folder that will hold ``path``, or fail as a usage error naming it."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.BadParameter(f"cannot create the folder {path.parent}: {exc.strerror}")
    if not os.access(path.parent, os.W_OK):
        raise click.BadParameter(f"cannot write into {path.parent}")


def _writable_file(ctx, param, value: Path | None) -> Path | None:
    """An output file: checked before any work is done, so no result is lost at the end."""
    if value is not None:
        if value.is_dir():
            raise click.BadParameter(f"{value} is a folder; give a file name")
        _ensure_parent(value)
    return value


def _writable_dir(ctx, param, value: Path | None) -> Path | None:
    """An output folder: built beside itself, then moved in, so its parent must be writable."""
    if value is not None:
        if value.exists() and not value.is_dir():
            raise click.BadParameter(f"{value} is a file, not a folder")
        _ensure_parent(value)
    return value


OUT_FILE = {"type": click.Path(dir_okay=False, path_type=Path), "callback": _writable_file}

GAME = click.argument("game", type=click.Path(exists=True, path_type=Path), metavar="CONTENT")
SETS = click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
                    help="Override one value of the model by its dotted path, e.g. unit_types.inf.movement=4. "
                         "Repeatable.")


def _set_limits(ctx, param, values: tuple[str, ...]) -> None:
    """Put the content limits in force for this run: the defaults, changed by each --limit."""
    from .model.load import parse_limits, set_limits
    try:
        set_limits(parse_limits(values))
    except ValueError as exc:
        raise click.BadParameter(str(exc))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="genkit")
@click.option("--limit", multiple=True, metavar="NAME=VALUE", callback=_set_limits, expose_value=False,
              help="Raise a limit on what content genkit reads, for a trusted game that needs more, e.g. "
                   "--limit file_size=50MB --limit depth=200. NAME: file_size, pack_size, files, depth, nodes, "
                   "aliases, int_digits. Repeatable.")
def cli():
    """genkit: print-and-play kits, executable rules and simulations for board wargames,
    all from one YAML model of the game (a folder such as content/bering_land)."""


def _print_findings(findings, fmt: str) -> None:
    if fmt == "json":
        click.echo(json.dumps([f.as_dict() for f in findings], indent=2))
        return
    for f in findings:
        click.echo(str(f))
    errors = sum(f.severity == "error" for f in findings)
    warnings = len(findings) - errors
    click.echo(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")


def load_or_exit(path: Path, sets=()):
    """The validated and checked model, or print the findings and exit 1."""
    from .model.check import load_checked
    try:
        return load_checked(path, sets)
    except ContentError as exc:
        _print_findings(exc.findings, "text")
        sys.exit(1)


@cli.command()
@GAME
@SETS
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one line per finding, FILE:LINE: severity: message; json: a list of findings.")
def check(game: Path, sets, fmt: str):
    """Validate a game's content and run the consistency checks.

    Exits 0 when there is no error (warnings allowed), 1 when there are errors."""
    findings = check_path(game, sets)
    _print_findings(findings, fmt)
    sys.exit(1 if any(f.severity == "error" for f in findings) else 0)


@cli.command()
@click.option("--out", **OUT_FILE, help="Write to this file instead of stdout.")
def schema(out: Path | None):
    """Print the JSON Schema of a content file (for editors with the YAML language server)."""
    from .model.schema import json_schema
    text = json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"
    if out:
        from .atomic import write_file
        write_file(out, text.encode())
    else:
        click.echo(text, nl=False)


def _bleed(value: str) -> float:
    """'0.125in', '3mm' or a bare number of inches -> inches."""
    text = value.strip().lower()
    scale = 1 / 25.4 if text.endswith("mm") else 1.0
    try:
        inches = float(text.removesuffix("mm").removesuffix("in")) * scale
    except ValueError:
        raise click.BadParameter(f"'{value}' is not a length; write e.g. 0.125in or 3mm", param_hint="--bleed")
    if not 0 <= inches <= 0.5:
        raise click.BadParameter("bleed must be between 0 and 0.5 in", param_hint="--bleed")
    return inches


@cli.command()
@GAME
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), callback=_writable_dir,
              help="Output folder.  [default: build/<game id>]")
@click.option("--paper", type=click.Choice(["letter", "a4"]), default="letter", show_default=True,
              help="Paper for counters, cards, player aid and the tiled map.")
@click.option("--only", metavar="KINDS",
              help="Comma list of components: map,map-tiled,counters,cards,player-aid,rules.  [default: all]")
@click.option("--counters", "counter_layout", type=click.Choice(["duplex", "fold"]), default="duplex",
              show_default=True, help="duplex: fronts and backs on facing pages; fold: side by side, fold and glue.")
@click.option("--bleed", default="0", metavar="LENGTH", help="Art past the cut line for print shops, e.g. 0.125in or "
              "3mm; sets TrimBox and BleedBox.  [default: 0]")
@click.option("--png/--no-png", default=False, show_default=True, help="Also write PNG previews of every page.")
@SETS
def build(game: Path, out: Path | None, paper: str, only: str | None, counter_layout: str, bleed: str, png: bool,
          sets):
    """Build the print-and-play kit: map, tiled map, counters, cards, player aid (PDF + SVG),
    and the rules booklet (rules.pdf) when the game folder has a rules.md.

    Output goes to a temporary folder first and is swapped in at the end: a failed or killed
    build leaves the previous one in place. A second build into the same folder while one is
    running is refused (exit 2); it does not wait."""
    from .render.kit import KINDS, build_kit
    bleed_in = _bleed(bleed)
    kinds = [k.strip() for k in only.split(",") if k.strip()] if only is not None else None
    if kinds is not None and not kinds:
        raise click.BadParameter("name at least one component", param_hint="--only")
    for kind in kinds or ():
        if kind not in KINDS:
            raise click.BadParameter(f"unknown component '{kind}'; choose from {', '.join(KINDS)}",
                                     param_hint="--only")
    try:
        manifest = build_kit(game, out, paper=paper, only=kinds, counters=counter_layout, bleed_in=bleed_in,
                             png=png, overrides=sets)
    except ContentError as exc:
        _print_findings(exc.findings, "text")
        click.echo("build stopped: the previous output is untouched", err=True)
        sys.exit(1)
    except ValueError as exc:  # the content is valid but does not fit the printed layout
        click.echo(f"{game}: error: {exc}\nbuild stopped: the previous output is untouched", err=True)
        sys.exit(1)
    except OutputBusy as exc:
        click.echo(f"genkit: {exc}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    folder = out or Path("build") / manifest["game"]
    for comp in manifest["components"]:
        extra = "".join(f", {comp[k]} {k}" for k in ("pieces", "cards") if k in comp)
        click.echo(f"{folder / comp['file']}: {comp['pages']} page{'s' * (comp['pages'] != 1)}{extra}")


@cli.command("export")
@GAME
@click.option("--vassal", is_flag=True, help="Write the VASSAL module <game>.vmod.")
@click.option("--tts", is_flag=True, help="Write the Tabletop Simulator saved object tts/<game>.json and its images.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), callback=_writable_dir,
              help="Output folder.  [default: build/<game id>-online]")
@click.option("--dpi", type=click.IntRange(36, 400), default=96, show_default=True,
              help="Resolution of the images (nudged so a hex is a whole, even number of pixels).")
@click.option("--image-base-url", metavar="URL", help="Where the TTS images will be hosted, e.g. "
              "https://example.org/mygame/images; without it they are file:/// paths only this computer loads.")
@SETS
def export(game: Path, vassal: bool, tts: bool, out: Path | None, dpi: int, image_base_url: str | None, sets):
    """Export the game for online play: a VASSAL module (--vassal) and a Tabletop Simulator
    saved object (--tts); both when neither is given. Images are the print kit's own drawings.

    Output goes to a temporary folder first and is swapped in at the end: a failed export
    leaves the previous one in place. The same content gives byte-identical files."""
    from .export import export_game
    both = not (vassal or tts)
    try:
        result = export_game(game, out, vassal or both, tts or both, dpi, image_base_url, sets,
                             progress=lambda line: click.echo(line, err=True))
    except ContentError as exc:
        _print_findings(exc.findings, "text")
        click.echo("export stopped: the previous output is untouched", err=True)
        sys.exit(1)
    except (ValueError, OutputBusy) as exc:
        click.echo(f"genkit: {exc}\nexport stopped: the previous output is untouched", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    for rel, size in result["files"].items():
        if not rel.startswith("tts/images/"):
            click.echo(f"{Path(result['folder']) / rel}: {size / 1e6:.2f} MB")
    click.echo(f"wrote {result['folder']} in {result['seconds']:.1f} s")
    for w in result["warnings"]:
        click.echo(w, err=True)


@cli.command()
@GAME
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the dice and the bots.")
@click.option("--bots", "bot_spec", default=None, metavar="BOT[,BOT]",
              help="Bot for each side, in the order the content lists the sides (one name: every side): "
                   "random, rollout, or one of the game's own bots; an unknown "
                   "name lists the bots the game offers.  [default: the game's first own bot, else random]")
@click.option("--log", "log_path", **OUT_FILE,
              help="Write the game as JSON lines (every decision and die roll) for genkit replay.")
@click.option("--check/--no-check", default=True, show_default=True,
              help="Check the invariants after every step.")
@SETS
def play(game: Path, seed: int, bot_spec: str, log_path: Path | None, check: bool, sets):
    """Play one game between bots and print the winner, the turn and the reason."""
    from .engine import InvariantError, play_game, rules_for
    from .sim.bots import default_bot, make_players, parse_bots
    content, source = load_or_exit(game, sets)
    rules = rules_for(content)
    try:
        names = parse_bots(bot_spec or default_bot(rules), None, rules)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots")
    bots = make_players(names, rules, seed)
    try:
        result = play_game(content, seed, bots=bots, log_path=log_path, check_invariants=check, source=source,
                           overrides=sets)
    except InvariantError as exc:
        click.echo(f"invariant broken with seed {seed}: {exc}", err=True)
        sys.exit(1)
    winner = content.side(result.winner).name if result.winner else "nobody (draw)"
    click.echo(f"winner: {winner}  turn: {result.turn}  reason: {result.reason}  decisions: {result.steps}")
    if log_path:
        click.echo(f"log: {log_path}")


@cli.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="LOG.jsonl")
@click.option("--content", "content_path", type=click.Path(exists=True, path_type=Path),
              help="The game's content folder, if it is no longer where the log says it was played from.")
@click.option("--at", "at_step", type=click.IntRange(min=0), help="Stop before this decision (0-based).")
@click.option("--text", "show_text", is_flag=True, help="Print the board as text.")
@click.option("--svg", "svg_path", **OUT_FILE,
              help="Draw the board, with the kit's own map and counters, to this SVG file.")
def replay(log: Path, content_path: Path | None, at_step: int | None, show_text: bool, svg_path: Path | None):
    """Replay a game log and confirm it reaches the same end state (exit 1 if not)."""
    from .engine import replay_log
    result = replay_log(log, at_step=at_step, content_path=content_path)
    for error in result.errors:
        click.echo(f"{log}: {error}", err=True)
    if result.state is not None and show_text:
        click.echo(result.state.game.render_text(result.state))
    if result.state is not None and svg_path:
        from .atomic import write_file
        state = result.state
        write_file(svg_path, state.game.render_svg(state).encode("utf-8"))
        click.echo(f"board: {svg_path}")
    where = f"step {result.steps}" if at_step is not None else "the end"
    click.echo(f"replay {'matches' if result.ok else 'DIFFERS'} at {where} ({result.steps} decisions)")
    sys.exit(0 if result.ok else 1)


# --------------------------------------------------------------------------- simulation

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
PROGRESS = click.option("--progress/--no-progress", default=None,
                        help="Progress bar with time left on stderr.  [default: when stderr is a terminal]")


def _run_sim(fn, *args, scheduler=None, workers=None):
    """Run a simulator command: bad content exits 1, bad arguments (ValueError, see
    :mod:`genkit.sim.commands`) are usage errors, a Dask scheduler out of reach exits 2 with one
    line."""
    from .sim.dask_backend import SchedulerError
    if scheduler not in (None, "local") and workers is not None:
        raise click.UsageError("--workers sets the process pool or --scheduler local; a cluster has its own workers")
    try:
        code = fn(*args, scheduler=scheduler)
    except ContentError as exc:
        _print_findings(exc.findings, "text")
        sys.exit(1)
    except ValueError as exc:
        raise click.UsageError(str(exc))
    except SchedulerError as exc:
        click.echo(f"genkit: {exc}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    sys.exit(code)


@cli.command()
@GAME
@SETS
@click.option("--games", type=click.IntRange(min=1), help="Games to play.  [default: 1000]")
@click.option("--precision", type=click.FloatRange(0, 0.5, min_open=True, max_open=True), metavar="P",
              help="Instead of --games: play until each side's win rate is known to +/-P (95% interval).")
@BOTS
@SEED
@WORKERS
@SCHEDULER
@JSON
@REPORT
@CHECK
@PROGRESS
def sim(game, sets, games, precision, bots, seed, workers, scheduler, json_path, report_path, check, progress):
    """Simulate many games between bots and report balance and consistency.

    Exits 1 if any game broke an invariant, raised, or did not end (each is listed with the seed and
    step that reproduce it)."""
    if games and precision:
        raise click.UsageError("--games and --precision exclude each other")
    from .sim.commands import sim_command
    _run_sim(sim_command, game, sets, games, precision, seed, bots, workers, json_path, report_path, check,
             progress, scheduler=scheduler, workers=workers)


@cli.command()
@GAME
@SETS
@click.option("--against", type=click.Path(exists=True, path_type=Path), metavar="OTHER_CONTENT",
              help="Compare with another content folder instead of --set changes.")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True, help="Games per variant.")
@BOTS
@SEED
@WORKERS
@SCHEDULER
@JSON
@REPORT
@CHECK
@PROGRESS
def compare(game, sets, against, games, bots, seed, workers, scheduler, json_path, report_path, check, progress):
    """Simulate the current and the changed game with the same seeds and report every metric side by
    side, with the difference, its 95% interval and whether it is significant."""
    if not sets and against is None:
        raise click.UsageError("compare needs --set KEY=VALUE or --against OTHER_CONTENT")
    from .sim.commands import compare_command
    _run_sim(compare_command, game, sets, against, games, seed, bots, workers, json_path, report_path, check,
             progress, scheduler=scheduler, workers=workers)


@cli.command()
@GAME
@SETS
@click.option("--games", type=click.IntRange(min=1), default=500, show_default=True, help="Games per value.")
@BOTS
@SEED
@WORKERS
@SCHEDULER
@JSON
@REPORT
@CHECK
@PROGRESS
def sweep(game, sets, games, bots, seed, workers, scheduler, json_path, report_path, check, progress):
    """Compare several values of one setting: the first --set is KEY=V1,V2,...; further --set are fixed.

    Prints (and plots with --report) each side's win rate against the value."""
    from .sim.compare import parse_sweep
    try:
        parse_sweep(sets[0] if sets else "")
    except ValueError as exc:
        raise click.UsageError(f"sweep needs --set KEY=V1,V2,... first ({exc})")
    from .sim.commands import sweep_command
    _run_sim(sweep_command, game, sets[0], sets[1:], games, seed, bots, workers, json_path, report_path, check,
             progress, scheduler=scheduler, workers=workers)


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


@cli.command()
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
def tune(game, knobs, targets, bot_pairs, games, trials, confirm, confirm_games, sets, seed, workers, scheduler,
         json_path, report_path, check):
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
             confirm_games, check, json_path, report_path, scheduler=scheduler, workers=workers)


@cli.command(name="new")
@click.argument("name")
@click.option("--template", default="standard", show_default=True, metavar="NAME",
              help="The starting pack to copy: standard (a small game on the standard rules: a river with a "
                   "bridge, a road, three unit types, an odds CRT, reinforcements).")
@click.option("--dir", "parent", type=click.Path(file_okay=False, path_type=Path), default=Path("content"),
              show_default=True, help="The folder the game's folder is made in.")
def new(name: str, template: str, parent: Path):
    """Start a new game: write a complete starting pack into DIR/NAME.

    NAME is the game's id (a lower-case letter, then lower-case letters, digits and _); the title
    is made from it (river_war: "River War"). The pack is a small game on the standard rules that
    checks clean, builds, plays and simulates, with a comment on every value: edit it into your
    game. An existing folder that is not empty is never overwritten.

    \b
    Then:
      genkit check content/NAME
      genkit build content/NAME
      genkit sim content/NAME --games 200
    """
    from .newpack import NewPackError, check_name, create_pack, templates
    try:
        check_name(name)
    except NewPackError as exc:
        raise click.BadParameter(str(exc), param_hint="NAME")
    if template not in templates():
        raise click.BadParameter(f"no starting pack '{template}' (known: {', '.join(templates()) or 'none'})",
                                 param_hint="--template")
    try:
        folder = create_pack(name, template, parent)
    except NewPackError as exc:
        raise click.UsageError(str(exc))
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    click.echo(f"wrote {folder}: {', '.join(files)}")
    click.echo(f"next: genkit check {folder} && genkit build {folder} && genkit sim {folder} --games 200")


EXIT_ENVIRONMENT = 2
EXIT_BUG = 3
EXIT_INTERRUPTED = 130   # 128 + SIGINT: what a shell reports for a command stopped by Ctrl-C


def main() -> None:
    """Run the command line and exit with one of the statuses of the module docstring."""
    try:
        # not standalone: click hands us what it would turn into its own exit statuses
        code = cli.main(standalone_mode=False)
    except click.ClickException as exc:          # usage errors: click's message, its status (2)
        exc.show()
        code = exc.exit_code
    except (click.exceptions.Abort, KeyboardInterrupt):   # click raises Abort for Ctrl-C
        click.echo("interrupted", err=True)
        code = EXIT_INTERRUPTED
    except Exception as exc:
        code = _failure(exc)
    sys.exit(code if isinstance(code, int) else 0)      # --help returns 0, a command None


def _failure(exc: Exception) -> int:
    """An output that cannot be written is the environment's doing (2); anything else is a bug
    (3), reported without a traceback unless GENKIT_DEBUG is set."""
    if isinstance(exc, OSError) and exc.errno in ENVIRONMENT_ERRNOS:
        where = f"{exc.filename}: " if exc.filename else ""
        verb = "cannot write " if isinstance(exc, OutputError) else ""
        click.echo(f"genkit: {verb}{where}{exc.strerror}", err=True)
        return EXIT_ENVIRONMENT
    if os.environ.get("GENKIT_DEBUG"):
        traceback.print_exception(exc)
    click.echo(f"genkit: internal error: {type(exc).__name__}: {str(exc)[:500]}\n"
               "This is a bug in genkit: please report it, with the output of the same command run "
               "again with GENKIT_DEBUG=1 (that shows the traceback).", err=True)
    return EXIT_BUG


if __name__ == "__main__":
    main()
