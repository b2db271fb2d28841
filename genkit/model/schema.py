"""The typed content model of a game: plain data, no drawing and no rules.

Every YAML file under ``content/<game>/`` is validated against these classes (``Content`` and
the classes it holds; the map's are in ``schema_map``, the dice's and cards' in ``schema_cards``).
Field names are the YAML keys a designer writes, so a validation error's path reads like the file.
Unknown keys are errors (``extra="forbid"``): a typo must not be silently ignored.
"""
# (no "from __future__ import annotations": pydantic then reads each annotation as the object it
# is, rather than evaluate it from a string, at every command's start)

from typing import Annotated, Literal, Optional, Union

from pydantic import Field

from ..hexes import in_band, parse_hex_id
from .schema_base import Badge, Colour, HexId, Id, Line, Paragraph, Strict
from .schema_cards import Deck, Die, SymbolSet
from .schema_die_tables import DieTable
from .schema_map import Map, Terrain


# --------------------------------------------------------------------------- game

class SideColours(Strict):
    full: Colour = Field(description="counter background, full-strength face")
    reduced: Colour = Field(description="counter background, reduced face (lighter shade)")
    text: Colour = Field("#000000", description="text and symbol colour on the full face")
    reduced_text: Colour = Field("#000000", description="text and symbol colour on the reduced face")


class Nation(Strict):
    """A nation of a side (an alliance): its own counters (``counters.units[].nation``), colour,
    home areas and production. A side without nations is one army, as before."""
    id: Id
    name: Line
    adjective: Line = Field("", description="e.g. 'German', printed before its units' names; default: the name")
    colour: Optional[SideColours] = Field(None, description="its counters' colours; omitted: the side's")
    kind: Literal["major", "minor"] = Field("major", description="a major nation builds units; a minor one's "
                                                                 "production goes to the major it is associated with")
    associate: Optional[Id] = Field(None, description="a minor: the major nation of its side it is associated with")
    home: list[HexId] = Field(default_factory=list, description="its home areas (space ids): where its new units appear "
                                                             "and what must fall for it to be conquered")
    holds: list[HexId] = Field(default_factory=list, description="areas it controls at the start outside its home")
    production: Optional[int] = Field(None, ge=0, le=9999, description="its production at the start, in build points "
                                                                      "per turn; omitted: the rules module works it "
                                                                      "out (from the areas it holds)")
    at_war: bool = Field(True, description="false: neutral at the start (it joins its side later)")

    def colours(self, side: "Side") -> SideColours:
        """Its counters' colours: its own, else its side's."""
        return self.colour or side.colour


class Side(Strict):
    id: Id
    name: Line
    adjective: Line = Field(description="e.g. 'American', used in phase names and card text")
    colour: SideColours
    nations: list[Nation] = Field(default_factory=list, description="an alliance: the nations the side is made of; "
                                                                    "omitted: the side is one army")


class Components(Strict):
    """Physical components; the kit generator prints to these sizes."""
    map_sheet_in: list[Annotated[float, Field(gt=0, le=100)]] = Field(min_length=2, max_length=2, description="map sheet [width, height] in inches")
    counter_in: float = Field(gt=0, le=4, description="counter edge in inches")
    card_in: list[Annotated[float, Field(gt=0, le=20)]] = Field(min_length=2, max_length=2, description="card [width, height] in inches")
    pieces: int = Field(gt=0, le=9999, description="stated number of pieces (units and markers)")
    cards: int = Field(0, ge=0, le=999, description="stated number of cards in all the decks (0: no cards)")


class Phase(Strict):
    id: Id
    name: Line
    kind: Id = Field(description="what the phase does; the rules module lists the kinds it runs")
    side: Optional[Id] = Field(None, description="the side acting; omitted when every side acts")


class EnterEnemyPlace(Strict):
    """A unit entering the hex of a map place owned by another side wins at once for its side."""
    kind: Literal["enter_enemy_place"]


