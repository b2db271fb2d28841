"""``genkit build --since OLD``: the rule cases whose printed text changed since an earlier version
of the game, as data (case numbers); the booklet marks each with a change bar
(:mod:`genkit.render.change_bars`)."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..model.source import ContentError
from ..pack.playable import load_checked
from ..render.rules_text import read_rules, render_rules, rules_path
from .changes import case_changes, with_tables
from .diff import VersionContentError
from .versions import opened


def printed_rules(folder: Path, overrides: Iterable[str] = ()) -> str:
    """The rules text as the booklet prints it (placeholders filled in, tables as text); "" for a
    game without rules.md."""
    content, _ = load_checked(folder, overrides)
    path = rules_path(folder)
    if path is None:
        return ""
    return with_tables(render_rules(read_rules(path, Path(folder)), content, str(path)), content)


def changed_cases(old_spec: str, new_folder: Path, overrides: Iterable[str] = ()) -> frozenset[str]:
    """The case numbers of the new version whose printed text (or a table it prints) differs from
    the version ``old_spec`` (a folder or FOLDER@REV); the --set ``overrides`` apply to the new one.
    Raises :class:`~genkit.publish.versions.VersionError` and, for the old version,
    :class:`~genkit.publish.diff.VersionContentError`."""
    with opened(old_spec) as old:
        try:
            before = printed_rules(old.folder)
        except ContentError as exc:
            raise VersionContentError(old.label, exc.findings) from None
    now = printed_rules(new_folder, overrides)
    return frozenset(c.number for c in case_changes(before, now) if c.new)
