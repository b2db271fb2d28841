"""The kit of a game without a CRT, with board sections, hex features, figures, symbol dice and
command cards (content/memoir44, Vereux Crossing): the map draws the section edges where the
sections meet and each feature's badge on its hexes; counters show a pip per figure and the dice by
range; a command card names and lights the sections it orders; the dice sheet prints every face of
every die; the player aid prints no CRT and the rules module's charts from the data."""
import json
from pathlib import Path

import pytest

from genkit.model.load import load
from genkit.render.aid import aid_blocks, aid_pages, aid_style
from genkit.render.cards import cards
from genkit.render.counters import unit_face
from genkit.render.dice import DIE_COPIES, dice_sheet, die_face, face_effect
from genkit.render.draw import Circle, Group, Line, Polygon, Rect, Text
from genkit.render.geometry import iter_primitives
from genkit.pack.printable import build_kit
from genkit.render.kit import layout_kit
from genkit.render.layout import SheetStyle
from genkit.render.map import MapGeometry, map_items
from genkit.render.map_marks import BADGE_H, SECTION_INK
from genkit.render.rules_tables import table_problem

ROOT = Path(__file__).resolve().parents[2]
M44 = ROOT / "content" / "memoir44"
BERING = ROOT / "content" / "bering_land"
STYLE = SheetStyle("letter", 0, "1", "0" * 64, "t")


@pytest.fixture(scope="module")
def content():
    return load(M44)[0]


def texts(items) -> list[str]:
    return [p.text for p, _ in iter_primitives(items) if isinstance(p, Text)]


def page_texts(pages) -> list[str]:
    return [t for page in pages for t in texts(page.items)]


# --------------------------------------------------------------------------- a game without a CRT

def test_the_aid_of_a_game_without_a_crt_has_no_crt_results_or_battle_sequence(content):
    assert content.crt is None
    keys = [b.key for b in aid_blocks(content, aid_style(content, M44), 540, M44)]
    assert not {"crt", "results", "battle_sequence"} & set(keys)
    assert "chart:terrain_effects" in keys and "terrain" not in keys      # the module's chart replaces it
    words = " ".join(page_texts(aid_pages(content, STYLE, M44))).upper()
    assert "COMBAT RESULTS" not in words and "RESULTS" not in words.split()
    assert "has nothing to show" in table_problem(content, "crt", None)
    assert "has nothing to show" in table_problem(content, "results", None)


def test_the_unit_chart_prints_figures_and_the_dice_at_each_range(content):
    block = next(b for b in aid_blocks(content, aid_style(content, M44), 540, M44) if b.key == "units")
    words = texts([it for row in block.rows for it in row.items])
    assert "Figures" in words and "Battle" in " ".join(words)          # the booklet's record's heads
    for u in content.unit_types:      # the dice at each range, in order ("3-3-2-2-1-1": 1 to 6 hexes)
        assert "-".join(map(str, u.battle_dice)) in words and str(u.figures) in words
    assert not any(w.startswith("Strength") for w in words)


# --------------------------------------------------------------------------- the map

def test_section_edges_run_down_the_board_where_the_sections_meet(content):
    geo = MapGeometry(content)
    items = map_items(content)
    dashes = [p for p in items if isinstance(p, Line) and p.stroke == SECTION_INK and p.dash and p.x1 == p.x2]
    flats = geo.flats
    assert sorted(round(d.x1, 3) for d in dashes) == [round(geo.ox + 4 * flats, 3), round(geo.ox + 9 * flats, 3)]
    for d in dashes:                              # top to bottom of the grid, and on into the names
        assert d.x1 == d.x2 and d.y1 == pytest.approx(geo.oy) and d.y2 > geo.oy + geo.gh
    # through the centres of the hexes that straddle them, in both sections
    for hid, x in (("0402", 4), ("0408", 4), ("0902", 9)):
        assert geo.centre_of(hid)[0] == pytest.approx(geo.ox + x * flats)
        assert len(content.sections_of(hid)) == 2
    names = texts(items)
    assert {"LEFT FLANK", "CENTRE", "RIGHT FLANK"} <= set(names)


def test_each_feature_hex_has_its_badge_ringed_in_its_side_colour(content):
    geo = MapGeometry(content)
    items = map_items(content)
    for f in content.map.features:
        marks = [t for t in items if isinstance(t, Text) and t.text == f.mark and t.y < geo.oy + geo.gh]
        assert sorted((round(t.x, 3)) for t in marks) == sorted(round(geo.centre_of(h)[0], 3) for h in f.hexes)
        for t in marks:                               # inside the hex, under its centre
            hx, hy = min((geo.centre_of(h) for h in f.hexes), key=lambda c: abs(c[0] - t.x) + abs(c[1] - t.y))
            assert hy < t.y < hy + geo.radius * 0.6
    ring = content.side("axis").colour.full
    rings = [r for r in items if isinstance(r, Rect) and r.fill == ring and r.h == BADGE_H + 4
             and r.y < geo.oy + geo.gh]
    assert len(rings) == sum(len(f.hexes) for f in content.map.features if f.side)


