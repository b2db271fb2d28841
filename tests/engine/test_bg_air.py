"""BG aircraft: 6.1.1 air ranges and landing (the owner's choice), their part in land and naval
combat and 6.4 control, 6.1.5 their reaction, 6.2.4 forced retreats of aircraft (content/bg,
positions built by hand)."""
from __future__ import annotations

from bg_helpers import area, empty, names, nation, place

from genkit.engine.rules.bg import combat, command, moves
from genkit.engine.rules.bg.state import FIGHT, LAND, RETREAT
from genkit.engine.state import ELIMINATED


def test_6_1_1_air_aircraft_fly_two_spaces_and_land_only_in_own_areas_or_attack():
    g, s = empty("axis_movement")
    air = place(g, s, "ge", "air", "Ruhr")
    place(g, s, "fr", "inf", "Alsace")
    dests = names(g, moves.destinations(g, s, air))
    assert {"Hamburg", "Bavaria", "Berlin"} <= dests          # own areas within two
    assert "Alsace" in dests                                  # enemy units two away (over Bavaria): an attack
    assert "Austria" in dests                                 # 6.1.2: three away, over own areas only
    assert "BNL" not in dests                                 # 8.1: a neutral's area is never flown over
    assert "North Sea" not in dests and "Paris" not in dests  # never a sea zone; an empty enemy area no
    assert not any(g.t.is_sea[h] for h in moves.destinations(g, s, air))
    moves.move(g, s, air, area(g, "Alsace"))
    assert s.ctl[area(g, "Alsace")] == nation(g, "fr")        # 6.4: aircraft take nothing


def test_6_1_1_air_the_neighbours_of_an_enemy_unit_are_reached_but_not_a_neutral_beyond_it():
    g, s = empty("axis_movement")
    air = place(g, s, "ge", "air", "Hamburg")
    dests = names(g, moves.destinations(g, s, air))
    assert "Denmark" not in dests and "Norway" not in dests   # Denmark is neutral: not entered, not crossed
    s.war[nation(g, "den")] = 1                               # at war: Norway (neutral) still not
    place(g, s, "den", "mil", "Denmark")
    dests = names(g, moves.destinations(g, s, air))
    assert "Denmark" in dests and "Norway" not in dests


def test_6_2_4_aircraft_left_alone_in_a_land_combat_fly_back_where_their_owner_chooses():
    for seed in range(1, 40):
        g, s = empty("axis_combat")
        air = place(g, s, "ge", "air", "Alsace")
        place(g, s, "fr", "inf", "Alsace")
        s.rng, s.stage = seed * 7919 | 1, FIGHT
        combat.fight(g, s, area(g, "Alsace"))
        # one French die makes at most one hit: the aircraft lives, alone it must go at once
        assert s.stage == LAND and s.chosen == air and s.actor == g.side_ids.index("axis")
        choices = [a for a in g.legal_actions(s)]
        assert {g.hex_text(h) for _, h in choices} == {"Bavaria", "Ruhr", "Austria"}   # within two
        g.apply(s, ("land", area(g, "Ruhr")))                 # two away: not the nearest, the owner's pick
        assert s.loc[air] == area(g, "Ruhr") and s.aloft == 0
        assert s.ctl[area(g, "Alsace")] == nation(g, "fr")
        assert g.state_problems(s) == []


def test_6_1_1_air_aircraft_with_no_own_area_in_range_are_lost():
    g, s = empty("axis_combat")
    air = place(g, s, "ge", "air", "Brittany")
    place(g, s, "fr", "inf", "Brittany")
    assert combat.landings(g, s, air) == []                   # no German area within two of Brittany
    s.rng, s.stage = 7919, FIGHT
    combat.fight(g, s, area(g, "Brittany"))
    assert s.loc[air] == ELIMINATED


def test_6_4_aircraft_help_land_units_take_an_area_and_land_in_it():
    seen_win = 0
    for seed in range(1, 40):
        g, s = empty("axis_combat")
        air = place(g, s, "ge", "air", "Alsace")
        arm = place(g, s, "ge", "arm", "Alsace")
        place(g, s, "fr", "inf", "Alsace", reduced=True)
        s.rng, s.stage = seed * 7919 | 1, FIGHT
        combat.fight(g, s, area(g, "Alsace"))
        while s.stage != FIGHT:
            if s.stage == LAND:                               # the armour is gone: the owner picks
                g.apply(s, g.legal_actions(s)[0])
            else:
                combat.answer(g, s, ("fight on",))
        if s.loc[arm] == area(g, "Alsace"):                   # the armour won: the area is German
            seen_win += 1
            assert s.ctl[area(g, "Alsace")] == nation(g, "ge")
            assert s.loc[air] == area(g, "Alsace")            # it lands where it fought
        elif s.loc[air] >= 0:                                 # the armour is gone: 6.2.4, back home
            assert s.ctl[s.loc[air]] == nation(g, "ge")
        assert g.state_problems(s) == []
    assert seen_win


