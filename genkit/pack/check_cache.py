"""``genkit check``'s findings kept on disk (:mod:`genkit.render.disk_cache`): a check of a pack
none of whose files has changed since the last clean check prints what that check found,
without loading the model, importing the checks or laying anything out.

The key is everything the findings are made from: the bytes of every file under the pack's
folder (its YAML, CSV, templates, rules.md, whatever else lies there) and what each entry there
is (a file, a folder, a link and where it leads, anything else), the folder as named on
the command line (findings print it) and where it really is, the ``--set`` values, the limits
in force, genkit's own templates and :func:`~genkit.render.disk_cache.code_digest` (genkit's
code and the libraries' versions). An edit to any of them is a new key: the check runs afresh,
whole (its layouts keep their own, finer entries). Only a check without errors is kept: errors
are found afresh each time, as a refusal of the layout cache is (a template past its time
limit, say, is not a property of the content). A pack given as one YAML file, or a folder
holding more than :data:`MOST_BYTES`, or whose files the cache folder would hide from the key
(:func:`_blinds`), is checked afresh every time."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from ..model.finding import Finding
from ..render import disk_cache

KIND = "check-findings"
MOST_BYTES = 32 * 2 ** 20       #: a pack folder larger than this is not hashed: checked afresh


def findings_key(path: str | os.PathLike, overrides: Iterable[str] = ()) -> str | None:
    """The key of the findings of ``genkit check PATH`` with ``overrides`` (None: not kept)."""
    cache = disk_cache.cache_dir()
    if cache is None or not os.path.isdir(path):
        return None
    folder = os.fspath(path)
    if _blinds(os.path.realpath(cache), os.path.realpath(folder)):
        return None
    if sum(size for _, size, *_ in disk_cache.file_stamps(folder)) > MOST_BYTES:
        return None
    from ..model.limits import current_limits
    from ..templates import FOLDER
    return disk_cache.key_of(KIND, folder, os.path.realpath(folder), repr(tuple(overrides)),
                             repr(current_limits()), disk_cache.folder_digest(folder, fresh=True),
                             _shape(folder, os.path.realpath(cache)), disk_cache.templates_digest(FOLDER))


def _blinds(cache: str, pack: str) -> bool:
    """Whether the cache folder hides files of the pack from its key: the files under the cache
    folder are left out of the pack's bytes (its entries change with every command), so a cache
    that is the pack itself, or a folder of it holding files of its own (templates, say), would
    leave edits to them unseen. A folder of the pack given to the cache alone (``.cache``: only
    the cache's kinds and notes in it) hides nothing."""
    if not _within(cache, pack):
        return False
    if cache == pack:
        return True
    try:
        return any(not entry.is_dir() and entry.name not in (disk_cache.WALKED, disk_cache.ADDED)
                   for entry in os.scandir(cache))
    except OSError:
        return True


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _shape(folder: str, cache: str) -> str:
    """Every entry under ``folder`` as the model's loader meets it: its path and what it is (a
    folder, a file, a link, where it leads, whether that is inside the pack and what is there,
    or something else: a pipe, a device). The folder's digest hashes the bytes of regular files
    only, following links, so a content file swapped for a link to a copy outside the pack, or a
    folder, pipe or broken link named like a content file, which the loader refuses, would
    otherwise leave the key as it was. The cache folder (``cache``, its real path) is left out,
    as from the pack's bytes."""
    root = os.path.realpath(folder)
    lines: list[str] = []

    def walk(path: str, rel: str) -> None:
        try:
            entries = sorted(os.scandir(path), key=lambda e: e.name)
        except OSError:
            lines.append(f"{rel}\0unreadable")
            return
        for entry in entries:
            name = f"{rel}/{entry.name}" if rel else entry.name
            try:
                if entry.is_symlink():
                    target = os.path.realpath(entry.path)
                    what = "folder" if os.path.isdir(target) else "file" if os.path.isfile(target) else "nothing"
                    lines.append(f"{name}\0link\0{target}\0{_within(target, root)}\0{what}")
                elif entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__" and os.path.realpath(entry.path) != cache:
                        lines.append(f"{name}\0folder")
                        walk(entry.path, name)
                elif entry.is_file(follow_symlinks=False):
                    lines.append(f"{name}\0file")
                else:
                    lines.append(f"{name}\0other")
            except OSError:
                lines.append(f"{name}\0unreadable")
    walk(folder, "")
    return "\n".join(lines)


def check_findings(path: str | os.PathLike, overrides: Iterable[str] = ()) -> list[Finding]:
    """:func:`genkit.pack.printable.check_path`'s findings, read back from the last clean check
    of the same files when there is one."""
    overrides = tuple(overrides)
    key = findings_key(path, overrides)
    if key is not None:
        kept = disk_cache.load(KIND, key)
        if isinstance(kept, tuple) and all(isinstance(f, Finding) for f in kept):
            return list(kept)
    from .printable import check_path
    findings = check_path(Path(path), overrides)
    # kept only when no file changed while the check read them (else they may be the findings of
    # files the key does not name)
    if key is not None and not any(f.severity == "error" for f in findings) and findings_key(path, overrides) == key:
        disk_cache.store(KIND, key, tuple(findings))
    return findings
