"""The map of every board that is not a hex grid (issue 24): squares, octagons and diamonds,
and a drawn board on two sheets joined by a crossing (tests/fixtures/boards/). Built as the kit
builds them, read by real clients (qpdf, pdffonts, rsvg-convert), and their labels checked as
printed: 6 pt or more, never overlapping."""
from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import pytest

from genkit.board import board_of_map
from genkit.pack.playable import load
from genkit.render.checks import DrawingContext, legend_fit, space_labels
from genkit.render.draw import Text
from genkit.render.geometry import iter_primitives
from genkit.render.kit import write_kit
from genkit.render.map import MapGeometry, draw_board, drawn_map, map_sheets
from genkit.render.map_board import BoardGeometry, overlapping, sheet_labels
from genkit.render.map_connections import connection_styles, shared_border

from render_helpers import need_tool

BOARDS = Path(__file__).resolve().parents[1] / "fixtures" / "boards"


def _polygon_area(pts) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))) / 2


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """Each test board's kit (map and tiles), Letter, as write_kit writes it."""
    out = {}
    for name in ("square", "octagon", "drawn"):
        content, source = load(BOARDS / name)
        folder = tmp_path_factory.mktemp(name)
        manifest = write_kit(content, source, BOARDS / name, folder / "kit", kinds=("map", "map-tiled"))
        out[name] = (folder / "kit", manifest, content)
    return out


def test_manifest_names_the_board_of_each_map_component(kits):
    for name, board in (("square", "square"), ("octagon", "octagon"), ("drawn", "drawn")):
        folder, manifest, _ = kits[name]
        assert json.loads((folder / "manifest.json").read_text()) == manifest
        maps = [c for c in manifest["components"] if c["kind"] in ("map", "map-tiled")]
        assert maps and {c["board"] for c in maps} == {board}
    # several maps: one component per sheet, each its own file, named by its sheet
    _, manifest, _ = kits["drawn"]
    maps = [(c["kind"], c["sheet"], c["file"], c["pages"]) for c in manifest["components"]
            if c["kind"] == "map"]
    assert maps == [("map", "west", "map-west.pdf", 1), ("map", "east", "map-east.pdf", 1)]
    tiled = [c for c in manifest["components"] if c["kind"] == "map-tiled"]
    assert [c["file"] for c in tiled] == ["map-tiled-west.pdf", "map-tiled-east.pdf"]
    assert all(c["tiles"] == c["pages"] >= 1 for c in tiled)
    assert tiled[0]["svg"][0] == "svg/map-tiled-west-1.svg"


def test_every_map_is_read_by_real_clients(kits, tmp_path):
    for name, (folder, manifest, _) in kits.items():
        for comp in manifest["components"]:
            pdf = folder / comp["file"]
            subprocess.run([need_tool("qpdf"), "--check", str(pdf)], check=True, capture_output=True)
            fonts = subprocess.run([need_tool("pdffonts"), str(pdf)], check=True, capture_output=True,
                                   text=True).stdout.splitlines()[2:]
            assert fonts and all(" yes " in ln for ln in fonts), (pdf, fonts)   # every font embedded
            for svg in comp["svg"]:
                png = tmp_path / (Path(svg).stem + ".png")
                subprocess.run([need_tool("rsvg-convert"), "-o", str(png), str(folder / svg)], check=True)
                assert png.stat().st_size > 1000


def test_each_map_prints_at_exact_size(kits):
    """The drawing is the board's own size: a square 0.8 in, an ox 1.2 in across on paper."""
    for name in ("square", "octagon", "drawn"):
        _, _, content = kits[name]
        for sheet in map_sheets(content):
            geo = BoardGeometry(content, sheet)
            assert (geo.gw, geo.gh) == (geo.sheet.width_in * 72, geo.sheet.height_in * 72)
            s = geo.spaces()[0]
            xs = [x for x, _ in geo.outline(s)] if s.outline else [0, 0]
            if name == "square":
                assert max(xs) - min(xs) == pytest.approx(0.8 * 72)
            if name == "octagon":
                assert max(xs) - min(xs) == pytest.approx(1.2 * 72)


def test_octagons_and_diamonds_tile_the_board():
    """Every ox shares a whole side with the oxes beside it and an edge with each diamond at its
    corners, and together they cover the board but for the cut corners at its edge."""
    content, _ = load(BOARDS / "octagon")
    board = board_of_map(content.map)
    g = content.map.grid
    for c in board.connections:
        assert shared_border(board.space(c.a), board.space(c.b)), (c.a, c.b)
    cut = g.size_in / (1 + math.sqrt(2)) / math.sqrt(2)
    edge_corners = 4 * g.columns * g.rows - 4 * (g.columns - 1) * (g.rows - 1)
    covered = sum(_polygon_area(list(s.outline)) for s in board.spaces)
    assert covered == pytest.approx(g.columns * g.rows * g.size_in ** 2 - edge_corners * cut * cut / 2)
    # and no two overlap: the sum of areas equals the covered area only if so (checked above);
    # a diamond sits exactly where four oxes meet
    d = board.space("D2")
    assert d.centre == (2 * g.size_in, 2 * g.size_in)


