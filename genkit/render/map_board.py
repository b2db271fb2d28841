"""The map of a board that is not a hex grid, laid out once from the model through
:mod:`genkit.board`: squares, octagons and the diamonds between them, and drawn boards (areas,
sea zones, points and boxes on one or several sheets). Each sheet of the board is one map sheet:
every space with its terrain colour and pattern (so it reads in greyscale), its outline (a box
on white, a point as a dot), the side owning it as a ring in the side's colour, the connections
a player must see (every one that is not two touching spaces joined by plain ``land``: roads,
rails, straits, forbidden borders, and every link between points) drawn by kind, a crossing to
another map as a plate naming the space across, space ids or names, set-up chips, place names
and the legend (:mod:`.legend`, with a key of the connection kinds).

Every label is placed by :func:`sheet_labels`, which the drawing check ``space-labels``
(:mod:`.checks`) reads as well: what is checked is what prints. The hex grid keeps its own
drawing (:mod:`.map`), byte for byte.
"""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence

from ..board import Board, Space
from ..model.schema import Content
from .draw import INCH, Circle, Group, Polygon, Primitive, Rect, Text
from .fonts import cap_height, text_width
from .layout import label_plate, readable_ink
from .map_art import GRID_INK, MIN_TEXT, PAPER_TONE, chip, chip_colours
from .map_marks import feature_badge, feature_ring
from .map_connections import THROUGH, board_of, connection_line, connection_styles, drawn, is_hex, shared_border
from .terrain_art import terrain_area

MARGIN_TOP = 18.0
#: the drawn board's pattern density: a cell this many points across
AREA_CELL = 63.0
BOX_FILL = "#ffffff"
POINT_R = 4.5
#: a drawn board's space names; a grid's ids print at MIN_TEXT
NAME_SIZE = 7.0
NAME_FONT = "sans-bold"
PLATE_PAD = 1.2
CHIP_W, CHIP_H = 24.0, 10.0


# --------------------------------------------------------------------------- the board

def board_words(board: Board) -> str:
    """The manifest's name of the board's kind: its layout (``square``, ``octagon``, ``drawn``)."""
    return board.layout


def cell_points(content: Content) -> float:
    """A cell across, in points (a square, an ox), or the drawn board's pattern cell."""
    g = content.map.grid
    return g.cell_size_in * INCH if g is not None else AREA_CELL


class Placed:
    """The spaces of one sheet of the board placed on a page: the sheet's top-left at (``ox``,
    ``oy``) points; ``only``: just these space ids (the boxes and points beside a hex grid,
    whose hexes :mod:`.map` draws), else every space of the sheet."""

    def __init__(self, content: Content, sheet_id: str | None, ox: float, oy: float, only=None):
        self.content = content
        self.board = board_of(content)
        self.sheet = self.board.sheet(sheet_id) if sheet_id is not None else self.board.sheets[0]
        self.flats = cell_points(content)
        self.ox, self.oy = ox, oy
        self.only = None if only is None else frozenset(only)

    def pt(self, p: Sequence[float]) -> tuple[float, float]:
        return self.ox + p[0] * INCH, self.oy + p[1] * INCH

    def centre_of(self, space_id: str) -> tuple[float, float]:
        return self.pt(self.board.space(space_id).centre)

    def outline(self, s: Space) -> list[tuple[float, float]]:
        return [self.pt(p) for p in s.outline]

    def spaces(self) -> tuple[Space, ...]:
        on = self.board.spaces_on(self.sheet.id)
        return on if self.only is None else tuple(s for s in on if s.id in self.only)


def extra_spaces(content: Content) -> tuple[str, ...]:
    """The spaces a hex grid's board adds beside its hexes (boxes, tracks, points of
    ``map.spaces``), drawn by :func:`space_items`; () for a board of hexes alone."""
    g = content.map.grid
    if not content.map.spaces or g is None or g.kind != "hex":
        return ()
    return tuple(s.id for s in board_of(content).spaces if s.cell is None)


