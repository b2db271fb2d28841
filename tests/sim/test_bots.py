"""Bots: registered by name, legal, reproducible, and greedy plays better than random."""
import pytest

from genkit.engine import rules_for
from genkit.engine.rules.bering_land.view import PlayerView
from genkit.engine.bots import game_seed
from genkit.model.load import load
from genkit.sim.bots import bot_names, parse_bots
from genkit.sim.play import record_game


@pytest.fixture(scope="module")
def game(bering_path):
    content, _ = load(bering_path)
    return content, rules_for(content)


def test_registry():
    assert set(bot_names()) >= {"random", "greedy", "search"}
    assert parse_bots("greedy", 2) == ("greedy", "greedy")
    assert parse_bots("greedy, random", 2) == ("greedy", "random")
    with pytest.raises(ValueError):
        parse_bots("a,b,c", 2)


def test_view_hides_the_hidden(game):
    content, g = game
    s = g.initial_state(3)
    v = PlayerView(s, 0)
    for hidden in ("deck", "hands", "rng"):
        assert not hasattr(v, hidden)
    assert v.deck_size == len(s.deck) and v.other_hand_size == len(s.hands[1])
    import random
    c = v.sample_state(random.Random(1))
    assert sorted(c.deck + c.hands[1]) == sorted(s.deck + s.hands[1]) and c.hands[0] == s.hands[0]
    assert c.rng != s.rng


def test_greedy_games_are_legal_and_reproducible(game):
    content, g = game
    a = record_game(g, content, game_seed(9, 0), ("greedy", "greedy"), check=True)
    b = record_game(g, content, game_seed(9, 0), ("greedy", "greedy"), check=True)
    assert a == b and a["completed"] and not a["violations"]


def test_greedy_beats_random_as_the_attacker(game):
    content, g = game
    wins = {"greedy": 0, "random": 0}
    for i in range(10):
        for bot in wins:
            r = record_game(g, content, game_seed(4, i), (bot, "random"), observe=False)
            wins[bot] += r["winner"] == "us"
    assert wins["greedy"] > wins["random"]


def test_search_bot_plays_a_legal_game(game):
    content, g = game
    r = record_game(g, content, game_seed(1, 0), ("search", "greedy"), check=True)
    assert r["completed"] and not r["violations"]