def test_labels_are_six_points_and_never_overlap(kits):
    for name in ("square", "octagon", "drawn"):
        _, _, content = kits[name]
        for sheet in map_sheets(content):
            labels = sheet_labels(content, BoardGeometry(content, sheet))
            assert labels and min(lab.size for lab in labels if lab.role != "setup") >= 6
            assert overlapping(labels) == []
            texts = {t.text for t, _ in iter_primitives(drawn_map(content, "", sheet)) if isinstance(t, Text)}
            assert {lab.text for lab in labels} <= texts          # what is checked is what prints
            assert min(t.size for t, _ in iter_primitives(drawn_map(content, "", sheet))
                       if isinstance(t, Text)) >= 6
    content, source = load(BOARDS / "drawn")
    ctx = DrawingContext(content, source)
    assert list(space_labels(ctx)) == [] and list(legend_fit(ctx)) == []


def test_overlapping_labels_are_reported_at_the_space(tmp_path):
    """A label moved onto another space's name: an error at that space's line of map.yaml."""
    game = tmp_path / "drawn"
    shutil.copytree(BOARDS / "drawn", game)
    text = (game / "map.yaml").read_text()
    lines = text.splitlines()
    line_no = next(i for i, ln in enumerate(lines, 1) if ln.lstrip().startswith("- {id: Mill,"))
    (game / "map.yaml").write_text(text.replace("{id: Mill, kind: town, sheet: east, at: [3.5, 1.4]}",
                                                "{id: Mill, kind: town, sheet: east, at: [3.5, 1.4], "
                                                "label: [1.25, 3.3]}"))
    content, source = load(game)
    found = list(space_labels(DrawingContext(content, source)))
    assert found and all(f.code == "space-labels" and f.severity == "error" for f in found)
    assert {(Path(f.file).name, f.line) for f in found} == {("map.yaml", line_no)}


def test_connection_kinds_are_in_the_legend(kits):
    _, _, content = kits["drawn"]
    kinds = list(connection_styles(board_of_map(content.map)))
    assert set(kinds) == {"forbidden", "sea", "road", "rail", "land"}
    for sheet in map_sheets(content):
        texts = {t.text for t, _ in iter_primitives(drawn_map(content, "", sheet)) if isinstance(t, Text)}
        assert {f"{k} connection" for k in kinds} <= texts
        assert "crossing to another map (the space across)" in texts
    west = {t.text for t, _ in iter_primitives(drawn_map(content, "", "west")) if isinstance(t, Text)}
    assert "strait to Port Vane (East Shore) \u25b6" in west


def test_a_game_state_draws_pieces_on_spaces():
    content, _ = load(BOARDS / "drawn")
    page = draw_board(content, [("b1", "Harbour", "blue", "inf", False, None),
                                ("g1", "Mill", "grey", "inf", True, None)])
    assert page.height == 2 * content.game.components.map_sheet_in[1] * 72       # both sheets
    with pytest.raises(ValueError, match="Atlantis"):
        draw_board(content, [("b1", "Atlantis", "blue", "inf", False, None)])


def _hex_game_with_boxes(tmp_path: Path, box_y: float = 1.0) -> Path:
    game = tmp_path / "hexboxes"
    shutil.copytree(BOARDS.parent / "standard_mini", game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("map_sheet_in: [11, 8.5]",
                                                                              "map_sheet_in: [17, 11]"))
    with open(game / "map.yaml", "a") as f:
        f.write("  spaces:\n"
                "    - {id: Eliminated, kind: box, box: [7.0, 0.2, 1.4, 0.6]}\n"
                f"    - {{id: Blue Reserve, kind: box, box: [7.0, {box_y}, 1.4, 0.6], owner: blue}}\n"
                "  connections:\n"
                "    - {a: \"1001\", b: Blue Reserve, kind: road}\n")
    return game


def test_boxes_beside_a_hex_grid_are_drawn_and_checked(tmp_path):
    """Off-map boxes of a hex game (map.spaces) print beside the grid, with their names, the
    road into one and its owner's ring; the legend makes room for them; a game state can put a
    piece in a box; a box whose name overlaps another's is reported at its line."""
    content, source = load(_hex_game_with_boxes(tmp_path))
    items = drawn_map(content, "")
    texts = {t.text for t, _ in iter_primitives(items) if isinstance(t, Text)}
    assert {"Eliminated", "Blue Reserve", "0101", "1008"} <= texts
    geo = MapGeometry(content)
    assert geo.gw == pytest.approx(8.4 * 72)          # the drawing reaches the boxes' right edge
    assert list(space_labels(DrawingContext(content, source))) == []
    page = draw_board(content, [("b1", "Eliminated", "blue", "inf", False, None)])
    assert page.width == 17 * 72
    content, source = load(_hex_game_with_boxes(tmp_path / "x", box_y=0.25))
    found = list(space_labels(DrawingContext(content, source)))
    assert found and {(Path(f.file).name, f.code) for f in found} == {("map.yaml", "space-labels")}