class NoUnits(Strict):
    """At the end of a game turn a side with no unit on the map loses; none left: a draw."""
    kind: Literal["no_units"]


WhenChecked = Literal["game_end", "turn_end", "at_once"]


class Hold(Strict):
    """The one side whose units occupy every listed hex (no enemy unit in any) wins; with
    ``side``, only that side wins by holding them (the other side standing there wins nothing)."""
    kind: Literal["hold"]
    hexes: list[HexId] = Field(min_length=1, description="the hexes to hold")
    side: Optional[Id] = Field(None, description="the side that wins by holding them; omitted: whichever side does")
    at: WhenChecked = Field("game_end", description="checked at the end of the game (game_end), of every turn "
                                                    "(turn_end), or at once whenever a unit moves (at_once)")


class Points(Strict):
    """A side whose points reach ``at_least`` wins: the points of the other sides' units eliminated.
    ``at_least`` is one number for every side or a number per side (a side left out never wins
    on points)."""
    kind: Literal["points"]
    at_least: Union[Annotated[int, Field(ge=1, le=99999)], dict[Id, Annotated[int, Field(ge=1, le=99999)]]] = Field(
        description="points that win: one number, or side id -> its own number")
    at: WhenChecked = Field("turn_end", description="checked at the end of every turn (turn_end), of the game (game_end), "
                                                    "or at once whenever points are scored (at_once)")

    def threshold(self, side_id: str) -> int | None:
        """The points ``side_id`` must reach (None: it never wins on points)."""
        return self.at_least if isinstance(self.at_least, int) else self.at_least.get(side_id)


class TurnLimit(Strict):
    """At the end of the last turn of the turn track, ``winner`` wins: a side id, draw or most_points."""
    kind: Literal["turn_limit"]
    winner: Id = Field(description="the side that wins when the turn limit is reached, draw, or most_points")


VictoryCondition = Annotated[Union[EnterEnemyPlace, NoUnits, Hold, Points, TurnLimit], Field(discriminator="kind")]
DRAW = "draw"               # TurnLimit.winner: nobody wins
MOST_POINTS = "most_points"  # TurnLimit.winner: the side with the most points (equal: a draw)


class Game(Strict):
    id: Id
    title: Line
    subtitle: Line = ""
    version: Line
    rules_module: Id = Field(description="engine module under genkit/engine/rules/ that runs this game")
    first_side: Id = Field(description="the side that moves first")
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


# Unit symbols the counter template draws; any other symbol prints the type's ``short`` text.
KNOWN_SYMBOLS = ("infantry", "heavy_infantry", "motorized", "armour", "artillery", "recon", "headquarters")


class UnitType(Strict):
    id: Id
    name: Line
    short: Line = Field(description="abbreviation printed on tracks, e.g. INF")
    symbol: Id = Field(description="type symbol drawn on the counter: " + ", ".join(KNOWN_SYMBOLS)
                       + "; any other prints the short name")
    strength: Optional[Strength] = Field(None, description="attack factor, full and reduced, printed on the counter; "
                                                           "required when the game has a crt")
    defence: Optional[Strength] = Field(None, description="defence factor, full and reduced; omitted: the strength")
    movement: int = Field(ge=0, le=99, description="movement allowance in movement points")
    attack_distance: dict[Id, Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=dict,
        description="crt attack type -> farthest distance attacked with it, one per attack type, ascending in crt "
                    "order; a target is attacked with the first type whose distance reaches it (games with a crt)")
    figures: Optional[int] = Field(None, ge=1, le=99, description="the unit is a group of this many figures (or "
                                   "steps); each hit removes one, the last one eliminates it")
    battle_dice: list[Annotated[int, Field(ge=0, le=99)]] = Field(
        default_factory=list, description="dice rolled against a target 1, 2, 3 ... hexes away (games with dice); "
                                          "beyond the list the unit cannot battle")
    passes_through_friends: bool = Field(False, description="may enter hexes holding friendly units")
    facing: bool = Field(False, description="has a facing and pays to turn")
    turn_cost: int = Field(0, ge=0, le=99, description="movement points per 60-degree turn (facing units)")
    halved_strength: bool = Field(True, description="reduced strength is full halved, rounded down")
    points: Optional[int] = Field(None, ge=0, le=9999, description="victory points for eliminating it; omitted: full strength")
    badge: Optional[Badge] = Field(None, description="a badge printed on its counters, a few letters in a mark (a "
                                                     "special force's, an elite unit's: at most 4, SF, DUG); omitted: none")

    def defence_of(self) -> Strength | None:
        return self.defence or self.strength

    def point_value(self) -> int:
        """Victory points for eliminating a unit of this type: ``points``, else its full strength, else 1."""
        if self.points is not None:
            return self.points
        return self.strength.full if self.strength is not None else 1


