"""Breakdown and combining (docs/strike-the-bear-rules.md, 10.0 and 11.9.2): an army or panzer
group on the map becomes two corps of its kind from a box, or two corps in one space become one;
an army's step loss sends a corps of its kind from the breakdown box to the eliminated box. A
mixin of :class:`~.rules.Game`.

The breakdown box holds the pieces that start off the map with no turn to enter (RESERVE);
the eliminated box, the pieces eliminated (ELIMINATED). Decisions: in this counter mix one
corps type goes with each army type (rules.yaml ``breakdown``), two full corps making a full
army; a step loss moves one such corps, the nearest to the strength the army lost; the
Rumanian armies (10.3.1) are stronger than no pair of corps and so never break down."""
from __future__ import annotations

from ...state import ELIMINATED, RESERVE
from ..standard.rules import Game as StandardGame
from .state import StbState


class Breakdown:
    """The breakdown half of the system's :class:`~.rules.Game` (reads the game's tables)."""

    def _breakdown_tables(self) -> None:
        """Per piece: the corps type it breaks into (-1 none); per army type, its corps type."""
        tids = self.type_ids
        corps_of = {tids.index(a): tids.index(c) for a, c in self.section.breakdown.items()}
        self.corps_type = [corps_of.get(t, -1) for t in self.p_type]
        self.army_types = {c: a for a, c in corps_of.items()}

    def in_box(self, s: StbState, p: int) -> int:
        """Where an off-map piece waits: RESERVE (the breakdown box) or ELIMINATED; 0 on the map
        or on its way in as a reinforcement (one that came on and was boxed since waits in the
        breakdown box)."""
        h = s.loc[p]
        if h == ELIMINATED or (h == RESERVE and (not self.p_enter_turn[p] or (s.arrived >> p) & 1)):
            return h
        return 0

    def _arrive(self, s: StbState, p: int, h: int) -> None:
        """14.1, 14.2: a reinforcement comes on, once (a breakdown may box it later)."""
        s.arrived |= 1 << p
        StandardGame._arrive(self, s, p, h)

    def _entry_hexes(self, s: StbState, p: int) -> list:
        """A reinforcement that came on already never enters again (it waits in a box)."""
        return [] if (s.arrived >> p) & 1 else StandardGame._entry_hexes(self, s, p)

    def boxed_points(self, s: StbState, side: int) -> int:
        """12.5: the corps or their equivalent in ``side``'s breakdown and eliminated boxes
        (4.1.3: an army two; units in a box are full strength)."""
        return sum(self.t_stack[self.p_type[p]] for p in self.side_pieces[side] if self.in_box(s, p))

    def _boxed_pair(self, s: StbState, side: int, t: int, most: int) -> tuple:
        """10.2.2: two corps of type ``t`` from one box (the breakdown box first) whose full
        strength together is at most ``most``; () none."""
        for box in (RESERVE, ELIMINATED):
            found = [p for p in self.side_pieces[side] if self.p_type[p] == t and self.in_box(s, p) == box]
            if len(found) >= 2 and 2 * self.t_attack[t][0] <= most:
                return tuple(found[:2])
        return ()

    def breakdowns(self, s: StbState, side: int) -> list:
        """10.1.1: ("break", army) for each full-strength army of ``side`` on the map with two
        corps to break into; ("combine", p, q) for two corps in one space (10.1.5: reduced or
        not) whose strength makes an army of theirs waiting in a box (10.2.1)."""
        out = []
        loc, red, ta, pt = s.loc, s.reduced, self.t_attack, self.p_type
        corps_at: dict = {}
        for p in self.side_pieces[side]:
            if loc[p] < 0:
                continue
            t = pt[p]
            if self.corps_type[p] >= 0 and not red[p] and self._boxed_pair(s, side, self.corps_type[p], ta[t][0]):
                out.append(("break", p))
            elif t in self.army_types:
                corps_at.setdefault((loc[p], t), []).append(p)
        for (h, t), ps in sorted(corps_at.items()):
            for i, p in enumerate(ps):
                for q in ps[i + 1:]:
                    if self._army_for(s, side, t, ta[t][red[p]] + ta[t][red[q]])[0] >= 0:
                        out.append(("combine", p, q))
        return out

    def _army_for(self, s: StbState, side: int, corps: int, strength: int) -> tuple:
        """(army, reduced) an army of ``corps``'s kind in a box (the breakdown box first) that
        ``strength`` brings on, full when it reaches the full strength; (-1, 0) none."""
        a = self.army_types[corps]
        full, reduced = self.t_attack[a]
        if strength < reduced:
            return -1, 0
        for box in (RESERVE, ELIMINATED):
            for p in self.side_pieces[side]:
                if self.p_type[p] == a and self.in_box(s, p) == box:
                    return p, int(strength < full)
        return -1, 0

    def _break(self, s: StbState, p: int) -> None:
        """10.2.2: the army to the breakdown box, two corps in its place (with its moves left)."""
        h, side = s.loc[p], self.p_side[p]
        pair = self._boxed_pair(s, side, self.corps_type[p], self.t_attack[self.p_type[p]][0])
        done = (s.done >> p) & 1
        self._lift(s, p)
        s.loc[p], s.reduced[p] = RESERVE, 0
        for q in pair:
            self._put(s, q, h)
            s.reduced[q] = 0
            s.done |= done << q

    def _combine(self, s: StbState, p: int, q: int) -> None:
        """10.2.1: the army from a box in the corps' space, the corps to the breakdown box."""
        h, side, t = s.loc[p], self.p_side[p], self.p_type[p]
        army, reduced = self._army_for(s, side, t, self.t_attack[t][s.reduced[p]] + self.t_attack[t][s.reduced[q]])
        done = ((s.done >> p) | (s.done >> q)) & 1
        for c in (p, q):
            self._lift(s, c)
            s.loc[c], s.reduced[c] = RESERVE, 0
        self._put(s, army, h)
        s.reduced[army] = reduced
        s.done |= done << army

    def _lose_step(self, s: StbState, p: int, by_side: int, kill: bool = False, card=None) -> None:
        """11.9.2: an army flipped sends a corps of its kind from the breakdown box to the
        eliminated box; 11.9.4: a reduced army eliminated brings one back from the eliminated
        box to the breakdown box."""
        t = self.corps_type[p]
        if t >= 0:
            step = not kill and not s.reduced[p]
            take = RESERVE if step else ELIMINATED if s.reduced[p] else 0
            if take:
                c = next((c for c in self.side_pieces[self.p_side[p]] if self.p_type[c] == t and self.in_box(s, c) == take), -1)
                if c >= 0:
                    s.loc[c], s.reduced[c] = ELIMINATED if step else RESERVE, 0
        StandardGame._lose_step(self, s, p, by_side, kill, card)
