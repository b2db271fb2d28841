"""The kit follows the open model: unit symbols the template does not know, a game
without cards or tracks, odds CRT columns."""
import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest

from genkit.model.load import load
from genkit.render.aid import aid_pages
from genkit.render.rules_tables import table_style
from genkit.render.tables import crt_notes
from genkit.render.counters import unit_face
from genkit.render.draw import Circle, Group, Line, Text
from genkit.pack.printable import build_kit
from genkit.render.layout import SheetStyle

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"


def flat(items):
    for it in items:
        if isinstance(it, Group):
            yield from flat(it.items)
        else:
            yield it


def symbol_items(content, type_id):
    """The primitives inside the counter's symbol frame (the template's one group)."""
    face = unit_face(content, "us", type_id)
    group = next(i for i in face if isinstance(i, Group))
    return list(flat(group.items))


def test_unknown_symbol_prints_the_short_name_in_the_frame():
    content, _ = load(BERING, ["unit_types.inf.symbol=cavalry"])
    inside = symbol_items(content, "inf")
    assert [t.text for t in inside if isinstance(t, Text)] == ["INF"]
    assert not any(isinstance(i, Line) for i in inside)  # no infantry cross
    known, _ = load(BERING)
    assert not any(isinstance(i, Text) for i in symbol_items(known, "inf"))


@pytest.mark.parametrize("symbol, shape", [("artillery", Circle), ("recon", Line)])
def test_new_nato_symbols_are_drawn(symbol, shape):
    content, _ = load(BERING, [f"unit_types.hvy_mobile.symbol={symbol}"])
    inside = symbol_items(content, "hvy_mobile")
    assert any(isinstance(i, shape) for i in inside)
    assert not any(isinstance(i, Text) for i in inside)


def test_headquarters_symbol_says_hq():
    content, _ = load(BERING, ["unit_types.inf.symbol=headquarters"])
    assert [t.text for t in symbol_items(content, "inf") if isinstance(t, Text)] == ["HQ"]


def test_odds_columns_head_the_printed_crt(tmp_path):
    dest = tmp_path / "odds"
    shutil.copytree(BERING, dest)
    text = (dest / "crt.yaml").read_text()
    for diff, odds in (("-3", "1:3"), ("-2", "1:2"), ("-1", "1:1"), ("0", "3:2"), ("2", "2:1"), ("4", "3:1"),
                       ("6", "4:1")):
        text = text.replace(f"- differential: {diff}\n", f'- odds: "{odds}"\n', 1)
    (dest / "crt.yaml").write_text(text)
    content, _ = load(dest)
    assert crt_notes(content, table_style(content).word)[1:] == ["Above 4:1: every attack reads the last row, 4:1 Secondary.",
                                      "Below 1:3: the battle may not be fought."]
    page = aid_pages(content, SheetStyle("letter", 0, "1.0", "0" * 64, "t"))[0]
    texts = {t.text for t in flat(page.items) if isinstance(t, Text)}
    assert {"1:3", "3:2", "4:1"} <= texts and "+2" not in texts


@pytest.fixture
def no_cards_game(tmp_path, monkeypatch):
    """Bering Land's map and units with no cards, no tracks and no rules section, run by a
    rules module that reads no section (the Bering module patched to read none)."""
    import genkit.engine.rules.bering_land as bering_land
    rules = bering_land.RULES
    monkeypatch.setattr(bering_land, "RULES", dataclasses.replace(
        rules, section=None, checks=(), requires=dataclasses.replace(rules.requires, cards="optional")))
    dest = tmp_path / "plain"
    shutil.copytree(BERING, dest)
    (dest / "cards.yaml").unlink()
    (dest / "rules.yaml").unlink()
    (dest / "rules.md").unlink()   # Bering Land's booklet names its cards and tracks
    tracks = (dest / "tracks.yaml").read_text()
    (dest / "tracks.yaml").write_text(tracks[:tracks.index("# 6.0, 11.0: a killstreak track")])
    units = (dest / "units.yaml").read_text()
    units = re.sub(r"    - \{id: streak_.*\n.*\n", "", units)
    (dest / "units.yaml").write_text(units)
    game = (dest / "game.yaml").read_text()
    game = game.replace("pieces: 46", "pieces: 38").replace("cards: 24", "cards: 0")
    (dest / "game.yaml").write_text(game)
    return dest


def test_a_game_without_cards_or_tracks_builds(no_cards_game, tmp_path):
    content, _ = load(no_cards_game)
    assert content.decks == [] and content.tracks == [] and content.rules is None
    manifest = build_kit(no_cards_game, tmp_path / "kit")
    kinds = [c["kind"] for c in manifest["components"]]
    assert kinds == ["map", "map-tiled", "counters", "player-aid"]
    assert not (tmp_path / "kit" / "cards.pdf").exists()
    aid1 = (tmp_path / "kit" / "svg" / "player-aid-1.svg").read_text()
    aid = " ".join(p.read_text() for p in sorted((tmp_path / "kit" / "svg").glob("player-aid-*.svg")))
    assert "TABLE (ROLL ONE DIE)" not in aid1 and "Hand limit" not in aid1
    assert "COMBAT RESULTS TABLE" in aid1
    assert "KILLSTREAK" not in aid and "GAME TURN TRACK" in aid
    assert json.loads((tmp_path / "kit" / "manifest.json").read_text())["components"][2]["pieces"] == 38
