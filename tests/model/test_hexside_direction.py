"""A hexside feature that faces one way (``map.hexsides[].directed``): the model reads it for
any game, and a value that is not a yes or no is refused with its file, line and field."""
from __future__ import annotations

import shutil

from genkit.model.load import load_game
from genkit.pack.printable import check_path
from tests.conftest import ROOT

PACK = ROOT / "content" / "brannock_ford"          # a bundled game with hexsides


def with_directed(tmp_path, value: str):
    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    text = (pack / "map.yaml").read_text()
    assert "      name: River Brannock\n" in text
    (pack / "map.yaml").write_text(text.replace("      name: River Brannock\n",
                                                f"      name: River Brannock\n      directed: {value}\n", 1))
    return pack


def test_a_hexside_says_it_faces_one_way_or_by_default_not(tmp_path):
    river = next(x for x in load_game(with_directed(tmp_path, "true")).map.hexsides if x.id == "river")
    assert river.directed is True
    assert all(not x.directed for x in load_game(PACK).map.hexsides)


def test_a_direction_that_is_not_yes_or_no_is_named_with_file_and_line(tmp_path):
    errors = [f for f in check_path(with_directed(tmp_path, "maybe")) if f.severity == "error"]
    assert any("map.yaml" in str(f) and "directed" in f.message for f in errors), errors
