"""The standard rules' stacking and zones-of-control chart says what the model selects, in the
board's own word: a hex map's hexes, another board's spaces; each kind of space with its own
limits (case 12.2); a zone of control next to a unit or only in its own space (zoc_reach)."""
from __future__ import annotations

from genkit.pack.playable import load_checked
from genkit.render.charts import module_charts
from tests.conftest import ROOT


def _rows(game: str) -> dict:
    content, _ = load_checked(ROOT / "content" / game)
    chart = next(c for c in module_charts(content) if c.id == "stacking_zoc")
    return dict(chart.rows)


def test_a_hex_map_speaks_of_hexes_and_zones_next_to_a_unit():
    rows = _rows("brannock_ford")
    assert " in a hex " in rows["Stacking"]
    assert rows["Zones of control"].startswith("The hexes next to a unit are its zone of control.")


def test_a_board_of_oxes_and_diamonds_speaks_of_spaces_their_kinds_and_zones_in_the_space():
    rows = _rows("strike_the_bear")
    assert " in a space " in rows["Stacking"] and " hex" not in rows["Stacking"]
    assert rows["In a diamond"].startswith("At most 2 stacking points; only ")
    assert rows["Zones of control"].startswith("A unit's zone of control is the space it stands in.")


def test_a_board_of_areas_speaks_of_spaces():
    rows = _rows("tallis_gap")
    assert " in a space " in rows["Stacking"]
    assert rows["Zones of control"].startswith("The spaces next to a unit")
