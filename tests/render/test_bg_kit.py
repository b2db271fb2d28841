"""Iron Quarters' kit (content/bg): the player aid on three pages with the production chart, the
time table and the build points track; the booklet says the HQs, reserves and markers."""
from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

BG = Path(__file__).resolve().parents[2] / "content" / "bg"


def test_the_player_aid_is_three_pages_with_the_production_chart_and_time_table(genkit, tmp_path):
    code, out, err = genkit("build", BG, "--out", tmp_path / "kit", "--only", "player-aid,rules")
    assert code == 0, err
    aid = PdfReader(tmp_path / "kit" / "player-aid.pdf")
    assert len(aid.pages) == 3
    first = aid.pages[0].extract_text()
    assert "PRODUCTION CHART" in first and "TIME TABLE" in first and "1 BP, once lost" in first
    assert "BUILD POINTS TRACK" in aid.pages[2].extract_text()
    sequence = aid.pages[1].extract_text()
    assert "Allied Reserves" in sequence and "units with an HQ" in sequence.replace("Units", "units")
    booklet = " ".join(p.extract_text() for p in PdfReader(tmp_path / "kit" / "rules.pdf").pages)
    assert "3.1 Markers" in booklet and "Reserves." in booklet