class KeyGeometry:
    """The map's key on a sheet of its own (the legend of a board whose drawing leaves it no room
    on the map sheet): the legend flowed in rows across the sheet's width, from its top."""

    def __init__(self, content: Content):
        from .legend import LEGEND_EDGE, plan_legend
        self.content = content
        self.board = board_of(content)
        self.sheet = self.board.sheets[0]
        self.index = 0
        self.is_key = True
        self.W = content.game.components.map_sheet_in[0] * INCH
        self.H = content.game.components.map_sheet_in[1] * INCH
        self.flats = cell_points(content)
        self.gw, self.gh = self.W - 2 * LEGEND_EDGE, 0.0
        self.ox, self.oy = LEGEND_EDGE, MARGIN_TOP
        self.legend = plan_legend(content, self)


def needs_key(content: Content) -> bool:
    """True when some sheet of the board leaves its legend no room: the key then prints on a
    sheet of its own (:func:`key_items`) and no map sheet carries it."""
    return not is_hex(content) and any(not BoardGeometry(content, s.id, key=False).legend.fits
                                       for s in board_of(content).sheets)


class BoardGeometry(Placed):
    """Where one sheet of the board sits on its map sheet (points): the drawing's top-left at
    (``ox``, ``oy``), ``gw`` x ``gh`` points, the legend under it or beside it. Duck-types the
    hex :class:`~.map.MapGeometry` for the legend and the roads (``W``, ``H``, ``gw``, ``gh``,
    ``ox``, ``oy``, ``flats``, ``centre_of``)."""

    def __init__(self, content: Content, sheet_id: str | None = None, key: bool | None = None):
        from .legend import plan_legend
        super().__init__(content, sheet_id, 0.0, MARGIN_TOP)
        self.key = needs_key(content) if key is None else key     # the legend is on a sheet of its own
        self.index = [s.id for s in self.board.sheets].index(self.sheet.id)
        self.W = content.game.components.map_sheet_in[0] * INCH
        self.H = content.game.components.map_sheet_in[1] * INCH
        self.gw, self.gh = self.sheet.width_in * INCH, self.sheet.height_in * INCH
        self.ox = (self.W - self.gw) / 2
        self.legend = plan_legend(content, self)
        if self.key:
            self.legend = self.legend._replace(fits=True, rows=[], beside=False)
        elif self.legend.beside:
            self.ox = self.legend.grid_x


# --------------------------------------------------------------------------- connections

def _ends(geo: BoardGeometry, s: Space, toward: tuple[float, float]) -> tuple[float, float]:
    """Where a line from a space toward a point starts: a point's dot edge, else its centre."""
    cx, cy = geo.pt(s.centre)
    if s.outline:
        return cx, cy
    ln = math.hypot(toward[0] - cx, toward[1] - cy) or 1.0
    return cx + (toward[0] - cx) / ln * POINT_R, cy + (toward[1] - cy) / ln * POINT_R


def connection_items(geo: BoardGeometry, styles: dict) -> list[Primitive]:
    board = geo.board
    casing, lines = [], []
    for c in board.connections:
        a, b = board.space(c.a), board.space(c.b)
        if a.sheet != geo.sheet.id or (geo.only is not None and not {c.a, c.b} & geo.only) or \
                not drawn(board, c):
            continue
        border = [] if c.path or c.kind in THROUGH else shared_border(a, b)
        if c.path:
            runs = [[geo.pt(p) for p in c.path]]
        elif border:
            runs = [[geo.pt(p), geo.pt(q)] for p, q in border]
        else:
            pa, pb = geo.pt(a.centre), geo.pt(b.centre)
            runs = [[_ends(geo, a, pb), _ends(geo, b, pa)]]
        for pts in runs:
            art = connection_line(pts, styles[c.kind])
            casing += art[:1] if styles[c.kind].casing else []
            lines += art[1:] if styles[c.kind].casing else art
    return casing + lines


# --------------------------------------------------------------------------- labels

