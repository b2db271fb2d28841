"""Every model `genkit check` accepts prints its player aid: varied models (tiny and large grids,
5 to 60 turns, d6 and d10, 1 to 12 terrain types, no cards and many cards, long names) built
on Letter and A4 in both orientations, with nothing drawn outside the printable area and no
text under 6 pt (measured on the drawing that both the PDF and the SVG are written from)."""
import json
import math
import re
import shutil
from pathlib import Path

import pytest

from genkit.pack.printable import check_path
from genkit.model.load import load
from genkit.render.aid import aid_pages
from genkit.render.draw import Text
from genkit.render.geometry import bounds, iter_primitives
from genkit.render.layout import MIN_TEXT, SheetStyle
from genkit.render.sheets import FOOTER_BAND, landscape

ROOT = Path(__file__).resolve().parents[2]
RIDGE = ROOT / "tests" / "fixtures" / "ridge"
BERING = ROOT / "content" / "bering_land"
PRINTABLE = 18.0  # home printers cannot print the outer quarter inch

# twelve terrain types for the generated maps; the first is the clear ground units set up on
TERRAIN = [("c", "clear", "Clear", "#e6efc9", "none", 1), ("w", "woods", "Woods", "#9cc28a", "dots", 2),
           ("h", "hill", "Hill", "#d7c08a", "hills", 2), ("r", "stream", "Stream", "#a4c2f4", "hatch", 3),
           ("m", "marsh", "Marsh", "#b6d7a8", "marsh", 2), ("s", "stones", "Boulder field", "#8c7f7a", "stones", 3),
           ("p", "peaks", "Mountains", "#a68a64", "peaks", 3), ("x", "ruins", "Ruins", "#c9c2b8", "crosshatch", 2),
           ("t", "town", "Town", "#f4cccc", "dots", 1), ("d", "road", "Road", "#efe3c2", "road", 1),
           ("v", "vineyard", "Vineyards", "#d9ead3", "hatch", 2), ("o", "pond", "Pond", "#6fa8dc", "waves", None)]


def flow_yaml(value) -> str:
    return json.dumps(value)


def ridge_grid(columns: int, rows: int, hex_in: float, counter_in: float, terrains: int) -> list[str]:
    """--set overrides giving Ridge a map of ``columns`` x ``rows`` with ``terrains`` terrain
    types: each side sets up on clear ground in its two edge columns, the hill to hold in the
    middle."""
    kinds = TERRAIN[:terrains]
    terrain = [{"code": c, "id": i, "name": n, "colour": col, "pattern": pat, "move_cost": cost}
               for c, i, n, col, pat, cost in kinds]
    passable = [k[0] for k in kinds if k[5] is not None]
    lines = []
    for r in range(rows):
        lines.append("".join("c" if col < 2 or col >= columns - 2 or (col + r) % 3 else
                             passable[(col * 7 + r) % len(passable)] for col in range(columns)))
    hexes = lambda col: [f"{col:02d}{r:02d}" for r in range(1, rows + 1)]
    blue = (hexes(1) + hexes(2))[:6]
    red = (hexes(columns) + hexes(columns - 1))[:6]
    units = [{"side": "blue", "type": "rifles", "setup": blue[:3]}, {"side": "blue", "type": "mortar", "setup": blue[3:4]},
             {"side": "blue", "type": "tank", "setup": blue[4:6]},
             {"side": "red", "type": "rifles", "setup": red[:3]}, {"side": "red", "type": "mortar", "setup": red[3:4]},
             {"side": "red", "type": "tank", "setup": red[4:6]}]
    middle = f"{(columns + 1) // 2:02d}{(rows + 1) // 2:02d}"
    return [f"map.grid.columns={columns}", f"map.grid.rows={rows}", f"map.grid.hex_size_in={hex_in}",
            f"game.components.counter_in={counter_in}", f"map.terrain={flow_yaml(terrain)}",
            f"map.rows={flow_yaml(lines)}", f"counters.units={flow_yaml(units)}",
            f"map.places={flow_yaml([{'name': 'Hill top', 'hex': middle}])}",
            f"game.victory={flow_yaml([{'kind': 'no_units'}, {'kind': 'hold', 'hexes': [middle]}, {'kind': 'turn_limit', 'winner': 'draw'}])}"]


