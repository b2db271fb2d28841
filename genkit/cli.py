"""The genkit command line: parses arguments, calls one function, prints, sets the exit status.

Exit status: 0 success, 1 the content (or a game, a replay) has errors, 2 usage
error (no such path, bad option), 3 an internal error (a bug in genkit).
"""
from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path

import click

from .model.check import check_path
from .model.load import ContentError

GAME = click.argument("game", type=click.Path(exists=True, path_type=Path), metavar="CONTENT")
SETS = click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
                    help="Override one value of the model by its dotted path, e.g. unit_types.inf.movement=4. "
                         "Repeatable.")


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="genkit")
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
    """The validated model, or print the findings and exit 1."""
    from .model.load import load
    try:
        return load(path, sets)
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
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write to this file instead of stdout.")
def schema(out: Path | None):
    """Print the JSON Schema of a content file (for editors with the YAML language server)."""
    from .model.schema import json_schema
    text = json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"
    if out:
        out.write_text(text)
    else:
        click.echo(text, nl=False)


def main() -> None:
    try:
        cli(standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug in genkit, never the user's fault: no traceback unless asked
        if os.environ.get("GENKIT_DEBUG"):
            traceback.print_exc()
        click.echo(f"genkit: internal error: {type(exc).__name__}: {exc}\n"
                   "This is a bug in genkit; run again with GENKIT_DEBUG=1 for details.", err=True)
        sys.exit(3)


if __name__ == "__main__":
    main()