def test_a_lone_bridge_hex_is_drawn_with_a_road_across_it(content):
    geo = MapGeometry(content)
    items = map_items(content)
    cx, cy = geo.centre_of("0304")
    across = [p for p in items if isinstance(p, Line) and p.stroke == "#f3e2b3"
              and abs((p.x1 + p.x2) / 2 - cx) < 0.5 and abs((p.y1 + p.y2) / 2 - cy) < 0.5]
    assert len(across) == 1


# --------------------------------------------------------------------------- counters and cards

def test_a_counter_shows_a_pip_per_figure_and_its_dice_by_range(content):
    for ut in content.unit_types:
        face = unit_face(content, "allies", ut.id, False, M44)
        pips = [p for p in face if isinstance(p, Circle)]
        assert len(pips) == ut.figures
        assert "-".join(map(str, ut.battle_dice)) in texts(face)
        back = unit_face(content, "allies", ut.id, True, M44)   # no reduced bar: figures are counted by markers
        assert len([r for r in back if isinstance(r, Rect)]) == len([r for r in face if isinstance(r, Rect)])


def test_a_command_card_names_and_lights_the_sections_it_orders(content):
    deck = {c.card: c for c in cards(content, content.decks[0], M44)}
    broad = texts(deck["broad_advance"].face)
    assert {"LEFT FLANK", "CENTRE", "RIGHT FLANK"} <= set(broad) and broad.count("2") == 3
    left = deck["patrol_left"].face
    assert "LEFT FLANK" in texts(left) and "CENTRE" not in texts(left)
    board = next(g for g in left if isinstance(g, Group))
    lit = [p for p in board.items if isinstance(p, Polygon) and p.fill != "#f2f2f2"]
    g = content.map.grid
    in_left = [(c, r) for r in range(1, g.rows + 1) for c in range(1, g.columns + 1)
               if "left" in content.sections_of(f"{c:02d}{r:02d}")]
    assert len(lit) == len(in_left) and 0 < len(lit) < g.rows * g.columns
    thrust = texts(deck["armour_thrust"].face)
    assert "ARMOUR ANYWHERE" in thrust and "4" in thrust


# --------------------------------------------------------------------------- the dice

def test_the_dice_sheet_has_every_face_of_every_die_for_each_copy(content):
    pages = dice_sheet(content, STYLE, M44)
    assert len(pages) == 1
    faces = sum(len(d.faces) for d in content.dice)
    stickers = [g for g in pages[0].items if isinstance(g, Group) and g.clip is not None]
    assert len(stickers) == DIE_COPIES * faces
    words = texts(pages[0].items)
    for i, f in enumerate(content.dice[0].faces, 1):      # the key: number, name, what it does
        assert f"{i}  {f.name}" in words and face_effect(content, f) in words
    assert face_effect(content, content.dice[0].faces[3]) == "hits every unit"
    assert face_effect(content, content.dice[0].faces[5]) == "the target falls back 1 hex"


def test_a_die_face_draws_its_symbol_and_prints_the_name_of_one_it_does_not_know(content):
    die = content.dice[0]
    star = die_face(content, die, die.faces[4], 36.0, M44)
    assert any(isinstance(p, Polygon) and len(p.points) == 10 for p in star) and not texts(star)
    odd = die.faces[4].model_copy(update={"symbol": "mortar", "name": "Mortar"})
    assert texts(die_face(content, die, odd, 36.0, M44)) == ["MORTAR"]


def test_a_game_without_symbol_dice_prints_no_dice_sheet():
    bering = load(BERING)[0]
    assert layout_kit(bering, load(BERING)[1], kinds=("dice",)) == []


def test_the_kit_lists_the_dice_and_builds_the_same_twice(tmp_path):
    a = build_kit(M44, tmp_path / "a", only="cards,dice")
    build_kit(M44, tmp_path / "b", only="cards,dice")
    kinds = {c["kind"]: c for c in a["components"]}
    assert kinds["dice"]["stickers"] == 48 and kinds["cards"]["cards"] == 41
    for name in ("dice.pdf", "cards.pdf", "manifest.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert json.loads((tmp_path / "a" / "manifest.json").read_text())["game"] == "memoir44"


# --------------------------------------------------------------------------- the charts

def test_the_terrain_effects_chart_follows_the_rules_data():
    from genkit.render.charts import module_charts
    content = load(M44, ["rules.terrain.forest.dice.armour=-3"])[0]
    chart = next(c for c in module_charts(content) if c.id == "terrain_effects")
    rows = {r[0]: r for r in chart.rows}
    assert rows["Forest"][2] == "infantry -1, armour -3"
    assert rows["River"][1] == "impassable" and rows["Forest"][4] == "blocks"
    assert "armour and artillery may not enter" in rows["Bunker"][1]
    assert rows["Sandbags"][2].endswith("(Axis units only)")
    assert chart.keys[-1] == "feature:bunker"
    assert "artillery here may not retreat" in rows["Bunker"][3]
    assert "may not retreat" not in rows["Sandbags"][3]
