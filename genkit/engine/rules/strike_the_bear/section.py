"""The ``rules:`` section of a game on the Strike the Bear system: the standard rules' options
(:class:`~genkit.engine.rules.standard.section.Section`) and this system's own, each naming the
case of docs/strike-the-bear-rules.md it serves."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ....model.schema_base import HexId, Id, Line, Strict
from ..standard.section import SECTION
from ..standard.section import Section as StandardSection


class WeatherLoss(Strict):
    """Case 6.3.3: movement points armour and infantry lose in one kind of weather (99: all)."""
    armour: int = Field(0, ge=0, le=99)
    infantry: int = Field(0, ge=0, le=99)


class Weather(Strict):
    """Cases 3.1 and 6.3: the weather table's use."""
    transition_turn: int = Field(ge=1, le=999, description="3.1.2: from this turn the table's transition modifier "
                                                           "applies; before it, reroll_before results are rolled again")
    reroll_before: list[Line] = Field(default_factory=list, description="weather results rolled again before the "
                                                                        "transition turn")
    movement: dict[Line, WeatherLoss] = Field(default_factory=dict, description="weather -> MP lost (6.3.3)")
    escort: dict[Line, list[Literal["armour", "infantry"]]] = Field(
        default_factory=dict, description="6.3.3: weather -> the kinds of unit that move only with a leader")


class Leaders(Strict):
    """Cases 11.8 and 12.1: leader unit types and their ratings."""
    types: list[Id] = Field(default_factory=list)
    support: dict[Id, int] = Field(default_factory=dict, description="leader type -> support rating")
    out_of_command_drm: int = Field(2, ge=0, le=9, description="11.8.1: the modifier against units out of command")


class Objectives(Strict):
    """Case 13: the objectives' names and the default set."""
    default: list[Line] = Field(min_length=1, description="13.3: the objectives of a side that never rolled")
    edges: dict[Line, list[HexId]] = Field(default_factory=dict, description="13.1.3: an edge objective -> its oxes")


class Reorganization(Strict):
    """Case 12.3: where replacements come on."""
    replacement_columns: int = Field(1, ge=1, le=9, description="12.3.5: ox columns from the friendly edge")


class Luftwaffe(Strict):
    """Cases 9.0-9.3: air units flying, interdicting rail lines, supplying, joining battles,
    bombing trucks, and their losses."""
    side: Id = Field(description="the side they fly for")
    units: int = Field(ge=0, le=9, description="the air units (each joins one battle a turn)")
    setup: list[HexId] = Field(default_factory=list, description="14.2: the space each unit sets up in, one a unit")
    range: int = Field(5, ge=0, le=99, description="9.1.1: the spaces a unit flies in a phase, in any weather")
    supplies: int = Field(2, ge=0, le=99, description="9.2.4: the stacking points a unit supplies in its space "
                                                      "(an army or two corps: 2)")
    shift: int = Field(1, ge=0, le=9, description="columns in that side's favour")
    rating: int = Field(4, ge=0, le=9, description="9.2.2: a full unit hits a truck on a die at most this")
    reduced_rating: int = Field(2, ge=0, le=9, description="9.3: the rating of a reduced unit")
    ops: int = Field(5, ge=0, le=99, description="9.3.3, 12.3: the OPs that bring a reduced unit back to full")
    bombing_table: Id = Field("luftwaffe_bombing", description="9.2.2: the die table whose modifiers the weather "
                                                               "names (bombing_drms)")
    bombing_drms: dict[Line, Id] = Field(default_factory=dict, description="9.2.2: weather -> the bombing "
                                                                           "table's modifier it adds")


class River(Strict):
    """Case 11.4.2: the spaces a river runs right through, marked on the map by a feature."""
    feature: Id = Field(description="the map.features entry whose spaces a river crosses")
    shift: int = Field(1, ge=0, le=9, description="columns toward the defender in a battle there")


class PartisanRules(Strict):
    """Case 8.0: the partisans."""
    side: Id = Field(description="the side they fight for (they act at the start of its movement phases)")
    table: Id = Field("partisans", description="8.1.2: the die table whose result names 'rail' and/or 'truck'")
    hunters: list[Id] = Field(default_factory=list, description="8.1.3: enemy unit types that cancel them in "
                                                                "their space")
    from_turn: int = Field(1, ge=1, le=999, description="the first turn they act (14.1: they arrive on turn 2)")


class CommissarRules(Strict):
    """Case 7.0: the commissar."""
    side: Id = Field(description="the side he serves")
    table: Id = Field("commissar", description="7.1.1: the die table of ox columns ('A', or 'A or C')")
    from_turn: int = Field(1, ge=1, le=999, description="the first turn he is placed (14.1: he arrives on turn 2)")


class Section(StandardSection):
    """The standard options plus the system's own (docs/strike-the-bear-rules.md)."""
    edges: dict[Id, Line] = Field(description="6.1.3: side -> the ox column letter of its friendly board edge")
    start_ops: dict[Id, int] = Field(description="3.3.3: side -> its OPs on turn 1")
    ops: dict[Id, int] = Field(description="1.2: unit type -> operations rating (OPs cost)")
    weather: Weather
    armour: list[Id] = Field(default_factory=list, description="6.3.2, 11.7: the armour and mechanized types")
    leaders: Leaders = Field(default_factory=Leaders)
    unsupplied_shift: int = Field(2, ge=0, le=9, description="11.5: columns against unsupplied units")
    combined_arms_shift: int = Field(1, ge=0, le=9, description="11.7: columns for infantry with armour")
    objectives: Objectives
    reorganization: Reorganization = Field(default_factory=Reorganization)
    redeployment_table: Id = Field("redeployment", description="3.2.1: the die table of units each side "
                                                                "redeploys (in a redeployment phase)")
    solitaire: bool = Field(False, description="13.4: objectives are not rolled in play (OB ignored) but for "
                                               "each side at the game's end")
    save_ops: bool = Field(False, description="3.3.5 (optional): half the OPs left at a turn's end carry over")
    strategic_capacity: int = Field(3, ge=0, le=99, description="6.4.3: units a side may move by rail a turn")
    trucks: list[Id] = Field(default_factory=list, description="11.5.2: the supply truck types")
    breakdown: dict[Id, Id] = Field(default_factory=dict, description="10.1.2: army or panzer group type -> the "
                                                                      "corps type it breaks into, two of them")
    box_minimum: dict[Id, int] = Field(default_factory=dict, description="12.5: side -> the corps or their "
                                                                         "equivalent its breakdown and eliminated "
                                                                         "boxes always hold")
    river: River | None = Field(None, description="11.4.2: the river shift; omitted: none")
    commissar: CommissarRules | None = Field(None, description="7.0: the commissar; omitted: none")
    partisans: PartisanRules | None = Field(None, description="8.0: the partisans; omitted: none")
    luftwaffe: Luftwaffe | None = Field(None, description="9.0: the air units; omitted: none")


__all__ = ["SECTION", "Section"]
