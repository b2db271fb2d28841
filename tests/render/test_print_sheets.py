"""The printed sheets as a printer and a player meet them (issue 10, defects 3-8): measured on
the PDFs a build writes (text sizes, page text, painted rectangles, stroked lines, rasters),
for Letter and A4, duplex and fold, with and without bleed."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from genkit.model.load import load
from genkit.pack.printable import build_kit, check_model
from genkit.render.cards import cards
from genkit.render.counters import pieces, side_initial
from genkit.render.draw import Rect, Text
from genkit.render.geometry import bounds
from genkit.render.map import MapGeometry, map_items
from genkit.render.sheets import FOOTER_BASELINE, FOOTER_TOP, SAFE_MARGIN

import pdf_measure as pm

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"
RIDGE = ROOT / "tests" / "fixtures" / "ridge"
BUILDS = {  # name: (paper, counters, bleed in)
    "letter": ("letter", "duplex", 0.0),
    "letter-bleed": ("letter", "duplex", 0.125),
    "a4-fold": ("a4", "fold", 0.0),
    "a4-fold-bleed": ("a4", "fold", 0.125),
}
PRINTED = ("counters", "cards", "map", "map-tiled")


class _Kits(dict):
    """name -> (folder, bleed in points) of the kit built for BUILDS[name], built when first asked
    for: a pytest-xdist worker builds only the papers of the tests it runs."""

    def __init__(self, tmp_path_factory):
        super().__init__()
        self.tmp_path_factory = tmp_path_factory

    def __missing__(self, name):
        paper, layout, bleed = BUILDS[name]
        folder = self.tmp_path_factory.mktemp(name) / "bl"
        build_kit(BERING, folder, paper=paper, counters=layout, bleed_in=bleed,
                  only=set(PRINTED))
        self[name] = (folder, bleed * 72)
        return self[name]


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    return _Kits(tmp_path_factory)


def _trim(page: pm.Page, b: float):
    """The sheet as cut (the MediaBox less the bleed): x0, y0, x1, y1, y down."""
    return b, b, page.width - b, page.height - b


# --------------------------------------------------------------------------- defect 7

@pytest.mark.parametrize("name", BUILDS)
def test_no_text_below_6_pt_in_any_printed_pdf(kits, name):
    folder, _ = kits[name]
    for kind in PRINTED:
        assert pm.min_font_size(folder / f"{kind}.pdf") >= 6 - 1e-6, kind


def test_ridge_small_counters_and_half_inch_hexes_build_without_small_text(tmp_path):
    out = tmp_path / "ridge"
    build_kit(RIDGE, out, only={"map", "counters", "map-tiled"},
              overrides=["map.grid.hex_size_in=0.5", "game.components.counter_in=0.45"])
    for kind in ("map", "counters", "map-tiled"):
        assert pm.min_font_size(out / f"{kind}.pdf") >= 6 - 1e-6, kind


# --------------------------------------------------------------------------- defect 3: cards

@pytest.mark.parametrize("name", BUILDS)
def test_every_card_sheet_says_how_to_print_its_backs(kits, name):
    folder, b = kits[name]
    measured = pm.read_pdf(folder / "cards.pdf")
    for i, page in enumerate(PdfReader(folder / "cards.pdf").pages):
        text = " ".join(page.extract_text().split())
        if i % 2 == 0:
            assert "fronts: print 2-sided, flip on long edge" in text, i
            assert "Print double-sided, flipping on the long edge" in text
            assert "No duplex printer? Print the odd pages, then the even pages" in text
        else:
            assert "backs: on the reverse of the fronts" in text, i
            assert "register behind its fronts when printed on its reverse" in text
        # the instructions line prints inside the printable margin, on the line above the footer
        H = measured[i].height - b
        assert any(H - FOOTER_TOP - 8 <= r.y - b <= H - FOOTER_TOP for r in measured[i].runs)


def _card_rects(page, b, cw, ch, colour):
    want = {(round(cw + 2 * b, 1), round(ch + 2 * b, 1)), (round(ch + 2 * b, 1), round(cw + 2 * b, 1))}
    return [r for r in page.rects if (round(r[2] - r[0], 1), round(r[3] - r[1], 1)) in want
            and r[4] == colour]


WHITE = (1.0, 1.0, 1.0)
BACK = (0.133, 0.188, 0.235)   # card_back.yaml.j2's background


@pytest.mark.parametrize("name", BUILDS)
def test_card_backs_follow_their_fronts_and_register_for_duplex(kits, name):
    folder, b = kits[name]
    content, _ = load(BERING)
    cw, ch = (v * 72 for v in content.game.components.card_in)
    pages = pm.read_pdf(folder / "cards.pdf")
    assert len(pages) % 2 == 0
    total = 0
    for front, back in zip(pages[0::2], pages[1::2]):
        f = _card_rects(front, b, cw, ch, WHITE)
        k = _card_rects(back, b, cw, ch, BACK)
        assert f and len(f) == len(k)
        total += len(f)
        W = front.width
        mirrored = sorted((round(W - r[2], 2), round(r[1], 2)) for r in f)
        assert mirrored == sorted((round(r[0], 2), round(r[1], 2)) for r in k)
    assert total == content.game.components.cards


@pytest.mark.parametrize("name", BUILDS)
def test_card_grid_and_crop_marks_stay_inside_the_printable_area(kits, name):
    folder, b = kits[name]
    content, _ = load(BERING)
    cw, ch = (v * 72 for v in content.game.components.card_in)
    for page in pm.read_pdf(folder / "cards.pdf"):
        x0, y0, x1, y1 = _trim(page, b)
        cards_ = _card_rects(page, b, cw, ch, WHITE) + _card_rects(page, b, cw, ch, BACK)
        trims = [(r[0] + b, r[1] + b, r[2] - b, r[3] - b) for r in cards_]
        for tx0, ty0, tx1, ty1 in trims:
            assert tx0 - x0 >= SAFE_MARGIN and ty0 - y0 >= SAFE_MARGIN
            assert x1 - tx1 >= SAFE_MARGIN and y1 - ty1 >= SAFE_MARGIN
        marks = [s for s in page.segs if abs(s.width - 0.25) < 1e-6
                 and math.hypot(s.x1 - s.x0, s.y1 - s.y0) <= 12 + 1e-6]
        vertical = [s for s in marks if abs(s.x0 - s.x1) < 1e-6]
        horizontal = [s for s in marks if abs(s.y0 - s.y1) < 1e-6]
        assert vertical and horizontal          # with bleed too: both directions are marked
        for s in marks:
            for x, y in ((s.x0, s.y0), (s.x1, s.y1)):
                assert x0 + SAFE_MARGIN - 1e-6 <= x <= x1 - SAFE_MARGIN + 1e-6
                assert y0 + SAFE_MARGIN - 1e-6 <= y <= y1 - SAFE_MARGIN + 1e-6
            mx, my = (s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2
            for tx0, ty0, tx1, ty1 in trims:       # outside every card's trim
                assert not (tx0 < mx < tx1 and ty0 < my < ty1)


def test_a_d10_cards_roll_boxes_fit_a_narrow_card():
    content, _ = load(BERING, ["crt.die_faces=10", "game.components.card_in=[2.25,3.5]"])
    w, h = 2.25 * 72, 3.5 * 72
    deck = cards(content, content.decks[0])
    assert deck
    for card in deck:
        x0, y0, x1, y1 = bounds(list(card.face))
        assert x0 >= -0.5 and y0 >= -0.5 and x1 <= w + 0.5 and y1 <= h + 0.5
        numbers = [t for t in card.face if isinstance(t, Text) and t.text.isdigit()
                   and t.font == "sans-bold" and t.text in {str(f) for f in range(1, 11)}]
        assert min(t.size for t in numbers) >= 6


def test_a_card_face_that_cannot_fit_names_what_runs_off():
    content, _ = load(BERING, ["game.components.card_in=[2.5,1.5]"])
    with pytest.raises(ValueError) as err:
        cards(content, content.decks[0])
    msg = str(err.value)
    assert "decks.ability." in msg and "runs" in msg and "past the bottom edge" in msg
    assert "its text does not fit" not in msg


# --------------------------------------------------------------------------- defect 4

def test_a_card_face_that_cannot_fit_is_a_check_finding_naming_the_card_before_the_build():
    """Cards too short for their face, or a card text of one 5000-letter word (found by a
    structural fuzz): check passed, then the build stopped on the card sheet's ValueError,
    without the content's file and line. Now each card that runs off is an error at its entry."""
    content, source = load(BERING, ["game.components.card_in=[2.5,1.5]"])
    found = [f for f in check_model(content, source).findings if f.severity == "error"]
    assert found and {f.code for f in found} == {"card-face"}
    assert all(f.file.endswith("cards.yaml") and f.line > 0 and "past the bottom edge" in f.message for f in found)
    content, source = load(ROOT / "content" / "memoir44", ["decks.command.cards.armour_thrust.text=" + "x" * 5000])
    [finding] = [f for f in check_model(content, source).findings if f.severity == "error"]
    assert finding.code == "card-face" and finding.file.endswith("command-cards.csv")
    assert "(decks.command.armour_thrust)" in finding.message and "xxx...'" in finding.message
    assert len(finding.message) < 300