class Label(NamedTuple):
    """One text the board prints for a space (its id or name, a place name, a crossing plate),
    where it prints: ``box`` (x0, y0, x1, y1) in page points, plate included."""
    space: str
    role: str                     # "id", "name", "place", "crossing", "setup" (a chip)
    text: str
    size: float
    font: str
    x: float                      # centre
    baseline: float
    box: tuple
    plate: str | None             # the plate's fill (None: bare text)
    ink: str


def _label(space: str, role: str, text: str, size: float, font: str, x: float, baseline: float,
           plate: str | None, ink: str) -> Label:
    w = text_width(text, font, size)
    ch = cap_height(font, size)
    pad = PLATE_PAD if plate else 0.0
    box = (x - w / 2 - pad, baseline - ch - pad, x + w / 2 + pad, baseline + size * 0.22 + pad)
    return Label(space, role, text, size, font, x, baseline, box, plate, ink)


def space_text(board: Board, s: Space) -> str:
    """What a space is called on the map: a grid cell its id, a drawn space its name or id."""
    return s.id if s.cell is not None else (s.name or s.id)


def _ink_on(content: Content, s: Space) -> str:
    t = next((t for t in content.map.terrain if t.id == s.terrain), None)
    if s.shape in ("box", "point") or t is None:
        return "#1a1a1a"
    return "#1a1a1a" if readable_ink(t.colour) == "#000000" else "#ffffff"


def sheet_labels(content: Content, geo: BoardGeometry) -> list[Label]:
    """Every label of one sheet, in the order drawn: each space's id or name at its label anchor
    (under the dot of a point space whose label is its centre), then under it the places on it
    and the crossings to other maps, one line after the other."""
    board = geo.board
    places: dict = {}
    for p in content.map.places:
        places.setdefault(p.hex, []).append(p.name)
    crossings: dict = {}
    for c in board.connections:
        a, b = board.space(c.a), board.space(c.b)
        if a.sheet != b.sheet:
            for here, there in ((a, b), (b, a)):
                if here.sheet == geo.sheet.id:
                    crossings.setdefault(here.id, []).append(
                        f"{c.kind} to {space_text(board, there)} ({board.sheet(there.sheet).name}) \u25b6")
    chips = chip_colours(content)
    setups: dict[str, list] = {}
    for grp in content.counters.units:
        for sid in grp.setup:
            setups.setdefault(sid, []).append(grp)
    out: list[Label] = []
    grid = content.map.grid is not None
    for s in geo.spaces():
        anchor = s.label if s.label is not None else s.centre
        if anchor is None:
            continue
        x, y = geo.pt(anchor)
        if s.shape == "point" and s.label == s.centre:
            y += POINT_R + 2 + cap_height(NAME_FONT, NAME_SIZE) / 2 + PLATE_PAD
        text = space_text(board, s)
        if grid and s.cell is not None:
            lab = _label(s.id, "id", text, MIN_TEXT, "sans", x, y + cap_height("sans", MIN_TEXT) / 2, None,
                         _ink_on(content, s))
        else:
            lab = _label(s.id, "name", text, NAME_SIZE, NAME_FONT, x, y + cap_height(NAME_FONT, NAME_SIZE) / 2,
                         "#ffffff", "#1a1a1a")
        out.append(lab)
        below = lab.box[3] + 1.5
        cy = geo.pt(s.centre)[1] if s.centre is not None else y
        grps = setups.get(s.id, [])
        if grps:                             # the set-up chips: a cell's mid-height, else under the name
            top = cy - CHIP_H / 2 if s.cell is not None else below
            if s.cell is not None and top < lab.box[3] + 1 and top + CHIP_H > lab.box[1]:
                top = lab.box[3] + 1          # a diamond: its id at the centre, the chips under it
            if s.shape == "point" and s.label == s.centre:
                top = cy - POINT_R - 3 - CHIP_H
            x0 = x - (len(grps) * (CHIP_W + 2) - 2) / 2
            for i, grp in enumerate(grps):
                fill, ink = chips[grp.side]
                cx0 = x0 + i * (CHIP_W + 2)
                out.append(Label(s.id, "setup", content.unit_type(grp.type).short, 7.0, "condensed-bold",
                                 cx0, top, (cx0, top, cx0 + CHIP_W, top + CHIP_H), fill, ink))
            below = max(below, top + CHIP_H + 1.5) if top >= below - 1.5 else below
        if s.cell is not None:               # a cell's place name sits low in the cell
            below = max(below, cy + CHIP_H / 2 + 1.5)
        for name in places.get(s.id, []):
            if name == text:
                continue
            lab = _label(s.id, "place", name, MIN_TEXT, "sans-bold", x, below + cap_height("sans-bold", MIN_TEXT)
                         + PLATE_PAD, "#ffffff", "#1a1a1a")
            out.append(lab)
            below = lab.box[3] + 1.5
        for words in crossings.get(s.id, []):
            lab = _label(s.id, "crossing", words, MIN_TEXT, "sans-bold", x,
                         below + cap_height("sans-bold", MIN_TEXT) + PLATE_PAD, "#1f3b5c", "#ffffff")
            out.append(lab)
            below = lab.box[3] + 1.5
    return out


