"""compare(): a change that must matter is significant; a no-op change is not."""
from pathlib import Path

import yaml

from genkit.model.load import load_game
from genkit.sim.compare import compare, parse_sweep, sweep


def vehicles_to_reserve(path) -> list[str]:
    """A one-sided change that keeps the counter mix: the Russian side's unit types with a
    facing (its vehicles, the strongest units) start in reserve instead of on the map."""
    content = load_game(path)
    sets = []
    for i, group in enumerate(content.counters.units):
        if group.side == content.game.sides[1].id and content.unit_type(group.type).facing:
            sets += [f"counters.units.{i}.setup=[]", f"counters.units.{i}.reserve={len(group.setup) + group.reserve}"]
    assert sets
    return sets


def test_change_that_matters_is_significant(bering_path):
    change = vehicles_to_reserve(bering_path)
    c = compare(bering_path, [], bering_path, change, games=24, seed=0, bots="greedy", workers=2,
                progress=False)
    # without its vehicles the Russian side must lose more often
    us_wins = c.row("win rate us")
    assert us_wins["significant"] and us_wins["diff"] > 0
    assert "Where it comes from: " in c.text()        # the end reasons that moved most
    assert c.a.meta["overrides"] == [] and c.b.meta["overrides"] == change


def test_noop_change_is_not_significant(bering_path):
    same = load_game(bering_path).unit_type("inf").movement  # set a value to itself
    c = compare(bering_path, [], bering_path, [f"unit_types.inf.movement={same}"], games=24, seed=0,
                bots=("greedy", "random"), workers=2, progress=False)
    assert c.significant() == []
    assert all(r["diff"] == 0 for r in c.rows)
    assert "win rate us" in c.text()


def test_sweep_and_parse(bering_path):
    assert parse_sweep("a.b=1,2,3") == ("a.b", ["1", "2", "3"])
    assert parse_sweep("crt.x=[K,L],[M,M]") == ("crt.x", ["[K,L]", "[M,M]"])
    now = str(load_game(bering_path).unit_type("hvy_mobile").movement)
    other = str(int(now) + 4)
    sw = sweep(bering_path, "unit_types.hvy_mobile.movement", [now, other], games=10, seed=0,
               bots=("greedy", "random"), workers=2, progress=False)
    pts = sw.points()
    assert [p["value"] for p in pts] == [now, other]
    assert pts[0]["vs_unchanged"]["us"]["diff"] == 0                     # the current value changes nothing
    assert sw.best_value() in (now, other)
    assert "unit_types.hvy_mobile.movement" in sw.text()


def _deck_reversed(path) -> str:
    """The same deck written in the other order (cards and their copies): an A/A change, the
    shuffle deals other cards from the same seed but the game is the same game."""
    deck = yaml.safe_load((Path(path) / "cards.yaml").read_text())["decks"][0]["cards"]
    rev = [dict(card, copies=list(reversed(card["copies"]))) for card in reversed(deck)]
    return "decks.ability.cards=" + yaml.safe_dump(rev, default_flow_style=True, width=10 ** 6).strip()


def test_same_game_with_its_deck_reordered_is_called_different_in_at_most_1_of_12_seeds(bering_path):
    """Twelve A/A comparisons of 30 greedy games a version (greedy: random bots seldom play a card,
    so their games do not change at all)."""
    change = _deck_reversed(bering_path)
    called, raw = 0, 0
    for seed in range(12):
        c = compare(bering_path, [], bering_path, [change], games=30, seed=1000 * seed, bots="greedy", workers=1,
                    progress=False)
        called += bool(c.significant())
        raw += any(r["p"] <= 0.05 for r in c.rows)
    assert called <= 1
    assert raw > called      # one 95% interval per metric, unadjusted, would have cried wolf more often


def test_compare_text_keeps_every_name_whole_and_shows_end_reasons_and_verdicts(bering_path):
    long_set = "unit_types.hvy_mobile.movement=" + str(load_game(bering_path).unit_type("hvy_mobile").movement)
    c = compare(bering_path, [], bering_path, [long_set], games=6, seed=0, bots="random", workers=1,
                progress=False)
    text = c.text()
    assert long_set in text and bering_path in text
    assert "end reason" in text and all(reason in text for reason in c.a.to_json(False)["end_reasons"])
    assert "No difference detected in the us win rate (+0.0 points" in text
    assert "more games would detect a change of 3 points" in text
    assert "Holm" in text and c.to_json()["significance"]["method"] == "Holm"


def test_sequential_compare_settles_a_clear_change_at_its_first_look(bering_path):
    c = compare(bering_path, [], bering_path, vehicles_to_reserve(bering_path), games=400, seed=0, bots="greedy",
                workers=1, progress=False, sequential=True)
    assert c.a.games == c.b.games == 100
    assert c.row("win rate us")["significant"] and c.row("win rate us")["diff"] > 0
    assert c.text().count("Settled after 100 of at most 400 games per version") == 1
    assert c.to_json()["significance"]["sequential"] == {"looks": [100, 200, 400], "games": 100}


def test_sweep_notes_a_step_that_swings_a_win_rate_by_20_points_or_more():
    from genkit.sim.compare import Sweep
    pts = [{"value": v, "win_rate": {"blue": {"p": p}}} for v, p in (("5", 0.02), ("6", 0.44), ("7", 0.31))]
    notes = Sweep("unit_types.arm.movement", ["5", "6", "7"], None, []).cliffs(pts, "blue")
    assert notes == ["Sensitivity: from unit_types.arm.movement=5 to 6, blue's win rate goes from 2% to 44%: "
                     "the game hangs on this number."]
