"""The Strike the Bear bot (genkit/engine/rules/strike_the_bear/bots.py): it goes for the
objectives its side rolled (13.2, else the default set 13.3) and spends its OPs in
reorganization (12.3, 12.4)."""
from __future__ import annotations

from pathlib import Path

from genkit.engine.rules.strike_the_bear import Game
from genkit.engine.rules.strike_the_bear.bots import ObjectiveBot
from genkit.engine.state import ELIMINATED
from genkit.model.load import load_game

PACK = Path(__file__).resolve().parents[2] / "content" / "strike_the_bear"


def test_13_2_the_bot_goes_for_the_objectives_its_side_rolled():
    g = Game(load_game(PACK))
    s = g.initial_state(1)
    ger = g.side_ids.index("german")
    bot = ObjectiveBot.for_game(g, ger, 1)
    bot._set_targets(g.observe(s, ger))
    default = {h for n in g.default_objectives for h in g.objective_spaces[n]}
    assert set(bot.static_targets) == default
    s.objectives = (("Stalingrad", "Rostov", "Sevastopol", "South edge"), ())
    bot._set_targets(g.observe(s, ger))
    assert set(bot.static_targets) == {h for n in s.objectives[ger] for h in g.objective_spaces[n]}
    assert g.board.index_of("M9") in bot.static_targets


def test_12_3_the_bot_spends_its_ops_on_replacements_and_keeps_a_reserve():
    g = Game(load_game(PACK))
    s = g.initial_state(1)
    rus = g.side_ids.index("russian")
    gone = [p for p in g.side_pieces[rus] if g.type_ids[g.p_type[p]] == "mech_corps" and s.loc[p] >= 0][:2]
    for p in gone:
        g._remove(s, p)
        assert s.loc[p] == ELIMINATED
    s.phase = g.last_phase              # the turn's last phase: no reserve kept
    s.actor, s.stage = rus, 6
    s.ops[rus] = g.p_ops[gone[0]]
    bot = ObjectiveBot.for_game(g, rus, 1)
    choice = bot.choose(g.observe(s, rus), g._reorganization(s))
    assert choice[0] == "replace" and choice[1] in gone
    s.phase = g.phase_ids.index("german_reorganization")    # before the enemy's turn: the reserve
    assert bot.choose(g.observe(s, rus), g._reorganization(s)) == ("end",)


