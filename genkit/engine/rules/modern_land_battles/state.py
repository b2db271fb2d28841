"""A position of Modern Land Battles.

Per Force card ``f`` (index in the force deck): ``area`` (BREAKTHROUGH, FLANKING, TERRAIN, or
RESERVE, DESTROYED, OUT: a card of a nation nobody commands), ``row`` (0 the first row), ``hits``,
``acted``. Action cards by kind index: ``pile`` (the draw pile, top last), ``discard``, ``hands``
(one list per side), ``pools`` (per side, the cards bought into its action card pool, optional
rule 8.3: held face down beside the hand). Terrain: ``terrain_order`` (the shuffled deck), ``terrain_at`` (the index
in it of the face-up card; its length when none is left), ``control`` (the counter's square, 0
the start, positive toward the first side), ``secured`` (per terrain card, the side that holds it
or -1). ``superior``: counters in play, positive the first side's, negative the second's.
``nations``: the nation id each side drew; ``side_forces``: per side, the indices of its nation's
Force cards; ``f_side``: per Force card, the side that commands it (-1 none): all three fixed
at set-up, shared by copies. ``stage`` and the rest: the pending decision (module :mod:`.rules`)."""
from __future__ import annotations

from ...state import State

BREAKTHROUGH, FLANKING, TERRAIN = 0, 1, 2
AREAS = ("Breakthrough", "Flanking", "Terrain")
RESERVE, DESTROYED, OUT = -1, -2, -3

# stages of the pending decision
BUY, ACTION, REACT, FOLLOW, DISCARD, SPEND, TAKE, BENEFIT = range(8)


class MlbState(State):
    """Modern Land Battles' position (module docstring). ``pending``: the action awaiting its
    reaction, a tuple (kind, force, target, area, count); ``flags``: bit 1 an enemy force was
    destroyed, bit 2 a terrain card secured during the current action; ``budget``: the
    reinforcement points not spent yet; ``first``: the side that acts first each game turn;
    ``bought``: VP of each side's starting army."""
    __slots__ = ("area", "row", "hits", "acted", "pile", "discard", "hands", "pools", "terrain_order", "secured",
                 "bought", "terrain_at", "control", "superior", "stage", "pending", "flags", "budget", "first",
                 "nations", "side_forces", "f_side")
    LISTS = State.LISTS + ("area", "row", "hits", "acted", "pile", "discard", "terrain_order", "secured", "bought")
    NESTED = State.NESTED + ("hands", "pools")
    VALUES = State.VALUES + ("terrain_at", "control", "superior", "stage", "pending", "flags", "budget", "first",
                             "nations", "side_forces", "f_side")