def ridge_d6() -> list[str]:
    """Ridge's CRT on a six-sided die: each column's first six results."""
    content, _ = load(RIDGE)
    return ["crt.die_faces=6"] + [
        f"crt.columns.{col.label}.rows={flow_yaml({a: r[:6] for a, r in col.rows.items()})}"
        for col in content.crt.columns]


def bering_many_cards(tmp_path: Path) -> Path:
    """Bering Land with every card four times as often: 96 cards."""
    dest = tmp_path / "many_cards"
    shutil.copytree(BERING, dest)
    text = (dest / "cards.yaml").read_text()
    text = re.sub(r"(        copies:\n)((?:          - .*\n)+)", lambda m: m.group(1) + m.group(2) * 4, text)
    (dest / "cards.yaml").write_text(text)
    game = (dest / "game.yaml").read_text().replace("cards: 24 ", "cards: 96 ")
    (dest / "game.yaml").write_text(game)
    return dest


def bering_d10(tmp_path: Path) -> Path:
    """Bering Land on a ten-sided die: each CRT row and the draw table carry on to 10."""
    dest = tmp_path / "d10"
    shutil.copytree(BERING, dest)
    crt = (dest / "crt.yaml").read_text().replace("die_faces: 6", "die_faces: 10")
    crt = re.sub(r"\[([A-Z]), ([A-Z]), ([A-Z]), ([A-Z]), ([A-Z]), ([A-Z])\]",
                 lambda m: "[" + ", ".join(m.groups() + (m.group(6),) * 4) + "]", crt)
    (dest / "crt.yaml").write_text(crt)
    cards = (dest / "cards.yaml").read_text()
    cards = cards.replace("6: double_barrel}", "6: double_barrel, 7: air_strike, 8: pave_low, 9: air_drone, 10: juggernaut}")
    (dest / "cards.yaml").write_text(cards)
    return dest


MODELS = {
    "ridge": lambda tmp: (RIDGE, []),
    "bering_land": lambda tmp: (BERING, []),
    "ridge_5_turns": lambda tmp: (RIDGE, ["turn_track.turns=5"]),
    "bering_60_turns": lambda tmp: (BERING, ["turn_track.turns=60"]),
    "ridge_d6": lambda tmp: (RIDGE, ridge_d6()),
    "bering_d10": lambda tmp: (bering_d10(tmp), []),
    "tiny_grid_one_terrain": lambda tmp: (RIDGE, ridge_grid(6, 3, 1.0, 0.6, 1)),
    "large_grid_twelve_terrains": lambda tmp: (RIDGE, ridge_grid(40, 24, 0.4, 0.36, 12)),
    "many_cards": lambda tmp: (bering_many_cards(tmp), []),
    "big_counters_long_names": lambda tmp: (RIDGE, [
        "game.components.counter_in=1.0",
        "unit_types.rifles.name=Rifle company of the Hochgebirgsjaegerbataillonsversorgungskompanie",
        "crt.attack_type_names.long=Long range indirect supporting fire"]),
    "bering_999_turns": lambda tmp: (BERING, ["turn_track.turns=999"]),
    "twenty_crt_columns": lambda tmp: (BERING, [f"crt.columns={flow_yaml(twenty_columns())}"]),
}


