"""BG 5.1 the time table, 5.2 reinforcements, 7.1 conquest, 7.2 production, 8.5 victory, and
whole games (content/bg, positions built by hand)."""
from __future__ import annotations

from bg_helpers import BG as BG_PATH, area, empty, game, nation, place

from genkit.engine import play_game
from genkit.engine.invariants import check_invariants
from genkit.engine.rules.bg import economy
from genkit.engine.rules.bg.bots import GreedyBot
from genkit.engine.rules.bg.state import BUILD
from genkit.engine.state import ELIMINATED, RESERVE, REMOVED


def test_5_1_the_time_table_brings_italy_into_the_war_on_turn_4_and_aid_from_turn_11():
    g, s = empty(turn=3)
    it, be = nation(g, "it"), nation(g, "be")
    economy.time_table(g, s)
    assert s.war[it] == 0
    s.turn = 4
    economy.time_table(g, s)
    assert s.war[it] == 1
    s.turn = 11
    before = economy.income(g, s, be)
    economy.time_table(g, s)
    assert s.aid[be] == 8 and economy.income(g, s, be) == before + 8


def test_5_2_reinforcements_appear_in_the_first_home_area_the_side_holds():
    g, s = empty(turn=2)
    ge = nation(g, "ge")
    p = next(q for q in g.nation_pieces[ge] if g.types[g.p_type[q]].id == "inf" and s.loc[q] == RESERVE)
    tf = next(q for q in g.nation_pieces[ge] if g.types[g.p_type[q]].id == "fleet" and s.loc[q] == RESERVE)
    s.due[p] = s.due[tf] = 2
    s.ctl[area(g, "Hamburg")] = nation(g, "fr")                 # the first home area is lost
    economy.reinforce(g, s)
    assert s.loc[p] == area(g, "Berlin") and s.due[p] == 0
    assert g.t.is_sea[s.loc[tf]] and area(g, "Berlin") in g.t.coast[s.loc[tf]] or s.loc[tf] in g.t.coast[area(g, "Ruhr")] \
        or s.loc[tf] in [z for h in g.t.home[ge] for z in g.t.coast[h]]


def test_5_2_a_unit_with_nowhere_to_appear_waits_a_quarter():
    g, s = empty(turn=2)
    pl = nation(g, "pl")
    p = next(q for q in g.nation_pieces[pl] if s.loc[q] == RESERVE)
    s.due[p] = 2
    for h in g.t.home[pl]:
        s.ctl[h] = nation(g, "ge")
    economy.reinforce(g, s)
    assert s.loc[p] == RESERVE and s.due[p] == 3


def test_7_1_a_nation_all_of_whose_home_the_enemy_holds_is_conquered_and_freed_again():
    g, s = empty()
    fr, ge = nation(g, "fr"), nation(g, "ge")
    unit = place(g, s, "fr", "inf", "Brittany")
    for h in g.t.home[fr]:
        s.ctl[h] = ge
    economy._conquest(g, s)
    assert s.fallen[fr] == 1 and s.loc[unit] == REMOVED
    assert economy.income(g, s, fr) == 0
    s.ctl[area(g, "Paris")] = nation(g, "be")                   # the Allies take Paris back
    economy._conquest(g, s)
    assert s.fallen[fr] == 0 and s.ctl[area(g, "Paris")] == fr and s.loc[unit] == ELIMINATED


def test_7_2_income_is_own_areas_left_conquered_areas_right_outside_and_deliveries():
    g, s = empty()
    ge = nation(g, "ge")
    home = sum(g.t.left[h] for h in g.t.home[ge])
    off = g.t.outside[ge]
    assert off > 0
    # home areas + production off the maps; deliveries from the neutral USSR, Romania, Sweden
    assert economy.income(g, s, ge) == home + off + 3 + 2 + 1
    s.ctl[area(g, "Paris")] = ge
    assert economy.income(g, s, ge) == home + off + 6 + g.t.right[area(g, "Paris")]
    s.war[nation(g, "su")] = 1                                  # at war: the USSR's deliveries stop
    assert economy.income(g, s, ge) == home + off + 3 + g.t.right[area(g, "Paris")]


def test_7_2_4_a_neutral_major_gains_its_peace_production():
    g, s = empty()
    assert economy.income(g, s, nation(g, "su")) == 11 and economy.income(g, s, nation(g, "it")) == 6


