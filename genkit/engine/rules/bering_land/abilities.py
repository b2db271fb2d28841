"""11.0 ability cards as the rules read them: each card's target and effect, made from the fields
the ability deck declares (``content/bering_land/cards.yaml``): ``target`` (hex, line, area,
units, own_units, none) with ``size`` and ``range``, ``effect`` (eliminate, stop, invulnerable,
extra_attack, draw_from_table) with ``turns`` and ``protects`` (the own unit types made
invulnerable); each copy's ``roll`` and ``parity``. :data:`FIELDS` is what the module requires
the deck to declare."""
from __future__ import annotations

from dataclasses import dataclass

#: the fields of the ability deck the rules read, and the type each must be declared with
FIELDS = {"target": "choice", "size": "integer", "range": ("number", "integer"), "effect": "choice",
          "turns": "integer", "protects": "symbols", "roll": "number", "parity": "choice"}


@dataclass(frozen=True)
class Target:
    """11.1: what an ability aims at: a hex within ``range`` of the attacker, a line or an area of
    ``size`` hexes next to it, ``size`` enemy units, the own units, or nothing."""
    shape: str
    size: int
    range: int


@dataclass(frozen=True)
class Effect:
    """11.3: what an ability does to its target, for how many ``turns``, protecting ``unit_types``."""
    kind: str
    turns: int
    unit_types: tuple


@dataclass(frozen=True)
class Ability:
    id: str
    name: str
    text: str
    target: Target
    effect: Effect


def abilities(deck) -> list[Ability]:
    """Every card of the ability deck, in the deck's order, read through its declared fields."""
    out = []
    for card in deck.cards:
        v = deck.values(card)
        out.append(Ability(card.id, card.name, card.text, Target(v.target, v.size, v.range),
                           Effect(v.effect, v.turns, tuple(v.protects))))
    return out
