"""compare(): a change that must matter is significant; a no-op change is not."""
from genkit.sim.compare import compare, parse_sweep, sweep

# The Russian player loses both vehicle types (Light Heavy Mobile and Heavy
# Mobile: setup and reserve), i.e. its strongest units: a one-sided change.
NO_RU_VEHICLES = ["counters.units.6.setup=[]", "counters.units.6.reserve=0",
                  "counters.units.7.setup=[]", "counters.units.7.reserve=0"]


def test_change_that_matters_is_significant(bering_path):
    c = compare(bering_path, [], bering_path, NO_RU_VEHICLES, games=24, seed=0, bots="greedy", workers=2,
                progress=False)
    # without its vehicles the Russian side must lose more often
    us_wins = c.row("win rate us")
    assert us_wins["significant"] and us_wins["diff"] > 0
    assert c.a.meta["overrides"] == [] and c.b.meta["overrides"] == NO_RU_VEHICLES


def test_noop_change_is_not_significant(bering_path):
    c = compare(bering_path, [], bering_path, ["unit_types.inf.movement=3"], games=24, seed=0,
                bots=("greedy", "random"), workers=2, progress=False)
    assert c.significant() == []
    assert all(r["diff"] == 0 for r in c.rows)
    assert "win rate us" in c.text()


def test_sweep_and_parse(bering_path):
    assert parse_sweep("a.b=1,2,3") == ("a.b", ["1", "2", "3"])
    assert parse_sweep("crt.x=[K,L],[M,M]") == ("crt.x", ["[K,L]", "[M,M]"])
    sw = sweep(bering_path, "unit_types.hvy_mobile.movement", ["4", "8"], games=10, seed=0,
               bots=("greedy", "random"), workers=2, progress=False)
    pts = sw.points()
    assert [p["value"] for p in pts] == ["4", "8"]
    assert pts[0]["vs_base"]["us"]["diff"] == 0                     # 4 is the current value
    assert sw.best_value() in ("4", "8")
    assert "unit_types.hvy_mobile.movement" in sw.text()
