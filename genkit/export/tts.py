"""A Tabletop Simulator Saved Object of the game: one Bag holding the board, every counter as a
two-sided tile, the deck of cards and the dice, with the images they show.

TTS reads a saved object from ``<TTS data>/Saves/Saved Objects/`` (JSON in the save-file
envelope, ``ObjectStates`` holding the one Bag). Images are referred to by URL: a base URL the
designer hosts them under (``--image-base-url``) or, without one, ``file:///`` paths on this
machine, which only this machine can load.

What TTS needs and this module guarantees (tests/export/test_tts.py checks each):

* a card deck is cut from sheets of at most 10 x 7 cards whose pixel size is an exact multiple
  of the card; card ``i`` of sheet ``k`` is ``CardID = k * 100 + i`` (left to right, top to
  bottom) and ``DeckIDs`` lists the cards in deck order; ``BackIsHidden`` is true so hands show
  the back, not a blank last slot;
* images are RGB PNG no larger than 4096 pixels a side;
* GUIDs are six hex digits derived from the game and the object, unique in the file, so the same
  content gives the same file.

The world scale (table units per inch) has not been measured in a real TTS; it is the one
constant :data:`UNITS_PER_INCH`. Objects carry their intended table positions (the board at the
centre, set-up counters on their hexes or spaces; a board of several sheets lays its maps
left to right, the first at the centre); TTS puts what is taken out of a bag at the bag, and the
preview (:mod:`.tts_preview`) draws them where they are meant to go.
"""

from __future__ import annotations

import hashlib
import io
import json

from .artwork import Artwork
from ..render.raster import png_bytes
from .tts_sheets import MAX_EDGE as MAX_TEXTURE, card_sheets

#: table units per inch of the printed game (not calibrated in a real TTS)
UNITS_PER_INCH = 1.0
#: how thick a counter tile is, in table units
TILE_THICKNESS = 0.1
#: standard TTS dice by number of faces
STANDARD_DICE = {4: "Die_4", 6: "Die_6", 8: "Die_8", 10: "Die_10", 12: "Die_12", 20: "Die_20"}
SPARE_GAP_IN = 0.15


