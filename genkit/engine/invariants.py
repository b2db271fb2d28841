"""Consistency checks of a state (used by tests and ``--check`` runs): the generic invariants
of pieces and sequence, here; a game's own, from :meth:`GameRules.state_problems`.

:func:`check_invariants` first runs :func:`_pieces_hold`, a one-pass test that only answers
yes or no (the common case in long simulations: a consistent state); only when it says no are
the sentences worked out by :func:`_violations`. ``_pieces_hold`` is sound by construction:
whenever it says yes, ``_violations`` finds nothing (tests/engine/test_invariants.py breaks
states at random to check it).

No unit attacks, or is hit by, its own side: in the event stream, when the state records
one, every Battle's lead is of the attacking side and its defender of another, and no
Reduced / Eliminated unit is of its ``by_side``, by the counter mix's side of each piece.
:func:`_own_side_hits` reads only the events appended since the last clean check of the same
list (a list cut short is read again from its start), so a check per step stays cheap.
"""
from __future__ import annotations

from . import events as ev
from .state import ELIMINATED, REMOVED, RESERVE, State

_OFF_MAP = (RESERVE, ELIMINATED, REMOVED)
_read_up_to: dict = {}       # id(game) -> (events list, events read, last event read)


def check_invariants(state: State) -> list:
    """Every violated invariant as a sentence; empty when the state is consistent."""
    game = state.game
    hits = _own_side_hits(state) if state.events else []
    try:
        generic = [] if _pieces_hold(state) else _violations(state)
    except Exception:         # malformed state: let the detailed check report (or raise) it
        generic = _violations(state)
    return generic + game.state_problems(state) + hits


def _pieces_hold(state: State) -> bool:
    """True when every invariant of :func:`_violations` holds (no sentences)."""
    g = state.game
    loc, occ = state.loc, state.occ
    if len(loc) != g.npieces or len(occ) != g.board.n:
        return False
    cost = g.board.cost
    reduced, facing = state.reduced, state.facing
    stacks = g.module.stacks
    held = {}                   # occupied hex -> its first piece
    for p, w in enumerate(loc):
        if w >= 0:
            if (w in held and not stacks) or not cost[w]:
                return False
            held.setdefault(w, p)
        elif w != RESERVE and w != ELIMINATED and w != REMOVED:
            return False
        elif reduced[p]:
            return False
        if not 0 <= facing[p] < 6:
            return False
    if len(occ) - occ.count(-1) != len(held):    # the hexes that record a piece: those held
        return False
    npieces = len(loc)
    for h, p in held.items():   # stacks: occ names one piece of the hex, any of its stack
        q = occ[h]
        if q != p and not (stacks and 0 <= q < npieces and loc[q] == h):
            return False
    if not 1 <= state.turn <= g.turns:
        return False
    return not (state.ended and state.winner not in range(-1, len(g.side_ids)))


def _violations(state: State) -> list:
    """Every violated generic invariant as a sentence (the detailed check)."""
    g = state.game
    b = g.board
    stacks = g.module.stacks
    errs = []
    if len(state.loc) != g.npieces:
        errs.append(f"{len(state.loc)} pieces in the state, the counter mix has {g.npieces}")
    seen = {}
    for p, w in enumerate(state.loc):
        if w >= 0:
            if w in seen and not stacks:
                errs.append(f"pieces {seen[w]} and {p} share hex {b.grid.id_of(w)}")
            seen.setdefault(w, p)
            if state.occ[w] != p and not (stacks and state.occ[w] >= 0):
                errs.append(f"piece {p} at {b.grid.id_of(w)} but the hex records {state.occ[w]}")
            if not b.cost[w]:
                errs.append(f"piece {p} on impassable hex {b.grid.id_of(w)}")
        elif w not in _OFF_MAP:
            errs.append(f"piece {p} has unknown location {w}")
        elif state.reduced[p]:
            errs.append(f"off-map piece {p} is reduced")
        if not 0 <= state.facing[p] < 6:
            errs.append(f"piece {p} has facing {state.facing[p]}")
    for h, p in enumerate(state.occ):
        if p >= 0 and (p >= len(state.loc) or state.loc[p] != h):
            errs.append(f"hex {b.grid.id_of(h)} records piece {p} which is elsewhere")
    if not 1 <= state.turn <= g.turns:
        errs.append(f"turn {state.turn} outside 1..{g.turns}")
    if state.ended and state.winner not in range(-1, len(g.side_ids)):
        errs.append(f"winner {state.winner}")
    return errs


def _own_side_hits(state: State) -> list:
    """Over the events appended since the last clean check of ``state.events``: a Battle's lead
    is of the attacking side and its defender is not; a Reduced or Eliminated unit is never of
    its ``by_side``. Sides are the counter mix's."""
    g = state.game
    events = state.events
    seen_list, start, last = _read_up_to.get(id(g), (None, 0, None))
    if seen_list is not events or start > len(events) or (start and events[start - 1] is not last):
        start = 0
    side_of = g.side_ids
    p_side = g.p_side
    errs = []
    for k in range(start, len(events)):
        e = events[k]
        kind = e.kind
        if kind == ev.BATTLE:
            if side_of[p_side[e.lead]] != e.side or side_of[p_side[e.defender]] == e.side:
                errs.append(f"event {k}: side {e.side} battle led by piece {e.lead} "
                            f"({side_of[p_side[e.lead]]}) against piece {e.defender} "
                            f"({side_of[p_side[e.defender]]})")
        elif (kind == ev.REDUCED or kind == ev.ELIMINATED) and side_of[p_side[e.piece]] == e.by_side:
            errs.append(f"event {k}: piece {e.piece} of side {e.by_side} {kind} by its own side")
    if not errs:
        if len(_read_up_to) > 64:
            _read_up_to.clear()
        _read_up_to[id(g)] = (events, len(events), events[-1])
    return errs
