"""The content model of symbol dice (``dice:``) and of the card deck (``cards:``): targets,
effects, printed copies and command-card orders."""
from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import Field, model_validator

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


# --------------------------------------------------------------------------- cards

class Target(Strict):
    shape: Literal["hex", "line", "area", "units", "own_units", "none"]
    size: int = Field(1, ge=0, le=99, description="hexes in the line or area, or units chosen")
    range: int = Field(0, ge=0, le=99, description="hex: farthest distance from the attacking unit")


class CardEffect(Strict):
    kind: Literal["eliminate", "stop", "invulnerable", "extra_attack", "draw_from_table"]
    turns: int = Field(0, ge=0, le=99, description="how long a stop or invulnerability lasts, in game turns")
    unit_types: list[Id] = Field(default_factory=list, description="own unit types affected (invulnerable)")


class CardCopy(Strict):
    roll: list[Annotated[int, Field(ge=1, le=100)]] = Field(
        default_factory=list, description="die faces (1..crt.die_faces) that make the card work")
    parity: Optional[Literal["even", "odd"]] = Field(
        None, description="parity roll printed on the card (a repeat roll, or the roll before a table draw)")


All = Literal["all"]


class Orders(Strict):
    """A command card's orders: how many units it orders, and where."""
    sections: dict[Id, Union[Annotated[int, Field(ge=0, le=99)], All]] = Field(
        default_factory=dict, description="map section id -> units ordered in it, or all")
    anywhere: int = Field(0, ge=0, le=99, description="units ordered anywhere on the map")
    unit_types: list[Id] = Field(default_factory=list, description="only units of these types (empty: any)")


class Card(Strict):
    id: Id
    name: Line
    text: Paragraph = Field(description="card text, in our words")
    target: Optional[Target] = Field(None, description="what the card targets (games whose cards attack)")
    effect: Optional[CardEffect] = Field(None, description="what the card does (games whose cards attack)")
    orders: Optional[Orders] = Field(None, description="the units a command card orders (command card games)")
    copies: list[CardCopy] = Field(default_factory=list, description="each copy with its printed roll")
    count: Optional[int] = Field(None, ge=1, le=99, description="copies, when they print nothing of their own "
                                                               "(instead of copies)")

    @model_validator(mode="after")
    def _copies_or_count(self) -> "Card":
        if bool(self.copies) == (self.count is not None):
            raise ValueError("give either copies (a list) or count (a number), not both or neither")
        return self

    def all_copies(self) -> list[CardCopy]:
        """Every copy of the card in the deck."""
        return list(self.copies) or [CardCopy()] * (self.count or 0)


class Cards(Strict):
    name: Line = Field("", description="the deck's name, printed on the card backs and as '<name> cards' on the "
                                       "player aid; empty: 'Cards'")
    hand_limit: int = Field(ge=1, le=99)
    plays_per_phase: int = Field(ge=0, le=99, description="cards a side may play in one phase")
    reshuffle_at: int = Field(ge=0, le=999, description="reshuffle the discards when this many cards are left")
    draw_table: dict[Annotated[int, Field(ge=1, le=100)], Id] = Field(
        default_factory=dict, description="die face -> card id, for draw_from_table effects")
    draw_table_name: Line = Field("Card draw table", description="the draw table's title on the player aid and cards")
    deck: list[Card] = Field(min_length=1)
