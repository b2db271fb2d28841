"""What one side sees in Modern Land Battles: the whole table (forces, counters, terrain) and its
own hand and pool; the other hand and pool only as counts, the draw pile not at all."""
from __future__ import annotations

from ...chance import seed_rng, shuffle
from ...view import View


class MlbView(View):
    """:class:`View` with the table (``area``, ``row``, ``hits``, ``acted``, ``superior``,
    ``control``, the face-up terrain card ``terrain``, or -1), the pending action ``pending``, the
    side's own ``hand`` and the other's hand size ``foe_cards``, the nations drawn (``nations``,
    ``side_forces``, ``f_side``). Lists are the live state's: read only."""

    __slots__ = ("area", "row", "hits", "acted", "superior", "control", "terrain", "pending", "hand", "foe_cards",
                 "stage", "nations", "side_forces", "f_side", "pool")

    def __init__(self, state, side: int):
        View.__init__(self, state, side)
        s = state
        self.area, self.row, self.hits, self.acted = s.area, s.row, s.hits, s.acted
        self.superior, self.control, self.pending, self.stage = s.superior, s.control, s.pending, s.stage
        self.terrain = s.terrain_order[s.terrain_at] if s.terrain_at < len(s.terrain_order) else -1
        self.hand = s.hands[side]
        self.pool = s.pools[side]
        self.foe_cards = len(s.hands[1 - side])
        self.nations, self.side_forces, self.f_side = s.nations, s.side_forces, s.f_side


def determinise(state, side: int, rng):
    """A copy of ``state`` with what ``side`` cannot see re-drawn: the other hand and the draw pile
    dealt again from the cards it has not seen, and the dice re-seeded."""
    c = state.copy()
    c.rng = seed_rng(rng.getrandbits(63))
    foe = 1 - side
    unseen = c.pile + c.hands[foe] + c.pools[foe]
    shuffle(c, unseen)
    n, m = len(c.hands[foe]), len(c.pools[foe])
    c.hands[foe] = sorted(unseen[:n])
    c.pools[foe] = sorted(unseen[n:n + m])
    c.pile = unseen[n + m:]
    return c
