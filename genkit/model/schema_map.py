"""The map's content model (``map:``): the board (a generated grid, or drawn sheets, spaces and
connections), terrain, places, lines, hexsides, roads, board sections and the features standing
on hexes. :func:`genkit.board.board_of_map` turns it into a :class:`genkit.board.Board`."""
# (no "from __future__ import annotations": pydantic then reads each annotation as the object it
# is, rather than evaluate it from a string, at every command's start)

from typing import Annotated, Literal, Optional

from pydantic import Field, field_validator, model_validator

from .schema_base import Colour, HexId, Id, Line, SpaceId, Strict

Inches = Annotated[float, Field(ge=0, le=100)]
Point = Annotated[list[Inches], Field(min_length=2, max_length=2, description="[x, y] in inches from the "
                                                                             "sheet's top-left corner, y down")]
GRID_KINDS = ("hex", "square", "octagon")


class Grid(Strict):
    """A generated board: its spaces, how they touch and how they are drawn come from geometry.
    ``hex``: hexes (ids CCRR, '0305'); ``square``: squares (ids CCRR), touching across sides (and
    corners with ``diagonals``); ``octagon``: octagons ("oxes", ids 'A1', 'C1' ... letters of odd
    columns) and the small diamonds where four oxes meet (ids 'B1', 'D1' ... : letter between
    the ox columns, number of the ox row above)."""
    kind: Literal["hex", "square", "octagon"] = Field("hex", description="the layout: hex, square or octagon "
                                                                        "(octagons and diamonds)")
    orientation: Optional[Literal["flat", "pointy"]] = Field(None, description="hex: flat-topped or pointy-topped "
                                                                               "hexes (required for hex)")
    shift: Optional[Literal["even-down", "odd-down", "even-right", "odd-right"]] = Field(
        None, description="hex: which 1-based columns (flat) or rows (pointy) are shifted half a hex (required "
                          "for hex)")
    columns: int = Field(ge=1, le=99, description="hexes or squares across; octagon: oxes across")
    rows: int = Field(ge=1, le=99, description="hexes or squares down; octagon: oxes down")
    hex_size_in: Optional[float] = Field(None, gt=0, le=10, description="hex: hex size across the flats, inches "
                                                                        "(required for hex)")
    size_in: Optional[float] = Field(None, gt=0, le=10, description="square: side of a square; octagon: an ox "
                                                                    "across the flats; inches (required for them)")
    diagonals: bool = Field(False, description="square: squares touching at a corner are connected too")
    diamond_rows: list[Line] = Field(default_factory=list, description="octagon: one string per row of diamonds "
                                     "(rows - 1 of them), one terrain code per diamond (columns - 1); omitted: "
                                     "every diamond is of the first terrain")
    north: Literal["up", "right", "down", "left"] = Field("up", description="where north points on the sheet")

    @model_validator(mode="after")
    def _fields_of_the_kind(self):
        need = ("orientation", "shift", "hex_size_in") if self.kind == "hex" else ("size_in",)
        missing = [f for f in need if getattr(self, f) is None]
        if missing:
            raise ValueError(f"a {self.kind} grid needs {', '.join(missing)}")
        if self.kind == "hex" and self.shift not in {"flat": ("even-down", "odd-down"),
                                                     "pointy": ("even-right", "odd-right")}[self.orientation]:
            raise ValueError(f"shift {self.shift!r} does not fit {self.orientation}-topped hexes "
                             f"(flat: even-down or odd-down; pointy: even-right or odd-right)")
        wrong = [f for f, on in (("hex_size_in", self.kind != "hex"), ("orientation", self.kind != "hex"),
                                 ("shift", self.kind != "hex"), ("size_in", self.kind == "hex"),
                                 ("diagonals", self.kind != "square"),
                                 ("diamond_rows", self.kind != "octagon")) if on and f in self.model_fields_set]
        if wrong:
            raise ValueError(f"a {self.kind} grid has no {', '.join(wrong)}")
        return self

    @property
    def cell_size_in(self) -> float:
        """The width of one cell across the flats (a hex, a square, an ox)."""
        return self.hex_size_in if self.kind == "hex" else self.size_in


