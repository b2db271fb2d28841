"""Boards: every location of a game is a **space** of a board, and pieces pass between spaces
along **connections**. The hex grid is one layout among others. Board maths only: this package
imports nothing of the model, render or engine (it reads a map model by its fields).

Public API (render, export, engine and checks call only these; they stay stable)
------------------------------------------------------------------------------
Building a board
    ``board_of_map(content.map) -> Board``   the board of a content model's ``map:``
    ``hex_board(columns, rows, orientation, shift, size_in, id_format=, terrain=)``
    ``square_board(columns, rows, size_in, diagonals=False, id_format=, terrain=)``
    ``octagon_board(columns, rows, size_in, terrain=)``   oxes and the diamonds between them
    ``drawn_board(sheets, spaces, connections)``          areas, sea zones, points, boxes
    ``BoardError``                                        a board that cannot be built

Records (frozen dataclasses, :mod:`.records`)
    ``Sheet(id, name, width_in, height_in)``: one map, printed on its own sheet; its size in
        inches is the drawing's own (the grid's bounding box for a generated layout).
    ``Space(id, kind, name, terrain, owner, sheet, centre, outline, label, shape, cell)``:
        ``centre`` (x, y) where pieces go; ``outline`` the polygon's corners (empty for a point
        space); ``label`` the anchor to centre the printed id / name on; ``shape`` one of
        :data:`SHAPES` (hex, square, octagon, diamond, polygon, box, point); all in inches from
        the top-left corner of sheet ``sheet``, y downwards. ``cell`` (col, row) on a grid.
    ``Connection(a, b, kind, path)``: two space ids, the kind rules read (land, sea, strait,
        rail, road, river, forbidden ...), and an optional drawn path (inches, on a's sheet).

The :class:`Board`
    ``layout`` ("hex" | "square" | "octagon" | "drawn"), ``geometry`` (line of sight possible),
    ``grid`` (the :class:`genkit.hexes.HexGrid` of a hex layout, else None);
    ``sheets``, ``spaces``, ``connections`` (tuples of records, spaces in index order),
    ``n``, ``ids``, ``index_of(id)``, ``id_of(i)``, ``space(id)``, ``sheet(id)``,
    ``spaces_on(sheet_id)``, ``space_kinds``, ``connection_kinds``;
    ``degree`` slots per space, ``neighbours[i][d]`` (-1 none), ``adjacent[i]``,
    ``slot_connection[i * degree + d]`` (connection index, -1), ``connection(i, j)``,
    ``connection_index(i, j)``, ``slot(i, j)``;
    ``distance(i, j)`` (steps; hex distance on hexes; -1 unreachable), ``within(i, r)``,
    ``connected(members=None, kinds=None)``.

Maths over connections
    ``costs_from(board, start, step=, limit=) -> {index: cost}``;
    ``cheapest_path(board, a, b, step=) -> Path(spaces, cost) | None``
    (``step(i, j, connection)`` -> cost, or None where the step is not allowed).
Line of sight (only where ``board.geometry``; else ``NoGeometry``)
    ``sight_lines(board, a, b) -> (spaces, spaces)``: open when either holds no blocker;
    ``crossed(board, a, b)``: the spaces the centre-to-centre segment runs through.

What render / export need: for each ``sheet`` of ``board.sheets`` its size, and for each space
of ``board.spaces_on(sheet.id)`` its ``outline`` (or ``centre`` for a point), ``label`` and
``id`` / ``name``; for each connection its ``kind``, ends and ``path`` (a connection between two
spaces on different sheets is a map crossing).
"""
from __future__ import annotations

from .board import Board, BoardError
from .layouts import box_outline, column_letters, drawn_board, hex_board, octagon_board, polygon_centre, square_board
from .of_map import board_of_map, kept_board_of_map
from .paths import Path, cheapest_path, costs_from
from .records import SHAPES, Connection, Sheet, Space
from .sight import NoGeometry, crossed, sight_lines

__all__ = [
    "SHAPES", "Board", "BoardError", "Connection", "NoGeometry", "Path", "Sheet", "Space", "board_of_map",
    "box_outline", "cheapest_path", "column_letters", "costs_from", "crossed", "drawn_board", "hex_board",
    "kept_board_of_map", "octagon_board", "polygon_centre", "sight_lines", "square_board",
]
