"""The CRT read by odds or by differential at the attacker's choice (docs/standard-rules.md case
8.13), on the designer's game (tests/fixtures/designer_game): an odds CRT of five columns (1:2 to
4:1) whose differential headings are -2, 0, +3, +5, +7 (``rules.combat.choice``)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_standard_position import Pos, fixed_dice

from genkit.engine.crt import FORBIDDEN
from genkit.engine.rules.standard import Game, charts
from genkit.model.load import load_game
from genkit.pack.printable import check_path

DESIGNER = Path(__file__).resolve().parents[1] / "fixtures" / "designer_game"
RED, TEAL = 0, 1
BY_DIFF = ("roll_by", "differential")


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def _game(*overrides: str) -> Game:
    return Game(load_game(DESIGNER, overrides=list(overrides)))


def _attack(g: Game, red: dict, teal: dict, at: str = "0504") -> Pos:
    """Red's combat with ``red`` (hex -> unit types) next to ``teal``'s units at ``at`` (in the open),
    every red unit named as an attacker. No cards in hand: the battle is the CRT's alone."""
    pos = Pos(g, "red_combat")
    for h, types in red.items():
        for t in types:
            pos.put("red", t, h)
    for t, reduced in teal.items():
        pos.put("teal", t, at, reduced=reduced)
    s = pos.s
    s.hands = ((), ())
    pos.start()
    pos.act("attack", pos.h(at))
    for a in [a for a in pos.legal() if a[0] == "with"]:
        if a in pos.legal():
            pos.act(*a)
    return pos


def test_std_8_13_the_attacker_reads_the_battle_by_odds_or_by_differential(dice):
    g = _game()
    assert g.crt.labels == ["1:2", "1:1", "2:1", "3:1", "4:1"] and g.crt_alt.labels == [-2, 0, 3, 5, 7]
    # tanks and guns, 6 + 4 = 10 against a militia's 3: odds 3:1 (3.3), differential +7 (the 4:1 line)
    pos = _attack(g, {"0404": ["tanks"], "0403": ["gun"]}, {"militia": False})
    assert ("roll",) in pos.legal() and BY_DIFF in pos.legal()
    assert g.action_text(pos.s, BY_DIFF) == "roll by differential: 10 against 3"
    assert g.action_text(pos.s, ("roll",)) == "roll by odds: 10 against 3"
    dice(2)
    pos.act(*BY_DIFF)
    [battle] = pos.events("battle")
    assert battle.column == "4:1" and battle.result == g.results[4][1][2] and pos.s.by == 0
    pos = _attack(g, {"0404": ["tanks"], "0403": ["gun"]}, {"militia": False})
    dice(2)
    pos.act("roll")
    [battle] = pos.events("battle")
    assert battle.column == "3:1" and battle.result == g.results[3][1][2]


def test_std_8_13_no_choice_is_asked_when_both_readings_give_the_same_column():
    g = _game()
    pos = _attack(g, {"0404": ["rifles"]}, {"militia": False})    # 4 against 3: 1:1, and +1 reads 0 too
    [battle] = pos.events("battle")                                # the only roll, taken at once (3.3)
    assert battle.column == "1:1"
    pos = _attack(_game("rules.combat.choice=null"), {"0404": ["tanks"], "0403": ["gun"]}, {"militia": False})
    [battle] = pos.events("battle")                                # no choice in the game: by odds alone
    assert battle.column == "3:1"


def test_std_8_13_an_attack_only_one_reading_allows_is_offered_read_that_way(dice):
    g = _game("rules.combat.choice={differential: [-4, 0, 3, 5, 7]}")
    # a reduced gun's 2 against rifles and a reduced militia, 4 + 1 = 5: odds 1:3 (below 1:2), differential -3
    pos = Pos(g, "red_combat")
    pos.put("red", "gun", "0404", reduced=True)
    pos.put("teal", "rifles", "0504")
    pos.put("teal", "militia", "0504", reduced=True)
    pos.s.hands = ((), ())
    pos.start()
    assert ("attack", pos.h("0504")) in pos.legal()
    assert g.crt.pick(2, 5) == FORBIDDEN and g.crt_alt.pick(2, 5) == 0
    dice(10)
    pos.act("attack", pos.h("0504"))               # the gun named and the roll by differential: the only choices
    [battle] = pos.events("battle")
    assert battle.column == "1:2" and battle.result == g.results[0][9][2]


