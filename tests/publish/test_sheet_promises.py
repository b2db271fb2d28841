"""What a sheet says it has, it has (issue 28, finding 4), measured on the PDF: its words
(pdftotext) against its drawing operators."""
from __future__ import annotations

import pytest

from publish_helpers import GAMES, pdf_words

GREY = (0.604, 0.604, 0.604)      # the cut lines' #9a9a9a


@pytest.mark.parametrize("paper", ["letter", "a4", "a4-bleed"])
@pytest.mark.parametrize("game", GAMES)
def test_finding_4_the_counter_sheet_draws_the_lines_it_says_to_cut_along(kits, game, paper):
    from pdf_paths import painted_paths
    pdf = kits[game][paper] / "counters.pdf"
    words = pdf_words(pdf)
    for n, paths in enumerate(painted_paths(pdf), 1):
        text = " ".join(w.text for w in words if w.page == n)
        grey = [p for p in paths if p.stroked and p.stroke == GREY and len(p.points) == 2]
        marks = [p for p in paths if p.stroked and p.stroke == (0.0, 0.0, 0.0) and len(p.points) == 2]
        if "FRONTS" not in text:
            continue
        if "grey lines" in text:
            assert len(grey) >= 4, (paper, n)                  # a line along every row and column
        else:
            assert not grey and "crop marks" in text and "past each cut" in text, (paper, n)
            assert len(marks) >= 8                             # the crop marks it points to
        assert ("grey lines" in text) == (paper != "a4-bleed")


A3_PT = (297 / 25.4 * 72, 420 / 25.4 * 72)
A4_PT = (595.276, 841.89)


@pytest.mark.parametrize("game", GAMES)
def test_finding_5_an_a4_kit_whose_map_exceeds_a3_says_to_print_the_tiles(kits, game):
    """--paper a4: the map sheet (17 x 11 in, wider than A3's 16.54 in) fits A3, or its own page
    says, in words a buyer reads, to print the tiled map on A4; the tiled map is there, on A4."""
    import json

    from pypdf import PdfReader
    folder = kits[game]["a4"]
    box = PdfReader(folder / "map.pdf").pages[0].mediabox
    w, h = sorted((float(box.width), float(box.height)))
    fits = w <= A3_PT[0] + 0.5 and h <= A3_PT[1] + 0.5
    text = " ".join(x.text for x in pdf_words(folder / "map.pdf"))
    manifest = {c["kind"]: c for c in json.loads((folder / "manifest.json").read_text())["components"]}
    if not fits:
        assert "larger than A3: on A4 print map-tiled.pdf" in text
        assert manifest["map"]["fits_a3"] is False and manifest["map"]["print_instead"] == "map-tiled.pdf"
    tiles = PdfReader(folder / "map-tiled.pdf").pages
    assert all(sorted((float(p.mediabox.width), float(p.mediabox.height))) == pytest.approx(sorted(A4_PT), abs=0.5)
               for p in tiles)
    # a Letter kit keeps its Tabloid map as it was
    assert "larger than A3" not in " ".join(x.text for x in pdf_words(kits[game]["letter"] / "map.pdf"))
