"""Victory on the standard rules beyond the game's own order of conditions (docs/standard-rules.md
cases 11.5-11.8): conditions checked at once, what ``genkit check`` says of conditions met at
set-up or never met, ``hold`` by a side and points thresholds per side."""
from __future__ import annotations

import pytest
from test_standard_position import MINI, Pos, content, fixed_dice

from genkit.engine.rules.standard import Game
from genkit.pack.printable import check_path


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def _with_victory(victory: list, *overrides: str) -> Game:
    c = content(*overrides)
    game_model = type(c.game).model_validate({**c.game.model_dump(), "victory": victory})
    return Game(c.model_copy(update={"game": game_model}))


def _eliminate_face(g: Game, col_label: str) -> int:
    """The first die face whose result on column ``col_label`` eliminates the defenders."""
    col = g.crt.labels.index(col_label)
    row = g.content.crt.columns[col].rows[g.content.crt.attack_types[0]]
    codes = {r.code: r.effect for r in g.content.crt.results}
    return next(f for f, code in enumerate(row, start=1) if codes[code] == "eliminate")


def _kill(g: Game, dice) -> Pos:
    """Blue's armour and infantry eliminate a lone grey infantry in clear terrain, turn 1."""
    pos = Pos(g, "blue_combat")
    a, b = pos.put("blue", "arm", "0303"), pos.put("blue", "inf", "0203")
    d = pos.put("grey", "inf", "0304")
    pos.put("grey", "inf", "1008")
    pos.start()
    att = sum(g.t_attack[g.p_type[p]][0] for p in (a, b))
    ratio = att // g.t_defence[g.p_type[d]][0]
    dice(_eliminate_face(g, f"{min(ratio, 5)}:1"))
    pos.act("attack", pos.h("0304")).act("with", a).act("with", b)
    if not pos.s.ended and ("roll",) in pos.legal():     # (taken at once when it is the only choice)
        pos.act("roll")
    assert pos.s.nrolls == 1
    return pos


# --------------------------------------------------------------------------- 11.5 at once

def test_std_11_5_points_at_once_end_the_game_in_the_combat_phase(dice):
    worth = content().unit_type("inf").point_value()
    g = _with_victory([{"kind": "points", "at_least": worth, "at": "at_once"},
                       {"kind": "turn_limit", "winner": "grey"}])
    pos = _kill(g, dice)
    assert pos.s.ended and pos.s.reason == "points" and g.side_ids[pos.s.winner] == "blue"
    assert g.phase_ids[pos.s.phase] == "blue_combat" and pos.s.turn == 1


def test_std_11_5_points_at_the_turn_end_wait_for_it(dice):
    worth = content().unit_type("inf").point_value()
    g = _with_victory([{"kind": "points", "at_least": worth, "at": "turn_end"},
                       {"kind": "turn_limit", "winner": "grey"}])
    pos = _kill(g, dice)
    assert not pos.s.ended


def test_std_11_5_hold_at_once_ends_the_game_on_the_move():
    g = _with_victory([{"kind": "hold", "hexes": ["0602"], "side": "blue", "at": "at_once"},
                       {"kind": "turn_limit", "winner": "grey"}])
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0603")
    pos.put("grey", "inf", "1008")
    pos.start()
    pos.move(p, "0602")
    assert pos.s.ended and pos.s.reason == "hold" and g.side_ids[pos.s.winner] == "blue"


# --------------------------------------------------------------------------- 11.6 check

def _found(*overrides: str) -> list:
    return [f for f in check_path(MINI, list(overrides)) if f.code.startswith("victory-")]


def test_std_11_6_check_reports_a_hold_met_at_set_up():
    setup = {f"{f.code}" for f in _found()}
    assert not setup
    units = content().counters.units
    blue = next(i for i, g in enumerate(units) if g.side == "blue" and g.setup)
    held = units[blue].setup[0]
    found = _found(f'game.victory=[{{kind: hold, hexes: ["{held}"], at: turn_end}}, {{kind: turn_limit, winner: grey}}]')
    assert [(f.severity, f.code) for f in found] == [("warning", "victory-at-setup")] and "'blue'" in found[0].message
    # checked only at the end of the game, or held by the other side: nothing to say
    assert not _found(f'game.victory=[{{kind: hold, hexes: ["{held}"]}}, {{kind: turn_limit, winner: grey}}]')
    assert not _found(f'game.victory=[{{kind: hold, hexes: ["{held}"], side: grey, at: turn_end}}, '
                      '{kind: turn_limit, winner: grey}]')


def test_std_11_6_check_refuses_a_condition_that_can_never_be_met():
    c = content()
    stake = sum(t.point_value() * (len(g.setup) + g.reserve) for g in c.counters.units if g.side == "grey"
                for t in c.unit_types if t.id == g.type)
    ok = _found(f"game.victory=[{{kind: points, at_least: {{blue: {stake}}}}}, {{kind: turn_limit, winner: grey}}]")
    assert not ok
    found = _found(f"game.victory=[{{kind: points, at_least: {{blue: {stake + 1}}}}}, {{kind: turn_limit, winner: grey}}]")
    assert [(f.severity, f.code) for f in found] == [("error", "victory-never")] and "'blue'" in found[0].message
    blues = sum(len(g.setup) + g.reserve for g in c.counters.units if g.side == "blue")
    cols = [f"{col:02d}01" for col in range(1, blues + 2)]
    found = _found(f"game.victory=[{{kind: hold, hexes: {cols}, side: blue}}, {{kind: turn_limit, winner: grey}}]")
    assert [f.code for f in found] == ["victory-never"]


