"""The kit of a game on the standard rules (tests/fixtures/standard_mini): the map draws its river
hexsides, the bridge and the road; the player aid prints the rules module's charts with the model's
numbers, the reinforcements on the turn track and the retreat distances; counters of unit types with
a defence show attack-defence-movement; the booklet draws a chart with [[chart:ID]]."""
import itertools
import math
import re
from pathlib import Path

import pytest

from genkit.model.load import load
from genkit.render.aid import aid_pages
from genkit.render.counters import unit_face
from genkit.render.draw import (
    Circle,
    Line,
    Page,
    Polygon,
    Polyline,
    Rect,
    Text,
)
from genkit.render.geometry import (
    apply,
    iter_primitives,
)
from genkit.render.layout import SheetStyle
from genkit.render.map import MapGeometry, map_items
from genkit.render.map_art import feature_width
from genkit.render.rules_tables import table_data, table_problem
from genkit.render.svg import svg_string

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "standard_mini"
BERING = ROOT / "content" / "bering_land"


def on_grid(items, geo):
    """The primitives of the map itself (left of the legend beside the grid)."""
    def xs(p):
        if isinstance(p, Line):
            return [p.x1, p.x2]
        if isinstance(p, (Polygon, Polyline)):
            return [x for x, _ in p.points]
        return [getattr(p, "x", getattr(p, "cx", 0))]
    return [p for p in items if max(xs(p)) <= geo.ox + geo.gw + 1]


def mini(*sets):
    content, _ = load(MINI, list(sets))
    return content


@pytest.fixture(scope="module")
def content():
    return mini()


def aid(content):
    return aid_pages(content, SheetStyle("letter", 0, "1", "0" * 64, "t"), MINI)


def placed(pages_or_items):
    """(page, primitive, matrix) of every primitive."""
    pages = pages_or_items if isinstance(pages_or_items, list) and pages_or_items and \
        isinstance(pages_or_items[0], Page) else None
    if pages is None:
        return [(0, p, m) for p, m in iter_primitives(pages_or_items)]
    return [(n, p, m) for n, page in enumerate(pages) for p, m in iter_primitives(page.items)]


def words(pages) -> str:
    return " ".join(p.text for _, p, _ in placed(pages) if isinstance(p, Text))


# --------------------------------------------------------------------------- the map

def test_map_draws_each_river_hexside_along_the_edge_the_two_hexes_share(content):
    geo = MapGeometry(content)
    items = on_grid(map_items(content), geo)
    river = next(f for f in content.map.hexsides if f.id == "river")
    w = feature_width(geo.flats)
    segs = [p for p in items if isinstance(p, Line) and p.stroke == river.colour and p.stroke_width == w]
    assert len(segs) == len(river.edges) == 15
    for seg, edge in zip(segs, river.edges):
        for hid in edge.split("/"):           # both ends are corners of both hexes
            cx, cy = geo.centre_of(hid)
            for x, y in ((seg.x1, seg.y1), (seg.x2, seg.y2)):
                assert math.hypot(x - cx, y - cy) == pytest.approx(geo.radius, abs=0.01)


def test_map_draws_the_bridge_across_its_hexside_and_the_road_from_centre_to_centre(content):
    geo = MapGeometry(content)
    items = on_grid(map_items(content), geo)
    bridge = next(f for f in content.map.hexsides if f.style == "bridge")
    decks = [p for p in items if isinstance(p, Polygon) and p.fill == bridge.colour]
    assert len(decks) == len(bridge.edges) == 1
    mx = sum(x for x, _ in decks[0].points) / 4
    my = sum(y for _, y in decks[0].points) / 4
    a, b = (geo.centre_of(h) for h in bridge.edges[0].split("/"))
    assert (mx, my) == pytest.approx(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), abs=0.01)
    road = content.map.roads[0]
    lines = [p for p in items if isinstance(p, Polyline) and p.stroke == road.colour]
    assert len(lines) == len(road.paths) == 1
    assert lines[0].points == tuple(pytest.approx(geo.centre_of(h)) for h in road.paths[0])
    # over the terrain, under the hex ids and place names, the bridge over the road
    first_id = next(i for i, p in enumerate(items) if isinstance(p, Text) and p.text == "0101")
    at = items.index(lines[0])
    assert items.index(decks[0]) > at and at < first_id
    assert at > next(i for i, p in enumerate(items) if isinstance(p, Polygon) and p.fill == "#e6efc9")


