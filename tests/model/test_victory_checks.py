"""Victory as data and who moves first: what check says about them (on the second game, Ridge)."""
from pathlib import Path

from genkit.pack.printable import check_path

RIDGE = Path(__file__).resolve().parents[1] / "fixtures" / "ridge"


def _codes(*overrides):
    return {f.code: f for f in check_path(RIDGE, list(overrides))}


def test_a_game_end_condition_after_the_turn_limit_is_never_checked():
    found = _codes('game.victory=[{kind: turn_limit, winner: draw}, {kind: hold, hexes: ["0705"]}]')
    assert "never-checked" in found and "list it before turn_limit" in found["never-checked"].message
    assert "never-checked" not in _codes()          # the fixture lists hold first


def test_first_side_must_be_the_side_that_moves_first():
    found = _codes("game.first_side=red")
    assert "first-side" in found and "'blue_move'" in found["first-side"].message
    assert "first-side" not in _codes()


def test_hold_hexes_must_be_on_the_map_and_enterable():
    found = _codes('game.victory=[{kind: hold, hexes: ["1103"]}, {kind: turn_limit, winner: draw}]')
    assert found["impassable"].message.startswith("hold: hex 1103 is Pond")
