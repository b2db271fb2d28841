"""The one mutable game state of the rules engine: flat lists of small ints.

Everything a game position needs lives here, in plain Python lists and ints so
that :meth:`State.copy` is a handful of list slices. The meaning of the numbers
is fixed by the rules module (:mod:`genkit.engine.rules`); nothing here knows a
particular game.

Per piece (index = piece id, in the order of ``content.counters.units``):
``loc`` (hex index >= 0, or RESERVE / ELIMINATED / REMOVED), ``reduced`` (0/1),
``facing`` (0..5, direction index of :mod:`genkit.hexes`), ``stopped`` (the game
turn in which the piece sits out its side's player turn, 0 = not stopped),
``lost`` (its strength when it was last eliminated).

Per side (index = position in ``content.game.sides``): ``streak`` (killstreak
markers, side-major: ``side * n_types + type``), ``due`` (cards due at the next
housekeeping), ``hands`` (card copy ids), ``invuln`` (bit mask of unit-type
indices that cannot be attacked or hit by abilities).

Cards: ``deck`` (top = last element) and ``discard`` (oldest first), and
``playing`` (the copy being resolved, -1 if none).

Sequence: ``turn`` (1-based), ``phase`` (index into the sequence of play),
``stage`` (which decision is pending), ``actor`` (side index deciding),
``pend`` (an immutable tuple describing the pending decision), ``steps_left``
(respawn steps of the actor).

Battle bookkeeping of the current combat phase: ``moved`` (piece moved this
player turn, -1 none), ``attacked`` / ``defended`` (bit masks of piece ids),
``lead`` (lead of the phase's battle, -1 none), ``battle_done``, ``plays``
(cards played).

Chance: ``rng`` (64-bit generator state), ``nrolls`` (dice rolled so far).
End: ``ended``, ``winner`` (side index or -1), ``reason``.

Not part of the position (neither copied nor digested): ``trace`` (None or a
list collecting ``(face, purpose)`` of every die rolled), ``events`` (None or a
list collecting event records, see :mod:`genkit.engine.events`), ``legal`` (the
cached legal actions of the pending decision).
"""
from __future__ import annotations

import hashlib
import json

RESERVE = -1
ELIMINATED = -2
REMOVED = -3          # consumed by combining (10.3): out of the game for good

# Stages: the decision that is pending.
S_OVER = 0
S_RESPAWN = 1         # choose a respawn step or decline
S_RESPAWN_HEX = 2     # choose the hex for the chosen placement / combination
S_MOVE_UNIT = 3       # choose a unit to move or pass
S_MOVE_DEST = 4       # choose the chosen unit's destination (and facing)
S_COMBAT = 5          # start a battle, play a card, or end the phase
S_JOIN = 6            # one eligible joiner at a time: join or skip
S_CARD_TARGET = 7     # choose the target of the card being played
S_DRONE = 8           # choose a unit to stop (Air Drone style)
S_EXTRA = 9           # choose the target of an extra attack (Double Barrel style)

STAGE_NAMES = {S_OVER: "over", S_RESPAWN: "respawn", S_RESPAWN_HEX: "respawn_hex",
               S_MOVE_UNIT: "move_unit", S_MOVE_DEST: "move_dest", S_COMBAT: "combat",
               S_JOIN: "join", S_CARD_TARGET: "card_target", S_DRONE: "drone", S_EXTRA: "extra"}

_LISTS = ("loc", "reduced", "facing", "stopped", "lost", "occ", "streak", "due",
          "deck", "discard", "invuln")
_INTS = ("turn", "phase", "stage", "actor", "steps_left", "moved", "attacked", "defended",
         "lead", "battle_done", "plays", "playing", "rng", "nrolls", "ended", "winner")
# (State.copy lists the _INTS one by one: keep it in step when adding one)


class State:
    """A game position. Mutated in place by ``Game.apply``; copy with :meth:`copy`."""

    __slots__ = _LISTS + _INTS + ("hands", "pend", "reason", "game", "trace", "legal", "events")

    def copy(self) -> "State":
        """A deep copy sharing only immutable parts (the game definition, tuples)."""
        new = State.__new__(State)
        new.loc = self.loc[:]
        new.reduced = self.reduced[:]
        new.facing = self.facing[:]
        new.stopped = self.stopped[:]
        new.lost = self.lost[:]
        new.occ = self.occ[:]
        new.streak = self.streak[:]
        new.due = self.due[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.invuln = self.invuln[:]
        new.hands = [h[:] for h in self.hands]
        new.turn = self.turn
        new.phase = self.phase
        new.stage = self.stage
        new.actor = self.actor
        new.steps_left = self.steps_left
        new.moved = self.moved
        new.attacked = self.attacked
        new.defended = self.defended
        new.lead = self.lead
        new.battle_done = self.battle_done
        new.plays = self.plays
        new.playing = self.playing
        new.rng = self.rng
        new.nrolls = self.nrolls
        new.ended = self.ended
        new.winner = self.winner
        new.pend = self.pend
        new.reason = self.reason
        new.game = self.game
        new.trace = None
        new.events = None
        new.legal = self.legal
        return new

    def as_dict(self) -> dict:
        """Canonical plain-data form (everything but the game definition and caches)."""
        out = {name: list(getattr(self, name)) for name in _LISTS}
        out.update({name: getattr(self, name) for name in _INTS})
        out["hands"] = [list(h) for h in self.hands]
        out["pend"] = _plain(self.pend)
        out["reason"] = self.reason
        return out

    def digest(self) -> str:
        """sha256 of the canonical serialisation: equal states give equal digests."""
        text = json.dumps(self.as_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def __repr__(self) -> str:
        return (f"State(turn={self.turn}, phase={self.phase}, stage={STAGE_NAMES.get(self.stage)}, "
                f"actor={self.actor}, ended={bool(self.ended)}, winner={self.winner})")


def _plain(value):
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value
