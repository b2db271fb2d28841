"""What one Bering Land player sees: the board, the markers, its own hand; never the deck
order, the other hand or the dice generator."""
from __future__ import annotations

import random

from ...view import View
from .state import STAGE_NAMES, BeringState


class PlayerView(View):
    """:class:`~genkit.engine.view.View` plus the killstreak markers (``streak``),
    invulnerability (``invuln``), ``stopped``, the pending decision (``stage``, ``pend``), the
    combat-phase bookkeeping (``moved``, ``attacked``, ``defended``, ``lead``, ``battle_done``,
    ``plays``), the player's own ``hand``, the public ``discard`` pile and only the *sizes* of
    the other sides' hands together (``other_hand_size``) and of the deck (``deck_size``).
    A bot that plans ahead uses :meth:`sample_state`, which re-deals the hidden cards."""

    __slots__ = ("stage", "pend", "stopped", "streak", "invuln", "hand", "other_hand_size",
                 "deck_size", "discard", "moved", "attacked", "defended", "lead", "battle_done", "plays")

    def __init__(self, state: BeringState, side: int):
        View.__init__(self, state, side)
        s = state
        self.stage, self.pend, self.stopped = s.stage, s.pend, s.stopped
        self.streak, self.invuln = s.streak, s.invuln
        hands = s.hands
        self.hand = hands[side]
        self.other_hand_size = sum(map(len, hands)) - len(hands[side])   # the other sides' hands together
        self.deck_size = len(s.deck)
        self.discard = s.discard
        self.moved, self.attacked, self.defended = s.moved, s.attacked, s.defended
        self.lead, self.battle_done, self.plays = s.lead, s.battle_done, s.plays

    def __repr__(self) -> str:
        return (f"PlayerView(side={self.side}, turn={self.turn}, stage={STAGE_NAMES.get(self.stage)}, "
                f"hand={self.hand}, other_hand_size={self.other_hand_size}, deck_size={self.deck_size})")


def determinise(state: BeringState, side: int, rng: random.Random) -> BeringState:
    """A copy with the hidden information re-drawn: the other sides' hands and the deck are
    shuffled together and dealt again (each side as many cards as it held), and the dice
    generator is re-seeded from ``rng``."""
    c = state.copy()
    others = [o for o in range(len(c.hands)) if o != side]
    pool = list(c.deck)
    for o in others:
        pool += c.hands[o]
    rng.shuffle(pool)
    k = 0
    for o in others:
        n = len(c.hands[o])
        c.hands[o] = pool[k:k + n]
        k += n
    c.deck = pool[k:]
    c.rng = rng.getrandbits(64) | 1
    c.legal = None
    return c
