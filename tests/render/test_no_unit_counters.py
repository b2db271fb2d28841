"""A game whose forces are cards, not counters: no unit types and no unit counters. The model
takes it, and the map (a drawn board with no set-up on it), the counter sheet (markers only)
and the player aid build without a unit to draw."""
from __future__ import annotations

import shutil

from genkit.model.load import load_game
from genkit.pack.printable import build_kit, check_path
from tests.conftest import ROOT

PACK = ROOT / "content" / "modern_land_battles"      # a bundled game with no unit counters


def test_a_model_with_no_unit_types_and_no_unit_counters_loads_and_checks(tmp_path):
    content = load_game(PACK)
    assert content.unit_types == [] and content.counters.units == [] and content.counters.markers
    assert [f for f in check_path(PACK) if f.severity == "error"] == []


def test_map_markers_and_aid_build_with_no_unit_counters(tmp_path):
    src = tmp_path / "pack"
    shutil.copytree(PACK, src)
    manifest = build_kit(src, tmp_path / "kit", only="map,counters,player-aid")
    files = {c["file"] for c in manifest["components"]}
    assert {"map.pdf", "counters.pdf", "player-aid.pdf"} <= files
    assert all((tmp_path / "kit" / f).stat().st_size > 0 for f in files)
