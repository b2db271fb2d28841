"""The game-design figures of ``genkit sim`` (docs/metrics.md): drawishness, decisiveness, drama,
lead changes, first-player advantage, dead cards and unreachable CRT cells, each with a 95%
interval; on hand-built games with known answers, then on real runs."""
import io
import json
import math
from pathlib import Path

import pytest

from genkit.sim import metrics as mt
from genkit.sim.metrics import Metrics, empty_record, lead_figures, leader
from genkit.sim.report import summary_lines
from genkit.sim.stats import t95, wilson

MINI = str(Path(__file__).resolve().parents[1] / "fixtures" / "standard_mini")
TIMING = ("games_per_second", "elapsed_s", "workers")


def _game(i, winner, leads, turn=None):
    rec = empty_record(i, 100 + i)
    rec.update(completed=True, winner=winner, reason="turn_limit" if winner is None else "hold",
               turn=turn or len(leads), leads=list(leads))
    return rec


DRAWN = ["a", None, "b", None]            # A ahead, level, B ahead, level: a draw, 1 lead change
COMEBACK = ["a", "a", "b", "b"]           # B wins from behind: clear after turn end 3 of 4
WIRE = ["a", "a", "a", "a"]               # A ahead from the first turn end to the last


def _metrics(*recs):
    m = Metrics({"sides": ["a", "b"], "first_side": "a", "cards": ["c1", "c2"],
                 "crt": {"columns": [1, 2], "types": ["x"], "faces": 2}})
    for r in recs:
        m.add(r)
    return m


def test_leader_is_the_one_side_with_most_points():
    assert leader({"a": 3, "b": 1}) == "a"
    assert leader({"a": 3, "b": 5, "c": 5}) is None
    assert leader({"a": 0, "b": 0}) is None
    assert leader({"a": 2, "b": 5, "c": 4}) == "b"


def test_lead_figures_of_known_games():
    assert lead_figures(DRAWN, None) == {"changes": 1}
    assert lead_figures(COMEBACK, "b") == {"changes": 1, "clear": 3, "turns": 4, "drama": True,
                                           "winner_ahead_at_end": True}
    assert lead_figures(WIRE, "a") == {"changes": 0, "clear": 1, "turns": 4, "drama": False,
                                       "winner_ahead_at_end": True}
    # won by an objective while behind on points: clear only at the very end
    assert lead_figures(["a", None, "a"], "b") == {"changes": 0, "clear": 3, "turns": 3, "drama": True,
                                                   "winner_ahead_at_end": False}
    # a level turn in the middle is no lead change; A, B, A is two
    assert lead_figures(["a", None, "a"], "a")["changes"] == 0
    assert lead_figures(["a", "b", "a"], "a") == {"changes": 2, "clear": 3, "turns": 3, "drama": True,
                                                  "winner_ahead_at_end": True}
    assert lead_figures([None, None], "a")["clear"] == 2


def test_design_figures_of_three_games():
    d = _metrics(_game(0, None, DRAWN), _game(1, "b", COMEBACK), _game(2, "a", WIRE)).design()
    assert d["drawishness"] == {"p": 1 / 3, "ci95": list(wilson(1, 3)), "k": 1, "games": 3}
    # decided games: the comeback (3/4) and the wire-to-wire game (1/4)
    dec = d["decisiveness"]
    assert dec["mean"] == pytest.approx(0.5) and dec["games"] == 2
    assert dec["histogram"] == {"1/4": 1, "3/4": 1}
    half = t95(1) * math.sqrt(((0.75 - 0.5) ** 2 + (0.25 - 0.5) ** 2) / 1 / 2)
    assert dec["ci95"] == [0.0, 1.0] and half > 0.5               # clipped to the possible range
    assert d["drama"] == {"p": 0.5, "ci95": list(wilson(1, 2)), "k": 1, "games": 2}
    assert d["winner_ahead_at_end"]["k"] == 2
    lc = d["lead_changes"]
    assert lc["mean"] == pytest.approx(2 / 3) and lc["histogram"] == {"0": 1, "1": 2} and lc["games"] == 3
    fpa = d["first_player_advantage"]
    lo, hi = wilson(1, 3)
    assert fpa["side"] == "a" and fpa["edge"] == pytest.approx(1 / 3 - 0.5)
    assert fpa["ci95"] == pytest.approx([lo - 0.5, hi - 0.5])
    assert d["dead_cards"] == {"cards": ["c1", "c2"], "of": 2, "games": 3, "play_chance_below": wilson(0, 3)[1]}
    cells = d["unreachable_crt_cells"]
    assert cells["cells"] == 4 and cells["of"] == 4 and cells["battles"] == 0
    assert cells["reach_chance_below"] == 1.0


