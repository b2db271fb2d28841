"""The compiled movement search of the standard rules (``_reach.c``) gives the answers of the
Python search (``Movement._search``) and of a plain Dijkstra written here from the contract
both document, on the bundled maps and on graphs whose hex counts straddle the 64-bit words the
C code holds masks in; bad arguments raise, never crash."""
from __future__ import annotations

import heapq
import random
import shutil
import sys
import sysconfig
from pathlib import Path

import pytest

from genkit.engine.rules.standard.rules import Game
from genkit.model.load import load

ROOT = Path(__file__).resolve().parents[2]

try:
    from genkit.engine.rules.standard._reach import Search
except ImportError:                 # genkit installed where no C compiler was found
    Search = None

needs_compiled = pytest.mark.skipif(Search is None, reason="the compiled search was not built")


def _compiler() -> bool:
    """A C compiler and this Python's headers: what pip needs to build the extension."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None and (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def test_compiled_search_is_built_wherever_a_c_compiler_is():
    """pip builds ``_reach.c`` as an optional extension: with a compiler at hand (as in CI) it
    must be there, and a standard game must use it."""
    if not _compiler():
        pytest.skip("no C compiler or no Python headers here: genkit runs on the Python search")
    assert Search is not None, "pip install did not build genkit/engine/rules/standard/_reach.c"
    game = Game(load(str(ROOT / "content" / "brannock_ford"))[0])
    assert getattr(game.search, "__self__", None).__class__ is Search
    built, source = Path(sys.modules[Search.__module__].__file__), ROOT / "genkit/engine/rules/standard/_reach.c"
    if built.parent == source.parent:           # an editable install: compiled from this checkout
        assert built.stat().st_mtime >= source.stat().st_mtime, "_reach.c changed: run pip install -e . again"


def plain(steps: list, start: int, ma: int, avoid: int, ends: int, stop: int, leave: int, no_zoc: int,
          any_end: bool) -> tuple:
    """The search's contract, as Dijkstra over (cost, hex) steps: (destinations, hexes seen)."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > best[h] or (h != start and (stop >> h) & 1):
            continue
        for c, j in steps[h]:
            if h == start and no_zoc:
                if (no_zoc >> j) & 1:
                    continue
                c += leave
            if (avoid >> j) & 1 or d + c > ma or d + c >= best.get(j, ma + 1):
                continue
            best[j] = d + c
            heapq.heappush(heap, (d + c, j))
    seen = sum(1 << h for h in best)
    if any_end:
        costs = sorted({d for h, d in best.items() if (ends >> h) & 1})
        if costs:                   # the first level holding an end, and what was seen by then
            first = costs[0]
            return (sum(1 << h for h, d in best.items() if d == first and (ends >> h) & 1),
                    sum(1 << h for h, d in best.items() if d <= first))
    return seen & ends, seen


def _random_graph(rng: random.Random, n: int) -> list:
    """Per hex, up to 6 steps (cost 1..6 half MP) to other hexes, some one-way."""
    return [[(rng.randint(1, 6), j) for j in rng.sample(range(n), min(n, rng.randint(0, 6))) if j != h]
            for h in range(n)]


def _random_masks(rng: random.Random, n: int, start: int) -> tuple:
    def mask(p):
        return sum(1 << h for h in range(n) if h != start and rng.random() < p)
    every = (1 << n) - 1
    no_zoc = mask(0.3) if rng.random() < 0.3 else 0
    return mask(0.15), every ^ (mask(0.2) | 1 << start), mask(0.2), rng.randint(0, 4) if no_zoc else 0, no_zoc


@needs_compiled
@pytest.mark.parametrize("n", [1, 2, 63, 64, 65, 127, 128, 129, 300])
def test_compiled_search_answers_the_plain_dijkstra_on_random_graphs(n):
    rng = random.Random(n)
    steps = _random_graph(rng, n)
    search = Search(n, steps)
    for _ in range(150):
        start = rng.randrange(n)
        avoid, ends, stop, leave, no_zoc = _random_masks(rng, n, start)
        ma = rng.randint(0, 24)
        for any_end in (False, True):
            args = (start, ma, avoid, ends, stop, leave, no_zoc, any_end)
            assert search.reach(*args) == plain(steps, *args), args


@pytest.mark.parametrize("content", ["content/brannock_ford", "tests/fixtures/standard_mini"])
@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=needs_compiled)])
def test_movement_search_answers_the_plain_dijkstra_on_the_bundled_maps(content, compiled):
    """Both searches of a standard game (``game.search``: compiled; ``game._search``: Python)
    against the plain Dijkstra, from every hex with random surroundings."""
    game = Game(load(str(ROOT / content))[0])
    search = game.search if compiled else game._search
    if compiled:
        assert search != game._search
    n = game.board.n
    steps = [[(c, h) for c, m in st for h in game.indices(m)] for st in game.step_masks]
    rng = random.Random(7)
    for start in range(n):
        for _ in range(4):
            avoid, ends, stop, leave, no_zoc = _random_masks(rng, n, start)
            ma = rng.randint(0, 16)
            for any_end in (False, True):
                args = (start, ma, avoid, ends, stop, leave, no_zoc, any_end)
                assert search(*args) == plain(steps, *args), args


