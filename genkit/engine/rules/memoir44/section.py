"""Memoir '44's part of the model: the ``rules:`` section (:class:`Section`): what each terrain and
hex feature does in play, who may move how far and still battle, who takes ground and overruns,
the hands of command cards, the medal objectives and the optional nation rule. Imports nothing
of the engine, so the model layer can read it. The cases are those of docs/memoir44-rules.md."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ....model.schema_base import HexId, Id, Strict

SECTION = ("rules",)
# 6.1: the own edges a grid orientation offers, (first, last): rows on a pointy grid, columns on a flat one
EDGES = {"pointy": ("north", "south"), "flat": ("west", "east")}
# a change to the dice rolled: no more than a unit may roll (unit_types' battle_dice, at most 99),
# so a typo of 1000000000 is refused instead of a battle rolling that many dice
DiceChange = Annotated[int, Field(ge=-99, le=99)]


class HexEffect(Strict):
    """What a terrain or a hex feature does to units moving into it and to battles in and out
    of it (the terrain effects chart). Dice changes are negative: dice removed."""
    stop: bool = Field(False, description="a unit moving in stops there and moves no further this turn")
    no_battle_on_entry: bool = Field(False, description="a unit that moved in this turn cannot battle")
    enter_from_adjacent: bool = Field(False, description="may be entered only as the first hex of a move "
                                                         "(or by taking ground)")
    impassable_for: list[Id] = Field(default_factory=list, description="unit types that may not enter")
    no_retreat_for: list[Id] = Field(default_factory=list, description="unit types here that may not retreat: "
                                                                       "each flag not ignored costs a figure")
    dice: dict[Id, DiceChange] = Field(default_factory=dict, description="attacker unit type -> dice changed when "
                                                                  "battling a unit here (e.g. infantry: -1)")
    from_below_only: bool = Field(False, description="the dice change counts only for an attacker not on "
                                                     "this same terrain (hills)")
    battle_out: dict[Id, DiceChange] = Field(default_factory=dict, description="unit type -> dice changed when a unit "
                                                                        "here battles out of it")
    ignore_flags: int = Field(0, ge=0, le=9, description="flags a unit here may ignore")
    protects: Literal["all", "owner"] = Field("all", description="whose units the dice change and ignored flags "
                                                                 "protect: all, or the feature's side only")
    removed_when_left: bool = Field(False, description="a feature removed once its occupant leaves")
    see_across_from_same: bool = Field(False, description="a unit standing on this terrain sees across the hexes "
                                                          "of the same contiguous group of it (hills)")


class Objective(Strict):
    """A medal objective: ``side`` scores ``medals`` while one of its units stands on ``hex``
    (the medal is lost again when the hex is left)."""
    hex: HexId
    side: Id
    medals: int = Field(1, ge=1, le=9)


class Section(Strict):
    """The ``rules:`` section of a game on the Memoir '44 rules."""
    hands: dict[Id, int] = Field(description="side id -> command cards in hand (dealt at the start, kept by "
                                             "drawing one after each card played)")
    move_and_battle: dict[Id, int] = Field(description="unit type -> farthest it may move and still battle "
                                                       "(0: moving forbids battle)")
    needs_los: dict[Id, bool] = Field(default_factory=dict, description="unit type -> needs line of sight to "
                                                                        "its target (missing: yes)")
    take_ground: list[Id] = Field(default_factory=list, description="unit types that may advance into the hex "
                                                                    "of a close assault they emptied")
    overrun: list[Id] = Field(default_factory=list, description="unit types that battle once more after taking "
                                                                "ground (once a turn)")
    terrain: dict[Id, HexEffect] = Field(default_factory=dict, description="map terrain id -> its effects")
    features: dict[Id, HexEffect] = Field(default_factory=dict, description="map feature id -> its effects")
    objectives: list[Objective] = Field(default_factory=list)
    extra_orders: dict[Id, int] = Field(default_factory=dict, description="nation rule: side id -> units it "
                                                                          "orders beyond what a section card says")
    own_edges: dict[Id, Literal["north", "south", "west", "east"]] = Field(
        default_factory=dict, description="side id -> the map edge its units retreat toward: north/south (first/last "
                                          "row) on a pointy grid, west/east (first/last column) on a flat one; a side "
                                          "not named: the edge nearer its set-up")
