"""The tables a rules booklet draws from the model, each asked for by a line ``[[name]]`` or
``[[name id]]`` in rules.md (see :mod:`.rules_text`); the registry of tables and
:class:`TableData`, what the booklet draws of each, live here too.  Every cell comes from the model; the
words around the numbers are the generic ones the player aid uses.

=================  ==========================================================================
``[[crt]]``        the combat results table: a block per attack type, a row per die face
``[[results]]``    the results key: code, name and what happens
``[[units]]``      the unit chart: strength, defence, movement, attack distances, facing...
``[[terrain]]``    the terrain chart: colour, movement cost, line of sight
``[[sequence]]``   the sequence of play: phase, who acts
``[[per_turn]]``   each per-turn number of the turn track, turn by turn and side
                   (``[[per_turn ID]]``: one of them)
``[[tracks]]``     the tracks printed on the player aid, lane by lane (``[[tracks ID]]``)
``[[setup]]``      the counter mix: each side's units, their set-up hexes and reserve
``[[markers]]``    the markers of the counter mix
``[[places]]``     the map's named places, their hexes and owners
``[[cards]]``      the deck: each card, its copies and the rolls that make it work
``[[draw_table]]`` the card draw table (die face -> card)
``[[chart:ID]]``   a chart of the game's rules module (:func:`.charts.module_charts`), e.g. its
                   terrain effects chart (``[[chart]]``: every chart)
=================  ==========================================================================
"""

from __future__ import annotations

from typing import Callable

from ..model.schema import Content
from .aid import aid_style
from .aid_sections import crt_notes
from .charts import module_charts
from .rules_markdown import RulesError
from .tables import TableData


TableBuilder = Callable[[Content, "str | None"], TableData]
TABLES: dict[str, tuple[TableBuilder, Callable[[Content], list[str]] | None, str]] = {}


def table(name: str, args: Callable[[Content], list[str]] | None = None, what: str = ""):
    """Register a table ``[[name]]`` (``args``: the ids ``[[name ID]]`` may name)."""
    def register(fn: TableBuilder) -> TableBuilder:
        TABLES[name] = (fn, args, what)
        return fn
    return register


#: ``[[chart:ID]]`` draws a chart of the game's rules module (``[[chart]]``: all of them)
CHART = "chart"


def lookup_table(name: str):
    """The builder, id lister and description of table ``name`` (the rules module's charts too)."""
    if name == CHART:
        return chart_table, chart_ids, "a chart of the game's rules module"
    return TABLES[name]


def table_problem(content: Content, name: str, arg: str | None) -> str | None:
    """Why ``[[name arg]]`` draws nothing, or None."""
    if name not in TABLES and name != CHART:
        return f"no table '{name}'; tables: {', '.join(TABLES)}, {CHART}:ID"
    fn, args, what = lookup_table(name)
    if arg is not None and args is None:
        return f"table '{name}' takes no id, got '{arg}'"
    if arg is not None and arg not in args(content):
        return f"table '{name}' has no '{arg}'; known: {', '.join(args(content)) or 'none'}"
    ids = [arg] if args is None or arg is not None else args(content)
    if not any(fn(content, i).rows for i in ids):   # it would print an empty head
        return f"table '{name}' ({what}) has nothing to show: this game has none"
    return None


def table_data(content: Content, name: str, arg: str | None) -> list[TableData]:
    problem = table_problem(content, name, arg)
    if problem:
        raise RulesError(problem)
    fn, args, _ = lookup_table(name)
    if args is not None and arg is None:
        return [fn(content, a) for a in args(content)]
    return [fn(content, arg)]


class TableCache:
    """The tables of one content model, each built once however often rules.md asks for it
    (20,000 ``[[units]]`` lines build one unit chart)."""

    def __init__(self, content: Content):
        self.content = content
        self.problems: dict[tuple[str, str | None], str | None] = {}
        self.tables: dict[tuple[str, str | None], list[TableData]] = {}

    def problem(self, name: str, arg: str | None) -> str | None:
        key = (name, arg)
        if key not in self.problems:
            self.problems[key] = table_problem(self.content, name, arg)
        return self.problems[key]

    def data(self, name: str, arg: str | None) -> list[TableData]:
        key = (name, arg)
        if key not in self.tables:
            self.tables[key] = table_data(self.content, name, arg)
        return self.tables[key]

    def height(self, name: str, arg: str | None, row: float) -> float:
        """About the height ``[[name arg]]`` prints at least, ``row`` points a line (0: nothing)."""
        if self.problem(name, arg):
            return 0.0
        face = self.content.game.components.counter_in * 72.0 + 9.0   # a face and its padding
        return sum(t.least_height(row, face) for t in self.data(name, arg))

