"""The opt-in event stream of the rules engine: what happened, at the moment it happened.

Off by default and free when off: ``State.events`` is None and a rules module only tests
``s.events is not None`` where something happens. Turn it on with
``game.initial_state(seed, events=[])`` (or ``play_game(..., events=[])``, or by setting
``state.events = []`` on a live state); the rules then append one record per event. Events
never change the game: digests, rolls and logs are identical with events on and off.
``State.copy`` does not carry the list over.

Every event is a typed record with named fields: a :class:`tuple` subclass per kind, made by
:func:`kind`, whose first field ``kind`` is the kind's name. Build one by its class, giving
every field but ``kind`` (``Reduced(side="red", type="rifles", piece=7, by_side="blue",
card=None)``); read it by field name (``e.kind``, ``e.side``), never by position. Being
tuples, records compare equal to plain tuples of the same values, pickle, and serialise to
JSON as lists (the kept transcripts of ``tests/engine/transcripts``).

Sides, unit types, cards and attack types are content ids, as in the YAML (``"blue"``,
``"rifles"``, a card's id, ``"close"``); ``piece`` is a piece id (index into ``State.loc``), ``copy``
a card copy id, ``hex`` a hex id string (``"0305"``), ``turn`` the game turn.

The kinds below are the generic ones, which any game may emit and every consumer knows. A
game's own kinds are made with :func:`kind` in its package; consumers that do not know a
kind count it per side (adding its ``count`` field when it has one).
"""
from __future__ import annotations

from collections import namedtuple

_new = tuple.__new__

#: every kind made so far, generic and games' own: kind -> record class
RECORDS: dict = {}


def kind(name: str, class_name: str, fields: str, doc: str, module: str = __name__):
    """A record class for events of kind ``name``: a named tuple ``(kind, *fields)`` whose
    constructor takes every field but ``kind``. ``fields``: names separated by spaces."""
    base = namedtuple("_" + class_name, ("kind " + fields).split())
    n = len(base._fields) - 1
    named = base._fields[1:]

    def __new__(cls, *args, **kwargs):
        if kwargs:
            if not args and len(kwargs) == n:      # the usual call, every field by name: one pass
                try:
                    return _new(cls, (name, *map(kwargs.__getitem__, named)))
                except KeyError:                    # an unknown field: the general path says which
                    pass
            args = args + tuple(kwargs.pop(f) for f in base._fields[1 + len(args):] if f in kwargs)
            if kwargs:
                raise TypeError(f"{class_name}: unknown field(s) {', '.join(kwargs)}")
        if len(args) != n:
            raise TypeError(f"{class_name} takes {n} fields ({fields}), got {len(args)}")
        return _new(cls, (name, *args))

    def __getnewargs__(self):
        return tuple(self)[1:]

    cls = type(class_name, (base,), {"__slots__": (), "__new__": __new__, "__doc__": doc,
                                     "__getnewargs__": __getnewargs__, "__module__": module})
    RECORDS[name] = cls
    return cls


Battle = kind("battle", "Battle",
              "side lead_type attack_type column face result defender_type eliminated n_attackers lead defender",
              """A battle was resolved. ``attack_type`` names the CRT row read; ``column`` is the
              column's label (a differential, or odds such as "3:1"), ``face`` the die face,
              ``result`` the result code; all three None when it missed without a roll.
              ``eliminated`` (bool): the defender was eliminated; ``n_attackers`` counts the lead;
              ``lead`` and ``defender`` are pieces. Appended before the events it causes.""")
Reduced = kind("reduced", "Reduced", "side type piece by_side card",
               """A unit of ``side`` flipped to its reduced side; ``card`` None = by battle, else
               the id of the card that did it.""")
Eliminated = kind("eliminated", "Eliminated", "side type piece by_side card",
                  """A unit of ``side`` was eliminated; ``card`` None = by battle, else the card id.""")
CardDrawn = kind("card_drawn", "CardDrawn", "side card copy source",
                 """A card went into the hand; ``source`` "draw", or the id of the card that fetched it.""")
CardLost = kind("card_lost", "CardLost", "side card copy why source",
                """A card due or fetched was not kept: ``why`` "hand_limit" (it went to the discards) or
                "empty_deck" (then ``card`` is None and ``copy`` -1); ``source`` as for CardDrawn.""")
CardPlayed = kind("card_played", "CardPlayed", "side card copy worked",
                  """A card was played; appended when its roll is known. ``worked`` (bool): its
                  roll(s) succeeded (always True for a card without a roll).""")
CardHeld = kind("card_held", "CardHeld", "side card copy",
                """The card was still in the hand when the game ended (just before GameEnd).""")
PlaceEntered = kind("place_entered", "PlaceEntered", "side type piece hex",
                    """A unit entered a place owned by another side (victory ``enter_enemy_place``).""")
GameEnd = kind("game_end", "GameEnd", "winner reason turn",
               """The game ended: ``winner`` side id or None (a draw); always the last event.""")

BATTLE, REDUCED, ELIMINATED = "battle", "reduced", "eliminated"
CARD_DRAWN, CARD_LOST, CARD_PLAYED, CARD_HELD = "card_drawn", "card_lost", "card_played", "card_held"
PLACE_ENTERED, GAME_END = "place_entered", "game_end"
