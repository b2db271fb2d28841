"""A version of a game: a content folder as it is, or as it was at a git revision (``DIR@REV``,
e.g. ``content/bering_land@HEAD~1``), extracted with ``git archive`` into a temporary folder."""
from __future__ import annotations

import contextlib
import io
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator


class VersionError(ValueError):
    """A version that cannot be read: no such folder, not a git work tree, no such revision."""


@dataclass(frozen=True)
class Version:
    """One side of a comparison: ``label`` as the user wrote it, ``folder`` where its content
    lies now (a temporary copy for a revision)."""
    label: str
    folder: Path


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True)
    except FileNotFoundError:
        raise VersionError("naming a version by a git revision needs git, which is not installed") from None


def _split(spec: str) -> tuple[Path, str | None]:
    """'DIR' or 'DIR@REV' -> (DIR, REV or None). A folder whose own name holds '@' is a folder."""
    if Path(spec).is_dir() or "@" not in spec:
        return Path(spec), None
    folder, rev = spec.rsplit("@", 1)
    if not rev:
        raise VersionError(f"'{spec}': name a revision after '@' (e.g. {folder}@HEAD~1)")
    return Path(folder or "."), rev


@contextlib.contextmanager
def opened(spec: str) -> Iterator[Version]:
    """The version named by ``spec``, for the ``with`` block (a revision's copy is removed after)."""
    folder, rev = _split(spec)
    if rev is None:
        if not folder.is_dir():
            raise VersionError(f"'{spec}': no such folder (name a game's content folder, or FOLDER@REVISION)")
        yield Version(spec, folder)
        return
    yield from _at_revision(spec, folder, rev)


def _at_revision(spec: str, folder: Path, rev: str) -> Iterator[Version]:
    # the folder may be gone from the work tree (deleted since): ask git from its nearest parent
    probe = folder.resolve()
    while not probe.is_dir():
        probe = probe.parent
    top = _git(["rev-parse", "--show-toplevel"], probe)
    if top.returncode != 0:
        raise VersionError(f"'{spec}': {probe} is not inside a git work tree, so it has no revision '{rev}'")
    root = Path(top.stdout.decode().strip())
    try:
        rel = folder.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        raise VersionError(f"'{spec}': {folder} is outside the git work tree {root}") from None
    if _git(["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], root).returncode != 0:
        raise VersionError(f"'{spec}': the git work tree {root} has no revision '{rev}'")
    tree = _git(["archive", "--format=tar", rev, "--", rel or "."], root)
    if tree.returncode != 0:
        raise VersionError(f"'{spec}': {rel} does not exist at revision '{rev}'")
    with tempfile.TemporaryDirectory(prefix="genkit-version-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(tree.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        yield Version(spec, Path(tmp) / rel)
