"""Bots: one registry (the game's own first, then the generic ones), legal, reproducible,
and greedy plays better than random."""
import dataclasses
import random

import pytest

from genkit.engine import rules_for
from genkit.engine.bots import RandomBot, game_seed
from genkit.engine.rules.bering_land.bots import GreedyBot, SearchBot
from genkit.model.load import load
from genkit.sim.bots import RolloutBot, bot_names, make_bot, parse_bots
from genkit.sim.play import record_game


@pytest.fixture(scope="module")
def game(bering_path):
    content, _ = load(bering_path)
    return content, rules_for(content)


def test_registry(game):
    _, g = game
    assert bot_names() == ["random", "rollout"]                      # the generic ones
    assert bot_names(g) == ["greedy", "random", "rollout", "search"]  # plus the game's own
    assert type(g).module.bots == {"greedy": GreedyBot, "search": SearchBot}
    assert isinstance(make_bot("greedy", g, 0, 1), GreedyBot)
    assert isinstance(make_bot("search", g, 1, 1), SearchBot)
    assert isinstance(make_bot("random", g, 0, 1), RandomBot)
    assert isinstance(make_bot("rollout", g, 1, 1), RolloutBot)
    assert parse_bots("greedy", 2) == ("greedy", "greedy")         # the form alone, before the game is known
    assert parse_bots("greedy, random", None, g) == ("greedy", "random")
    assert parse_bots("rollout", None, g) == ("rollout", "rollout")
    with pytest.raises(ValueError):
        parse_bots("a,b,c", 2)


def test_the_games_own_bots_come_first(game):
    _, g = game

    class Mine(RandomBot):
        name = "mine"

    class Other(type(g)):
        module = dataclasses.replace(type(g).module, bots={"random": Mine})   # its own bot, a generic name

    other = Other.__new__(Other)            # (the registry reads only module.bots and side_ids)
    other.side_ids = g.side_ids
    assert type(make_bot("random", other, 0, 1)) is Mine
    assert type(make_bot("rollout", other, 0, 1)) is RolloutBot


def test_unknown_bot_lists_what_the_game_offers(game):
    _, g = game
    for bad in (lambda: make_bot("clever", g, 0, 1), lambda: parse_bots("greedy,clever", None, g)):
        with pytest.raises(ValueError) as exc:
            bad()
        assert "'clever'" in str(exc.value) and "greedy, random, rollout, search" in str(exc.value)
    with pytest.raises(ValueError) as exc:
        parse_bots("greedy,greedy,greedy", None, g)            # one per side
    assert "one per side (2)" in str(exc.value)


def test_view_hides_the_hidden(game):
    content, g = game
    s = g.initial_state(3)
    v = g.observe(s, 0)
    for hidden in ("deck", "hands", "rng"):
        assert not hasattr(v, hidden)
    assert v.deck_size == len(s.deck) and v.other_hand_size == len(s.hands[1])
    c = v.sample_state(random.Random(1))
    assert sorted(c.deck + c.hands[1]) == sorted(s.deck + s.hands[1]) and c.hands[0] == s.hands[0]
    assert c.rng != s.rng


def test_greedy_games_are_legal_and_reproducible(game):
    content, g = game
    a = record_game(g, game_seed(9, 0), ("greedy", "greedy"), check=True)
    b = record_game(g, game_seed(9, 0), ("greedy", "greedy"), check=True)
    assert a == b and a["completed"] and not a["violations"]


def test_greedy_beats_random_as_the_attacker(game):
    content, g = game
    wins = {"greedy": 0, "random": 0}
    for i in range(10):
        for bot in wins:
            r = record_game(g, game_seed(4, i), (bot, "random"), observe=False)
            wins[bot] += r["winner"] == "us"
    assert wins["greedy"] > wins["random"]


def test_search_bot_plays_a_legal_game(game):
    content, g = game
    r = record_game(g, game_seed(1, 0), ("search", "greedy"), check=True)
    assert r["completed"] and not r["violations"]


def test_rollout_bot_plays_a_legal_reproducible_game(game, monkeypatch):
    """The generic bot plays Bering Land through make_bot and the interface alone: every
    decision legal (the engine checks the invariants after each), the same game for a seed."""
    content, g = game
    chosen = []
    choose = RolloutBot.choose

    def spy(self, view, actions):
        a = choose(self, view, actions)
        assert a in actions
        chosen.append(a)
        return a

    monkeypatch.setattr(RolloutBot, "choose", spy)
    a = record_game(g, game_seed(2, 0), ("rollout", "random"), check="step")
    first = list(chosen)
    b = record_game(g, game_seed(2, 0), ("rollout", "random"), check="step")
    assert a["completed"] and not a["violations"] and a == b
    assert chosen == first + first and len(first) > 20
    c = record_game(g, game_seed(2, 1), ("random", "rollout"), check="turn")
    assert c["completed"] and not c["violations"]


def test_rollout_bot_is_seeded_and_capped(game, monkeypatch):
    content, g = game
    s = g.initial_state(5)
    while len(g.legal_actions(s)) <= RolloutBot.max_actions:        # find a wide decision
        g.apply(s, g.legal_actions(s)[0])
    side = s.actor
    actions = g.legal_actions(s)
    picks = [make_bot("rollout", g, side, seed).choose(g.observe(s, side), actions) for seed in (7, 7)]
    assert picks[0] == picks[1] and picks[0] in actions
    before = s.digest()
    make_bot("rollout", g, side, 8).choose(g.observe(s, side), actions)
    assert s.digest() == before                                         # plays on copies only
    tried = []
    playout = RolloutBot._playout
    monkeypatch.setattr(RolloutBot, "_playout", lambda self, view, a: tried.append(a) or playout(self, view, a))
    make_bot("rollout", g, side, 9).choose(g.observe(s, side), actions)
    assert len(tried) == RolloutBot.max_actions * RolloutBot.playouts           # a seeded sample of actions
    assert len(set(tried)) == RolloutBot.max_actions and set(tried) <= set(actions)