PER_TURN_COLUMNS = 15   # turns per row block of a per-turn table (a 30-turn game: two blocks)


def _result_fill(content: Content) -> dict[str, str]:
    """Result effect -> cell colour: the player aid's (templates/aid.yaml.j2), so both print alike."""
    return aid_style(content).doc["result_fill"]


def _side_name(content: Content, side_id: str | None) -> str:
    if side_id is None:
        return "both"
    return next((s.adjective for s in content.game.sides if s.id == side_id), side_id)


def _unit_name(content: Content, type_id: str) -> str:
    return next((u.name for u in content.unit_types if u.id == type_id), type_id)


def _ranges(faces: list[int]) -> str:
    """[1, 2, 3, 5] -> "1-3, 5"."""
    out, run = [], []
    for f in sorted(faces):
        if run and f == run[-1] + 1:
            run.append(f)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
        run = [f]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
    return ", ".join(out)


@table("crt", what="the combat results table")
def crt_table(content: Content, _=None) -> TableData:
    crt = content.crt
    if crt is None:                  # a game without a CRT: nothing to show (a check error)
        return TableData([], [], [1.0])
    cols = sorted(crt.columns, key=lambda c: c.key)
    effect = {r.code: r.effect for r in crt.results}
    result_fill = _result_fill(content)
    what = "Odds" if crt.uses_odds else "Attack strength minus defence"
    header = [["Die", *[c.label for c in cols]]]
    rows, fills, bands = [], {}, []
    for at in crt.attack_types:
        bands.append(len(rows))
        rows.append([f"{crt.attack_type_names.get(at, at)} attack"] + [""] * len(cols))
        for f in range(crt.die_faces):
            r = len(rows)
            rows.append([str(f + 1)] + [c.rows[at][f] for c in cols])
            for i, c in enumerate(cols, 1):
                fills[(r, i)] = result_fill.get(effect.get(c.rows[at][f], "none"), "#ffffff")
    notes = [f"Columns: {what.lower()}." if not crt.uses_odds else "Columns: odds, attack to defence."]
    return TableData(header, rows, [1.6] + [1] * len(cols), fills, [(b, 0, len(cols)) for b in bands],
                     bands, notes + crt_notes(content), ["CENTER"] * (len(cols) + 1))


@table("results", what="the results key")
def results_table(content: Content, _=None) -> TableData:
    from .aid_sections import result_name
    if content.crt is None:
        return TableData([], [], [1.0])
    rows = [[r.code, result_name(r), r.text] for r in content.crt.results]
    result_fill = _result_fill(content)
    fills = {(i, 0): result_fill.get(r.effect, "#ffffff") for i, r in enumerate(content.crt.results)}
    return TableData([["Result", "Name", "What happens"]], rows, [0.8, 1.2, 6], fills,
                     align=["CENTER", "LEFT", "LEFT"])


