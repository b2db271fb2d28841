"""compare(): a change that must matter is significant; a no-op change is not."""
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