class Guids:
    """Six-hex-digit GUIDs from the game id and an object key: stable, and unique in a file."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self.used: set[str] = set()

    def __call__(self, key: str) -> str:
        n = 0
        while True:
            g = hashlib.sha256(f"{self.game_id}:{key}:{n}".encode()).hexdigest()[:6]
            if g not in self.used:
                self.used.add(g)
                return g
            n += 1


def _transform(x: float = 0.0, z: float = 0.0, y: float = 1.0, scale: float = 1.0,
               rot_y: float = 180.0, rot_z: float = 0.0) -> dict:
    return {"posX": round(x, 4), "posY": round(y, 4), "posZ": round(z, 4), "rotX": 0.0,
            "rotY": rot_y, "rotZ": rot_z, "scaleX": round(scale, 4), "scaleY": 1.0,
            "scaleZ": round(scale, 4)}


def _object(name: str, guid: str, nickname: str, transform: dict, **extra) -> dict:
    obj = {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname,
           "Description": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False,
           "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
           "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}
    obj.update(extra)
    return obj


def saved_object(art: Artwork, content, url) -> tuple[dict, dict]:
    """The saved object's JSON (as a dict) and the images it needs (file name -> PNG bytes).
    ``url(name)`` gives the URL under which an image file will be found."""
    guid = Guids(art.game_id)
    images = {m.image: board_image(art, m) for m in art.maps}
    objects = [_board(art, guid, url, m, i) for i, m in enumerate(art.maps)]
    objects += _counters(art, guid, url, images)
    key = 1
    for n, d in enumerate(art.decks):
        deck, sheets, key = _deck(art, d, n, key, guid, url)
        objects.append(deck)
        images.update(sheets)
    objects += _dice(art, content, guid)
    objects += _documents(art, guid, url, images)
    bag = _object("Bag", guid("bag"), art.title, _transform(y=1.5), Bag={"Order": 0},
                  MaterialIndex=-1, MeshIndex=-1, ContainedObjects=objects,
                  Description=f"{art.title} {art.version}: board, counters, cards and dice (genkit)")
    save = {"SaveName": art.title, "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
            "LuaScript": "", "LuaScriptState": "", "TabStates": {}, "ObjectStates": [bag]}
    return save, images


def _documents(art: Artwork, guid, url, images: dict) -> list[dict]:
    """The player aid's and the rules booklet's pages, a tile each, in two rows below the board
    (TTS's own PDF object is not part of the saved-object format genkit writes)."""
    out = []
    k = table_scale(art)
    page_w = 8.5 * UNITS_PER_INCH                 # a Letter page, upright, as printed
    for row, doc in enumerate(art.documents):
        for n, data in enumerate(doc.pages, 1):
            name = doc.page_name(n)
            images[name] = data
            x = (n - (len(doc.pages) + 1) / 2) * (page_w + 0.5)
            z = -(max(m.height for m in art.maps) * k / 2 + 7 + row * 12 * UNITS_PER_INCH)
            out.append(_object("Custom_Tile", guid(f"{doc.key}-{n}"), f"{doc.title}, page {n}",
                               _transform(x, z, y=1.0, scale=page_w, rot_y=0.0),
                               CustomImage={"ImageURL": url(name), "ImageSecondaryURL": url(name),
                                            "ImageScalar": 1.0, "WidthScale": 0.0,
                                            "CustomTile": {"Type": 0, "Thickness": TILE_THICKNESS,
                                                           "Stackable": False, "Stretch": True}}))
    return out


def board_image(art: Artwork, m=None) -> bytes:
    """A map for the table (``m``: which; the first by default): the kit's image, shrunk to TTS's
    4096 pixels a side when a high --dpi made it larger (the board keeps its size on the table;
    only its texture is smaller)."""
    m = m or art.map
    data = art.images[m.image]
    if max(m.width, m.height) <= MAX_TEXTURE:
        return data
    from PIL import Image
    img = Image.open(io.BytesIO(data))
    img.thumbnail((MAX_TEXTURE, MAX_TEXTURE), Image.LANCZOS)
    return png_bytes(img)


def table_scale(art: Artwork) -> float:
    """Table units per image pixel (every image is drawn at the artwork's ppi)."""
    return UNITS_PER_INCH / art.ppi


def _board(art: Artwork, guid, url, m, i: int) -> dict:
    k = table_scale(art)
    width = m.width * k
    key = "board" if i == 0 else f"board:{m.sheet}"
    return _object("Custom_Board", guid(key), m.name if len(art.maps) > 1 else "Map",
                   _transform(x=board_x(art, m), y=0.5, scale=width, rot_y=0.0),
                   Locked=True, CustomImage={"ImageURL": url(m.image), "ImageSecondaryURL": "",
                                             "WidthScale": 0.0})


#: the gap between two maps of one board on the table, inches
MAP_GAP_IN = 1.0


def board_x(art: Artwork, m) -> float:
    """Table x of a map's centre: the first at the origin, each next one to its right."""
    k = table_scale(art)
    x = 0.0
    for a, b in zip(art.maps, art.maps[1:]):
        if a is m:
            break
        x += (a.width + b.width) / 2 * k + MAP_GAP_IN * UNITS_PER_INCH
    return x


def board_xz(art: Artwork, px: float, py: float, m=None) -> tuple[float, float]:
    """Table (x, z) of pixel (px, py) of map ``m`` (the first by default): the first map's centre
    is the table's origin, +z is the top of the image (away from the player)."""
    m = m or art.map
    k = table_scale(art)
    return board_x(art, m) + (px - m.width / 2) * k, (m.height / 2 - py) * k


def _tile(art: Artwork, kind, guid, key: str, url, x: float, z: float) -> dict:
    size = art.counter_px * table_scale(art)
    return _object("Custom_Tile", guid(key), kind.name, _transform(x, z, y=1.0, scale=size, rot_y=0.0),
                   Description=f"flip (F) for the {kind.back_label} face",
                   CustomImage={"ImageURL": url(kind.front), "ImageSecondaryURL": url(kind.back),
                                "ImageScalar": 1.0, "WidthScale": 0.0,
                                "CustomTile": {"Type": 0, "Thickness": TILE_THICKNESS,
                                               "Stackable": True, "Stretch": True}})


def _counters(art: Artwork, guid, url, images: dict) -> list[dict]:
    """Set-up counters on their hexes; the others below the board, kind after kind, in rows as
    wide as the board."""
    out = []
    k = table_scale(art)
    size = art.counter_px * k
    step = size + SPARE_GAP_IN * UNITS_PER_INCH
    per_row = max(1, int((art.map.width * k + SPARE_GAP_IN * UNITS_PER_INCH) // step))
    left, top = -art.map.width * k / 2 + size / 2, -art.map.height * k / 2 - step
    n = 0
    for kind in art.counters:
        images[kind.front] = art.images[kind.front]
        images[kind.back] = art.images[kind.back]
        for i, hex_id in enumerate(kind.setup):
            m = art.map_of(hex_id)
            x, z = board_xz(art, *m.spaces[hex_id], m)
            out.append(_tile(art, kind, guid, f"{kind.key}:setup:{i}", url, x, z))
        for i in range(kind.spare):
            row, col = divmod(n, per_row)
            out.append(_tile(art, kind, guid, f"{kind.key}:spare:{i}", url, left + col * step, top - row * step))
            n += 1
    return out


def _deck(art: Artwork, d, n: int, first_key: int, guid, url) -> tuple[dict, dict, int]:
    """Deck ``d`` (the ``n``-th), face down (rotZ 180) and shuffled when it is loaded, beside
    the board, with its card sheets (CustomDeck keys from ``first_key``; the next free one is
    returned)."""
    sheets = card_sheets(d, art.images, first_key, "cards" if n == 0 else f"cards-{d.id}")
    w_px, h_px = d.card_px
    k = table_scale(art)
    last = art.maps[-1]
    x = board_x(art, last) + last.width * k / 2 + w_px * k * (1 + 2 * n)
    custom = {str(s.key): {"FaceURL": url(s.name), "BackURL": url(d.back),
                           "NumWidth": s.cols, "NumHeight": s.rows, "BackIsHidden": True,
                           "UniqueBack": False, "Type": 0} for s in sheets}
    cards, ids = [], []
    for s in sheets:
        for i, card in enumerate(s.cards):
            cid = s.key * 100 + i
            ids.append(cid)
            cards.append(_object("Card", guid(f"card:{card.id}"), card.name,
                                 _transform(x, 0, y=1.0, scale=w_px * k, rot_z=180.0), CardID=cid,
                                 CustomDeck={str(s.key): custom[str(s.key)]}, Hands=True))
    if len(cards) == 1:                 # a deck of one card is that card: TTS's decks hold two or more
        deck = cards[0]
    else:
        deck = _object("DeckCustom", guid("deck" if n == 0 else f"deck:{d.id}"), f"{d.name} deck",
                       _transform(x, 0, y=1.0, scale=w_px * k, rot_z=180.0),
                       DeckIDs=ids, CustomDeck=custom, ContainedObjects=cards, Hands=False,
                       SidewaysCard=False, LuaScript="function onLoad() self.shuffle() end")
    images = {s.name: s.png for s in sheets}
    images[d.back] = art.images[d.back]
    return deck, images, first_key + len(sheets)


def _dice(art: Artwork, content, guid) -> list[dict]:
    """The CRT's die (one per die of crt.dice), and each symbol die as a standard die whose
    description names its faces."""
    k = table_scale(art)
    x = -art.map.width * k / 2 - UNITS_PER_INCH
    out = []
    if content.crt is not None and content.crt.die_faces in STANDARD_DICE:
        n = content.crt.die_faces
        out.append(_object(STANDARD_DICE[n], guid("die:crt"), f"d{n}", _transform(x, 0, y=1.5)))
        for k in range(1, content.crt.dice):            # the other dice of a sum (2d6)
            out.append(_object(STANDARD_DICE[n], guid(f"die:crt:{k}"), f"d{n}", _transform(x, -k, y=1.5)))
    for i, die in enumerate(content.dice):
        n = len(die.faces)
        if n not in STANDARD_DICE:
            continue
        faces = ", ".join(f"{j} = {f.name}" for j, f in enumerate(die.faces, 1))
        out.append(_object(STANDARD_DICE[n], guid(f"die:{die.id}"), die.name,
                           _transform(x, -(i + 1) * 1.5 * UNITS_PER_INCH, y=1.5),
                           Description=f"{die.name}: {faces}"))
    return out


def json_bytes(save: dict) -> bytes:
    """The saved object as TTS writes it (indented JSON, UTF-8), the same bytes each time."""
    return (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8")

