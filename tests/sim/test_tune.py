"""`genkit tune`: parsing, validation, reproducibility, a reachable target found and confirmed,
the YAML patch, the report and the command line."""
import fcntl
import io
import json
import os
import re
import shlex
import shutil
from pathlib import Path

import pytest
import yaml

from genkit.model.load import ContentError, load
from genkit.sim.tune import run_tune, tune_command
from genkit.sim.tune_goals import (
    CardsGoal,
    EdgeGoal,
    Knob,
    LengthGoal,
    Target,
    measure,
    parse_target,
    parse_vary,
)
from genkit.sim.tune_patch import apply_patch, yaml_patch
from tests.conftest import run_cli

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "standard_mini"
WINNER = "game.victory.turn_limit.winner"


genkit = run_cli


# --------------------------------------------------------------------------- parsing

def test_parse_vary_ranges_and_lists():
    k = parse_vary("turn_track.turns=10..14")
    assert k == Knob("turn_track.turns", ("10", "11", "12", "13", "14"), 10, 14) and k.is_range
    assert parse_vary("a.b=-1..1").values == ("-1", "0", "1")
    k = parse_vary("unit_types.inf.movement=3, 4,5")
    assert k.values == ("3", "4", "5") and not k.is_range
    assert parse_vary("game.victory.turn_limit.winner=blue,grey").values == ("blue", "grey")
    assert parse_vary("x.y=[1,2],[3,4]").values == ("[1,2]", "[3,4]")


@pytest.mark.parametrize("text, words", [
    ("turn_track.turns", "expected KEY=lo..hi"),
    ("turn_track.turns=5..5", "empty or one value"),
    ("turn_track.turns=7..3", "empty or one value"),
    ("turn_track.turns=1..x", "two integers"),
    ("turn_track.turns=4", "at least two"),
    ("turn_track.turns=4,4", "twice"),
    ("=1..3", "dotted path"),
    ("a..b=1..3", "dotted path"),
    ("a.b=0..5000", "at most"),
])
def test_parse_vary_errors(text, words):
    with pytest.raises(ValueError, match=words):
        parse_vary(text)


def test_parse_target():
    assert parse_target("carrow=0.5") == Target("carrow", 0.5, 0.03)
    assert parse_target("carrow=0.5+-0.05") == Target("carrow", 0.5, 0.05)
    assert parse_target("us = 0.45 ± 0.1") == Target("us", 0.45, 0.1)
    for bad, words in [("carrow", "expected SIDE=P"), ("carrow=50", "between 0 and 1"),
                       ("carrow=0.5+-0.7", "tolerance"), ("carrow=0.5+-0", "tolerance"), ("carrow=x", "expected")]:
        with pytest.raises(ValueError, match=words):
            parse_target(bad)


def test_parse_the_other_goals():
    assert parse_target("length=10") == LengthGoal(10.0, 1.0)
    assert parse_target("length = 7.5+-0.5") == LengthGoal(7.5, 0.5)
    assert parse_target("length=12±2") == LengthGoal(12.0, 2.0)
    assert parse_target("first_edge<=0.05") == EdgeGoal(0.05)
    assert parse_target(" first_edge <= 0.1 ") == EdgeGoal(0.1)
    assert parse_target("cards=all") == CardsGoal()
    assert [g.describe() for g in (LengthGoal(10.0, 1.0), EdgeGoal(0.05), CardsGoal())] == \
        ["length=10+-1", "first_edge<=0.05", "cards=all"]


