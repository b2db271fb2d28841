"""Modern Land Battles, set-up: nations, creating the battlefield, buying the starting army to
25 VP, the hand size with a headquarters."""
from __future__ import annotations

import random
import shutil

from genkit.engine.rules.modern_land_battles.state import ACTION, BREAKTHROUGH, BUY, OUT, RESERVE
from genkit.pack.printable import check_path
from tests.conftest import edit
from tests.engine.mlb_table import PACK, game


def test_setup_1_each_side_commands_only_its_own_nations_cards():
    g = game("rules.nations.south=cn")
    s = g.initial_state(3)
    assert s.nations == ("us", "cn")
    for f, force in enumerate(g.forces):
        want = {"us": 0, "cn": 1}.get(force.nation, -1)
        assert s.f_side[f] == want
        assert (s.area[f] == OUT) == (want < 0)


def test_setup_1_each_side_draws_its_nation_at_random_from_its_list_never_the_same():
    g = game(pinned=False)
    assert g.nation_lists[0] == g.nation_lists[1] and len(g.nation_lists[0]) == 7
    drawn = [g.initial_state(seed).nations for seed in range(200)]
    assert all(a != b for a, b in drawn)
    assert {a for a, _ in drawn} == {b for _, b in drawn} == set(g.nation_lists[0])   # every nation, either side
    assert drawn == [g.initial_state(seed).nations for seed in range(200)]            # seeded
    s = g.initial_state(7)
    for side in (0, 1):                     # the cards of the nation drawn, and only those, are the side's
        assert s.side_forces[side] == tuple(f for f, force in enumerate(g.forces) if force.nation == s.nations[side])


def test_setup_1_a_list_of_two_draws_one_of_the_two_and_the_other_side_the_rest():
    g = game("rules.nations.north=[uk, il]", "rules.nations.south=[uk, il]")
    drawn = {g.initial_state(seed).nations for seed in range(40)}
    assert drawn == {("uk", "il"), ("il", "uk")}


def test_setup_1_the_roles_are_each_sides_nation_and_player_order():
    g = game("rules.nations.south=cn")
    s = g.initial_state(5)
    rng = random.Random(5)
    while s.stage == BUY:
        g.apply(s, rng.choice(g.legal_actions(s)))
    roles = g.roles(s)
    assert roles["north"]["nation"] == "us" and roles["south"]["nation"] == "cn"
    assert roles[g.side_ids[s.first]]["order"] == "first" and roles[g.side_ids[1 - s.first]]["order"] == "second"
    names = g.role_names()
    assert set(names) == set(g.role_word) and names["nation"]["cn"] == "China"


def test_setup_1_two_sides_of_one_nation_are_refused_by_check(tmp_path):
    dest = tmp_path / "mlb"
    shutil.copytree(PACK, dest)
    edit(dest / "rules.yaml", "south: [am, cn, ins, il, uk, us, su]", "south: us")
    edit(dest / "rules.yaml", "north: [am, cn, ins, il, uk, us, su]", "north: [us, uk]")
    errors = [f for f in check_path(dest) if f.severity == "error" and f.code == "rules-reference"]
    assert len(errors) == 1 and errors[0].file.endswith("rules.yaml") and "each side commands its own" in errors[0].message
    assert errors[0].line > 0


def test_setup_1_an_unknown_nation_in_a_list_is_named_by_check(tmp_path):
    dest = tmp_path / "mlb"
    shutil.copytree(PACK, dest)
    edit(dest / "rules.yaml", "north: [am, cn, ins, il, uk, us, su]", "north: [am, cn, fr]")
    errors = [f for f in check_path(dest) if f.severity == "error" and f.code == "rules-reference"]
    assert len(errors) == 1 and "'fr' is not a nation" in errors[0].message and errors[0].line > 0


def test_setup_2_battlefield_one_terrain_card_up_with_the_control_counter_on_start():
    g = game()
    s = g.initial_state(5)
    assert s.terrain_at == 0 and s.control == 0 and sorted(s.terrain_order) == list(range(len(g.terrains)))
    orders = {tuple(g.initial_state(seed).terrain_order) for seed in range(8)}
    assert len(orders) > 1                      # shuffled by the seed


def test_setup_3_each_army_is_bought_to_25_vp_into_the_breakthrough_area():
    g = game()
    rng = random.Random(4)
    s = g.initial_state(11)
    assert s.stage == BUY
    while s.stage == BUY:
        g.apply(s, rng.choice(g.legal_actions(s)), check=True)
    for side in (0, 1):
        army = [f for f in s.side_forces[side] if s.area[f] >= 0]
        vp = sum(g.forces[f].vp for f in army)
        assert vp == s.bought[side] <= 25
        assert all(s.area[f] == BREAKTHROUGH for f in army)
        left = [g.forces[f].vp for f in s.side_forces[side] if s.area[f] == RESERVE]
        assert left and min(left) > 25 - vp      # bought until nothing more fits
    assert s.stage == ACTION


def test_setup_4_hand_size_is_seven_and_one_more_with_a_headquarters():
    g = game()
    for seed in range(6):
        s = g.initial_state(seed)
        rng = random.Random(seed)
        while s.stage == BUY:
            g.apply(s, rng.choice(g.legal_actions(s)))
        for side in (0, 1):
            hq = any(s.area[f] >= 0 and g.forces[f].hq for f in s.side_forces[side])
            assert len(s.hands[side]) == (8 if hq else 7)


def test_setup_5_the_first_player_is_drawn_at_random():
    g = game()
    firsts = set()
    for seed in range(12):
        s = g.initial_state(seed)
        rng = random.Random(seed)
        while s.stage == BUY:
            g.apply(s, rng.choice(g.legal_actions(s)))
        firsts.add(s.first)
        assert s.actor == s.first
    assert firsts == {0, 1}


def test_check_names_a_field_the_rules_read_that_the_force_deck_lacks(tmp_path):
    dest = tmp_path / "mlb"
    shutil.copytree(PACK, dest)
    edit(dest / "decks.yaml", "      armour: {type: integer", "      armor: {type: integer")
    edit(dest / "forces.csv", "id,name,nation,type,armour,", "id,name,nation,type,armor,")
    errors = [f for f in check_path(dest) if f.severity == "error" and f.code == "rules-reference"]
    assert len(errors) == 1 and "armour" in errors[0].message and errors[0].file.endswith("decks.yaml")
