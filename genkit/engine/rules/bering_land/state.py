"""Bering Land's position: the generic pieces and sequence (:class:`genkit.engine.state.State`)
plus what only this game has, and the decision stages of its sequence of play.

Per piece: ``stopped`` (the game turn in which the piece sits out its side's player turn,
0 = not stopped; Air Drone, 11.3), ``lost`` (its strength when it was last eliminated, 10.3).

Per side (index = position in ``content.game.sides``): ``streak`` (killstreak markers,
side-major: ``side * n_types + type``), ``due`` (cards due at the next housekeeping),
``hands`` (card copy ids), ``invuln`` (bit mask of unit-type indices that cannot be attacked
or hit by abilities, Juggernaut).

Cards: ``deck`` (top = last element), ``discard`` (oldest first), ``playing`` (the copy being
resolved, -1 if none).

Decisions: ``stage`` (which decision is pending), ``pend`` (an immutable tuple describing it),
``steps_left`` (respawn steps of the actor). Battle bookkeeping of the current combat phase:
``moved`` (piece moved this player turn, -1 none), ``attacked`` / ``defended`` (bit masks of
piece ids), ``lead`` (lead of the phase's battle, -1 none), ``battle_done``, ``plays`` (cards
played).
"""
from __future__ import annotations

from ...state import State

PASS = ("pass",)      # the action that declines: end a phase, a step, a choice

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


class BeringState(State):
    """A Bering Land position (fields: the module docstring)."""

    __slots__ = ("stopped", "lost", "streak", "due", "deck", "discard", "invuln", "hands",
                 "stage", "pend", "steps_left", "moved", "attacked", "defended", "lead",
                 "battle_done", "plays", "playing")
    LISTS = State.LISTS + ("stopped", "lost", "streak", "due", "deck", "discard", "invuln")
    NESTED = State.NESTED + ("hands",)
    VALUES = State.VALUES + ("stage", "pend", "steps_left", "moved", "attacked", "defended",
                             "lead", "battle_done", "plays", "playing")

    def __repr__(self) -> str:
        return (f"State(turn={self.turn}, phase={self.phase}, stage={STAGE_NAMES.get(self.stage)}, "
                f"actor={self.actor}, ended={bool(self.ended)}, winner={self.winner})")
