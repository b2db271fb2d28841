"""5.0 victory conditions."""
from engine_helpers import Pos, open_map


def _enter_base(mover_side, phase, *overrides):
    c = open_map(extra=overrides)
    enemy = "ru" if mover_side == "us" else "us"
    base = c.map.owned_places(enemy)[0].hex
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
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == "us" and pos.s.reason == "enter_enemy_place"
    assert pos.g.legal_actions(pos.s) == []


def test_5_0_russian_enters_american_base_and_wins():
    pos = _enter_base("ru", "ru_movement")
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == "ru" and pos.s.reason == "enter_enemy_place"


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
    [limit] = [v for v in c.game.victory if v.kind == "turn_limit"]
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == limit.winner and pos.s.reason == "turn_limit"


def _turn_limit_winner(*overrides):
    """Who wins at the end of the last turn of the fixture (-1 draw) with ``overrides`` set."""
    c = open_map(extra=overrides)
    pos = Pos(c, "ru_combat", turn=c.turn_track.turns)
    pos.add("us", "inf", "0302")
    pos.add("ru", "inf", "0805")
    pos.phase("housekeeping")
    assert pos.s.ended and pos.s.reason == "turn_limit"
    return pos.g.side_ids[pos.s.winner] if pos.s.winner >= 0 else None


def test_5_0_turn_limit_winner_is_data_not_who_moves_first():
    assert _turn_limit_winner() == "ru"
    assert _turn_limit_winner("game.first_side=ru") == "ru"      # moving first decides nothing here
    assert _turn_limit_winner("game.victory.turn_limit.winner=us") == "us"
    assert _turn_limit_winner("game.first_side=ru", "game.victory.turn_limit.winner=us") == "us"
    assert _turn_limit_winner("game.victory.turn_limit.winner=draw") is None


def test_5_0_victory_conditions_are_checked_in_list_order():
    c = open_map(extra=("game.victory=[{kind: turn_limit, winner: us}, {kind: no_units}]",))
    pos = Pos(c, "ru_combat", turn=c.turn_track.turns)
    pos.add("ru", "inf", "0805")
    pos.phase("housekeeping")
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == "us" and pos.s.reason == "turn_limit"


def test_5_0_entering_the_base_wins_only_when_listed():
    pos = _enter_base("us", "us_movement", "game.victory=[{kind: no_units}, {kind: turn_limit, winner: ru}]")
    base = pos.h(pos.content.map.owned_places("ru")[0].hex)
    assert not pos.s.ended and pos.g.p_side[pos.s.occ[base]] == pos.g.side_ids.index("us")


def test_5_0_game_goes_on_before_the_last_turn():
    c = open_map()
    pos = Pos(c, "ru_combat", turn=c.turn_track.turns - 1)
    pos.add("us", "inf", "0302")
    pos.add("ru", "inf", "0805")
    pos.phase("housekeeping")
    assert not pos.s.ended and pos.s.turn == c.turn_track.turns