def test_std_8_13_a_bombardment_reads_the_crts_own_columns_only(dice):
    g = _game()
    # a gun's 4 against a reduced militia's 1: 4:1 by odds, +3 (the 2:1 line) by differential
    pos = _attack(g, {"0404": ["gun"]}, {"militia": True})
    assert ("roll",) in pos.legal() and BY_DIFF in pos.legal()          # in combat: the attacker's choice
    pos = Pos(g, "red_bombardment")
    pos.put("red", "gun", "0404")
    pos.put("teal", "militia", "0504", reduced=True)
    pos.s.hands = ((), ())
    pos.start()
    dice(9)
    pos.act("attack", pos.h("0504"))               # bombarding: no choice, the roll taken at once by odds
    [battle] = pos.events("battle")
    assert battle.column == "4:1" and battle.attack_type == "barrage"


def test_std_8_13_check_wants_one_heading_per_column_of_the_other_kind_rising_with_the_crt():
    def errors(choice):
        return [f for f in check_path(DESIGNER, [f"rules.combat.choice={choice}"]) if f.severity == "error"]
    assert errors("{differential: [-2, 0, 3, 5, 7]}") == []
    assert any("give the other reading, differential" in f.message for f in errors("{odds: ['1:2', '1:1']}"))
    assert any("3 headings for the CRT's 5 columns" in f.message for f in errors("{differential: [0, 2, 4]}"))
    assert any("must rise as the CRT's columns rise" in f.message for f in errors("{differential: [-2, 0, 5, 3, 7]}"))


def test_std_8_13_the_chart_prints_both_headings_of_each_column():
    content = load_game(DESIGNER)
    [chart] = [c for c in charts(content) if c.id == "crt_choice"]
    assert chart.columns == ("By odds", "By differential")
    assert chart.rows == (("1:2", "-2"), ("1:1", "0"), ("2:1", "+3"), ("3:1", "+5"), ("4:1", "+7"))
    assert not [c for c in charts(load_game(DESIGNER, overrides=["rules.combat.choice=null"])) if c.id == "crt_choice"]
    from genkit.render.aid import aid_pages
    from genkit.render.draw import Text
    from genkit.render.geometry import iter_primitives
    from genkit.render.layout import SheetStyle
    pages = aid_pages(content, SheetStyle("letter", 0, "1", "0" * 64, "t"), DESIGNER)
    said = " ".join(p.text for page in pages for p, _ in iter_primitives(page.items) if isinstance(p, Text))
    assert "Odds or differential: the attacker's choice".upper() in said.upper() and "+7" in said


def test_std_8_13_the_bot_reads_each_battle_the_way_that_gives_the_better_column():
    from genkit.sim.bots import make_players

    def reading(red, teal):
        g = _game()
        pos = Pos(g, "red_combat")
        for h, types in red.items():
            for t in types:
                pos.put("red", t, h)
        for t, reduced in teal.items():
            pos.put("teal", t, "0504", reduced=reduced)
        pos.s.hands = ((), ())
        pos.start()
        bot = make_players(["greedy", "greedy"], g, 3)[RED]
        while pos.s.stage != 0 or not pos.events("battle"):
            acts = pos.legal()
            a = bot.choose(g.observe(pos.s, RED), acts)
            if any(x[0] in ("roll", "roll_by") for x in acts) and a[0] in ("roll", "roll_by"):
                return a, acts
            pos.act(*a)
        return None, None
    chosen, offered = reading({"0404": ["tanks"], "0403": ["gun"]}, {"militia": False})   # 3:1, or +7: 4:1
    assert BY_DIFF in offered and chosen == BY_DIFF
    chosen, offered = reading({"0404": ["tanks"]}, {"militia": True})                        # 6 to 1: 4:1, or +5: 3:1
    assert BY_DIFF in offered and chosen == ("roll",)