@table("units", what="the unit chart")
def units_table(content: Content, _=None) -> TableData:
    crt = content.crt
    types = content.unit_types
    attack_types = crt.attack_types if crt else []
    strength = any(u.strength is not None for u in types)
    defence = any(u.defence is not None for u in types)
    figures = any(u.figures is not None for u in types)
    ranges = max((len(u.battle_dice) for u in types), default=0)
    points = any(u.points is not None for u in types) or any(v.kind == "points" for v in content.game.victory)
    head = ["Counter", "Unit"] + (["Strength full / reduced"] if strength else [])
    head += ["Defence full / reduced"] if defence else []
    head += ["Figures"] if figures else []
    head += ["Movement points" if strength else "Movement (hexes)"]
    head += [f"{crt.attack_type_names.get(a, a)} attack up to" for a in attack_types]
    head += ["Battle dice at 1, 2, 3 ... hexes"] if ranges else []
    # the facing and friends columns: always on a strength game's chart, else only when they say something
    facing = strength or any(u.facing for u in types)
    friends = strength or any(u.passes_through_friends for u in types)
    head += (["Facing"] if facing else []) + (["Enters a friend's hex"] if friends else [])
    head += ["Points"] if points else []
    rows, counters = [], {}
    for u in types:
        counters[(len(rows), 0)] = (_owner(content, u.id), u.id)   # the counter as printed, in its side's colours
        row = ["", f"{u.name} ({u.short})"]
        if strength:
            row.append(f"{u.strength.full} / {u.strength.reduced}" if u.strength else "-")
        if defence:
            d = u.defence_of()
            row.append(f"{d.full} / {d.reduced}" if d else "-")
        if figures:
            row.append(str(u.figures) if u.figures is not None else "-")
        row.append(str(u.movement))
        row += [f"{u.attack_distance[a]} hex{'es' if u.attack_distance[a] != 1 else ''}"
                if a in u.attack_distance else "-" for a in attack_types]
        row += ["-".join(map(str, u.battle_dice)) or "-"] if ranges else []
        if facing:
            row.append(f"yes, {u.turn_cost} MP per hex side turned" if u.facing else "no")
        if friends:
            row.append("yes" if u.passes_through_friends else "no")
        if points:
            row.append(str(u.point_value()))
        rows.append(row)
    n = len(head)
    widths = [1.1, 2.2] + [1] * (n - 2)
    for name, w in (("Facing", 1.4), ("Battle dice at 1, 2, 3 ... hexes", 2.0), ("Movement (hexes)", 1.3)):
        if name in head:
            widths[head.index(name)] = w
    return TableData([head], rows, widths, align=["CENTER", "LEFT"] + ["CENTER"] * (n - 2), counters=counters)


@table("terrain", what="the terrain chart")
def terrain_table(content: Content, _=None) -> TableData:
    rows, fills = [], {}
    for i, t in enumerate(content.map.terrain):
        cost = "impassable" if t.move_cost is None else f"{t.move_cost} MP"
        rows.append(["", t.name, cost, "yes" if t.blocks_los else "no"])
        fills[(i, 0)] = t.colour
    return TableData([["", "Terrain", "Cost to enter", "Blocks line of sight"]], rows,
                     [0.5, 2.4, 1.4, 1.6], fills, align=["CENTER", "LEFT", "CENTER", "CENTER"])


@table("sequence", what="the sequence of play")
def sequence_table(content: Content, _=None) -> TableData:
    rows = [[str(i), p.name, _side_name(content, p.side).capitalize() if p.side else "Both players"]
            for i, p in enumerate(content.game.sequence_of_play, 1)]
    return TableData([["Phase", "Name", "Who acts"]], rows, [0.7, 3, 2], align=["CENTER", "LEFT", "LEFT"])


def _per_turn_ids(content: Content) -> list[str]:
    return [e.id for e in content.turn_track.per_turn]


@table("per_turn", _per_turn_ids, what="a per-turn number of the turn track")
def per_turn_table(content: Content, entry_id: str) -> TableData:
    entry = next(e for e in content.turn_track.per_turn if e.id == entry_id)
    turns = content.turn_track.turns
    width = min(PER_TURN_COLUMNS, turns)
    rows, bands = [], []
    for start in range(1, turns + 1, width):
        block = list(range(start, min(turns, start + width - 1) + 1))
        bands.append(len(rows))
        rows.append(["Turn"] + [str(t) for t in block] + [""] * (width - len(block)))
        for s in content.game.sides:
            rows.append([s.adjective] + [str(content.turn_value(entry.id, t, s.id)) for t in block]
                        + [""] * (width - len(block)))
    return TableData([], rows, [2.2] + [1] * width, bands=bands, align=["LEFT"] + ["CENTER"] * width,
                     title=entry.name)


def _track_ids(content: Content) -> list[str]:
    return [t.id for t in content.tracks]


@table("tracks", _track_ids, what="a track of the player aid")
def track_table(content: Content, track_id: str) -> TableData:
    t = content.track(track_id)
    count = f" {t.count}" if t.count else ""
    rows = [[_unit_name(content, lane), f"0 to {last}", f"{last}{count}"] for lane, last in t.lanes.items()]
    return TableData([[t.name, "Boxes", "Completed at"]], rows, [3, 1.5, 1.5],
                     align=["LEFT", "CENTER", "CENTER"])


