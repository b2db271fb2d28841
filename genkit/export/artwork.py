"""Everything the online exports show, drawn once by the kit's renderer: the map with its grid
placement in pixels, every counter kind with its two faces, every card and the card back.

Both writers (:mod:`.vassal`, :mod:`.tts`) take images from here, never draw their own, so a
change to a counter template reaches the print kit and the online games together. Images are
PNG (RGB) at one resolution for the whole game: a counter on the VASSAL map is as big, in map
pixels, as it is on the printed map.

The resolution is the requested dpi nudged so that a hex is an even number of pixels across the
flats. With that, and the map drawn shifted by less than a pixel so that the grid's origin is a
whole pixel, VASSAL's integer hex maths (``x0``/``y0`` integers, half a hex as ``(int)(dy/2)``)
lands on genkit's own hex centres to within a pixel.

Any other board (issue 24) is drawn one image per sheet of the board (:class:`MapArt` each, in
``Artwork.maps``), with every space's centre in that image's pixels: a square grid at a whole
even number of pixels a square, its first square's centre on a whole pixel (VASSAL's square
grid), an octagon or drawn board at the dpi asked (VASSAL's irregular grid of named points).
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
from dataclasses import dataclass, field

from ..hexes import format_hex_id
from ..pack.printable import load_printable
from ..render import cards as render_cards
from ..render import counters as render_counters
from ..render.draw import INCH
from ..render.kit import kit_digest
from ..render.layout import SheetStyle
from ..render.draw import Page
from ..render.map import MapGeometry, drawn_map, map_sheets
from ..render.map_board import BoardGeometry
from ..render.map_connections import board_of, is_hex
from ..render.raster import png_bytes, raster
from .documents import documents

#: the largest image edge any export writes (TTS loads up to 4096 reliably; VASSAL tiles maps)
MAX_EDGE = 8192


@dataclass(frozen=True)
class GridPlacement:
    """A hex grid in map pixels, in VASSAL's terms (see :mod:`.vassal`).

    ``sideways``: pointy hexes (VASSAL swaps x and y before its maths, so ``x0``/``dx`` are
    along the screen's y axis). ``x0``/``y0``: the centre of VASSAL's raw hex (0, 0), whole
    pixels. ``dx``: spacing of VASSAL columns; ``dy``: hex size across the flats (even).
    ``col_off``/``row_off``: the model's column and row of raw hex (0, 0).
    ``centres``: every hex id of the model -> its exact centre (x, y) in map pixels."""
    sideways: bool
    x0: int
    y0: int
    dx: float
    dy: float
    col_off: int
    row_off: int
    centres: dict = field(repr=False)


@dataclass(frozen=True)
class SquarePlacement:
    """A square grid in map pixels, in VASSAL's terms: ``x0``/``y0`` the centre of the first
    square (column 1, row 1), whole pixels; ``d`` a square's side (whole, even)."""
    x0: int
    y0: int
    d: float


@dataclass(frozen=True)
class MapArt:
    """One map image: a hex grid's (``grid``), or a sheet of another board (``grid`` None;
    ``square`` on a square grid). ``spaces``: every space drawn on it -> its centre (x, y) in
    its pixels; ``sheet`` / ``name``: the board's sheet; ``board``: the board's layout."""
    image: str
    width: int
    height: int
    grid: GridPlacement | None
    sheet: str = "map"
    name: str = "Map"
    board: str = "hex"
    spaces: dict = field(default_factory=dict, repr=False)
    square: SquarePlacement | None = None


@dataclass(frozen=True)
class CounterKind:
    """One kind of counter: a side's unit type, or a marker group. ``setup`` holds a hex id per
    piece that starts on the map; ``spare`` counts the others (reserve, markers)."""
    key: str
    name: str
    kind: str                # "unit" | "marker"
    side: str | None
    front: str               # image names
    back: str
    back_label: str          # what the back face is called ("reduced", "back")
    setup: tuple = ()
    spare: int = 0


@dataclass(frozen=True)
class CardArt:
    id: str
    name: str
    image: str


@dataclass(frozen=True)
class DeckArt:
    """One deck for the online tables: its id and name, every card (each copy), its back, its
    card size in pixels."""
    id: str
    name: str
    cards: list
    back: str
    card_px: tuple


@dataclass
class Artwork:
    """The game's export material: ``images`` maps an image file name to its PNG bytes."""
    game_id: str
    title: str
    version: str
    ppi: float
    map: MapArt                      # the first (a hex grid's only) map
    counters: list
    cards: list
    card_back: str | None
    counter_px: int
    card_px: tuple
    images: dict = field(default_factory=dict)
    maps: list = field(default_factory=list)     # every map, one per sheet of the board
    decks: list = field(default_factory=list)     # DeckArt of every deck (cards, card_back: the first's)
    documents: list = field(default_factory=list)    # the player aid and the rules (:mod:`.documents`)

    def map_of(self, space_id: str) -> MapArt:
        """The map a space is drawn on."""
        return next(m for m in self.maps if space_id in m.spaces)


def pixels_per_inch(content, dpi: float) -> float:
    """``dpi`` nudged so that a hex (a square, an ox) is an even whole number of pixels across the
    flats; a drawn board's is ``dpi``."""
    g = content.map.grid
    if g is None:
        return float(dpi)
    flats = g.cell_size_in
    px = max(2, 2 * round(flats * dpi / 2))
    return px / flats


def load_artwork(content_path, dpi: float, overrides=(), pieces: bool = True) -> Artwork:
    """Load and check the game at ``content_path`` and draw its export images at about ``dpi``
    (``pieces=False``: the map alone, no counters or cards). Raises
    :class:`~genkit.model.load.ContentError` for bad content and ValueError when an image
    would be too large."""
    checked = load_printable(content_path, overrides)
    content = checked.content
    source = dataclasses.replace(checked.source, sha256=kit_digest(checked.source, content_path))
    ppi = pixels_per_inch(content, dpi)
    g = content.game
    art = Artwork(g.id, g.title, g.version, ppi, None, [], [], None,
                  _even(g.components.counter_in * ppi), tuple(round(v * ppi) for v in g.components.card_in))
    if is_hex(content):
        art.map = _map_art(content, source, ppi, art.images)
        art.maps = [art.map]
    else:
        art.maps = [_sheet_art(content, source, ppi, art.images, sheet) for sheet in map_sheets(content)]
        art.map = art.maps[0]
    if pieces:
        art.counters = _counter_kinds(content, content_path, art)
        art.decks = [_card_art(content, deck, content_path, art, checked.laid.cards) for deck in content.decks]
        if art.decks:
            art.cards, art.card_back, art.card_px = art.decks[0].cards, art.decks[0].back, art.decks[0].card_px
        art.documents = documents(content, source, content_path)
    return art


def _even(v: float) -> int:
    """The nearest even whole number (a counter centred on a whole pixel stays whole)."""
    return max(2, 2 * round(v / 2))


def _map_art(content, source, ppi: float, images: dict) -> MapArt:
    """The map as the kit draws it, without the print footer ("print at 100%" means nothing on a
    screen): the sheet's drawing alone."""
    style = SheetStyle("letter", 0, content.game.version, source.sha256, content.game.title)
    w, h = content.game.components.map_sheet_in
    page = Page(w * INCH, h * INCH, tuple(drawn_map(content, style.version_text)), title="map")
    k = ppi / INCH                                   # pixels per point
    w_px, h_px = round(page.width * k), round(page.height * k)
    if max(w_px, h_px) > MAX_EDGE:
        raise ValueError(f"the map would be {w_px} x {h_px} pixels at {ppi:.0f} dpi; "
                         f"lower --dpi (at most {MAX_EDGE} pixels a side)")
    grid, shift_pt = grid_placement(content, k)
    img = raster(page.items, w_px / k, h_px / k, w_px, h_px, shift_pt)
    images["map.png"] = png_bytes(img)
    return MapArt("map.png", w_px, h_px, grid, spaces=grid.centres)


def _sheet_art(content, source, ppi: float, images: dict, sheet: str) -> MapArt:
    """One sheet of a board that is not a hex grid, and its spaces' centres in its pixels."""
    style = SheetStyle("letter", 0, content.game.version, source.sha256, content.game.title)
    w, h = content.game.components.map_sheet_in     # the sheet's drawing alone, as _map_art's
    page = Page(w * INCH, h * INCH, tuple(drawn_map(content, style.version_text, sheet)), title="map")
    k = ppi / INCH
    w_px, h_px = round(page.width * k), round(page.height * k)
    if max(w_px, h_px) > MAX_EDGE:
        raise ValueError(f"the map would be {w_px} x {h_px} pixels at {ppi:.0f} dpi; "
                         f"lower --dpi (at most {MAX_EDGE} pixels a side)")
    geo = BoardGeometry(content, sheet)
    board = board_of(content)
    shift = (0.0, 0.0)
    square = None
    if board.layout == "square":                 # the first square's centre on a whole pixel
        ox, oy = (v * k for v in geo.centre_of(board.id_of(0)))
        shift = (round(ox) - ox, round(oy) - oy)
        square = SquarePlacement(round(ox), round(oy), float(round(content.map.grid.size_in * ppi)))
    spaces = {s.id: (geo.pt(s.centre)[0] * k + shift[0], geo.pt(s.centre)[1] * k + shift[1])
              for s in geo.spaces() if s.centre is not None}
    img = raster(page.items, w_px / k, h_px / k, w_px, h_px, (shift[0] / k, shift[1] / k))
    name = "map.png" if len(board.sheets) == 1 else f"map-{sheet}.png"
    images[name] = png_bytes(img)
    return MapArt(name, w_px, h_px, None, geo.sheet.id, geo.sheet.name, board.layout, spaces, square)


def grid_placement(content, k: float) -> tuple[GridPlacement, tuple[float, float]]:
    """The grid in pixels and the sub-pixel shift (points) that puts its origin on whole pixels."""
    g = content.map.grid
    geo = MapGeometry(content)
    flat = g.orientation == "flat"
    first = 1 if g.shift.startswith("even") else 0     # the model's line of raw hex (0, 0)
    col0, row0 = (first, 1) if flat else (1, first)
    ox, oy = (v * k for v in geo.centre(col0, row0))
    sx, sy = round(ox) - ox, round(oy) - oy
    dy = float(round(g.hex_size_in * k * INCH))     # even: pixels_per_inch makes it so
    centres = {}
    for r in range(1, g.rows + 1):
        for c in range(1, g.columns + 1):
            cx, cy = geo.centre(c, r)
            centres[format_hex_id(c, r)] = (cx * k + sx, cy * k + sy)
    x0, y0 = (round(ox), round(oy)) if flat else (round(oy), round(ox))
    placement = GridPlacement(not flat, x0, y0, dy * math.sqrt(3) / 2, dy, col0, row0, centres)
    return placement, (sx / k, sy / k)


class _Faces:
    """Faces drawn so far: the same primitives are one image, whoever shows them."""

    def __init__(self, art: Artwork):
        self.art = art
        self.by_items: dict[str, str] = {}

    def image(self, items: tuple, stem: str, w_pt: float, h_pt: float, px: tuple) -> str:
        """The name of the image of ``items`` (drawn ``w_pt`` x ``h_pt`` points into ``px``
        pixels): ``<stem>.png``, or ``<stem>-<hash>.png`` when another face took that name."""
        key = repr(items)
        if key not in self.by_items:
            name = f"{stem}.png"
            if name in self.art.images:
                name = f"{stem}-{hashlib.sha256(key.encode()).hexdigest()[:8]}.png"
            self.art.images[name] = png_bytes(raster(items, w_pt, h_pt, *px))
            self.by_items[key] = name
        return self.by_items[key]


def _counter_kinds(content, content_root, art: Artwork) -> list[CounterKind]:
    """One kind per side (and nation, on a side of nations) and unit type and per marker group,
    faces from the kit's counters."""
    drawn = render_counters.pieces(content, content_root)
    s = render_counters.counter_size(content)
    px = (art.counter_px, art.counter_px)
    faces_ = _Faces(art)
    kinds: dict[str, CounterKind] = {}
    it = iter(drawn)
    for side in content.game.sides:
        for group in (u for u in content.counters.units if u.side == side.id):
            n = len(group.setup) + group.reserve
            faces = [next(it) for _ in range(n)]
            if not faces:
                continue
            nation = next((x for x in side.nations if x.id == group.nation), None) if group.nation else None
            key = f"{side.id}-{nation.id}-{group.type}" if nation else f"{side.id}-{group.type}"
            front = faces_.image(faces[0].front, f"{key}-front", s, s, px)
            back = faces_.image(faces[0].back, f"{key}-back", s, s, px)
            old = kinds.get(key)
            owner = (nation.adjective or nation.name) if nation else side.adjective
            name = f"{owner} {content.unit_type(group.type).name}"
            kinds[key] = CounterKind(key, name, "unit", side.id, front, back, "reduced",
                                     (old.setup if old else ()) + tuple(group.setup),
                                     (old.spare if old else 0) + group.reserve)
    for m in content.counters.markers:
        faces = [next(it) for _ in range(m.count)]
        front = faces_.image(faces[0].front, f"{m.id}-front", s, s, px)
        back = faces_.image(faces[0].back, f"{m.id}-back", s, s, px)
        kinds[m.id] = CounterKind(m.id, m.name, "marker", m.side, front, back, "back", (), m.count)
    return _unique_names(list(kinds.values()), content)


def _unique_names(kinds: list[CounterKind], content) -> list[CounterKind]:
    """Names that tell every kind apart in the palette and on the table: a name two kinds share
    (each side's copy of a marker, markers of one track) gets the side's adjective in front,
    then the front face's label after it, then the marker's id."""
    labels = {m.id: m.front.label for m in content.counters.markers}

    def candidates(k: CounterKind) -> list[str]:
        adj = f"{content.side(k.side).adjective} " if k.side else ""
        names = [k.name, f"{adj}{k.name}"]
        if k.key in labels:
            names.append(f"{adj}{k.name} {labels[k.key]}")
        return names + [f"{adj}{k.name} [{k.key}]"]

    options = [candidates(k) for k in kinds]
    level = [0] * len(kinds)
    while True:
        names = [o[min(i, len(o) - 1)] for o, i in zip(options, level)]
        clash = [j for j, n in enumerate(names) if names.count(n) > 1 and level[j] < len(options[j]) - 1]
        if not clash:
            return [dataclasses.replace(k, name=n) for k, n in zip(kinds, names)]
        for j in clash:
            level[j] += 1


def _card_art(content, deck, content_root, art: Artwork, laid: dict) -> DeckArt:
    """Every card of ``deck`` (each copy) and its back, from the kit's card faces (``laid``: as
    the drawing checks laid them out); a second deck's images are named after it."""
    w, h = render_cards.card_size(content, deck)
    px = tuple(round(v / 72 * art.ppi) for v in (w, h))
    faces = _Faces(art)
    names = {c.id: c.name for c in deck.cards}
    first = deck is content.decks[0]
    stem = "card" if first else f"card-{deck.id}"
    out = []
    for card in render_cards.cards(content, deck, content_root, laid):
        image = faces.image(card.face, f"{stem}-{card.card}", w, h, px)
        out.append(CardArt(card.id if first else f"{deck.id}-{card.id}", names.get(card.card, card.card), image))
    back = faces.image(tuple(render_cards.card_back(content, deck, content_root)), f"{stem}-back", w, h, px)
    return DeckArt(deck.id, deck.title.strip(), out, back, px)