def test_the_svg_and_the_legend_show_the_map_features(content):
    items = map_items(content)
    svg = svg_string(Page(792, 612, items))
    assert svg.count('stroke="#3d7fd6"') >= 15 and "#7a5230" in svg and "#8b5a2b" in svg
    legend = " ".join(p.text for p in items if isinstance(p, Text))
    for name in ("River (along hexsides)", "Bridge (across a hexside)", "Road (hex to hex)"):
        assert name in legend


def test_a_map_without_features_draws_none():
    content = mini("map.hexsides=[]", "map.roads=[]", "rules.hexsides={}", "rules.roads={}")
    items = map_items(content)
    assert not [p for p in items if isinstance(p, Polyline) and p.stroke == "#8b5a2b"]
    assert not [p for p in items if isinstance(p, (Line, Circle)) and getattr(p, "stroke", None) == "#3d7fd6"]
    assert "River" not in " ".join(p.text for p in items if isinstance(p, Text))


# --------------------------------------------------------------------------- the charts

def test_the_aid_prints_the_three_charts_with_the_models_numbers(content):
    text = words(aid(content))
    for title in ("TERRAIN EFFECTS CHART", "COMBAT MODIFIERS", "STACKING AND ZONES OF CONTROL"):
        assert title in text
    assert "TERRAIN CHART" not in text.replace("TERRAIN EFFECTS CHART", "")   # replaced
    for bit in ("+2 MP to cross", "1/2 MP a hex", "defence x2", "DRM -1", "1 column left", "cross without the River cost",
                "At most 2 units", "loses a step and stays"):
        assert bit in text, bit
    from genkit.render.charts import module_charts
    notes = " ".join(n for c in module_charts(content) for n in c.notes)
    assert "round in the defender's favour: 5 to 2 reads 2:1." in notes


def test_each_chart_is_a_block_of_its_own_at_the_span_the_style_gives_it(content):
    from genkit.render.aid import aid_blocks, aid_style
    blocks = {b.key: b.span for b in aid_blocks(content, aid_style(content), 540.0)}
    assert blocks["chart:terrain_effects"] == "full" and blocks["chart:combat_modifiers"] == "half"
    assert "terrain" not in blocks


def test_a_changed_number_changes_the_chart():
    changed = mini("rules.hexsides.river.cross_cost=1.5", "rules.stacking.limit=3",
                   "rules.terrain.hill.drm=-2", "rules.roads.road.cost=1",
                   "rules.movement.zoc=locking", "rules.combat.retreat_blocked=eliminate")
    text = words(aid(changed))
    for bit in ("+1 1/2 MP to cross", "At most 3 units", "DRM -2", "1 MP a hex", "may not move",
                "is eliminated"):
        assert bit in text, bit
    assert "+2 MP to cross" not in text and "1/2 MP a hex" not in text and "Strategic" not in text
    marching = changed.model_copy(update={"rules": {**changed.rules,
                                                    "strategic": {"multiplier": 3, "enemy_distance": 4}}})
    text = words(aid(marching))
    assert "movement x3" in text and "more than 4 hexes" in text


def test_stacking_points_are_listed_per_type():
    text = words(aid(mini("rules.stacking={limit: 4, count: points, points: {arm: 2}}")))
    assert "At most 4 stacking points" in text and "ARM 2" in text and "INF 1" in text


def test_a_game_whose_rules_module_has_no_charts_keeps_its_generic_sections():
    content, _ = load(BERING)
    from genkit.render.charts import module_charts, replaced_sections
    assert module_charts(content) == [] and replaced_sections(content) == set()


def test_the_booklet_draws_a_chart_by_its_id(content):
    assert table_problem(content, "chart", "terrain_effects") is None
    (data,) = table_data(content, "chart", "terrain_effects")
    assert data.header == [["Terrain", "Movement", "Combat", "Line of sight"]]
    assert ["Woods", "2 MP to enter", "1 column left", "blocks"] in data.rows
    assert len(table_data(content, "chart", None)) == 3
    assert "known: terrain_effects, stacking_zoc, combat_modifiers" in table_problem(content, "chart", "nope")
    bering, _ = load(BERING)
    assert "nothing to show" in table_problem(bering, "chart", None)


def test_a_chart_line_is_read_with_a_colon_or_a_space():
    from genkit.render.rules_text import TABLE_LINE
    assert TABLE_LINE.match("[[chart:stacking_zoc]]").groups() == ("chart", "stacking_zoc")
    assert TABLE_LINE.match("[[ chart stacking_zoc ]]").groups() == ("chart", "stacking_zoc")
    assert TABLE_LINE.match("[[crt]]").groups() == ("crt", None)


# --------------------------------------------------------------------------- turn track, CRT, counters

