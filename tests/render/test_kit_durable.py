"""genkit build under faults: a build killed at any point, two builds into one folder, a full disk.

The kills are real: a child process runs build_kit with one function wrapped so that the child
SIGKILLs itself at a chosen point; the test then looks at what is on disk and runs the next build."""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from genkit import atomic
from genkit.atomic import OutputBusy, OutputError
from genkit.pack.printable import build_kit
from genkit.render import kit as kitmod

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"
ONLY = ["player-aid"]            # the quickest component: these tests are about the folder
NEW = ["game.version=v2"]       # a build whose files differ from the old one's

# Run in the child: build into argv[1]; the hook named by argv[2] SIGKILLs the child.
CHILD = """
import os, signal, sys
from genkit import atomic
from genkit.pack.printable import build_kit
from genkit.render import kit

out, hook = sys.argv[1], sys.argv[2]
die = lambda: os.kill(os.getpid(), signal.SIGKILL)
if hook == "while-writing":          # the first PDF is written, the rest is not (its SVGs are next)
    from pathlib import Path
    real_write_bytes = Path.write_bytes
    Path.write_bytes = lambda self, data: die() if self.suffix == ".svg" else real_write_bytes(self, data)
elif hook == "after-swap":           # the new kit is in place, the old one not yet deleted
    real_swap = atomic._swap
    atomic._swap = lambda new, old: (real_swap(new, old), die())
elif hook == "between-renames":      # no renameat2: the old kit is set aside, the new not yet moved
    atomic._RENAMEAT2 = None
    real_rename = os.rename
    def rename(src, dst):
        real_rename(src, dst)
        if str(src) == out:
            die()
    os.rename = rename
build_kit(sys.argv[3], out, only=["player-aid"], overrides=["game.version=v2"])
"""


def digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.")
                  and not p.name.endswith(".lock"))


def killed_build(out: Path, hook: str) -> int:
    """Run a build into ``out`` that SIGKILLs itself at ``hook``; return its pid."""
    child = subprocess.run([sys.executable, "-c", CHILD, str(out), hook, str(BERING)], cwd=ROOT,
                           capture_output=True, text=True)
    assert child.returncode == -signal.SIGKILL, child.stderr
    return int(next(n for n in leftovers(out)).rsplit("-", 1)[1])


@pytest.fixture
def old_kit(tmp_path):
    out = tmp_path / "kit"
    build_kit(BERING, out, only=ONLY)
    return out, digest(out)


def version_of(out: Path) -> str:
    return json.loads((out / "manifest.json").read_text())["version"]


def test_killed_while_writing_the_old_kit_stays_and_the_next_build_cleans_up(old_kit):
    out, before = old_kit
    pid = killed_build(out, "while-writing")
    assert digest(out) == before
    assert leftovers(out) == [f".kit.building-{pid}"]
    build_kit(BERING, out, only=ONLY, overrides=NEW)
    assert version_of(out) == "v2" and leftovers(out) == []


def test_killed_after_the_swap_the_new_kit_is_in_place_and_the_old_one_goes_next_time(old_kit):
    out, before = old_kit
    pid = killed_build(out, "after-swap")
    assert version_of(out) == "v2"
    assert digest(out.parent / f".kit.building-{pid}") == before   # the old kit, set aside
    build_kit(BERING, out, only=ONLY)
    assert digest(out) == before and leftovers(out) == []


def test_without_renameat2_a_kill_between_the_renames_is_repaired_by_the_next_build(old_kit, monkeypatch):
    out, before = old_kit
    pid = killed_build(out, "between-renames")
    assert not out.exists()
    assert digest(out.parent / f".kit.previous-{pid}") == before
    # the next build puts the old kit back before it writes; this one then fails, so the old kit stays
    monkeypatch.setattr(kitmod, "write_files", _fail_writing)
    with pytest.raises(OutputError):
        build_kit(BERING, out, only=ONLY, overrides=NEW)
    assert digest(out) == before and leftovers(out) == []


def test_a_second_build_into_the_same_folder_is_refused(old_kit):
    out, before = old_kit
    with open(out.parent / ".kit.lock", "a") as lock:       # a build is running
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(OutputBusy, match="another genkit process is writing"):
            build_kit(BERING, out, only=ONLY, overrides=NEW)
        cli = subprocess.run([sys.executable, "-m", "genkit.cli", "build", str(BERING), "--out", str(out),
                              "--only", "player-aid"], capture_output=True, text=True)
    assert cli.returncode == 2 and "Traceback" not in cli.stderr
    assert f"another genkit process is writing {out}" in cli.stderr
    assert digest(out) == before and leftovers(out) == []
    build_kit(BERING, out, only=ONLY, overrides=NEW)         # the lock is free again
    assert version_of(out) == "v2"


def _fail_writing(components, dest, *args):
    (dest / "half.pdf").write_bytes(b"%PDF")
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_keeps_the_old_kit_and_names_the_output_folder(old_kit, monkeypatch):
    out, before = old_kit
    monkeypatch.setattr(kitmod, "write_files", _fail_writing)
    with pytest.raises(OutputError) as exc:
        build_kit(BERING, out, only=ONLY, overrides=NEW)
    assert exc.value.errno == errno.ENOSPC and exc.value.filename == str(out)
    assert digest(out) == before and leftovers(out) == []


def test_the_swap_is_one_step_on_this_system(tmp_path):
    """renameat2(RENAME_EXCHANGE) works here, so the tests above (but the one that turns it off)
    cover the path where the output never disappears."""
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    (a / "f").write_text("new")
    (b / "f").write_text("old")
    if not atomic._exchange(a, b):
        pytest.skip("no renameat2 RENAME_EXCHANGE on this system or file system")
    assert (b / "f").read_text() == "new" and (a / "f").read_text() == "old"
