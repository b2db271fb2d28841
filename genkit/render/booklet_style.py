"""The look of the rules booklet (:mod:`.booklet`): colours, sizes, paragraph styles and the
fonts, the bundled DejaVu faces and DejaVu Sans Oblique for italics (``genkit/fonts``)."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from . import fonts as _fonts

INK = colors.HexColor("#1a1a1a")
GREY = colors.HexColor("#555555")
ACCENT = colors.HexColor("#2d4a6b")      # rule headings and table heads: a dark slate, no side's colour
SHADE = colors.HexColor("#eef1f5")       # designer's notes, table sub-heads
RULE_LINE = colors.HexColor("#9aa8b8")
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 58.0, 56.0, 52.0
BODY, TABLE_TEXT, NOTE = 9.5, 8.5, 8.0   # points: nothing in the booklet is smaller than NOTE
TABLE_UNIT = 50.0                        # points per relative column width, up to the frame width
SANS, BOLD, ITALIC = "DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"
ITALIC_FILE = "DejaVuSans-Oblique.ttf"

# --------------------------------------------------------------------------- fonts and styles

def register_fonts() -> None:
    _fonts.register_fonts()
    if ITALIC not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(ITALIC, str(_fonts.FONT_DIR / ITALIC_FILE)))
    # <b> and <i> in a paragraph pick these faces (no bold oblique: bold italic prints bold)
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=BOLD, italic=ITALIC, boldItalic=BOLD)
    pdfmetrics.registerFontFamily(BOLD, normal=BOLD, bold=BOLD, italic=BOLD, boldItalic=BOLD)


def _style(name: str, size: float, font: str = SANS, leading: float | None = None, **kw) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=leading or size * 1.32,
                          bulletFontName=SANS, bulletFontSize=size, textColor=kw.pop("textColor", INK), **kw)


STYLES = {
    "title": _style("title", 26, BOLD, 31, textColor=ACCENT, spaceAfter=4),
    "subtitle": _style("subtitle", 13, SANS, 17, textColor=GREY, spaceAfter=2),
    "edition": _style("edition", 9, SANS, 12, textColor=GREY, spaceAfter=14),
    "contents": _style("contents", 13, BOLD, 17, textColor=ACCENT, spaceBefore=6, spaceAfter=8),
    "h1": _style("h1", 14, BOLD, 18, textColor=ACCENT, spaceBefore=14, spaceAfter=5, keepWithNext=1),
    "h2": _style("h2", 10.5, BOLD, 14, spaceBefore=8, spaceAfter=3, keepWithNext=1),
    "h3": _style("h3", BODY, BOLD, 13, spaceBefore=5, spaceAfter=2, keepWithNext=1),
    "body": _style("body", BODY, leading=13, spaceAfter=5),
    "note": _style("note", BODY, leading=13, spaceAfter=3),
    "cell": _style("cell", TABLE_TEXT, leading=10.5),
    "cell_head": _style("cell_head", TABLE_TEXT, BOLD, 10.5, textColor=colors.white),
    "cell_band": _style("cell_band", TABLE_TEXT, BOLD, 10.5),
    "table_title": _style("table_title", 9, BOLD, 12, spaceBefore=4, spaceAfter=3, keepWithNext=1),
    "table_note": _style("table_note", NOTE, leading=10, textColor=GREY),
    "toc0": _style("toc0", BODY, BOLD, 13, leftIndent=0, firstLineIndent=0, spaceBefore=3),
    "toc1": _style("toc1", 8.5, SANS, 11, leftIndent=16, firstLineIndent=0),
}
#: every platypus Table names its font, else reportlab sets (and names, unembedded) Helvetica per cell
FONT_CMD = ("FONTNAME", (0, 0), (-1, -1), SANS)
