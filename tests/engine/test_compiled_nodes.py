"""The compiled move searches (``genkit/engine/_nodes.c``: ``Nodes``, a unit with a facing;
``Hexes``, a unit without) answer as the Python searches (``python_reach_nodes``,
``python_reach_hexes``) on the bundled maps and on random positions, costs and allowances; bad
arguments raise, never crash."""
from __future__ import annotations

import random
import shutil
import sysconfig
from pathlib import Path

import pytest

from genkit.engine import rules_for
from genkit.engine.movement import (compiled_hexes, compiled_nodes, python_reach_hexes, python_reach_nodes,
                                    reach_hexes, reach_nodes)
from genkit.model.load import load_game

ROOT = Path(__file__).resolve().parents[2]

try:
    from genkit.engine._nodes import Hexes, Nodes
except ImportError:                 # genkit installed where no C compiler was found
    Hexes = Nodes = None

needs_compiled = pytest.mark.skipif(Nodes is None, reason="the compiled search was not built")


def _compiler() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None and (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def test_compiled_nodes_are_built_wherever_a_c_compiler_is():
    if not _compiler():
        pytest.skip("no C compiler or no Python headers here: genkit runs on the Python search")
    assert Nodes is not None, "pip install did not build genkit/engine/_nodes.c"
    board = rules_for(load_game(str(ROOT / "content" / "bering_land"))).board
    assert isinstance(compiled_nodes(board), Nodes) and isinstance(compiled_hexes(board), Hexes)
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


def _random_mask(rng: random.Random, n: int, p: float) -> int:
    return sum(1 << h for h in range(n) if rng.random() < p)


@needs_compiled
@pytest.mark.parametrize("pack", ["content/bering_land", "content/brannock_ford", "content/tallis_gap",
                                  "content/strike_the_bear", "tests/fixtures/octagon_mini", "tests/fixtures/ridge"])
def test_compiled_hexes_answer_as_the_python_search_on_the_bundled_maps(pack):
    board = rules_for(load_game(str(ROOT / pack))).board
    hexes = compiled_hexes(board)
    assert hexes is not None
    rng = random.Random(3)
    n = board.n
    for start in range(n):
        for _ in range(3):
            own, enemy = _random_mask(rng, n, 0.1), _random_mask(rng, n, 0.1)
            enter = board.passable_mask & ~(enemy if rng.random() < 0.5 else own | enemy)
            stop = _random_mask(rng, n, 0.25)
            ma = rng.randint(0, 14)
            args = (start, ma, enter, stop, ~(own | enemy))
            want = python_reach_hexes(board, *args)
            assert reach_hexes(board, *args) == want, args


@needs_compiled
@pytest.mark.parametrize("n", [1, 63, 64, 65, 128, 200])
def test_compiled_hexes_answer_as_the_python_search_on_random_graphs(n):
    rng = random.Random(n)

    class Graph:                    # what the searches read of a board
        pass
    g = Graph()
    g.n = n
    g.adjacent = [sorted(rng.sample(range(n), min(n, rng.randint(0, 6)))) for _ in range(n)]
    g.cost = [rng.choice([0, 1, 1, 2, 3, 7]) for _ in range(n)]
    g.adj_mask = tuple(sum(1 << j for j in row) for row in g.adjacent)
    g.cost_masks = tuple((c, sum(1 << h for h in range(n) if g.cost[h] == c)) for c in sorted(set(g.cost) - {0}))
    hexes = Hexes(g.adjacent, g.cost)
    full = (1 << n) - 1
    for _ in range(300):
        start, ma = rng.randrange(n), rng.randint(0, 12)
        enter, stop, ends = (_random_mask(rng, n, p) for p in (0.8, 0.2, 0.7))
        assert hexes.reach(start, ma, enter, stop, ends) == python_reach_hexes(g, start, ma, enter, stop, ends & full)


@needs_compiled
def test_compiled_hexes_refuse_bad_arguments():
    board = rules_for(load_game(str(ROOT / "content" / "bering_land"))).board
    hexes = compiled_hexes(board)
    n = board.n
    good = (0, 4, 1, 0, 1)
    for k, bad in ((0, n), (0, -1), (1, -1), (1, 10 ** 6), (2, 1 << (n + 64)), (3, -1), (4, "x")):
        args = list(good)
        args[k] = bad
        with pytest.raises((ValueError, TypeError, OverflowError)):
            hexes.reach(*args)
    with pytest.raises(TypeError):
        hexes.reach(*good[:-1])
    with pytest.raises(ValueError):
        Hexes([[5]], [1])                   # a neighbour off the map
    with pytest.raises(TypeError):
        hexes.__init__(board.adjacent, board.cost)    # built once


@needs_compiled
@pytest.mark.parametrize("n", [1, 8, 9, 64, 65, 176, 300])
def test_compiled_picker_lists_the_items_the_python_table_lists(n, monkeypatch):
    from genkit.engine.rules.standard import tables
    items = [("to", h) for h in range(n)]
    compiled, compiled_bits = tables.indices_of(n, items), tables.indices_of(n)
    monkeypatch.setattr(tables, "compiled_picker", lambda _items: None)
    python, python_bits = tables.indices_of(n, items), tables.indices_of(n)
    assert type(compiled).__name__ == "Picker"
    rng = random.Random(n)
    for _ in range(500):
        mask = _random_mask(rng, n, rng.choice([0.02, 0.3, 0.9]))
        assert compiled(mask) == python(mask) and compiled_bits(mask) == python_bits(mask)
        assert all(a is b for a, b in zip(compiled(mask), python(mask)))     # the shared action tuples
    with pytest.raises((IndexError, OverflowError)):
        compiled(1 << (n + 8))