def test_6_1_5_aircraft_react_into_an_attacked_area_in_range_after_movement_and_exploitation():
    for phase in ("allies_reserves", "allies_late_reserves"):
        g, s = empty(phase)
        near = place(g, s, "fr", "air", "Brittany")            # two from Alsace, over Paris
        far = place(g, s, "be", "air", "Scotland")             # three from Alsace
        held = place(g, s, "fr", "air", "Alsace")              # under attack itself: it stays
        place(g, s, "fr", "inf", "Alsace")
        place(g, s, "ge", "arm", "Alsace")
        moving = {a[1] for a in g.legal_actions(s) if a[0] == "move"}
        assert near in moving and far not in moving and held not in moving
        g.apply(s, ("move", near))
        assert s.loc[near] == area(g, "Alsace")


def test_6_3_aircraft_move_again_in_exploitation():
    g, s = empty("axis_exploitation")
    air = place(g, s, "ge", "air", "Bavaria")
    inf = place(g, s, "ge", "inf", "Bavaria")
    place(g, s, "fr", "inf", "Alsace")
    moving = {a[1] for a in g.legal_actions(s) if a[0] == "move"}
    assert air in moving and inf not in moving                # infantry needs an HQ, aircraft none


def test_6_1_1_air_an_aircraft_in_an_enemy_area_at_the_turn_end_breaks_an_invariant():
    g, s = empty("turn_end")
    place(g, s, "ge", "air", "Paris")
    assert any("aircraft" in p for p in g.state_problems(s))


def _fight_to_the_end(g, s, h):
    """Fight the combat in ``h``: every side fights on; every landing is the first choice."""
    combat.fight(g, s, h)
    s.legal = None
    while not s.ended and s.stage in (RETREAT, LAND):
        g.apply(s, ("fight on",) if s.stage == RETREAT else g.legal_actions(s)[0])


def test_6_1_1_air_aircraft_attack_ships_in_a_sea_zone_and_fly_back_to_land_after_the_naval_combat():
    g, s = empty("axis_movement")
    air = place(g, s, "ge", "air", "East Prussia")
    assert "Baltic Sea" not in names(g, moves.destinations(g, s, air))   # an empty sea zone: never
    tf = place(g, s, "be", "fleet", "Baltic Sea")
    s.legal = None
    assert "Baltic Sea" in names(g, moves.destinations(g, s, air))       # enemy ships: a naval attack
    moves.move(g, s, air, area(g, "Baltic Sea"))
    assert s.loc[air] == area(g, "Baltic Sea") and g.state_problems(s) == []
    s.phase, s.stage, s.legal = g.phase_ids.index("axis_combat"), FIGHT, None
    place(g, s, "ge", "inf", "East Prussia")                  # two choices: the engine waits
    assert ("fight", area(g, "Baltic Sea")) in g.legal_actions(s)
    seen = set()
    for seed in range(1, 30):
        s2 = s.copy()
        s2.rng, s2.legal = seed * 7919 | 1, None
        _fight_to_the_end(g, s2, area(g, "Baltic Sea"))
        assert not g.t.is_sea[s2.loc[air]] if s2.loc[air] >= 0 else True
        if s2.loc[air] >= 0:
            assert s2.ctl[s2.loc[air]] == nation(g, "ge")        # landed in an own area
        seen.add((s2.loc[air] >= 0, s2.loc[tf] >= 0))
        assert s2.aloft == 0 and g.state_problems(s2) == []
    assert (True, False) in seen                              # the aircraft sank the task force


def test_6_1_5_aircraft_react_into_an_attacked_sea_zone():
    g, s = empty("allies_reserves")
    air = place(g, s, "be", "air", "London")
    place(g, s, "be", "fleet", "Channel")
    place(g, s, "ge", "fleet", "Channel")                     # the Channel is attacked
    assert ("move", air) in g.legal_actions(s)
    assert names(g, command.reserve_destinations(g, s, air)) == {"Channel"}
    g.apply(s, ("move", air))                                 # its one destination: taken at once
    assert s.loc[air] == area(g, "Channel") and g.phase_ids[s.phase] == "axis_combat"   # fighting there


def test_6_1_1_air_the_greedy_bot_strikes_a_lone_convoy_and_picks_a_landing():
    from genkit.engine.rules.bg.bots import GreedyBot
    g, s = empty("axis_movement")
    air = place(g, s, "ge", "air", "East Prussia")
    place(g, s, "ge", "inf", "East Prussia")
    cv = place(g, s, "be", "convoy", "Baltic Sea")
    axis = g.side_ids.index("axis")
    bot = GreedyBot(g, axis, 1)
    while g.phase_ids[s.phase] == "axis_movement":
        g.apply(s, bot.choose(g.observe(s, axis), g.legal_actions(s)))
    assert s.loc[air] == area(g, "Baltic Sea")                # it flew out against the convoy
    landed = False
    while not s.ended and s.turn == 1 and g.phase_ids[s.phase] in ("allies_reserves", "axis_combat"):
        if s.stage == LAND:
            choices = g.legal_actions(s)
            pick = bot.choose(g.observe(s, axis), choices)
            assert pick in choices
            landed = True
        else:
            pick = g.legal_actions(s)[0]
        g.apply(s, pick)
    assert s.loc[air] >= 0 and not g.t.is_sea[s.loc[air]] and s.ctl[s.loc[air]] == nation(g, "ge")
    assert s.loc[cv] != area(g, "Baltic Sea") or s.reduced[cv] or landed