class MapSheet(Strict):
    """One map of a drawn board, printed on its own sheet (a game may have several; crossings
    between them are connections)."""
    id: Id
    name: Line
    width_in: float = Field(gt=0, le=100, description="width of the drawing, inches")
    height_in: float = Field(gt=0, le=100, description="height of the drawing, inches")


class SpaceEntry(Strict):
    """A space of a drawn board (an area, a sea zone, a point, a box or track cell pieces enter),
    or, on a generated grid, what a cell adds to the grid's (its kind, name, owner, terrain) or an
    off-map box beside it. Drawn with ``outline`` (a polygon), ``box`` or ``at`` (a point); the
    label at ``label`` (default: the centre)."""
    id: SpaceId
    kind: Optional[Id] = Field(None, description="the designer's name for this sort of space (area, sea, box, "
                                                 "city ...), read by the rules; default: area (a drawn board), "
                                                 "the cell's own (a grid: hex, square, ox, diamond)")
    name: Line = Field("", description="printed name (default: none; the id is printed)")
    terrain: Optional[Id] = Field(None, description="a map.terrain id (default: the first terrain; a grid cell: "
                                                    "the terrain of map.rows)")
    owner: Optional[Id] = Field(None, description="the side that owns or controls it at the start")
    sheet: Optional[Id] = Field(None, description="the map.sheets id it is drawn on (default: the first)")
    at: Optional[Point] = Field(None, description="a point space: where it is (also the centre of an outline)")
    box: Optional[list[Inches]] = Field(None, min_length=4, max_length=4,
                                        description="a box: [x, y, width, height], inches")
    outline: Optional[list[Point]] = Field(None, min_length=3, description="an area: its outline, corners in order")
    label: Optional[Point] = Field(None, description="where its id / name is printed (default: its centre)")


class ConnectionEntry(Strict):
    """Two spaces pieces pass between, both ways, and the kind of the connection the rules read
    (land, sea, strait, rail, road, river, forbidden ...). On a grid: the kind of the connection
    of two touching cells, or a connection of its own (to an off-map box, across a map edge)."""
    a: SpaceId
    b: SpaceId
    kind: Id = Field("land", description="read by the rules (rules.connections of the standard rules)")
    path: list[Point] = Field(default_factory=list, description="how it is drawn, on a's sheet; default: a "
                                                                 "straight line between the centres")


class Terrain(Strict):
    code: Line = Field(min_length=1, max_length=1, description="one character used in map.rows")
    id: Id
    name: Line
    colour: Colour
    pattern: Literal["none", "dots", "hatch", "crosshatch", "waves", "peaks", "hills", "marsh", "stones", "road"] = "none"
    move_cost: Optional[float] = Field(ge=0.5, le=99, description="movement points to enter, a whole number or a "
                                                               "half (0.5, 1.5) where the rules count halves; "
                                                               "null = impassable")
    blocks_los: bool = False

    @field_validator("move_cost")
    @classmethod
    def _whole_or_half(cls, v):
        """Whole costs stay whole numbers (printed '2 MP', never '2.0 MP'); others are halves."""
        if v is None or float(v).is_integer():
            return None if v is None else int(v)
        if not float(v * 2).is_integer():
            raise ValueError(f"move_cost {v} is neither a whole number nor a half (0.5, 1.5, ...)")
        return v


class Place(Strict):
    name: Line
    hex: HexId
    side: Optional[Id] = Field(None, description="the side owning the place (drawn with a thick outline in its colour)")


Edge = Annotated[str, Field(pattern=r"^[0-9]{4}/[0-9]{4}$",
                            description="the hexside between two adjacent hexes, e.g. '0504/0505'")]