@needs_compiled
def test_compiled_search_refuses_bad_arguments():
    search = Search(3, [[(2, 1)], [(2, 0), (1, 2)], []])
    assert search.reach(0, 4, 0, 0b110, 0, 0, 0, False) == (0b110, 0b111)
    with pytest.raises(ValueError):
        search.reach(3, 4, 0, 0, 0, 0, 0, False)         # no hex 3
    with pytest.raises((OverflowError, ValueError)):     # (which of the two: the Python version's)
        search.reach(0, 4, -1, 0, 0, 0, 0, False)        # a negative mask
    with pytest.raises(OverflowError):
        search.reach(0, 4, 1 << 64, 0, 0, 0, 0, False)   # a mask beyond the map's words
    with pytest.raises(ValueError):
        search.reach(0, 1 << 20, 0, 0, 0, 0, 0, False)   # an allowance past any game's
    with pytest.raises(TypeError):
        search.reach("0", 4, 0, 0, 0, 0, 0, False)
    with pytest.raises(ValueError):
        search.reach(0, 4, 0, 0, 0, 1 << 40, 0b100, False)  # a cost of leaving past any game's
    with pytest.raises(TypeError):
        search.reach(0, 4, 0, 0, 0, 0, 0)
    with pytest.raises(TypeError):
        search.reach(0, 4, "0", 0, 0, 0, 0, False)
    search.__init__(70, [[(1, (h + 1) % 70)] for h in range(70)])   # again, a map of two words
    assert search.reach(0, 200, 0, (1 << 70) - 2, 0, 0, 0, False) == ((1 << 70) - 2, (1 << 70) - 1)
    with pytest.raises(ValueError):
        search.__init__(2, [[(1, 1)], [(1, 0), (0, 1), (1, 0)]])   # fails half-way: the old tables stay
    assert search.reach(0, 200, 0, (1 << 70) - 2, 0, 0, 0, False) == ((1 << 70) - 2, (1 << 70) - 1)
    with pytest.raises(TypeError):
        Search(2, [[(1, 1)], []], extra=1)
    with pytest.raises(ValueError):
        Search(2, [[(0, 1)], []])                        # a step costs something
    with pytest.raises(ValueError):
        Search(2, [[(1, 5)], []])                        # to a hex of the map


@needs_compiled
def test_compiled_search_reads_steps_as_any_pairs_and_never_takes_a_step_past_every_allowance():
    assert Search(3, [[[1, 1]], [[1, 2]], []]).reach(0, 2, 0, 0b110, 0, 0, 0, False) == (0b110, 0b111)
    assert Search(2, [[(10 ** 9, 1)], []]).reach(0, 65535, 0, 0b10, 0, 0, 0, False) == (0, 0b1)


@needs_compiled
def test_compiled_search_survives_python_code_that_remakes_it_midway():
    """Reading an argument (``__index__``) or a row of steps may run Python code, which may call
    ``__init__`` again on the same object: the search then answers on whole tables, never on a
    mix of the old and the new (no write past a buffer)."""
    search = Search(2, [[(1, 1)], []])

    class Remakes:
        def __index__(self):
            search.__init__(200, [[(1, (h + 1) % 200)] for h in range(200)])
            return 0

    every = (1 << 200) - 1
    assert search.reach(Remakes(), 300, 0, every ^ 1, 0, 0, 0, False) == (every ^ 1, every)

    class Rows(list):
        def __getitem__(self, h):
            if h == 1:
                search.__init__(2, [[(1, 1)], []])
            return list.__getitem__(self, h)

    search.__init__(3, Rows([[(1, 1)], [(1, 2)], []]))
    assert search.reach(0, 5, 0, 0b110, 0, 0, 0, False) == (0b110, 0b111)


def test_a_build_older_than_the_code_is_left_unused(monkeypatch):
    """genkit updated without reinstalling keeps the old build of _reach.c: it is not given a board
    (an octagon board has more steps out of a space than the old build took), the Python search
    answers instead."""
    from genkit.engine.rules.standard import movement
    _reach = pytest.importorskip("genkit.engine.rules.standard._reach")
    steps = [[(2, 0b10)], [(2, 0b01)]]
    assert movement.compiled_search(steps, lambda m: [i for i in range(2) if m >> i & 1]) is not None
    monkeypatch.setattr(_reach, "VERSION", movement.SEARCH_VERSION - 1)
    assert movement.compiled_search(steps, lambda m: [i for i in range(2) if m >> i & 1]) is None
