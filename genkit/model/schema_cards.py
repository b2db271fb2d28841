"""The content model of symbol dice (``dice:``), of the decks of cards (``decks:``) with the fields
each declares, typed, and of the symbol sets their fields name (``symbol_sets:``)."""
# (no "from __future__ import annotations": pydantic then reads each annotation as the object it
# is, rather than evaluate it from a string, at every command's start)

from collections.abc import Mapping
from typing import Annotated, Literal, Optional, Union

from pydantic import ConfigDict, Field, model_validator

from .schema_base import Id, Line, Paragraph, Strict


# --------------------------------------------------------------------------- dice

class DieFace(Strict):
    """One face of a symbol die."""
    symbol: Id = Field(description="the symbol printed on the face (a known one is drawn, any other "
                                   "prints the name)")
    name: Line
    hits: list[Id] = Field(default_factory=list, description="unit types a hit on this face strikes: one figure "
                                                             "or step each (empty: no hit)")
    retreats: int = Field(0, ge=0, le=9, description="hexes the target falls back for this face")


class Die(Strict):
    """A die whose faces carry symbols (battle dice) instead of numbers."""
    id: Id
    name: Line
    faces: list[DieFace] = Field(min_length=2, max_length=20)


# --------------------------------------------------------------------------- decks

#: card sizes by name, [width, height] in inches
CARD_SIZES = {"poker": (2.5, 3.5), "bridge": (2.25, 3.5), "tarot": (2.75, 4.75), "mini": (1.75, 2.5),
              "square": (2.5, 2.5)}
FieldType = Literal["integer", "text", "choice", "symbol", "symbols", "number"]
#: symbol sets every game has without declaring them: the ids of its unit types and of its sides
BUILT_IN_SETS = ("unit_types", "sides")


class FieldSpec(Strict):
    """One field a deck declares: its type and what values it takes. ``integer``: a whole number
    from min to max (and the ``words`` besides, e.g. all); ``text``: a paragraph; ``choice``: one
    of ``options``; ``symbol`` / ``symbols``: one / a list of the symbol set ``set``; ``number``: a
    number on a die of ``die`` faces (1..die) or one counted in ``unit`` (min..max)."""
    type: FieldType
    min: int = Field(0, ge=-9999, le=9999, description="integer, number: the smallest value")
    max: int = Field(99, ge=-9999, le=9999, description="integer, number: the largest value")
    words: list[Id] = Field(default_factory=list, description="integer: words allowed besides numbers, e.g. [all]")
    options: list[Line] = Field(default_factory=list, description="choice: the values allowed")
    set: Optional[Id] = Field(None, description="symbol, symbols: the symbol set (symbol_sets, or unit_types, sides)")
    die: Optional[int] = Field(None, ge=2, le=100, description="number: the faces of the die it is rolled on")
    unit: Line = Field("", description="number: what it counts, e.g. hexes, points")
    many: bool = Field(False, description="a list of such values (symbols is always a list)")
    per_copy: bool = Field(False, description="each copy of a card prints its own value (given under copies)")
    default: Union[int, str, list[Union[int, str]], None] = Field(
        None, description="the value of a card that gives none; omitted: every card must give one")
    label: Line = Field("", description="the field's name on the deck's list; empty: the field id")

    @model_validator(mode="after")
    def _shape(self) -> "FieldSpec":
        if self.type == "choice" and not self.options:
            raise ValueError("a choice field needs its options")
        if self.type in ("symbol", "symbols") and self.set is None:
            raise ValueError(f"a {self.type} field needs its symbol set (set: ...)")
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self

    @property
    def is_list(self) -> bool:
        return self.many or self.type == "symbols"

    def bounds(self) -> tuple[int, int]:
        """The smallest and largest number the field takes."""
        return (1, self.die) if self.type == "number" and self.die else (self.min, self.max)


class Symbol(Strict):
    """One symbol of a set: its name, and a small vector drawing in a 1 x 1 box (items as the
    face templates write them: rect, circle, polygon, line, text); none: the name prints."""
    id: Id
    name: Line
    drawing: list[dict] = Field(default_factory=list, description="items in a 1 x 1 box, scaled where printed")


class SymbolSet(Strict):
    id: Id
    name: Line = ""
    symbols: list[Symbol] = Field(min_length=1)


class Card(Strict):
    """One card of a deck: its id, name and text, its copies, and a value for each field the deck
    declares (given by name beside these keys, checked against the declaration)."""
    model_config = ConfigDict(extra="allow", strict=True, frozen=True, defer_build=True)
    id: Id
    name: Line
    text: Paragraph = Field("", description="card text, in our words")
    count: Optional[int] = Field(None, ge=1, le=999, description="copies, when they print nothing of their own; "
                                                                 "omitted: the deck's copies")
    copies: list[dict] = Field(default_factory=list, description="each copy with its own values (per_copy fields)")

    @model_validator(mode="after")
    def _copies_or_count(self) -> "Card":
        if self.copies and self.count is not None:
            raise ValueError("give either copies (a list) or count (a number), not both")
        return self

    @property
    def values(self) -> dict:
        """The declared fields' values the card gives (the keys beside id, name, text...)."""
        return dict(self.model_extra or {})


