"""Looking at a state: what one player sees (:class:`PlayerView`, the one view bots get),
pieces on the map for renderers, and a text drawing for humans."""
from __future__ import annotations

import random

from .state import STAGE_NAMES, State


class PlayerView:
    """What one player sees of a state: the single player view of the engine.

    Bots that set ``needs_view`` get ``PlayerView(state, side)`` (from
    :func:`genkit.engine.play_game` and from the simulator). It exposes the board
    (``loc``, ``reduced``, ``facing``, ``stopped``, ``occ``), the killstreak markers
    (``streak``), invulnerability (``invuln``), the turn, phase, pending decision
    (``stage``, ``actor``, ``pend``) and the combat-phase bookkeeping (``moved``,
    ``attacked``, ``defended``, ``lead``, ``battle_done``, ``plays``), the player's
    own ``hand``, the public ``discard`` pile and only the *sizes* of the other sides'
    hands together (``other_hand_size``) and of the deck (``deck_size``). It has no deck order, no
    other hand and no dice generator, so no bot can peek; a bot that plans ahead uses
    :meth:`sample_state`, a determinisation of the position.

    The lists are the live state's (no copy is made): read them, never write them.
    """

    __slots__ = ("_s", "game", "side", "turn", "phase", "stage", "actor", "pend", "loc", "reduced",
                 "facing", "stopped", "occ", "streak", "invuln", "hand", "other_hand_size",
                 "deck_size", "discard", "moved", "attacked", "defended", "lead", "battle_done", "plays")

    def __init__(self, state: State, side: int):
        s = state
        self._s = s
        self.game = s.game
        self.side = side
        self.turn, self.phase, self.stage, self.actor, self.pend = s.turn, s.phase, s.stage, s.actor, s.pend
        self.loc, self.reduced, self.facing, self.stopped, self.occ = s.loc, s.reduced, s.facing, s.stopped, s.occ
        self.streak, self.invuln = s.streak, s.invuln
        self.hand = s.hands[side]
        hands = s.hands
        self.other_hand_size = sum(map(len, hands)) - len(hands[side])   # the other sides' hands together
        self.deck_size = len(s.deck)
        self.discard = s.discard
        self.moved, self.attacked, self.defended = s.moved, s.attacked, s.defended
        self.lead, self.battle_done, self.plays = s.lead, s.battle_done, s.plays

    @property
    def phase_id(self) -> str:
        return self.game.phase_ids[self.phase]

    def sample_state(self, rng: random.Random) -> State:
        """A copy of the position with the hidden information re-drawn (a determinisation):
        the other sides' hands and the deck are shuffled together and dealt again, and the dice
        generator is re-seeded from ``rng``. Safe to play forward with the engine."""
        c = self._s.copy()
        others = [o for o in range(len(c.hands)) if o != self.side]
        pool = list(c.deck)
        for o in others:
            pool += c.hands[o]
        rng.shuffle(pool)
        k = 0
        for o in others:                  # each other side gets as many cards as it held
            n = len(c.hands[o])
            c.hands[o] = pool[k:k + n]
            k += n
        c.deck = pool[k:]
        c.rng = rng.getrandbits(64) | 1
        c.legal = None
        return c

    def __repr__(self) -> str:
        return (f"PlayerView(side={self.side}, turn={self.turn}, stage={STAGE_NAMES.get(self.stage)}, "
                f"hand={self.hand}, other_hand_size={self.other_hand_size}, deck_size={self.deck_size})")


def pieces_on_map(state: State) -> list:
    """(piece_id, hex_id, side_id, type_id, reduced, facing) for every piece on the map, by piece id;
    facing is None for unit types without one (8.4)."""
    g = state.game
    grid = g.board.grid
    out = []
    for p, h in enumerate(state.loc):
        if h >= 0:
            unit_type = g.types[g.p_type[p]]
            out.append((p, grid.id_of(h), g.side_ids[g.p_side[p]], unit_type.id,
                        bool(state.reduced[p]), state.facing[p] if unit_type.facing else None))
    return out


def render_text(state: State) -> str:
    """The map as rows of cells: a unit shows side letter + type short (lower case when reduced),
    an empty hex its terrain code. Columns are printed left to right as on the hex ids."""
    g = state.game
    b = g.board
    grid = b.grid
    code_of = {t.id: t.code for t in g.content.map.terrain}
    width = 5
    lines = [f"turn {state.turn} phase {g.phase_ids[state.phase]} stage {STAGE_NAMES[state.stage]}"
             f" actor {g.side_id(state.actor) or '-'}"
             + (f"  ENDED winner={g.side_id(state.winner) or 'draw'} ({state.reason})" if state.ended else "")]
    lines.append("    " + "".join(f"{c:02d}".center(width) for c in range(1, grid.columns + 1)))
    for r in range(1, grid.rows + 1):
        cells = []
        for c in range(1, grid.columns + 1):
            h = grid.index_of(grid.id_format.format(col=c, row=r))
            p = state.occ[h]
            if p >= 0:
                label = g.side_ids[g.p_side[p]][0].upper() + g.types[g.p_type[p]].short
                cells.append((label.lower() if state.reduced[p] else label)[:width - 1].center(width))
            else:
                cells.append(code_of.get(b.terrain[h], "?").center(width))
        lines.append(f"{r:02d}  " + "".join(cells))
    for side, sid in enumerate(g.side_ids):
        off = [f"{g.types[g.p_type[p]].short}{'(R)' if state.loc[p] == -1 else '(E)' if state.loc[p] == -2 else '(X)'}"
               for p in g.side_pieces[side] if state.loc[p] < 0]
        streak = state.streak[side * g.ntypes:(side + 1) * g.ntypes]
        lines.append(f"{sid}: off-map {' '.join(off) or '-'}; streaks {streak}; hand {state.hands[side]}")
    return "\n".join(lines)