def _owner(content: Content, type_id: str) -> str:
    """The side whose counters of ``type_id`` the unit chart draws: the first that has any."""
    return next((g.side for g in content.counters.units if g.type == type_id), content.game.sides[0].id)


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _where(g) -> str:
    """Where a group's pieces start: its set-up hexes, and when its reserve enters as
    reinforcements, the turn and the entry hexes."""
    parts = [", ".join(g.setup)] if g.setup else []
    if g.enters is not None and g.reserve:
        parts.append(f"{g.reserve} enter on turn {g.enters.turn} at {_or_list(list(g.enters.hexes))}")
    return "; ".join(parts) or "-"


@table("setup", what="the counter mix and set-up")
def setup_table(content: Content, _=None) -> TableData:
    rows = []
    for g in content.counters.units:
        rows.append([_side_name(content, g.side), _unit_name(content, g.type), str(len(g.setup) + g.reserve),
                     _where(g), str(g.reserve)])
    return TableData([["Side", "Unit", "Pieces", "Set up in hexes, or enters", "Reserve"]], rows,
                     [1.3, 2, 0.9, 3.6, 0.9], align=["LEFT", "LEFT", "CENTER", "LEFT", "CENTER"])


@table("markers", what="the markers of the counter mix")
def markers_table(content: Content, _=None) -> TableData:
    rows = [[m.name, _side_name(content, m.side) if m.side else "either", str(m.count),
             f"{m.front.label} {m.front.caption}".strip(), f"{m.back.label} {m.back.caption}".strip()]
            for m in content.counters.markers]
    return TableData([["Marker", "Side", "Pieces", "Front", "Back"]], rows, [2, 1.3, 0.9, 2, 2],
                     align=["LEFT", "LEFT", "CENTER", "LEFT", "LEFT"])


@table("places", what="the map's named places")
def places_table(content: Content, _=None) -> TableData:
    rows = [[p.name, p.hex, _side_name(content, p.side) if p.side else ""] for p in content.map.places]
    return TableData([["Place", "Hex", "Owned by"]], rows, [3, 1, 2], align=["LEFT", "CENTER", "LEFT"])


@table("cards", what="the card deck")
def cards_table(content: Content, _=None) -> TableData:
    cards = content.cards
    if cards and any(c.orders for c in cards.deck):      # command cards: the units each orders
        from .orders import orders_words
        rows = [[c.name, str(len(c.all_copies())), orders_words(content, c) if c.orders else "-", c.text]
                for c in cards.deck]
        return TableData([["Card", "Copies", "Orders", "What it does"]], rows, [1.5, 0.8, 1.9, 4.6],
                         align=["LEFT", "CENTER", "LEFT", "LEFT"])
    rows = []
    for c in cards.deck if cards else []:
        rolls = "; ".join(filter(None, (
            " ".join(filter(None, [_ranges(cp.roll) if cp.roll else "", f"then {cp.parity}" if cp.roll and cp.parity
                                   else (cp.parity or "")])) for cp in c.all_copies())))
        rows.append([c.name, str(len(c.all_copies())), rolls or "always", c.text])
    return TableData([["Card", "Copies", "Rolls (one per copy)", "What it does"]], rows, [1.5, 0.8, 1.9, 4.6],
                     align=["LEFT", "CENTER", "LEFT", "LEFT"])


@table("draw_table", what="the card draw table")
def draw_table(content: Content, _=None) -> TableData:
    cards = content.cards
    names = {c.id: c.name for c in cards.deck} if cards else {}
    rows = [[str(face), names.get(cid, cid)] for face, cid in sorted((cards.draw_table if cards else {}).items())]
    title = cards.draw_table_name if cards else "Card draw table"
    return TableData([["Die", title]], rows, [0.8, 4], align=["CENTER", "LEFT"])


def chart_ids(content: Content) -> list[str]:
    return [c.id for c in module_charts(content)]


def chart_table(content: Content, chart_id: str) -> TableData:
    """``[[chart:ID]]``: a chart of the game's rules module (looked up as :data:`CHART`, not
    among the generic :data:`TABLES`)."""
    chart = next(c for c in module_charts(content) if c.id == chart_id)
    n = len(chart.columns)
    # the frame's width (TABLE_UNIT points a unit), shared by the columns' longest texts
    longest = [max([len(chart.columns[j])] + [len(r[j]) for r in chart.rows]) for j in range(n)]
    widths = [10.0 * max(w, 11) / sum(max(x, 11) for x in longest) for w in longest]
    return TableData([list(chart.columns)], [list(r) for r in chart.rows], widths, notes=list(chart.notes),
                     align=["LEFT"] * n, title=chart.title)
