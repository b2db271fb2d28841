"""Shared fixtures: the bundled game and a writable copy of it to break."""
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BERING = ROOT / "content" / "bering_land"


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
