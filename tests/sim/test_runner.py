"""simulate(): reproducible whatever the worker count, precision mode, failures recorded."""
import json

import pytest

from genkit.engine.bots import RandomBot
from genkit.model.load import ContentError
from genkit.sim import bots as botmod
from genkit.sim.runner import simulate


def _fixed(m):
    return json.dumps(m.to_json(timing=False), sort_keys=True)


def test_same_seed_same_json_whatever_the_workers(bering_path):
    one = simulate(bering_path, [], games=12, seed=5, bots=("greedy", "random"), workers=1, progress=False)
    two = simulate(bering_path, [], games=12, seed=5, bots=("greedy", "random"), workers=2, progress=False)
    assert _fixed(one) == _fixed(two)
    assert one.games == 12 and not one.failed
    other = simulate(bering_path, [], games=12, seed=6, bots=("greedy", "random"), workers=1, progress=False)
    assert _fixed(other) != _fixed(one)


def test_precision_mode_stops_when_narrow_enough(bering_path):
    m = simulate(bering_path, [], precision=0.05, seed=1, bots="random", workers=2, progress=False)
    assert m.max_half_width() <= 0.05
    assert m.meta["precision_reached"] and m.games == 200          # the first batch sufficed
    capped = simulate(bering_path, [], precision=0.001, seed=1, bots="random", workers=2, progress=False,
                      max_games=230)
    assert capped.games == 230 and not capped.meta["precision_reached"]


class _Crash(RandomBot):
    name = "crash"

    def choose(self, view, actions):
        self.n = getattr(self, "n", 0) + 1
        if self.n == 7:
            raise RuntimeError("boom")
        return super().choose(view, actions)


def test_failures_are_recorded_not_raised(bering_path, monkeypatch):
    monkeypatch.setitem(botmod.BOTS, "crash", _Crash.for_game)
    m = simulate(bering_path, [], games=3, seed=0, bots=("crash", "random"), workers=1, progress=False)
    assert m.failed and m.violation_count == 3 and m.completed == 0
    v = m.violations[0]
    assert v["kind"] == "exception" and "boom" in v["message"] and v["step"] > 0 and v["index"] == 0
    stuck = simulate(bering_path, [], games=2, seed=0, bots="random", workers=1, progress=False, step_cap=10)
    assert stuck.failed and {v["kind"] for v in stuck.violations} == {"no_end"}
    assert stuck.to_json()["end_reasons"] == {"unfinished": 2}


def test_bad_arguments(bering_path):
    with pytest.raises(ValueError):
        simulate(bering_path, [], games=None, precision=None, progress=False)
    with pytest.raises(ValueError):
        simulate(bering_path, [], games=2, bots="nobody", progress=False)
    with pytest.raises(ContentError) as exc:
        simulate(bering_path, ["unit_types.inff.movement=4"], games=2, progress=False)
    assert "nearest valid paths" in str(exc.value)


def test_progress_bar_on_stderr(bering_path, capsys):
    simulate(bering_path, [], games=3, seed=0, bots="random", workers=1, progress=True)
    err = capsys.readouterr().err
    assert "3/3 games" in err and "ETA" in err
