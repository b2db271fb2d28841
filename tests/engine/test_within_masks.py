"""Board.within_mask, read off the distance table, holds the spaces Board.within lists, on every
bundled board and radius."""
from __future__ import annotations

from pathlib import Path

import pytest

from genkit.engine.board import Board
from genkit.pack.playable import load

ROOT = Path(__file__).resolve().parents[2]
PACKS = sorted(str(p) for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())


@pytest.mark.parametrize("pack", PACKS + [str(ROOT / "tests/fixtures/octagon_mini")], ids=lambda p: Path(p).name)
def test_within_mask_holds_the_spaces_within_lists(pack):
    board = Board(load(pack)[0])
    for r in (-1, 0, 1, 2, 3, 5, 8, 40):
        assert board.within_mask(r) == tuple(sum(1 << j for j in board.within(h, r)) for h in range(board.n)), r
