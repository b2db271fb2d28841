"""Modern Land Battles, the turn and its actions: prepare, reinforce, moving between areas,
attacks and hits against armour, range by rows, artillery, superior attack counters, maneuvers
and securing terrain, reactions, losing the last Breakthrough force, victory."""
from __future__ import annotations

import pytest

from genkit.engine.rules.modern_land_battles.formation import close_up
from genkit.engine.rules.modern_land_battles.state import ACTION, DESTROYED, FOLLOW, REACT, TAKE
from tests.engine.mlb_table import Table, fixed_dice, game


@pytest.fixture
def t():
    tb = Table(game())
    tb.put("us_rifles", "breakthrough", 0)       # both sides keep a Breakthrough force
    tb.put("su_rifles", "breakthrough", 0)
    return tb


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def test_prepare_removes_every_acted_counter_and_draws_to_the_hand_size(t):
    m1 = t.put("us_m1a1", "breakthrough", 0, acted=1)
    t.hand(0, "cover", "cover")
    t.do(("prepare",))
    assert t.s.acted[m1] == 0
    t.do(("discard", t.k("cover")))
    t.do(("draw",))
    assert len(t.s.hands[0]) == 7 and t.s.actor == 1


def test_reinforce_spends_reinforcement_values_on_reserve_forces_into_the_breakthrough_area(t):
    t.hand(0, "combined_arms", "counter_fire", "cover")          # 3 + 3 + 1
    assert ("reinforce",) in t.legal()
    t.do(("reinforce",))
    t.do(("spend", t.k("combined_arms")))
    t.do(("spend", t.k("counter_fire")))
    t.do(("take",))
    assert t.s.stage == TAKE and t.s.budget == 6
    takes = [a for a in t.legal() if a[0] == "take"]
    assert all(t.g.forces[a[1]].vp <= 6 for a in takes) and any(t.g.forces[a[1]].vp == 5 for a in takes)
    t.do(("take", t.f("us_m1a1"), 0))           # 1 point left buys nothing: done at once
    assert t.s.area[t.f("us_m1a1")] == 0 and t.s.hands[0] == [t.k("cover")] and t.s.actor == 1


def test_moving_between_areas_an_attacker_joins_the_targets_area_and_empty_rows_close_up(t, dice):
    t.put("us_m1a1", "breakthrough", 1)
    brad = t.put("us_bradley", "breakthrough", 2)
    target = t.put("su_t72", "flanking", 0)
    t.hand(0, "cannon")
    dice(1, 1, 1, 1)
    t.do(("play", t.k("cannon"), brad, 1, 0, target))
    assert t.s.area[brad] == 1 and t.s.row[brad] == 0 and t.s.acted[brad] == 1
    t.put("us_m1a1", "flanking", 0)
    t.s.row[t.f("us_rifles")] = 1              # a gap: row 0 of the Breakthrough is empty
    close_up(t.g, t.s, 0, 0)
    assert t.s.row[t.f("us_rifles")] == 0


def test_attack_hits_on_armour_with_the_weapon_modifier_and_one_die_less_per_hit(t, dice):
    brad = t.put("us_bradley", "breakthrough", 0, hits=1)     # small arms +1
    target = t.put("su_btr", "breakthrough", 0)                 # armour 4
    t.hand(0, "cover_fire")
    dice(3, 2, 9)                                               # 3 dice: 4 - 1 hit; no extra die
    t.do(("play", t.k("cover_fire"), brad, 0, 0, target))
    assert t.s.hits[target] == 2                                # 3+1 and 9+1 reach 4; 2+1 does not


def test_attack_small_arms_card_rolls_a_die_more_from_the_breakthrough_area(t, dice):
    brad = t.put("us_bradley", "breakthrough", 0)
    target = t.put("su_t80", "breakthrough", 0)                 # armour 8
    t.hand(0, "small_arms")
    dice(7, 7, 7, 7, 7)                                          # 5 dice, 7 + 1 = 8 each
    t.do(("play", t.k("small_arms"), brad, 0, 0, target))
    assert t.s.hits[target] == 0 and t.s.area[target] == DESTROYED
    assert t.g.points(t.s, 0) == 5


