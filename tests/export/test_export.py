"""genkit export without any engine: both exports for every bundled game, static checks of the
VASSAL module, the grid VASSAL could drop, byte-identical output, the command line."""
import hashlib
import math
import re
import xml.etree.ElementTree as ET

import pytest

from genkit.board.of_map import board_of_map
from genkit.export.artwork import grid_placement, pixels_per_inch
from genkit.export.vassal_pieces import basic_of, decode, encode
from genkit.pack.playable import load_checked
from genkit.render.draw import INCH

from .conftest import GAMES, HEX_GAMES, ROOT, export_of, vmod_files

B = "VASSAL.build."
INTEGER = re.compile(r"-?\d+")       # what Java's Integer.valueOf accepts (x0, y0)


@pytest.mark.parametrize("game", GAMES)
def test_both_exports_are_written(game, tmp_path_factory):
    r = export_of(game, tmp_path_factory)
    files = r["files"]
    assert f"{game}.vmod" in files and f"tts/{game}.json" in files and f"tts/{game}.png" in files
    assert f"tts/{game}-preview.png" in files
    assert any(f.startswith("tts/images/") for f in files)
    assert r["warnings"] and "file:///" in r["warnings"][0]


@pytest.mark.parametrize("game", GAMES)
def test_vmod_is_complete(game, tmp_path_factory):
    """Every image the build file names is in images/; gpids unique and below nextPieceSlotId;
    moduledata names an engine that reads buildFile.xml; every slot decodes to its entry name."""
    r = export_of(game, tmp_path_factory)
    files = vmod_files(r["path"] / f"{game}.vmod")
    assert list(files) == sorted(files)
    root = ET.fromstring(files["buildFile.xml"])
    data = ET.fromstring(files["moduledata"])
    major, minor = map(int, data.find("VassalVersion").text.split(".")[:2])
    assert (major, minor) >= (3, 5)
    images = {n[len("images/"):] for n in files if n.startswith("images/")}
    slots = [e for e in root.iter() if e.tag in (B + "widget.PieceSlot", B + "widget.CardSlot")]
    gpids = [int(e.get("gpid")) for e in slots]
    assert len(set(gpids)) == len(gpids) and max(gpids) < int(root.get("nextPieceSlotId"))
    for e in root.iter(B + "module.map.boardPicker.Board"):
        assert e.get("image") is None or e.get("image") in images
    for e in slots:
        image, name = basic_of(e.text)
        assert name == e.get("entryName") and image in images
        for field in re.findall(r"(?<![\w.-])[\w.-]+\.png", e.text.replace(";G", ";")):
            assert field in images, field


@pytest.mark.parametrize("game", GAMES)
def test_setup_stacks_and_palette_cover_the_counter_mix(game, tmp_path_factory):
    content, _ = load_checked(ROOT / "content" / game)
    root = ET.fromstring(vmod_files(export_of(game, tmp_path_factory)["path"] / f"{game}.vmod")["buildFile.xml"])
    stacks = sorted(e.get("location") for e in root.iter(B + "module.map.SetupStack"))
    assert stacks == sorted(h for g in content.counters.units for h in g.setup)
    palette = root.find(B + "module.PieceWindow")
    names = [e.get("entryName") for e in palette.iter(B + "widget.PieceSlot")]
    assert len(names) == len(set(names))
    kinds = {(g.side, g.nation, g.type) for g in content.counters.units} | {m.id for m in content.counters.markers}
    assert len(names) == len(kinds)
    cards = list(root.iter(B + "widget.CardSlot"))
    assert len(cards) == (content.game.components.cards if content.decks else 0)


VARIANTS = [(g, ()) for g in HEX_GAMES] + [("bering_land", ("map.grid.shift=odd-down",)),
                                      ("memoir44", ("map.grid.shift=odd-right",))]


@pytest.mark.parametrize("game, sets", VARIANTS)
@pytest.mark.parametrize("dpi", [36, 72, 96, 97, 150, 203, 300, 400])
def test_grid_origin_is_whole_pixels(game, sets, dpi):
    """VASSAL parses x0 and y0 with Integer.valueOf and silently drops a grid it cannot parse
    (the pieces then land off the board): every bundled game at any dpi gets integer origins,
    an even hex size, and centres that VASSAL's formula puts within a pixel of genkit's."""
    content, _ = load_checked(ROOT / "content" / game, sets)
    k = pixels_per_inch(content, dpi) / INCH
    g, _ = grid_placement(content, k)
    assert isinstance(g.x0, int) and isinstance(g.y0, int)
    assert g.dy == int(g.dy) and int(g.dy) % 2 == 0
    for hex_id, (x, y) in g.centres.items():
        c, r = int(hex_id[:2]) - g.col_off, int(hex_id[2:]) - g.row_off
        col, row = (c, r) if not g.sideways else (r, c)
        vx = int(g.x0 + g.dx * col)                     # VASSAL's hex centre, in its own axes
        vy = int(g.dy * row + g.y0) + (int(g.dy / 2) if col % 2 else 0)
        if g.sideways:
            vx, vy = vy, vx
        assert abs(vx - x) <= 1 and abs(vy - y) <= 1, (hex_id, (vx, vy), (x, y))


