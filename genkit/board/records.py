"""The records of a board: :class:`Sheet` (one map, printed on its own sheet), :class:`Space`
(a place a piece may stand), :class:`Connection` (two spaces a piece may pass between, with the
kind the rules read). Plain frozen data; :class:`~.board.Board` indexes them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

Point = tuple[float, float]

#: the shapes a space is drawn as: a cell of a generated grid, or what a drawn board gives
SHAPES = ("hex", "square", "octagon", "diamond", "polygon", "box", "point")


@dataclass(frozen=True)
class Sheet:
    """One map of the game, drawn on its own sheet: its id (``"map"`` for a generated grid),
    printed name and size in inches (the drawing's own size, before paper margins)."""
    id: str
    name: str
    width_in: float
    height_in: float


@dataclass(frozen=True)
class Space:
    """A place pieces stand in: a hex ``"0305"``, an ox ``"E4"``, an area ``"Western Turkey"``,
    a sea zone, a box ``"Eliminated"``.

    ``kind``: the designer's name for what sort of space it is (``hex``, ``square``, ``ox``,
    ``diamond``, ``area``, ``sea``, ``box`` ...); rules read it (stacking, who may enter).
    ``terrain``: a terrain id of the map ("" none). ``owner``: the side owning or controlling
    it at the start (None). ``sheet``: the id of the :class:`Sheet` it is drawn on.
    Drawing, in inches from the sheet's top-left corner, y downwards (None / empty where the
    board has no drawing for it): ``centre`` (where pieces go; a point space is only this),
    ``outline`` (closed polygon, corners in drawing order; a box is its 4 corners), ``label``
    (anchor of the printed id / name, centred on it), ``shape`` (one of :data:`SHAPES`).
    ``cell``: 1-based ``(col, row)`` on a generated grid, None on a drawn board."""
    id: str
    kind: str
    name: str = ""
    terrain: str = ""
    owner: Optional[str] = None
    sheet: str = "map"
    centre: Optional[Point] = None
    outline: tuple[Point, ...] = ()
    label: Optional[Point] = None
    shape: str = "point"
    cell: Optional[tuple[int, int]] = None


@dataclass(frozen=True)
class Connection:
    """Two spaces a piece may pass between (both ways), with the ``kind`` the rules read: a
    generated grid's cells touch by ``land``; a drawn board names them (``land``, ``sea``,
    ``strait``, ``rail``, ``road``, ``river``, ``forbidden``, ...). A crossing from one map to
    another is a connection like any other (its spaces are on different sheets).
    ``path``: optional drawing of the connection (inches, on ``a``'s sheet), e.g. a rail line
    between two points; empty: a straight line between the centres, or nothing where the two
    outlines touch."""
    a: str
    b: str
    kind: str = "land"
    path: tuple[Point, ...] = field(default=())
