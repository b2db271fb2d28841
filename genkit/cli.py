"""The genkit command line: parses arguments, calls one function, prints, sets the exit status.

Exit status (:func:`main` maps every way a command can end to one of them):

===  =====================================================================================
0    success
1    the content or the data has errors (bad content, a game that broke, a replay that
     differs or a damaged log)
2    usage or environment: a bad option, path or --set key, an output that cannot be written (disk
     full, no permission, read-only), another build writing the same folder, a Dask
     scheduler out of reach
3    internal error: a bug in genkit; the message asks to report it and says that
     GENKIT_DEBUG=1 shows the traceback
130  interrupted (Ctrl-C); sim, compare and sweep first print what they have
===  =====================================================================================
"""
from __future__ import annotations

import contextlib
import gc
import os
import sys
from pathlib import Path

import click

from .atomic import ENVIRONMENT_ERRNOS, OutputBusy, OutputError, OutputRefused
from .cli_options import (
    EXIT_BUG,
    EXIT_ENVIRONMENT,
    EXIT_INTERRUPTED,
    GAME,
    OUT_FILE,
    SETS,
    findings_status,
    print_findings,
    read_path,
    writable_dir,
)
from .cli_sim import compare, sim, sweep, tune
from .model.finding import ContentError
from .model.limits import LIMIT_NAMES


def _set_limits(ctx, param, values: tuple[str, ...]) -> None:
    """Put the content limits in force for this run: the defaults, changed by each --limit."""
    from .model.limits import parse_limits, set_limits
    try:
        set_limits(parse_limits(values))
    except ValueError as exc:
        raise click.BadParameter(str(exc))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="genkit")
@click.option("--limit", multiple=True, metavar="NAME=VALUE", callback=_set_limits, expose_value=False,
              help="Raise a limit on what content genkit reads, for a trusted game that needs more, e.g. "
                   "--limit file_size=50MB --limit depth=200. NAME: " + ", ".join(LIMIT_NAMES) + ". Repeatable.")
def cli():
    """genkit: print-and-play kits, executable rules and simulations for board wargames,
    all from one YAML model of the game (a folder such as content/bering_land)."""


def load_or_exit(path: Path, sets=()):
    """The validated and checked model, or print the findings and exit 1."""
    from .pack.playable import load_checked
    try:
        return load_checked(path, sets)
    except ContentError as exc:
        print_findings(exc.findings, "text")
        sys.exit(findings_status(exc.findings))


@cli.command()
@GAME
@SETS
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one line per finding, FILE:LINE: severity: message; json: a list of findings.")
def check(game: Path, sets, fmt: str):
    """Validate a game's content and run the consistency checks.

    Exits 0 when there is no error (warnings allowed), 1 when there are errors, 2 when a --set
    names no value."""
    from .pack.check_cache import check_findings
    with _no_collector():
        findings = check_findings(game, sets)
    print_findings(findings, fmt)
    sys.exit(findings_status(findings))


@cli.command()
@click.option("--out", **OUT_FILE, help="Write to this file instead of stdout.")
def schema(out: Path | None):
    """Print the JSON Schema of a content file (for editors with the YAML language server)."""
    from .model.schema import json_schema_text
    text = json_schema_text()
    if out:
        from .atomic import write_file
        write_file(out, text.encode())
    else:
        click.echo(text, nl=False)


