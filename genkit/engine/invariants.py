"""Consistency checks of a state against its game definition (used by tests and --check runs)."""
from __future__ import annotations

from .state import ELIMINATED, REMOVED, RESERVE, State


def check_invariants(state: State) -> list:
    """Every violated invariant as a sentence; empty when the state is consistent."""
    g = state.game
    b = g.board
    errs = []
    n = g.npieces
    if len(state.loc) != n:
        errs.append(f"{len(state.loc)} pieces in the state, the counter mix has {n}")
    seen = {}
    for p, w in enumerate(state.loc):
        if w >= 0:
            if w in seen:
                errs.append(f"pieces {seen[w]} and {p} share hex {b.grid.id_of(w)}")
            seen[w] = p
            if state.occ[w] != p:
                errs.append(f"piece {p} at {b.grid.id_of(w)} but the hex records {state.occ[w]}")
            if not b.cost[w]:
                errs.append(f"piece {p} on impassable hex {b.grid.id_of(w)}")
        elif w not in (RESERVE, ELIMINATED, REMOVED):
            errs.append(f"piece {p} has unknown location {w}")
        else:
            if state.reduced[p]:
                errs.append(f"off-map piece {p} is reduced")
            if state.stopped[p]:
                errs.append(f"off-map piece {p} is stopped")
        if not 0 <= state.facing[p] < 6:
            errs.append(f"piece {p} has facing {state.facing[p]}")
    for h, p in enumerate(state.occ):
        if p >= 0 and state.loc[p] != h:
            errs.append(f"hex {b.grid.id_of(h)} records piece {p} which is elsewhere")
    cards = list(state.deck) + list(state.discard) + [c for hand in state.hands for c in hand]
    if state.playing >= 0:
        cards.append(state.playing)
    if sorted(cards) != list(range(g.ncards)):
        errs.append(f"cards not conserved: {len(cards)} found, {g.ncards} in the model")
    for side, hand in enumerate(state.hands):
        if len(hand) > g.hand_limit:
            errs.append(f"side {g.side_ids[side]} holds {len(hand)} cards, limit {g.hand_limit}")
    for side in range(2):
        for t in range(g.ntypes):
            v = state.streak[side * g.ntypes + t]
            if not 0 <= v <= g.t_ks[t]:
                errs.append(f"killstreak {g.side_ids[side]}/{g.types[t].id} at {v}")
        if state.invuln[side] >> g.ntypes:
            errs.append(f"invulnerability mask {state.invuln[side]} names unknown types")
        if state.due[side] < 0:
            errs.append(f"negative cards due for {g.side_ids[side]}")
    if not 1 <= state.turn <= g.turns:
        errs.append(f"turn {state.turn} outside 1..{g.turns}")
    if state.ended and state.winner not in (-1, 0, 1):
        errs.append(f"winner {state.winner}")
    return errs
