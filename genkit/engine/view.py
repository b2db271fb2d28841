"""Looking at a state: what one side sees (:class:`View`, the one input bots get) and a text
drawing of a position for humans. A game with hidden information subclasses :class:`View`
in its own package."""
from __future__ import annotations

import random

from .state import ELIMINATED, RESERVE, State


class View:
    """What one side sees of a state, for a game without hidden information: the pieces
    (``loc``, ``reduced``, ``facing``, ``occ``), the turn, the phase and who acts.

    The lists are the live state's (no copy is made): read them, never write them. A bot that
    plans ahead plays forward from :meth:`sample_state`, never from the live state.
    """

    __slots__ = ("_s", "game", "side", "turn", "phase", "actor", "loc", "reduced", "facing", "occ")

    def __init__(self, state: State, side: int):
        s = state
        self._s = s
        self.game = s.game
        self.side = side
        self.turn, self.phase, self.actor = s.turn, s.phase, s.actor
        self.loc, self.reduced, self.facing, self.occ = s.loc, s.reduced, s.facing, s.occ

    @property
    def phase_id(self) -> str:
        return self.game.phase_ids[self.phase]

    def sample_state(self, rng: random.Random) -> State:
        """A copy of the position with what this side cannot see re-drawn (a determinisation,
        :meth:`GameRules.determinise`). Safe to play forward with the engine."""
        return self.game.determinise(self._s, self.side, rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(side={self.side}, turn={self.turn}, phase={self.phase_id})"


def render_text(game, state: State) -> str:
    """The map as rows of cells: a unit shows side letter + type short (lower case when
    reduced), an empty hex its terrain code; on a board that is no hex grid, one line per
    occupied space (its id, then its pieces); then the pieces off the map per side and the
    game's own status lines (:meth:`GameRules.status_lines`)."""
    b = game.board
    head = f"turn {state.turn} phase {game.phase_ids[state.phase]} actor {game.side_id(state.actor) or '-'}"
    if state.ended:
        head += f"  ENDED winner={game.side_id(state.winner) or 'draw'} ({state.reason})"

    def label(p: int) -> str:
        text = game.side_ids[game.p_side[p]][0].upper() + game.types[game.p_type[p]].short
        return text.lower() if state.reduced[p] else text

    if b.is_hex:
        lines = [head] + _hex_rows(game, state, label)
    else:
        lines = [head]
        for h in range(b.n):
            here = [p for p in range(game.npieces) if state.loc[p] == h]
            if here:
                lines.append(f"{b.id_of(h)}: {' '.join(label(p) for p in here)}")
    where = {RESERVE: "(R)", ELIMINATED: "(E)"}
    for side, sid in enumerate(game.side_ids):
        off = [f"{game.types[game.p_type[p]].short}{where.get(state.loc[p], '(X)')}"
               for p in game.side_pieces[side] if state.loc[p] < 0]
        lines.append(f"{sid}: off-map {' '.join(off) or '-'}")
    return "\n".join(lines + game.status_lines(state))


def _hex_rows(game, state: State, label) -> list:
    b = game.board
    grid = b.grid
    code_of = {t.id: t.code for t in game.content.map.terrain}
    width = 5
    lines = ["    " + "".join(f"{c:02d}".center(width) for c in range(1, grid.columns + 1))]
    for r in range(1, grid.rows + 1):
        cells = []
        for c in range(1, grid.columns + 1):
            h = grid.index_of(grid.id_format.format(col=c, row=r))
            p = state.occ[h]
            if p >= 0:
                cells.append(label(p)[:width - 1].center(width))
            else:
                cells.append(code_of.get(b.terrain[h], "?").center(width))
        lines.append(f"{r:02d}  " + "".join(cells))
    return lines
