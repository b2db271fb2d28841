"""A top-down picture of a TTS saved object, composed from its JSON alone.

No Tabletop Simulator runs here, so this is how a person checks the export by eye: every object
of the bag is drawn at its Transform (x to the right, z up the picture) at its size, showing the
face TTS would show (a tile or deck turned over, rotZ 180, shows its back). Reading positions,
sizes and image URLs from the JSON, not from genkit's model, is the point: what is wrong in the
file is wrong in the picture.
"""

from __future__ import annotations

import io
from pathlib import PurePosixPath

from ..render.raster import png_bytes

PX_PER_UNIT = 48
MARGIN = 20
DIE_COLOUR = "#f4f1e6"


def _image(url: str, images: dict):
    from PIL import Image
    name = PurePosixPath(url.replace("\\", "/")).name
    return Image.open(io.BytesIO(images[name])).convert("RGB")


def _face_down(obj: dict) -> bool:
    return abs(abs(obj["Transform"].get("rotZ", 0.0)) - 180.0) < 1e-6


def _picture(obj: dict, images: dict):
    """The image an object shows from above, or None (dice are drawn as labelled squares)."""
    name = obj["Name"]
    if name == "Custom_Board":
        return _image(obj["CustomImage"]["ImageURL"], images)
    if name == "Custom_Tile":
        ci = obj["CustomImage"]
        return _image(ci["ImageSecondaryURL"] if _face_down(obj) else ci["ImageURL"], images)
    if name in ("DeckCustom", "Card"):
        deck = next(iter(obj["CustomDeck"].values()))
        return _image(deck["BackURL"], images) if _face_down(obj) else None
    return None


def _box(obj: dict, pic) -> tuple[float, float, float, float]:
    """(centre x, centre z, width, depth) in table units."""
    t = obj["Transform"]
    w = t["scaleX"]
    if pic is not None:
        d = w * pic.height / pic.width
    else:
        w = d = 0.8 * t["scaleX"]
    return t["posX"], t["posZ"], w, d


def preview_png(save: dict, images: dict) -> bytes:
    """The preview as PNG bytes: ``images`` maps image file names to PNG bytes."""
    from PIL import Image, ImageDraw
    objects = save["ObjectStates"][0]["ContainedObjects"]
    drawn = []
    for obj in objects:
        pic = _picture(obj, images)
        drawn.append((obj, pic, _box(obj, pic)))
    xs = [b[0] - b[2] / 2 for _, _, b in drawn] + [b[0] + b[2] / 2 for _, _, b in drawn]
    zs = [b[1] - b[3] / 2 for _, _, b in drawn] + [b[1] + b[3] / 2 for _, _, b in drawn]
    left, top = min(xs), max(zs)
    size = (int((max(xs) - left) * PX_PER_UNIT) + 2 * MARGIN, int((top - min(zs)) * PX_PER_UNIT) + 2 * MARGIN)
    canvas = Image.new("RGB", size, "#3b3b3b")
    pen = ImageDraw.Draw(canvas)
    for obj, pic, (x, z, w, d) in drawn:
        px = MARGIN + (x - w / 2 - left) * PX_PER_UNIT
        py = MARGIN + (top - (z + d / 2)) * PX_PER_UNIT
        pw, ph = max(1, round(w * PX_PER_UNIT)), max(1, round(d * PX_PER_UNIT))
        if pic is not None:
            canvas.paste(pic.resize((pw, ph), Image.LANCZOS), (round(px), round(py)))
        else:
            pen.rectangle([px, py, px + pw, py + ph], fill=DIE_COLOUR, outline="#000000")
            pen.text((px + 3, py + 3), obj["Name"].replace("Die_", "d"), fill="#000000")
    return png_bytes(canvas)


def thumbnail(png: bytes, edge: int = 256) -> bytes:
    """The preview shrunk to ``edge`` pixels on its long side: the picture TTS shows beside a
    saved object of the same name."""
    from PIL import Image
    img = Image.open(io.BytesIO(png)).convert("RGB")
    img.thumbnail((edge, edge), Image.LANCZOS)
    return png_bytes(img)
