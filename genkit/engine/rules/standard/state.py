"""The standard rules' position: the generic :class:`State` plus the pieces' stacks and the
pending decision (docs/standard-rules.md, cases 3, 5, 8 and 9).

Stacks: several pieces may share a hex (case 7). ``occ[h]`` holds the first piece of the
hex's stack (-1 empty) and ``nxt[p]`` the piece under ``p`` (-1 the last): a linked list per
hex, so a copy stays a few flat lists.
"""
from __future__ import annotations

from ...state import State

# stages of the pending decision
PICK, DEST, ATTACKERS, RETREAT, ADVANCE, ENTER, RESTORE, REACT, STRIKE, BLOCK = range(10)
STAGE_NAMES = ("pick", "destination", "attackers", "retreat", "advance", "enter", "restore", "react", "strike",
               "block")


class StandardState(State):
    """A position of a game on the standard rules.

    ``nxt`` (per piece): the next piece of the same hex's stack, -1 none. ``stage``: the
    pending decision (PICK ...). ``chosen``: the unit picked (DEST), the reinforcement being
    placed (ENTER) or -1; ``march``: 1 when the unit picked marches (case 5.6). ``done``: bit
    mask of the pieces that moved (movement phase) or attacked (combat phase) in this phase;
    ``marched``: pieces that marched this turn; ``hit``: bit mask of the hexes attacked this
    phase; ``nmoved``: units moved this phase. ``sub``: for a phase naming no side, which side
    of the turn order acts (0, 1). ``points``: replacement points left. ``target``: the hex
    attacked (-1 none); ``attackers``: bit mask of the pieces attacking it. Retreat (case 9.2):
    ``rq`` the pieces still to retreat (the first is retreating), ``rleft`` hexes it still has
    to go, ``rorigin`` the hex it started from, ``rvisited`` bit mask of the hexes it left.
    ``adv``: the attackers that may still advance (case 9.5). ``by``: 1 when the attacker reads
    the battle the other way (case 8.13), else 0. ``rolled``: per phase roll of the game, the
    result in force ("" before its first roll; case 14.5)."""
    __slots__ = (
        "adv",
        "attackers",
        "by",
        "chosen",
        "done",
        "hit",
        "march",
        "marched",
        "nmoved",
        "nxt",
        "points",
        "rleft",
        "rn",
        "rorigin",
        "rolled",
        "rq",
        "rvisited",
        "stage",
        "sub",
        "target",
    )
    LISTS = State.LISTS + ("nxt",)
    NESTED = State.NESTED
    VALUES = State.VALUES + ("stage", "chosen", "march", "done", "marched", "hit", "nmoved", "sub", "points",
                             "target", "attackers", "rq", "rn", "rleft", "rorigin", "rvisited", "adv", "by", "rolled")


class CardState(StandardState):
    """A position of a game on the standard rules that plays cards (case 13): a card is an int,
    its index among the copies of the played decks. ``hands``: per side, the cards it holds;
    ``piles`` and ``discards``: per deck, its draw pile (the top is the last card) and its
    discards; ``plays``: per side, the cards it played this phase; ``cshift``, ``cdrm``: the
    cards' shift and die-roll modifier of the battle being fought; ``cback``: 1 while a card's
    arrival or restoring (ENTER, RESTORE) interrupts a movement phase; ``early``: bit mask of
    the pieces a card brought on before their turn; ``blocked``: per side, bit mask of the
    spaces its units may not enter until the end of the game turn (case 13.13). While a card
    hits units or blocks spaces (STRIKE, BLOCK), ``chosen`` is the card and ``points`` the
    targets still to choose."""
    __slots__ = ("blocked", "cback", "cdrm", "cshift", "discards", "early", "hands", "piles", "plays")
    LISTS = StandardState.LISTS
    NESTED = StandardState.NESTED
    VALUES = StandardState.VALUES + ("hands", "piles", "discards", "plays", "cshift", "cdrm", "cback", "early",
                                             "blocked")