@pytest.mark.parametrize("text, words", [
    ("length", "expected length=MEAN or length=MEAN+-TOL"),
    ("length=x", "expected length=MEAN"),
    ("length=0.5", "at least 1 turn"),
    ("length=10+-0", "positive number of turns"),
    ("length=1.2.3", "not a number"),
    ("first_edge=0.05", "expected first_edge<=BOUND"),
    ("first_edge<=5", "between 0 and 1"),
    ("first_edge<=0", "between 0 and 1"),
    ("first_edge>=0.1", "expected first_edge<=BOUND"),
    ("cards=some", "expected cards=all"),
    ("cards", "expected cards=all"),
    ("nonsense", "length=MEAN"),                      # the usage names every goal
])
def test_parse_the_other_goals_errors(text, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        parse_target(text)


def test_measure_cards_share_and_score():
    class Fake:
        def design(self):
            return {"dead_cards": {"cards": ["c3"], "of": 4, "games": 9, "play_chance_below": 0.3}}
    row = measure(CardsGoal(), Fake())
    assert row["deviation"] == 0.25 and row["score"] == 2.0 and not row["met"] and row["dead"] == ["c3"]


# --------------------------------------------------------------------------- the command line

def test_help_names_every_option():
    out = genkit("tune", "--help")
    assert out.returncode == 0
    for option in ("--vary", "--target", "--bots", "--games", "--trials", "--seed", "--workers", "--report",
                   "--json", "--confirm-games", "lo..hi"):
        assert option in out.stdout
    assert "tune" in genkit("--help").stdout


@pytest.mark.parametrize("args, code, words", [
    (["--vary", "turn_track.turns=4", "--target", "blue=0.5"], 2, "at least two"),
    (["--vary", "turn_track.turns=6..8", "--target", "blue=2"], 2, "between 0 and 1"),
    (["--vary", "turn_track.turns=6..8"], 2, "--target"),
    (["--vary", "turn_track.turnz=6..8", "--target", "blue=0.5"], 2, "nearest valid paths: turn_track.turns"),
    (["--vary", "turn_track.turns=6..8", "--target", "red=0.5"], 2, "no side 'red' (sides: blue, grey)"),
    (["--vary", "turn_track.turns=6..8", "--target", "blue=0.5", "--bots", "greedy,nosuch"], 2, "nosuch"),
    (["--vary", "turn_track.turns=6..8", "--vary", "turn_track.turns=1..2", "--target", "blue=0.5"], 2, "twice"),
    (["--vary", "turn_track.turns=6..8", "--set", "turn_track.turns=7", "--target", "blue=0.5"], 2, "both"),
    (["--vary", "turn_track.turns=6..8", "--target", "cards=all"], 2, "the game has no cards"),
    (["--vary", "turn_track.turns=6..8", "--target", "cards=most"], 2, "expected cards=all"),
    (["--vary", "turn_track.turns=6..8", "--target", "length=x"], 2, "expected length=MEAN"),
    (["--vary", "turn_track.turns=6..8", "--target", "first_edge<5"], 2, "expected first_edge<=BOUND"),
    (["--vary", "turn_track.turns=6..8", "--target", "length=7", "--target", "length=8"], 2, "given twice"),
    # turn 2 is before the reinforcements' turns: the content is wrong, found before any game
    (["--vary", "turn_track.turns=2,8", "--target", "blue=0.5"], 1, "after the last turn"),
])
def test_usage_and_content_errors(args, code, words):
    out = genkit("tune", MINI, *args, "--games", "2", "--trials", "1", "--workers", "1")
    assert out.returncode == code, out.stdout + out.stderr
    assert words in out.stdout + out.stderr
    assert "trial" not in out.stdout


# --------------------------------------------------------------------------- the search

def _tune(tmp_path, name, seed=3, **kw):
    out = io.StringIO()
    args = dict(games=12, trials=4, seed=seed, workers=1, confirm=2, confirm_games=24,
                json_path=tmp_path / f"{name}.json", out=out)
    args.update(kw)
    code = tune_command(str(MINI), [parse_vary(f"{WINNER}=blue,grey"), parse_vary("turn_track.turns=6..8")],
                        [parse_target("blue=0.7+-0.15")], ["greedy,greedy"], **args)
    return code, out.getvalue(), json.loads((tmp_path / f"{name}.json").read_text())


@pytest.fixture(scope="module")
def tuned(tmp_path_factory):
    """One search (seed 3, one worker, with its HTML report): (exit code, text, JSON, report path),
    read by the tests below that need a finished search and nothing else of their own. Made once
    per test session: pytest-xdist's workers share its folder, the first to ask searches (under a
    lock) and the others read its results back."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "tuned"
    folder.mkdir(exist_ok=True)
    done = folder / "code-and-text.json"
    with open(folder.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_file():
            code, text, _ = _tune(folder, "a", report_path=folder / "r.html")
            done.write_text(json.dumps([code, text]))
    code, text = json.loads(done.read_text())
    return code, text, json.loads((folder / "a.json").read_text()), folder / "r.html"


def test_same_seed_same_json_and_workers_do_not_matter(tuned, tmp_path):
    code, text, a, _ = tuned
    assert code == 0
    _, _, b = _tune(tmp_path, "b", workers=2)
    assert a == b
    assert len(a["trials"]) == 4 and a["trials"][0]["number"] == 1
    assert text.count("\ntrial ") + text.startswith("trial ") == 4
    for t in a["trials"]:                                     # every figure has its interval
        wr = t["pairs"][0]["win_rate"]["blue"]
        assert wr["ci95"][0] <= wr["p"] <= wr["ci95"][1] and wr["games"] == 12
    assert a["best"]["games"] in (24, 48, 96, 192) and a["confirmed"][0] == {k: a["best"][k] for k in a["confirmed"][0]}


def test_a_reachable_target_is_found_and_confirmed_by_genkit_sim(tuned, tmp_path):
    code, text, j, report = tuned
    assert code == 0
    best = j["best"]
    assert best["met"] and best["settings"][WINNER] == "blue"      # grey wins every timeout: blue ~3%
    assert "target met for every goal and every bot pair" in text
    line = next(s.strip() for s in text.splitlines() if s.strip().startswith("genkit sim "))
    args = shlex.split(line)[2:]
    args[args.index("--games") + 1] = str(best["games"])  # the same games as the confirmation
    out = genkit("sim", *args, "--workers", "1", "--no-progress", "--json", tmp_path / "sim.json")
    assert out.returncode == 0, out.stderr
    sim = json.loads((tmp_path / "sim.json").read_text())
    assert sim["win_rate"]["blue"]["p"] == pytest.approx(best["pairs"][0]["win_rate"]["blue"]["p"])
    html = report.read_text()
    namespaces = r' xmlns(:\w+)?="http://www\.w3\.org/[^"]*"'     # names, never fetched
    assert html.count("<svg") >= 3 and "http" not in re.sub(namespaces, "", html)
    for part in ("objective over the trials", "effect of each number", "best candidates"):
        assert part in html


def test_an_unreachable_target_says_how_close_it_got(tmp_path):
    out = io.StringIO()
    code = tune_command(str(MINI), [parse_vary("turn_track.turns=6..7")], [parse_target("blue=0.9+-0.02")],
                        ["greedy,greedy"], games=8, trials=2, seed=1, workers=1, confirm=1, confirm_games=8,
                        out=out)
    assert code == 0
    assert "target NOT met: the closest settings are " in out.getvalue()
    assert "times the tolerance away" in out.getvalue() and not re.search(r"\btol\b", out.getvalue())


def test_several_bot_pairs_count_the_worst(tmp_path):
    result = run_tune(str(MINI), [parse_vary(f"{WINNER}=blue,grey")], [Target("blue", 0.5, 0.1)],
                      ["greedy,greedy", "random,random"], games=6, trials=2, seed=2, workers=1, confirm=1,
                      confirm_games=6)
    for t in result.trials:
        devs = [d["deviation"] for p in t["pairs"] for d in p["deviations"]]
        scores = [d["score"] for p in t["pairs"] for d in p["deviations"]]
        assert len(devs) == 2 and t["objective"] == max(scores) == pytest.approx(max(devs) / 0.1)


# --------------------------------------------------------------------------- the YAML patch

def test_the_yaml_patch_applies(tmp_path):
    settings = {WINNER: "blue", "turn_track.turns": "9", "unit_types.inf.movement": "5",
                "turn_track.per_turn.replacements.each_turn.grey": "2"}
    patch = yaml_patch(MINI, settings)
    assert set(patch) <= {"game.yaml", "units.yaml"}
    assert patch["units.yaml"] == {"unit_types": [{"id": "inf", "movement": 5}]}
    copy = tmp_path / "mini"
    shutil.copytree(MINI, copy)
    for file, p in patch.items():
        data = yaml.safe_load((copy / file).read_text())
        (copy / file).write_text(yaml.safe_dump(apply_patch(data, p), sort_keys=False))
    patched, _ = load(copy)
    wanted, _ = load(MINI, [f"{k}={v}" for k, v in settings.items()])
    assert patched.model_dump() == wanted.model_dump()


def test_a_new_turn_of_a_schedule_is_a_change_its_patch_adds(tmp_path):
    """Varying a turn the per-turn schedule does not name yet: the change, its patch and its line."""
    from genkit.sim.tune import Evaluation, TuneResult
    from genkit.sim.tune_patch import patch_text
    key = "turn_track.per_turn.replacements.changes.3.blue"
    result = TuneResult(str(MINI), [parse_vary(f"{key}=0,2")], [Target("blue", 0.5)], [None], [], 4, 4, 0)
    result.best = Evaluation({key: "2"}, 4, [], 0.1, False)
    assert result.changes() == {key: "2"}
    assert f"{key}: (none) -> 2" in patch_text(result)
    copy = tmp_path / "mini"
    shutil.copytree(MINI, copy)
    for file, p in result.patch().items():
        data = yaml.safe_load((copy / file).read_text())
        (copy / file).write_text(yaml.safe_dump(apply_patch(data, p), sort_keys=False))
    assert load(copy)[0].turn_value("replacements", 3, "blue") == 2


def test_the_json_patch_is_yaml_for_each_file(tuned):
    _, text, j, _ = tuned
    assert "YAML patch:" in text and "# game.yaml" in text
    patch = yaml.safe_load(j["best"]["patch"]["game.yaml"])
    assert patch["game"]["victory"] == [{"kind": "turn_limit", "winner": j["best"]["settings"][WINNER]}]


def test_bad_content_raises_content_error():
    with pytest.raises(ContentError):
        tune_command(str(MINI), [parse_vary("turn_track.turns=1,8")], [parse_target("blue=0.5")], [],
                     games=2, trials=1, workers=1, out=io.StringIO())


def test_the_patch_holds_only_what_changes():
    from genkit.sim.tune import Evaluation, TuneResult
    from genkit.sim.tune_patch import patch_text
    result = TuneResult(str(MINI), [parse_vary("turn_track.turns=6..8")], [Target("blue", 0.5)], [None],
                        ["unit_types.inf.movement=5"], 4, 4, 0)
    result.best = Evaluation({"turn_track.turns": "8"}, 4, [], 0.1, False)     # 8: the file's own value
    assert result.changes() == {"unit_types.inf.movement": "5"}
    assert "turn_track" not in patch_text(result) and "movement: 5" in patch_text(result)
    result.fixed = []
    assert patch_text(result).startswith("none")


# --------------------------------------------------------------------------- the other goals

def test_a_length_goal_is_found_by_varying_the_turns(tmp_path):
    # standard_mini's games run to the turn limit: the length is the number of turns
    out = io.StringIO()
    code = tune_command(str(MINI), [parse_vary("turn_track.turns=5..12")], [parse_target("length=10+-0.5")],
                        ["greedy,greedy"], games=4, trials=6, seed=1, workers=1, confirm=2, confirm_games=8,
                        json_path=tmp_path / "l.json", report_path=tmp_path / "l.html", out=out)
    assert code == 0
    j = json.loads((tmp_path / "l.json").read_text())
    assert j["targets"] == [{"goal": "length", "mean": 10.0, "tolerance": 0.5}]
    best = j["best"]
    assert best["met"] and best["settings"] == {"turn_track.turns": "10"}
    dev = best["pairs"][0]["deviations"][0]
    assert dev["goal"] == "length" and dev["figure"] == 10.0 and dev["ci95"] is not None
    text = out.getvalue()
    assert "length 10.00 [" in text and "target met for every goal and every bot pair" in text
    assert text.count("turns, ") + text.count("turns  (") >= 6      # every trial line shows the length
    assert "length=10+-0.5" in (tmp_path / "l.html").read_text()


def _combined(tmp_path, name):
    out = io.StringIO()
    code = tune_command(str(MINI), [parse_vary(f"{WINNER}=blue,grey"), parse_vary("turn_track.turns=6..8")],
                        [parse_target("blue=0.6+-0.15"), parse_target("length=7"),
                         parse_target("first_edge<=0.2")],
                        ["greedy,greedy"], games=8, trials=4, seed=5, workers=1, confirm=2, confirm_games=16,
                        json_path=tmp_path / f"{name}.json", report_path=tmp_path / f"{name}.html", out=out)
    return code, out.getvalue(), json.loads((tmp_path / f"{name}.json").read_text())


def test_combined_goals_count_the_worst_and_the_same_seed_gives_the_same_json(tmp_path):
    code, text, a = _combined(tmp_path, "a")
    assert code == 0
    _, _, b = _combined(tmp_path, "b")
    assert a == b
    for t in a["trials"]:
        devs = t["pairs"][0]["deviations"]
        assert [d["goal"] for d in devs] == ["win_rate", "length", "first_edge"]
        assert t["objective"] == max(d["score"] for d in devs)
        assert t["met"] == all(d["met"] for d in devs)
        edge = next(d for d in devs if d["goal"] == "first_edge")
        assert edge["ci95"][0] <= edge["figure"] <= edge["ci95"][1]
        assert edge["figure"] == pytest.approx(abs(t["pairs"][0]["win_rate"]["blue"]["p"] - 0.5))
    line = next(s for s in text.splitlines() if s.startswith("trial   1"))
    assert "blue " in line and "length " in line and "first_edge " in line
    best = a["best"]
    summary = text[text.index("best settings:"):]
    for goal in ("blue=0.6+-0.15", "length=7+-1", "first_edge<=0.2"):
        assert f"target {goal}:" in summary
    assert best["met"] == ("target met for every goal" in text)
    html = (tmp_path / "a.html").read_text()
    assert "first_edge&lt;=0.2" in html and "length=7+-1" in html


def test_the_first_edge_matches_genkit_sim(tmp_path):
    from genkit.sim.runner import simulate
    m = simulate(str(MINI), [f"{WINNER}=blue"], games=10, seed=4, bots="greedy,greedy", workers=1,
                 progress=False)
    sim = json.loads(m.dumps())
    row = measure(EdgeGoal(0.05), m)
    assert row["figure"] == pytest.approx(abs(sim["design"]["first_player_advantage"]["edge"]))
    assert row["met"] == (row["figure"] <= 0.05)
    row = measure(LengthGoal(8, 1), m)
    assert row["figure"] == sim["length"]["mean"]


def test_cards_all_on_a_game_with_cards(tmp_path):
    game = Path(__file__).resolve().parents[2] / "content" / "bering_land"
    result = run_tune(str(game), [parse_vary("turn_track.turns=29,30")], [CardsGoal()], [None], games=2,
                      trials=1, seed=0, workers=1, confirm=1, confirm_games=2)
    dev = result.trials[0]["pairs"][0]["deviations"][0]
    assert dev["goal"] == "cards" and dev["of"] == 7
    assert dev["met"] == (not dev["dead"]) and dev["score"] == 2 * len(dev["dead"])


# --------------------------------------------------------------------------- judged by the interval

class _Rates:
    """Figures with one win rate: k wins of n for blue."""
    def __init__(self, k, n):
        self.k, self.n = k, n

    def win_rate(self, side):
        from genkit.sim.stats import wilson
        return {"p": self.k / self.n, "ci95": list(wilson(self.k, self.n)), "wins": self.k, "games": self.n}


def test_a_win_rate_goal_is_met_only_when_its_interval_lies_inside_the_tolerance():
    goal = Target("blue", 0.5, 0.03)
    near = measure(goal, _Rates(496, 1000))                 # 0.496 [0.465, 0.527]: too wide
    assert near["inside"] and not near["met"]
    settled = measure(goal, _Rates(4960, 10000))            # 0.496 [0.486, 0.506]
    assert settled["inside"] and settled["met"]
    assert not measure(goal, _Rates(600, 1000))["inside"]


def test_trial_lines_name_every_number_by_its_full_path(tuned):
    _, text, _, _ = tuned
    line = next(s for s in text.splitlines() if s.startswith("trial   1"))
    assert f"{WINNER}=" in line and "turn_track.turns=" in line


def test_apply_writes_only_the_changed_values_and_keeps_comments(tmp_path):
    copy = tmp_path / "mini"
    shutil.copytree(MINI, copy)
    before = {f.name: f.read_text() for f in copy.glob("*.yaml")}
    out = io.StringIO()
    code = tune_command(str(copy), [parse_vary("turn_track.turns=10,11")], [parse_target("length=10+-0.5")],
                        ["greedy,greedy"], games=4, trials=2, seed=1, workers=1, confirm=1, confirm_games=4,
                        out=out, apply=True)
    assert code == 0
    text = out.getvalue()
    assert "-  turns: 8\n+  turns: 10" in text and "--apply: wrote" in text
    after = {f.name: f.read_text() for f in copy.glob("*.yaml")}
    changed = [name for name in before if before[name] != after[name]]
    assert changed == ["game.yaml"]
    old, new = before["game.yaml"].splitlines(), after["game.yaml"].splitlines()
    assert len(old) == len(new) and [(a, b) for a, b in zip(old, new) if a != b] == [("  turns: 8", "  turns: 10")]
    assert load(copy)[0].turn_track.turns == 10


def test_apply_writes_nothing_when_the_target_is_not_met(tmp_path):
    copy = tmp_path / "mini"
    shutil.copytree(MINI, copy)
    before = (copy / "game.yaml").read_text()
    out = io.StringIO()
    tune_command(str(copy), [parse_vary("turn_track.turns=6..7")], [parse_target("blue=0.9+-0.02")],
                 ["greedy,greedy"], games=4, trials=2, seed=1, workers=1, confirm=1, confirm_games=4, out=out,
                 apply=True)
    assert "nothing written" in out.getvalue() and (copy / "game.yaml").read_text() == before


def test_patched_texts_fall_back_to_a_comment_keeping_round_trip_for_a_new_entry(tmp_path):
    from genkit.sim.tune_patch import patched_texts
    key = "turn_track.per_turn.replacements.changes.3.blue"
    ((path, (old, new)),) = patched_texts(MINI, {key: "2"}).items()
    assert all(line in new for line in old.splitlines() if line.lstrip().startswith("#"))
    copy = tmp_path / "mini"
    shutil.copytree(MINI, copy)
    (copy / path.name).write_text(new)
    assert load(copy)[0].turn_value("replacements", 3, "blue") == 2
