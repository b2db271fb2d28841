"""Card sheets for Tabletop Simulator: the deck's faces pasted into grids TTS cuts back apart.

TTS cuts a sheet into ``NumWidth`` x ``NumHeight`` equal cells, so a sheet must be exactly that
many card images wide and high (a sheet one pixel off shifts every cut). Sheets hold at most
10 x 7 cards (TTS's own template) and stay within 4096 pixels a side.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from ..render.raster import png_bytes

MAX_COLS, MAX_ROWS, MAX_EDGE = 10, 7, 4096


@dataclass(frozen=True)
class Sheet:
    key: int            # the CustomDeck key: card i of this sheet is CardID key * 100 + i
    name: str           # image file name
    cols: int
    rows: int
    cards: tuple        # CardArt, left to right then top to bottom
    png: bytes


def sheet_grid(n: int, card_px: tuple[int, int]) -> tuple[int, int]:
    """(columns, rows) of a sheet of ``n`` cards: as wide as allowed, as few rows as needed."""
    cols = min(n, MAX_COLS, max(1, MAX_EDGE // card_px[0]))
    return cols, math.ceil(n / cols)


def per_sheet(card_px: tuple[int, int]) -> int:
    """How many cards one sheet holds at this card size."""
    cw, ch = card_px
    if cw > MAX_EDGE or ch > MAX_EDGE:
        raise ValueError(f"a card of {cw} x {ch} pixels is larger than TTS loads ({MAX_EDGE}); "
                         "lower --dpi")
    return min(MAX_COLS, MAX_EDGE // cw) * min(MAX_ROWS, MAX_EDGE // ch)


def card_sheets(deck, images: dict, first_key: int = 1, stem: str = "cards") -> list[Sheet]:
    """The cards of ``deck`` (a :class:`~.artwork.DeckArt`) on as few sheets as they fit, keyed
    from ``first_key``, named ``<stem>-<key>.png`` (``images``: the artwork's, by name)."""
    from PIL import Image
    cw, ch = deck.card_px
    step = per_sheet(deck.card_px)
    out = []
    for key, start in enumerate(range(0, len(deck.cards), step), first_key):
        chunk = tuple(deck.cards[start:start + step])
        cols, rows = sheet_grid(len(chunk), deck.card_px)
        sheet = Image.new("RGB", (cols * cw, rows * ch), "#ffffff")
        for i, card in enumerate(chunk):
            face = Image.open(io.BytesIO(images[card.image])).convert("RGB")
            sheet.paste(face, ((i % cols) * cw, (i // cols) * ch))
        out.append(Sheet(key, f"{stem}-{key}.png", cols, rows, chunk, png_bytes(sheet)))
    return out
