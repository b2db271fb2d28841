"""The opt-in event stream of the rules engine: what happened, at the moment it happened.

Off by default and free when off: ``State.events`` is None and the rules only
test ``s.events is not None`` at the few places where something happens. Turn
it on with ``game.initial_state(seed, events=[])`` (or ``play_game(...,
events=[])``, or by setting ``state.events = []`` on a live state); the rules
module then appends one small record per event. Events never change the game:
digests, rolls and logs are identical with events on and off. ``State.copy``
does not carry the list over (the copy's ``events`` is None).

Every event is a typed record with named fields: one :class:`typing.NamedTuple`
class per kind (the table below), whose first field ``kind`` is the kind's
constant (``BATTLE`` = ``"battle"``, ...). Build an event by its class, giving
every field but ``kind`` (``Reduced(side="ru", type="inf", piece=7, by_side="us",
ability=None)``); read it by field name (``e.kind``, ``e.side``, ``e.piece``),
never by position or slice. Being tuples, records compare equal to the plain
tuples of the same values, pickle, and serialise to JSON as the same lists as
before (the kept transcripts of ``tests/engine/transcripts``).

Sides, unit types, abilities and attack types are content ids (strings, as in
the YAML: ``"us"``, ``"inf"``, ``"air_strike"``, ``"primary"``); ``piece`` is
the piece id (index into ``State.loc``), ``card`` the card copy id, ``hex`` a
hex id string (``"0305"``), ``turn`` the game turn.

Generic kinds (any game of the engine can emit them): BATTLE, REDUCED,
ELIMINATED, BASE_ENTERED, GAME_END (:data:`GENERIC_KINDS`). The others are
Bering Land's own (killstreak cards, Juggernaut, Air Drone, replacement steps:
:data:`BERING_LAND_KINDS`, marked *[BL]* below); they stay here for now and will
move to :mod:`genkit.engine.rules.bering_land` with a later refactor.

==============================  ===============================================================
kind / class                    fields (after ``kind``) and meaning
==============================  ===============================================================
BATTLE / :class:`Battle`        ``side, lead_type, attack_type, column, face, result,
                                defender_type, eliminated, n_attackers, lead, defender``: a
                                battle was resolved (also an extra attack). ``attack_type``
                                names the CRT row actually read (9.1: above the highest column
                                that is the last row, whatever the lead's distance).
                                ``column`` is the differential printed on the CRT column used,
                                ``face`` the die face, ``result`` the CRT result code; all three
                                are None when the battle missed without a roll (``below_lowest:
                                miss``). ``eliminated`` (bool): the defender was eliminated.
                                ``n_attackers`` counts the lead; ``lead`` and ``defender`` are
                                pieces. Appended before the REDUCED / ELIMINATED / KILLSTREAK
                                it causes.
REDUCED / :class:`Reduced`      ``side, type, piece, by_side, ability``: a unit flipped to its
                                reduced side; ``ability`` None = by battle (the only cause in
                                Bering Land).
ELIMINATED / :class:`Eliminated`  ``side, type, piece, by_side, ability``: a unit was
                                eliminated; ``ability`` None = by battle, else the ability id
                                of the card.
KILLSTREAK / :class:`Killstreak`  *[BL]* ``side, type``: a kill by ``type`` completed (or was
                                made on a completed) killstreak track: one card more is due to
                                ``side``.
CARD_DRAWN / :class:`CardDrawn`  *[BL]* ``side, ability, card, source``: a card went into the
                                hand; ``source`` "draw" (housekeeping, 11.1) or the ability id
                                of the card that fetched it (Care Package).
CARD_LOST / :class:`CardLost`   *[BL]* ``side, ability, card, why, source``: a card due /
                                fetched was not kept: ``why`` "hand_limit" (11.3: it went to
                                the discards) or "empty_deck" (then ``ability`` is None and
                                ``card`` -1: nothing could be drawn); ``source`` as for
                                CARD_DRAWN.
CARD_PLAYED / :class:`CardPlayed`  *[BL]* ``side, ability, card, worked``: a card was played;
                                appended when its roll is known (for target-choosing cards
                                after the target choice, before the effects). ``worked``
                                (bool): its roll(s) succeeded (always True for a card without
                                a roll; Air Drone: the first pick, which needs no roll).
CARD_HELD / :class:`CardHeld`   *[BL]* ``side, ability, card``: the card was still in the hand
                                when the game ended (one per card, appended just before
                                GAME_END).
STOPPED / :class:`Stopped`      *[BL]* ``side, type, piece, until_turn, ability, by_side``: a
                                unit will sit out its side's player turn ``until_turn`` (Air
                                Drone).
INVULNERABLE /                  *[BL]* ``side, ability, types``: the side's units of the
:class:`Invulnerable`           ``types`` (tuple of type ids) cannot be attacked or hit until
                                its next combat phase.
INVULNERABLE_END /              *[BL]* ``side``: that window closed (the side's combat phase
:class:`InvulnerableEnd`        began).
REPL_RECEIVED /                 *[BL]* ``side, count``: replacement steps available to the side
:class:`ReplReceived`           in this turn's respawn phase (only when ``count`` > 0).
REPL_USED / :class:`ReplUsed`   *[BL]* ``side, how, piece, hex, consumed``: one step used;
                                ``how`` "place" / "flip" / "combine"; ``hex`` None for a flip;
                                ``consumed`` the tuple of pieces removed by a combination
                                (``()`` otherwise).
REPL_LOST / :class:`ReplLost`   *[BL]* ``side, count``: unused steps lost when the side's
                                respawn step ended (10.2).
BASE_ENTERED /                  ``side, type, piece, hex``: a unit entered the enemy base.
:class:`BaseEntered`
GAME_END / :class:`GameEnd`     ``winner, reason, turn``: ``winner`` side id or None (draw);
                                always the last event.
==============================  ===============================================================

Conservation (checked in ``tests/engine/test_events.py``): per side, CARD_DRAWN - CARD_PLAYED
= cards held at the end = CARD_HELD events; KILLSTREAK = cards drawn + lost (source "draw")
+ cards still due; REPL_RECEIVED = REPL_USED + REPL_LOST; replaying the ELIMINATED and
REPL_USED events on the set-up gives every piece's final place (on the map, reserve,
eliminated, removed).
"""
from __future__ import annotations

