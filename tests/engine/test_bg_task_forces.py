"""BG task forces on land: 6.1.3 B a task force joins a land combat beside its sea zone, 6.1.5
the other side's task forces react into an attacked area, 6.2.4 forced retreats of task forces
(content/bg, positions built by hand)."""
from __future__ import annotations

from bg_helpers import area, empty, names, nation, place

from genkit.engine.rules.bg import combat, moves
from genkit.engine.rules.bg.state import FIGHT


def test_6_1_3_b_a_task_force_joins_a_land_combat_beside_its_sea_zone_and_goes_back_after_it():
    g, s = empty("axis_movement")
    tf = place(g, s, "ge", "fleet", "Western Med")
    inf = place(g, s, "ge", "inf", "Northern Italy")
    s.war[nation(g, "it")] = 1
    place(g, s, "fr", "inf", "Provence")
    dests = names(g, moves.destinations(g, s, tf))
    assert "Provence" in dests                                     # enemy units beside its zone
    assert "Paris" not in dests and "Northern Italy" not in dests  # not beside it / no combat there
    moves.move(g, s, tf, area(g, "Provence"))
    moves.move(g, s, inf, area(g, "Provence"))
    assert s.came[tf] == area(g, "Western Med") and s.ctl[area(g, "Provence")] == nation(g, "fr")
    s.phase, s.stage, s.rng = g.phase_ids.index("axis_combat"), FIGHT, 7919
    combat.fight(g, s, area(g, "Provence"))
    while s.stage != FIGHT:                                        # both sides fight on to the end
        combat.answer(g, s, ("fight on",))
    assert s.loc[tf] == area(g, "Western Med") and s.came[tf] == -1   # back at sea (this seed: it lives)
    assert s.loc[inf] == area(g, "Provence")                       # the infantry won: the area is taken
    assert s.ctl[area(g, "Provence")] == nation(g, "ge")
    assert g.state_problems(s) == []


def test_6_1_5_task_forces_react_into_an_attacked_area_beside_their_zone_only_after_movement():
    g, s = empty("allies_reserves")
    tf = place(g, s, "fr", "fleet", "Channel")
    far = place(g, s, "fr", "fleet", "Biscay")
    place(g, s, "fr", "inf", "Paris")
    place(g, s, "ge", "arm", "Paris")                              # Paris is attacked
    moving = {a[1] for a in g.legal_actions(s) if a[0] == "move"}
    assert tf in moving and far not in moving                      # Biscay is not beside Paris
    g.apply(s, ("move", tf))
    assert s.loc[tf] == area(g, "Paris") and s.came[tf] == area(g, "Channel")
    g2, s2 = empty("allies_late_reserves")                         # after exploitation: no task force
    place(g2, s2, "fr", "fleet", "Channel")
    place(g2, s2, "fr", "inf", "Paris")
    place(g2, s2, "ge", "arm", "Paris")
    assert not [a for a in g2.legal_actions(s2) if a[0] == "move"]


def test_6_2_4_task_forces_left_alone_in_a_land_combat_go_back_to_sea_at_once():
    for seed in range(1, 60):
        g, s = empty("axis_combat")
        tf = place(g, s, "ge", "fleet", "Provence")
        s.came[tf] = area(g, "Western Med")
        place(g, s, "fr", "inf", "Provence")
        s.rng, s.stage = seed * 7919 | 1, FIGHT
        combat.fight(g, s, area(g, "Provence"))
        # after one round the German side holds task forces only: they go back, the combat ends
        assert s.stage == FIGHT
        assert s.loc[tf] == area(g, "Western Med")                 # back where it came from, unhurt
        assert s.ctl[area(g, "Provence")] != nation(g, "ge")
    g, s = empty("axis_combat")                                    # both sides task forces only
    a = place(g, s, "ge", "fleet", "Provence")
    b = place(g, s, "fr", "fleet", "Provence")
    s.came[a], s.came[b] = area(g, "Western Med"), area(g, "Biscay")
    s.rng, s.stage = 5, FIGHT
    combat.fight(g, s, area(g, "Provence"))
    assert s.loc[a] == area(g, "Western Med")                      # the phasing side went back first,
    assert s.loc[b] == area(g, "Biscay")                           # then the combat ended: all at sea
    assert s.ctl[area(g, "Provence")] == nation(g, "fr")