class Values(Mapping):
    """The values of one card (or one copy): what it gives, else the declared default. Read as
    ``v["armour"]`` or ``v.armour``; a field the deck does not declare is a KeyError."""

    def __init__(self, fields: dict, given: dict):
        self._fields = fields
        self._given = given

    def __getitem__(self, key):
        if key not in self._fields:
            raise KeyError(key)
        return self._given.get(key, self._fields[key].default)

    def __getattr__(self, key):
        if key.startswith("_"):
            raise AttributeError(key)
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __iter__(self):
        return iter(self._fields)

    def __len__(self):
        return len(self._fields)


TemplateName = Annotated[str, Field(pattern=r"^[A-Za-z0-9_][A-Za-z0-9_.-]*\.yaml\.j2$",
                                    description="a template file name in templates/, e.g. force.yaml.j2")]
Holder = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", description="a side id, both or table")]


class Deck(Strict):
    """One deck: its name, card size, back and face, who holds it, the fields its cards declare,
    and the cards (here, or in a CSV file named by ``rows``)."""
    id: Id
    name: Line = Field("", description="printed on the card backs and as '<name> cards' on the player aid; "
                                       "empty: 'Cards'")
    size: Union[Literal["poker", "bridge", "tarot", "mini", "square"],
                list[Annotated[float, Field(gt=0, le=20)]], None] = Field(
        None, description="poker, bridge, tarot, mini, square or [width, height] in inches; omitted: "
                          "game.components.card_in")
    held_by: Holder = Field("both", description="who holds it: a side id, both, or table")
    hidden: bool = Field(True, description="a hand of it is secret (false: played open)")
    face: TemplateName = Field("card_fields.yaml.j2", description="the face template (templates/ of the game, "
                                                                   "else genkit's): card_fields.yaml.j2 lists "
                                                                   "the declared fields")
    back: TemplateName = Field("card_back.yaml.j2", description="the back template")
    copies: int = Field(1, ge=1, le=999, description="copies of a card that states neither count nor copies")
    total: Optional[int] = Field(None, ge=1, le=9999, description="the stated number of cards; checked")
    fields: dict[Id, FieldSpec] = Field(default_factory=dict, description="field id -> its type")
    list_fields: list[Id] = Field(default_factory=list, description="the fields of the deck's list (the player "
                                                                     "aid or booklet table); empty: none")
    rows: Optional[Line] = Field(None, description="a CSV file of the game folder holding the cards (header row: "
                                                   "the field names); instead of cards")
    cards: list[Card] = Field(default_factory=list)
    hand_limit: Optional[int] = Field(None, ge=1, le=99, description="cards a side may hold (a deck played "
                                                                     "from hands)")
    plays_per_phase: int = Field(1, ge=0, le=99, description="cards a side may play in one phase")
    reshuffle_at: int = Field(0, ge=0, le=999, description="reshuffle the discards when this many cards are left")
    draw_table: dict[Annotated[int, Field(ge=1, le=100)], Id] = Field(
        default_factory=dict, description="die face -> card id, for cards that draw from a table")
    draw_table_name: Line = Field("Card draw table", description="the draw table's title on the player aid and cards")

    @model_validator(mode="after")
    def _cards(self) -> "Deck":
        if not self.cards:
            raise ValueError("a deck needs its cards (cards: a list, or rows: a CSV file)")
        return self

    @property
    def size_in(self) -> Optional[tuple[float, float]]:
        if self.size is None:
            return None
        if isinstance(self.size, str):
            return CARD_SIZES[self.size]
        return tuple(self.size)

    @property
    def title(self) -> str:
        return self.name or "Cards"

    def values(self, card: Card) -> Values:
        """The card's values (a field that varies per copy: its default)."""
        return Values(self.fields, card.values)

    def copy_count(self, card: Card) -> int:
        return len(card.copies) or card.count or self.copies

    def copies_of(self, card: Card) -> list[Values]:
        """Every copy of the card: its values, with those the copy prints of its own."""
        if card.copies:
            return [Values(self.fields, {**card.values, **cp}) for cp in card.copies]
        return [Values(self.fields, card.values)] * self.copy_count(card)

    def card(self, card_id: str) -> Card:
        return next(c for c in self.cards if c.id == card_id)

    @property
    def size_of_deck(self) -> int:
        return sum(self.copy_count(c) for c in self.cards)
