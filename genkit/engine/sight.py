"""Line of sight between spaces of a :class:`~.board.Board` with geometry: on a hex grid the
sampled lines of the grid, on another layout with outlines the exact centre-to-centre segment
(:func:`genkit.board.sight_lines`). A board without geometry has no line of sight (the checks
refuse a rule that needs it there)."""
from __future__ import annotations

from ..board import sight_lines
from .board import Board


def los_clear(board: Board, a: int, b: int, occ: list) -> bool:
    """Line of sight from ``a`` to ``b``: open when either nudged line has no blocking space.

    Spaces next to each other always see each other. An intermediate space blocks
    when it holds any piece or its terrain ``blocks_los``; so a hex edge on the
    line blocks only when both hexes beside it block. On hexes the lines are the sampled ones of
    :meth:`HexGrid.los_lines`, nudged to either side: from 4 hexes on they can differ from the
    exact segment (:mod:`genkit.sightline`), which a game whose rule follows the segment reads.
    """
    if board._dist[a * board.n + b] <= 1:
        return True
    first, second = sight_lines(board.spaces, a, b)
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
