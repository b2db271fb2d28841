"""BG 1.2 and 6.1: ranges, double range, straits and forbidden borders, ships, 6.4 control on
entering, 8.1-8.4 neutrals (content/bg, positions built by hand)."""
from __future__ import annotations

from genkit.engine.rules.bg import moves

from bg_helpers import area, empty, names, nation, place


def test_6_1_1_infantry_moves_one_area_out_of_its_own_land():
    g, s = empty()
    p = place(g, s, "ge", "inf", "Bavaria")
    dests = names(g, moves.destinations(g, s, p))
    assert "Alsace" in dests                                   # one area into France
    assert "Paris" not in dests                                # two areas, the second beyond an enemy one


def test_6_1_1_armour_moves_through_an_empty_enemy_area_and_infantry_stops_in_it():
    g, s = empty()
    arm = place(g, s, "ge", "arm", "Bavaria")
    inf = place(g, s, "ge", "inf", "Bavaria")
    assert "Paris" in names(g, moves.destinations(g, s, arm))        # Bavaria - Alsace (empty) - Paris
    assert "Paris" not in names(g, moves.destinations(g, s, inf))
    assert "Alsace" in names(g, moves.destinations(g, s, inf))


def test_6_1_1_a_unit_stops_on_entering_enemy_units():
    g, s = empty()
    arm = place(g, s, "ge", "arm", "Bavaria")
    place(g, s, "fr", "inf", "Alsace")
    dests = names(g, moves.destinations(g, s, arm))
    assert "Alsace" in dests and "Paris" not in dests


def test_6_1_2_double_range_only_through_own_areas():
    g, s = empty()
    inf = place(g, s, "ge", "inf", "Austria")
    dests = names(g, moves.destinations(g, s, inf))
    # two areas inside Germany (Austria - Bavaria - Ruhr), never two into France
    assert "Ruhr" in dests and "Hamburg" in dests
    place(g, s, "fr", "inf", "Alsace")
    s.ctl[area(g, "Bavaria")] = nation(g, "fr")             # an enemy area on the way: no double range
    dests = names(g, moves.destinations(g, s, inf))
    assert "Ruhr" not in dests and "Bavaria" in dests


def test_1_2_no_land_unit_crosses_a_forbidden_border_or_enters_the_sea():
    g, s = empty()
    p = place(g, s, "ge", "inf", "Bavaria")
    dests = names(g, moves.destinations(g, s, p))
    assert "Northern Italy" not in dests                      # the Swiss border, printed white
    assert not any(g.t.is_sea[h] for h in moves.destinations(g, s, p))


def test_1_2_a_strait_is_closed_by_an_enemy_fleet_and_crossing_it_ends_the_move():
    g, s = empty()
    arm = place(g, s, "be", "arm", "London")
    dests = names(g, moves.destinations(g, s, arm))
    assert "Paris" in dests and "Alsace" not in dests         # the Channel crossing ends the move
    place(g, s, "ge", "fleet", "Channel")
    assert "Paris" not in names(g, moves.destinations(g, s, arm))


def test_6_1_ships_move_three_sea_zones_and_stop_at_enemy_ships():
    g, s = empty()
    tf = place(g, s, "be", "fleet", "North Atlantic")
    dests = names(g, moves.destinations(g, s, tf))
    assert {"Channel", "Biscay", "North Sea"} <= dests and not dests & {"London", "Paris"}
    place(g, s, "it", "fleet", "Western Med")
    s.war[nation(g, "it")] = 1
    place(g, s, "ge", "fleet", "Biscay")
    dests = names(g, moves.destinations(g, s, tf))
    assert "Biscay" in dests and "Western Med" not in dests   # Biscay's enemy ships stop it there


def test_6_4_entering_an_empty_enemy_area_takes_control():
    g, s = empty()
    p = place(g, s, "ge", "inf", "Bavaria")
    g.apply(s, ("move", p))
    g.apply(s, ("to", area(g, "Alsace")))
    assert s.ctl[area(g, "Alsace")] == nation(g, "ge")
    assert s.loc[p] == area(g, "Alsace")


def test_8_1_no_unit_enters_a_neutral_of_its_own_side():
    g, s = empty()
    p = place(g, s, "ge", "inf", "Bavaria")
    s.ctl[area(g, "Alsace")] = nation(g, "ge")
    assert "Spain" not in names(g, moves.destinations(g, s, p))
    q = place(g, s, "fr", "inf", "Paris")
    s.actor = 1
    assert "BNL" not in names(g, moves.destinations(g, s, q))  # an Allied neutral


def test_8_2_a_neutral_nations_units_do_not_move():
    g, s = empty()
    place(g, s, "it", "inf", "Northern Italy")
    assert not any(a[0] == "move" for a in g.legal_actions(s))


def test_8_4_entering_a_neutral_of_the_other_side_declares_war_on_it():
    g, s = empty()
    p = place(g, s, "ge", "inf", "Ruhr")
    place(g, s, "bnl", "mil", "BNL")
    assert s.war[nation(g, "bnl")] == 0
    assert "BNL" in names(g, moves.destinations(g, s, p))
    g.apply(s, ("move", p))
    g.apply(s, ("to", area(g, "BNL")))
    assert s.war[nation(g, "bnl")] == 1


def test_8_4_a_neutral_may_go_to_war_of_its_own_will_from_its_turn():
    g, s = empty("allies_movement", turn=7)
    place(g, s, "fr", "inf", "Paris")
    su = nation(g, "su")
    assert ("declare", su) not in g.legal_actions(s)
    s.turn, s.legal = 8, None
    assert ("declare", su) in g.legal_actions(s)
    g.apply(s, ("declare", su))
    assert s.war[su] == 1
