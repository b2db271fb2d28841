"""genkit build --since OLD: the booklet marks the rule cases changed since with a bar in the left
margin (issue 28), measured on the PDF's own drawing operators."""
from __future__ import annotations

import json
import shutil

import pytest

import pdf_measure as pm
from publish_helpers import ROOT, pdf_words
from test_diff import _update

BERING = ROOT / "content" / "bering_land"


def _bars(page):
    """The change bars of a page: black filled rects 2 pt wide in the left margin."""
    return [r for r in page.rects if abs((r[2] - r[0]) - 2.0) < 0.01 and r[2] < 58 and r[4] == (0.0, 0.0, 0.0)]


@pytest.fixture(scope="module")
def since(tmp_path_factory):
    base = tmp_path_factory.mktemp("since")
    new = base / "new"
    shutil.copytree(BERING, new)
    _update(new)
    from genkit.pack.printable import build_kit
    from genkit.publish.since import changed_cases
    changed = changed_cases(str(BERING), new)
    build_kit(new, base / "marked", only="rules", changed_cases=changed)
    build_kit(new, base / "plain", only="rules")
    return changed, base


def test_the_cases_changed_are_the_ones_printing_the_changed_values(since):
    changed, _ = since
    assert changed == {"3.3", "9.0.1", "11.3.1"}


def test_each_changed_case_has_a_bar_beside_its_heading_and_no_other_does(since):
    changed, base = since
    pdf = base / "marked" / "rules.pdf"
    pages = pm.read_pdf(pdf)
    words = pdf_words(pdf)
    headings = {}
    for w in words:       # a case heading: its number, alone, at the text's left edge (58 pt)
        if abs(w.x0 - 58) < 1 and w.text.count(".") >= 1 and w.text.replace(".", "").isdigit() and w.page > 1:
            headings.setdefault(w.text, w)
    assert set(changed) <= set(headings)
    for number, w in headings.items():
        bars = _bars(pages[w.page - 1])
        beside = any(b[1] - 0.5 <= w.y0 and w.y1 <= b[3] + 0.5 for b in bars)
        assert beside == (number in changed), number
    manifest = json.loads((base / "marked" / "manifest.json").read_text())
    assert manifest["components"][0]["changed_cases"] == ["3.3", "9.0.1", "11.3.1"]


def test_without_since_no_bar_and_bars_keep_the_quarter_inch(since):
    _, base = since
    assert not any(_bars(p) for p in pm.read_pdf(base / "plain" / "rules.pdf"))
    marked = pm.read_pdf(base / "marked" / "rules.pdf")
    bars = [b for p in marked for b in _bars(p)]
    assert bars and all(b[0] >= 18 for b in bars)


def test_build_since_on_the_command_line(tmp_path, genkit):
    new = tmp_path / "new"
    shutil.copytree(BERING, new)
    _update(new)
    code, out, err = genkit("build", new, "--since", BERING, "--only", "rules", "--out", tmp_path / "k")
    assert code == 0, err
    assert "change bars beside 3 case(s)" in out and "3.3, 9.0.1, 11.3.1" in out
    code, out, err = genkit("build", new, "--since", f"{BERING}@no-such-rev", "--out", tmp_path / "k2")
    assert code == 2 and "no-such-rev" in err and not (tmp_path / "k2").exists()