def twenty_columns() -> list[dict]:
    """Differentials -9 to +10, each a better column than the one before."""
    faces = 6
    out = []
    for n, d in enumerate(range(-9, 11)):
        kills = min(faces, n * faces // 20)
        row = ["K"] * kills + ["M"] * (faces - kills)
        out.append({"differential": d, "rows": {"primary": row, "secondary": row}})
    return out
PAPERS = {"letter": None, "a4": None, "letter-landscape": "letter", "a4-landscape": "a4"}


def style_for(paper: str) -> SheetStyle:
    if paper in ("letter", "a4"):
        return SheetStyle(paper, 0, "1", "0" * 64, "t")
    st = SheetStyle(PAPERS[paper], 0, "1", "0" * 64, "t")
    st.size = landscape(st.size)
    return st


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Each model checked, then its player aid laid out on every paper."""
    out = {}
    for name, make in MODELS.items():
        path, sets = make(tmp_path_factory.mktemp(name))
        errors = [f for f in check_path(path, sets) if f.severity == "error"]
        assert not errors, f"{name}: {errors}"
        content, _ = load(path, sets)
        out[name] = (content, {paper: aid_pages(content, style_for(paper), path) for paper in PAPERS})
    return out


@pytest.mark.parametrize("name", MODELS)
def test_every_checked_model_prints_inside_the_printable_area(built, name):
    content, by_paper = built[name]
    for paper, pages in by_paper.items():
        for n, page in enumerate(pages, 1):
            W, H = page.width, page.height
            body = [it for it in page.items if not _is_footer(it, H)]
            x0, y0, x1, y1 = bounds(body, include_stroke=True)
            assert x0 >= PRINTABLE and y0 >= PRINTABLE and x1 <= W - PRINTABLE and y1 <= H - FOOTER_BAND, \
                f"{name} {paper} page {n}: drawn at {x0:.1f},{y0:.1f}-{x1:.1f},{y1:.1f} on a {W:g}x{H:g} page"


def _is_footer(item, H: float) -> bool:
    return isinstance(item, Text) and item.y > H - FOOTER_BAND


@pytest.mark.parametrize("name", MODELS)
def test_no_text_on_the_aid_is_under_6_pt(built, name):
    _, by_paper = built[name]
    for paper, pages in by_paper.items():
        for page in pages:
            sizes = [t.size * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
                     for t, m in iter_primitives(page.items) if isinstance(t, Text)]
            assert min(sizes) >= MIN_TEXT - 1e-6, f"{name} {paper}: a text at {min(sizes):.2f} pt"


def test_the_aid_grows_pages_with_its_content(built):
    """Pages are as many as the content needs: 999 turns take more pages than 60, 60 more than 30."""
    pages = {name: len(built[name][1]["letter"]) for name in ("bering_land", "bering_60_turns", "bering_999_turns")}
    assert pages["bering_land"] <= pages["bering_60_turns"] < pages["bering_999_turns"]


@pytest.mark.parametrize("paper, counters, bleed", [("letter", "duplex", 0.0), ("a4", "duplex", 0.0),
                                                   ("a4", "fold", 0.125)])
@pytest.mark.parametrize("name", MODELS)
def test_every_checked_model_builds_its_whole_kit_on_its_sheets(tmp_path, name, paper, counters, bleed):
    """Every model `genkit check` accepts lays out every component of its kit (map, tiles,
    counters, cards, player aid, rules booklet) without an error, and nothing is drawn off
    its sheet (the rules booklet too: it is laid out on the same drawing path)."""
    from genkit.render.kit import layout_kit
    path, sets = MODELS[name](tmp_path)
    content, source = load(path, sets)
    for comp in layout_kit(content, source, paper=paper, counters=counters, bleed_in=bleed, content_root=path):
        assert comp["pages"], name
        for n, page in enumerate(comp["pages"], 1):
            x0, y0, x1, y1 = bounds(page.items, include_stroke=True)
            assert -1e-6 <= x0 and -1e-6 <= y0 and x1 <= page.width + 1e-6 and y1 <= page.height + 1e-6, \
                f"{name} {paper} {comp['kind']} page {n}: drawn at {x0:.1f},{y0:.1f}-{x1:.1f},{y1:.1f}" \
                f" on a {page.width:g}x{page.height:g} sheet"


def test_a_marker_that_cannot_print_its_text_at_6_pt_is_a_check_finding():
    """Ridge's counters at 0.35 in: the TURN marker's word would need 5.98 pt, so check refuses
    the model at the marker's line before any build."""
    found = [f for f in check_path(RIDGE, ridge_grid(40, 24, 0.4, 0.35, 12)) if f.code == "marker-text"]
    assert found and all(f.file.endswith("units.yaml") and f.line > 0 for f in found)
    assert "'TURN'" in found[0].message and "enlarge game.components.counter_in" in found[0].message