from typing import NamedTuple

BATTLE = "battle"
REDUCED = "reduced"
ELIMINATED = "eliminated"
KILLSTREAK = "killstreak"
CARD_DRAWN = "card_drawn"
CARD_LOST = "card_lost"
CARD_PLAYED = "card_played"
CARD_HELD = "card_held"
STOPPED = "stopped"
INVULNERABLE = "invulnerable"
INVULNERABLE_END = "invulnerable_end"
REPL_RECEIVED = "repl_received"
REPL_USED = "repl_used"
REPL_LOST = "repl_lost"
BASE_ENTERED = "base_entered"
GAME_END = "game_end"

_new = tuple.__new__


class _Event:
    """Mix-in of every event record: the constructor fills ``kind``, so pickling and
    copying pass the other fields only."""
    __slots__ = ()

    def __getnewargs__(self):
        return tuple(self)[1:]


# Each record is a NamedTuple of the fields (``_...Fields``) and a subclass whose
# constructor takes every field but ``kind`` and fills that in.

class _BattleFields(NamedTuple):
    kind: str
    side: str
    lead_type: str
    attack_type: str
    column: int | None
    face: int | None
    result: str | None
    defender_type: str
    eliminated: bool
    n_attackers: int
    lead: int
    defender: int


class Battle(_Event, _BattleFields):
    """BATTLE: a battle was resolved (fields: the module docstring)."""
    __slots__ = ()

    def __new__(cls, side, lead_type, attack_type, column, face, result, defender_type, eliminated,
                n_attackers, lead, defender):
        return _new(cls, (BATTLE, side, lead_type, attack_type, column, face, result, defender_type,
                          eliminated, n_attackers, lead, defender))


class _ReducedFields(NamedTuple):
    kind: str
    side: str
    type: str
    piece: int
    by_side: str
    ability: str | None


class Reduced(_Event, _ReducedFields):
    """REDUCED: a unit flipped to its reduced side."""
    __slots__ = ()

    def __new__(cls, side, type, piece, by_side, ability):
        return _new(cls, (REDUCED, side, type, piece, by_side, ability))


class _EliminatedFields(NamedTuple):
    kind: str
    side: str
    type: str
    piece: int
    by_side: str
    ability: str | None


class Eliminated(_Event, _EliminatedFields):
    """ELIMINATED: a unit was eliminated (``ability`` None: by battle)."""
    __slots__ = ()

    def __new__(cls, side, type, piece, by_side, ability):
        return _new(cls, (ELIMINATED, side, type, piece, by_side, ability))


class _KillstreakFields(NamedTuple):
    kind: str
    side: str
    type: str


class Killstreak(_Event, _KillstreakFields):
    """KILLSTREAK (Bering Land): one card more is due to ``side``."""
    __slots__ = ()

    def __new__(cls, side, type):
        return _new(cls, (KILLSTREAK, side, type))


class _CardDrawnFields(NamedTuple):
    kind: str
    side: str
    ability: str
    card: int
    source: str | None


class CardDrawn(_Event, _CardDrawnFields):
    """CARD_DRAWN (Bering Land): a card went into the hand."""
    __slots__ = ()

    def __new__(cls, side, ability, card, source):
        return _new(cls, (CARD_DRAWN, side, ability, card, source))


class _CardLostFields(NamedTuple):
    kind: str
    side: str
    ability: str | None
    card: int
    why: str
    source: str | None


class CardLost(_Event, _CardLostFields):
    """CARD_LOST (Bering Land): a card due / fetched was not kept."""
    __slots__ = ()

    def __new__(cls, side, ability, card, why, source):
        return _new(cls, (CARD_LOST, side, ability, card, why, source))


