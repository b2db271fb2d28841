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
