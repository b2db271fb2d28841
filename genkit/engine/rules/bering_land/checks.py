"""Bering Land's own invariants of a position (the generic ones: :mod:`genkit.engine.invariants`).

:func:`state_problems` first runs :func:`_all_hold`, a one-pass yes/no test; only when it
says no are the sentences worked out by :func:`_violations`, which checks the same invariants
one by one (tests/engine/test_invariants.py breaks states at random to check the two agree).

9.0: no unit attacks its own side. In the state, on every check: the units that attacked in
the current combat phase (``attacked``) and those attacked in it (``defended``) share no side.
"""
from __future__ import annotations

from .state import BeringState


def state_problems(g, state: BeringState) -> list:
    """Every violated Bering Land invariant of ``state`` as a sentence."""
    try:
        if _all_hold(g, state):
            return []
    except Exception:         # malformed state: the detailed check reports (or raises) it
        pass
    return _violations(g, state)


def _all_hold(g, state: BeringState) -> bool:
    loc, stopped = state.loc, state.stopped
    for p, w in enumerate(loc):
        if w < 0 and stopped[p]:
            return False
    count = len(state.deck) + len(state.discard)
    cards = set(state.deck)
    cards.update(state.discard)
    for hand in state.hands:
        if len(hand) > g.hand_limit:
            return False
        count += len(hand)
        cards.update(hand)
    if state.playing >= 0:
        count += 1
        cards.add(state.playing)
    if count != g.ncards or cards != g.all_cards:
        return False
    streak, nt, t_ks = state.streak, g.ntypes, g.t_ks
    for side in range(len(g.side_ids)):
        k = side * nt
        for t in range(nt):
            if not 0 <= streak[k + t] <= t_ks[t]:
                return False
        if not 0 <= state.invuln[side] < 1 << nt or state.due[side] < 0:
            return False
    attacked, defended = state.attacked, state.defended
    for m in g.side_masks:
        if attacked & m and defended & m:
            return False
    return True


def _violations(g, state: BeringState) -> list:
    errs = []
    for p, w in enumerate(state.loc):
        if w < 0 and state.stopped[p]:
            errs.append(f"off-map piece {p} is stopped")
    cards = list(state.deck) + list(state.discard) + [c for hand in state.hands for c in hand]
    if state.playing >= 0:
        cards.append(state.playing)
    if sorted(cards) != list(range(g.ncards)):
        errs.append(f"cards not conserved: {len(cards)} found, {g.ncards} in the model")
    for side, hand in enumerate(state.hands):
        if len(hand) > g.hand_limit:
            errs.append(f"side {g.side_ids[side]} holds {len(hand)} cards, limit {g.hand_limit}")
    for side in range(len(g.side_ids)):
        for t in range(g.ntypes):
            v = state.streak[side * g.ntypes + t]
            if not 0 <= v <= g.t_ks[t]:
                errs.append(f"killstreak {g.side_ids[side]}/{g.types[t].id} at {v}")
        if state.invuln[side] >> g.ntypes or state.invuln[side] < 0:
            errs.append(f"invulnerability mask {state.invuln[side]} names unknown types")
        if state.due[side] < 0:
            errs.append(f"negative cards due for {g.side_ids[side]}")
    for side, pieces in enumerate(g.side_pieces):
        attackers = [p for p in pieces if (state.attacked >> p) & 1]
        targets = [p for p in pieces if (state.defended >> p) & 1]
        if attackers and targets:
            errs.append(f"side {g.side_ids[side]} attacked its own units this phase: "
                        f"pieces {attackers} attacked, pieces {targets} were attacked")
    return errs
