"""Helpers of the publishing tests: the bundled games, and the words of a PDF with their boxes as a
real client (poppler's pdftotext) reads them."""
from __future__ import annotations

import html
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
GAMES = ("bering_land", "brannock_ford", "memoir44")


@dataclass(frozen=True)
class Word:
    page: int
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    page_w: float
    page_h: float


def pdf_words(pdf: Path) -> list[Word]:
    """Every word of ``pdf`` with its box in points, y down from the page's top (pdftotext -bbox)."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    words, page, w, h = [], 0, 0.0, 0.0
    for line in out.splitlines():
        m = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', line)
        if m:
            page, w, h = page + 1, float(m[1]), float(m[2])
            continue
        m = re.search(r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*)</word>', line)
        if m:
            words.append(Word(page, html.unescape(m[5]), *map(float, m.groups()[:4]), w, h))
    return words


# the PDF operator reader of the render tests (fills, strokes, text runs in points, y down)
import sys as _sys  # noqa: E402
_sys.path.insert(0, str(ROOT / "tests" / "render"))
