"""Sides made of nations (issue 32): an alliance is a side; each nation has its own id, colour,
home areas and production; counter groups belong to a nation. Checked with file and line; the
counters, the engine's pieces and the kit's piece ids carry the nation."""
from __future__ import annotations

import shutil
from pathlib import Path

from genkit.engine import rules_for
from genkit.model.load import load_game as load_content
from genkit.model.check_context import Context
from genkit.model.load import load
from genkit.pack.playable import play_findings
from genkit.render.counters import pieces, unit_face

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "alliance_mini"


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "alliance_mini"
    shutil.copytree(MINI, dst)
    return dst


def _edit(path: Path, old: str, new: str) -> int:
    text = path.read_text()
    assert text.count(old) == 1, old
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new))
    return line


def _findings(folder: Path) -> list:
    """The model's and the rules module's findings (the drawings are not laid out)."""
    content, source = load(folder)
    return play_findings(Context(content, source))


def _errors(folder: Path, code: str) -> list:
    return [f for f in _findings(folder) if f.severity == "error" and f.code == code]


def test_the_fixture_of_an_alliance_checks_clean():
    assert [f for f in _findings(MINI) if f.severity == "error"] == []


def test_nations_are_plain_data_under_their_side():
    c = load_content(MINI)
    assert [(s.id, n.id) for s, n in c.nations()] == [("ost", "ostmark"), ("ost", "reddish")]
    red = c.nation("reddish")
    assert red.kind == "minor" and red.associate == "ostmark" and red.production == 2
    assert red.home == ["Reddale", "Ember Ford"]
    # a nation with no colour of its own wears its side's; one with its own wears that
    assert c.piece_colours("ost", "ostmark") == c.side("ost").colour
    assert c.piece_colours("ost", "reddish").full == "#5c5c5c"
    assert c.piece_colours("west", None) == c.side("west").colour


def test_a_counter_group_of_a_side_of_nations_without_a_nation_is_named_with_file_and_line(tmp_path):
    g = _copy(tmp_path)
    line = _edit(g / "units.yaml", "{side: ost, nation: reddish, type: horse", "{side: ost, type: horse")
    found = _errors(g, "unknown-nation")
    assert len(found) == 1 and found[0].file.endswith("units.yaml") and found[0].line == line
    assert "ostmark" in found[0].message and "reddish" in found[0].message


def test_a_nation_on_a_side_without_nations_is_refused(tmp_path):
    g = _copy(tmp_path)
    line = _edit(g / "units.yaml", "{side: west, type: horse", "{side: west, nation: ostmark, type: horse")
    found = _errors(g, "unknown-nation")
    assert len(found) == 1 and found[0].line == line and "west" in found[0].message


def test_a_home_area_off_the_map_and_an_area_of_two_nations_are_named(tmp_path):
    g = _copy(tmp_path)
    line = _edit(g / "game.yaml", "home: [Vorn, Halden, Dunmoor]", "home: [Vorn, Haldenn, Reddale]")
    off, twice = _errors(g, "off-map"), _errors(g, "area-twice")
    assert len(off) == 1 and off[0].line == line and "Haldenn" in off[0].message
    assert len(twice) == 1 and twice[0].file.endswith("game.yaml") and "Reddale" in twice[0].message


def test_a_minor_needs_a_major_of_its_side_as_associate(tmp_path):
    g = _copy(tmp_path)
    line = _edit(g / "game.yaml", "associate: ostmark", "associate: west")
    found = _errors(g, "unknown-nation")
    assert len(found) == 1 and found[0].line == line and "ostmark" in found[0].message


def test_a_nation_id_used_twice_is_refused(tmp_path):
    g = _copy(tmp_path)
    _edit(g / "game.yaml", "- {id: reddish, name: Reddale March", "- {id: ostmark, name: Reddale March")
    _edit(g / "units.yaml", "nation: reddish", "nation: ostmark")
    assert len(_errors(g, "duplicate-id")) == 1


def test_counters_wear_their_nation_colours_and_pieces_name_their_nation():
    c = load_content(MINI)
    face = unit_face(c, "ost", "horse", False, MINI, "reddish")
    fills = {getattr(p, "fill", None) for p in face}
    assert "#5c5c5c" in fills and c.side("ost").colour.full not in fills
    ids = [p.id for p in pieces(c, MINI) if p.side == "ost"]
    assert "ost-reddish-horse-1" in ids and "ost-ostmark-foot-8" in ids
    game = rules_for(c)
    on_map = {p.hex: p.nation for p in game.pieces(game.initial_state(1)) if p.side == "ost"}
    assert on_map["Reddale"] == "reddish" and on_map["Vorn"] == "ostmark"
    west = [p for p in game.pieces(game.initial_state(1)) if p.side == "west"]
    assert west and all(p.nation is None for p in west)
