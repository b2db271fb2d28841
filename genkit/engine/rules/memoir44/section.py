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
    cleared_instead_of_battle: list[Id] = Field(default_factory=list, description="unit types that may remove "
                                                "the feature of their hex instead of battling (wire: infantry)")
    cleared_on_entry: list[Id] = Field(default_factory=list, description="unit types that remove the feature as "
                                       "they move in, and may still battle (wire: armour)")
    move_limit: int = Field(0, ge=0, le=9, description="a unit that starts its move in it or enters it moves at "
                                                       "most this many hexes that move (beach 2, ocean 1; 0: no limit)")
    climb: int = Field(0, ge=0, le=9, description="entering it from a hex of another terrain counts as this many "
                                                  "hexes (steep hill 2; 0: one)")
    no_battle_in: bool = Field(False, description="a unit standing in it cannot battle (ocean)")
    no_retreat_onto: bool = Field(False, description="no unit retreats onto it: a flag with no other hex costs a "
                                                     "figure (ocean)")
    see_across_from_same: bool = Field(False, description="a unit standing on this terrain sees across the hexes "
                                                          "of the same contiguous group of it (hills)")


class SideEffect(Strict):
    """What a hexside feature that faces one way (``map.hexsides[].directed``) does for a unit on
    its protected side, the first hex of each edge (case 8.6)."""
    dice: dict[Id, DiceChange] = Field(default_factory=dict, description="attacker unit type -> dice changed when "
                                                                         "battling a unit behind it from a hex "
                                                                         "that is not behind it")
    ignore_flags: int = Field(0, ge=0, le=9, description="flags a unit behind it may ignore")
    impassable_for: list[Id] = Field(default_factory=list, description="unit types that may not move across it, "
                                                                       "either way (a cliff: armour, artillery)")
    climb: int = Field(0, ge=0, le=9, description="a move across it, either way, counts this many hexes (0: one)")
    no_take_ground_up: bool = Field(False, description="no unit takes ground across it from its far side onto "
                                                       "its high side (a cliff)")


#: 3.7-3.16: the tactic card procedures the module knows (a command deck's ``tactic`` field names one)
TACTICS = ("recon", "counter_attack", "ambush", "air_power", "barrage", "bombard", "close_assault", "rally",
           "infantry_assault", "armour_assault", "air_sortie")
#: the procedures that read numbers of their own in rules.tactics
NEEDS_NUMBERS = ("recon", "air_power", "barrage", "bombard", "close_assault", "rally", "infantry_assault",
                 "armour_assault", "air_sortie")
#: 10.7: the procedures a side with a commissar still plays straight from its hand
STRAIGHT_FROM_HAND = ("recon", "counter_attack", "ambush")
#: 3.8-3.13: the procedures whose cards order units by other means than their sections
ORDERS_OTHERWISE = ("counter_attack", "ambush", "air_power", "barrage", "rally", "air_sortie")


class Tactic(Strict):
    """The numbers of one tactic card procedure (``rules.tactics[kind]``; cases 3.7-3.16). A
    number left out does nothing: every number the procedure uses is given here."""
    draw: int = Field(0, ge=0, le=9, description="recon: cards drawn in the draw phase, one kept")
    targets: int = Field(0, ge=0, le=9, description="air_power, barrage: enemy units struck at most")
    grouped: bool = Field(False, description="air_power: each target after the first stands next to an earlier one")
    dice: dict[Id, DiceChange] = Field(default_factory=dict, description="air_power, barrage: side id -> dice rolled "
                                                                         "at each target")
    star_hits: bool = Field(False, description="air_power, barrage: a star rolled hits as well")
    extra_dice: DiceChange = Field(0, description="dice added to the battles of the units it orders")
    close_only: bool = Field(False, description="the extra dice only in close assault")
    extra_move: int = Field(0, ge=0, le=9, description="hexes the units it orders may move beyond their type's")
    extra_move_and_battle: int = Field(0, ge=0, le=9, description="hexes beyond move_and_battle a unit it orders "
                                                                  "may move and still battle")
    battles: int = Field(1, ge=1, le=9, description="battles a unit it orders may make when it did not move")
    one_section: bool = Field(False, description="the units it orders stand in one section (of the player's "
                                                 "choice)")
    no_move: bool = Field(False, description="the units it orders may not move")
    next_to_enemy: bool = Field(False, description="it orders only units next to an enemy unit")
    fallback: int = Field(0, ge=0, le=9, description="units of any type, anywhere, it orders instead when the side "
                                                    "has no unit on the map of the types it orders (infantry "
                                                    "assault: 1), or no air unit to launch (air sortie); extra "
                                                    "orders never add to them")
    reshuffle: bool = Field(False, description="rally: the discards and the deck are shuffled together before "
                                               "the draw")