def test_range_small_arms_one_row_cannon_two_missiles_first_two_rows(t):
    brad = t.put("us_bradley", "breakthrough", 1)                # small arms, cannon, missile
    near = t.put("su_t72", "breakthrough", 0)
    far = t.put("su_bmp1", "breakthrough", 1)
    t.hand(0, "small_arms", "cannon", "missile")
    legal = set(t.legal())
    sa, cn, mi = t.k("small_arms"), t.k("cannon"), t.k("missile")
    assert ("play", sa, brad, 0, 0, near) in legal and ("play", sa, brad, 0, 1, near) not in legal
    assert ("play", cn, brad, 0, 1, near) in legal and ("play", cn, brad, 0, 1, far) not in legal
    assert ("play", cn, brad, 0, 0, far) in legal
    assert ("play", mi, brad, 0, 1, far) in legal and ("play", mi, brad, 0, 2, far) not in legal


def test_artillery_attack_uses_the_cards_range_and_modifier_without_an_action_card(t, dice):
    gun = t.put("us_m109", "breakthrough", 2)                    # range 4, +1
    t.put("us_m1a1", "breakthrough", 1)
    near = t.put("su_t72", "breakthrough", 1)                   # 2 + 1 + 1 = 4 rows: in range
    far = t.put("su_2s1", "breakthrough", 2)
    legal = set(t.legal())
    assert ("artillery", gun, 0, 2, near) in legal and ("artillery", gun, 0, 2, far) not in legal
    dice(6, 5, 10, 1)                                            # armour 7: 6+1, 10+1 hit
    t.do(("artillery", gun, 0, 2, near))
    assert t.s.hits[near] == 2


def test_superior_attack_counters_add_to_rolls_from_the_breakthrough_area_only(t, dice):
    brad = t.put("us_bradley", "flanking", 0)
    target = t.put("su_t72", "flanking", 0)                     # armour 7, cannon +0
    t.s.superior = 3
    t.hand(0, "cannon")
    dice(6, 6, 6, 6)
    t.do(("play", t.k("cannon"), brad, 1, 0, target))
    assert t.s.hits[target] == 0                                  # no bonus on the flank


def test_superior_attack_counters_flanking_maneuver_removes_the_enemys_then_adds_ones_own(t, dice):
    hmm = t.put("us_hmmwv", "breakthrough", 1)                   # maneuver 5
    t.s.superior = -2                                             # south holds 2
    dice(5, 6, 9, 2)
    t.do(("maneuver", hmm, 1, 0, -1))
    assert t.s.superior == 1 and t.s.area[hmm] == 1 and t.s.acted[hmm] == 1


def test_securing_terrain_each_success_moves_the_control_counter_and_off_the_end_secures(t, dice):
    stryker = t.put("us_stryker", "breakthrough", 1)              # maneuver 6
    top = t.s.terrain_order[0]
    reach = t.g.terrains[top].reach
    t.s.control = reach - 1
    t.hand(0, "small_arms")                                        # maneuver +3
    dice(3, 3, 1, 1)                                               # 3 + 3 = 6: two successes
    t.do(("maneuver", stryker, 2, 0, t.k("small_arms")))
    assert t.s.secured[top] == 0 and t.s.terrain_at == 1 and t.s.control == 0
    assert t.g.points(t.s, 0) == t.g.terrains[top].vp


def test_reactions_a_stop_card_needs_a_ready_force_with_its_weapon_in_range(t, dice):
    brad = t.put("us_bradley", "breakthrough", 0)
    target = t.put("su_t72", "breakthrough", 0)
    atgm = t.put("su_atgm", "flanking", 2)                       # missile: moves to the Breakthrough 1st/2nd row
    t.hand(0, "cannon")
    t.hand(1, "overwatch")
    dice(9, 9, 9, 1, 1)                                           # 3 hits
    t.do(("play", t.k("cannon"), brad, 0, 0, target))
    assert t.s.stage == REACT and t.s.actor == 1
    reacts = [a for a in t.legal() if a[0] == "react"]
    assert reacts and all(a[2] == atgm and a[3] in (0, 1) for a in reacts)
    t.do(("react", t.k("overwatch"), atgm, 1))
    assert t.s.hits[target] == 2 and t.s.acted[atgm] == 1 and t.s.area[atgm] == 0 and t.s.actor == 1


