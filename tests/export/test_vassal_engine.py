"""Proof in the real VASSAL engine: each bundled game's module, loaded headless (VassalProbe.java
under xvfb-run), has no build errors, a grid on its board whose every hex has the model's id at
genkit's centre (within 1 px), pieces that decode with their name and both faces and flip, a
deck of the model's cards face down, and the set-up pieces on their hexes.

Installs what it needs (see vassal_engine.py); skips only where Java cannot be installed."""
import collections
from pathlib import Path

import pytest

from genkit.export.artwork import grid_placement, load_artwork, pixels_per_inch
from genkit.export.vassal import CARD_BOARD, vmod_bytes
from genkit.pack.playable import load_checked
from genkit.render.draw import INCH

from . import vassal_engine
from .conftest import GAMES, ROOT, export_of


def _centres(content, dpi: int = 96) -> dict:
    return grid_placement(content, pixels_per_inch(content, dpi) / INCH)[0].centres


def space_centres(art) -> tuple[dict, dict]:
    """Every space of the module's maps -> its centre in its map's pixels, and -> the VASSAL board
    it is on (a board of one sheet: "Board", as a hex map's; several: each sheet's name)."""
    several = len(art.maps) > 1
    centres, boards = {}, {}
    for m in art.maps:
        for sid, xy in m.spaces.items():
            centres[sid] = xy
            boards[sid] = m.name if several else "Board"
    return centres, boards


def check_spaces(result: dict, centres: dict, boards: dict) -> None:
    """A grid on every board; each space's name at genkit's centre (1 px), snapping there."""
    by_board = {b["name"]: b for b in result["boards"] if b["name"] != CARD_BOARD}   # decks lie beside
    assert set(by_board) == set(boards.values())
    seen = set()
    for name, b in by_board.items():
        assert b["grid"], f"the engine dropped the grid of {name}"
        for h in b["hexes"]:
            x, y = centres[h["id"]]
            assert h["name"] == h["id"], h
            assert h["centre"] is not None and abs(h["centre"][0] - x) <= 1 and abs(h["centre"][1] - y) <= 1, h
            assert abs(h["snap"][0] - x) <= 1 and abs(h["snap"][1] - y) <= 1, h
            seen.add(h["id"])
    assert seen == set(centres)


def _check_grid(result: dict, centres: dict) -> None:
    boards = {b["name"]: b for b in result["boards"]}
    assert boards["Board"]["grid"], "the engine dropped the map's grid"
    hexes = {h["id"]: h for h in boards["Board"]["hexes"]}
    assert set(hexes) == set(centres)
    for hex_id, (x, y) in centres.items():
        h = hexes[hex_id]
        assert h["name"] == hex_id, h
        assert h["centre"] is not None and abs(h["centre"][0] - x) <= 1 and abs(h["centre"][1] - y) <= 1, (h, x, y)
        assert abs(h["snap"][0] - x) <= 1 and abs(h["snap"][1] - y) <= 1, (h, x, y)


def _check_clean(result: dict) -> None:
    assert result["validation"] == []
    errors = [line for line in result["log"] if line.startswith("ERROR") or "Exception" in line]
    assert errors == []