class Arrival(Strict):
    """When and where a group's reserve pieces enter the map as reinforcements."""
    turn: int = Field(ge=1, le=999, description="the game turn they arrive")
    hexes: list[HexId] = Field(min_length=1, description="the hexes they may enter at (a map edge: list its hexes)")


class PieceGroup(Strict):
    """A run of identical unit counters of one side and type (and nation, on a side of nations)."""
    side: Id
    type: Id
    nation: Optional[Id] = Field(None, description="the nation of the side the counters belong to (a side made of "
                                                   "nations needs one)")
    setup: list[HexId] = Field(default_factory=list, description="one set-up hex per piece starting on the map")
    reserve: int = Field(0, ge=0, le=999, description="pieces starting off-map")
    enters: Optional[Arrival] = Field(None, description="reinforcements: the reserve pieces enter on this turn")


class Face(Strict):
    label: Line = Field(description="large text on the face")
    caption: Line = Field("", description="small text under the label")
    colour: Optional[Colour] = Field(None, description="background; default: the side's colour")


class MarkerGroup(Strict):
    id: Id
    name: Line
    side: Optional[Id] = None
    count: int = Field(ge=1, le=999)
    track: Optional[Line] = Field(None, description="'turn' or '<tracks id>:<lane id>' or omitted")
    front: Face
    back: Face


class Counters(Strict):
    units: list[PieceGroup] = Field(default_factory=list, description="the unit counters; empty: the game's "
                                      "forces are cards of a deck, not counters")
    markers: list[MarkerGroup] = Field(default_factory=list)


# --------------------------------------------------------------------------- combat

ResultCode = Annotated[str, Field(pattern=r"^[A-Z]$")]
Odds = Annotated[str, Field(pattern=r"^[1-9][0-9]?:[1-9][0-9]?$", description="attack:defence, e.g. '2:1'")]


class Result(Strict):
    code: ResultCode
    name: Line
    effect: Literal["none", "step_loss", "eliminate", "attacker_step_loss", "attacker_eliminate", "retreat",
                    "attacker_retreat", "exchange"]
    hexes: int = Field(0, ge=0, le=9, description="retreat and attacker_retreat: how many hexes")
    text: Paragraph = Field(description="what happens, in our words, for the player aid")


class CrtColumn(Strict):
    differential: Optional[int] = Field(None, ge=-99, le=99, description="attack strength minus defence strength")
    odds: Optional[Odds] = Field(None, description="attack:defence ratio; between printed columns, crt.between_columns decides")
    rows: dict[Id, list[ResultCode]] = Field(description="attack type -> results for die faces 1..die_faces (with "
                                                         "crt.dice above 1: for each sum of the dice, lowest first)")

    @property
    def label(self) -> str:
        """The column heading: '+2', '0', '-1' or '2:1'."""
        if self.odds is not None:
            return self.odds
        d = self.differential or 0
        return f"+{d}" if d > 0 else str(d)

    @property
    def key(self) -> float:
        """Where the column sorts: the differential, or the odds as a ratio."""
        if self.odds is not None:
            a, d = self.odds.split(":")
            return int(a) / int(d)
        return float(self.differential or 0)


