"""Pixels from the one drawing path: primitives -> PDF (:mod:`.pdf`) -> PNG through pypdfium2.

The online exports (``genkit export``) need images of the map, the counter faces and the cards
that are the printed kit's own drawings, at a resolution the caller chooses and with pixel sizes
it can rely on (a VASSAL grid origin on a whole pixel, card sheets that are exact multiples of
the card). :func:`raster` draws any list of primitives into an image of an exact pixel size, with
an optional sub-pixel shift, so callers never resample an image after it is drawn.
"""

from __future__ import annotations

import io

from .draw import Group, Page, Primitive, Rect
from .pdf import pdf_bytes


def raster(items: list[Primitive] | tuple, width_pt: float, height_pt: float, px_w: int, px_h: int,
           shift_pt: tuple[float, float] = (0.0, 0.0), background: str = "#ffffff"):
    """An RGB :class:`PIL.Image.Image` of exactly ``px_w`` x ``px_h`` pixels showing the
    ``width_pt`` x ``height_pt`` drawing ``items`` (y down, points), moved by ``shift_pt``
    points first. The page is rendered at ``px_w / width_pt`` pixels per point horizontally
    and ``px_h / height_pt`` vertically (the caller picks sizes that keep them equal)."""
    import pypdfium2 as pdfium
    body = [Rect(0, 0, width_pt, height_pt, fill=background, stroke=None),
            Group(tuple(items), translate=shift_pt)]
    page = Page(width_pt, height_pt, tuple(body))
    doc = pdfium.PdfDocument(pdf_bytes([page], title="raster", keywords=[]))
    try:
        pg = doc[0]
        img = pg.render(scale=px_w / width_pt, may_draw_forms=True).to_pil()
        pg.close()
    finally:
        doc.close()
    img = img.convert("RGB")
    if img.size != (px_w, px_h):   # pdfium rounds the page size; the caller's size is the truth
        canvas = _blank(px_w, px_h, background)
        canvas.paste(img.crop((0, 0, min(px_w, img.width), min(px_h, img.height))), (0, 0))
        img = canvas
    return img


def _blank(w: int, h: int, colour: str):
    from PIL import Image
    return Image.new("RGB", (w, h), colour)


def png_bytes(img) -> bytes:
    """PNG bytes of ``img``, the same bytes for the same pixels (no time or text chunks)."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False)
    return buf.getvalue()
