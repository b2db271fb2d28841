"""The typed content model of a game: plain data, no drawing and no rules.

Every YAML file under ``content/<game>/`` is validated against these classes.
Field names are the YAML keys a designer writes, so a validation error's path
reads like the file. Unknown keys are errors (``extra="forbid"``): a typo must
not be silently ignored.
"""
from __future__ import annotations

import re
from typing import Annotated, Literal, Optional, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", description="lower-case identifier: letters, digits, _")]
HexId = Annotated[str, Field(pattern=r"^[0-9]{4}$", description="hex id CCRR, quoted, e.g. '0305'")]
Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$", description="colour as #rrggbb")]
Die = Annotated[int, Field(ge=1, le=6)]

# Characters printed text may not hold: C0 controls, DEL, C1 controls, Unicode line and
# paragraph separators (a regex class, valid in Python, JSON Schema and pydantic alike).
_CONTROLS = r"\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029"
_BREAKS = "\n\r\x0b\x0c\x85\u2028\u2029"


def _printable(forbidden: str, what: str) -> AfterValidator:
    """A validator refusing any character of the regex class ``forbidden``, saying which and where."""
    pattern = re.compile(f"[{forbidden}]")

    def validate(text: str) -> str:
        bad = pattern.search(text)
        if bad:
            kind = "a line break" if bad.group() in _BREAKS else "a control character"
            raise ValueError(f"{what}; found {kind} ({bad.group()!r}) at character {bad.start() + 1}")
        return text
    return AfterValidator(validate)


# Text the kit prints on one line (names, labels, titles): a line break would stop the build far
# from the YAML that holds it, so the schema refuses it, naming file, line and field.
Line = Annotated[str, _printable(_CONTROLS + r"\t\n", "must be a single line of printable text"),
                 Field(json_schema_extra={"pattern": f"^[^{_CONTROLS}\\t\\n]*$"})]
# Text the kit wraps into lines itself (card text, explanations): line breaks and tabs allowed.
Paragraph = Annotated[str, _printable(_CONTROLS, "must be printable text"),
                      Field(json_schema_extra={"pattern": f"^[^{_CONTROLS}]*$"})]



class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --------------------------------------------------------------------------- game

class SideColours(Strict):
    full: Colour = Field(description="counter background, full-strength face")
    reduced: Colour = Field(description="counter background, reduced face (lighter shade)")
    text: Colour = Field("#000000", description="text and symbol colour on the full face")
    reduced_text: Colour = Field("#000000", description="text and symbol colour on the reduced face")


class Side(Strict):
    id: Id
    name: Line
    adjective: Line = Field(description="e.g. 'American', used in phase names and card text")
    colour: SideColours


class Components(Strict):
    """Physical components; the kit generator prints to these sizes."""
    map_sheet_in: list[Annotated[float, Field(gt=0, le=100)]] = Field(min_length=2, max_length=2, description="map sheet [width, height] in inches")
    counter_in: float = Field(gt=0, le=4, description="counter edge in inches")
    card_in: list[Annotated[float, Field(gt=0, le=20)]] = Field(min_length=2, max_length=2, description="card [width, height] in inches")
    pieces: int = Field(gt=0, le=9999, description="stated number of pieces (units and markers)")
    cards: int = Field(ge=0, le=999, description="stated number of ability cards")


class Phase(Strict):
    id: Id
    name: Line
    kind: Literal["respawn", "movement", "combat", "housekeeping"]
    side: Optional[Id] = Field(None, description="the side acting; omitted when both act")


class EnterEnemyBase(Strict):
    """A unit entering the enemy base hex wins at once (Bering Land 5.0)."""
    kind: Literal["enter_enemy_base"]


class NoUnits(Strict):
    """At the end of a game turn a side with no unit on the map loses; both sides: a draw (5.0)."""
    kind: Literal["no_units"]


class TurnLimit(Strict):
    """At the end of the last turn of the turn track, ``winner`` wins (5.0): a side id, or draw."""
    kind: Literal["turn_limit"]
    winner: Id = Field(description="the side that wins when the turn limit is reached, or draw")


VictoryCondition = Annotated[Union[EnterEnemyBase, NoUnits, TurnLimit], Field(discriminator="kind")]
DRAW = "draw"   # TurnLimit.winner: nobody wins


class Game(Strict):
    id: Id
    title: Line
    subtitle: Line = ""
    version: Line
    rules_module: Id = Field(description="engine module under genkit/engine/rules/ that runs this game")
    first_side: Id = Field(description="the side that moves first and respawns first")
    sides: list[Side] = Field(min_length=2)
    components: Components
    sequence_of_play: list[Phase] = Field(min_length=1)
    victory: list[VictoryCondition] = Field(
        min_length=1, description="victory conditions, in the order they are checked")
    notes: list[Line] = Field(default_factory=list, description="design decisions, one line each")


