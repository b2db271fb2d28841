"""The players' documents the online exports carry: the player aid (its Combat Results Table,
tracks and charts) and the rules booklet, as the print kit lays them out (:mod:`genkit.render.aid`,
:mod:`genkit.render.booklet`), both as PDFs and as one PNG a page.

VASSAL shows the PDFs from its Help menu and the aid's pages in a Charts window (:mod:`.vassal`);
Tabletop Simulator gets each page as a tile beside the board (:mod:`.tts`)."""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from ..render.aid import aid_pages
from ..render.booklet import rules_booklet
from ..render.layout import SheetStyle
from ..render.pdf import pdf_bytes
from ..render.raster import png_bytes

#: the pages' resolution: readable on screen, small enough for TTS's textures
PAGE_DPI = 110


@dataclass(frozen=True)
class Document:
    """One document: ``key`` ("player-aid", "rules"), its title, the PDF, and a PNG per page."""
    key: str
    title: str
    pdf: bytes
    pages: tuple[bytes, ...] = field(repr=False)

    def page_name(self, n: int) -> str:
        """The image file name of page ``n`` (1-based)."""
        return f"{self.key}-{n}.png"


def _pngs(pdf: bytes, dpi: float) -> tuple[bytes, ...]:
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    try:
        out = []
        for i in range(len(doc)):
            page = doc[i]
            out.append(png_bytes(page.render(scale=dpi / 72.0).to_pil().convert("RGB")))
            page.close()
        return tuple(out)
    finally:
        doc.close()


def documents(content, source, content_root, dpi: float = PAGE_DPI) -> list[Document]:
    """The player aid and (when the game has a rules.md) the rules booklet, on Letter paper."""
    g = content.game
    style = SheetStyle("letter", 0, g.version, source.sha256, g.title)
    aid = pdf_bytes(aid_pages(content, style, content_root), title=f"{g.title} - player aid",
                    subject=f"{g.title} {g.version}: player aid")
    out = [Document("player-aid", "Player aid", aid, _pngs(aid, dpi))]
    booklet = rules_booklet(content, source, style, content_root)
    if booklet is not None:
        out.append(Document("rules", "Rules of play", booklet.pdf, _pngs(booklet.pdf, dpi)))
    return out