def _map_only(game: str, folder: Path, edit=lambda xml: xml, sets=()) -> tuple[Path, dict]:
    """A module of the game's map alone (no pieces, ``sets`` overriding the model), its build
    file passed through ``edit``."""
    import zipfile
    path = ROOT / "content" / game
    content, _ = load_checked(path, sets)
    art = load_artwork(path, 96, sets, pieces=False)
    files = vmod_files_from(vmod_bytes(art, content))
    files["buildFile.xml"] = edit(files["buildFile.xml"])
    vmod = folder / f"{game}-map.vmod"
    with zipfile.ZipFile(vmod, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return vmod, art.map.grid.centres


def vmod_files_from(data: bytes) -> dict:
    import io
    import zipfile
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {n: z.read(n) for n in z.namelist()}


@pytest.mark.parametrize("game", GAMES)
def test_module_in_the_engine(game, engine, tmp_path_factory, tmp_path):
    """The whole module of every bundled game: its grid (flat, pointy, either shift), pieces, set-up,
    deck, dice and turns proven in the engine."""
    path = ROOT / "content" / game
    export = export_of(game, tmp_path_factory)
    content, _ = load_checked(path)
    art = load_artwork(path, 96)
    if art.map.grid is None:                     # a board that is not hexes: a grid of its spaces
        centres, boards = space_centres(art)
        result, _ = vassal_engine.probe(engine, Path(export["path"]) / f"{game}.vmod", centres, tmp_path / "probe",
                                        boards=boards)
        _check_clean(result)
        check_spaces(result, centres, boards)
    else:
        centres = _centres(content)
        result, _ = vassal_engine.probe(engine, Path(export["path"]) / f"{game}.vmod", centres, tmp_path / "probe")
        _check_clean(result)
        _check_grid(result, centres)
    _check_pieces(result, art)
    _check_setup(result, art)
    _check_deck(result, art, content)
    _check_tools(result, content)


#: the shifts no bundled game uses, on a game whose content stays valid with them
OTHER_SHIFTS = [("bering_land", "map.grid.shift=odd-down"), ("memoir44", "map.grid.shift=odd-right")]


@pytest.mark.parametrize("game, shift", OTHER_SHIFTS)
def test_other_shifts_in_the_engine(game, shift, engine, tmp_path):
    """Flat grids whose first column sits low and pointy grids whose first row sits right get
    the model's ids and centres too (the grid's origin is then a hex off the map)."""
    vmod, centres = _map_only(game, tmp_path, sets=(shift,))
    result, _ = vassal_engine.probe(engine, vmod, centres, tmp_path / "probe")
    _check_clean(result)
    _check_grid(result, centres)


def test_probe_sees_a_dropped_grid(engine, tmp_path):
    """The control: with a fractional x0 the engine still loads the module but has no grid and
    logs the error; the checks above would fail on such a module."""
    import re
    vmod, centres = _map_only(GAMES[0], tmp_path, lambda xml: re.sub(rb'x0="(\d+)"', rb'x0="\1.5"', xml))
    result, _ = vassal_engine.probe(engine, vmod, centres, tmp_path / "probe")
    assert not {b["name"]: b for b in result["boards"]}["Board"]["grid"]
    assert any(line.startswith("ERROR") and "HexGrid" in line for line in result["log"]), result["log"]
    with pytest.raises(AssertionError):
        _check_clean(result)


def _check_pieces(result: dict, art) -> None:
    """Every slot decodes: its name; a counter shows its front, flips to its back; a card is
    masked by the back."""
    kinds = {k.name: k for k in art.counters}
    backs = {c.name: d.back for d in art.decks for c in d.cards}     # every deck's cards, masked by its back
    seen = set()
    for s in result["slots"]:
        assert s["basic_name"] == s["entry"], s
        classes = [t["class"] for t in s["traits"]]
        if s["entry"] in kinds and "Embellishment" in classes:
            k = kinds[s["entry"]]
            assert s["traits"][classes.index("Embellishment")]["images"] == [k.front, k.back], s
            assert s["name"] == k.name and s["face"] == k.front and s["level"] == "1"
            assert s["flipped_level"] == "2" and s["flipped_name"] == f"{k.name} ({k.back_label})"
            assert s["flipped_face"] == k.back
            if k.front != k.back:
                assert s["flipped_face"] != s["face"]
            seen.add(k.name)
        else:
            assert s["entry"] in backs, s
            assert classes == ["Obscurable", "BasicPiece"], s
            assert backs[s["entry"]] in s["traits"][0]["images"]
    assert seen == set(kinds), set(kinds) - seen


def _check_setup(result: dict, art) -> None:
    """The set-up pieces on their hexes or spaces, on the map window of their sheet."""
    want = collections.Counter((k.name, h) for k in art.counters for h in k.setup)
    got = collections.Counter()
    maps = {m.name if len(art.maps) > 1 else "Main Map": m for m in art.maps}
    for st in result["game"]:
        if st["map"] in maps:
            for p in st["pieces"]:
                got[(p["name"], st["location"])] += 1
                hx = maps[st["map"]].spaces[st["location"]]
                assert abs(st["x"] - hx[0]) <= 1 and abs(st["y"] - hx[1]) <= 1, st
    assert got == want


def _check_deck(result: dict, art, content) -> None:
    decks = [st for st in result["game"] if st["kind"] == "deck"]
    if not art.decks:
        assert decks == []
        return
    assert len(decks) == len(art.decks)                 # a draw pile per deck, every card in one
    assert sum(len(d["pieces"]) for d in decks) == content.game.components.cards
    for d in decks:
        assert d["face_down"] is True and d["face_down_option"] == "Always" and d["shuffle_option"] == "Always"
    assert (collections.Counter(p["name"] for d in decks for p in d["pieces"])
            == collections.Counter(c.name for deck in art.decks for c in deck.cards))


def _check_tools(result: dict, content) -> None:
    dice = {d["name"]: d for d in result["dice"]}
    if content.crt is not None:
        assert dice[f"1d{content.crt.die_faces}"]["sides"] == str(content.crt.die_faces)
    for die in content.dice:
        assert dice[die.name]["special"]
    levels = {t["name"]: t for t in result["turn_levels"]}
    assert levels["Turn"]["loopLimit"] == str(content.turn_track.turns)
    assert levels["Phase"]["items"] == [p.name for p in content.game.sequence_of_play]
    assert result["sides"] == [s.name for s in content.game.sides]
