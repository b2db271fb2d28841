"""What the commands of :mod:`genkit.cli` share: the exit statuses (the table of its docstring),
the content argument and ``--set``, output paths checked before any work is done, and the
printing of a check's findings."""
from __future__ import annotations

import json
import os
from pathlib import Path

import click

EXIT_ENVIRONMENT = 2
EXIT_BUG = 3
EXIT_INTERRUPTED = 130   # 128 + SIGINT: what a shell reports for a command stopped by Ctrl-C


def _ensure_parent(path: Path) -> None:
    """Create the folder that will hold ``path``, or fail as a usage error naming it."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.BadParameter(f"cannot create the folder {path.parent}: {exc.strerror}")
    if not os.access(path.parent, os.W_OK):
        raise click.BadParameter(f"cannot write into {path.parent}")


def writable_file(ctx, param, value: Path | None) -> Path | None:
    """An output file: checked before any work is done, so no result is lost at the end."""
    if value is not None:
        if value.is_dir():
            raise click.BadParameter(f"{value} is a folder; give a file name")
        _ensure_parent(value)
    return value


def writable_dir(ctx, param, value: Path | None) -> Path | None:
    """An output folder: built beside itself, then moved in, so its parent must be writable."""
    if value is not None:
        if value.exists() and not value.is_dir():
            raise click.BadParameter(f"{value} is a file, not a folder")
        _ensure_parent(value)
    return value


OUT_FILE = {"type": click.Path(dir_okay=False, path_type=Path), "callback": writable_file}

GAME = click.argument("game", type=click.Path(exists=True, path_type=Path), metavar="CONTENT")
SETS = click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
                    help="Override one value of the model by its dotted path, e.g. unit_types.inf.movement=4. "
                         "Repeatable.")


def print_findings(findings, fmt: str) -> None:
    """The findings of a check, as text lines with a count, or as JSON."""
    if fmt == "json":
        click.echo(json.dumps([f.as_dict() for f in findings], indent=2))
        return
    for f in findings:
        click.echo(str(f))
    errors = sum(f.severity == "error" for f in findings)
    warnings = len(findings) - errors
    click.echo(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
