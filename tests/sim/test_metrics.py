"""The streaming aggregator: merging chunk aggregates equals one pass over the games."""
import json

from genkit.engine import rules_for
from genkit.engine.bots import game_seed
from genkit.model.load import load
from genkit.sim.metrics import VIOLATION_CAP, Metrics, empty_record
from genkit.sim.play import record_game
from genkit.sim.runner import meta_for


def _records(path, n, bots=("greedy", "random")):
    content, source = load(path)
    game = rules_for(content)
    meta = meta_for(content, source, path, [], 0, bots)
    return meta, [record_game(game, game_seed(0, i), bots, index=i) for i in range(n)]


def test_merge_equals_single_pass(bering_path):
    meta, recs = _records(bering_path, 8)
    one = Metrics(meta)
    for r in recs:
        one.add(r)
    parts = [Metrics(meta) for _ in range(3)]
    for i, r in enumerate(reversed(recs)):          # different order, different split
        parts[i % 3].add(r)
    merged = Metrics(meta)
    for p in (parts[2], parts[0], parts[1]):
        merged.merge(p)
    assert json.dumps(merged.to_json(timing=False), sort_keys=True) == \
        json.dumps(one.to_json(timing=False), sort_keys=True)
    j = one.to_json(timing=False)
    assert j["games"] == 8 and sum(j["wins"].values()) + j["draws"] == 8
    assert sum(int(c) for c in j["length_histogram"].values()) == 8
    assert j["crt"]["battles"] > 0 and j["units"]["us:inf"]["battles_led"] >= 0


def test_json_has_the_documented_fields(bering_path):
    meta, recs = _records(bering_path, 3, ("random", "random"))
    m = Metrics(meta)
    for r in recs:
        m.add(r)
    m.elapsed = 1.0
    j = m.to_json()
    for key in ("games", "seed", "bots", "wins", "draws", "win_rate", "length", "end_reasons",
                "invariant_violations", "games_per_second", "first_player", "turn_limit", "crt",
                "cards", "dead_cards", "units", "card_kills", "events"):
        assert key in j, key
    for kind, e in j["events"].items():            # the game's own kinds, per side, titled
        assert set(e) == {"title", "total", "per_game"} and set(e["total"]) >= {"us", "ru"}, kind
        assert all(e["per_game"][s] == e["total"][s] / 3 for s in e["total"])
    assert j["events"]["repl_received"]["title"].startswith("10.0: replacement steps available")
    assert set(j["cards"]) == set(meta["cards"]) and meta["card_names"]
    assert set(j["win_rate"]["us"]) >= {"p", "ci95"} and len(j["win_rate"]["us"]["ci95"]) == 2
    assert set(j["length"]) >= {"mean", "median", "p90"}
    assert j["bots"] == {"us": "random", "ru": "random"}
    assert j["games_per_second"] == 3.0
    assert len(j["crt"]["never_reached"]) + len(j["crt"]["cells"]) == 7 * 2 * 6
    json.dumps(j)


def test_violations_capped_by_game_index():
    a, b = Metrics({"sides": ["us", "ru"]}), Metrics({"sides": ["us", "ru"]})
    for i in range(2 * VIOLATION_CAP):
        r = empty_record(i, 1000 + i)
        r["violations"].append({"index": i, "seed": 1000 + i, "step": 3, "kind": "invariant", "message": "x"})
        (a if i % 2 else b).add(r)
    a.merge(b)
    assert a.violation_count == 2 * VIOLATION_CAP
    assert [v["index"] for v in a.violations] == list(range(VIOLATION_CAP))
    assert a.failed
