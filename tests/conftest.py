"""Shared fixtures: the bundled game and a writable copy of it to break."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BERING = ROOT / "content" / "bering_land"


# The modules holding the suite's longest tests (a minute each: the wheel built and installed into a
# fresh venv, the compare calibration's 720 games; the new pack's balance under one-step changes),
# run first: pytest-xdist hands the tests out in collection order, and one of these started last
# keeps one worker busy long after the other has run out of tests.
LONGEST_FIRST = ("tests/test_wheel.py", "tests/sim/test_compare.py", "tests/test_new.py")


def pytest_collection_modifyitems(config, items):
    """LONGEST_FIRST's modules first, each whole and in its own order; the rest as collected. The
    same order on every worker, as pytest-xdist requires."""
    def rank(item):
        path = item.nodeid.split("::", 1)[0]
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)
    items[:] = sorted(items, key=rank)


@pytest.fixture(scope="session", autouse=True)
def genkit_cache(tmp_path_factory):
    """Every test, and every genkit process a test starts, keeps genkit's disk cache
    (genkit/render/disk_cache.py) in one folder of this session, never in the user's own: what a
    test lays out may be read back by a later test, as by a designer's next command. Under
    pytest-xdist the workers share the folder (the cache is safe for several processes at once:
    a half-written or missing entry is a miss), so a kit one worker laid out is not laid out again."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "genkit-cache"
    folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GENKIT_CACHE_DIR", str(folder))
        yield folder


@pytest.fixture(scope="session")
def bering():
    from genkit.model.load import load_game
    return load_game(BERING)


@pytest.fixture
def game_copy(tmp_path):
    """A copy of content/bering_land that a test may edit."""
    dest = tmp_path / "bering_land"
    shutil.copytree(BERING, dest)
    return dest


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace text in a content file; fail loudly if the text is not there."""
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count))


@pytest.fixture
def genkit(monkeypatch, capsys):
    """``genkit(*args)`` -> (exit status, stdout, stderr) of ``genkit ARGS`` run in-process through
    main(), the entry point a user runs; no output may hold a traceback. A ``--limit`` given puts
    its limits in force for the process: they are the defaults again after the test."""
    from genkit import cli
    from genkit.model import limits
    monkeypatch.setattr(limits, "_limits", limits.current_limits())

    def run(*args):
        monkeypatch.setattr(sys, "argv", ["genkit", *map(str, args)])
        with pytest.raises(SystemExit) as exc:
            cli.main()
        out = capsys.readouterr()
        assert "Traceback" not in out.out + out.err
        return exc.value.code, out.out, out.err
    return run


def run_cli(*args) -> subprocess.CompletedProcess:
    """``genkit ARGS`` in a fresh interpreter, as a shell runs it; no output may hold a traceback."""
    result = subprocess.run([sys.executable, "-m", "genkit.cli", *map(str, args)], capture_output=True, text=True)
    assert "Traceback" not in result.stdout + result.stderr
    return result
