"""Advance after combat in the Strike the Bear system (docs/strike-the-bear-rules.md, 11.9.5):
over the standard advance by distance (combat.advance_distance: armour 2 spaces, infantry 1),
the way along the defenders' path of withdrawal, and after an elimination an advance in any
direction paid with half the unit's OPs. A mixin of :class:`~.rules.Game`.

Decisions: the path of withdrawal is the way the first defender to withdraw went (a later
one starting again from the battle's space does not extend it); a battle that leaves no
defender and none withdrew (an elimination, or an exchange that took the last one) gives the
paid advance; each advancing unit moves once, to where it stops, entering a space with enemy
units only as its last space (it stops there, 5.1.2); the commissar's counter-attack
(7.2.1 b) gives no advance."""
from __future__ import annotations

from ..standard.combat import Combat
from .commissar import COUNTERING
from .state import StbState


class Advance:
    """The advance half of the system's :class:`~.rules.Game` (reads the game's tables)."""

    def _retreat_step(self, s: StbState, h: int) -> None:
        """A defender withdraws one space: the first one's steps make the path of withdrawal."""
        at = s.loc[s.rq[0]]
        if (s.wpath[-1] if s.wpath else s.target) == at:
            s.wpath += (h,)
        Combat._retreat_step(self, s, h)

    def _advance_by_distance(self, s: StbState) -> bool:
        """The standard's offer, but the commissar's counter-attack (7.2.1 b) is fought in place:
        no advance after it."""
        return s.counter != COUNTERING and Combat._advance_by_distance(self, s)

    def advance_path(self, s: StbState) -> tuple:
        """11.9.5: the battle's space, then the defenders' path of withdrawal."""
        return (s.target,) + s.wpath

    def advance_cost(self, s: StbState, p: int) -> int:
        """11.9.5: the OPs an advance after an elimination costs (half the unit's, rounded up);
        0 along a path of withdrawal."""
        return 0 if s.wpath else -(-self.p_ops[p] // 2)

    def advance_to(self, s: StbState, p: int) -> list:
        """11.9.5: along the path of withdrawal (the standard's), or after an elimination any
        space within the unit's distance, when its side has the OPs for it: each step to a
        neighbour across a passable side, a space with enemy units ending the way."""
        if s.wpath:
            return Combat.advance_to(self, s, p)
        side = self.p_side[p]
        if self.advance_cost(s, p) > s.ops[side]:
            return []
        far = self.t_advance[self.p_type[p]]
        nb, deg, ecost = self.board.neighbours, self.board.degree, self.ecost
        start = s.loc[p]
        seen, ring, out = {start}, [start], []
        for _ in range(far):
            nxt = []
            for at in ring:
                for k, j in enumerate(nb[at]):
                    if j in seen or not ecost[at * deg + k]:
                        continue
                    seen.add(j)
                    if self._room(s, j, p):
                        out.append(j)
                    if not any(self.p_side[q] != side for q in self.stack(s, j)):
                        nxt.append(j)
            ring = nxt
        out.sort()
        return out

    def _advance(self, s: StbState, p: int, h: int = -1) -> None:
        """11.9.5: an advance after an elimination is paid for first; armour advancing into a
        space with enemy units marks it for the Blitzkrieg (11.10.1, battle.py)."""
        cost = self.advance_cost(s, p)
        side = self.p_side[p]
        s.ops[side] -= cost
        s.spent[side] += cost
        h = s.target if h < 0 else h
        if self.p_armour[p] and any(self.p_side[q] != side and self.p_unit[q] for q in self.stack(s, h)):
            s.blitz |= 1 << h               # 11.10.1: armour among the enemy, a Blitzkrieg's space
        Combat._advance(self, s, p, h)
