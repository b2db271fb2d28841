"""5.0 victory conditions."""
from engine_helpers import Pos, open_map


def _enter_base(mover_side, phase):
    c = open_map()
    enemy = "ru" if mover_side == "us" else "us"
    base = c.map.bases[enemy]
    pos = Pos(c, phase)
    b = pos.g.board
    start = next(pos.hid(h) for h in b.adjacent[pos.h(base)] if b.cost[h])
    p = pos.add(mover_side, "inf", start)
    far = next(pos.hid(h) for h in range(b.n)
               if b.cost[h] and b.distance(h, pos.h(base)) >= 4 and b.distance(h, pos.h(start)) >= 4)
    pos.add(enemy, "inf", far)
    pos.apply(("move", p))
    pos.apply(("to", pos.h(base), pos.s.facing[p]))
    return pos


def test_5_0_american_enters_russian_base_and_wins():
    pos = _enter_base("us", "us_movement")
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == "us" and pos.s.reason == "base"
    assert pos.g.legal_actions(pos.s) == []


def test_5_0_russian_enters_american_base_and_wins():
    pos = _enter_base("ru", "ru_movement")
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == "ru" and pos.s.reason == "base"


def test_5_0_side_without_units_at_end_of_turn_loses():
    c = open_map()
    pos = Pos(c, "ru_combat")
    pos.add("us", "inf", "0302")
    pos.phase("housekeeping")
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == "us" and pos.s.reason == "no_units"


def test_5_0_both_sides_without_units_is_a_draw():
    c = open_map()
    pos = Pos(c, "ru_combat")
    pos.phase("housekeeping")
    assert pos.s.ended and pos.s.winner == -1 and pos.s.reason == "no_units"


def test_5_0_defender_wins_at_the_end_of_the_last_turn():
    c = open_map()
    pos = Pos(c, "ru_combat", turn=c.turn_track.turns)
    pos.add("us", "inf", "0302")
    pos.add("ru", "inf", "0805")
    pos.phase("housekeeping")
    defender = next(s.id for s in c.game.sides if s.id != c.game.first_side)
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == defender and pos.s.reason == "turn_limit"


def test_5_0_game_goes_on_before_the_last_turn():
    c = open_map()
    pos = Pos(c, "ru_combat", turn=c.turn_track.turns - 1)
    pos.add("us", "inf", "0302")
    pos.add("ru", "inf", "0805")
    pos.phase("housekeeping")
    assert not pos.s.ended and pos.s.turn == c.turn_track.turns
