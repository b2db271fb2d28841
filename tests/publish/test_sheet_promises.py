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
