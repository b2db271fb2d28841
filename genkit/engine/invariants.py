"""Consistency checks of a state against its game definition (used by tests and --check runs).

:func:`check_invariants` first runs :func:`_all_hold`, a one-pass test of every
invariant that only answers yes or no (the common case in long simulations: a
consistent state); only when it says no are the sentences worked out by
:func:`_violations`, which checks the same invariants one by one. ``_all_hold``
is sound by construction: whenever it says yes, ``_violations`` finds nothing
(tests/engine/test_invariants.py breaks states at random to check it).

No unit attacks, or is hit by, its own side (9.0, 11.5), checked twice and apart
from the rules' own choices, by the counter mix's side of each piece:

* in the state, on every check: the units that attacked in the current combat
  phase (``attacked``) and those attacked in it (``defended``) share no side;
* in the event stream, when the state records one: every BATTLE's lead is of the
  attacking side and its defender of the other, and no REDUCED / ELIMINATED unit
  is of its ``by_side``. :func:`_own_side_hits` reads only the events appended
  since the last clean check of the same list (a list cut short is read again
  from its start), so a check per step stays cheap.
"""
from __future__ import annotations

from . import events as ev
from .state import ELIMINATED, REMOVED, RESERVE, State

_OFF_MAP = (RESERVE, ELIMINATED, REMOVED)


def check_invariants(state: State) -> list:
    """Every violated invariant as a sentence; empty when the state is consistent."""
    hits = _own_side_hits(state) if state.events else []
    try:
        if _all_hold(state):
            return hits
    except Exception:         # malformed state: let the detailed check report (or raise) it
        pass
    return _violations(state) + hits


def _tables(g) -> tuple:
    """Per-game constants of the fast check, built on first use."""
    t = getattr(g, "_inv_tables", None)
    if t is None or t[0] is not g:
        b = g.board
        empty = [-1] * b.n
        masks = tuple(sum(1 << p for p in pieces) for pieces in g.side_pieces)
        t = (g, empty, frozenset(range(g.ncards)), g.ncards, tuple(g.t_ks), 1 << g.ntypes, masks)
        g._inv_tables = t
    return t


def _all_hold(state: State) -> bool:
    """True when every invariant of :func:`_violations` holds (no sentences)."""
    g = state.game
    _, empty, all_cards, ncards, t_ks, type_limit, side_masks = _tables(g)
    loc = state.loc
    n = g.npieces
    if len(loc) != n:
        return False
    occ = state.occ
    cost = g.board.cost
    reduced, stopped, facing = state.reduced, state.stopped, state.facing
    expect = empty[:]
    if len(occ) != len(expect):
        return False
    for p, w in enumerate(loc):
        if w >= 0:
            if expect[w] != -1 or not cost[w]:
                return False
            expect[w] = p
        elif w != RESERVE and w != ELIMINATED and w != REMOVED:
            return False
        elif reduced[p] or stopped[p]:
            return False
        f = facing[p]
        if not 0 <= f < 6:
            return False
    if expect != occ:
        return False
    hands = state.hands
    count = len(state.deck) + len(state.discard)
    cards = set(state.deck)
    cards.update(state.discard)
    limit = g.hand_limit
    for hand in hands:
        if len(hand) > limit:
            return False
        count += len(hand)
        cards.update(hand)
    if state.playing >= 0:
        count += 1
        cards.add(state.playing)
    if count != ncards or cards != all_cards:
        return False
    streak = state.streak
    nt = g.ntypes
    nsides = len(g.side_ids)
    for side in range(nsides):
        k = side * nt
        for t in range(nt):
            v = streak[k + t]
            if not 0 <= v <= t_ks[t]:
                return False
        if state.invuln[side] >= type_limit or state.invuln[side] < 0 or state.due[side] < 0:
            return False
    if not 1 <= state.turn <= g.turns:
        return False
    if state.ended and state.winner not in range(-1, nsides):
        return False
    attacked, defended = state.attacked, state.defended
    for m in side_masks:
        if attacked & m and defended & m:
            return False
    return True


def _violations(state: State) -> list:
    """Every violated invariant as a sentence (the detailed check)."""
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
    for side in range(len(g.side_ids)):
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
    if state.ended and state.winner not in range(-1, len(g.side_ids)):
        errs.append(f"winner {state.winner}")
    errs += _own_side_combat(state)
    return errs


def _own_side_combat(state: State) -> list:
    """9.0: a side's units that attacked in this combat phase never include one it attacked."""
    g = state.game
    errs = []
    for side, pieces in enumerate(g.side_pieces):
        attackers = [p for p in pieces if (state.attacked >> p) & 1]
        targets = [p for p in pieces if (state.defended >> p) & 1]
        if attackers and targets:
            errs.append(f"side {g.side_ids[side]} attacked its own units this phase: "
                        f"pieces {attackers} attacked, pieces {targets} were attacked")
    return errs


def _own_side_hits(state: State) -> list:
    """9.0 / 11.5 over the events appended since the last clean check of ``state.events``:
    a BATTLE's lead is of the attacking side and its defender is not; a REDUCED or
    ELIMINATED unit is never of its ``by_side``. Sides are the counter mix's."""
    g = state.game
    events = state.events
    seen_list, start, last = getattr(g, "_inv_events", (None, 0, None))
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
        g._inv_events = (events, len(events), events[-1])
    return errs