# --------------------------------------------------------------------------- 11.7 hold by a side

def test_std_11_7_hold_by_a_side_is_won_only_by_that_side():
    victory = [{"kind": "hold", "hexes": ["0602", "0707"], "side": "grey", "at": "game_end"},
               {"kind": "turn_limit", "winner": "draw"}]
    g = _with_victory(victory)
    for holder, wins in (("blue", False), ("grey", True)):
        pos = Pos(g, "replacement", turn=g.turns)
        pos.put(holder, "inf", "0602")
        pos.put(holder, "inf", "0707")
        pos.put("blue" if holder == "grey" else "grey", "inf", "0101")
        pos.start()
        assert pos.s.ended
        assert (pos.s.reason, g.side_id(pos.s.winner)) == (("hold", "grey") if wins else ("turn_limit", ""))


def test_std_11_7_check_refuses_a_hold_of_an_unknown_side():
    found = check_path(MINI, ['game.victory=[{kind: hold, hexes: ["0602"], side: green}, {kind: turn_limit, winner: grey}]'])
    assert any(f.code == "unknown-side" and f.severity == "error" for f in found)


# --------------------------------------------------------------------------- 11.8 thresholds per side

def test_std_11_8_points_thresholds_per_side(dice):
    worth = content().unit_type("inf").point_value()
    for blue_needs, ends in ((worth, True), (worth + 1, False)):
        g = _with_victory([{"kind": "points", "at_least": {"blue": blue_needs, "grey": 1}, "at": "at_once"},
                           {"kind": "turn_limit", "winner": "grey"}])
        pos = _kill(g, dice)
        assert bool(pos.s.ended) == ends
        if ends:
            assert g.side_ids[pos.s.winner] == "blue"


# --------------------------------------------------------------------------- 11.7 the bots

def _bot_game(victory: list) -> Game:
    return _with_victory(victory)


def test_std_11_7_the_bot_defends_a_hold_the_enemy_must_take_and_stays_on_it():
    """A hold by blue with no side favoured by the turn limit: grey's bot is the defender, its
    targets are the towns blue must take, and a grey unit on a town stays there."""
    from genkit.engine.rules.standard.bot_tables import tables
    from genkit.engine.rules.standard.bots import GreedyBot
    towns = ["0602", "0707"]
    g = _bot_game([{"kind": "hold", "hexes": towns, "side": "blue", "at": "turn_end"},
                   {"kind": "turn_limit", "winner": "draw"}])
    t = tables(g)
    blue, grey = g.side_ids.index("blue"), g.side_ids.index("grey")
    assert t.defender[grey] and not t.defender[blue]
    assert {g.board.grid.id_of(h) for h in t.targets[grey]} >= set(towns)
    # without a side, neither side defends (the turn limit favours nobody): both go for the towns
    both = tables(_bot_game([{"kind": "hold", "hexes": towns, "at": "turn_end"},
                             {"kind": "turn_limit", "winner": "draw"}]))
    assert not any(both.defender)
    pos = Pos(g, "grey_movement")
    keeper = pos.put("grey", "inf", "0602")
    pos.put("grey", "inf", "0707")
    pos.put("blue", "inf", "0103")
    pos.start()
    bot = GreedyBot.for_game(g, grey, 3)
    while not pos.s.ended and g.phase_ids[pos.s.phase] == "grey_movement":
        action = bot.choose(g.observe(pos.s, grey), pos.legal())
        assert action != ("move", keeper)
        pos.act(*action)
    assert pos.at(keeper) == "0602"


def _victory_said(*overrides: str) -> list:
    """The victory conditions as the player aid prints them, for the mini game with ``overrides``."""
    from genkit.render.aid import aid_style
    from genkit.render.aid_play import victory_text
    c = content(*overrides)
    st = aid_style(c, MINI)
    return [victory_text(c, st, v) for v in c.game.victory]


def test_std_11_7_the_aid_says_which_side_alone_wins_by_a_hold():
    c = content()
    i = next(k for k, v in enumerate(c.game.victory) if v.kind == "hold")
    hexes = c.game.victory[i].hexes
    plain = _victory_said()[i]
    assert plain.startswith("The side whose units hold")
    said = _victory_said(f"game.victory.{i}={{kind: hold, hexes: [{', '.join(hexes)}], at: game_end, side: grey}}")[i]
    assert said.startswith(f"The {c.side('grey').adjective} player wins if its units hold {hexes[0]}")


def test_std_11_8_the_aid_prints_each_sides_points_threshold():
    c = content()
    said = _victory_said("game.victory=[{kind: points, at_least: {blue: 12, grey: 9}}, {kind: turn_limit, "
                         "winner: grey}]")[0]
    blue, grey = c.side("blue").adjective, c.side("grey").adjective
    assert f"12 ({blue}) or 9 ({grey}) points" in said and "{" not in said