def test_a_die_face_name_too_long_for_the_face_is_a_check_finding_before_the_build(tmp_path):
    """A face with a symbol the die face template does not draw prints its name (found by a
    structural fuzz: symbol 'infantryx' passed check, then the build stopped on a TextFitError
    naming the template, not dice.yaml)."""
    game = tmp_path / "memoir44"
    shutil.copytree(ROOT / "content" / "memoir44", game)
    dice = (game / "dice.yaml").read_text()
    (game / "dice.yaml").write_text(dice.replace("- {symbol: armour, name: Armour,", "- {symbol: tank, name: Armour,"))
    found = _errors(game, "die-face-text")
    assert len(found) == 1 and found[0].file.endswith("dice.yaml") and found[0].line > 0
    assert "face 3" in found[0].message and "shorter name" in found[0].message
    (game / "dice.yaml").write_text(dice.replace("- {symbol: armour, name: Armour,", "- {symbol: tank, name: Tank,"))
    assert not _errors(game, "die-face-text")
    dice_pdf = build_kit(game, tmp_path / "kit", only=["dice"])
    assert any(c["file"] == "dice.pdf" for c in dice_pdf["components"])


def _fronts_per_sheet(folder, b, size, layout):
    pages = pm.read_pdf(folder / "counters.pdf")
    sheets = pages[0::2] if layout == "duplex" else pages
    out = []
    for p in sheets:
        sq = [r for r in p.rects if abs(r[2] - r[0] - (size + 2 * b)) < 0.01
              and abs(r[3] - r[1] - (size + 2 * b)) < 0.01]
        pos = {(round(r[0], 2), round(r[1], 2)) for r in sq}
        out.append(len(pos) if layout == "duplex" else len(pos) // 2)
    return out


@pytest.mark.parametrize("name", BUILDS)
def test_counter_sheets_are_as_few_as_fit_and_evenly_filled(kits, name):
    folder, b = kits[name]
    _, layout, _ = BUILDS[name]
    content, _ = load(BERING)
    size = content.game.components.counter_in * 72
    per = _fronts_per_sheet(folder, b, size, layout)
    assert sum(per) == content.game.components.pieces
    if len(per) > 1:
        # another sheet only when the fullest sheet could not take them all, and then shared out
        assert max(per) < sum(per)
        assert min(per) >= max(per) / 2, per


# --------------------------------------------------------------------------- defect 6: counters

def test_unit_counters_carry_a_side_mark_that_is_not_colour():
    content, _ = load(BERING)
    initials = {sd.id: side_initial(content, sd.id) for sd in content.game.sides}
    assert len(set(initials.values())) == len(initials)
    for p in pieces(content):
        if p.side is None:
            continue
        for face in (p.front, p.back):
            marks = [t for t in face if isinstance(t, Text) and t.text == initials[p.side]]
            assert marks and marks[0].size >= 6, p.id


def test_side_initials_show_on_the_printed_counter_sheet(kits):
    folder, _ = kits["letter"]
    text = PdfReader(folder / "counters.pdf").pages[0].extract_text().split()
    content, _ = load(BERING)
    for sd in content.game.sides:
        assert text.count(side_initial(content, sd.id)) >= 1


# --------------------------------------------------------------------------- defect 6: map

def test_side_rings_leave_the_hex_ids_clear():
    content, _ = load(BERING)
    geo = MapGeometry(content)
    items = map_items(content)
    from genkit import hexes
    owned = [p for p in content.map.places if p.side]
    assert owned
    for pl in owned:
        cx, cy = geo.centre_of(pl.hex)
        label = next(t for t in items if isinstance(t, Text) and t.text == pl.hex)
        x0, y0, x1, y1 = bounds(label)
        ring = next(it for it in items if type(it).__name__ == "Polygon" and it.stroke_width > 2
                    and abs(sum(x for x, _ in it.points) / 6 - cx) < 0.01
                    and abs(sum(y for _, y in it.points) / 6 - cy) < 0.01)
        inner = geo.corners(cx, cy, inset=1.0 + ring.stroke_width)  # ring's inner edge
        top = min(y for _, y in inner)
        assert y0 >= top, pl.hex
        assert hexes is not None


def _grey_raster(path, scale):
    doc = pdfium.PdfDocument(str(path))
    img = doc[0].render(scale=scale).to_pil().convert("L")
    doc.close()
    return img


def test_setup_chips_of_the_two_sides_differ_in_grey(kits):
    folder, b = kits["letter"]
    content, _ = load(BERING)
    items = map_items(content)
    chips = [it for it in items if isinstance(it, Rect) and it.w == 24 and it.h == 10]
    scale = 2
    img = _grey_raster(folder / "map.pdf", scale)
    by_side = {}
    geo = MapGeometry(content)
    for grp in content.counters.units:
        for hid in grp.setup:
            cx, cy = geo.centre_of(hid)
            chip = min(chips, key=lambda r: abs(r.x + 12 - cx) + abs(r.y - cy))
            px, py = (chip.x + 2 + b) * scale, (chip.y + 5 + b) * scale
            by_side.setdefault(grp.side, []).append(img.getpixel((round(px), round(py))))
    greys = [sum(v) / len(v) for v in by_side.values()]
    assert len(greys) == 2 and abs(greys[0] - greys[1]) >= 60


def test_map_footer_names_the_sheet_it_is_printed_on(tmp_path):
    out = tmp_path / "a3"
    build_kit(RIDGE, out, only={"map"}, overrides=["game.components.map_sheet_in=[16.54,11.69]"])
    text = " ".join(PdfReader(out / "map.pdf").pages[0].extract_text().split())
    assert "16.54 x 11.69 in sheet (A3)" in text and "Tabloid" not in text


# --------------------------------------------------------------------------- defect 8

def _grid_model(tmp_path, columns, rows, hex_in, counter_in=0.36):
    game = tmp_path / "grid"
    shutil.copytree(RIDGE, game)
    m = (game / "map.yaml").read_text()
    head, rest = m.split("  rows:\n", 1)
    places = rest[rest.index("  places:"):]
    head = head.replace("columns: 14", f"columns: {columns}").replace("rows: 9", f"rows: {rows}")
    head = head.replace("hex_size_in: 1.0", f"hex_size_in: {hex_in}")
    body = "".join(f'    - "{"." * columns}"\n' for _ in range(rows))
    (game / "map.yaml").write_text(head + "  rows:\n" + body + places)
    g = (game / "game.yaml").read_text().replace("counter_in: 0.6", f"counter_in: {counter_in}")
    (game / "game.yaml").write_text(g)
    return game


def _errors(path, code):
    content, source = load(path)
    return [f for f in check_model(content, source).findings if f.severity == "error" and f.code == code]


def test_a_grid_that_leaves_no_room_for_the_legend_is_a_check_finding(tmp_path):
    game = _grid_model(tmp_path, 40, 28, 0.4)
    found = _errors(game, "sheet-fit")
    assert found and "legend" in found[0].message
    assert found[0].file.endswith("map.yaml") and found[0].line > 0


def test_a_big_grid_that_checks_clean_builds_with_its_legend_on_the_sheet(tmp_path):
    game = _grid_model(tmp_path, 40, 24, 0.4)
    assert not _errors(game, "sheet-fit")
    out = tmp_path / "out"
    build_kit(game, out, only={"map"})
    page = pm.read_pdf(out / "map.pdf")[0]
    footer_line = page.height - FOOTER_BASELINE
    # every text run but the footer's ends above the legend's bottom and inside the sheet
    for r in page.runs:
        assert 0 <= r.x <= page.width and 0 <= r.y <= page.height
        if r.y < footer_line - 0.01:
            assert r.y <= footer_line - 2


# --------------------------------------------------------------------------- defect 5: tiles

def test_tiles_say_the_overlap_in_inches_and_mm_and_how_to_assemble(kits):
    folder, _ = kits["letter"]
    for page in PdfReader(folder / "map-tiled.pdf").pages:
        text = " ".join(page.extract_text().split())
        assert "overlap 0.5 in (12.7 mm)" in text
        assert "Cut tiles on the solid line" in text


@pytest.mark.parametrize("name", ["letter", "a4-fold"])
def test_tiles_have_cut_or_glue_lines_and_ticks_off_the_art(kits, name):
    folder, _ = kits[name]
    for page in pm.read_pdf(folder / "map-tiled.pdf"):
        sheet = [s for s in page.segs if not s.clipped]     # the tile's own lines, not the art
        long_lines = [s for s in sheet if s.width >= 0.5 and math.hypot(s.x1 - s.x0, s.y1 - s.y0) > 100]
        assert long_lines                      # a cut line or a glue line on every tile
        ticks = [s for s in sheet if abs(s.width - 0.5) < 1e-6
                 and abs(math.hypot(s.x1 - s.x0, s.y1 - s.y0) - 9) < 1e-6]
        assert ticks
        # the window: the extent of the cut/glue lines; ticks stay outside it (in the margin)
        xs = [v for s in long_lines for v in (s.x0, s.x1)]
        ys = [v for s in long_lines for v in (s.y0, s.y1)]
        wx0, wx1, wy0, wy1 = min(xs), max(xs), min(ys), max(ys)
        for t in ticks:
            mx, my = (t.x0 + t.x1) / 2, (t.y0 + t.y1) / 2
            assert not (wx0 < mx < wx1 and wy0 < my < wy1)
            assert SAFE_MARGIN <= mx <= page.width - SAFE_MARGIN
            assert SAFE_MARGIN <= my <= page.height - SAFE_MARGIN


@pytest.mark.parametrize("name", ["letter", "a4-fold"])
def test_no_tile_is_more_than_half_blank(kits, name):
    folder, _ = kits[name]
    doc = pdfium.PdfDocument(str(folder / "map-tiled.pdf"))
    try:
        for i in range(len(doc)):
            img = doc[i].render(scale=0.25).to_pil().convert("L")
            w, h = img.size
            m = round(30 * 0.25)                        # the tile margin
            px = list(img.crop((m, m, w - m, h - m)).tobytes())
            inked = sum(1 for v in px if v < 250) / len(px)
            assert inked >= 0.5, (i, inked)
    finally:
        doc.close()


def test_a_tall_grid_moves_the_legend_beside_it(tmp_path):
    game = _grid_model(tmp_path, 14, 14, 0.8)
    assert not _errors(game, "sheet-fit")
    content, _ = load(game)
    geo = MapGeometry(content)
    assert geo.legend.beside
    out = tmp_path / "out"
    build_kit(game, out, only={"map"})
    page = pm.read_pdf(out / "map.pdf")[0]
    grid_right = (geo.ox + geo.gw)
    title = [r for r in page.runs if r.size >= 12]      # the title block's title
    assert title and all(r.x > grid_right for r in title)
    assert pm.min_font_size(out / "map.pdf") >= 6


def test_cards_too_big_for_any_page_are_a_check_finding_before_the_build():
    content, source = load(BERING, ["game.components.card_in=[8.5,11]"])
    found = [f for f in check_model(content, source).findings if f.code == "card-fit"]
    assert found and found[0].severity == "error" and "printable margin" in found[0].message


@pytest.mark.parametrize("name", BUILDS)
def test_counter_crop_marks_stay_outside_the_pieces_and_inside_the_printable_area(kits, name):
    folder, b = kits[name]
    content, _ = load(BERING)
    size = content.game.components.counter_in * 72
    for page in pm.read_pdf(folder / "counters.pdf"):
        x0, y0, x1, y1 = _trim(page, b)
        pieces_ = [(r[0] + b, r[1] + b, r[2] - b, r[3] - b) for r in page.rects
                   if abs(r[2] - r[0] - size - 2 * b) < 0.01 and abs(r[3] - r[1] - size - 2 * b) < 0.01]
        assert pieces_
        marks = [s for s in page.segs if not s.clipped and abs(s.width - 0.25) < 1e-6
                 and math.hypot(s.x1 - s.x0, s.y1 - s.y0) <= 9 + 1e-6]
        assert any(abs(s.x0 - s.x1) < 1e-6 for s in marks)
        assert any(abs(s.y0 - s.y1) < 1e-6 for s in marks)
        for s in marks:
            for x, y in ((s.x0, s.y0), (s.x1, s.y1)):
                assert x0 + SAFE_MARGIN - 1e-6 <= x <= x1 - SAFE_MARGIN + 1e-6
                assert y0 + SAFE_MARGIN - 1e-6 <= y <= y1 - SAFE_MARGIN + 1e-6
            mx, my = (s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2
            for px0, py0, px1, py1 in pieces_:
                assert not (px0 < mx < px1 and py0 < my < py1)