def test_reactions_minefield_hits_the_maneuvering_force_once_per_success(t, dice):
    stryker = t.put("us_stryker", "breakthrough", 1)
    t.hand(1, "minefield")
    dice(6, 7, 1, 1)
    t.do(("maneuver", stryker, 2, 0, -1))
    t.do(("react", t.k("minefield"), -1, -1))
    assert t.s.hits[stryker] == 2 and abs(t.s.control) == 2


def test_reactions_counter_fire_hits_the_firing_battery_twice(t, dice):
    gun = t.put("us_m109", "breakthrough", 1)
    target = t.put("su_t72", "breakthrough", 0)
    t.hand(1, "counter_fire", "cover")
    dice(1, 1, 1, 1)
    t.do(("artillery", gun, 0, 1, target))
    assert ("react", t.k("cover"), -1, -1) not in t.legal()        # no hits to cover
    t.do(("react", t.k("counter_fire"), -1, -1))
    assert t.s.hits[gun] == 2


def test_reactions_close_air_support_hits_on_seven_whatever_the_armour(t, dice):
    m1 = t.put("us_m1a1", "breakthrough", 1)                      # armour 8
    target = t.put("su_btr", "breakthrough", 0)
    t.hand(0, "cannon")
    t.hand(1, "close_air_support")
    dice(1, 1, 1, 1, 1, 7, 9, 6)
    t.do(("play", t.k("cannon"), m1, 0, 1, target))
    t.do(("react", t.k("close_air_support"), -1, -1))
    assert t.s.hits[m1] == 2


def test_reactions_only_one_card_is_played_on_an_action(t, dice):
    brad = t.put("us_bradley", "breakthrough", 0)
    target = t.put("su_t72", "breakthrough", 0)
    t.hand(0, "cannon")
    t.hand(1, "cover", "cover")
    dice(9, 9, 9, 1, 1)
    t.do(("play", t.k("cannon"), brad, 0, 0, target))
    t.do(("react", t.k("cover"), -1, -1))
    assert t.s.hits[target] == 2 and t.s.hands[1] == [t.k("cover")] and t.s.stage != REACT


def test_overrun_after_destroying_a_force_takes_another_action(t, dice):
    brad = t.put("us_bradley", "breakthrough", 0)
    target = t.put("su_btr", "breakthrough", 0, hits=3)
    t.hand(0, "cannon", "overrun")
    dice(9, 1, 1, 1, 1)
    t.do(("play", t.k("cannon"), brad, 0, 0, target))
    assert t.s.stage == FOLLOW and t.s.actor == 0
    t.do(("again", t.k("overrun")))
    assert t.s.actor == 0 and ("prepare",) in t.legal()


def test_losing_the_last_force_in_the_breakthrough_area_loses_the_game(t, dice):
    rifles = t.f("su_rifles")
    t.s.hits[rifles] = 3
    brad = t.put("us_bradley", "breakthrough", 0)
    t.hand(0, "cover_fire")
    dice(9, 1, 1, 1)
    t.do(("play", t.k("cover_fire"), brad, 0, 0, rifles))
    assert t.s.ended and t.s.winner == 0 and t.s.reason == "breakthrough_lost"


