"""Sides made of nations in the simulator (issue 32): each game's record carries figures per
nation (units on the map, units lost, and a game's own), and the report averages them."""
from __future__ import annotations

from pathlib import Path

from genkit.engine import rules_for
from genkit.model.load import load_game
from genkit.sim.runner import simulate

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "alliance_mini"


def test_nation_figures_count_each_nations_units():
    content = load_game(MINI)
    g = rules_for(content)
    s = g.initial_state(1)
    figs = g.nation_figures(s)
    assert figs == {"ostmark": {"units_on_map": 10, "units_lost": 0}, "reddish": {"units_on_map": 1, "units_lost": 0}}


def test_the_simulators_figures_are_per_nation_and_the_means_of_the_games():
    m = simulate(MINI, [], games=4, seed=3, bots=("random", "random"), workers=1, progress=False)
    table = m.to_json()["nations"]
    assert set(table) == {"ostmark", "reddish"}
    on_map, lost = table["ostmark"]["units_on_map"], table["ostmark"]["units_lost"]
    assert on_map + lost <= 10 and lost > 0            # random battles cost the Host units
    assert m.nations["ostmark"]["units_lost"] == round(lost * 4)