def test_unfinished_games_and_games_without_leads_are_left_out():
    unfinished = _game(0, None, DRAWN)
    unfinished["completed"] = False
    silent = _game(1, "a", [])                # played without the observer: no leads recorded
    d = _metrics(unfinished, silent, _game(2, "a", WIRE)).design()
    assert d["drawishness"]["games"] == 2 and d["drawishness"]["k"] == 0
    assert d["decisiveness"]["games"] == 1 and d["decisiveness"]["ci95"] is None
    assert d["lead_changes"]["games"] == 1 and d["drama"]["games"] == 1


def test_mean_interval_is_a_t_interval():
    # values 0, 1, 2 once each: mean 1, sd 1, t(2) = 4.303
    r = mt.mean_interval({0: 1, 1: 1, 2: 1})
    assert r["mean"] == 1 and r["ci95"] == pytest.approx([1 - 4.302653 / math.sqrt(3), 1 + 4.302653 / math.sqrt(3)])
    assert mt.mean_interval({}) == {"mean": 0.0, "ci95": None, "games": 0}
    assert mt.mean_interval({5: 10})["ci95"] == [5.0, 5.0]


def test_merge_is_exact_and_order_free():
    recs = [_game(0, None, DRAWN), _game(1, "b", COMEBACK), _game(2, "a", WIRE), _game(3, "b", ["b", "a", "b"])]
    one = _metrics(*recs)
    a, b = _metrics(recs[3], recs[0]), _metrics(recs[2], recs[1])
    assert b.merge(a).design() == one.design()


def test_summary_has_a_design_paragraph():
    m = _metrics(_game(0, None, DRAWN), _game(1, "b", COMEBACK), _game(2, "a", WIRE))
    line = next(x for x in summary_lines(m) if x.startswith("Design figures"))
    assert "draws 33.3%" in line and "lead changes per game" in line and "first player" in line
    assert "fewer than" in next(x for x in summary_lines(m) if x.startswith("Cards never played"))


def _sim_json(tmp_path, name, workers, seed=3):
    from genkit.sim.commands import sim_command
    path = tmp_path / f"{name}.json"
    out = io.StringIO()
    assert sim_command(MINI, games=12, seed=seed, bots="random", workers=workers, json_path=path,
                       progress=False, out=out) == 0
    j = json.loads(path.read_text())
    return {k: v for k, v in j.items() if k not in TIMING}, out.getvalue()


def test_sim_json_has_the_design_keys_and_is_reproducible(tmp_path):
    """A real run of standard_mini: the keys are there, and the same seed gives the same JSON
    (timing aside) in one process and on two."""
    a, text = _sim_json(tmp_path, "a", 1)
    b, _ = _sim_json(tmp_path, "b", 2)
    assert json.dumps(a) == json.dumps(b)
    d = a["design"]
    assert set(d) >= {"drawishness", "decisiveness", "drama", "lead_changes", "first_player_advantage",
                      "dead_cards", "unreachable_crt_cells"}
    assert d["drawishness"]["games"] == a["completed"] == 12
    assert d["lead_changes"]["games"] == 12 and sum(d["lead_changes"]["histogram"].values()) == 12
    assert d["decisiveness"]["games"] == 12 - a["draws"]
    assert d["first_player_advantage"]["side"] == "blue"
    assert d["unreachable_crt_cells"]["cells"] == len(a["crt"]["never_reached"])
    assert "Design figures" in text