class UnitRule(Strict):
    """A nation's or a special force's rule for the units of one type of one side
    (``rules.unit_rules[side][type]``; case 10)."""
    ignore_flags: int = Field(0, ge=0, le=9, description="flags it ignores besides those its hex lets it ignore")
    full_strength_close_dice: DiceChange = Field(0, description="dice added to its close assaults while it has all "
                                                                "its figures")
    battle_after_entering: bool = Field(False, description="it may battle after moving into terrain that forbids "
                                                           "battle on entry (it still stops there)")
    retreat_hexes: int = Field(1, ge=1, le=9, description="hexes one flag may push it back: its owner chooses 1 up "
                                                          "to this many")
    close_assault_move: int = Field(0, ge=0, le=9, description="hexes it may move and still battle, in close "
                                                               "assault only, when that is more than its type's "
                                                               "move_and_battle (Banzai: 2; 0: none)")
    battle_back: int = Field(0, ge=0, le=9, description="dice it battles back with, terrain ignored, when it survives "
                                                        "a close assault in its hex with one figure left (0: never)")
    ignore_all_flags_in: list[Id] = Field(default_factory=list, description="terrain or feature ids of the map "
                                          "where it ignores every flag (Japanese infantry in caves)")


class AirRules(Strict):
    """The air rules (``rules.air``; case 11): which unit types fly, where they take off."""
    types: list[Id] = Field(min_length=1, description="unit types that fly: off the map but in their side's player "
                                                      "turn, launched by an air sortie card")
    airfields: list[Id] = Field(default_factory=list, description="map features (each with a side) its side's air "
                                                                  "units take off from; with none free, the side's "
                                                                  "own edge")
    landing_dice: int = Field(0, ge=0, le=9, description="dice rolled at an air unit as it lands: each face that hits "
                                                         "its type costs a figure")


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
    hexsides: dict[Id, SideEffect] = Field(default_factory=dict, description="map hexside id (one that faces one "
                                                                             "way) -> what it does for the units "
                                                                             "behind it (sea wall)")
    objectives: list[Objective] = Field(default_factory=list)
    hand_floor: dict[Id, int] = Field(default_factory=dict, description="side id -> the fewest cards its hand "
                                                                       "shrinks to: one card fewer for each of its "
                                                                       "units lost (a side not named keeps its hand)")
    commissar: list[Id] = Field(default_factory=list, description="sides whose command card is the one put under "
                                                                   "their chip a turn before (recon, counter-attack "
                                                                   "and ambush cards are played at once)")
    extra_orders: dict[Id, int] = Field(default_factory=dict, description="nation rule: side id -> units it "
                                                                          "orders beyond what a section card says")
    unit_rules: dict[Id, dict[Id, UnitRule]] = Field(
        default_factory=dict, description="side id -> unit type id -> its nation's or special force's rule")
    tactics: dict[Literal[TACTICS], Tactic] = Field(
        default_factory=dict, description="tactic card procedure -> its numbers (a command deck's tactic field "
                                          "names the procedure of each card)")
    air: AirRules | None = Field(None, description="the air rules (air units, airfields, air sortie cards); "
                                                     "omitted: no air units")
    own_edges: dict[Id, Literal["north", "south", "west", "east"]] = Field(
        default_factory=dict, description="side id -> the map edge its units retreat toward: north/south (first/last "
                                          "row) on a pointy grid, west/east (first/last column) on a flat one; a side "
                                          "not named: the edge nearer its set-up")
