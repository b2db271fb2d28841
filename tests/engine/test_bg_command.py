"""BG headquarters: 6.1.6 reserve movement, 6.3 exploitation led by an HQ, 6.2.1 an HQ never
fires, 7.2.6 HQs enter by date and are built again for 1 BP (content/bg, positions built by hand)."""
from __future__ import annotations

from bg_helpers import area, empty, game, nation, place

from genkit.engine.rules.bg import combat, economy
from genkit.engine.rules.bg.state import BUILD, FIGHT
from genkit.engine.state import ELIMINATED, RESERVE


def _moving(g, s) -> set:
    return {a[1] for a in g.legal_actions(s) if a[0] == "move"}


def _move(g, s, p, where):
    """Unit ``p`` moves to ``where`` (a single destination is taken by the engine itself)."""
    g.apply(s, ("move", p))
    if s.loc[p] != area(g, where):
        g.apply(s, ("to", area(g, where)))
    assert s.loc[p] == area(g, where)


def test_6_1_6_units_with_an_hq_move_as_reserves_into_an_attacked_area_up_to_its_number():
    g, s = empty("allies_reserves")
    hq = place(g, s, "fr", "hq", "Paris")
    infs = [place(g, s, "fr", "inf", "Paris") for _ in range(3)]
    alone = place(g, s, "fr", "inf", "Brittany")                # no HQ with it: no reserve
    place(g, s, "fr", "inf", "Alsace")
    place(g, s, "ge", "inf", "Alsace")                          # Alsace is under attack
    moving = _moving(g, s)
    assert set(infs) <= moving and hq in moving and alone not in moving
    g.apply(s, ("move", infs[0]))                               # the one destination: Alsace
    assert s.loc[infs[0]] == area(g, "Alsace")
    _move(g, s, infs[1], "Alsace")                              # the HQ's number is 2
    assert s.led[hq] == 2
    moving = _moving(g, s)
    assert infs[2] not in moving and hq in moving               # the HQ may still go along
    _move(g, s, hq, "Alsace")                                   # with it, nothing is left to send:
    assert g.phase_ids[s.phase] != "allies_reserves"            # the phase is over


def test_6_1_6_reserves_pass_only_own_areas_within_their_range():
    g, s = empty("allies_reserves")
    place(g, s, "fr", "hq", "Brittany")
    inf = place(g, s, "fr", "inf", "Brittany")
    arm = place(g, s, "fr", "arm", "Brittany")
    place(g, s, "fr", "inf", "Alsace")
    place(g, s, "ge", "inf", "Alsace")
    moving = _moving(g, s)
    assert arm in moving and inf not in moving                  # Alsace: two areas, infantry has one
    s.ctl[area(g, "Paris")] = nation(g, "ge")                   # the way through Paris is the enemy's
    s.legal = None
    assert arm not in _moving(g, s)


def test_6_1_6_a_reaction_phase_with_no_reserve_to_send_is_passed():
    g = game()
    s = g.initial_state(1)
    assert g.phase_ids[s.phase] == "axis_movement"
    g.apply(s, ("end",))                                        # the Axis moved nothing: nothing attacked
    assert g.phase_ids[s.phase] not in ("allies_reserves", "axis_combat")


def test_6_3_infantry_with_an_hq_moves_in_exploitation_up_to_its_number():
    g, s = empty("axis_exploitation")
    hq = place(g, s, "ge", "hq", "Bavaria")
    led = [place(g, s, "ge", "inf", "Bavaria") for _ in range(3)]
    alone = place(g, s, "ge", "inf", "Ruhr")
    moving = _moving(g, s)
    assert set(led) <= moving and hq in moving and alone not in moving
    _move(g, s, led[0], "Alsace")
    _move(g, s, led[1], "Alsace")
    assert s.led[hq] == 2 and led[2] not in _moving(g, s)


def test_6_2_1_an_hq_never_fires_and_takes_hits_after_every_other_unit():
    """It rolls no die; it is flipped only once the other units are flipped, and eliminated
    only once they are gone."""
    hq_hit = 0
    for seed in range(1, 40):
        g, s = empty("axis_combat")
        hq = place(g, s, "fr", "hq", "Alsace")
        inf = place(g, s, "fr", "inf", "Alsace")
        place(g, s, "ge", "arm", "Alsace")
        place(g, s, "ge", "arm", "Alsace")
        s.events, s.rng, s.stage = [], seed * 7919 | 1, FIGHT
        combat.fight(g, s, area(g, "Alsace"))
        assert all(e.lead != hq for e in s.events if e.kind == "battle")
        hits = [(e.kind, e.piece) for e in s.events if e.kind in ("reduced", "eliminated") and e.side == "allies"]
        if ("reduced", hq) in hits:
            hq_hit += 1
            assert hits.index(("reduced", inf)) < hits.index(("reduced", hq))
        if ("eliminated", hq) in hits:
            assert hits.index(("eliminated", inf)) < hits.index(("eliminated", hq))
    assert hq_hit


def test_7_2_6_hqs_enter_on_their_date():
    g = game()
    s = g.initial_state(1)
    ge = nation(g, "ge")
    hqs = [p for p in g.nation_pieces[ge] if g.types[g.p_type[p]].id == "hq"]
    assert [s.loc[p] >= 0 for p in hqs] == [True, False, False]
    assert s.due[hqs[1]] == 4 and s.due[hqs[2]] == 8
    s.turn = 4
    economy.reinforce(g, s)
    assert s.loc[hqs[1]] == area(g, "Ruhr") and s.loc[hqs[2]] == RESERVE


def test_7_2_6_an_hq_is_never_built_new_and_once_lost_is_built_again_for_1_bp_in_4_quarters():
    g, s = empty("turn_end", turn=5)
    ge = nation(g, "ge")
    hqs = [p for p in g.nation_pieces[ge] if g.types[g.p_type[p]].id == "hq"]
    hq_type = g.p_type[hqs[0]]
    s.stage, s.builder, s.bp[ge] = BUILD, ge, 1
    assert not [a for a in g.legal_actions(s) if a[0] == "build" and a[2] == hq_type]
    s.loc[hqs[0]] = ELIMINATED
    s.legal = None
    assert ("build", ge, hq_type) in g.legal_actions(s)
    economy.order(g, s, ("build", ge, hq_type))
    assert s.bp[ge] == 0 and s.loc[hqs[0]] == RESERVE and s.due[hqs[0]] == 5 + 4
