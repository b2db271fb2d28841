"""The game state: what every game has, here; what one game adds, in a subclass of its own.

:class:`State` holds only what every hex-and-counter game has: the turn and phase, the side
to act, the seeded generator, and the pieces and where they are. Everything else (hands of
cards, markers on tracks, the pending decision ...) is declared by the game's own subclass in
its package, the same way::

    class MyState(State):
        __slots__ = ("hands", "stage")
        LISTS = ()                    # flat lists: copied by slicing
        NESTED = ("hands",)           # lists of lists: copied one level down
        VALUES = ("stage",)           # ints, strings, tuples: shared by copies

Every slot of a subclass must be named in exactly one of those three tuples (else the class
does not import), and :meth:`State.copy` and :meth:`State.as_dict` are generated from them,
so a copy or a digest can never silently miss a field.

Pieces (index = piece id, in the order of ``content.counters.units``): ``loc`` (hex index
>= 0, or RESERVE / ELIMINATED / REMOVED), ``reduced`` (0/1), ``facing`` (0..5, direction
index of :mod:`genkit.hexes`); per hex ``occ`` (piece id, -1 empty).

Sequence: ``turn`` (1-based), ``phase`` (index into the sequence of play), ``actor`` (side
index deciding, -1 none). Chance: ``rng`` (64-bit generator state), ``nrolls`` (dice rolled).
End: ``ended``, ``winner`` (side index or -1), ``reason``.

Not part of the position (neither copied nor digested): ``game`` (the rules, shared),
``trace`` (None or a list collecting ``(face, purpose)`` of every die rolled), ``events``
(None or a list collecting event records, :mod:`genkit.engine.events`); ``legal`` (the cached
legal actions of the pending decision) is shared by a copy, never digested.
"""
from __future__ import annotations

import hashlib
import json

RESERVE = -1
ELIMINATED = -2
REMOVED = -3          # out of the game for good (e.g. consumed to build another unit)

_NOT_POSITION = ("game", "trace", "events", "legal")


class State:
    """A game position. Mutated in place by ``Game.apply``; copy with :meth:`copy`."""

    __slots__ = ("loc", "occ", "reduced", "facing", "turn", "phase", "actor", "rng", "nrolls",
                 "ended", "winner", "reason") + _NOT_POSITION
    LISTS = ("loc", "occ", "reduced", "facing")
    NESTED = ()
    VALUES = ("turn", "phase", "actor", "rng", "nrolls", "ended", "winner", "reason")

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        base = cls.__mro__[1]
        if "__slots__" not in cls.__dict__:      # else instances get a __dict__ nobody copies
            raise TypeError(f"{cls.__name__} must declare __slots__ (its fields, or ())")
        own = set(cls.__dict__["__slots__"])
        named = {}
        for group in ("LISTS", "NESTED", "VALUES"):
            lost = [n for n in getattr(base, group) if n not in getattr(cls, group)]
            if lost:
                raise TypeError(f"{cls.__name__}.{group} drops {lost} of {base.__name__}: "
                                f"write {group} = {base.__name__}.{group} + (...)")
            added = [n for n in getattr(cls, group) if n not in getattr(base, group)]
            for n in added:
                if n in named:
                    raise TypeError(f"{cls.__name__}.{n} is in {named[n]} and {group}")
                named[n] = group
        if set(named) != own:
            missing, extra = sorted(own - set(named)), sorted(set(named) - own)
            raise TypeError(f"{cls.__name__}: every slot goes in LISTS, NESTED or VALUES "
                            f"(unclassified: {missing}; not slots: {extra})")
        cls.copy = _make_copy(cls)

    def as_dict(self) -> dict:
        """Canonical plain-data form (everything but the game definition and caches)."""
        cls = type(self)
        out = {name: list(getattr(self, name)) for name in cls.LISTS}
        out.update({name: [list(x) for x in getattr(self, name)] for name in cls.NESTED})
        out.update({name: _plain(getattr(self, name)) for name in cls.VALUES})
        return out

    def digest(self) -> str:
        """sha256 of the canonical serialisation: equal states give equal digests."""
        text = json.dumps(self.as_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(turn={self.turn}, phase={self.phase}, actor={self.actor}, "
                f"ended={bool(self.ended)}, winner={self.winner})")


def _make_copy(cls):
    """The ``copy`` method of ``cls``, written out field by field (the search bots copy states
    in their inner loop, so no loop over names at run time)."""
    lines = ["def copy(self):", "    new = _new(_cls)"]
    lines += [f"    new.{n} = self.{n}[:]" for n in cls.LISTS]
    lines += [f"    new.{n} = [x[:] for x in self.{n}]" for n in cls.NESTED]
    lines += [f"    new.{n} = self.{n}" for n in cls.VALUES + ("game", "legal")]
    lines += ["    new.trace = None", "    new.events = None", "    return new"]
    scope = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), scope)       # noqa: S102 -- source built from the class's own slot names
    scope["copy"].__doc__ = "A deep copy sharing only immutable parts (the game definition, tuples)."
    return scope["copy"]


State.copy = _make_copy(State)


def _plain(value):
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value
