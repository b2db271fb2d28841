"""BG 6.2 combat (rolls against strength, rounds, hits, retreats), 6.3 exploitation and 6.4
control after a combat (content/bg, positions built by hand)."""
from __future__ import annotations

from bg_helpers import area, empty, nation, place

from genkit.engine import events as ev
from genkit.engine.rules.bg import combat
from genkit.engine.rules.bg.state import FIGHT, RETREAT
from genkit.engine.state import ELIMINATED


def _battle(units, seed=3):
    """A combat phase of the Axis with ``units`` ((nation, type, area), ...) placed."""
    g, s = empty("axis_combat")
    ps = [place(g, s, *u) for u in units]
    s.events = []
    s.rng = seed * 7919 | 1
    s.stage = FIGHT
    return g, s, ps


def test_6_2_1_a_hit_is_a_roll_at_or_under_the_firing_units_strength():
    for seed in range(1, 30):
        g, s, _ = _battle([("ge", "inf", "Alsace"), ("ge", "arm", "Alsace"), ("fr", "inf", "Alsace")], seed)
        combat.fight(g, s, area(g, "Alsace"))
        shots = [e for e in s.events if e.kind == ev.BATTLE]
        assert shots
        for e in shots:
            assert (e.result == "H") == (e.face <= int(e.column))


def test_6_2_1_armour_fires_twice_the_phasing_side_first_and_a_strength_of_0_never():
    g, s, (inf, arm, fr, mil) = _battle([("ge", "inf", "Alsace"), ("ge", "arm", "Alsace"),
                                         ("fr", "inf", "Alsace"), ("pl", "mil", "Alsace", True)])
    s.war[nation(g, "pl")] = 1
    combat.fight(g, s, area(g, "Alsace"))
    shots = [e.lead for e in s.events if e.kind == ev.BATTLE]
    first_round = shots[:5]
    assert first_round[:3] == [inf, arm, arm]              # the phasing side fires first, armour twice
    assert fr in first_round and mil not in shots          # a back of 0 never fires


def test_6_2_2_hits_flip_full_units_before_any_is_eliminated():
    g, s, (a, b) = _battle([("fr", "inf", "Alsace"), ("fr", "arm", "Alsace")])
    combat._take_hits(g, s, [a, b], 2, [])
    assert s.reduced[a] == 1 and s.reduced[b] == 1 and s.loc[a] >= 0 and s.loc[b] >= 0
    combat._take_hits(g, s, [a, b], 1, [])
    assert s.loc[a] == ELIMINATED and s.loc[b] >= 0        # the cheapest flipped unit goes first


def test_6_2_3_after_a_round_the_phasing_side_then_the_other_may_retreat_all_its_units():
    for seed in range(1, 60):
        g, s, (ge1, ge2, fr1, fr2) = _battle([("ge", "inf", "Alsace"), ("ge", "inf", "Alsace"),
                                              ("fr", "inf", "Alsace"), ("fr", "inf", "Alsace")], seed)
        s.ctl[area(g, "Alsace")] = nation(g, "fr")
        g.apply(s, ("fight", area(g, "Alsace")))
        if s.stage == RETREAT:
            break
    axis = g.phase_side[s.phase]
    acts = g.legal_actions(s)
    assert acts[0] == ("fight on",) and ("retreat", area(g, "Bavaria")) in acts   # the Axis is asked
    assert ("retreat", area(g, "Paris")) not in acts
    assert g.current_side(s) == axis                                          # and answers itself
    g.apply(s, ("fight on",))
    acts = g.legal_actions(s)
    assert ("retreat", area(g, "Paris")) in acts                                # then the French
    assert g.current_side(s) == 1 - axis                                      # whose player answers
    g.apply(s, ("retreat", area(g, "Paris")))
    alive = [p for p in (fr1, fr2) if s.loc[p] >= 0]
    assert alive and all(s.loc[p] == area(g, "Paris") for p in alive)
    assert s.ctl[area(g, "Alsace")] == nation(g, "ge")                         # 6.4: the winner takes it


def test_6_2_3_ships_retreat_to_a_sea_zone_without_enemy_ships():
    g, s, _ = _battle([("ge", "fleet", "North Sea"), ("be", "fleet", "North Sea"), ("ge", "fleet", "Channel")])
    assert combat.retreats(g, s, area(g, "North Sea"), 1) == [area(g, "North Atlantic")]


def test_6_2_5_a_combat_ends_when_one_side_is_gone_and_the_phase_when_none_is_left():
    g, s, (ge_, pl) = _battle([("ge", "arm", "West Poland"), ("pl", "mil", "West Poland", True)], seed=5)
    g.apply(s, ("fight", area(g, "West Poland")))
    while s.stage == RETREAT:
        g.apply(s, ("fight on",))
    assert not combat.contested(g, s)
    assert g.phase_ids[s.phase] != "axis_combat"                                # the phase is over
    winner = ge_ if s.loc[ge_] >= 0 else pl
    assert s.ctl[area(g, "West Poland")] == g.p_nation[winner]


def test_6_3_only_armour_moves_in_exploitation():
    g, s = empty("axis_exploitation")
    inf = place(g, s, "ge", "inf", "Bavaria")
    arm = place(g, s, "ge", "arm", "Bavaria")
    moving = {a[1] for a in g.legal_actions(s) if a[0] == "move"}
    assert arm in moving and inf not in moving


def test_6_4_ships_never_take_an_area_and_a_sea_zone_is_nobodys():
    g, s, _ = _battle([("ge", "fleet", "Channel")])
    assert s.ctl[area(g, "Channel")] == -1
