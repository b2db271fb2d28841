"""The compiled search of a unit with a facing (``genkit/engine/_nodes.c``) answers as the Python
search (``python_reach_nodes``) on the bundled hex maps and on random positions, turn costs and
allowances; bad arguments raise, never crash."""
from __future__ import annotations

import random
import shutil
import sysconfig
from pathlib import Path

import pytest

from genkit.engine import rules_for
from genkit.engine.movement import compiled_nodes, python_reach_nodes, reach_nodes
from genkit.model.load import load_game

ROOT = Path(__file__).resolve().parents[2]

try:
    from genkit.engine._nodes import Nodes
except ImportError:                 # genkit installed where no C compiler was found
    Nodes = None

needs_compiled = pytest.mark.skipif(Nodes is None, reason="the compiled search was not built")


def _compiler() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None and (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def test_compiled_nodes_are_built_wherever_a_c_compiler_is():
    if not _compiler():
        pytest.skip("no C compiler or no Python headers here: genkit runs on the Python search")
    assert Nodes is not None, "pip install did not build genkit/engine/_nodes.c"
    board = rules_for(load_game(str(ROOT / "content" / "bering_land"))).board
    assert isinstance(compiled_nodes(board), Nodes)
    built, source = Path(compiled_nodes.__globals__["__file__"]).parent, ROOT / "genkit/engine/_nodes.c"
    so = next(built.glob("_nodes*.so"), None)
    if so is not None and built == source.parent:   # an editable install: compiled from this checkout
        assert so.stat().st_mtime >= source.stat().st_mtime, "_nodes.c changed: run pip install -e . again"


@needs_compiled
@pytest.mark.parametrize("pack", ["content/bering_land", "content/memoir44", "content/brannock_ford"])
def test_compiled_nodes_answer_as_the_python_search_on_the_bundled_maps(pack):
    board = rules_for(load_game(str(ROOT / pack))).board
    if not board.node_moves:
        pytest.skip("a board without facings")
    nodes = compiled_nodes(board)
    rng = random.Random(5)
    n = board.n
    for start in range(n):
        for _ in range(3):
            entry = [0 if rng.random() < 0.15 else c for c in board.cost]
            stop = bytes(1 if rng.random() < 0.2 else 0 for _ in range(n))
            occ = [rng.randrange(40) if rng.random() < 0.15 else -1 for _ in range(n)]
            ma, turn, facing = rng.randint(0, 12), rng.randint(0, 4), rng.randrange(6)
            args = (start, facing, ma, turn, entry, stop, occ)
            want = python_reach_nodes(board, *args)
            assert nodes.reach(*args) == want, args
            assert reach_nodes(board, *args) == want


@needs_compiled
def test_compiled_nodes_refuse_bad_arguments():
    board = rules_for(load_game(str(ROOT / "content" / "bering_land"))).board
    nodes = compiled_nodes(board)
    n = board.n
    good = (0, 0, 4, 1, list(board.cost), bytes(n), [-1] * n)
    for k, bad in ((0, n), (1, 6), (2, -1), (4, list(board.cost)[:-1]), (5, [0] * n), (6, [-1] * (n + 1)),
                   (4, ["x"] * n)):
        args = list(good)
        args[k] = bad
        with pytest.raises((ValueError, TypeError)):
            nodes.reach(*args)
    with pytest.raises(TypeError):
        nodes.reach(*good[:-1])
    with pytest.raises(ValueError):
        Nodes(((0, 0, 0, 0),))              # not six nodes a hex
    with pytest.raises(TypeError):
        nodes.__init__(board.node_moves)    # built once
