"""Modern Land Battles' bots, through the game interface: what a side sees (its own hand, the
other only as a count), re-dealing what it cannot see, the greedy and search bots playing whole
games."""
from __future__ import annotations

import random

from genkit.engine import play_game
from genkit.engine.bots import RandomBot
from genkit.engine.rules.modern_land_battles import RULES
from genkit.engine.rules.modern_land_battles.state import BUY
from tests.engine.mlb_table import game


def _after_setup(g, seed):
    s = g.initial_state(seed)
    rng = random.Random(seed)
    while s.stage == BUY:
        g.apply(s, rng.choice(g.legal_actions(s)))
    return s


def test_a_side_sees_its_own_hand_and_only_the_size_of_the_other():
    g = game()
    s = _after_setup(g, 2)
    v = g.observe(s, 0)
    assert v.hand == s.hands[0] and v.foe_cards == len(s.hands[1]) and not hasattr(v, "hands")


def test_a_sampled_position_redeals_the_other_hand_and_the_pile_but_keeps_the_table():
    g = game()
    s = _after_setup(g, 4)
    seen = {tuple(g.observe(s, 0).sample_state(random.Random(k)).hands[1]) for k in range(6)}
    c = g.observe(s, 0).sample_state(random.Random(1))
    assert c.hands[0] == s.hands[0] and len(c.hands[1]) == len(s.hands[1]) and c.area == s.area
    assert sorted(c.pile + c.hands[1]) == sorted(s.pile + s.hands[1]) and len(seen) > 1


def test_greedy_and_search_bots_play_whole_games_through_the_interface():
    g = game()
    bots = [RULES.bots["search"].for_game(g, 0, 7), RULES.bots["greedy"].for_game(g, 1, 8)]
    r = play_game(g.content, 7, bots=bots, check_invariants=True)
    assert r.winner in ("north", "south", None) and r.reason in ("points", "breakthrough_lost", "turn_limit")


def test_greedy_beats_random_play():
    g = game()
    wins = 0
    for seed in range(20):
        bots = [RULES.bots["greedy"].for_game(g, 0, seed), None]
        bots[1] = RandomBot(seed)
        wins += play_game(g.content, seed, bots=bots).winner == "north"
    assert wins >= 14


def test_search_bot_searches_a_reaction_on_the_same_deals_for_every_choice(monkeypatch):
    """At a reaction with cards to play, the search bot plays on not reacting and its best
    reactions from the same re-dealt copies (the same deals and dice for every choice), and the
    same seed makes the same choice."""
    from genkit.engine.rules.modern_land_battles import bot_search
    from genkit.engine.rules.modern_land_battles.state import REACT
    g = game()
    s = _after_setup(g, 6)
    greedy = [RULES.bots["greedy"].for_game(g, k, k) for k in (0, 1)]
    while not (s.stage == REACT and len(g.legal_actions(s)) >= 3):
        g.apply(s, greedy[s.actor].choose(g.observe(s, s.actor), g.legal_actions(s)))
        assert not s.ended
    starts = []
    real = bot_search.playout

    def counted(game_, state, policy, steps, stop=None):
        starts.append(tuple(state.hands[1 - s.actor]))       # the hand it cannot see, as dealt
        return real(game_, state, policy, steps, stop)

    monkeypatch.setattr(bot_search, "playout", counted)
    bot = RULES.bots["search"].for_game(g, s.actor, 3)
    choice = bot.choose(g.observe(s, s.actor), g.legal_actions(s))
    n = bot.react_copies
    assert len(starts) == (bot.react_width + 1) * n                # two reactions and not reacting
    per_choice = [starts[i * n:(i + 1) * n] for i in range(bot.react_width + 1)]
    assert len({tuple(c) for c in per_choice}) == 1                 # the same deals for every choice
    again = RULES.bots["search"].for_game(g, s.actor, 3).choose(g.observe(s, s.actor), g.legal_actions(s))
    assert choice == again and choice in g.legal_actions(s)
