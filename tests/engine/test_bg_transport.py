"""BG transport: 6.1.3 A convoys (loading, the load, range, unloading, changing convoys, the load
in a naval combat) and 5.2 special, the British Empire's home countries overseas (content/bg,
positions built by hand)."""
from __future__ import annotations

from bg_helpers import area, empty, names, nation, place

from genkit.engine import events as ev
from genkit.engine.rules.bg import combat, economy, moves, transport
from genkit.engine.rules.bg.state import FIGHT, RETREAT
from genkit.engine.state import ELIMINATED


def test_6_1_3_a_a_unit_boards_a_convoy_rides_with_it_and_unloading_ends_its_move():
    g, s = empty("allies_movement")
    cv = place(g, s, "be", "convoy", "North Atlantic")
    inf = place(g, s, "be", "inf", "Dominions")
    place(g, s, "be", "inf", "London")                          # more than one choice each time
    assert transport.boardings(g, s, inf) == [cv]
    g.apply(s, ("move", inf))                                   # its one choice: ("board", cv), taken at once
    assert s.loc[inf] == area(g, "North Atlantic") and s.aboard[inf] == cv
    assert not (s.moved >> inf) & 1 and g.state_problems(s) == []
    assert "Channel" in names(g, moves.destinations(g, s, cv))  # three sea zones, or six over open sea
    g.apply(s, ("move", cv))
    g.apply(s, ("to", area(g, "Channel")))
    assert s.loc[inf] == area(g, "Channel") and s.aboard[inf] == cv   # the load goes with it
    unload = names(g, moves.destinations(g, s, inf))
    assert {"London", "Paris", "Brittany"} <= unload            # any area beside the zone
    assert "Ireland" not in unload                              # 8.1: an own neutral's area, never
    g.apply(s, ("move", inf))
    g.apply(s, ("to", area(g, "Paris")))
    assert s.loc[inf] == area(g, "Paris") and s.aboard[inf] == -1
    assert ("move", inf) not in g.legal_actions(s)              # unloading spent its whole move
    assert g.state_problems(s) == []


def test_6_1_3_a_a_convoy_carries_one_unit_or_two_on_their_backs_and_on_its_back_one_on_its_back():
    g, s = empty("allies_movement")
    cv = place(g, s, "be", "convoy", "North Atlantic")
    full = place(g, s, "be", "inf", "Scotland")
    flipped = [place(g, s, "be", "inf", "Scotland", reduced=True) for _ in range(3)]
    assert transport.boardings(g, s, full) == [cv]
    transport.board(g, s, full, cv)
    assert transport.room(g, s, cv) == 0 and transport.boardings(g, s, flipped[0]) == []
    g.put(s, full, area(g, "Scotland"))
    s.aboard[full] = -1
    transport.board(g, s, flipped[0], cv)
    transport.board(g, s, flipped[1], cv)                       # two on their backs
    assert transport.boardings(g, s, flipped[2]) == [] and transport.boardings(g, s, full) == []
    assert g.state_problems(s) == []
    s.reduced[cv] = 1                                           # a convoy on its back: one on its back
    assert any("more than its load" in p for p in g.state_problems(s))
    g.put(s, flipped[1], area(g, "Scotland"))
    s.aboard[flipped[1]] = -1
    assert g.state_problems(s) == [] and transport.boardings(g, s, flipped[2]) == []
    g2, s2 = empty("allies_movement")
    cv2 = place(g2, s2, "be", "convoy", "North Atlantic", reduced=True)
    assert transport.boardings(g2, s2, place(g2, s2, "be", "inf", "Scotland")) == []
    assert transport.boardings(g2, s2, place(g2, s2, "be", "inf", "Scotland", reduced=True)) == [cv2]


def test_6_1_3_a_a_convoy_carries_its_nation_and_its_minors_only():
    g, s = empty("allies_movement")
    cv = place(g, s, "be", "convoy", "Channel")
    assert transport.boardings(g, s, place(g, s, "fr", "inf", "Paris")) == []     # an ally's: no
    assert transport.boardings(g, s, place(g, s, "be", "air", "London")) == [cv]  # aircraft: yes
    s.war[nation(g, "bnl")] = 1
    assert transport.boardings(g, s, place(g, s, "bnl", "mil", "BNL")) == [cv]    # its minor: yes


