"""Die-roll tables rolled at a phase (docs/standard-rules.md case 14.5), on the designer's game
(tests/fixtures/designer_game): the weather rolled as Red's first phase begins (rain and fog shift
every battle toward the defender), Teal's arrivals rolled at its reinforcement phase (late: its
reinforcements wait)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_standard_position import Pos, fixed_dice

import genkit.engine.die_tables as die_tables
from genkit.engine.bots import RandomBot
from genkit.engine.rules.standard import Game, charts
from genkit.engine.state import RESERVE
from genkit.model.load import load_game
from genkit.pack.printable import check_path

DESIGNER = Path(__file__).resolve().parents[1] / "fixtures" / "designer_game"
RED, TEAL = 0, 1
WEATHER, ARRIVALS = 0, 1


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


@pytest.fixture
def table_dice(monkeypatch):
    """``table_dice(f1, ...)``: the next die-roll table rolls come out as given, in order."""
    queue = []

    def fake(state, faces, purpose):
        assert queue, f"unexpected table roll for {purpose}"
        state.nrolls += 1
        return queue.pop(0)

    monkeypatch.setattr(die_tables, "roll_die", fake)
    return lambda *faces: queue.extend(faces)


def _game(*overrides: str) -> Game:
    return Game(load_game(DESIGNER, overrides=list(overrides)))


def _errors(*overrides: str, severity: str = "error") -> list:
    return [f for f in check_path(DESIGNER, list(overrides)) if f.severity == severity]


def test_std_14_5_each_table_is_rolled_as_its_phase_begins_every_game_turn(table_dice):
    g = _game()
    table_dice(*[7] * 40)
    s = g.initial_state(3, events=[])
    bots = [RandomBot(3), RandomBot(4)]
    while not s.ended:
        g.apply(s, bots[s.actor].choose(None, g.legal_actions(s)), check=True)
    rolled = [(e.table, e.result) for e in s.events if e.kind == "table_rolled"]
    assert rolled[0] == ("weather", "Rain")                       # turn 1's, as its first phase begins
    assert [r for r in rolled if r[0] == "weather"] == [("weather", "Rain")] * s.turn
    assert [r for r in rolled if r[0] == "teal_arrivals"] in ([("teal_arrivals", "On time")] * k
                                                             for k in (s.turn - 1, s.turn))
    for phase, tables in (("red_reinforcement", ["weather"]), ("red_movement", []),
                          ("teal_reinforcement", ["teal_arrivals"])):
        pos = Pos(g, phase, turn=2)
        pos.put("red", "rifles", "0104")
        pos.put("teal", "militia", "1005")
        n = len(pos.s.events)
        pos.start()
        assert [e.table for e in pos.s.events[n:] if e.kind == "table_rolled"] == tables


def test_std_14_5_a_weather_result_shifts_and_modifies_every_battle_until_the_next_roll(dice):
    g = _game()
    for weather, column, face in (("Clear", "1:1", 6), ("Rain", "1:2", 6), ("Fog", "1:2", 5)):
        pos = Pos(g, "red_combat")
        pos.put("red", "rifles", "0404")
        pos.put("teal", "militia", "0504")
        pos.s.hands = ((), ())
        pos.s.rolled = (weather, "On time")
        pos.start()
        dice(6)
        pos.act("attack", pos.h("0504"))            # 4 against 3: 1:1; the roll taken at once
        [battle] = pos.events("battle")
        assert battle.column == column, weather
        assert battle.result == g.results[g.crt.labels.index(column)][face - 1][2], weather
        mods = g.modifiers(pos.s, [pos.s.occ[pos.h("0404")]], pos.h("0504"))
        assert [m for m in mods if m[0].startswith("roll:")] == ([] if weather == "Clear" else [
            (f"roll:weather:{weather}", -1, -1 if weather == "Fog" else 0)])


def test_std_14_5_a_late_result_holds_the_sides_reinforcements_back_until_the_next_roll(table_dice):
    g = _game()
    waiting = [p for p in g.side_arrivals[TEAL] if g.p_enter_turn[p] == 4]
    for face, enters in ((2, False), (5, True)):
        table_dice(1)                               # (the set-up's weather)
        pos = Pos(g, "teal_reinforcement", turn=4)
        pos.put("red", "rifles", "0104")
        pos.put("teal", "militia", "1005")
        assert waiting and all(pos.s.loc[p] == RESERVE for p in waiting)
        table_dice(face)
        pos.start()
        assert pos.s.rolled[ARRIVALS] == ("On time" if enters else "Late")
        assert (pos.legal() != [] and pos.legal()[0][0] == "enter") == enters
        assert g.arrivals_held(pos.s, TEAL) != enters and not g.arrivals_held(pos.s, RED)


def test_std_14_5_check_names_the_table_phase_column_and_results_and_warns_of_a_table_never_rolled():
    assert _errors() == [] and _errors(severity="warning") == []
    found = _errors("rules.rolls.0.table=wether", "rules.rolls.1.phase=teal_move")
    assert any("no die table 'wether'" in f.message for f in found)
    assert any("no phase 'teal_move'" in f.message for f in found)
    found = _errors("rules.rolls.0.column=wind")
    assert any("no column 'wind'" in f.message for f in found)
    found = _errors("rules.rolls.0.results={Snow: {shift: -2}}")
    assert any("gives no result 'Snow' (it gives Clear, Rain, Fog)" in f.message for f in found)
    found = _errors("rules.rolls=[{table: weather, phase: red_reinforcement}]", severity="warning")
    assert any(f.code == "rules-unused" and "'teal_arrivals' is never rolled" in f.message for f in found)


def test_std_14_5_the_aid_prints_each_table_rolled_with_when_and_what_its_results_do():
    content = load_game(DESIGNER)
    by_id = {c.id: c for c in charts(content)}
    weather, arrivals = by_id["table_weather"], by_id["table_teal_arrivals"]
    assert weather.columns == ("d10", "Result") and weather.rows[0] == ("1-6", "Clear")
    assert "Rolled at the start of the Red Reinforcement phase every game turn; the result holds until the next " \
           "roll." in weather.notes
    assert "Rain: 1 column left in every battle." in weather.notes
    assert "Fog: 1 column left and DRM -1 in every battle." in weather.notes
    assert "Late: Teal reinforcements do not enter." in arrivals.notes
    from genkit.render.aid import aid_pages
    from genkit.render.draw import Text
    from genkit.render.geometry import iter_primitives
    from genkit.render.layout import SheetStyle
    pages = aid_pages(content, SheetStyle("letter", 0, "1", "0" * 64, "t"), DESIGNER)
    said = " ".join(p.text for page in pages for p, _ in iter_primitives(page.items) if isinstance(p, Text))
    assert "WEATHER" in said.upper() and "Teal reinforcements do not enter" in said


def test_std_14_5_the_bot_weighs_a_battle_under_the_weather_in_force():
    from genkit.sim.bots import make_players
    g = _game()
    pos = Pos(g, "red_combat")
    rif = pos.put("red", "rifles", "0404")
    pos.put("teal", "militia", "0504")
    bot = make_players(["greedy", "greedy"], g, 1)[RED]
    values = {}
    for weather in ("Clear", "Fog"):
        pos.s.rolled = (weather, "")
        values[weather] = bot.attack_value(g.observe(pos.s, RED), [rif], pos.h("0504"))
    assert values["Fog"] < values["Clear"]