def test_7_2_6_a_unit_built_arrives_after_its_quarters_and_costs_its_front_strength():
    g, s = empty(turn=5)
    ge = nation(g, "ge")
    s.bp[ge], s.builder, s.stage, s.actor = 20, ge, BUILD, 0
    inf, arm = g.type_index["inf"], g.type_index["arm"]
    acts = g.legal_actions(s)
    assert ("build", ge, inf) in acts and ("build", ge, arm) in acts
    g.apply(s, ("build", ge, arm))
    assert s.bp[ge] == 12                                       # 2 x 4
    p = next(q for q in g.nation_pieces[ge] if s.due[q])
    assert s.due[p] == 8 and s.loc[p] == RESERVE                # 3 quarters on
    g.apply(s, ("build", ge, inf))
    assert s.bp[ge] == 9 and sorted(d for d in s.due if d) == [6, 8]


def test_7_2_5_repair_pays_the_difference_doubled_for_armour():
    g, s = empty(turn=5)
    ge = nation(g, "ge")
    arm = place(g, s, "ge", "arm", "Berlin", reduced=True)
    s.bp[ge], s.builder, s.stage, s.actor = 3, ge, BUILD, 0
    assert ("repair", arm) not in g.legal_actions(s)            # (4 - 2) x 2 = 4
    s.bp[ge], s.legal = 4, None
    g.apply(s, ("repair", arm))
    assert s.reduced[arm] == 0 and s.bp[ge] == 0


def test_8_5_conquering_two_allied_majors_wins_for_the_axis():
    g, s = empty(phase="turn_end")
    ge = nation(g, "ge")
    for nid in ("fr", "be"):
        for h in g.t.home[nation(g, nid)]:
            s.ctl[h] = ge
    economy.turn_end(g, s)
    assert s.ended and g.side_ids[s.winner] == "axis" and s.reason == "total_victory"


def test_8_5_economic_victory_and_the_end_of_1945():
    g, s = empty(phase="turn_end")
    s.war[nation(g, "it")] = 1
    keep = {area(g, a) for a in ("London", "Paris", "Moscow")}    # no Allied major falls
    for h in range(g.board.n):
        if g.t.left[h] and h not in keep:
            s.ctl[h] = nation(g, "ge")
    assert economy.points(g, s, 0) >= 75
    economy.turn_end(g, s)
    assert s.ended and s.reason == "economic_victory" and g.side_ids[s.winner] == "axis"
    g, s = empty(phase="turn_end", turn=26)                        # the end: 40 points or the Allies win
    assert g.t.at_end == [(0, 40)] and economy.points(g, s, 0) == 27   # Germany's home alone
    economy.turn_end(g, s)
    assert s.ended and s.reason == "points_at_end" and g.side_ids[s.winner] == "allies"
    g, s = empty(phase="turn_end", turn=26)
    for a in ("Paris", "Alsace", "West Poland", "East Poland", "BNL", "Denmark", "Norway", "Provence", "Brittany"):
        s.ctl[area(g, a)] = nation(g, "ge")
    assert 40 <= economy.points(g, s, 0) < 45
    economy.turn_end(g, s)
    assert s.ended and s.reason == "points_at_end" and g.side_ids[s.winner] == "axis"


def test_whole_games_keep_every_invariant_and_replay_the_same():
    g = game()
    bots = [GreedyBot.for_game(g, 0, 1), GreedyBot.for_game(g, 1, 1)]
    a = play_game(g.content, 11, bots=bots, check_invariants=True)
    b = play_game(g.content, 11, bots=[GreedyBot.for_game(g, 0, 1), GreedyBot.for_game(g, 1, 1)])
    assert a.digest == b.digest and a.winner in ("axis", "allies")
    s = g.initial_state(4)
    while not s.ended:
        g.apply(s, g.legal_actions(s)[-1])
        assert check_invariants(s) == []


def test_7_2_production_left_unwritten_is_worked_out_so_tuned_areas_still_check():
    """7.2: Iron Quarters writes no nation's production; the nations chart prints the one its
    areas give, and a changed area or outside production (as ``genkit tune --vary`` sets it)
    still checks. A production written that the areas do not give is an error naming it."""
    import pytest

    from genkit.engine.rules.bg.charts import nations_chart
    from genkit.engine.rules.bg.section import Section
    from genkit.model.source import ContentError
    from genkit.pack.playable import load_checked

    content, _ = load_checked(BG_PATH, ["rules.outside.ge=6"])
    row = next(r for r in nations_chart(content, Section.model_validate(content.rules)).rows if r[0] == "Germany")
    assert row[4] == str(27 + 6)                      # 27 BP of home areas, 6 from off the maps
    with pytest.raises(ContentError) as err:
        load_checked(BG_PATH, ["game.sides.axis.nations.ge.production=35", "rules.outside.ge=6"])
    assert "nation 'ge': production 35" in str(err.value) and "33" in str(err.value)
    load_checked(BG_PATH, ["game.sides.axis.nations.ge.production=33", "rules.outside.ge=6"])
