"""The standard rules' part of the model: the ``rules:`` section (:class:`Section`), which
chooses among the genre's usual procedures, and the checks of it (:data:`content_checks`),
run by ``genkit check`` after the core checks. Imports nothing of the engine, so the model
layer can read it. The cases are those of docs/standard-rules.md."""
from __future__ import annotations

from typing import Annotated, Literal, Optional

from pydantic import Field, field_validator

from ....model.schema_base import Id, Strict
from .section_cards import CardsRule

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
    zoc_reach: Literal["adjacent", "space"] = Field(
        "adjacent", description="where a unit's zone of control reaches (case 12.4): adjacent (the spaces connected "
                                "to its own, and its own) or space (only the space it occupies; with combat.where: "
                                "same_space)")

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


class ColumnChoice(Strict):
    """Case 8.13: the CRT's columns read the other way too, at the attacker's choice: one heading
    per column of the CRT, in the CRT's order, of the kind its columns are not."""
    odds: Optional[list[Annotated[str, Field(pattern=r"^[1-9][0-9]?:[1-9][0-9]?$")]]] = Field(
        None, description="per CRT column (a differential CRT), the odds that read it, e.g. ['1:2', '1:1', '2:1']")
    differential: Optional[list[int]] = Field(None, description="per CRT column (an odds CRT), the lowest "
                                                                 "differential that reads it, e.g. [-2, 0, 2, 4]")


class Combat(Strict):
    """Options of combat (case 8) and its results (case 9)."""
    retreat_blocked: Literal["step_loss", "eliminate"] = Field(
        "step_loss", description="a unit that cannot retreat the full distance loses a step (and stays), or is "
                                 "eliminated")
    advance: bool = Field(True, description="attackers may advance into the hex the defenders left")
    advance_distance: Optional[dict[str, Annotated[int, Field(ge=1, le=9)]]] = Field(
        None, description="case 9.5: per unit type, how many spaces its units may advance after combat, along "
                          "the way the defenders left (the emptied space first, then their path of withdrawal "
                          "where the game records one); types not named advance 1. Each advancing unit picks "
                          "where it stops. Omitted: one space, into the emptied space only")
    where: Literal["adjacent", "same_space"] = Field(
        "adjacent", description="where battles happen (case 12.5): adjacent (attack an enemy-occupied space next to "
                                "yours; units of two sides never share a space) or same_space (a unit may move into "
                                "an enemy-occupied space and stops there; the units of both sides in one space "
                                "fight there)")
    modifiers: list[CombatModifier] = Field(default_factory=list, description="shifts and die-roll modifiers by "
                                                                              "the unit types fighting (case 8.11)")
    choice: Optional[ColumnChoice] = Field(None, description="the CRT read by odds or by differential at the "
                                                             "attacker's choice (case 8.13): each column's heading "
                                                             "the other way; omitted: the CRT's own headings only")


class SpaceKindEffect(Strict):
    """What the standard rules do with one kind of space (``map.spaces`` kinds, or a grid's own:
    hex, square, ox, diamond), cases 12.2 and 12.3."""
    stacking: Optional[int] = Field(None, ge=0, le=99, description="the stacking limit in a space of this kind "
                                                                   "(default: stacking.limit)")
    units: Optional[list[Id]] = Field(None, description="the unit types that may enter it (omitted: every type); "
                                                        "[]: none (a box pieces only reach by the rules)")
    pass_through: list[Id] = Field(default_factory=list, description="unit types that may move through it but "
                                                                     "not end a move, retreat or advance in it")


class ConnectionEffect(Strict):
    """What a kind of connection (``map.connections`` kinds) does, case 12.1."""
    cost: float = Field(0, ge=0, le=99, description="extra MP to move across it (on top of the cost to enter the "
                                                    "space beyond)")
    impassable: bool = Field(False, description="no unit moves, retreats or advances across it (a forbidden "
                                                "border)")
    blocks_zoc: bool = Field(False, description="zones of control do not reach across it")

    _mp = field_validator("cost")(classmethod(lambda cls, v: _halves(v)))



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


class SupplyEffect(Strict):
    """A column shift and die-roll modifier for units out of supply (case 8.14)."""
    shift: int = Field(0, ge=-9, le=9, description="CRT columns shifted (negative: toward the defender)")
    drm: int = Field(0, ge=-9, le=9, description="added to the die roll (negative: toward the defender)")