@pytest.mark.parametrize("game", GAMES)
def test_build_file_grid_parses(game, tmp_path_factory):
    """Every number of the grid parses as VASSAL parses it: integers where it reads integers (a
    hex grid's origin, a region's point), finite numbers elsewhere."""
    root = ET.fromstring(vmod_files(export_of(game, tmp_path_factory)["path"] / f"{game}.vmod")["buildFile.xml"])
    if game not in HEX_GAMES:                    # a board of spaces: one named point per space
        regions = list(root.iter(B + "module.map.boardPicker.board.Region"))
        content, _ = load_checked(ROOT / "content" / game)
        assert len(regions) == board_of_map(content.map).n > 0        # a grid's cells and every box
        assert all(INTEGER.fullmatch(r.get("originx")) and INTEGER.fullmatch(r.get("originy")) for r in regions)
        return
    grids = list(root.iter(B + "module.map.boardPicker.board.HexGrid"))
    assert len(grids) == 1
    g = grids[0]
    assert INTEGER.fullmatch(g.get("x0")) and INTEGER.fullmatch(g.get("y0"))
    assert math.isfinite(float(g.get("dx"))) and math.isfinite(float(g.get("dy")))


def test_sequence_encoder_round_trip():
    for fields in (["a", "b;c", "\\x", "'q'", ""], ["x\ty", "z"]):
        for d in (";", "\t", "/", ","):
            assert decode(encode(fields, d), d) == fields


def _digest(folder):
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_same_content_gives_byte_identical_exports(tmp_path):
    from genkit.export import export_game
    game = ROOT / "content" / "brannock_ford"
    export_game(game, tmp_path / "a")
    first = _digest(tmp_path / "a")
    export_game(game, tmp_path / "a")
    assert _digest(tmp_path / "a") == first
    url = "https://example.org/g/images"
    export_game(game, tmp_path / "b", image_base_url=url)
    export_game(game, tmp_path / "c", image_base_url=url)
    assert _digest(tmp_path / "b") == _digest(tmp_path / "c")
    assert url in (tmp_path / "b" / "tts" / "brannock_ford.json").read_text()


def test_failed_export_leaves_previous_output(tmp_path, monkeypatch):
    from genkit.export import export_game, tts
    game = ROOT / "content" / "brannock_ford"
    export_game(game, tmp_path / "out", vassal=True, tts=False)
    before = _digest(tmp_path / "out")

    def broken(*a, **k):
        raise ValueError("disk on fire")
    monkeypatch.setattr(tts, "saved_object", broken)
    with pytest.raises(ValueError, match="disk on fire"):
        export_game(game, tmp_path / "out")
    assert _digest(tmp_path / "out") == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.building")] == []


def test_cli_export(genkit, tmp_path):
    code, out, err = genkit("export", "--help")
    assert code == 0
    for word in ("--vassal", "--tts", "--out", "--dpi", "--image-base-url", "VASSAL", "Tabletop Simulator"):
        assert word in out
    code, out, err = genkit("export", ROOT / "content" / "brannock_ford", "--vassal", "--out", tmp_path / "o")
    assert code == 0, err
    assert (tmp_path / "o" / "brannock_ford.vmod").is_file() and not (tmp_path / "o" / "tts").exists()
    assert "drawing" in err and "wrote" in out and "file:///" not in err
    code, out, err = genkit("export", ROOT / "content" / "brannock_ford", "--tts", "--out", tmp_path / "t")
    assert code == 0 and "other players" in err and not (tmp_path / "t" / "brannock_ford.vmod").exists()


@pytest.mark.parametrize("args, message", [
    (["--dpi", "10"], "--dpi"),
    (["--image-base-url", "ftp://x/y"], "--image-base-url"),
])
def test_cli_export_errors_exit_2(genkit, tmp_path, args, message):
    (tmp_path / "o").mkdir()
    (tmp_path / "o" / "manifest.json").write_text("old")
    code, out, err = genkit("export", ROOT / "content" / "brannock_ford", "--out", tmp_path / "o", *args)
    assert code == 2 and message in err
    assert (tmp_path / "o" / "manifest.json").read_text() == "old"