def test_11_9_5_the_bot_pays_for_an_advance_only_while_half_its_reserve_stays():
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from test_stb_rules import won_battle_in_c3
    g = Game(load_game(PACK))
    ger = g.side_ids.index("german")
    picks = {}
    for ops in (ObjectiveBot.reserve // 2 + 1, 60):
        chosen = []
        for seed in range(12):
            s = won_battle_in_c3(g, seed)       # an elimination: the advance costs OPs
            s.ops[ger] = ops
            g._after_battle(s)
            s.legal = None
            acts = g.legal_actions(s)
            assert any(a[0] == "advance" for a in acts)
            bot = ObjectiveBot.for_game(g, ger, seed)
            chosen.append(bot.choose(g.observe(s, ger), acts))
        picks[ops] = chosen
    assert all(a == ("stay",) for a in picks[ObjectiveBot.reserve // 2 + 1])
    assert any(a[0] == "advance" for a in picks[60])       # with OPs to spare it does advance


def german_movement():
    """(game, the German side, turn 1's state at the start of the German movement phase)."""
    g = Game(load_game(PACK))
    s = g.initial_state(1)
    s.phase = g.phase_ids.index("german_movement")
    g._enter_phase(s)
    s.legal = None
    return g, g.side_ids.index("german"), s


def test_9_1_the_bot_lands_a_unit_where_it_chose_for_that_unit_only():
    g, ger, s = german_movement()
    g.apply(s, ("fly", 0))
    lands = g.legal_actions(s)
    far = lands[-1]
    assert far != lands[0]
    bot = ObjectiveBot.for_game(g, ger, 1)
    assert bot._landing is None
    bot._landing = (0, far[1])              # the plan choose_flight made for unit 0
    assert bot.choose(g.observe(s, ger), lands) == far
    assert bot._landing is None             # used once
    bot._landing = (1, far[1])              # a plan for another unit is not this one's
    assert bot.choose(g.observe(s, ger), lands) == lands[0]


def even_battles_in_c3_and_c4(g):
    """Turn 1's German combat with the same battle in C3 (a river space) and C4 (none): a
    German army and leader against two rifle armies in each."""
    s = g.initial_state(1)
    s.phase = g.phase_ids.index("german_combat")
    g._enter_phase(s)
    at = g.board.index_of
    c3, c5 = at("C3"), at("C5")

    def kind(p):
        return g.type_ids[g.p_type[p]]
    for p in [p for p in g.stack(s, c3) if kind(p) in ("panzer_group", "mech_corps")]:
        g._lift(s, p)
        g._put(s, p, at("B5") if kind(p) == "panzer_group" else c5)
    army = next(p for p in g.stack(s, c5) if kind(p) == "rifle_army")
    g._lift(s, army)
    g._put(s, army, c3)
    s.legal = None
    return s


def test_11_4_2_and_11_6_the_bot_weighs_the_river_and_the_weather_as_the_battle_reads_them():
    g = Game(load_game(PACK))
    ger = g.side_ids.index("german")
    s = even_battles_in_c3_and_c4(g)
    c3, c4 = g.board.index_of("C3"), g.board.index_of("C4")
    assert (g.river_mask >> c3) & 1 and not (g.river_mask >> c4) & 1
    side = {at: [p for p in g.stack(s, at) if g.p_side[p] == ger and g.p_unit[p]] for at in (c3, c4)}
    kinds = {at: sorted(g.p_type[p] for p in g.stack(s, at)) for at in (c3, c4)}
    assert kinds[c3] == kinds[c4]
    # the standard modifiers cannot tell the two battles apart; the battle's own can
    assert g.battle_modifiers(s.loc, side[c3], c3, g.defenders(s, c3), s.rolled) == \
        g.battle_modifiers(s.loc, side[c4], c4, g.defenders(s, c4), s.rolled)
    assert ("river", -g.section.river.shift, 0) in g.modifiers(s, side[c3], c3)
    bot = ObjectiveBot.for_game(g, ger, 1)
    v = g.observe(s, ger)
    assert bot.attack_value(v, side[c3], c3) < bot.attack_value(v, side[c4], c4)
    both = [("end",), ("attack", c3), ("attack", c4)]
    for seed in range(1, 6):
        assert ObjectiveBot.for_game(g, ger, seed).choose(g.observe(s, ger), both) == ("attack", c4)
    # in fair weather the battle over the river is worth fighting; in mud (a shift more) not
    alone = [("end",), ("attack", c3)]
    fair = bot.attack_value(v, side[c3], c3)
    s.weather = "Mud"
    assert bot.attack_value(g.observe(s, ger), side[c3], c3) < bot.threshold < fair
    assert ObjectiveBot.for_game(g, ger, 1).choose(g.observe(s, ger), alone) == ("end",)
    s.weather = "Fair"
    assert ObjectiveBot.for_game(g, ger, 1).choose(g.observe(s, ger), alone) == ("attack", c3)


def test_5_1_1_with_control_in_the_occupied_space_only_the_bot_sees_a_withdrawal_next_to_its_units():
    """The zone of control reaches no further than the unit's own space: the defenders in C4
    may withdraw next to the German units, so a withdrawal is no loss of steps to them and a
    better column (fairer weather) is worth more to the attacker, never less."""
    g = Game(load_game(PACK))
    ger = g.side_ids.index("german")
    s = even_battles_in_c3_and_c4(g)
    c4 = g.board.index_of("C4")
    side = [p for p in g.stack(s, c4) if g.p_side[p] == ger and g.p_unit[p]]
    bot = ObjectiveBot.for_game(g, ger, 1)
    values = []
    for weather in ("Heavy snow", "Mud", "Fair"):       # the weather's shift: 2L, 1L, none
        s.weather = weather
        values.append(bot.attack_value(g.observe(s, ger), side, c4))
    assert values == sorted(values) and len(set(values)) == 3


def test_7_2_2_a_with_no_attack_worth_making_the_bot_attacks_where_the_commissar_stands():
    """Its combat phase may not end before that attack: any other leaves the duty standing,
    so the bot does not fight every battle listed before his at whatever odds."""
    g = Game(load_game(PACK))
    rus = g.side_ids.index("russian")
    s = g.initial_state(1)
    s.phase = g.phase_ids.index("russian_combat")
    g._enter_phase(s)
    c3 = g.board.index_of("C3")          # 4th Panzer and 16th Army against the 11th Army and a MC
    s.commissar, s.legal = c3, None
    a6 = g.board.index_of("A6")          # a German army, panzer group and leader against two armies
    assert ("end",) not in g.legal_actions(s)
    acts = [a for a in g.legal_actions(s) if a in (("attack", a6), ("attack", c3))]
    assert acts == [("attack", a6), ("attack", c3)]
    for seed in range(1, 4):
        assert ObjectiveBot.for_game(g, rus, seed).choose(g.observe(s, rus), acts) == ("attack", c3)
    # with the duty done, it ends the phase rather than fight at such odds
    s.commissar, s.legal = -1, None
    assert ObjectiveBot.for_game(g, rus, 1).choose(g.observe(s, rus), [("end",)] + acts) == ("end",)


def test_11_1_3_a_battle_is_fought_in_a_shared_space_so_the_bot_counts_an_attack_there_only():
    """Battles are fought inside a space both sides hold (rules.combat.where: same_space): the
    greedy bot's attack reach is 0, read from the rules, so moving a panzer group into the
    Russians' space C8 is worth the battle it may fight there, and standing next to it in A8
    is not; had it counted a reach of 1 (a battle next to its space), A8 would have won."""
    import copy

    from genkit.engine.rules.standard.bot_tables import tables
    g, ger, s = german_movement()
    at = g.board.index_of
    b6, c8, a8 = at("B6"), at("C8"), at("A8")
    panzer = next(p for p in g.stack(s, b6) if g.type_ids[g.p_type[p]] == "panzer_group")
    assert g.section.combat.where == "same_space"
    assert any(g.p_side[q] != ger for q in g.stack(s, c8))
    assert all(g.p_side[q] == ger for q in g.stack(s, a8))
    assert a8 in g.board.adjacent[c8]
    # both ends are the rules' offer
    moved = s.copy()
    g.apply(moved, ("move", panzer))
    assert {("to", c8), ("to", a8)} <= set(g.legal_actions(moved))
    # the engine's battles: from C8 the panzer group may attack the Russians there, from A8 not
    for end, joins in ((c8, True), (a8, False)):
        there = s.copy()
        g._lift(there, panzer)
        g._put(there, panzer, end)
        there.actor = ger
        assert (panzer in g.eligible(there, ger, c8)) is joins
    t = tables(g)
    assert set(t.p_ad) == {0}
    ends = [("to", c8), ("to", a8)]
    reach_one = copy.copy(t)
    reach_one.p_ad = [1] * len(t.p_ad)
    for seed in range(1, 4):
        bot = ObjectiveBot.for_game(g, ger, seed)
        bot.mover = panzer
        assert bot.choose(g.observe(moved, ger), ends) == ("to", c8)
        bot = ObjectiveBot.for_game(g, ger, seed)
        bot.t, bot.ads, bot.mover = reach_one, [1], panzer
        assert bot.choose(g.observe(moved, ger), ends) == ("to", a8)
