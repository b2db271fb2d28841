import io
import re
import subprocess

import pytest
from pypdf import PdfReader

from genkit.render.draw import Page, Rect, Text
from genkit.render.pdf import pdf_bytes, write_pdf

from render_helpers import BLEED, TRIM, build_sample_pages, need_tool


@pytest.fixture
def sample_pdf(tmp_path, sample_pages):
    return write_pdf(sample_pages, tmp_path / "sample.pdf", title="Sample kit",
                     subject="render test", keywords=["wargame", "test"])


def _box(page, name):
    return [float(v) for v in page[name]]


def test_page_count_and_media_boxes(sample_pdf):
    r = PdfReader(sample_pdf)
    assert len(r.pages) == 2
    assert _box(r.pages[0], "/MediaBox") == [0, 0, 1224, 792]
    assert _box(r.pages[1], "/MediaBox") == [0, 0, 612, 792]


def test_trim_and_bleed_boxes(sample_pdf):
    r = PdfReader(sample_pdf)
    p1, p2 = r.pages
    x, y, w, h = TRIM  # y-down in the layout -> y-up in the PDF
    assert _box(p1, "/TrimBox") == pytest.approx([x, 792 - y - h, x + w, 792 - y])
    bx, by, bw, bh = BLEED
    assert _box(p1, "/BleedBox") == pytest.approx([bx, 792 - by - bh, bx + bw, 792 - by])
    # not requested on page 2: absent (boxes must not leak from page to page)
    assert "/TrimBox" not in p2 and "/BleedBox" not in p2


def test_metadata(sample_pdf):
    meta = PdfReader(sample_pdf).metadata
    assert meta.title == "Sample kit"
    assert meta.author == "genkit"
    assert meta.subject == "render test"
    assert "wargame" in meta["/Keywords"]


def test_text_is_extractable(sample_pdf):
    r = PdfReader(sample_pdf)
    text1 = r.pages[0].extract_text()
    for s in ("Bering Land Bridge", "4-3-5 Infantry", "ARMOR 6-4-8", "Print at 100%"):
        assert s in text1
    assert "Page two" in r.pages[1].extract_text()


def test_all_fonts_embedded(sample_pdf):
    need_tool("pdffonts")
    out = subprocess.run(["pdffonts", str(sample_pdf)], check=True, capture_output=True,
                         text=True).stdout
    rows = out.splitlines()[2:]
    names = [row.split()[0] for row in rows]
    assert sorted(n.split("+", 1)[1] for n in names) == [
        "DejaVuSans", "DejaVuSans-Bold", "DejaVuSansCondensed-Bold"]
    for row in rows:
        # columns: name type encoding emb sub uni object ID
        m = re.search(r"\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$", row)
        assert m and m.group(1) == "yes", f"font not embedded: {row}"
    assert "Helvetica" not in out


def test_empty_text_only_pdf_has_no_helvetica(tmp_path):
    # reportlab's initial font must not leak into the file even if a page has no text
    need_tool("pdffonts")
    path = write_pdf([Page(100, 100, [Rect(10, 10, 20, 20)])], tmp_path / "r.pdf", title="r")
    out = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout
    assert len(out.splitlines()) == 2  # header only: no fonts at all


def test_same_pages_give_identical_bytes(tmp_path):
    a = write_pdf(build_sample_pages(), tmp_path / "a.pdf", title="Sample kit")
    b = write_pdf(build_sample_pages(), tmp_path / "b.pdf", title="Sample kit")
    assert a.read_bytes() == b.read_bytes()
    assert pdf_bytes(build_sample_pages(), "Sample kit") == a.read_bytes()
    assert pdf_bytes(build_sample_pages(), "Other title") != a.read_bytes()