class _CardPlayedFields(NamedTuple):
    kind: str
    side: str
    ability: str
    card: int
    worked: bool


class CardPlayed(_Event, _CardPlayedFields):
    """CARD_PLAYED (Bering Land): a card was played; ``worked``: its roll(s) succeeded."""
    __slots__ = ()

    def __new__(cls, side, ability, card, worked):
        return _new(cls, (CARD_PLAYED, side, ability, card, worked))


class _CardHeldFields(NamedTuple):
    kind: str
    side: str
    ability: str
    card: int


class CardHeld(_Event, _CardHeldFields):
    """CARD_HELD (Bering Land): the card was still in the hand when the game ended."""
    __slots__ = ()

    def __new__(cls, side, ability, card):
        return _new(cls, (CARD_HELD, side, ability, card))


class _StoppedFields(NamedTuple):
    kind: str
    side: str
    type: str
    piece: int
    until_turn: int
    ability: str
    by_side: str


class Stopped(_Event, _StoppedFields):
    """STOPPED (Bering Land): a unit will sit out its side's player turn ``until_turn``."""
    __slots__ = ()

    def __new__(cls, side, type, piece, until_turn, ability, by_side):
        return _new(cls, (STOPPED, side, type, piece, until_turn, ability, by_side))


class _InvulnerableFields(NamedTuple):
    kind: str
    side: str
    ability: str
    types: tuple


class Invulnerable(_Event, _InvulnerableFields):
    """INVULNERABLE (Bering Land): the side's units of ``types`` cannot be attacked or hit."""
    __slots__ = ()

    def __new__(cls, side, ability, types):
        return _new(cls, (INVULNERABLE, side, ability, types))


class _InvulnerableEndFields(NamedTuple):
    kind: str
    side: str


class InvulnerableEnd(_Event, _InvulnerableEndFields):
    """INVULNERABLE_END (Bering Land): the side's invulnerability window closed."""
    __slots__ = ()

    def __new__(cls, side):
        return _new(cls, (INVULNERABLE_END, side))


class _ReplReceivedFields(NamedTuple):
    kind: str
    side: str
    count: int


class ReplReceived(_Event, _ReplReceivedFields):
    """REPL_RECEIVED (Bering Land): replacement steps available to the side this turn."""
    __slots__ = ()

    def __new__(cls, side, count):
        return _new(cls, (REPL_RECEIVED, side, count))


class _ReplUsedFields(NamedTuple):
    kind: str
    side: str
    how: str
    piece: int
    hex: str | None
    consumed: tuple


class ReplUsed(_Event, _ReplUsedFields):
    """REPL_USED (Bering Land): one replacement step used (``how``: place / flip / combine)."""
    __slots__ = ()

    def __new__(cls, side, how, piece, hex, consumed):
        return _new(cls, (REPL_USED, side, how, piece, hex, consumed))


class _ReplLostFields(NamedTuple):
    kind: str
    side: str
    count: int


class ReplLost(_Event, _ReplLostFields):
    """REPL_LOST (Bering Land): unused replacement steps lost (10.2)."""
    __slots__ = ()

    def __new__(cls, side, count):
        return _new(cls, (REPL_LOST, side, count))


class _BaseEnteredFields(NamedTuple):
    kind: str
    side: str
    type: str
    piece: int
    hex: str


class BaseEntered(_Event, _BaseEnteredFields):
    """BASE_ENTERED: a unit entered the enemy base."""
    __slots__ = ()

    def __new__(cls, side, type, piece, hex):
        return _new(cls, (BASE_ENTERED, side, type, piece, hex))


class _GameEndFields(NamedTuple):
    kind: str
    winner: str | None
    reason: str
    turn: int


class GameEnd(_Event, _GameEndFields):
    """GAME_END: always the last event (``winner`` None: a draw)."""
    __slots__ = ()

    def __new__(cls, winner, reason, turn):
        return _new(cls, (GAME_END, winner, reason, turn))


#: the record class of each kind
RECORDS = {BATTLE: Battle, REDUCED: Reduced, ELIMINATED: Eliminated, KILLSTREAK: Killstreak,
           CARD_DRAWN: CardDrawn, CARD_LOST: CardLost, CARD_PLAYED: CardPlayed, CARD_HELD: CardHeld,
           STOPPED: Stopped, INVULNERABLE: Invulnerable, INVULNERABLE_END: InvulnerableEnd,
           REPL_RECEIVED: ReplReceived, REPL_USED: ReplUsed, REPL_LOST: ReplLost,
           BASE_ENTERED: BaseEntered, GAME_END: GameEnd}

KINDS = tuple(RECORDS)

#: kinds any game of the engine can emit
GENERIC_KINDS = (BATTLE, REDUCED, ELIMINATED, BASE_ENTERED, GAME_END)
#: Bering Land's own kinds (to move to its rules module)
BERING_LAND_KINDS = tuple(k for k in KINDS if k not in GENERIC_KINDS)

#: number of fields (kind included) of each event record
ARITY = {kind: len(cls._fields) for kind, cls in RECORDS.items()}
