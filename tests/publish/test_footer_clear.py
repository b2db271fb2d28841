"""Finding 1: every word of every page of every bundled kit lies at least a quarter inch from the
paper's edge (the trimmed edge on a print shop's bleed sheet), the tiled map aside (its tiles are cut
and taped: their edges are not the paper's)."""
from __future__ import annotations

import pytest

from publish_helpers import GAMES, pdf_words

QUARTER_INCH = 18.0
ROUNDING = 0.02     # pdftotext prints boxes to 1/1000 pt; a word set exactly at 18 pt reads 17.999


def _trim(folder, pdf):
    """The trim box (x, y, w, h) of every page, y down, from the kit's manifest."""
    import json
    manifest = json.loads((folder / "manifest.json").read_text())
    entry = next(c for c in manifest["components"] if c["file"] == pdf.name)
    return entry.get("bleed_in", 0.0) * 72


@pytest.mark.parametrize("paper", ["letter", "a4", "a4-bleed"])
@pytest.mark.parametrize("game", GAMES)
def test_every_word_a_quarter_inch_from_the_edge(kits, game, paper):
    folder = kits[game][paper]
    measured = 0
    for pdf in sorted(folder.glob("*.pdf")):
        if pdf.name == "map-tiled.pdf":
            continue
        bleed = _trim(folder, pdf)
        for w in pdf_words(pdf):
            gaps = {"left": w.x0 - bleed, "top": w.y0 - bleed, "right": w.page_w - bleed - w.x1,
                    "bottom": w.page_h - bleed - w.y1}
            side, gap = min(gaps.items(), key=lambda kv: kv[1])
            assert gap >= QUARTER_INCH - ROUNDING, \
                f"{pdf.name} page {w.page}: '{w.text}' {gap:.2f} pt from the {side} edge"
            measured += 1
    assert measured > 500      # the kit's words were read, footers included