def test_y_down_in_content_stream(tmp_path):
    # one page, a rect near the TOP in layout coordinates must end up near the top
    need_tool("pdftoppm")
    path = write_pdf([Page(100, 200, [Rect(0, 0, 100, 20, fill="#000000", stroke=None),
                                      Text(5, 190, "x", 8)])], tmp_path / "y.pdf", title="y")
    pgm = subprocess.run(["pdftoppm", "-r", "72", "-gray", str(path)], check=True,
                         capture_output=True).stdout
    # binary PGM: header "P5\n100 200\n255\n"
    header, data = pgm.split(b"\n255\n", 1)
    assert header.split()[1:3] == [b"100", b"200"]
    assert data[5 * 100 + 50] < 50        # row 5: black (inside the rect)
    assert data[100 * 100 + 50] > 200     # row 100: white


def test_write_pdf_rejects_bad_input(tmp_path):
    with pytest.raises(ValueError):
        write_pdf([], tmp_path / "x.pdf", title="x")
    with pytest.raises(TypeError):
        write_pdf([Rect(0, 0, 1, 1)], tmp_path / "x.pdf", title="x")


def test_special_characters(tmp_path):
    s = "A<&>(x) \\ é – ½ → ★"
    page = Page(300, 50, [Text(5, 30, s, 12)])
    path = write_pdf([page], tmp_path / "s.pdf", title="é – title")
    r = PdfReader(path)
    assert s in r.pages[0].extract_text()
    assert r.metadata.title == "é – title"


def _tiles(share: bool):
    """The sample map on four Letter tiles; ``share``: every tile places the same item list (as
    tiles.tile does), else each its own copy."""
    from genkit.render.draw import Group
    from genkit.render.tiles import tile
    big = build_sample_pages()[0]
    grid = tuple(Rect(40 + 30 * i, 420 + 30 * j, 20, 20, fill="#88aa66") for i in range(30)
                 for j in range(4))  # enough drawing for a form to pay
    pages = tile(big.items + grid, big.width, big.height, 612, 792, auto_orient=True)
    if share:
        return pages
    return [Page(p.width, p.height, tuple(Group(tuple(list(it.items)), it.translate, it.scale,
                                               it.rotate, it.clip)
                                         if isinstance(it, Group) and len(it.items) > 10 else it
                                         for it in p.items), title=p.title) for p in pages]


def test_a_map_placed_on_every_tile_is_written_once_as_a_form(tmp_path):
    shared = pdf_bytes(_tiles(share=True), title="tiles")
    inline = pdf_bytes(_tiles(share=False), title="tiles")
    r = PdfReader(io.BytesIO(shared))
    forms = {tuple(sorted((k, v.idnum) for k, v in page["/Resources"]["/XObject"].items()))
             for page in r.pages}
    assert len(r.pages) > 1 and len(forms) == 1  # every tile shows the same one form
    (name, _), = next(iter(forms))
    for page in r.pages:
        assert f"{name} Do".encode() in page.get_contents().get_data()
    # the grid's 120 squares are written once in all, not once per tile
    streams = [p.get_contents().get_data() for p in r.pages]
    streams += [r.pages[0]["/Resources"]["/XObject"][name].get_data()]
    assert sum(s.count(b"20 20 re") for s in streams) == 120
    r_inline = PdfReader(io.BytesIO(inline))
    assert sum(p.get_contents().get_data().count(b"20 20 re") for p in r_inline.pages) \
        == 120 * len(r.pages)
    # the form draws exactly what the tiles drew inline
    need_tool("pdftoppm")
    a, b = tmp_path / "shared.pdf", tmp_path / "inline.pdf"
    a.write_bytes(shared)
    b.write_bytes(inline)
    for i in range(1, len(r.pages) + 1):
        ra, rb = (subprocess.run(["pdftoppm", "-r", "50", "-f", str(i), "-l", str(i), "-singlefile",
                                  str(f)], check=True, capture_output=True).stdout for f in (a, b))
        assert ra == rb, f"tile {i} differs"


def test_only_lists_worth_a_form_become_one(tmp_path):
    from genkit.render.draw import Group, Polyline
    small = (Rect(0, 0, 4, 4), Rect(1, 1, 2, 2))  # two squares: a form would cost more
    wave = (Polyline([(x, (x % 3) * 1.5) for x in range(20)]),)  # twenty points: worth it
    items = [Group(small, translate=(10 * i, 10)) for i in range(3)]
    items += [Group(wave, translate=(10 * i, 50)) for i in range(3)]
    page = PdfReader(io.BytesIO(pdf_bytes(Page(200, 100, items), title="forms"))).pages[0]
    assert len(page["/Resources"]["/XObject"]) == 1
    assert page.get_contents().get_data().count(b" re") == 6  # the squares drawn in place


