"""The BG system's part of the model: the ``rules:`` section (:class:`Section`): each area's
build points, production outside the maps and in peace, deliveries, what each unit type costs,
how long it takes to build and how often it fires, the time table, when a neutral may go to war,
and the victory thresholds. Imports nothing of the engine, so the model layer can read it. The
case numbers are the seed's (docs/bg-rules.md)."""
from __future__ import annotations

from typing import Annotated, Optional

from pydantic import Field, model_validator

from ....model.schema_base import HexId, Id, Strict

BP = Annotated[int, Field(ge=0, le=999)]


class Carries(Strict):
    """6.1.3 A: what a convoy carries, counted in units on their backs (a unit on its front
    counts as two): on the convoy's front and on its back."""
    full: int = Field(ge=0, le=9, description="the load a convoy on its front carries")
    reduced: int = Field(ge=0, le=9, description="the load a convoy on its back carries")


class UnitRule(Strict):
    """7.2 / 7.2.6 / 6.2.1 / 6.1.1: what a unit type costs, takes to build, fires and may do."""
    quarters: int = Field(ge=0, le=20, description="7.2.6: quarters after the present one a new unit arrives")
    double: bool = Field(False, description="7.2: costs twice its front strength (and twice to repair, 7.2.5)")
    fires: int = Field(1, ge=0, le=9, description="6.2.1: dice it rolls per combat round")
    sea: bool = Field(False, description="moves and fights in sea zones only (a ship)")
    through_empty_enemy: bool = Field(False, description="6.1.1: may move on through an unoccupied enemy area")
    air: bool = Field(False, description="6.1.1 air: an aircraft: flies over areas and sea zones, lands only in "
                                         "areas its side controls, joins land combats, reacts (6.1.5) and never "
                                         "takes an area (6.4)")
    commands: bool = Field(False, description="6.1.6 / 6.3: a headquarters: its strength is the number of land units "
                                              "in its area it sends as reserves or leads in exploitation; it never "
                                              "fires (give it fires: 0)")
    cost: Optional[int] = Field(None, ge=0, le=99, description="7.2: a build cost of its own (a convoy's 4 BP) "
                                                               "instead of its front strength (doubled if double)")
    carries: Optional[Carries] = Field(None, description="6.1.3 A: a convoy: a ship that carries land units and "
                                                         "aircraft of its nation or its minors; it never goes "
                                                         "ashore (6.1.3 B is a task force's)")
    rebuild: Optional[int] = Field(None, ge=0, le=99, description="7.2.6: never built new (the counters enter by "
                                                                  "date, counters.units[].enters); one eliminated "
                                                                  "is built again for this many build points")


class Delivery(Strict):
    """7.2.4: build points a nation hands another each quarter while the giver is not at war with
    the receiver's side."""
    giver: Id
    receiver: Id
    bp: BP


class TimeTableEntry(Strict):
    """5.1: an event of the time table: on ``turn`` a nation enters the war, or a nation gains
    ``bp`` build points every quarter from then on (aid)."""
    turn: int = Field(ge=1, le=999)
    enters_war: Optional[Id] = Field(None, description="the nation that enters the war on its side")
    aid: Optional[Id] = Field(None, description="the nation that gains bp every quarter from this turn")
    bp: BP = Field(0, description="aid: build points per quarter")

    @model_validator(mode="after")
    def _one_event(self):
        if (self.enters_war is None) == (self.aid is None):
            raise ValueError("a time table entry gives either enters_war or aid (with bp)")
        return self


class VictoryRule(Strict):
    """8.5: total victory by conquering ``conquests`` enemy major nations; economic victory at
    ``economic`` points (the build points of the areas the side controls) at a turn end; after the
    last quarter, ``at_end`` decides (else a draw)."""
    conquests: dict[Id, Annotated[int, Field(ge=1, le=99)]] = Field(description="side id -> enemy majors to conquer")
    economic: dict[Id, Annotated[int, Field(ge=1, le=9999)]] = Field(description="side id -> points that win")
    at_end: Optional[dict[Id, Annotated[int, Field(ge=0, le=9999)]]] = Field(
        None, description="one side id -> points: after the last quarter that side wins holding at least "
                          "this many, else the other side wins; omitted: the game is a draw (8.5)")


class Section(Strict):
    """The BG rules section."""
    quarter_of_turn_1: int = Field(3, ge=1, le=4, description="3: the quarter of the year of turn 1")
    year_of_turn_1: int = Field(1939, ge=1000, le=3000, description="3: the year of turn 1")
    areas: dict[HexId, Annotated[list[BP], Field(min_length=2, max_length=2)]] = Field(
        description="7.2.1: area -> [build points to its owner and associates, build points to a conqueror]")
    outside: dict[Id, BP] = Field(default_factory=dict, description="nation -> build points per quarter from "
                                                                    "off the maps while its home stands")
    overseas: dict[Id, list[HexId]] = Field(
        default_factory=dict, description="5.2 special: nation -> areas beyond its home (its home countries "
                                          "overseas) where its reinforcements also appear, after its home areas; "
                                          "they count nothing for conquest (7.1)")
    peace: dict[Id, BP] = Field(default_factory=dict, description="7.2.4: nation -> production while not at war")
    deliveries: list[Delivery] = Field(default_factory=list, description="7.2.4: deliveries per quarter")
    units: dict[Id, UnitRule] = Field(description="unit type -> what it costs and does (every type has one)")
    timetable: list[TimeTableEntry] = Field(default_factory=list, description="5.1: the time table")
    war_not_before: dict[Id, Annotated[int, Field(ge=1, le=999)]] = Field(
        default_factory=dict, description="8.4: neutral nation -> the first turn it may go to war of its own will")
    victory: VictoryRule