# --------------------------------------------------------------------------- units

class Strength(Strict):
    full: int = Field(ge=0, le=999)
    reduced: int = Field(ge=0, le=999)


class AttackDistance(Strict):
    primary: int = Field(ge=1, le=99, description="targets up to this many hexes away are attacked as Primary")
    secondary: int = Field(ge=1, le=99, description="farther targets up to this distance are attacked as Secondary")


class UnitType(Strict):
    id: Id
    name: Line
    short: Line = Field(description="abbreviation printed on tracks, e.g. INF")
    symbol: Literal["infantry", "heavy_infantry", "motorized", "armour"] = Field(
        description="NATO-style type symbol drawn on the counter")
    strength: Strength
    movement: int = Field(ge=0, le=99, description="movement allowance in movement points")
    attack_distance: AttackDistance
    passes_through_friends: bool = Field(description="8.1.2: may enter hexes holding friendly units")
    facing: bool = Field(description="8.4: has a facing and pays to turn")
    turn_cost: int = Field(0, ge=0, le=99, description="movement points per 60-degree turn (facing units)")
    killstreak: int = Field(ge=1, le=99, description="kills in a row that complete this type's killstreak track")
    halved_strength: bool = Field(True, description="reduced strength is full halved, rounded down (3.3)")


class PieceGroup(Strict):
    """A run of identical unit counters of one side and type."""
    side: Id
    type: Id
    setup: list[HexId] = Field(default_factory=list, description="one set-up hex per piece starting on the map")
    reserve: int = Field(0, ge=0, le=999, description="pieces starting off-map, available as replacements")


class Face(Strict):
    label: Line = Field(description="large text on the face")
    caption: Line = Field("", description="small text under the label")
    colour: Optional[Colour] = Field(None, description="background; default: the side's colour")


class MarkerGroup(Strict):
    id: Id
    name: Line
    side: Optional[Id] = None
    count: int = Field(ge=1, le=999)
    track: Optional[Line] = Field(None, description="'turn' or 'killstreak:<unit type>' or omitted")
    front: Face
    back: Face


class Counters(Strict):
    units: list[PieceGroup] = Field(min_length=1)
    markers: list[MarkerGroup] = Field(default_factory=list)


# --------------------------------------------------------------------------- map

class Grid(Strict):
    orientation: Literal["flat", "pointy"]
    shift: Literal["even-down", "odd-down", "even-right", "odd-right"] = Field(
        description="which 1-based columns (flat) or rows (pointy) are shifted half a hex")
    columns: int = Field(ge=1, le=99)
    rows: int = Field(ge=1, le=99)
    hex_size_in: float = Field(gt=0, le=10, description="hex size across the flats, inches")
    north: Literal["up", "right", "down", "left"] = Field("up", description="where north points on the sheet")


class Terrain(Strict):
    code: Line = Field(min_length=1, max_length=1, description="one character used in map.rows")
    id: Id
    name: Line
    colour: Colour
    pattern: Literal["none", "dots", "hatch", "crosshatch", "waves", "peaks", "hills", "marsh", "stones", "road"] = "none"
    move_cost: Optional[int] = Field(ge=1, le=99, description="movement points to enter; null = impassable")
    blocks_los: bool = False


class Place(Strict):
    name: Line
    hex: HexId


class Map(Strict):
    grid: Grid
    terrain: list[Terrain] = Field(min_length=1)
    rows: list[Line] = Field(min_length=1, description="one string per hex row, one terrain code per column")
    places: list[Place] = Field(default_factory=list)
    bases: dict[Id, HexId] = Field(description="side id -> base hex")
    halfway: int = Field(ge=1, le=99, description="the column (flat grids) or row (pointy grids) of the half-way line")
    halves: dict[Id, Literal["low", "high"]] = Field(
        description="side id -> which half is its own: columns/rows below or above the half-way line")

    @field_validator("rows")
    @classmethod
    def _no_blank_rows(cls, rows: list[str]) -> list[str]:
        for i, row in enumerate(rows):
            if not row.strip():
                raise ValueError(f"row {i + 1} is empty")
        return rows


# --------------------------------------------------------------------------- combat

ResultCode = Annotated[str, Field(pattern=r"^[A-Z]$")]


class Result(Strict):
    code: ResultCode
    name: Line
    effect: Literal["none", "step_loss", "eliminate"]
    text: Paragraph = Field(description="what happens, in our words, for the player aid")


