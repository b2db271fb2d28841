"""The standard rules on a board that is no hex grid (docs/standard-rules.md section 12: cases 12.1 to 12.5), on tests/fixtures/octagon_mini: oxes and diamonds, battles
inside shared spaces, zones of control only in the occupied space, kinds of space a unit type
may enter or only pass through, kinds of connection that cost more or may not be crossed.
Every number a test expects is read from the model."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_standard_position import Pos, fixed_dice

from genkit.engine.rules.standard import Game
from genkit.model.load import load_game

OCT = Path(__file__).resolve().parents[1] / "fixtures" / "octagon_mini"


def game(*overrides: str) -> Game:
    return Game(load_game(OCT, overrides=list(overrides)))


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def test_std_board_the_octagon_game_is_read_as_oxes_and_diamonds():
    g = game()
    b = g.board
    assert not b.is_hex and b.degree == 8
    assert b.spaces.space("D2").kind == "diamond" and b.spaces.space("C2").kind == "ox"
    assert g.section.spaces["diamond"].stacking == 1


def test_std_12_2_a_type_not_admitted_never_enters_a_space_of_that_kind():
    g = game("rules.spaces.diamond.pass_through=[]")
    pos = Pos(g, "blue_movement")
    a = pos.put("blue", "army", "C2")
    pos.start()
    assert g.section.spaces["diamond"].units == ["corps"]
    dests = pos.dests(a)
    assert dests and not any(g.board.spaces.space(d).kind == "diamond" for d in dests)


def test_std_12_2_a_type_that_passes_through_never_ends_there_but_moves_on():
    g = game()
    pos = Pos(g, "blue_movement")
    a = pos.put("blue", "army", "A1")
    c = pos.put("blue", "corps", "A5")
    pos.start()
    assert "army" in g.section.spaces["diamond"].pass_through
    army, corps = pos.dests(a), pos.dests(c)
    assert not any(g.board.spaces.space(d).kind == "diamond" for d in army)
    assert any(g.board.spaces.space(d).kind == "diamond" for d in corps)
    # C2 lies diagonally from A1: two steps through the diamond B1, as cheap as round by A2 or C1
    assert "C2" in army
    # a copy of the position (its destinations come from the probe cache, not the phase's) agrees
    copy = pos.s.copy()
    assert {pos.id(t[1]) for t in g._dest_actions(copy, a, False)} == army


def test_std_12_1_an_impassable_kind_of_connection_is_never_crossed():
    g = game()
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "corps", "E5")
    pos.start()
    assert g.section.connections["border"].impassable
    e5, g5 = pos.h("E5"), pos.h("G5")
    assert g.board.spaces.connection(e5, g5).kind == "border"
    deg = g.board.degree
    edge = e5 * deg + g.board.spaces.slot(e5, g5)
    assert g.ecost[edge] == 0 and not g.zoc_from[e5] >> g5 & 1
    # round the border (E4, the diamond F4, G5) it takes the corps' whole allowance
    assert "G5" in pos.dests(p)
    g2 = game("rules.connections.border.impassable=false")
    assert g2.ecost[edge] == 2 * g2.board.cost[g5]


def test_std_12_1_a_connection_kind_costs_extra_movement():
    g = game("rules.connections.rail.cost=2")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "corps", "E1")
    pos.start()
    ma = next(t.movement for t in g.types if t.id == "corps")
    assert ma == 3
    # E1 -> G1 by rail costs 1 + 2 = 3; then nothing more: I1 (one rail step further) is out of reach
    assert "G1" in pos.dests(p) and "I1" not in pos.dests(p)
    g0 = game()
    pos0 = Pos(g0, "blue_movement")
    q = pos0.put("blue", "corps", "E1")
    pos0.start()
    assert "I1" in pos0.dests(q)


def test_std_12_4_a_zone_of_control_only_in_the_occupied_space():
    g = game()
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "corps", "E3")
    pos.put("grey", "corps", "G3")
    pos.start()
    assert g.section.movement.zoc_reach == "space"
    dests = pos.dests(p)
    # next to the enemy is no zone of control: the unit goes past G3 (to G2, then I2 beyond)
    assert "G2" in dests and "G3" in dests
    # and entering the enemy's space ends the move: nothing is reached only through G3
    g3 = pos.h("G3")
    beyond = [j for j in g.board.adjacent[g3] if g.board.distance(pos.h("E3"), j) == 2]
    assert beyond


def test_std_12_5_units_of_both_sides_share_a_space_and_fight_in_it(dice):
    g = game()
    pos = Pos(g, "blue_combat")
    a = pos.put("blue", "army", "G3")
    d = pos.put("grey", "corps", "G3")
    pos.start()
    assert pos.problems() == []                     # both sides in one space is legal here
    assert ("attack", pos.h("G3")) in pos.legal()
    assert g.defenders(pos.s, pos.h("G3")) == [d]
    assert g.defence_strength(pos.s, pos.h("G3")) == next(t.defence_of().full for t in g.types if t.id == "corps")
    dice(6)
    pos.act("attack", pos.h("G3"))                  # the only attacker joins, the die is rolled
    battle = pos.events("battle")
    assert len(battle) == 1 and battle[0].lead == a and battle[0].defender == d


def test_std_12_5_no_attack_on_an_adjacent_space_when_battles_are_inside_spaces():
    g = game()
    pos = Pos(g, "blue_combat")
    pos.put("blue", "army", "E3")
    pos.put("grey", "corps", "G3")
    pos.start()
    assert not any(a[0] == "attack" for a in pos.legal())


def test_std_12_3_each_side_stacks_to_the_limit_of_the_kind_of_space():
    g = game()
    pos = Pos(g, "blue_movement")
    pos.put("blue", "corps", "D2")
    p = pos.put("blue", "corps", "C2")
    pos.start()
    assert g.section.spaces["diamond"].stacking == 1
    assert "D2" not in pos.dests(p)                  # the diamond holds one unit a side
    assert not g._room(pos.s, pos.h("D2"), p)
    assert g._room(pos.s, pos.h("C3"), p)


def test_std_12_5_a_retreat_runs_along_connections(dice):
    g = game()
    pos = Pos(g, "blue_combat")
    pos.put("blue", "army", "G3")
    d = pos.put("grey", "corps", "G3")
    pos.start()
    pos.s.rq, pos.s.rn = (d,), 1
    g._start_retreat(pos.s)
    out = {pos.id(h) for h in g.retreat_hexes(pos.s)}
    assert out and out <= {g.board.id_of(j) for j in g.board.adjacent[pos.h("G3")]}


def test_std_12_6_a_board_in_two_pieces_is_refused(tmp_path):
    """The border connections of the octagon game cut, the east can no longer be reached."""
    import shutil

    from genkit.pack.printable import check_path
    g = tmp_path / "oct"
    shutil.copytree(OCT, g)
    (g / "map.yaml").write_text((g / "map.yaml").read_text().replace(
        "    - {a: E5, b: G5, kind: border}\n",
        "    - {a: E5, b: G5, kind: border}\n"
        "    - {a: Spare, b: Depot}\n  spaces:\n"
        "    - {id: Spare, kind: box, box: [0.1, 0.1, 0.5, 0.5]}\n"
        "    - {id: Depot, kind: box, box: [0.7, 0.1, 0.5, 0.5]}\n"))
    found = [f for f in check_path(g) if f.severity == "error"]
    assert [f.code for f in found] == ["board-connected"] and "Spare" in found[0].message
    assert not [f for f in check_path(OCT) if f.severity == "error"]