class Crt(Strict):
    attack_types: list[Id] = Field(min_length=1, description="strongest first, e.g. [primary, secondary]")
    attack_type_names: dict[Id, Line]
    die_faces: int = Field(6, ge=2, le=100)
    dice: int = Field(1, ge=1, le=4, description="dice of die_faces faces rolled and added for a battle (2 with "
                                                  "die_faces 6: 2d6, a row per sum 2..12); 1: one die")
    results: list[Result] = Field(min_length=1, description="every result code, from worst to best for the attacker "
                                                            "(the order check ranks results by)")
    columns: list[CrtColumn] = Field(min_length=1, description="each gives differential or odds, all the same kind")
    between_columns: Literal["round_down", "round_up"] = "round_down"
    above_highest: Literal["use_highest", "last_row"] = Field(
        "use_highest", description="above the highest column: its row of the attack type, or the last row printed")
    below_lowest: Literal["forbidden", "use_lowest", "miss"] = Field(
        description="what a battle below the lowest printed column does")
    battle_sequence: list[Paragraph] = Field(default_factory=list, description="steps for the player aid, in our words")
    check_monotonic: bool = Field(True, description="warn where a better column, or a stronger attack type, gives a "
                                                    "worse result on the same roll; false: the table is as intended")

    @property
    def uses_odds(self) -> bool:
        return any(c.odds is not None for c in self.columns)

    @property
    def rolls(self) -> range:
        """The rolls the table is read on, lowest first: the die's faces, or every sum of the dice."""
        return range(self.dice, self.dice * self.die_faces + 1)

    @property
    def roll_text(self) -> str:
        """The roll in the usual notation: "d6", "2d6"."""
        return f"{self.dice if self.dice > 1 else ''}d{self.die_faces}"


# --------------------------------------------------------------------------- tracks

class Track(Strict):
    """A track printed on the player aid: per lane one row of boxes 0..last."""
    id: Id
    name: Line = Field(description="the track's title on the player aid")
    per_side: bool = Field(True, description="one copy of the track per side")
    lanes: dict[Id, Annotated[int, Field(ge=1, le=99)]] = Field(
        min_length=1, description="lane id (a unit type id labels it with the type) -> last space")
    text: Paragraph = Field("", description="how the track is used, printed under its title")
    count: Line = Field("", description="what a space counts, printed under each lane as '<last> <count>'")
    last_label: Line = Field("", description="printed in the last box of each lane")


class PerTurn(Strict):
    """A number per turn and side, printed in the turn track boxes."""
    id: Id
    name: Line = Field(description="what the number is, on the player aid")
    each_turn: dict[Id, Annotated[int, Field(ge=0, le=99)]] = Field(
        default_factory=dict, description="side id -> the number each turn (missing side: 0)")
    changes: dict[int, dict[Id, Annotated[int, Field(ge=0, le=99)]]] = Field(
        default_factory=dict, description="turn -> {side: n} where a turn differs from each_turn")


class TurnTrack(Strict):
    turns: int = Field(ge=1, le=999)
    per_turn: list[PerTurn] = Field(default_factory=list, description="numbers per turn and side")