class CrtColumn(Strict):
    differential: int = Field(ge=-99, le=99, description="attack strength minus defence strength")
    rows: dict[Id, list[ResultCode]] = Field(description="attack type -> results for die faces 1..6")


class Crt(Strict):
    attack_types: list[Id] = Field(min_length=1, description="strongest first, e.g. [primary, secondary]")
    attack_type_names: dict[Id, Line]
    die_faces: int = Field(6, ge=2, le=20)
    results: list[Result] = Field(min_length=1)
    columns: list[CrtColumn] = Field(min_length=1)
    between_columns: Literal["round_down", "round_up"] = "round_down"
    above_highest: Literal["use_highest", "last_row"] = Field(
        "use_highest", description="above the highest column: its row of the attack type, or the last row printed (9.1)")
    below_lowest: Literal["forbidden", "use_lowest", "miss"] = Field(
        description="what a differential below the lowest printed column does")
    battle_sequence: list[Paragraph] = Field(default_factory=list, description="steps for the player aid, in our words")


# --------------------------------------------------------------------------- abilities

class Target(Strict):
    shape: Literal["hex", "line", "area", "units", "own_units", "none"]
    size: int = Field(1, ge=0, le=99, description="hexes in the line or area, or units chosen")
    range: int = Field(0, ge=0, le=99, description="hex: farthest distance from the attacking unit")


class AbilityEffect(Strict):
    kind: Literal["eliminate", "stop", "invulnerable", "extra_attack", "random_ability"]
    turns: int = Field(0, ge=0, le=99, description="how long a stop or invulnerability lasts, in game turns")
    unit_types: list[Id] = Field(default_factory=list, description="own unit types affected (invulnerable)")


class CardCopy(Strict):
    roll: list[Die] = Field(default_factory=list, description="die faces that make the card work")
    parity: Optional[Literal["even", "odd"]] = Field(
        None, description="parity roll printed on the card: Air Drone's repeat roll, Care Package's receive roll")


class Ability(Strict):
    id: Id
    name: Line
    target: Target
    effect: AbilityEffect
    text: Paragraph = Field(description="card text, in our words")
    copies: list[CardCopy] = Field(min_length=1)


class Abilities(Strict):
    hand_limit: int = Field(ge=1, le=99)
    plays_per_combat_phase: int = Field(ge=0, le=99)
    reshuffle_at: int = Field(ge=0, le=999, description="reshuffle the discards when this many cards are left")
    random_table: dict[Die, Id] = Field(description="die face -> ability, for random abilities")
    cards: list[Ability] = Field(min_length=1)


# --------------------------------------------------------------------------- tracks

class TurnTrack(Strict):
    turns: int = Field(ge=1, le=999)
    replacements: dict[Id, Annotated[int, Field(ge=0, le=99)]] = Field(
        description="side id -> replacement steps each turn")
    replacement_changes: dict[int, dict[Id, Annotated[int, Field(ge=0, le=99)]]] = Field(
        default_factory=dict, description="turn -> {side: steps} where a turn differs from the default")


class Options(Strict):
    """Readings of ambiguous rules; each value names the reading used."""
    battle_joiners: Literal["in_range", "adjacent_to_lead"] = Field(
        description="who may join the moved unit's battle")
    lead_without_move: bool = Field(description="may a battle be fought when no unit moved")
    combine_counts: Literal["strength_when_lost", "full"] = Field(
        description="how an eliminated unit counts toward combining (10.3)")


class Content(Strict):
    """The whole model of one game, after merging its files."""
    game: Game
    unit_types: list[UnitType] = Field(min_length=1)
    counters: Counters
    map: Map
    crt: Crt
    abilities: Abilities
    turn_track: TurnTrack
    options: Options

    # Convenience look-ups; the model stays plain data.
    def side(self, side_id: str) -> Side:
        return next(s for s in self.game.sides if s.id == side_id)

    def unit_type(self, type_id: str) -> UnitType:
        return next(u for u in self.unit_types if u.id == type_id)

    def terrain_by_code(self) -> dict[str, Terrain]:
        return {t.code: t for t in self.map.terrain}

    def replacements(self, turn: int, side_id: str) -> int:
        return self.turn_track.replacement_changes.get(turn, {}).get(
            side_id, self.turn_track.replacements.get(side_id, 0))


TOP_LEVEL_KEYS = tuple(Content.model_fields)


def json_schema() -> dict:
    """The JSON Schema of one content file (any subset of the top-level keys)."""
    schema = Content.model_json_schema()
    schema["required"] = []  # one file holds only part of the model
    schema["title"] = "genkit content file"
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema

