"""Command cards (a deck whose fields are named after the map's sections): the orders a card gives,
read from its declared fields, for the rules that order units and the face and tables that show
them. A deck declares an integer field per section it orders in (a number of units, or the word
``all``), and may declare ``anywhere`` (units ordered anywhere) and ``unit_types`` (only units of
these types); nothing else of the schema knows about orders."""
from __future__ import annotations

from dataclasses import dataclass, field

ALL = "all"


@dataclass(frozen=True)
class SectionOrders:
    """What one command card orders: units per map section (a number or all; sections it orders
    no unit in are left out), units anywhere, and the unit types it may order (empty: any)."""
    sections: dict = field(default_factory=dict)
    anywhere: int = 0
    unit_types: tuple = ()


def deck_of(content, card):
    """The deck that holds ``card`` (the card object itself), or None."""
    return next((d for d in content.decks if any(c is card for c in d.cards)), None)


def orders_deck(content, deck) -> bool:
    """Whether ``deck`` is a command deck: it declares a field named after a map section."""
    return deck is not None and any(s.id in deck.fields for s in content.map.sections)


def section_orders(content, card, deck=None) -> SectionOrders | None:
    """The orders of ``card`` (None: its deck gives no orders), sections in the map's order."""
    deck = deck or deck_of(content, card)
    if not orders_deck(content, deck):
        return None
    v = deck.values(card)
    sections = {s.id: v[s.id] for s in content.map.sections if s.id in deck.fields and v[s.id] not in (0, None)}
    return SectionOrders(sections, v["anywhere"] if "anywhere" in deck.fields else 0,
                         tuple(v["unit_types"]) if "unit_types" in deck.fields else ())