def test_victory_25_vp_of_destroyed_forces_and_secured_terrain_wins_at_once(t, dice):
    for fid in ("su_t80", "su_t72", "su_2s1", "su_bm21", "su_bmp2"):            # 5 + 4 + 4 + 3 + 4 = 20
        t.s.area[t.f(fid)] = DESTROYED
    t.put("su_rifles_2", "breakthrough", 0)
    target = t.put("su_btr", "breakthrough", 0, hits=3)                        # 3 VP more: 23
    brad = t.put("us_bradley", "breakthrough", 0)
    t.s.secured[t.s.terrain_order[0]] = 0                                        # at least 2 VP of terrain
    t.s.terrain_at = 1
    t.hand(0, "cover_fire")
    dice(9, 1, 1, 1)
    t.do(("play", t.k("cover_fire"), brad, 0, 0, target))
    assert t.s.ended and t.s.winner == 0 and t.s.reason == "points"


def test_reactions_pull_back_the_target_acts_falls_back_a_row_and_stops_two_hits(t, dice):
    m1 = t.put("us_m1a1", "breakthrough", 0)
    target = t.put("su_btr", "breakthrough", 0)
    t.put("su_t72", "breakthrough", 1)
    t.hand(0, "cannon")
    t.hand(1, "pull_back")
    dice(9, 9, 9, 1, 1)
    t.do(("play", t.k("cannon"), m1, 0, 0, target))
    t.do(("react", t.k("pull_back"), target, -1))
    assert t.s.hits[target] == 1 and t.s.row[target] == 1 and t.s.acted[target] == 1


def test_reactions_screening_force_moves_the_hits_to_another_force_of_the_same_row(t, dice):
    m1 = t.put("us_m1a1", "breakthrough", 0)
    target = t.put("su_btr", "breakthrough", 0)
    other = t.put("su_t80", "breakthrough", 0)
    t.hand(0, "cannon")
    t.hand(1, "screening_force")
    dice(9, 9, 1, 1, 1)
    t.do(("play", t.k("cannon"), m1, 0, 0, target))
    t.do(("react", t.k("screening_force"), other, -1))
    assert t.s.hits[target] == 0 and t.s.hits[other] == 2


def test_reactions_reaction_force_brings_a_rear_force_to_the_first_row_and_stops_three(t, dice):
    stryker = t.put("us_stryker", "breakthrough", 1)
    reserve_line = t.put("su_t72", "terrain", 1)
    t.put("su_btr", "terrain", 0)
    t.hand(1, "reaction_force")
    dice(6, 6, 6, 6)
    t.do(("maneuver", stryker, 2, 0, -1))
    t.do(("react", t.k("reaction_force"), reserve_line, -1))
    assert t.s.control == 1 and t.s.row[reserve_line] == 0 and t.s.acted[reserve_line] == 1


def test_engineers_moves_the_control_counter_without_using_the_action(t):
    t.hand(0, "engineers")
    t.do(("engineers", t.k("engineers"), 1))
    assert t.s.control == 1 and t.s.actor == 0 and t.s.stage == ACTION


def test_regroup_moves_a_force_to_a_rear_row_and_removes_its_hits(t):
    brad = t.put("us_bradley", "breakthrough", 0, hits=3)
    t.hand(0, "regroup")
    t.do(("regroup", t.k("regroup"), brad, 1))
    assert t.s.area[brad] == 1 and t.s.hits[brad] == 0 and t.s.acted[brad] == 1


def test_recon_drone_after_securing_terrain_takes_another_action(t, dice):
    stryker = t.put("us_stryker", "breakthrough", 1)
    t.s.control = t.g.terrains[t.s.terrain_order[0]].reach
    t.hand(0, "recon_drone")
    dice(9, 1, 1, 1)
    t.do(("maneuver", stryker, 2, 0, -1))
    assert t.s.terrain_at == 1 and t.s.stage == FOLLOW
    t.do(("again", t.k("recon_drone")))
    assert t.s.actor == 0 and ("prepare",) in t.legal()


def test_the_turn_players_alternate_and_a_game_turn_is_one_action_each(t):
    t.hand(0, "cover")
    t.hand(1, "cover")
    assert t.s.turn == 1
    t.do(("prepare",))
    t.do(("draw",))
    assert t.s.actor == 1 and t.s.turn == 1
    t.do(("prepare",))
    t.do(("draw",))
    assert t.s.actor == 0 and t.s.turn == 2