@contextlib.contextmanager
def _no_collector():
    """While a command does work the content's limits bound (``check``, ``build``): no cycle
    collection. Its objects live to its end, and its few cycles are freed with the process (or
    by the collector, on again after it, when a caller runs the command in its own process): the
    collector's scans of them cost an edited Bering Land build about 25 ms of 0.6 s CPU and
    spared it 1 to 2 MB of peak memory (every bundled pack's kit, with PNGs or not). Commands that
    play games keep the collector: a long simulation's cycles would pile up."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


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
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), callback=writable_dir,
              help="Output folder.  [default: build/<game id>]")
@click.option("--paper", type=click.Choice(["letter", "a4"]), default="letter", show_default=True,
              help="Paper for counters, cards, player aid and the tiled map.")
@click.option("--only", metavar="KINDS",
              help="Comma list of components: map,map-tiled,counters,cards,player-aid,rules.  [default: all]")
@click.option("--counters", "counter_layout", type=click.Choice(["duplex", "fold"]), default="duplex",
              show_default=True, help="duplex: fronts and backs on facing pages; fold: side by side, fold and glue.")
@click.option("--bleed", default="0", metavar="LENGTH", help="Print-shop mode: art past the cut line, e.g. 0.125in or "
              "3mm; sets TrimBox and BleedBox and an sRGB output intent (PDF 1.4).  [default: 0]")
@click.option("--png/--no-png", default=False, show_default=True, help="Also write PNG previews of every page.")
@click.option("--since", metavar="OLD", help="An earlier version of the game (a folder, or FOLDER@REV such as "
              "content/bering_land@v1.0): the rules booklet marks each case changed since with a bar in the margin.")
@SETS
def build(game: Path, out: Path | None, paper: str, only: str | None, counter_layout: str, bleed: str, png: bool,
          since: str | None, sets):
    """Build the print-and-play kit: map, tiled map, counters, cards, player aid (PDF + SVG),
    and the rules booklet (rules.pdf) when the game folder has a rules.md.

    Output goes to a temporary folder first and is swapped in at the end: a failed or killed
    build leaves the previous one in place. A second build into the same folder while one is
    running is refused (exit 2); it does not wait."""
    from .pack.kit_cache import build as build_kit
    from .render.kit_files import KINDS
    bleed_in = _bleed(bleed)
    kinds = [k.strip() for k in only.split(",") if k.strip()] if only is not None else None
    if kinds is not None and not kinds:
        raise click.BadParameter("name at least one component", param_hint="--only")
    for kind in kinds or ():
        if kind not in KINDS:
            raise click.BadParameter(f"unknown component '{kind}'; choose from {', '.join(KINDS)}",
                                     param_hint="--only")
    changed = frozenset()
    if since:
        from .publish.diff import VersionContentError
        from .publish.since import changed_cases
        from .publish.versions import VersionError
        try:
            changed = changed_cases(since, game, sets)
        except VersionError as exc:
            click.echo(f"genkit build --since: {exc}", err=True)
            sys.exit(EXIT_ENVIRONMENT)
        except VersionContentError as exc:
            print_findings(exc.findings, "text")
            click.echo(f"genkit build --since: {exc.label} has errors (above); the previous output is untouched",
                       err=True)
            sys.exit(findings_status(exc.findings))
        except ContentError:
            pass        # the game's own errors: the build below reports them
    try:
        with _no_collector():
            manifest = build_kit(game, out, paper=paper, only=kinds, counters=counter_layout, bleed_in=bleed_in,
                                 png=png, overrides=sets, changed_cases=changed)
    except ContentError as exc:
        print_findings(exc.findings, "text")
        click.echo("build stopped: the previous output is untouched", err=True)
        sys.exit(findings_status(exc.findings))
    except ValueError as exc:  # the content is valid but does not fit the printed layout
        click.echo(f"{game}: error: {exc}\nbuild stopped: the previous output is untouched", err=True)
        sys.exit(1)
    except (OutputBusy, OutputRefused) as exc:
        click.echo(f"genkit: {exc}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    folder = out or Path("build") / manifest["game"]
    for comp in manifest["components"]:
        extra = "".join(f", {comp[k]} {k}" for k in ("pieces", "cards") if k in comp)
        click.echo(f"{folder / comp['file']}: {comp['pages']} page{'s' * (comp['pages'] != 1)}{extra}")
        if comp.get("fits_a3") is False:
            click.echo(f"  the map sheet is larger than A3: on A4 paper print {comp['print_instead']} "
                       "(tiles to tape together); map.pdf is for a print shop")
        if comp.get("changed_cases"):
            click.echo(f"  change bars beside {len(comp['changed_cases'])} case(s) changed since {since}: "
                       f"{', '.join(comp['changed_cases'])}")


@cli.command("export")
@GAME
@click.option("--vassal", is_flag=True, help="Write the VASSAL module <game>.vmod.")
@click.option("--tts", is_flag=True, help="Write the Tabletop Simulator saved object tts/<game>.json and its images.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), callback=writable_dir,
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
        print_findings(exc.findings, "text")
        click.echo("export stopped: the previous output is untouched", err=True)
        sys.exit(findings_status(exc.findings))
    except (ValueError, OutputBusy, OutputRefused) as exc:
        click.echo(f"genkit: {exc}\nexport stopped: the previous output is untouched", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    for rel, size in result["files"].items():
        if not rel.startswith("tts/images/"):
            click.echo(f"{Path(result['folder']) / rel}: {size / 1e6:.2f} MB")
    click.echo(f"wrote {result['folder']} in {result['seconds']:.1f} s")
    for w in result["warnings"]:
        click.echo(w, err=True)


@cli.command("diff")
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), callback=writable_dir,
              help="Output folder.  [default: build/<game id>-diff]")
@click.option("--paper", type=click.Choice(["letter", "a4"]), default="letter", show_default=True,
              help="Paper of the kits compared and of the errata sheet.")
def diff(old: str, new: str, out: Path | None, paper: str):
    """Compare two versions of a game, as model and as kit: what changed, which sheets to print
    again, and an errata sheet for players.

    OLD and NEW are content folders, or a folder at a git revision: FOLDER@REV, e.g.
    content/bering_land@HEAD~1 content/bering_land (the folder's last commit against the work
    tree). Both are checked as genkit build checks them and both kits are built (in temporary
    folders) and compared page by page; each changed value is also applied alone, to name the
    sheets it touches: a change that touches none is simulation only (listed apart).

    \b
    Writes to --out:
      changes.json   every changed value (path, old, new, file:line, the pages it touches),
                     every changed rule case, and reprint: every kit file and page that differs
      reprint.json   the pages to print again, and the list in words
      errata.pdf     each change drawn old and new side by side, the reprint list, the
                     simulation-only changes

    Exit status: 0 written (whether or not the versions differ); 1 a version's content has
    errors (the findings name the file and line); 2 a version that cannot be read (no such
    folder, revision or git) or an output that cannot be written."""
    from .publish.diff import VersionContentError, diff_versions
    from .publish.versions import VersionError
    try:
        result = diff_versions(old, new, out, paper, progress=lambda line: click.echo(line, err=True))
    except VersionError as exc:
        click.echo(f"genkit diff: {exc}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    except VersionContentError as exc:
        print_findings(exc.findings, "text")
        click.echo(f"genkit diff: {exc.label} has errors (above); fix them, then compare again. "
                   "Nothing was written.", err=True)
        sys.exit(findings_status(exc.findings))
    except (OutputBusy, OutputRefused) as exc:
        click.echo(f"genkit: {exc}", err=True)
        sys.exit(EXIT_ENVIRONMENT)
    changes, cases = result["changes"], result["rule_cases"]
    sim = sum(c["simulation_only"] for c in changes)
    click.echo(f"{len(changes)} changed value{'s' * (len(changes) != 1)} ({sim} simulation only), "
               f"{len(cases)} changed rule case{'s' * (len(cases) != 1)}")
    for c in changes:
        where = " (simulation only)" if c["simulation_only"] else ""
        click.echo(f"  {c['path']}: {_shown_value(c['old'])} -> {_shown_value(c['new'])}{where}")
    for c in cases:
        click.echo(f"  rule {c['number']} {c['heading']}")
    click.echo(f"print again: {result['reprint_words']}")
    click.echo(f"wrote {Path(result['folder']) / 'changes.json'}, reprint.json, errata.pdf "
               f"in {result['seconds']:.1f} s")


def _shown_value(value) -> str:
    import json
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


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
@click.argument("log", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="LOG.jsonl",
                callback=read_path)
@click.option("--content", "content_path", type=click.Path(exists=True, path_type=Path), callback=read_path,
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


for _command in (sim, compare, sweep, tune):       # the simulator's commands (cli_sim.py)
    cli.add_command(_command)


@cli.command(name="new")
@click.argument("name")
@click.option("--template", default="standard", show_default=True, metavar="NAME",
              help="The starting pack to copy: standard (a small game on the standard rules: a river with a "
                   "bridge, a road, three unit types, an odds CRT, reinforcements), or areas (the same on a drawn "
                   "board of areas and their connections).")
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




def main() -> None:
    """Run the command line and exit with one of the statuses of the module docstring."""
    # A command allocates its imports, model and layouts in a few hundred thousand objects that
    # live to its end; at Python's default thresholds (700, 10, 10) the collector scans the older
    # ones again and again (about 50 ms of an edited build's 0.7 s CPU). Collecting the young
    # generation every 10,000 allocations and the older ones after 50 of those halves that, for
    # the same peak memory; what a command computes does not depend on when cycles are freed.
    gc.set_threshold(10_000, 50, 50)
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
        import traceback
        traceback.print_exception(exc)
    click.echo(f"genkit: internal error: {type(exc).__name__}: {str(exc)[:500]}\n"
               "This is a bug in genkit: please report it, with the output of the same command run "
               "again with GENKIT_DEBUG=1 (that shows the traceback).", err=True)
    return EXIT_BUG


def run() -> None:
    """The ``genkit`` program (and ``python -m genkit.cli``): :func:`main`, leaving the process
    without the collection Python makes as it shuts down. That pass walks every object the command
    kept (its imports, model and layouts: 90 ms of a first Bering Land build's 1.28 s CPU, 30 ms
    of an unchanged one's 0.35 s, 40 ms of ``play``'s 0.28 s) only to find next to nothing to free
    before the process ends anyway; the objects are frozen (``gc.freeze``) so it skips them.
    atexit handlers still run and files are closed as always. A caller that runs :func:`main` in its own process (the
    tests) keeps its collector as it was."""
    try:
        main()
    finally:
        gc.freeze()


if __name__ == "__main__":
    run()
