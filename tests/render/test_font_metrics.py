"""The bundled fonts' metrics shipped in genkit/fonts/metrics.json (genkit/render/font_metrics.py)
are those reportlab reads from each TTF, so a layout measured with them is the layout measured
with the TTF read whole; a TTF whose bytes no longer match is read whole again."""
from __future__ import annotations

import json

import pytest

from genkit.render import font_metrics, fonts


def _reportlab_face(filename: str):
    from reportlab.pdfbase.ttfonts import TTFont
    return TTFont(filename, str(fonts.FONT_DIR / filename)).face


@pytest.mark.parametrize("filename", [f for _, f in fonts.FONT_FILES.values()])
def test_the_shipped_metrics_are_what_reportlab_reads_from_the_font(filename):
    shipped = font_metrics.shipped(filename)
    written = json.loads(font_metrics.METRICS_FILE.read_text())
    if written["reportlab"] != font_metrics._reportlab_version():
        assert shipped is None          # another reportlab: the TTF is read, as before
        return
    assert written["fonts"][filename] == font_metrics.measured(filename), \
        "genkit/fonts/metrics.json is out of date: run python -m genkit.render.font_metrics"
    face = _reportlab_face(filename)
    assert shipped.charWidths == face.charWidths
    assert (shipped.defaultWidth, shipped.ascent, shipped.descent) == (face.defaultWidth, face.ascent, face.descent)


def test_a_font_whose_bytes_changed_is_measured_from_its_ttf(monkeypatch):
    filename = fonts.FONT_FILES["sans"][1]
    data = json.loads(font_metrics.METRICS_FILE.read_text())
    data["reportlab"] = font_metrics._reportlab_version()
    data["fonts"][filename]["sha256"] = "0" * 64
    data["fonts"][filename]["widths"] = [[65, [1]]]        # 'A' 1 unit wide, were it believed
    monkeypatch.setattr(font_metrics, "_read", data)
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")
    assert font_metrics.shipped(filename) is None
    fonts.metrics.cache_clear()
    try:
        assert fonts.metrics("sans").face.charWidths[65] == _reportlab_face(filename).charWidths[65] > 1
    finally:
        fonts.metrics.cache_clear()
