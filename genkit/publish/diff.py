"""``genkit diff OLD NEW``: two versions of a game compared as model and as kit.

Each version is loaded and checked as ``genkit build`` does, and its kit built into a temporary
folder; the pages are compared one by one by the hashes the manifests carry. Each changed value is
then applied alone to the old version (``--set``) and that kit built too: the pages it alone
changes are what it touches, and a change that changes no page touches only simulation (a bot's or
an engine's setting). Written to the output folder, which replaces the previous one only when all is
written (:func:`genkit.atomic.replaced_folder`):

* ``changes.json`` - every changed value (path, old, new, file and line, what it is about, the pages it
  touches), every changed rule case, and ``reprint``: every kit file and page that differs;
* ``reprint.json`` - the same ``reprint`` alone, and the list in words ("counters, sheet 1 fronts and
  backs; cards, sheet 1 fronts");
* ``errata.pdf`` - :mod:`.errata`;
* ``manifest.json`` - what the folder holds.
"""
from __future__ import annotations

import json
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..atomic import output_errors, replaced_folder
from ..model.load import read_raw
from ..model.source import ContentError
from ..pack.printable import load_printable
from ..render.kit import KINDS, write_kit
from ..render.rules_text import read_rules, render_rules, rules_path
from .changes import Change, case_changes, model_changes, subject_of, with_tables
from .errata import Side, errata_pdf
from .reprint import compare_manifests, reprint_words
from .versions import opened

#: at most this many changes are each built alone to see what they touch; beyond, each is taken
#: to touch the print (a long list of changes is a new edition, not an erratum)
ATTRIBUTE_LIMIT = 30


class VersionContentError(ContentError):
    """A version's content has errors: the findings, and which version (``label``)."""

    def __init__(self, label: str, findings):
        super().__init__(findings)
        self.label = label


@dataclass
class Loaded:
    label: str
    folder: Path
    checked: object
    raw: dict
    source: object
    rendered_rules: str


def _load(version, progress) -> Loaded:
    progress(f"{version.label}: checking")
    try:
        checked = load_printable(version.folder)
    except ContentError as exc:
        raise VersionContentError(version.label, exc.findings) from None
    raw, source, _ = read_raw(version.folder)
    path = rules_path(version.folder)
    rendered = render_rules(read_rules(path, version.folder), checked.content, str(path)) if path else ""
    rendered = with_tables(rendered, checked.content)
    return Loaded(version.label, version.folder, checked, raw, source, rendered)


def _kit(loaded: Loaded, out: Path, paper: str, overrides=()) -> dict:
    if overrides:
        checked = load_printable(loaded.folder, overrides)
    else:
        checked = loaded.checked
    return write_kit(checked.content, checked.source, loaded.folder, out, KINDS, paper, laid=checked.laid)


def _override(change: Change) -> str | None:
    """The --set that applies ``change`` alone, or None (a value removed: --set cannot remove)."""
    if change.new is None:
        return None
    return f"{change.path}={json.dumps(change.new, ensure_ascii=False)}"


def _touches(old: Loaded, old_manifest: dict, change: Change, tmp: Path, paper: str):
    """The kit pages ``change`` alone changes (a list of reprint dicts), or None when it cannot be
    applied alone (it needs another change of the same update to be valid)."""
    setting = _override(change)
    if setting is None:
        return None
    try:
        manifest = _kit(old, tmp, paper, [setting])
    except (ContentError, ValueError):
        return None
    return [r.as_dict() for r in compare_manifests(old_manifest, manifest)]


