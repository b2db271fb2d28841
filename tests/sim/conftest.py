"""Fixtures for the simulator tests: the bundled game's path."""
from pathlib import Path

import pytest

BERING = Path(__file__).resolve().parents[2] / "content" / "bering_land"


@pytest.fixture(scope="session")
def bering_path():
    return str(BERING)