def label_items(labels: Sequence[Label]) -> list[Primitive]:
    out: list[Primitive] = []
    for lab in labels:
        if lab.role == "setup":
            out += chip(lab.x, lab.baseline, CHIP_W, lab.text, lab.plate, lab.ink)
        elif lab.plate:
            out += label_plate(lab.x, lab.baseline, lab.text, lab.size, lab.font, fill=lab.plate, ink=lab.ink,
                               pad=PLATE_PAD)
        else:
            out.append(Text(lab.x, lab.baseline, lab.text, lab.size, lab.font, lab.ink, "middle"))
    return out


def overlapping(labels: Sequence[Label], air: float = 0.0) -> list[tuple[Label, Label]]:
    """Pairs of labels whose boxes overlap (sweep over x)."""
    order = sorted(labels, key=lambda lab: lab.box[0])
    out = []
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if b.box[0] >= a.box[2] + air:
                break
            if b.box[1] < a.box[3] + air and a.box[1] < b.box[3] + air:
                out.append((a, b))
    return out


# --------------------------------------------------------------------------- the sheet

def _ring(geo: BoardGeometry, s: Space, colour: str, width: float) -> list[Primitive]:
    """A side's ring inside a space's outline (a stroke twice as wide, clipped to the outline)."""
    if not s.outline:
        cx, cy = geo.pt(s.centre)
        return [Circle(cx, cy, POINT_R + 1.6, fill=None, stroke=colour, stroke_width=2.4)]
    pts = geo.outline(s)
    return [Group((Polygon(pts, fill=None, stroke=colour, stroke_width=2 * width),),
                  clip=Polygon(pts, fill=None, stroke=None))]


def sheet_items(content: Content, geo: BoardGeometry, version_text: str = "") -> list[Primitive]:
    """One map sheet's primitives in page coordinates (``map_sheet_in`` points)."""
    from .legend import legend
    items: list[Primitive] = [Rect(0, 0, geo.W, geo.H, fill=PAPER_TONE, stroke=None)]
    items += space_items(content, geo)
    items += legend(content, geo, version_text) if not geo.key else _key_caption(content, geo, version_text)
    return items


def _key_caption(content: Content, geo: BoardGeometry, version_text: str) -> list[Primitive]:
    """Under a drawing whose key is on a sheet of its own: the game, the map and where the key is,
    on one line, when the sheet has room for it."""
    from .sheets import FOOTER_BAND
    from .text_fit import fit_text
    n = len(geo.board.sheets)
    words = (f"{content.game.title}: {geo.sheet.name}" + (f" (map {geo.index + 1} of {n})" if n > 1 else "")
             + " - the key to the map is on its own sheet" + (f" - {version_text}" if version_text else ""))
    y = geo.oy + geo.gh + 4 + cap_height("sans-bold", 7)
    if y + 2 > geo.H - FOOTER_BAND - 2:
        return []
    size = max(MIN_TEXT, fit_text(words, "sans-bold", 7, geo.gw))
    return [Text(geo.ox, y, words, size, "sans-bold", "#1a1a1a")]