def test_6_1_3_a_a_load_changes_convoys_once_a_phase_in_a_zone_beside_an_own_area():
    g, s = empty("allies_movement")
    a = place(g, s, "be", "convoy", "North Atlantic")
    b = place(g, s, "be", "convoy", "North Atlantic")
    inf = place(g, s, "be", "inf", "Dominions")
    transport.board(g, s, inf, a)
    assert transport.boardings(g, s, inf) == [b]                # beside the Dominions and Scotland
    transport.board(g, s, inf, b)
    assert s.aboard[inf] == b and transport.boardings(g, s, inf) == []   # once a phase
    g2, s2 = empty("allies_movement")
    a2 = place(g2, s2, "be", "convoy", "Black Sea")             # beside no area of an Ally at war
    place(g2, s2, "be", "convoy", "Black Sea")
    inf2 = place(g2, s2, "be", "inf", "Dominions")
    g2.put(s2, inf2, area(g2, "Black Sea"))
    s2.aboard[inf2] = a2
    assert transport.boardings(g2, s2, inf2) == []


def test_6_1_3_a_unloading_into_enemy_units_attacks_and_into_an_empty_enemy_area_takes_it():
    g, s = empty("allies_movement")
    cv = place(g, s, "be", "convoy", "Baltic Sea")
    a = place(g, s, "be", "inf", "London")
    b = place(g, s, "be", "inf", "London", reduced=True)
    transport.board(g, s, a, cv)
    transport.board(g, s, b, cv)
    ge = place(g, s, "ge", "inf", "West Poland")
    s.ctl[area(g, "West Poland")] = nation(g, "ge")
    assert names(g, moves.destinations(g, s, a)) >= {"East Prussia", "West Poland"}
    moves.move(g, s, a, area(g, "East Prussia"))                # empty and German: taken
    assert s.ctl[area(g, "East Prussia")] == nation(g, "be") and s.aboard[a] == -1
    moves.move(g, s, b, area(g, "West Poland"))                 # German units there: an attack
    assert area(g, "West Poland") in combat.contested(g, s) and s.loc[ge] == area(g, "West Poland")
    assert g.state_problems(s) == []


def test_6_1_3_a_boarding_and_unloading_happen_in_movement_phases_only():
    g, s = empty("allies_exploitation")
    cv = place(g, s, "be", "convoy", "Channel")
    arm = place(g, s, "be", "arm", "London")
    assert transport.boardings(g, s, arm) == []
    inf = place(g, s, "be", "inf", "London")
    transport.board(g, s, inf, cv)
    place(g, s, "ge", "inf", "Paris")
    moving = {x[1] for x in g.legal_actions(s) if x[0] == "move"}
    assert inf not in moving and cv not in moving              # loads and ships stay in exploitation


def test_6_1_3_a_a_load_never_fires_takes_its_convoys_hits_and_sinks_with_it():
    seen = set()
    for seed in range(1, 80):
        g, s = empty("axis_combat")
        cv = place(g, s, "be", "convoy", "North Sea")
        inf = place(g, s, "be", "inf", "London")
        transport.board(g, s, inf, cv)
        tf = place(g, s, "ge", "fleet", "North Sea")
        s.rng, s.stage, s.events = seed * 7919 | 1, FIGHT, []
        combat.fight(g, s, area(g, "North Sea"))
        assert not any(isinstance(e, ev.Battle) and e.lead == inf for e in s.events)   # never fires
        assert not any(isinstance(e, ev.Battle) and e.defender == inf for e in s.events)
        if s.loc[cv] == ELIMINATED:
            assert s.loc[inf] == ELIMINATED and s.aboard[inf] == -1
            seen.add("sunk")
        elif s.reduced[cv]:
            assert s.reduced[inf] and s.aboard[inf] == cv       # the same hit
            seen.add("hit")
        else:
            assert not s.reduced[inf]
            seen.add("missed")
        if s.stage == RETREAT and s.loc[cv] >= 0:               # the phasing side fights on
            combat.answer(g, s, ("fight on",))                  # the British retreat, load and all
            dest = combat.retreats(g, s, area(g, "North Sea"), g.p_side[cv])
            if seed % 2:                                        # or fight a second round
                combat.answer(g, s, ("fight on",))
                if s.loc[cv] == ELIMINATED:
                    assert s.loc[inf] == ELIMINATED
                    seen.add("sunk")
            elif dest:
                combat.answer(g, s, ("retreat", dest[0]))
                assert s.loc[inf] == s.loc[cv] == dest[0] and s.aboard[inf] == cv
                seen.add("retreated")
        assert g.state_problems(s) == [] and s.loc[tf] >= 0
    assert {"sunk", "hit", "missed", "retreated"} <= seen


