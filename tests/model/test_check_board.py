"""The checks of boards beyond the hex grid, each naming file and line (issue 24): connections
between spaces that exist, every space drawn on a sheet it fits, line of sight only on a board
with geometry, octagon diamond rows, set-up spaces a unit type may occupy, the board in one piece."""
from __future__ import annotations

import shutil
from pathlib import Path

from genkit.pack.printable import check_path

ROOT = Path(__file__).resolve().parents[2]
TALLIS = ROOT / "content" / "tallis_gap"
OCT = ROOT / "tests" / "fixtures" / "octagon_mini"


def _copy(src: Path, tmp_path: Path) -> Path:
    dst = tmp_path / src.name
    shutil.copytree(src, dst)
    return dst


def _edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (once) in ``path``; the 1-based line it was on."""
    text = path.read_text()
    assert text.count(old) == 1, old
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new))
    return line


def _errors(folder: Path, code: str | None = None) -> list:
    return [f for f in check_path(folder) if f.severity == "error" and (code is None or f.code == code)]


def test_the_area_game_and_the_octagon_game_check_clean():
    assert _errors(TALLIS) == [] and _errors(OCT) == []


def test_a_connection_to_a_space_that_does_not_exist_is_named_with_file_and_line(tmp_path):
    g = _copy(TALLIS, tmp_path)
    line = _edit(g / "map.yaml", "{a: Ostwald, b: Vorn}", "{a: Ostwald, b: Vornn}")
    found = _errors(g, "unknown-space")
    assert len(found) == 1 and found[0].file.endswith("map.yaml") and found[0].line == line
    assert "Vornn" in found[0].message


def test_a_space_listed_twice_and_a_connection_listed_twice_are_refused(tmp_path):
    g = _copy(TALLIS, tmp_path)
    line = _edit(g / "map.yaml", "    - {a: Halden, b: Vorn}\n", "    - {a: Halden, b: Vorn}\n    - {a: Vorn, b: Halden}\n")
    found = _errors(g, "duplicate-connection")
    assert len(found) == 1 and found[0].line == line + 1 and f"map.yaml:{line}" in found[0].message


def test_an_undrawn_space_and_a_space_off_its_sheet_are_refused(tmp_path):
    g = _copy(TALLIS, tmp_path)
    text = (g / "map.yaml").read_text()
    line = text[:text.index("    - {id: Reddale")].count("\n") + 1
    (g / "map.yaml").write_text(text.replace(
        "    - {id: Reddale", "    - {id: Nowhere, terrain: clear}\n    - {id: Far, at: [40, 3], sheet: east}\n"
                              "    - {id: Reddale"))
    assert [(f.line, f.code) for f in _errors(g) if f.code in ("undrawn-space", "off-sheet")] == \
        [(line, "undrawn-space"), (line + 1, "off-sheet")]


def test_line_of_sight_needs_a_board_with_geometry(tmp_path):
    g = _copy(TALLIS, tmp_path)
    _edit(g / "map.yaml", "    - {id: Reddale", "    - {id: Signal Post, at: [9.5, 7.3], sheet: east}\n    - {id: Reddale")
    assert _errors(g, "no-geometry") == []
    line = _edit(g / "map.yaml", 'pattern: dots, move_cost: 2}', 'pattern: dots, move_cost: 2, blocks_los: true}')
    found = _errors(g, "no-geometry")
    assert len(found) == 1 and found[0].line == line


def test_a_set_up_space_the_unit_type_may_not_end_in_is_refused(tmp_path):
    g = _copy(OCT, tmp_path)
    line = _edit(g / "game.yaml", '{side: blue, type: army, setup: ["C2", "C4"]}',
                 '{side: blue, type: army, setup: ["C2", "D4"]}')
    found = _errors(g, "setup-space")
    assert len(found) == 1 and found[0].line == line and "D4" in found[0].message


def test_octagon_diamond_rows_must_fit_the_grid(tmp_path):
    g = _copy(OCT, tmp_path)
    line = _edit(g / "map.yaml", 'diamond_rows: [".....", ".w...", "...w.", "....."]',
                 'diamond_rows: [".....", ".w..", "...w.", "....."]')
    found = _errors(g, "map-size")
    assert len(found) == 1 and found[0].line == line


def test_a_board_in_two_pieces_is_refused(tmp_path):
    g = _copy(TALLIS, tmp_path)
    for old in ("    - {a: Greyfield, b: Kestrel Heights, kind: pass}   # the Kestrel pass\n",
                "    - {a: Lowmere, b: Brae}                            # the Gap itself: the valley road\n",
                "    - {a: Harl Wood, b: Scarra Fell, kind: pass}       # the Scarra pass\n"):
        _edit(g / "map.yaml", old, "")
    found = _errors(g, "board-connected")
    assert len(found) == 1 and found[0].file.endswith("map.yaml")


def test_hex_only_features_are_refused_on_other_boards(tmp_path):
    g = _copy(OCT, tmp_path)
    line = _edit(g / "map.yaml", "  places:", "  lines:\n    - {id: front, name: Front, at: 3}\n  places:")
    found = _errors(g, "hex-only")
    assert len(found) == 1 and found[0].line == line + 1


def test_checks_and_kit_read_one_board_and_one_grid():
    """A build's checks and its kit build the board of one map model once, and a hex map's
    grid for the checks is the board's own."""
    from genkit.model.check_context import Context
    from genkit.pack.playable import load
    from genkit.render.map_connections import board_of
    content, source = load(ROOT / "content" / "bering_land")
    ctx = Context(content, source)
    assert board_of(content) is ctx.board
    assert ctx.grid is ctx.board.grid
    g = content.map.grid
    assert (ctx.grid.columns, ctx.grid.rows, ctx.grid.orientation, ctx.grid.shift) == (
        g.columns, g.rows, g.orientation, g.shift)
    other = content.model_copy(update={"map": content.map.model_copy()})
    assert board_of(other) is not ctx.board
    assert board_of(other).ids == ctx.board.ids
