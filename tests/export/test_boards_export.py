"""VASSAL and TTS exports of boards that are not hex grids (issue 24): a square grid, octagons and
diamonds, and a drawn board on two sheets (tests/fixtures/boards/), proven in the real VASSAL
engine like the hex games (tests/export/test_vassal_engine.py): every space is a named location
at genkit's centre, pieces snap to it, the set-up pieces stand on their spaces."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from genkit.board import board_of_map
from genkit.export import export_game
from genkit.export.artwork import load_artwork
from genkit.pack.playable import load_checked

from . import vassal_engine
from .conftest import vmod_files
from .test_vassal_engine import _check_clean, _check_pieces, _check_setup, check_spaces, space_centres

BOARDS = Path(__file__).resolve().parents[1] / "fixtures" / "boards"
NAMES = ("square", "octagon", "drawn")
_EXPORTS: dict = {}


def _export(name: str, tmp_path_factory) -> Path:
    if name not in _EXPORTS:
        out = tmp_path_factory.mktemp(f"export-{name}") / "online"
        export_game(BOARDS / name, out, image_base_url="https://example.org/img")
        _EXPORTS[name] = out
    return _EXPORTS[name]


@pytest.mark.parametrize("name", NAMES)
def test_module_has_a_grid_of_every_space(name, tmp_path_factory):
    folder = _export(name, tmp_path_factory)
    content, _ = load_checked(BOARDS / name)
    files = vmod_files(folder / f"{content.game.id}.vmod")
    root = ET.fromstring(files["buildFile.xml"])
    boards = root.findall(".//VASSAL.build.module.map.boardPicker.Board")
    art = load_artwork(BOARDS / name, 96, pieces=False)
    assert [b.get("image") for b in boards] == [m.image for m in art.maps]
    assert all(f"images/{m.image}" in files for m in art.maps)
    if name == "square":
        grids = root.findall(".//VASSAL.build.module.map.boardPicker.board.SquareGrid")
        assert len(grids) == 1 and float(grids[0].get("dx")) == round(content.map.grid.size_in * art.ppi)
    else:
        regions = [r.get("name") for r in root.iter("VASSAL.build.module.map.boardPicker.board.Region")]
        assert sorted(regions) == sorted(board_of_map(content.map).ids)     # every space, once
        assert len(regions) == len(set(regions))


def test_drawn_board_exports_one_map_per_sheet(tmp_path_factory):
    folder = _export("drawn", tmp_path_factory)
    files = vmod_files(folder / "drawn_test.vmod")
    root = ET.fromstring(files["buildFile.xml"])
    maps = [m.get("mapName") for m in root.iter("VASSAL.build.module.Map")]
    assert maps == ["West Shore", "East Shore"]
    stacks = {s.get("location"): s.get("owningBoard") for s in root.iter("VASSAL.build.module.map.SetupStack")}
    assert stacks == {"Westmoor": "West Shore", "Harbour": "West Shore", "Fenlands": "West Shore",
                      "Eastmarch": "East Shore", "Mill": "East Shore", "Ford": "East Shore"}
    # TTS: a board per sheet, left to right, and each set-up tile on its space
    save = json.loads((folder / "tts" / "drawn_test.json").read_text())
    objs = save["ObjectStates"][0]["ContainedObjects"]
    boards = [o for o in objs if o["Name"] == "Custom_Board"]
    assert [b["Nickname"] for b in boards] == ["West Shore", "East Shore"]
    assert boards[0]["Transform"]["posX"] == 0 and boards[1]["Transform"]["posX"] > boards[0]["Transform"]["scaleX"]
    assert {Path(b["CustomImage"]["ImageURL"]).name for b in boards} == {"map-west.png", "map-east.png"}
    assert (folder / "tts" / "images" / "map-east.png").is_file()
    art = load_artwork(BOARDS / "drawn", 96)
    k = 1 / art.ppi
    tiles = [o for o in objs if o["Name"] == "Custom_Tile"]
    for kind in art.counters:
        for sid in kind.setup:
            m = art.map_of(sid)
            x0 = next(b for b in boards if Path(b["CustomImage"]["ImageURL"]).name == m.image)["Transform"]["posX"]
            want = (round(x0 + (m.spaces[sid][0] - m.width / 2) * k, 4), round((m.height / 2 - m.spaces[sid][1]) * k, 4))
            assert any((t["Transform"]["posX"], t["Transform"]["posZ"]) == want and t["Nickname"] == kind.name
                       for t in tiles), (kind.name, sid)


@pytest.mark.parametrize("name", NAMES)
def test_board_in_the_engine(name, engine, tmp_path_factory, tmp_path):
    """The module in the real engine: no errors, a grid on every board, each space's name at
    genkit's centre (1 px), a piece dropped there snaps there, the set-up on its spaces."""
    folder = _export(name, tmp_path_factory)
    content, _ = load_checked(BOARDS / name)
    art = load_artwork(BOARDS / name, 96)
    centres, boards = space_centres(art)
    result, _ = vassal_engine.probe(engine, folder / f"{content.game.id}.vmod", centres, tmp_path / "probe",
                                    boards=boards)
    _check_clean(result)
    _check_pieces(result, art)
    check_spaces(result, centres, boards)
    _check_setup(result, art)
