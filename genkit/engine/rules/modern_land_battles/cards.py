"""The cards of a game on the Modern Land Battles system, read once from the model into flat
tables the rules and bots index: Force cards (by index in the force deck), Action card kinds
(by index in the action deck, each with its number of copies) and Terrain cards."""
from __future__ import annotations

from typing import NamedTuple

from ....model.schema_cards import Values

WEAPONS = ("small_arms", "cannon", "missile", "artillery")
SMALL_ARMS, CANNON, MISSILE, ARTILLERY = range(4)


class Force(NamedTuple):
    """A Force card: its id and name, nation, type, armour, the number a maneuver die must reach
    (0: no maneuver symbol), the modifier of each weapon of :data:`WEAPONS` (None: not carried),
    the artillery range, headquarters symbol and victory points."""
    id: str
    name: str
    nation: str
    type: str
    armour: int
    maneuver: int
    mods: tuple
    artillery_range: int
    hq: bool
    vp: int


class Action(NamedTuple):
    """An Action card kind: the weapons a force must carry to play it (empty: none needed),
    what it does as an attack and as a defence, the hits or successes it stops, when it rolls a
    die more, its maneuver modifier and reinforcement value, and its copies in the deck."""
    id: str
    name: str
    needs: tuple
    attack: str
    defence: str
    stops: int
    extra_dice: str
    maneuver: int
    reinforce: int
    copies: int


class Terrain(NamedTuple):
    """A Terrain card: squares from the start to each end of its control track, VP, benefit."""
    id: str
    name: str
    reach: int
    vp: int
    benefit: str


def _values(deck, card) -> Values:
    return Values(deck.fields, card.values)


def _int(v) -> int | None:
    return v if isinstance(v, int) else None


def forces(content) -> list:
    deck = content.deck("force")
    out = []
    for c in deck.cards:
        v = _values(deck, c)
        out.append(Force(c.id, c.name, v.nation, v.type, v.armour, _int(v.maneuver) or 0,
                         tuple(_int(v[w]) for w in WEAPONS), _int(v.artillery_range) or 0, v.hq == "yes", v.vp))
    return out


def actions(content) -> list:
    deck = content.deck("action")
    out = []
    for c in deck.cards:
        v = _values(deck, c)
        out.append(Action(c.id, c.name, tuple(WEAPONS.index(w) for w in v.needs), v.attack, v.defence, v.stops,
                          v.extra_dice, v.maneuver, v.reinforce, c.count or deck.copies))
    return out


def terrains(content) -> list:
    deck = content.deck("terrain")
    return [Terrain(c.id, c.name, _values(deck, c).reach, _values(deck, c).vp, _values(deck, c).benefit)
            for c in deck.cards]
