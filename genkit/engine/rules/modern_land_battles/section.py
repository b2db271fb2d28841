"""Modern Land Battles' part of the model: the ``rules:`` section (:class:`Section`), the numbers
of the system and the nations each side may command. Imports nothing of the engine, so the model
layer can read it."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from ....model.schema_base import Id, Strict


class AirSupport(Strict):
    """Close Air Support: dice rolled at the force that acted, and the face each must reach."""
    dice: int = Field(3, ge=1, le=9)
    hits_on: int = Field(7, ge=1, le=10)


class Optional(Strict):
    """The system's optional rules, each on or off for a game (optional rules 8.1-8.3)."""
    recon_drone: bool = Field(True, description="the Recon Drone cards are in the action deck")
    range_defense: bool = Field(False, description="artillery and close air support need one more per row "
                                                   "of depth of their target (2nd row +1, 3rd +2)")
    action_card_pool: bool = Field(False, description="starting VP may buy action cards at their reinforcement "
                                                      "value, held face down beside the hand")


class Section(Strict):
    """The ``rules:`` section of a game on the Modern Land Battles system."""
    nations: dict[Id, list[Id]] = Field(description="side id -> the nations (symbols of the force deck's nation "
                                                    "set) it draws the one it commands from, at random, in "
                                                    "side order, never the nation an earlier side drew; one id "
                                                    "is a list of one")
    first_player: Id = Field("random", description="a side id, or random: who takes the first action")
    army_vp: int = Field(25, ge=1, le=999, description="VP of forces each side buys for its starting army")
    victory_vp: int = Field(25, ge=1, le=999, description="VP of destroyed enemy forces and secured terrain that win")
    hand_size: int = Field(7, ge=1, le=20)
    headquarters_bonus: int = Field(1, ge=0, le=9, description="cards more in hand with a headquarters force")
    dice: int = Field(4, ge=1, le=9, description="attack and maneuver dice, less one per hit on the acting force")
    hits_to_destroy: int = Field(4, ge=1, le=9)
    rows: int = Field(3, ge=1, le=5, description="rows of a formation in each area")
    ranges: dict[Literal["small_arms", "cannon"], int] = Field(
        default_factory=lambda: {"small_arms": 1, "cannon": 2}, description="weapon -> rows it reaches")
    missile_rows: int = Field(2, ge=1, le=5, description="missiles fire from and at these first rows")
    close_air_support: AirSupport = Field(default_factory=AirSupport)
    counter_fire_hits: int = Field(2, ge=0, le=9)
    optional: Optional = Field(default_factory=Optional, description="the optional rules played")

    @field_validator("nations", mode="before")
    @classmethod
    def _one_is_a_list(cls, value):
        """``north: us`` is ``north: [us]``."""
        if isinstance(value, dict):
            return {k: [v] if isinstance(v, str) else v for k, v in value.items()}
        return value
