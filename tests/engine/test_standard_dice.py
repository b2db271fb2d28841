"""A CRT read on a sum of dice (docs/standard-rules.md case 8.12): ``crt.dice: 2`` with
``die_faces: 6`` is 2d6, a row per sum 2..12; checked, printed, rolled, read and weighed by the
bots as such."""
from __future__ import annotations

import pytest
from test_standard_position import MINI, Pos, content, fixed_dice

from genkit.engine.crt import CrtTable
from genkit.engine.rules import Requirements
from genkit.engine.rules.standard import Game
from genkit.engine.rules.standard.bot_tables import tables
from genkit.pack.printable import check_path

#: a 2d6 row per column of the mini CRT (worst to best as the sum rises), 11 results each
ROWS_2D6 = {
    "1:2": "K K B B A A N N X R R",
    "1:1": "B B A A N N X X R R S",
    "2:1": "A A N N X X R R S S D",
    "3:1": "N N X X R R S S D D D",
    "4:1": "X X R R S S D D D D D",
    "5:1": "R S S D D D D D D D D",
}


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def _two_dice() -> list:
    return ["crt.dice=2"] + [f"crt.columns.{odds}.rows.assault=[{', '.join(row.split())}]"
                             for odds, row in ROWS_2D6.items()]


def test_std_8_12_check_wants_one_result_per_sum_of_the_dice():
    assert [f for f in check_path(MINI, _two_dice()) if f.severity == "error"] == []
    found = [f for f in check_path(MINI, ["crt.dice=2"]) if f.code == "crt-missing"]
    assert found and "one per roll of 2d6, 2 to 12 (11)" in found[0].message


def test_std_8_12_a_battle_is_read_on_the_sum_of_the_dice(dice):
    g = Game(content(*_two_dice()))
    pos = Pos(g, "blue_combat")
    a = pos.put("blue", "inf", "0303")
    pos.put("grey", "inf", "0304")
    pos.start()
    col = g.odds(pos.s, [a], pos.h("0304"))[1]
    dice(3, 4)                                  # two dice: 7
    pos.act("attack", pos.h("0304"))
    if ("roll",) in pos.legal():
        pos.act("roll")
    [battle] = pos.events("battle")
    assert battle.face == 7
    assert battle.result == g.crt.codes[col][0][7 - 2]


def test_std_8_12_a_modified_sum_stays_on_the_table():
    crt = CrtTable(content(*_two_dice()).crt)
    assert (crt.low, crt.high) == (2, 12)
    assert crt.cell(2 - 3) == 0 and crt.cell(12 + 2) == 10 and crt.cell(7) == 5


def test_std_8_12_the_bots_weigh_each_sum_by_its_chance():
    c = content(*_two_dice())
    crt = CrtTable(c.crt)
    assert sum(crt.chances) == pytest.approx(1.0)
    assert crt.chances[7 - 2] == pytest.approx(6 / 36) and crt.chances[0] == pytest.approx(1 / 36)
    t = tables(Game(c))
    col = crt.top                               # 5:1: R on 2, S on 3 and 4, D from 5 up
    row = crt.codes[col][0]
    ways = [min(n - 1, 13 - n) for n in range(2, 13)]          # 2d6: 1, 2, ... 6, ... 2, 1 ways
    assert t.distribution(col, 0)[crt.effect_of["D"]] == pytest.approx(
        sum(w for w, code in zip(ways, row) if code == "D") / 36)
    assert t.distribution(col, 0)[crt.effect_of["D"]] == pytest.approx(30 / 36)


def test_std_8_12_the_aid_and_booklet_print_the_roll_and_each_sum():
    from genkit.render.aid import aid_style
    from genkit.render.tables_model import crt_table
    c = content(*_two_dice())
    data = crt_table(c, None, aid_style(c))
    assert data.header[0][0] == "2d6"
    labels = [r[0] for r in data.rows if r[0].isdigit()]
    assert labels == [str(n) for n in range(2, 13)]


def test_std_8_12_a_rules_module_reading_one_die_refuses_a_sum():
    c = content(*_two_dice())
    one_die = Requirements(sides=2, phase_kinds=("movement", "combat", "reinforcement", "replacement"),
                           any_side_kinds=("reinforcement", "replacement"), reserve=True)
    assert any(path == ("crt", "dice") for path, _ in one_die.problems("one_die", c))
    sums = Requirements(sides=2, phase_kinds=("movement",), dice_sums=True)
    assert not any(path == ("crt", "dice") for path, _ in sums.problems("sums", c))


def test_std_8_12_the_simulation_counts_cells_by_sum():
    from genkit.sim.metrics import Metrics
    from genkit.sim.runner import meta_for
    from genkit.pack.playable import load
    c, source = load(MINI, _two_dice())
    meta = meta_for(c, source, MINI, _two_dice(), 1, ["random", "random"])
    m = Metrics(meta)
    faces = {f for _, _, f in m.crt_cells()}
    assert faces == set(range(2, 13))