def test_6_1_3_a_a_land_unit_at_sea_without_a_convoy_breaks_an_invariant():
    g, s = empty("allies_movement")
    inf = place(g, s, "be", "inf", "Dominions")
    g.put(s, inf, area(g, "North Atlantic"))
    assert any("wrong kind of space" in p for p in g.state_problems(s))


def test_5_2_special_the_british_empire_places_units_in_its_dominions_overseas():
    g, s = empty("quarter", turn=3)
    inf = next(p for p in g.nation_pieces[nation(g, "be")] if g.t.enters_on[p] == 3)
    s.due[inf] = 3
    economy.reinforce(g, s)                                     # a contingent enters by date
    assert s.loc[inf] == area(g, "Dominions") and s.ctl[area(g, "Dominions")] == nation(g, "be")
    built = next(p for p in g.nation_pieces[nation(g, "be")] if g.p_type[p] == g.type_index["inf"]
                 and not g.t.enters_on[p] and s.loc[p] < 0)
    s.due[built] = 3
    economy.reinforce(g, s)
    assert s.loc[built] == area(g, "London")                    # a unit built: the home first
    for where in ("London", "Scotland"):
        s.ctl[area(g, where)] = nation(g, "ge")
    again = next(p for p in g.nation_pieces[nation(g, "be")] if g.p_type[p] == g.type_index["inf"]
                 and not g.t.enters_on[p] and s.loc[p] < 0)
    s.due[again] = 3
    economy.reinforce(g, s)
    assert s.loc[again] == area(g, "Dominions")                 # the United Kingdom held: overseas
    assert g.t.land_adj[area(g, "Dominions")] == []             # reached by sea only
    assert names(g, g.t.coast[area(g, "Dominions")]) == {"North Atlantic"}
    assert area(g, "Dominions") not in g.t.home[nation(g, "be")]   # 7.1: no home for conquest


def test_5_2_special_and_6_1_3_a_check_refuses_a_sea_zone_overseas_and_a_convoy_on_land():
    from bg_helpers import BG

    from genkit.pack.printable import check_path

    found = check_path(BG, ["rules.overseas.be=[North Atlantic]", "rules.units.convoy.sea=false"])
    bad = sorted(f.message for f in found if f.code == "rules-reference")
    assert any("rules.overseas.be: 'North Atlantic' is not an area of land" in m for m in bad)
    assert any("rules.units.convoy: a type that carries" in m for m in bad)
    convoy = next(f for f in found if "a type that carries" in f.message)
    assert convoy.file.endswith("rules.yaml") and convoy.line                  # located where it is written


def _play_phase(g, s, side):
    """The greedy bot of ``side`` plays the present phase to its end."""
    from genkit.engine.rules.bg.bots import GreedyBot
    bot = GreedyBot(g, side, 1)
    phase = s.phase
    while s.phase == phase and not s.ended:
        g.apply(s, bot.choose(g.observe(s, side), g.legal_actions(s)))


def test_6_1_3_a_the_greedy_bot_ships_dominion_infantry_to_europe():
    g, s = empty("allies_movement")
    cv = place(g, s, "be", "convoy", "North Atlantic")
    inf = place(g, s, "be", "inf", "Dominions")
    place(g, s, "be", "inf", "London")
    place(g, s, "fr", "inf", "Paris")
    place(g, s, "ge", "arm", "Alsace")                          # the front
    place(g, s, "ge", "inf", "Bavaria")
    _play_phase(g, s, g.side_ids.index("allies"))
    assert s.loc[cv] != area(g, "North Atlantic")               # the convoy sailed ...
    assert s.aboard[inf] == -1 and not g.t.is_sea[s.loc[inf]]   # ... and the infantry went ashore
    assert s.loc[inf] != area(g, "Dominions") and s.loc[inf] in g.t.coast[s.loc[cv]]
