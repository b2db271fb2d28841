"""Line of sight for attacks from two or more hexes away (docs/standard-rules.md case 8.8),
selected by ``rules.line_of_sight``. The lines are the engine's (:func:`genkit.engine.sight.
los_clear` and the grid's two nudged lines it reads): sight is open when either line is.

On a line, a hex between the attacker's and the defender's blocks when its terrain (or a map
feature on it) ``blocks_los``, or, with ``units_block``, when a unit stands on it; a step of the
line across a hexside feature with ``blocks_los`` (``rules.hexsides``) blocks too. The two ends
never block: the defender's own woods hide the hexes behind it, not the defender. With
``heights`` (terrain id -> height, others 0), a hex between blocks only when it is higher than
the lower end, or as high and blocking: two hills see each other over the woods of the valley
between them, and a hill hides what lies behind it from the plain."""
from __future__ import annotations

from ....board import sight_lines
from ...sight import los_clear


class Sight:
    """Line of sight over one board, built once per game from the section's ``line_of_sight``."""

    def __init__(self, game, los, blocking_edges: list):
        board = game.board
        self.board, self.n = board, board.n
        self.units_block = los.units_block
        #: per hex: its height (terrain heights; 0 without)
        self.height = [los.heights.get(t, 0) for t in board.terrain]
        self.blocks = board.blocks
        #: per edge (space * degree + slot): 1 when a hexside feature on it blocks sight
        self.edge_blocks = blocking_edges
        self.nbr, self.degree = board.neighbours, board.degree
        self.plain = not any(self.height) and not any(blocking_edges)
        self.nobody = [-1] * board.n
        self._seen: dict = {}

    def sees(self, occ: list, a: int, b: int) -> bool:
        """Case 8.8: hex ``a`` sees hex ``b`` (units on the map as ``occ``)."""
        board = self.board
        if board._dist[a * self.n + b] <= 1:
            return True
        if self.plain:                  # the engine's own rule: blocking hexes (and units) only
            return los_clear(board, a, b, occ if self.units_block else self.nobody)
        first, second = sight_lines(board.spaces, a, b)
        return self._open(occ, a, first, b) or self._open(occ, a, second, b)

    def _open(self, occ: list, a: int, line: tuple, b: int) -> bool:
        """No hex of ``line`` (between ``a`` and ``b``) and no hexside it steps across blocks."""
        height, blocks, units = self.height, self.blocks, self.units_block
        low = min(height[a], height[b])
        for h in line:
            top = height[h]
            if top > low or (top == low and (blocks[h] or (units and occ[h] >= 0))):
                return False
        nbr, edges, deg = self.nbr, self.edge_blocks, self.degree
        prev = a
        for h in line + (b,):
            around = nbr[prev]
            if h in around and edges[prev * deg + around.index(h)]:
                return False
            prev = h
        return True

    def visible(self, occ: list, a: int, targets: int) -> int:
        """The hexes of the mask ``targets`` that hex ``a`` sees."""
        out = 0
        while targets:
            low = targets & -targets
            targets ^= low
            if self.sees(occ, a, low.bit_length() - 1):
                out |= low
        return out
