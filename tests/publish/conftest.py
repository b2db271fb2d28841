"""Fixtures for the publishing tests: the bundled kits, built once per session."""
from __future__ import annotations

import pytest

from publish_helpers import GAMES, ROOT


@pytest.fixture(scope="session")
def kits(tmp_path_factory):
    """game -> paper -> the folder of its kit, built by ``genkit build`` (Letter, A4, and A4 with a
    3 mm bleed for a print shop)."""
    from genkit.pack.printable import build_kit
    base = tmp_path_factory.mktemp("kits")
    out: dict = {}
    for game in GAMES:
        for paper, bleed in (("letter", 0.0), ("a4", 0.0), ("a4-bleed", 3 / 25.4)):
            folder = base / f"{game}-{paper}"
            build_kit(ROOT / "content" / game, folder, paper=paper.split("-")[0], bleed_in=bleed)
            out.setdefault(game, {})[paper] = folder
    return out