def key_items(content: Content, version_text: str = "") -> list[Primitive]:
    """The map's key on a sheet of its own (see :func:`needs_key`)."""
    from .legend import legend
    geo = KeyGeometry(content)
    return [Rect(0, 0, geo.W, geo.H, fill=PAPER_TONE, stroke=None)] + legend(content, geo, version_text)


def key_cropped(content: Content, version_text: str = "", air: float = 18.0) -> tuple[list[Primitive], float, float]:
    """The key alone, cropped to what it draws plus ``air`` all round: (items, width, height), for
    tiling at 1:1 onto as little paper as it needs."""
    from .geometry import bounds
    from .legend import legend
    drawn_ = legend(content, KeyGeometry(content), version_text)
    x0, y0, x1, y1 = bounds(drawn_)
    w, h = x1 - x0 + 2 * air, y1 - y0 + 2 * air
    return [Rect(0, 0, w, h, fill=PAPER_TONE, stroke=None),
            Group(tuple(drawn_), translate=(air - x0, air - y0))], w, h


def space_items(content: Content, geo: Placed) -> list[Primitive]:
    """The spaces of ``geo`` drawn: terrain, outlines, roads and connections, owners' rings,
    points, features, labels and set-up chips."""
    from .map_roads import road_items
    board = geo.board
    by_id = {t.id: t for t in content.map.terrain}
    items: list[Primitive] = []
    spaces = geo.spaces()
    grid = content.map.grid is not None and geo.only is None
    # 1. terrain, boxes on white
    for s in spaces:
        if not s.outline:
            continue
        pts = geo.outline(s)
        if s.shape == "box":
            items.append(Polygon(pts, fill=BOX_FILL, stroke=None))
        elif s.terrain in by_id:
            items += terrain_area(by_id[s.terrain], pts, geo.flats)
    # 2. outlines: a grid's fine lines, a drawn board's firmer borders
    for s in spaces:
        if s.outline:
            items.append(Polygon(geo.outline(s), fill=None, stroke=GRID_INK if grid else "#262626",
                                 stroke_width=0.6 if grid else 1.0))
    # 3. roads of map.roads, then the connections by kind
    ids = {s.id for s in spaces}
    if geo.only is None and content.map.roads and all(h in ids for r in content.map.roads for p in r.paths
                                                      for h in p):
        items += road_items(content, geo)
    styles = connection_styles(board)
    items += connection_items(geo, styles)
    # 4. a side's own spaces: a ring in its colour
    owned = sorted(((s.owner, s.id) for s in spaces if s.owner), key=lambda o: (o[0], o[1]))
    for side_id, sid in owned:
        side = next((sd for sd in content.game.sides if sd.id == side_id), None)
        if side is not None:
            items += _ring(geo, board.space(sid), side.colour.full, min(3.2, geo.flats * 0.05))
    # 5. points: a dot
    for s in spaces:
        if not s.outline and s.centre is not None:
            cx, cy = geo.pt(s.centre)
            items.append(Circle(cx, cy, POINT_R, fill="#ffffff", stroke="#1a1a1a", stroke_width=1.4))
            items.append(Circle(cx, cy, 1.6, fill="#1a1a1a", stroke=None))
    # 6. features on spaces
    for f in content.map.features if geo.only is None else ():
        for sid in f.hexes:
            if sid in ids:
                cx, cy = geo.centre_of(sid)
                items += feature_badge(f, cx, cy + geo.flats * 0.27, feature_ring(content, f))
    # 7. labels and set-up chips
    items += label_items(sheet_labels(content, geo))
    return items


def sheet_ids(content: Content) -> tuple[str, ...]:
    return tuple(s.id for s in board_of(content).sheets)


def sheet_name(content: Content, sheet_id: str) -> str:
    return board_of(content).sheet(sheet_id).name
