"""Supply on the standard rules (docs/standard-rules.md case 8.14), on the designer's game
(tests/fixtures/designer_game): each side's supply traced to its own map edge within 10 hexes,
cut by enemy units and zones of control; out of supply, an attack shifts a column left and a
defence a column right."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_standard_position import Pos, fixed_dice

from genkit.engine.rules.standard import Game, charts
from genkit.model.load import load_game
from genkit.pack.printable import check_path

DESIGNER = Path(__file__).resolve().parents[1] / "fixtures" / "designer_game"
RED, TEAL = 0, 1
NEAR = "rules.supply={sources: {red: ['0705']}, distance: 2, attacking: {shift: -1}, defending: {shift: 1}}"


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def _game(*overrides: str) -> Game:
    return Game(load_game(DESIGNER, overrides=list(overrides)))


def test_std_8_14_a_unit_is_in_supply_within_the_distance_of_a_source_of_its_side():
    g = _game()
    pos = Pos(g, "red_movement")
    pos.put("red", "rifles", "0505")
    pos.put("red", "rifles", "1205")
    pos.put("teal", "militia", "1209")
    ok = g.supplied(pos.s.loc, RED)
    assert (ok >> pos.h("0505")) & 1 and not (ok >> pos.h("1205")) & 1      # 4 and 11 hexes from the edge
    assert (g.supplied(pos.s.loc, TEAL) >> pos.h("1209")) & 1
    g2 = _game("rules.supply.sources={teal: ['1401']}")                      # red left out: always supplied
    assert g2.supplied(pos.s.loc, RED) == g2.every


def test_std_8_14_enemy_units_and_zones_of_control_cut_the_line_and_a_friend_lifts_the_zone():
    g = _game(NEAR)
    pos = Pos(g, "red_movement")
    unit = pos.put("red", "rifles", "0905")                                  # 0905 - 0805 - 0705: the one path
    pos.put("teal", "militia", "1209")

    def supplied():
        return bool((g.supplied(pos.s.loc, RED) >> pos.s.loc[unit]) & 1)
    assert supplied()
    foe = pos.put("teal", "militia", "0804")                                 # its zone covers 0805 (and 0705)
    assert not supplied()
    friend = pos.put("red", "tanks", "0805")                                 # a friend there lifts the zone
    assert supplied()
    g._lift(pos.s, friend)
    pos.s.loc[friend] = -1
    g._lift(pos.s, foe)
    g._put(pos.s, foe, pos.h("0805"))                                        # an enemy unit on the path
    assert not supplied()
    g._lift(pos.s, foe)
    g._put(pos.s, foe, pos.h("1201"))
    g._lift(pos.s, unit)
    g._put(pos.s, unit, pos.h("1005"))                                       # three steps: beyond the distance
    assert not supplied()


def test_std_8_14_out_of_supply_an_attack_shifts_left_and_a_defence_right(dice):
    g = _game("rules.supply={sources: {red: ['0101']}, distance: 2, attacking: {shift: -1}, defending: {shift: 1}}")
    for at, target, column in (("0102", "0202", "1:1"), ("0404", "0504", "1:2")):
        pos = Pos(g, "red_combat")
        pos.put("red", "rifles", at)                                          # 4 against a militia's 3: 1:1
        pos.put("teal", "militia", target)
        pos.s.hands = ((), ())
        pos.s.rolled = ("Clear", "")
        pos.start()
        dice(5)
        pos.act("attack", pos.h(target))
        [battle] = pos.events("battle")
        assert battle.column == column, at
    g = _game("rules.supply={sources: {teal: ['1401']}, distance: 2, attacking: {shift: -1}, defending: {shift: 1}}")
    pos = Pos(g, "red_combat")
    rif = pos.put("red", "rifles", "0404")
    pos.put("teal", "militia", "0504")
    assert g.modifiers(pos.s, [rif], pos.h("0504")) == [("supply:defending", 1, 0)]


def test_std_8_14_the_bot_weighs_an_attack_out_of_supply_as_worse():
    from genkit.sim.bots import make_players
    values = []
    for sources in ("{red: ['0101']}", "{teal: ['1401']}"):            # red out of supply; red always supplied
        g = _game(f"rules.supply={{sources: {sources}, distance: 2, attacking: {{shift: -1}}}}")
        pos = Pos(g, "red_combat")
        rif = pos.put("red", "rifles", "0404")
        pos.put("teal", "militia", "0504")
        pos.s.rolled = ("Clear", "")
        bot = make_players(["greedy", "greedy"], g, 1)[RED]
        values.append(bot.attack_value(g.observe(pos.s, RED), [rif], pos.h("0504")))
    assert values[0] < values[1]


def test_std_8_14_check_refuses_a_source_of_no_side_or_space_and_a_side_with_none():
    def errors(*sets):
        return [f for f in check_path(DESIGNER, list(sets)) if f.severity == "error"]
    assert errors() == []
    found = errors("rules.supply.sources={blue: ['0101'], red: ['9999'], teal: []}")
    assert any("no side 'blue'" in f.message for f in found)
    assert any("red's source '9999' is not a space of the map" in f.message for f in found)
    assert any("side 'teal' has no source" in f.message for f in found)


def test_std_8_14_the_combat_modifiers_chart_says_what_supply_does_and_how_it_is_traced():
    [chart] = [c for c in charts(load_game(DESIGNER)) if c.id == "combat_modifiers"]
    assert ("Out of supply", "1 column left", "an attacker out of supply") in chart.rows
    assert ("Out of supply", "1 column right", "a defender out of supply") in chart.rows
    assert any(n.startswith("Supply: a unit is in supply within 10 hexes of a source of its side (Red 0101, 0103")
               for n in chart.notes)