def _turn_of(pages, label: str) -> str:
    """The number of the turn box that holds the text ``label``."""
    texts, rects = [], []
    for n, p, m in placed(pages):
        if isinstance(p, Text):
            texts.append((n, *apply(m, p.x, p.y), p.text))
        elif isinstance(p, Rect) and p.w > 30 and p.h > 30:
            x, y = apply(m, p.x, p.y)
            rects.append((n, x, y, x + p.w, y + p.h))
    n, x, y, _ = next(t for t in texts if t[3] == label)
    box = next(r for r in rects if r[0] == n and r[1] <= x <= r[3] and r[2] <= y <= r[4])
    inside = [t for t in texts if t[0] == n and box[1] <= t[1] <= box[1] + 6 and box[2] <= t[2] <= box[2] + 12]
    return inside[0][3]


def test_the_turn_track_shows_each_reinforcement_in_its_turns_box(content):
    pages = aid(content)
    assert _turn_of(pages, "1 INF") == "3" and _turn_of(pages, "1 ARM") == "4"
    assert "turn 3: 1 Blue Infantry (INF) at 0101 or 0108" in words(pages)
    moved = aid(mini("counters.units.1.enters.turn=6"))
    assert _turn_of(moved, "1 INF") == "6"
    sizes = [p.size * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) for _, p, m in placed(pages)
             if isinstance(p, Text) and p.text in ("1 INF", "1 ARM", "B", "G")]
    assert sizes and min(sizes) >= 6


def test_the_results_give_the_retreat_distance_and_every_effect_its_own_grey(content):
    text = words(aid(content))
    assert "Defenders retreat (2 hexes)" in text and "Attackers retreat (1 hex)" in text
    from genkit.render.aid import aid_style
    from genkit.render.map_art import grey_level
    fill = aid_style(content).doc["result_fill"]
    greys = sorted(grey_level(fill[r.effect]) for r in content.crt.results)
    assert all(b - a >= 5 for a, b in itertools.pairwise(greys)), greys


def test_counters_of_a_type_with_a_defence_show_attack_defence_movement(content):
    def numbers(face):
        return [p.text for p, _ in iter_primitives(face) if isinstance(p, Text) and re.fullmatch(r"\d+(-\d+)+", p.text)]
    assert numbers(unit_face(content, "blue", "inf")) == ["4-4-4"]
    assert numbers(unit_face(content, "grey", "arm", True)) == ["3-2-6"]
    assert "attack - defence - movement allowance" in words(aid(content))
    bering, _ = load(BERING)
    ut = bering.unit_types[0]
    assert numbers(unit_face(bering, bering.counters.units[0].side, ut.id)) == [f"{ut.strength.full}-{ut.movement}"]


def test_genkit_check_reads_chart_lines_in_rules_md(tmp_path, content):
    import shutil

    from genkit.render.rules_text import rules_findings
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    (game / "rules.md").write_text("# 1.0 Terrain\n\n[[chart:terrain_effects]]\n\n[[chart stacking_zoc]]\n")
    assert rules_findings(content, game) == []
    (game / "rules.md").write_text("# 1.0 Terrain\n\n[[chart:terrain]]\n")
    (found,) = rules_findings(content, game)
    assert found.line == 3 and found.code == "rules-table" and "has no 'terrain'" in found.message


def test_arrivals_of_one_side_and_type_on_a_turn_are_counted_together():
    from genkit.render.tables_tracks import arrivals
    content = mini("counters.units.1.reserve=2", "counters.units.6.enters.turn=3")
    (blue, grey), = [arrivals(content)[3]]
    assert (blue[0], blue[1].id, grey[0], grey[1].id) == ("2 INF", "blue", "1 ARM", "grey")
    pages = aid(content)
    assert _turn_of(pages, "2 INF") == "3" and _turn_of(pages, "1 ARM") == "3"


def test_a_short_turn_track_is_kept_on_one_page(content):
    """Up to three rows of boxes (with the key and the arrivals note) form one unbreakable block,
    so no box is left alone on a page; a longer track may break between its rows."""
    from genkit.render.aid import aid_style
    from genkit.render.aid_sections import SECTIONS
    st = aid_style(content)
    width = 500.0

    def blocks(turns: int) -> list:
        c = mini(f"turn_track.turns={turns}")
        return [rows for _, rows in SECTIONS["turn_track"](c, st, width, "Turns", None)][0]

    assert len(blocks(content.turn_track.turns)) == 1
    assert len(blocks(content.turn_track.turns * 2)) == 1
    assert len(blocks(99)) > 1
