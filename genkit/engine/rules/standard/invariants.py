"""The standard rules' invariants (docs/standard-rules.md cases 7, 9.2 and 13.8): every piece
in its hex's stack and only there, one side a hex within the stacking limit, no reinforcement on
the map before its turn (unless a card brought it), a retreat with a unit retreating, the actor
the phase's side (or, in the game's answer stages, the retreating side or the defender reacting),
no unit on a space blocked to its side (case 13.13)."""
from __future__ import annotations

from .state import RETREAT, StandardState


class Invariants:
    """The invariants half of :class:`~.rules.Game` (a mixin: reads the game's tables)."""

    def state_problems(self, s: StandardState) -> list:
        out = [] if self._stacks_hold(s) else self._stack_problems(s)
        if s.stage == RETREAT and not s.rq:
            out.append("a retreat with no unit retreating")
        if not s.ended and s.actor != self.phase_actor(s) and s.stage not in self.answer_stages:
            out.append(f"actor {s.actor} is not the phase's side")
        if self.cards is not None and self.cards.blocks:           # case 13.13
            out += [f"piece {p} stands on {self.board.grid.id_of(h)}, blocked to its side"
                    for p, h in enumerate(s.loc) if h >= 0 and (s.blocked[self.p_side[p]] >> h) & 1]
        return out

    def _stacks_hold(self, s: StandardState) -> bool:
        """True when :meth:`_stack_problems` finds nothing (one quick pass, no sentences): every
        piece on the map is in the stack of its hex and only there, a stack holds one side within
        the stacking limit, off-map pieces are linked to none, no reinforcement is early."""
        loc, occ, nxt, p_side, t_stack, pt = s.loc, s.occ, s.nxt, self.p_side, self.t_stack, self.p_type
        on = [h for h in loc if h >= 0]
        held = set(on)
        # every hex held records a stack, and only those; each stack's last piece and every piece
        # off the map are linked to none
        if len(occ) - occ.count(-1) != len(held) or nxt.count(-1) != len(held) + len(loc) - len(on):
            return False
        walked, cap = 0, self.npieces
        for h in held:
            q = occ[h]
            side, load = p_side[q], 0
            while q >= 0:
                if loc[q] != h or (p_side[q] != side and not self.shared) or walked >= cap:
                    return False
                load, walked, q = load + t_stack[pt[q]], walked + 1, nxt[q]
            if load > self.h_limit[h] * (2 if self.shared else 1):
                return False
        due, turn = self.p_enter_turn, s.turn
        early = s.early if self.cards is not None else 0        # case 13.4: brought on by a card
        return walked == len(on) and not any(loc[p] >= 0 and due[p] > turn and not (early >> p) & 1
                                             for p in self.late)

    def _stack_problems(self, s: StandardState) -> list:
        """The sentences of what :meth:`_stacks_hold` tests."""
        out = []
        grid = self.board.grid
        seen = [0] * self.npieces
        for h, top in enumerate(s.occ):
            if top < 0:
                continue
            pieces = []
            p = top
            while p >= 0 and len(pieces) <= self.npieces:
                pieces.append(p)
                p = s.nxt[p]
            for q in pieces:
                seen[q] += 1
                if s.loc[q] != h:
                    out.append(f"piece {q} in the stack of {grid.id_of(h)} but at {s.loc[q]}")
            if len({self.p_side[q] for q in pieces}) > 1 and not self.shared:
                out.append(f"hex {grid.id_of(h)} holds units of both sides")
            load = sum(self.t_stack[self.p_type[q]] for q in pieces)
            if load > self.h_limit[h] * (2 if self.shared else 1):
                out.append(f"hex {grid.id_of(h)} holds {load} > the stacking limit {self.h_limit[h]}")
        for p, h in enumerate(s.loc):
            if (h >= 0) != (seen[p] == 1):
                out.append(f"piece {p} at {h} is in {seen[p]} stacks")
            if h < 0 and s.nxt[p] != -1:
                out.append(f"off-map piece {p} is linked to {s.nxt[p]}")
            if h >= 0 and self.p_enter_turn[p] > s.turn and not (self.cards is not None and (s.early >> p) & 1):
                out.append(f"piece {p} is on the map before its turn {self.p_enter_turn[p]}")
        return out
