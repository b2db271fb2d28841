"""Modern Land Battles, the optional rules (booklet 8.0), each chosen in the YAML
(``rules.optional``): 8.1 the Recon Drone cards, 8.2 range defense against artillery and close air
support, 8.3 the action card pool bought with starting VP. 8.4 Team Play is for a table of four
and not played by the rules module (the booklet says so)."""
from __future__ import annotations

import random
import shutil

import pytest

from genkit.engine import play_game
from genkit.engine.rules.modern_land_battles import RULES
from genkit.engine.rules.modern_land_battles.state import BUY, DESTROYED
from genkit.pack.printable import check_path
from tests.conftest import edit
from tests.engine.mlb_table import PACK, Table, fixed_dice, game


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def _table(*overrides):
    tb = Table(game(*overrides))
    tb.put("us_rifles", "breakthrough", 0)
    tb.put("su_rifles", "breakthrough", 0)
    return tb


def test_8_0_the_pack_plays_the_recon_drone_and_neither_other_optional_rule():
    opt = game().section.optional
    assert (opt.recon_drone, opt.range_defense, opt.action_card_pool) == (True, False, False)


def test_8_1_recon_drone_off_leaves_its_cards_out_of_the_deck():
    on, off = game(), game("rules.optional.recon_drone=false")
    drone = next(k for k, a in enumerate(on.actions) if a.id == "recon_drone")
    assert on.deck_cards.count(drone) == on.actions[drone].copies == 2
    assert drone not in off.deck_cards and len(off.deck_cards) == len(on.deck_cards) - 2
    s = off.initial_state(3)
    rng = random.Random(3)
    while s.stage == BUY:
        off.apply(s, rng.choice(off.legal_actions(s)))
    assert drone not in s.pile + s.hands[0] + s.hands[1] and not off.state_problems(s)


def _gun_at(tb, target_row):
    gun = tb.put("us_m109", "breakthrough", 2)                   # range 4, +1
    tb.put("us_m1a1", "breakthrough", 1)
    tb.put("su_t72", "breakthrough", 0)
    target = tb.put("su_bmp2", "breakthrough", target_row)       # armour 5
    return gun, target


@pytest.mark.parametrize("rule, hits", [("false", 3), ("true", 1)])
def test_8_2_range_defense_artillery_needs_one_more_per_row_of_depth(dice, rule, hits):
    tb = _table(f"rules.optional.range_defense={rule}")
    gun, target = _gun_at(tb, 1)                                 # 2nd row: 5 + 1 with the rule
    dice(4, 5, 4, 1)                                             # +1: 5, 6, 5, 2
    tb.do(("artillery", gun, 0, 2, target))
    assert tb.s.hits[target] == hits


@pytest.mark.parametrize("rule, hits", [("false", 2), ("true", 0)])
def test_8_2_range_defense_close_air_support_needs_two_more_at_the_third_row(dice, rule, hits):
    tb = _table(f"rules.optional.range_defense={rule}")
    gun, target = _gun_at(tb, 0)                                 # the gun, in the 3rd row, is air support's target
    tb.hand(1, "close_air_support")
    dice(1, 1, 1, 1, 7, 8, 6)                                    # the attack misses; air support 7, 8, 6
    tb.do(("artillery", gun, 0, 2, target))
    tb.do(("react", tb.k("close_air_support"), -1, -1))
    assert tb.s.hits[gun] == hits


def test_8_2_range_defense_leaves_other_attacks_alone(dice):
    tb = _table("rules.optional.range_defense=true")
    m1 = tb.put("us_m1a1", "breakthrough", 0)                    # cannon +1, range 2
    tb.put("su_t72", "breakthrough", 0)
    target = tb.put("su_bmp2", "breakthrough", 1)               # armour 5, in the 2nd row
    tb.hand(0, "cannon")
    dice(4, 4, 4, 4, 1)                                          # +1: four hits, as without the rule
    tb.do(("play", tb.k("cannon"), m1, 0, 0, target))
    assert tb.s.area[target] == DESTROYED


def _bought(g, seed):
    s = g.initial_state(seed)
    rng = random.Random(seed)
    pools = []
    while s.stage == BUY:
        acts = g.legal_actions(s)
        pool = [a for a in acts if a[0] == "pool"]
        pools.append(bool(pool))
        g.apply(s, pool[0] if pool and rng.random() < 0.5 else rng.choice(acts), check=True)
    return s, any(pools)


def test_8_3_action_card_pool_is_bought_with_starting_vp_and_kept_beside_the_hand():
    off = game()
    s, offered = _bought(off, 4)
    assert not offered and s.pools == [[], []]
    g = game("rules.optional.action_card_pool=true")
    seen = False
    for seed in range(6):
        s, offered = _bought(g, seed)
        assert offered
        for side in (0, 1):
            forces = sum(g.forces[f].vp for f in s.side_forces[side] if s.area[f] >= 0)
            cards = sum(g.actions[k].reinforce for k in s.pools[side])
            assert forces + cards == s.bought[side] <= 25
            hq = any(s.area[f] >= 0 and g.forces[f].hq for f in s.side_forces[side])
            assert len(s.hands[side]) == (8 if hq else 7)        # the pool is not part of the hand
            seen = seen or bool(s.pools[side])
        assert not g.state_problems(s)
    assert seen


def test_8_3_a_pool_card_is_played_like_a_card_in_hand_and_prepare_never_discards_it(dice):
    tb = _table("rules.optional.action_card_pool=true")
    m1 = tb.put("us_m1a1", "breakthrough", 0)
    target = tb.put("su_bmp2", "breakthrough", 0)
    k = tb.k("cannon")
    tb.s.pile.remove(k)
    tb.s.pools[0].append(k)
    tb.s.legal = None
    assert ("play", k, m1, 0, 0, target) in tb.legal()
    assert not any(a[0] == "discard" and a[1] == k for a in tb.legal())
    dice(1, 1, 1, 1, 1)
    tb.do(("play", k, m1, 0, 0, target))
    assert tb.s.pools[0] == [] and k in tb.s.discard and not tb.g.state_problems(tb.s)


def test_8_3_the_other_sides_pool_is_hidden_and_redealt_in_a_sampled_position():
    g = game("rules.optional.action_card_pool=true")
    for seed in range(10):
        s, _ = _bought(g, seed)
        if s.pools[1]:
            break
    v = g.observe(s, 0)
    assert v.pool == s.pools[0] and not hasattr(v, "pools")
    samples = [v.sample_state(random.Random(k)) for k in range(8)]
    assert all(len(c.pools[1]) == len(s.pools[1]) and c.pools[0] == s.pools[0] for c in samples)
    assert len({tuple(c.pools[1]) for c in samples}) > 1


@pytest.mark.parametrize("rule", ["range_defense", "action_card_pool"])
def test_8_0_whole_games_with_each_optional_rule_break_no_invariant(rule):
    g = game(f"rules.optional.{rule}=true", pinned=False)
    for seed in range(4):
        bots = [RULES.bots["greedy"].for_game(g, k, seed + k) for k in (0, 1)]
        r = play_game(g.content, seed, bots=bots, check_invariants=True)
        assert r.reason in ("points", "breakthrough_lost", "turn_limit")


def test_8_0_an_unknown_optional_rule_is_named_by_check(tmp_path):
    dest = tmp_path / "mlb"
    shutil.copytree(PACK, dest)
    edit(dest / "rules.yaml", "range_defense: false", "range_defence: false")
    errors = [f for f in check_path(dest) if f.severity == "error"]
    assert errors and errors[0].file.endswith("rules.yaml") and errors[0].line > 0 and "range_defence" in errors[0].message