LINES = [Text(10, 20, "Plain words", 9), Text(300.5, 40.25, "Centred (in brackets) \\ 100%", 7.5, "sans-bold",
                                                                                   anchor="middle"),
         Text(590, 60, "Right: Ærø – naïve ½ ×3", 6.5, "condensed-bold", anchor="end"),
         Text(100, 100, "Turned ↑ ünïcode", 11, "sans-italic", anchor="middle", rotate=90),
         Text(200, 200, "Turned a little", 8, rotate=-33.3), Text(0.123456789, 1e-3, "ÿ and ā", 12.25)]


def test_text_is_written_as_reportlabs_own_drawing_calls_write_it():
    """The writer writes a text line itself (no text object): the same operators, byte for byte,
    as reportlab's setFont and drawString / drawCentredString / drawRightString, in the same
    font subsets (characters past ASCII on the document's other subset, in order)."""
    from reportlab.pdfgen.canvas import Canvas
    from genkit.render import fonts
    from genkit.render.pdf import _Writer
    fonts.register_fonts()
    ours, theirs = (Canvas(io.BytesIO(), pagesize=(612, 792), bottomup=0, invariant=1) for _ in range(2))
    writer = _Writer(ours)
    for line in LINES:
        writer.items([line])
        name = fonts.rl_font_name(line.font)
        draw = {"start": theirs.drawString, "middle": theirs.drawCentredString,
                "end": theirs.drawRightString}[line.anchor]
        if line.rotate:
            theirs.saveState()
            theirs.translate(line.x, line.y)
            theirs.rotate(line.rotate)
            theirs.setFont(name, line.size)
            draw(0, 0, line.text)
            theirs.restoreState()
        else:
            theirs.setFont(name, line.size)
            draw(line.x, line.y, line.text)
    assert ours._code == theirs._code
    assert (ours._fontname, ours._fontsize, ours._leading) == (theirs._fontname, theirs._fontsize, theirs._leading)
    ours.showPage()
    theirs.showPage()
    assert ours.getpdfdata() == theirs.getpdfdata()


def test_colours_widths_and_moves_are_written_as_reportlabs_own_calls_write_them():
    from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas
    from genkit.render.draw import Group
    from genkit.render.pdf import _Writer, _rgb
    ours, theirs = (Canvas(io.BytesIO(), pagesize=(612, 792), bottomup=0, invariant=1) for _ in range(2))
    _Writer(ours).items([Group((Rect(1, 2, 3, 4, fill="#1a2b3c", stroke="#ff8000", stroke_width=0.35),),
                               translate=(10.5, -3.25)),
                         Group((Rect(0, 0, 5, 5, fill="#ffffff", stroke=None),), translate=(7, 8), rotate=30)])
    theirs.saveState()
    theirs.translate(10.5, -3.25)
    theirs.setFillColorRGB(*_rgb("#1a2b3c"))
    theirs.setStrokeColorRGB(*_rgb("#ff8000"))
    theirs.setLineWidth(0.35)
    theirs.drawPath(_Writer(theirs)._path(Rect(1, 2, 3, 4)), stroke=1, fill=1, fillMode=FILL_NON_ZERO)
    theirs.restoreState()
    theirs.saveState()
    theirs.translate(7, 8)
    theirs.rotate(30)
    theirs.setFillColorRGB(*_rgb("#ffffff"))
    theirs.drawPath(_Writer(theirs)._path(Rect(0, 0, 5, 5)), stroke=0, fill=1, fillMode=FILL_NON_ZERO)
    theirs.restoreState()
    assert ours._code == theirs._code
    for name in ("_fillColorObj", "_strokeColorObj", "_lineWidth", "_currentMatrix"):
        assert getattr(ours, name) == getattr(theirs, name), name
