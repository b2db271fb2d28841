"""Die-roll tables as data (docs/standard-rules.md, case 14): the model's checks, the rolls and
the chart, on tables made here."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from genkit.engine.die_tables import DieTableReader, die_table_chart
from genkit.engine.state import State
from genkit.model.schema_die_tables import DieTable


def table(**kw):
    base = dict(id="weather", name="Weather", dice=1, columns=["Weather", "Combat"],
                rows=[{"roll": "1-3", "results": ["Fair", "0"]}, {"roll": "4-5", "results": ["Mud", "1L"]},
                      {"roll": "6+", "results": ["Snow", "2L"]}],
                drms=[{"id": "late", "name": "late in the year", "value": 2}])
    base.update(kw)
    return DieTable.model_validate(base)


def test_std_14_1_rows_must_cover_every_total_once():
    with pytest.raises(ValidationError, match="no row for the total 6"):
        table(rows=[{"roll": "1-3", "results": ["a", "b"]}, {"roll": "4-5", "results": ["c", "d"]}])
    with pytest.raises(ValidationError, match="in two rows"):
        table(rows=[{"roll": "1-4", "results": ["a", "b"]}, {"roll": "4-6", "results": ["c", "d"]}])
    with pytest.raises(ValidationError, match="2 columns"):
        table(rows=[{"roll": "1-6", "results": ["a"]}])
    with pytest.raises(ValidationError, match="not a total"):
        table(rows=[{"roll": "one", "results": ["a", "b"]}])


def test_std_14_3_a_modified_total_beyond_the_table_reads_its_first_or_last_row():
    r = DieTableReader(table())
    assert r.read(2) == "Fair" and r.read(5, "combat") == "1L"
    assert r.read(9) == "Snow" and r.read(-3) == "Fair"


def test_std_14_2_two_dice_are_added_and_the_modifiers_named():
    t = table(dice=2, rows=[{"roll": "2-6", "results": ["a", "b"]}, {"roll": "7", "results": ["c", "d"]},
                            {"roll": "8-12", "results": ["e", "f"]}])
    assert (t.low, t.high) == (2, 12)
    r = DieTableReader(t)
    assert r.read(7) == "c"
    s = State.__new__(State)
    s.rng, s.nrolls, s.trace = 12345, 0, []
    got = r.roll(s, None, ("late",))
    assert s.nrolls == 2 and got.total == sum(f for f, _ in s.trace) and 2 <= got.total <= 12
    assert got.modified == got.total + 2 and got.result == r.read(got.modified)


def test_std_14_4_the_chart_prints_every_row_and_modifier():
    c = die_table_chart(table())
    assert c.columns == ("d6", "Weather", "Combat")
    assert c.rows[0] == ("1-3", "Fair", "0")
    assert any("+2" in n and "late" in n for n in c.notes)