class Supply(Strict):
    """Supply traced to sources (case 8.14): what being out of supply does in battle."""
    sources: dict[Id, list[str]] = Field(description="side id -> the spaces its supply is traced to (a side left "
                                                     "out is always in supply)")
    distance: int = Field(ge=1, le=99, description="the most steps from a unit to a source of its side")
    attacking: SupplyEffect = Field(default_factory=SupplyEffect, description="when any attacker is out of supply "
                                                                              "(usually a shift left)")
    defending: SupplyEffect = Field(default_factory=SupplyEffect, description="when any defender is out of supply "
                                                                              "(usually a shift right)")


class RollEffect(Strict):
    """What one result of a table rolled at a phase does until the table is rolled again (case 14.5)."""
    shift: int = Field(0, ge=-9, le=9, description="CRT columns shifted in every battle (negative: toward the "
                                                   "defender)")
    drm: int = Field(0, ge=-9, le=9, description="added to the die roll of every battle (negative: toward the "
                                                 "defender)")
    arrive: bool = Field(True, description="false: the reinforcements of the phase's side (of both sides when the "
                                           "phase names none) do not enter")


class PhaseRoll(Strict):
    """A die-roll table rolled at the start of a phase every game turn (case 14.5): weather,
    arrivals ..."""
    table: Id = Field(description="the die_tables id rolled")
    phase: Id = Field(description="the game.sequence_of_play id at whose start it is rolled, every game turn")
    column: Optional[Id] = Field(None, description="the table's column read (its column id; omitted: the first)")
    results: dict[str, RollEffect] = Field(default_factory=dict, description="result -> what it does until the "
                                                                             "table is rolled again; a result not "
                                                                             "listed does nothing")


class UnitTypeRule(Strict):
    """What a unit type may do beyond its counter's numbers (case 8.9)."""
    attacks: bool = Field(True, description="false: the type never attacks (it only defends)")
    terrain: Optional[list[Id]] = Field(None, description="the terrain ids it may enter (case 5.8); omitted: every "
                                                          "terrain it can pay for")


class Section(Strict):
    """The ``rules:`` section of a game run by the standard rules module."""
    movement: Movement = Field(default_factory=Movement)
    strategic: Optional[Strategic] = Field(None, description="strategic movement; omitted: none")
    stacking: Stacking
    terrain: dict[Id, TerrainEffect] = Field(default_factory=dict, description="terrain id -> its combat effect")
    hexsides: dict[Id, HexsideEffect] = Field(default_factory=dict, description="map.hexsides id -> its effects")
    roads: dict[Id, RoadEffect] = Field(default_factory=dict, description="map.roads id -> its movement cost")
    combat: Combat = Field(default_factory=Combat)
    spaces: dict[Id, SpaceKindEffect] = Field(default_factory=dict, description="kind of space -> its stacking "
                                              "limit and the unit types that may enter it or pass through")
    connections: dict[Id, ConnectionEffect] = Field(default_factory=dict, description="kind of connection -> its "
                                                    "movement cost, or impassable")
    unit_types: dict[Id, UnitTypeRule] = Field(default_factory=dict, description="unit type id -> what it may "
                                                                                "do (case 8.9)")
    bombardment: Optional[Bombardment] = Field(None, description="what bombardment phases fire with (case 8.10); "
                                                                 "omitted: the game has none")
    line_of_sight: Optional[LineOfSight] = Field(None, description="attacks from two or more hexes away need a "
                                                                   "line of sight (case 8.8); omitted: they do not")
    replacements: Optional[Id] = Field(None, description="turn_track.per_turn id of the replacement points per "
                                                         "turn and side (case 10.2); omitted: none")
    cards: Optional[CardsRule] = Field(None, description="the cards each side is dealt and draws, and what each "
                                                         "card does (case 13); omitted: the game plays no cards")
    supply: Optional[Supply] = Field(None, description="supply traced to sources and its combat modifiers (case "
                                                       "8.14); omitted: every unit is in supply")
    rolls: list[PhaseRoll] = Field(default_factory=list, description="die-roll tables rolled at the start of a "
                                                                     "phase every game turn, and what their results "
                                                                     "do (case 14.5)")


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
    from ....board.of_map import kept_board_of_map
    try:
        board = kept_board_of_map(c.map)
    except ValueError:
        board = None                    # the model's own checks say why
    if board is not None:
        for key, ids in (("spaces", board.space_kinds), ("connections", board.connection_kinds)):
            for k in getattr(section, key):
                if k not in ids:
                    yield ctx.error("rules-reference", SECTION + (key, k),
                                    f"rules.{key}: no {key[:-1]} of kind '{k}' on the board (kinds: "
                                    f"{', '.join(ids) or 'none'})")
    types = [t.id for t in c.unit_types]
    for kind, eff in section.spaces.items():
        for j, k in enumerate(list(eff.units or ()) + list(eff.pass_through)):
            if k not in types:
                yield ctx.error("rules-reference", SECTION + ("spaces", kind),
                                f"rules.spaces.{kind}: no unit type '{k}' (known: {', '.join(types)})")
    if section.movement.zoc_reach == "space" and section.combat.where != "same_space":
        yield ctx.error("rules-option", SECTION + ("movement", "zoc_reach"),
                        "movement.zoc_reach: space needs combat.where: same_space (a zone of control only in the "
                        "occupied space is only ever entered where units of two sides may share a space)")
    for k in section.stacking.points:
        if k not in types:
            yield ctx.error("rules-reference", SECTION + ("stacking", "points", k),
                            f"rules.stacking.points: no unit type '{k}' (known: {', '.join(types)})")
    per_turn = [e.id for e in c.turn_track.per_turn]
    if section.replacements is not None and section.replacements not in per_turn:
        yield ctx.error("rules-reference", SECTION + ("replacements",),
                        f"rules.replacements: no turn_track.per_turn entry '{section.replacements}' "
                        f"(known: {', '.join(per_turn) or 'none'})")


