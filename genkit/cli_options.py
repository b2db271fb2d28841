"""What the commands of :mod:`genkit.cli` share: the exit statuses (the table of its docstring),
the content argument and ``--set``, output paths checked before any work is done, and the
printing of a check's findings."""
from __future__ import annotations

import json
import os
from pathlib import Path

import click

from .atomic import OutputRefused, output_file, output_folder

EXIT_ENVIRONMENT = 2
EXIT_USAGE = 2          # click's own status for a usage error
EXIT_BUG = 3
EXIT_INTERRUPTED = 130   # 128 + SIGINT: what a shell reports for a command stopped by Ctrl-C


def _writable_parent(path: Path) -> None:
    """Fail as a usage error naming it if the folder that will hold ``path`` cannot be made or
    written. Nothing is made here: the command makes it when it writes, once every path of the
    command has been checked (an output inside the content is refused, not begun)."""
    folder = Path(os.path.abspath(path)).parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise click.BadParameter(f"cannot create the folder {path.parent}: {folder} is a file")
    if not os.access(folder, os.W_OK):
        raise click.BadParameter(f"cannot write into {folder}")


def _paths_apart(ctx, kind: str, value: Path) -> None:
    """Record a path of the command (``in``: read; ``file``, ``dir``: written) and refuse, as a
    usage error before any work is done, an output that would overwrite or delete an input or
    another output. Whichever of the two is parsed second finds the clash."""
    seen = ctx.meta.setdefault("genkit.paths", [])
    seen.append((kind, value))
    inputs = [p for k, p in seen if k == "in"]
    files = [os.path.realpath(p) for k, p in seen if k == "file"]
    if len(set(files)) < len(files):
        raise click.UsageError(f"{value} is given to two options that write a file; give each its own", ctx)
    try:
        for k, p in seen:
            if k == "dir":
                output_folder(p, inputs)
            elif k == "file":
                output_file(p, inputs)
    except OutputRefused as exc:
        raise click.UsageError(str(exc), ctx)


def read_path(ctx, param, value: Path | None) -> Path | None:
    """An input (the content, a log): no output of the same command may write over it."""
    if value is not None:
        _paths_apart(ctx, "in", value)
    return value


def writable_file(ctx, param, value: Path | None) -> Path | None:
    """An output file: checked before any work is done, so no result is lost at the end."""
    if value is not None:
        if value.is_dir():
            raise click.BadParameter(f"{value} is a folder; give a file name")
        _paths_apart(ctx, "file", value)
        _writable_parent(value)
    return value


def writable_dir(ctx, param, value: Path | None) -> Path | None:
    """An output folder: built beside itself, then moved in, so its parent must be writable; never
    an input, nor a folder holding files genkit did not write (see :func:`genkit.atomic.output_folder`)."""
    if value is not None:
        if value.exists() and not value.is_dir():
            raise click.BadParameter(f"{value} is a file, not a folder")
        _paths_apart(ctx, "dir", value)
        _writable_parent(value)
    return value


OUT_FILE = {"type": click.Path(dir_okay=False, path_type=Path), "callback": writable_file}

GAME = click.argument("game", type=click.Path(exists=True, path_type=Path), metavar="CONTENT", callback=read_path)
SETS = click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
                    help="Override one value of the model by its dotted path, e.g. unit_types.inf.movement=4. "
                         "Repeatable.")


def findings_status(findings) -> int:
    """The exit status of a check's findings: 0 without errors, 1 for errors in the content, 2
    (a usage error) when a --set names no value of the model."""
    errors = [f for f in findings if f.severity == "error"]
    if any(f.code == "bad-set" for f in errors):
        return EXIT_USAGE
    return 1 if errors else 0


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