class Content(Strict):
    """The whole model of one game, after merging its files."""
    game: Game
    unit_types: list[UnitType] = Field(default_factory=list, description="empty: the game's forces are cards "
                                       "of a deck, not counters")
    counters: Counters
    map: Map
    crt: Optional[Crt] = Field(None, description="the combat results table; omitted: the game fights otherwise "
                                                 "(e.g. with dice)")
    dice: list[Die] = Field(default_factory=list, description="symbol dice (battle dice)")
    decks: list[Deck] = Field(default_factory=list, description="the decks of cards; empty: the game has no cards")
    symbol_sets: list[SymbolSet] = Field(default_factory=list, description="symbols the decks' fields name")
    tracks: list[Track] = Field(default_factory=list, description="tracks printed on the player aid")
    die_tables: list[DieTable] = Field(default_factory=list, description="die-roll tables the rules read and the "
                                                                       "player aid prints (standard rules case 14)")
    turn_track: TurnTrack
    rules: Optional[dict] = Field(None, description="the section of game.rules_module, checked by that module")

    # Convenience look-ups; the model stays plain data.
    def side(self, side_id: str) -> Side:
        return next(s for s in self.game.sides if s.id == side_id)

    def nations(self) -> list[tuple[Side, Nation]]:
        """(side, nation) of every nation of every side, in the order they are written."""
        return [(s, n) for s in self.game.sides for n in s.nations]

    def nation(self, nation_id: str) -> Nation:
        return next(n for _, n in self.nations() if n.id == nation_id)

    def piece_colours(self, side_id: str, nation_id: str | None) -> SideColours:
        """The colours of a counter of ``side_id`` (and ``nation_id``): the nation's, else the side's."""
        side = self.side(side_id)
        nation = next((n for n in side.nations if n.id == nation_id), None) if nation_id else None
        return nation.colours(side) if nation is not None else side.colour

    def unit_type(self, type_id: str) -> UnitType:
        return next(u for u in self.unit_types if u.id == type_id)

    def terrain_by_code(self) -> dict[str, Terrain]:
        return {t.code: t for t in self.map.terrain}

    def sections_of(self, hex_id: str) -> tuple[str, ...]:
        """The ids of the board sections hex ``hex_id`` lies in (two for a hex on a section's edge)."""
        col, row = parse_hex_id(hex_id)
        g = self.map.grid
        return tuple(s.id for s in self.map.sections
                     if in_band(col, row, s.columns[0], s.columns[1], g.orientation, g.shift))

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)

    def play_deck(self) -> Deck | None:
        """The deck the rules deal hands from: the first with a hand limit (None: no such deck)."""
        return next((d for d in self.decks if d.hand_limit is not None), None)

    def symbol_names(self, set_id: str) -> dict[str, str]:
        """Symbol id -> name of the set ``set_id``: a declared symbol set, or the unit types or sides."""
        if set_id == "unit_types":
            return {u.id: u.name for u in self.unit_types}
        if set_id == "sides":
            return {s.id: s.name for s in self.game.sides}
        found = next((s for s in self.symbol_sets if s.id == set_id), None)
        return {y.id: y.name for y in found.symbols} if found else {}

    def track(self, track_id: str) -> Track:
        return next(t for t in self.tracks if t.id == track_id)

    def turn_value(self, entry_id: str, turn: int, side_id: str) -> int:
        """The per-turn number ``entry_id`` of ``side_id`` on ``turn`` (0 when the entry or side has none)."""
        entry = next((e for e in self.turn_track.per_turn if e.id == entry_id), None)
        if entry is None:
            return 0
        return entry.changes.get(turn, {}).get(side_id, entry.each_turn.get(side_id, 0))


TOP_LEVEL_KEYS = tuple(Content.model_fields)


def json_schema() -> dict:
    """The JSON Schema of one content file (any subset of the top-level keys)."""
    schema = Content.model_json_schema()
    schema["required"] = []  # one file holds only part of the model
    schema["title"] = "genkit content file"
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


#: the file beside a pack's YAML that its first lines point editors at
#: (``# yaml-language-server: $schema=content.schema.json``): the pack carries its own copy, so the
#: link works wherever the pack lives; ``genkit new`` writes it, ``genkit schema --out`` refreshes it
SCHEMA_FILE = "content.schema.json"


def json_schema_text() -> str:
    """:func:`json_schema` as the text of ``content.schema.json`` (stable key order)."""
    import json
    return json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"