def diff_versions(old_spec: str, new_spec: str, out: Path | None = None, paper: str = "letter",
                  progress: Callable[[str], None] = lambda line: None) -> dict:
    """Compare two versions and write the comparison; returns what ``changes.json`` holds plus
    ``folder`` and ``seconds``. Raises :class:`~genkit.publish.versions.VersionError`,
    :class:`VersionContentError`, and what :func:`genkit.atomic.replaced_folder` raises."""
    start = time.monotonic()
    with opened(old_spec) as old_v, opened(new_spec) as new_v:
        old, new = _load(old_v, progress), _load(new_v, progress)
        game = new.checked.content.game
        folder = out or Path("build") / f"{game.id}-diff"
        changes = model_changes(old.raw, new.raw, old.source, new.source)
        cases = case_changes(old.rendered_rules, new.rendered_rules)
        with tempfile.TemporaryDirectory(prefix="genkit-diff-") as tmp:
            tmp = Path(tmp)
            progress(f"{old.label}: building the kit")
            old_manifest = _kit(old, tmp / "old", paper)
            progress(f"{new.label}: building the kit")
            new_manifest = _kit(new, tmp / "new", paper)
            reprints = compare_manifests(old_manifest, new_manifest)
            touched: dict[str, list | None] = {}
            for i, ch in enumerate(changes[:ATTRIBUTE_LIMIT], 1):
                progress(f"change {i} of {len(changes)}: {ch.path}: what it touches")
                touched[ch.path] = _touches(old, old_manifest, ch, tmp / f"one-{i}", paper)
        result = _result(old, new, changes, cases, reprints, touched)
        sides = (Side(old.checked.content, old.folder, old.label), Side(new.checked.content, new.folder, new.label))
        groups, simulation = _grouped(changes, touched, new.raw, old.raw)
        progress("drawing the errata sheet")
        pdf = errata_pdf(game.title, *sides, groups, cases, [r.words() for r in reprints], simulation, paper)
        with output_errors(folder), replaced_folder(folder, inputs=[old.folder, new.folder]) as dest:
            (dest / "changes.json").write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n",
                                               encoding="utf-8")
            (dest / "reprint.json").write_text(json.dumps({"reprint": result["reprint"],
                                                           "words": result["reprint_words"]}, indent=2,
                                                          ensure_ascii=False) + "\n", encoding="utf-8")
            (dest / "errata.pdf").write_bytes(pdf)
            # what the folder holds (also what marks it as genkit's to replace next time)
            (dest / "manifest.json").write_text(json.dumps(
                {"game": game.id, "kind": "diff", "old": old.label, "new": new.label,
                 "files": ["changes.json", "reprint.json", "errata.pdf"]}, indent=2, ensure_ascii=False) + "\n",
                encoding="utf-8")
    return {**result, "folder": str(folder), "seconds": time.monotonic() - start}


def _simulation_only(change: Change, touched: dict) -> bool:
    pages = touched.get(change.path)
    return pages is not None and not pages


def _grouped(changes, touched, new_raw, old_raw):
    """(subject, changes) of what players see, in order, and the simulation-only changes apart."""
    groups: dict = {}
    simulation = []
    for ch in changes:
        if _simulation_only(ch, touched):
            simulation.append(ch)
            continue
        subject = subject_of(ch, new_raw if ch.new is not None else old_raw)
        groups.setdefault((subject.kind, subject.id), [subject, []])[1].append(ch)
    return [tuple(v) for v in groups.values()], simulation


def _result(old: Loaded, new: Loaded, changes, cases, reprints, touched) -> dict:
    out = []
    for ch in changes:
        subject = subject_of(ch, new.raw if ch.new is not None else old.raw)
        pages = touched.get(ch.path)
        out.append({"path": ch.path, "old": ch.old, "new": ch.new, "file": ch.file, "line": ch.line,
                    "about": {"kind": subject.kind, "id": subject.id, "name": subject.name},
                    "touches": pages, "simulation_only": _simulation_only(ch, touched)})
    g_old, g_new = old.checked.content.game, new.checked.content.game
    return {"game": g_new.id, "old": {"label": old.label, "version": g_old.version},
            "new": {"label": new.label, "version": g_new.version},
            "changes": out,
            "rule_cases": [{"number": c.number, "heading": c.heading, "old": c.old, "new": c.new} for c in cases],
            "reprint": [r.as_dict() for r in reprints],
            "reprint_words": reprint_words(reprints)}