class Hexside(Strict):
    """A feature along hexsides (a river, a wall, a bridge): drawn on the map; what it does is
    the rules module's (``rules:`` section)."""
    id: Id
    name: Line
    colour: Colour
    style: Literal["line", "bridge"] = Field("line", description="a thick line along the hexside, or a bridge across it")
    edges: list[Edge] = Field(min_length=1, description="the hexsides it runs along")
    directed: bool = Field(False, description="it faces one way: the first hex of each edge ('0504' of "
                                              "'0504/0505') is its protected or high side (a sea wall, a cliff)")


class Road(Strict):
    """A road: a path from hex centre to hex centre through adjacent hexes."""
    id: Id
    name: Line
    colour: Colour
    paths: list[list[HexId]] = Field(min_length=1, description="each a run of adjacent hexes, at least two")


class MapSection(Strict):
    """A section of the board (a flank, the centre): a band across the map's width that cards and
    orders name. It covers ``columns`` (first and last, 1-based) of the rows or columns that are not
    shifted; a hex of a shifted row or column that the section's edge cuts belongs to both sections
    it straddles."""
    id: Id
    name: Line
    columns: list[Annotated[int, Field(ge=1, le=99)]] = Field(min_length=2, max_length=2,
                                                              description="[first, last] column the section covers")


class HexFeature(Strict):
    """Something standing on hexes over their terrain (sandbags, wire, a bunker, an objective): drawn
    on the map with its colour and mark; what it does is the rules module's (``rules:`` section)."""
    id: Id
    name: Line
    colour: Colour
    mark: Line = Field(min_length=1, max_length=3, description="up to three letters drawn on the hex, e.g. 'SB'")
    hexes: list[HexId] = Field(min_length=1, description="the hexes it stands on")
    side: Optional[Id] = Field(None, description="the side that built it, when that matters to the rules")
    blocks_los: bool = Field(False, description="blocks line of sight across its hexes, whatever their terrain")


class MapLine(Strict):
    """A line across the map along one column (flat grids) or row (pointy grids)."""
    id: Id
    name: Line = Field(description="printed under the grid")
    at: int = Field(ge=1, le=99, description="the column (flat grids) or row (pointy grids) of the line")


class Map(Strict):
    grid: Optional[Grid] = Field(None, description="a generated board; omitted: a drawn board (sheets, spaces, "
                                                   "connections)")
    terrain: list[Terrain] = Field(min_length=1)
    rows: list[Line] = Field(default_factory=list, description="a grid: one string per row of cells, one terrain "
                                                               "code per column")
    sheets: list[MapSheet] = Field(default_factory=list, description="a drawn board: its maps, each on its own "
                                                                     "sheet")
    spaces: list[SpaceEntry] = Field(default_factory=list, description="a drawn board: its spaces; a grid: what "
                                     "cells add to it, and boxes beside it")
    connections: list[ConnectionEntry] = Field(default_factory=list, description="a drawn board: its "
                                               "connections; a grid: kinds of cells' connections, and more")
    places: list[Place] = Field(default_factory=list)
    lines: list[MapLine] = Field(default_factory=list, description="lines across the map, drawn as dashed hexes")
    hexsides: list[Hexside] = Field(default_factory=list, description="features along hexsides: rivers, bridges ...")
    roads: list[Road] = Field(default_factory=list, description="roads, drawn over the terrain")
    sections: list[MapSection] = Field(default_factory=list, description="sections of the board, left to right")
    features: list[HexFeature] = Field(default_factory=list, description="features standing on hexes: "
                                                                         "sandbags, wire, bunkers ...")

    @field_validator("rows")
    @classmethod
    def _no_blank_rows(cls, rows: list[str]) -> list[str]:
        for i, row in enumerate(rows):
            if not row.strip():
                raise ValueError(f"row {i + 1} is empty")
        return rows

    def line(self, line_id: str) -> MapLine:
        return next(ln for ln in self.lines if ln.id == line_id)

    def owned_places(self, side_id: str) -> list[Place]:
        return [p for p in self.places if p.side == side_id]
