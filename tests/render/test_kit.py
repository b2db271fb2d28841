"""The print-and-play kit (issue 3), checked on the files it writes.

Sizes, counts and the duplex registration are read back from the PDFs (pypdf: page
boxes, text, and the painted rectangles of each page's content stream), never from
the layout code's own constants; expected values come from the model."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from genkit.model.load import ContentError, load
from genkit.pack.printable import build_kit
from genkit.render.kit import KINDS, kit_digest

from render_helpers import need_tool

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"
LETTER = (612.0, 792.0)
A4 = (595.276, 841.89)


@pytest.fixture(scope="module")
def model():
    return load(BERING)


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit") / "bering_land"
    manifest = build_kit(BERING, out, png=True)
    return out, manifest


@pytest.fixture(scope="module")
def kit_again(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit2") / "bering_land"
    build_kit(BERING, out, png=True)
    return out


@pytest.fixture(scope="module")
def kit_a4_fold_bleed(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit3") / "bl"
    manifest = build_kit(BERING, out, paper="a4", counters="fold", bleed_in=0.125,
                         only={"map", "counters", "cards", "player-aid"})
    return out, manifest


def _component(manifest, kind):
    return next(c for c in manifest["components"] if c["kind"] == kind)


# --------------------------------------------------------------------------- PDF reading

def _mul(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D,
            a * E + c * F + e, b * E + d * F + f)


def painted_rects(page):
    """Filled rectangles painted on a PDF page: [(x0, y0, x1, y1, fill rgb)] in PDF
    user space (y up), with the current transformation matrix applied."""
    cs = ContentStream(page.get_contents(), page.pdf)
    ctm = (1, 0, 0, 1, 0, 0)
    fill = (0.0, 0.0, 0.0)
    stack = []
    path = []
    out = []
    for operands, op in cs.operations:
        if op == b"q":
            stack.append((ctm, fill))
        elif op == b"Q":
            ctm, fill = stack.pop()
        elif op == b"cm":
            ctm = _mul(ctm, tuple(float(v) for v in operands))
        elif op == b"rg":
            fill = tuple(round(float(v), 3) for v in operands)
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            pts = []
            for px, py in ((x, y), (x + w, y + h)):
                a, b, c, d, e, f = ctm
                pts.append((a * px + c * py + e, b * px + d * py + f))
            path.append((min(p[0] for p in pts), min(p[1] for p in pts),
                         max(p[0] for p in pts), max(p[1] for p in pts)))
        elif op in (b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"):
            out += [(round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2), fill)
                    for x0, y0, x1, y1 in path]
            path = []
        elif op in (b"n", b"S", b"s", b"W n", b"m", b"l") and op in (b"n", b"S", b"s"):
            path = []
    return out


def squares(page, size, tol=0.01):
    return [r for r in painted_rects(page)
            if abs((r[2] - r[0]) - size) < tol and abs((r[3] - r[1]) - size) < tol]


def pdf_text(path):
    return [p.extract_text() for p in PdfReader(path).pages]


def box(page, name):
    return [float(v) for v in page[name]]


# --------------------------------------------------------------------------- files & manifest

def test_files_and_manifest(kit, model):
    out, manifest = kit
    content, source = model
    on_disk = json.loads((out / "manifest.json").read_text())
    assert on_disk == manifest
    assert manifest["game"] == content.game.id
    assert manifest["version"] == content.game.version
    assert manifest["content_sha256"] == kit_digest(source, BERING)   # the YAML and rules.md
    # every component but the dice sheet: Bering Land rolls no symbol dice
    assert [c["kind"] for c in manifest["components"]] == [k for k in KINDS if k != "dice"]
    for comp in manifest["components"]:
        reader = PdfReader(out / comp["file"])
        assert len(reader.pages) == comp["pages"]
        svgs = comp["svg"]   # the booklet too: one SVG per page, like every component
        assert len(comp["png"]) == comp["pages"] and len(svgs) == comp["pages"]
        for f in svgs + comp["png"]:
            assert (out / f).is_file()
    # only the (empty) lock file of genkit.atomic.replaced_folder stays beside the output
    assert [p.name for p in out.parent.glob(".bering_land.*")] == [".bering_land.lock"], \
        "temporary folders left behind"


def test_counts_match_the_model(kit, model):
    _, manifest = kit
    content, _ = model
    pieces = sum(len(g.setup) + g.reserve for g in content.counters.units) + \
        sum(m.count for m in content.counters.markers)
    cards = content.deck("ability").size_of_deck
    assert _component(manifest, "counters")["pieces"] == pieces == content.game.components.pieces
    assert _component(manifest, "cards")["cards"] == cards == content.game.components.cards


def test_map_is_one_sheet_at_full_size(kit, model):
    out, _ = kit
    content, _ = model
    w, h = content.game.components.map_sheet_in
    r = PdfReader(out / "map.pdf")
    assert len(r.pages) == 1
    assert box(r.pages[0], "/MediaBox") == [0, 0, w * 72, h * 72] == [0, 0, 1224, 792]


def test_every_sheet_says_print_at_100_and_version(kit, model):
    out, manifest = kit
    content, source = model
    for comp in manifest["components"]:
        for i, text in enumerate(pdf_text(out / comp["file"])):
            flat = " ".join(text.split())
            assert "Print at 100%" in flat, (comp["file"], i)
            assert kit_digest(source, BERING)[:7] in flat, (comp["file"], i)
            assert f"version {content.game.version}" in flat, (comp["file"], i)


# --------------------------------------------------------------------------- counters

def test_counters_measure_counter_in_and_register_for_duplex(kit, model):
    out, manifest = kit
    content, _ = model
    size = content.game.components.counter_in * 72
    assert size == 54
    r = PdfReader(out / "counters.pdf")
    assert len(r.pages) == 2
    W = float(r.pages[0].mediabox.width)
    assert [float(v) for v in r.pages[0].mediabox] == [0, 0, *LETTER]
    fronts = squares(r.pages[0], size)
    backs = squares(r.pages[1], size)
    pieces = _component(manifest, "counters")["pieces"]
    assert len(fronts) == len(backs) == pieces
    # each back sits at the mirrored position of a front (long-edge flip of a portrait
    # sheet mirrors x), and a side's full colour backs onto that side's reduced colour
    colours = {}
    for s in content.game.sides:
        colours[tuple(round(int(s.colour.full[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))] = \
            tuple(round(int(s.colour.reduced[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
    back_at = {(round(x0, 1), round(y0, 1)): fill for x0, y0, x1, y1, fill in backs}
    for x0, y0, x1, y1, fill in fronts:
        mirrored = (round(W - x1, 1), round(y0, 1))
        assert mirrored in back_at, (x0, y0)
        if fill in colours:
            assert back_at[mirrored] == colours[fill]
    text = " ".join(pdf_text(out / "counters.pdf")[0].split())
    assert "LONG edge" in text and "1 inch" in text


def test_calibration_square_on_every_counter_sheet(kit):
    out, _ = kit
    for text in pdf_text(out / "counters.pdf"):
        assert "1 inch" in text


# --------------------------------------------------------------------------- cards

def test_cards_are_poker_size_and_each_sheet_of_fronts_is_followed_by_its_backs(kit, model):
    out, manifest = kit
    content, _ = model
    cw, ch = (v * 72 for v in content.game.components.card_in)
    assert (cw, ch) == (180, 252)
    r = PdfReader(out / "cards.pdf")
    n = _component(manifest, "cards")["cards"]
    per_page = []
    for p in r.pages:   # cards upright or turned a quarter on the sheet
        per_page.append(len([x for x in painted_rects(p)
                             if {round(x[2] - x[0], 2), round(x[3] - x[1], 2)} == {cw, ch}]))
    assert len(r.pages) % 2 == 0
    assert per_page[0::2] == per_page[1::2]          # a back for every front, page after page
    assert sum(per_page[0::2]) == n
    names = {a.name for a in content.deck("ability").cards}
    all_text = " ".join(" ".join(t.split()) for t in pdf_text(out / "cards.pdf"))
    for name in names:
        assert name in all_text


# --------------------------------------------------------------------------- determinism, failure

def _digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_same_content_same_bytes(kit, kit_again):
    a, b = _digest(kit[0]), _digest(kit_again)
    assert a == b
    assert any(k.endswith(".png") for k in a) and any(k.endswith(".svg") for k in a)


def test_broken_model_raises_and_keeps_previous_build(tmp_path, kit):
    out = tmp_path / "build"
    shutil.copytree(kit[0], out)
    before = _digest(out)
    broken = tmp_path / "broken"
    shutil.copytree(BERING, broken)
    units = broken / "units.yaml"
    units.write_text(units.read_text().replace("movement: 3", "movement: three", 1))
    with pytest.raises(ContentError) as exc:
        build_kit(broken, out)
    assert "movement" in str(exc.value)
    assert _digest(out) == before
    # a consistency error (a set-up hex off the map) is refused too
    shutil.copytree(BERING, broken, dirs_exist_ok=True)
    units.write_text(units.read_text().replace('"0305"', '"9999"', 1))
    with pytest.raises(ContentError):
        build_kit(broken, out)
    assert _digest(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken", "build"]


def test_bad_arguments_are_value_errors(tmp_path):
    for kw in ({"paper": "legal"}, {"counters": "zigzag"}, {"only": {"posters"}}, {"bleed_in": 2}):
        with pytest.raises(ValueError):
            build_kit(BERING, tmp_path / "x", **kw)
    assert not (tmp_path / "x").exists()


# --------------------------------------------------------------------------- a4, fold, bleed

def test_a4_fold_and_bleed(kit_a4_fold_bleed, model):
    out, manifest = kit_a4_fold_bleed
    content, _ = model
    assert [c["kind"] for c in manifest["components"]] == ["map", "counters", "cards", "player-aid"]
    assert not (out / "map-tiled.pdf").exists()
    b = 0.125 * 72
    for comp in manifest["components"]:
        assert comp["bleed_in"] == 0.125
        r = PdfReader(out / comp["file"])
        for p in r.pages:
            media = box(p, "/MediaBox")
            trim = box(p, "/TrimBox")
            bleed = box(p, "/BleedBox")
            assert bleed == pytest.approx(media)
            assert trim == pytest.approx([b, b, media[2] - b, media[3] - b])
            tw, th = trim[2] - trim[0], trim[3] - trim[1]
            if comp["kind"] == "map":
                assert (tw, th) == pytest.approx((1224, 792))
            else:
                assert (tw, th) == pytest.approx(A4, abs=1e-3)
    counters = _component(manifest, "counters")
    assert counters["layout"] == "fold" and counters["pieces"] == content.game.components.pieces
    r = PdfReader(out / "counters.pdf")
    size = content.game.components.counter_in * 72
    # with bleed the art runs past the cut: each piece's background is size + 2 * bleed
    for p in r.pages:
        art = squares(p, size + 2 * b)
        W = float(p.mediabox.width)
        pos = sorted({(x0, y0) for x0, y0, *_ in art})
        left = [(x0, y0) for x0, y0 in pos if x0 + (size + 2 * b) / 2 < W / 2]
        assert left and len(left) * 2 == len(pos)
        for x0, y0 in left:   # fold layout: the back mirrors the front about the fold
            want = (W - x0 - (size + 2 * b), y0)
            assert any(abs(x - want[0]) < 0.05 and abs(y - want[1]) < 0.05 for x, y in pos)
    assert "FOLD" in pdf_text(out / "counters.pdf")[0]


# --------------------------------------------------------------------------- external tools

def _pdfs(kit):
    return sorted(kit[0].glob("*.pdf"))


def test_qpdf_check(kit):
    need_tool("qpdf")
    for pdf in _pdfs(kit):
        res = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        assert res.returncode == 0, (pdf.name, res.stdout, res.stderr)


def test_fonts_embedded(kit):
    need_tool("pdffonts")
    for pdf in _pdfs(kit):
        lines = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True,
                               text=True).stdout.splitlines()[2:]
        assert lines, pdf.name
        for ln in lines:
            assert ln.split()[-5] == "yes", (pdf.name, ln)   # the "emb" column


def test_ghostscript_renders(kit):
    need_tool("gs")
    for pdf in _pdfs(kit):
        res = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=nullpage", str(pdf)],
                             capture_output=True, text=True)
        assert res.returncode == 0 and "Error" not in res.stdout + res.stderr, pdf.name


def test_rsvg_renders_every_svg(kit, tmp_path):
    need_tool("rsvg-convert")
    svgs = sorted((kit[0] / "svg").glob("*.svg"))
    assert svgs
    for svg in svgs:
        res = subprocess.run(["rsvg-convert", "-f", "png", "-z", "0.25", "-o",
                              str(tmp_path / "x.png"), str(svg)], capture_output=True, text=True)
        assert res.returncode == 0, (svg.name, res.stderr)


# --------------------------------------------------------------------------- draw_board

def test_draw_board_puts_counters_on_hexes(model):
    from genkit.render.map import draw_board
    content, source = model
    pieces = [("us-inf-1", "0305", "us", "inf", False, None),
              ("ru-hvy_mobile-1", "1805", "ru", "hvy_mobile", True, 3)]
    page = draw_board(content, pieces, source.sha256)
    w, h = content.game.components.map_sheet_in
    assert (page.width, page.height) == (w * 72, h * 72)
    empty = draw_board(content, [], source.sha256)
    assert len(page.items) > len(empty.items)
    with pytest.raises(ValueError):
        draw_board(content, [("x", "9999", "us", "inf", False, None)])


def test_tiled_map_holds_the_map_once_shown_on_every_tile(kit):
    tiles = PdfReader(kit[0] / "map-tiled.pdf")
    forms = {tuple(sorted((k, v.idnum) for k, v in p["/Resources"]["/XObject"].items()))
             for p in tiles.pages}
    assert len(tiles.pages) > 1 and len(forms) == 1  # every tile shows the one form
    (name, _), = next(iter(forms))
    form = tiles.pages[0]["/Resources"]["/XObject"][name].get_data()
    sheet = PdfReader(kit[0] / "map.pdf").pages[0].get_contents().get_data()
    assert len(form) > 0.9 * len(sheet)  # the whole map drawing is in the form ...
    for page in tiles.pages:
        own = page.get_contents().get_data()
        assert f"{name} Do".encode() in own
        assert len(own) < 0.05 * len(form)  # ... and no tile draws it again
