"""The map's content model (``map:``): the hex grid, terrain, places, lines, hexsides, roads,
board sections and the features standing on hexes."""
from __future__ import annotations

from typing import Annotated, Literal, Optional

from pydantic import Field, field_validator

from .schema_base import Colour, HexId, Id, Line, Strict


class Grid(Strict):
    orientation: Literal["flat", "pointy"]
    shift: Literal["even-down", "odd-down", "even-right", "odd-right"] = Field(
        description="which 1-based columns (flat) or rows (pointy) are shifted half a hex")
    columns: int = Field(ge=1, le=99)
    rows: int = Field(ge=1, le=99)
    hex_size_in: float = Field(gt=0, le=10, description="hex size across the flats, inches")
    north: Literal["up", "right", "down", "left"] = Field("up", description="where north points on the sheet")


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
    grid: Grid
    terrain: list[Terrain] = Field(min_length=1)
    rows: list[Line] = Field(min_length=1, description="one string per hex row, one terrain code per column")
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
