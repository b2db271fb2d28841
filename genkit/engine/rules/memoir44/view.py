"""What one Memoir '44 player sees: the board, every unit's figures, the features, the turn's
bookkeeping and its own hand; never the deck order, the other hand or the dice generator."""
from __future__ import annotations

import random

from ...view import View
from .state import M44State


class PlayerView(View):
    """:class:`~genkit.engine.view.View` plus ``figs``, ``feat``, ``mv``, the player turn's
    ``card``, ``ordered``, ``moved``, ``battled``, ``nobattle``, ``overran``, the tactic card bookkeeping (``eff``, ``last``, ``allow``, ``second``,
    ``ambush``, ``queue``), the pending
    decision (``stage``, ``pend``), the own ``hand``, the public ``discard`` pile and the size of
    the other hand (``other_hand_size``) and of the deck (``deck_size``). The rules' own
    functions that read a position (targets, dice, destinations) accept a view."""

    __slots__ = ("figs", "feat", "mv", "card", "ordered", "moved", "battled", "nobattle", "overran",
                 "stage", "pend", "hand", "other_hand_size", "deck_size", "discard",
                 "eff", "last", "allow", "second", "ambush", "queue", "chip")

    def __init__(self, state: M44State, side: int):
        View.__init__(self, state, side)
        s = state
        self.figs, self.feat, self.mv = s.figs, s.feat, s.mv
        self.card, self.ordered, self.moved, self.battled = s.card, s.ordered, s.moved, s.battled
        self.nobattle, self.overran, self.stage, self.pend = s.nobattle, s.overran, s.stage, s.pend
        self.hand = s.hands[side]
        self.other_hand_size = len(s.hands[1 - side])
        self.deck_size = len(s.deck)
        self.discard = s.discard
        self.eff, self.last, self.allow, self.second = s.eff, s.last, s.allow, s.second
        self.ambush, self.queue = s.ambush, s.queue
        self.chip = tuple(x if k == side else (-1 if x < 0 else -2) for k, x in enumerate(s.chip))


def determinise(state: M44State, side: int, rng: random.Random) -> M44State:
    """A copy with the hidden cards re-drawn (the other hand and the deck shuffled together and
    the other hand dealt again, as many cards as it held) and the dice generator re-seeded."""
    c = state.copy()
    other = 1 - side
    chip = c.chip[other]
    pool = c.deck + c.hands[other] + ([chip] if chip >= 0 else [])
    rng.shuffle(pool)
    k = len(c.hands[other])
    c.hands[other] = pool[:k]
    if chip >= 0:                       # 10.7: the other side's card under its chip is hidden too
        mine = list(c.chip)
        mine[other], pool = pool[k], pool[:k] + pool[k + 1:]
        c.chip = tuple(mine)
    c.deck = pool[k:]
    c.rng = rng.getrandbits(64) | 1
    c.legal = None
    return c
