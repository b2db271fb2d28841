"""Rasterise the same page from the PDF (poppler) and from the SVG (librsvg) and check
that text lands at the same place: ink boxes agree, baselines are where the layout
says.  Needs pdftoppm and rsvg-convert (skipped otherwise)."""

import subprocess

import pytest

from genkit.render.draw import Group, Page, Rect, Text
from genkit.render.geometry import bounds
from genkit.render.pdf import write_pdf
from genkit.render.svg import write_svg

from render_helpers import need_tool

DPI = 144
K = DPI / 72.0

TEXTS = [
    Text(20, 40, "HEXMAP 1234", 20, "sans"),
    Text(20, 90, "HEXMAP 1234", 20, "sans-bold"),
    Text(20, 140, "HEXMAP 1234", 20, "condensed-bold"),
    Text(300, 190, "MIDDLE", 16, "sans", anchor="middle"),
    Text(380, 240, "END", 16, "sans-bold", anchor="end"),
    Text(100, 330, "ROTATED", 16, "condensed-bold", rotate=30),
]
EXTRA = [Group([Rect(0, 0, 60, 30, fill="#000000", stroke=None)], translate=(300, 300),
               rotate=15, clip=Rect(0, 0, 40, 30))]
PAGE = Page(400, 400, TEXTS + EXTRA)


def _pgm(data: bytes):
    # binary PGM "P5\n<w> <h>\n255\n" + rows
    parts = data.split(b"\n", 3)
    assert parts[0] == b"P5"
    w, h = map(int, parts[1].split())
    return w, h, parts[3]


def _raster_pdf(path):
    out = subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-singlefile", str(path)],
                         check=True, capture_output=True).stdout
    return _pgm(out)


def _ink_box(img, region):
    w, h, px = img
    x0, y0, x1, y1 = (int(v * K) for v in region)
    xs, ys = [], []
    for y in range(max(y0, 0), min(y1, h)):
        row = px[y * w:(y + 1) * w]
        for x in range(max(x0, 0), min(x1, w)):
            if row[x] < 128:
                xs.append(x)
                ys.append(y)
    assert xs, f"no ink in {region}"
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


@pytest.fixture(scope="module")
def rasters(tmp_path_factory):
    need_tool("pdftoppm")
    need_tool("rsvg-convert")
    d = tmp_path_factory.mktemp("visual")
    pdf = write_pdf([PAGE], d / "page.pdf", title="visual")
    svg = write_svg(PAGE, d / "page.svg")
    # librsvg renders the SVG (fonts, anchors, transforms); its PDF output is then
    # rasterised by the same poppler so only the SVG interpretation differs.
    via = d / "svg.pdf"
    subprocess.run(["rsvg-convert", "-f", "pdf", "-o", str(via), str(svg)], check=True)
    return _raster_pdf(pdf), _raster_pdf(via)


def test_same_raster_size(rasters):
    a, b = rasters
    assert a[:2] == b[:2] == (int(400 * K), int(400 * K))


@pytest.mark.parametrize("item", TEXTS + EXTRA, ids=lambda t: getattr(t, "font", "clip-group"))
def test_pdf_and_svg_ink_agree(rasters, item):
    x0, y0, x1, y1 = bounds(item)
    region = (x0 - 4, y0 - 4, x1 + 4, y1 + 4)
    a = _ink_box(rasters[0], region)
    b = _ink_box(rasters[1], region)
    # 2 px = 1 pt.  librsvg/pango lays out rotated text with advances rounded in user
    # space, so a rotated string may come out up to ~2 pt shorter; its start and
    # baseline still match.
    tol = 4 if getattr(item, "rotate", 0) else 2
    assert all(abs(p - q) <= tol for p, q in zip(a, b)), (a, b)
    assert abs(a[0] - b[0]) <= 2 and abs(a[1] - b[1]) <= 2


@pytest.mark.parametrize("item", TEXTS[:5], ids=lambda t: f"{t.font}-{t.anchor}")
def test_baseline_and_anchor_match_layout(rasters, item):
    # capitals and digits sit on the baseline; ink spans the advance width
    for img in rasters:
        x0, y0, x1, y1 = bounds(item)
        bx0, by0, bx1, by1 = _ink_box(img, (x0 - 4, y0 - 4, x1 + 4, y1 + 4))
        assert abs(by1 - item.y * K) <= 1.5
        assert abs(bx0 - x0 * K) <= 4 and abs(bx1 - x1 * K) <= 4
