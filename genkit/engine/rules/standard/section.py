"""The standard rules' part of the model: the ``rules:`` section (:class:`Section`), which
chooses among the genre's usual procedures, and the checks of it (:data:`content_checks`),
run by ``genkit check`` after the core checks. Imports nothing of the engine, so the model
layer can read it. The cases are those of docs/standard-rules.md."""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import Field, field_validator

from ....model.schema_base import Id, Strict

SECTION = ("rules",)


def _halves(value: float) -> float:
    """Movement points come in whole and half points (a road at 1/2 MP a hex)."""
    if value * 2 != int(value * 2):
        raise ValueError(f"{value} is not a whole or half number of movement points (e.g. 1, 0.5, 1.5)")
    return value


class Movement(Strict):
    """How units move in a movement phase (case 5, zones of control case 6)."""
    units_per_phase: int = Field(0, ge=0, le=999, description="units a side may move in one movement phase; "
                                                              "0: every unit")
    zoc: Literal["none", "stop", "stop_and_leave", "locking"] = Field(
        "stop", description="zones of control: none; stop (entering one ends the move); stop_and_leave (also "
                            "costs zoc_leave_cost to leave, never straight into another); locking (a unit that "
                            "starts in one may not move)")
    zoc_leave_cost: float = Field(0, ge=0, le=99, description="extra MP to leave an enemy zone of control "
                                                             "(zoc: stop_and_leave)")

    _mp = field_validator("zoc_leave_cost")(classmethod(lambda cls, v: _halves(v)))


class Strategic(Strict):
    """Strategic movement (case 5.6): far from the enemy a unit may march further, and then not attack."""
    multiplier: int = Field(2, ge=2, le=9, description="the movement allowance is multiplied by this")
    enemy_distance: int = Field(3, ge=1, le=99, description="a marching unit never starts, passes or ends "
                                                            "within this many hexes of an enemy unit")


class Stacking(Strict):
    """How many units may share a hex at the end of any move, retreat or advance (case 7)."""
    limit: int = Field(ge=1, le=99, description="units (or stacking points) a hex may hold")
    count: Literal["units", "points"] = Field("units", description="count units, or their stacking points")
    points: dict[Id, int] = Field(default_factory=dict, description="unit type -> stacking points (count: "
                                                                    "points; a type not listed counts 1)")


class TerrainEffect(Strict):
    """What the terrain of the defender's hex does to a battle (case 8.5)."""
    multiplier: int = Field(1, ge=1, le=9, description="the defence of units in this terrain is multiplied by this")
    shift: int = Field(0, ge=-9, le=9, description="CRT columns shifted (negative: toward the defender)")
    drm: int = Field(0, ge=-9, le=9, description="added to the die roll (negative: toward the defender)")


class HexsideEffect(Strict):
    """What a map.hexsides feature does (cases 5.4 and 8.5)."""
    cross_cost: float = Field(0, ge=0, le=99, description="extra MP to move across it")
    impassable: bool = Field(False, description="no unit moves or retreats across it")
    crossing: bool = Field(False, description="lifts the movement effects of the other features of the same "
                                              "hexside (a bridge over a river)")
    shift: int = Field(0, ge=-9, le=9, description="CRT columns shifted when every attacker attacks across it")
    drm: int = Field(0, ge=-9, le=9, description="added to the die roll when every attacker attacks across it")
    blocks_zoc: bool = Field(False, description="zones of control do not extend across it")
    blocks_los: bool = Field(False, description="blocks the line of sight across it (with rules.line_of_sight)")

    _mp = field_validator("cross_cost")(classmethod(lambda cls, v: _halves(v)))


class RoadEffect(Strict):
    """What a map.roads road does (case 5.3)."""
    cost: float = Field(gt=0, le=99, description="MP per hex moved along the road, whatever the terrain "
                                                 "(0.5: half a point)")

    _mp = field_validator("cost")(classmethod(lambda cls, v: _halves(v)))


class CombatModifier(Strict):
    """A column shift or die-roll modifier by who fights (case 8.11): a leader with the attackers,
    combined arms, an elite defender."""
    id: Id
    name: str = Field(max_length=60, description="what the player aid calls it, e.g. 'Combined arms'")
    attackers_include: list[Id] = Field(default_factory=list, description="unit types that must all be among "
                                                                           "the attackers")
    defenders_include: list[Id] = Field(default_factory=list, description="unit types that must all be among "
                                                                          "the defenders")
    shift: int = Field(0, ge=-9, le=9, description="CRT columns shifted (negative: toward the defender)")
    drm: int = Field(0, ge=-9, le=9, description="added to the die roll (negative: toward the defender)")


class Combat(Strict):
    """Options of combat (case 8) and its results (case 9)."""
    retreat_blocked: Literal["step_loss", "eliminate"] = Field(
        "step_loss", description="a unit that cannot retreat the full distance loses a step (and stays), or is "
                                 "eliminated")
    advance: bool = Field(True, description="attackers may advance into the hex the defenders left")
    modifiers: list[CombatModifier] = Field(default_factory=list, description="shifts and die-roll modifiers by "
                                                                              "the unit types fighting (case 8.11)")


