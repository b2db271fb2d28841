"""Line of sight between hexes of a :class:`~.board.Board`, on the sampled lines of the grid."""
from __future__ import annotations

from .board import Board


def los_clear(board: Board, a: int, b: int, occ: list) -> bool:
    """Line of sight from ``a`` to ``b``: open when either nudged line has no blocking hex.

    Hexes next to each other always see each other. An intermediate hex blocks
    when it holds any piece or its terrain ``blocks_los``; so a hex edge on the
    line blocks only when both hexes beside it block. The lines are the sampled ones of
    :meth:`HexGrid.los_lines`, nudged to either side: from 4 hexes on they can differ from the
    exact segment (:mod:`genkit.sightline`), which a game whose rule follows the segment reads.
    """
    if board._dist[a * board.n + b] <= 1:
        return True
    first, second = board.grid.los_lines(a, b)
    blocks = board.blocks
    for h in first:
        if occ[h] >= 0 or blocks[h]:
            break
    else:
        return True
    for h in second:
        if occ[h] >= 0 or blocks[h]:
            return False
    return True