def _kind_of(ctx) -> dict:
    """space id -> its kind, from the check's board (of the spaces that could be built, when the
    map has errors: the model's checks say why)."""
    return {sp.id: sp.kind for sp in ctx.board.spaces}


def stacking_at_setup(ctx, section: Section):
    """No space starts the game over the stacking limit of its kind (cases 7.1, 12.3), per side
    where units of two sides may share it."""
    st = section.stacking
    kind_of = _kind_of(ctx)
    shared = section.combat.where == "same_space"
    held: dict = {}
    for side, type_id, hex_id, path in ctx.setup():
        n = st.points.get(type_id, 1) if st.count == "points" else 1
        key = (hex_id, side if shared else None)
        held[key] = held.get(key, 0) + n
        eff = section.spaces.get(kind_of.get(hex_id, ""))
        limit = eff.stacking if eff is not None and eff.stacking is not None else st.limit
        if held[key] > limit:
            yield ctx.error("stacking", path, f"{'hex' if kind_of.get(hex_id) == 'hex' else 'space'} {hex_id} starts "
                                              f"with more than the stacking limit ({limit} {st.count})")


def setup_spaces_enterable(ctx, section: Section):
    """Every unit starts, and every reinforcement enters, in a space its type may end a move in
    (cases 5.8, 12.2): terrain and a kind it may enter, not one it only passes through."""
    kind_of = _kind_of(ctx)
    terrain_of = {sp.id: sp.terrain for sp in ctx.board.spaces}

    def refused(type_id: str, space_id: str) -> str | None:
        rule = section.unit_types.get(type_id)
        if rule is not None and rule.terrain is not None and space_id in terrain_of \
                and terrain_of[space_id] not in rule.terrain:
            return (f"{type_id} may not enter {terrain_of[space_id] or 'a space with no terrain'} "
                    f"(rules.unit_types.{type_id}.terrain)")
        eff = section.spaces.get(kind_of.get(space_id, ""))
        if eff is None:
            return None
        if eff.units is not None and type_id not in eff.units:
            return f"{type_id} may not enter a {kind_of[space_id]} (rules.spaces.{kind_of[space_id]}.units)"
        if type_id in eff.pass_through:
            return f"{type_id} may only pass through a {kind_of[space_id]}"
        return None

    for side, type_id, space_id, path in ctx.setup():
        why = refused(type_id, space_id)
        if why:
            yield ctx.error("setup-space", path, f"{side} {type_id} starts in {space_id}: {why}")
    for g, grp in enumerate(ctx.content.counters.units):
        for k, space_id in enumerate(grp.enters.hexes if grp.enters else ()):
            why = refused(grp.type, space_id)
            if why:
                yield ctx.error("setup-space", ("counters", "units", g, "enters", "hexes", k),
                                f"{grp.side} {grp.type} enters at {space_id}: {why}")


def board_connected(ctx, section: Section):
    """Case 12.6: units move only along connections: the spaces with any connection form one piece (boxes
    and tracks pieces never move into have none), else some unit could never reach the others."""
    from ....board.of_map import kept_board_of_map
    try:
        board = kept_board_of_map(ctx.content.map)
    except ValueError:
        return
    linked = [i for i in range(board.n) if board.adjacent[i]]
    if linked and not board.connected(linked):
        far = [board.ids[i] for i in linked if board.distance(linked[0], i) < 0]
        yield ctx.error("board-connected", ("map",), f"the board falls apart: no connections join "
                                                     f"{board.ids[linked[0]]} to {', '.join(far[:4])}"
                                                     f"{' ...' if len(far) > 4 else ''}")


content_checks = (references, stacking_at_setup, setup_spaces_enterable, board_connected)