class LineOfSight(Strict):
    """Line of sight for attacks from two or more hexes away (case 8.8)."""
    units_block: bool = Field(False, description="units on the hexes between block the line too")
    heights: dict[Id, int] = Field(default_factory=dict, description="terrain id -> its height (others 0): a hex "
                                                                    "between blocks only when higher than the lower "
                                                                    "end, or as high and blocking")


class Bombardment(Strict):
    """Bombardment phases (case 8.10): ranged fire on the CRT's row of its own attack type."""
    attack_type: Id = Field(description="the crt attack type whose rows a bombardment reads")
    unit_types: list[Id] = Field(min_length=1, description="the unit types that bombard, each within its "
                                                           "attack_distance for that attack type")


class UnitTypeRule(Strict):
    """What a unit type may do beyond its counter's numbers (case 8.9)."""
    attacks: bool = Field(True, description="false: the type never attacks (it only defends)")


class Section(Strict):
    """The ``rules:`` section of a game run by the standard rules module."""
    movement: Movement = Field(default_factory=Movement)
    strategic: Optional[Strategic] = Field(None, description="strategic movement; omitted: none")
    stacking: Stacking
    terrain: dict[Id, TerrainEffect] = Field(default_factory=dict, description="terrain id -> its combat effect")
    hexsides: dict[Id, HexsideEffect] = Field(default_factory=dict, description="map.hexsides id -> its effects")
    roads: dict[Id, RoadEffect] = Field(default_factory=dict, description="map.roads id -> its movement cost")
    combat: Combat = Field(default_factory=Combat)
    unit_types: dict[Id, UnitTypeRule] = Field(default_factory=dict, description="unit type id -> what it may "
                                                                                "do (case 8.9)")
    bombardment: Optional[Bombardment] = Field(None, description="what bombardment phases fire with (case 8.10); "
                                                                 "omitted: the game has none")
    line_of_sight: Optional[LineOfSight] = Field(None, description="attacks from two or more hexes away need a "
                                                                   "line of sight (case 8.8); omitted: they do not")
    replacements: Optional[Id] = Field(None, description="turn_track.per_turn id of the replacement points per "
                                                         "turn and side (case 10.2); omitted: none")


def references(ctx, section: Section):
    """Every id of the section names a terrain, hexside feature, road, unit type or per-turn entry
    of the model; every map feature has its effect."""
    c = ctx.content
    known = {"terrain": [t.id for t in c.map.terrain], "hexsides": [h.id for h in c.map.hexsides],
             "roads": [r.id for r in c.map.roads]}
    for key, ids in known.items():
        for k in getattr(section, key):
            if k not in ids:
                yield ctx.error("rules-reference", SECTION + (key, k),
                                f"rules.{key}: no {key[:-1] if key != 'terrain' else 'terrain'} '{k}' on the map "
                                f"(known: {', '.join(sorted(ids)) or 'none'})")
    for i, feat in enumerate(c.map.hexsides):
        if feat.id not in section.hexsides:
            yield ctx.error("rules-missing", ("map", "hexsides", i),
                            f"map.hexsides: '{feat.id}' has no effect in rules.hexsides (write e.g. "
                            f"{feat.id}: {{cross_cost: 1}})")
    for i, road in enumerate(c.map.roads):
        if road.id not in section.roads:
            yield ctx.error("rules-missing", ("map", "roads", i),
                            f"map.roads: '{road.id}' has no cost in rules.roads (write e.g. {road.id}: {{cost: 0.5}})")
    types = [t.id for t in c.unit_types]
    for k in section.stacking.points:
        if k not in types:
            yield ctx.error("rules-reference", SECTION + ("stacking", "points", k),
                            f"rules.stacking.points: no unit type '{k}' (known: {', '.join(types)})")
    per_turn = [e.id for e in c.turn_track.per_turn]
    if section.replacements is not None and section.replacements not in per_turn:
        yield ctx.error("rules-reference", SECTION + ("replacements",),
                        f"rules.replacements: no turn_track.per_turn entry '{section.replacements}' "
                        f"(known: {', '.join(per_turn) or 'none'})")


def stacking_at_setup(ctx, section: Section):
    """No hex starts the game over the stacking limit (case 7.1)."""
    st = section.stacking
    held: dict = {}
    for side, type_id, hex_id, path in ctx.setup():
        n = st.points.get(type_id, 1) if st.count == "points" else 1
        held[hex_id] = held.get(hex_id, 0) + n
        if held[hex_id] > st.limit:
            yield ctx.error("stacking", path, f"hex {hex_id} starts with more than the stacking limit "
                                              f"({st.limit} {st.count})")


content_checks = (references, stacking_at_setup)
