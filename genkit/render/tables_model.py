"""The tables drawn from the model, each built once as plain data (:class:`~.tables.TableData`)
in a style's words (``templates/aid.yaml.j2``, ``words``: the ``t_*`` keys): the rules booklet
draws them for ``[[name]]`` lines (:mod:`.rules_tables`), the player aid draws some of the same
records (its results key).  Every cell comes from the model."""

from __future__ import annotations

from typing import Callable

from ..model.card_orders import orders_deck
from ..model.schema import Content
from .aid_text import Style
from .charts import module_charts
from .deck_list import deck_ids, deck_list, named_deck
from .tables import TableData, Words, crt_notes, fill_words, joined, result_name
from .tables_tracks import track_ids, track_table, turn_track_table

TableBuilder = Callable[[Content, "str | None", Style], TableData]
TABLES: dict[str, tuple[TableBuilder, Callable[[Content], list[str]] | None, str]] = {}


def table(name: str, args: Callable[[Content], list[str]] | None = None, what: str = ""):
    """Register a table ``[[name]]`` (``args``: the ids ``[[name ID]]`` may name)."""
    def register(fn: TableBuilder) -> TableBuilder:
        TABLES[name] = (fn, args, what)
        return fn
    return register


PER_TURN_COLUMNS = 15   # turns per row block of a per-turn table (a 30-turn game: two blocks)


def _result_fill(st: Style) -> dict[str, str]:
    """Result effect -> cell colour: the player aid's (templates/aid.yaml.j2), so both print alike."""
    return st.doc["result_fill"]


def _side_name(content: Content, side_id: str | None, w: Words) -> str:
    if side_id is None:
        return w("t_both")
    return next((s.adjective for s in content.game.sides if s.id == side_id), side_id)


def _unit_name(content: Content, type_id: str) -> str:
    return next((u.name for u in content.unit_types if u.id == type_id), type_id)


def _hexes(n: int, w: Words) -> str:
    return f"{n} {w('hex') if n == 1 else w('hexes')}"


@table("crt", what="the combat results table")
def crt_table(content: Content, _, st: Style) -> TableData:
    w = st.word
    crt = content.crt
    if crt is None:                  # a game without a CRT: nothing to show (a check error)
        return TableData([], [], [1.0])
    cols = sorted(crt.columns, key=lambda c: c.key)
    effect = {r.code: r.effect for r in crt.results}
    result_fill = _result_fill(st)
    # one die: "Die" over its faces; a sum of dice: the roll ("2d6") over each sum
    header = [[w("t_die") if crt.dice == 1 else crt.roll_text, *[c.label for c in cols]]]
    rows, fills, bands = [], {}, []
    for at in crt.attack_types:
        bands.append(len(rows))
        rows.append([fill_words(w("t_attack_band"), attack=crt.attack_type_names.get(at, at))] + [""] * len(cols))
        for f, roll in enumerate(crt.rolls):
            r = len(rows)
            rows.append([str(roll)] + [c.rows[at][f] for c in cols])
            for i, c in enumerate(cols, 1):
                fills[(r, i)] = result_fill.get(effect.get(c.rows[at][f], "none"), "#ffffff")
    notes = [w("t_columns_odds" if crt.uses_odds else "t_columns_differential")]
    return TableData(header, rows, [1.6] + [1] * len(cols), fills, [(b, 0, len(cols)) for b in bands],
                     bands, notes + crt_notes(content, w), ["CENTER"] * (len(cols) + 1),
                     roles=[""] + ["strong"] * len(cols))


@table("results", what="the results key")
def results_table(content: Content, _, st: Style) -> TableData:
    w = st.word
    if content.crt is None:
        return TableData([], [], [1.0])
    rows = [[r.code, result_name(r, w), r.text] for r in content.crt.results]
    result_fill = _result_fill(st)
    fills = {(i, 0): result_fill.get(r.effect, "#ffffff") for i, r in enumerate(content.crt.results)}
    return TableData([[w("t_result"), w("t_name"), w("t_what_happens")]], rows, [0.8, 1.2, 6], fills,
                     align=["CENTER", "LEFT", "LEFT"], roles=["key", "", "flex"])


@table("units", what="the unit chart")
def units_table(content: Content, _, st: Style) -> TableData:
    w = st.word
    crt = content.crt
    types = content.unit_types
    attack_types = crt.attack_types if crt else []
    strength = any(u.strength is not None for u in types)
    defence = any(u.defence is not None for u in types)
    figures = any(u.figures is not None for u in types)
    ranges = max((len(u.battle_dice) for u in types), default=0)
    points = any(u.points is not None for u in types) or any(v.kind == "points" for v in content.game.victory)
    # (column, relative width) in order; the facing and friends columns always on a strength
    # game's chart, else only when they say something
    facing = strength or any(u.facing for u in types)
    friends = strength or any(u.passes_through_friends for u in types)
    columns = [("t_counter", 1.1), ("unit", 2.2)] + [("t_strength", 1)] * strength + [("t_defence", 1)] * defence
    columns += [("figures", 1)] * figures + [("t_movement", 1) if strength else ("t_movement_hexes", 1.3)]
    columns += [(f"attack:{a}", 1) for a in attack_types] + [("t_battle_dice", 2.0)] * bool(ranges)
    columns += [("facing", 1.4)] * facing + [("t_friends", 1)] * friends + [("t_points", 1)] * points
    head = [fill_words(w("t_attack_up_to"), attack=crt.attack_type_names.get(k[7:], k[7:]))
            if k.startswith("attack:") else w(k) for k, _ in columns]
    rows, counters = [], {}
    for u in types:
        counters[(len(rows), 0)] = (_owner(content, u.id), u.id)   # the counter as printed, in its side's colours
        row = ["", f"{u.name} ({u.short})"]
        if strength:
            row.append(f"{u.strength.full} / {u.strength.reduced}" if u.strength else w("none"))
        if defence:
            d = u.defence_of()
            row.append(f"{d.full} / {d.reduced}" if d else w("none"))
        if figures:
            row.append(str(u.figures) if u.figures is not None else w("none"))
        row.append(str(u.movement))
        row += [_hexes(u.attack_distance[a], w) if a in u.attack_distance else w("none") for a in attack_types]
        row += ["-".join(map(str, u.battle_dice)) or w("none")] if ranges else []
        if facing:
            row.append(fill_words(w("t_facing_cost"), cost=u.turn_cost) if u.facing else w("no"))
        if friends:
            row.append(w("yes") if u.passes_through_friends else w("no"))
        if points:
            row.append(str(u.point_value()))
        rows.append(row)
    n = len(head)
    return TableData([head], rows, [c[1] for c in columns], align=["CENTER", "LEFT"] + ["CENTER"] * (n - 2),
                     counters=counters, roles=["", "strong"] + [""] * (n - 2))


@table("terrain", what="the terrain chart")
def terrain_table(content: Content, _, st: Style) -> TableData:
    w = st.word
    rows, fills = [], {}
    for i, t in enumerate(content.map.terrain):
        cost = w("impassable") if t.move_cost is None else fill_words(w("t_mp"), mp=t.move_cost)
        rows.append(["", t.name, cost, w("yes") if t.blocks_los else w("no")])
        fills[(i, 0)] = t.colour
    return TableData([["", w("terrain"), w("t_cost_to_enter"), w("t_blocks_los")]], rows,
                     [0.5, 2.4, 1.4, 1.6], fills, align=["CENTER", "LEFT", "CENTER", "CENTER"],
                     roles=["", "strong", "", ""],
                     things={(i, 0): f"terrain:{t.id}" for i, t in enumerate(content.map.terrain)})


def phase_text(content: Content, phase, w: Words) -> str:
    """What happens in a phase: the style's words for its kind (``phase_<kind>``), ``{who}``
    naming the side acting ("the American player") or both players, as a sentence; "" for a
    kind without words."""
    who = fill_words(w("side_player"), side=content.side(phase.side).adjective) if phase.side else w("both_players")
    key = f"phase_{phase.kind}"
    what = w(key)
    text = fill_words(what, who=who) if what != key else ""
    return text[:1].upper() + text[1:]


@table("sequence", what="the sequence of play")
def sequence_table(content: Content, _, st: Style) -> TableData:
    """The sequence of play: each phase's number (on the acting side's colour), name, who acts
    and what happens in it (the words ``phase_<kind>``), in the order played.  The player aid
    leaves "who acts" aside: its number's colour and what happens say it."""
    w = st.word
    seq = content.game.sequence_of_play
    rows = [[str(i), p.name, _side_name(content, p.side, w).capitalize() if p.side else w("t_both_players"),
             phase_text(content, p, w)] for i, p in enumerate(seq, 1)]
    fills = {(i, 0): content.side(p.side).colour.full if p.side else "#ffffff" for i, p in enumerate(seq)}
    return TableData([[w("t_phase"), w("t_name"), w("t_who_acts"), w("t_what_happens")]], rows, [0.6, 2.2, 1.4, 5.2],
                     fills, align=["CENTER", "LEFT", "LEFT", "LEFT"], roles=["key", "strong", "aside", "flex"])


def _per_turn_ids(content: Content) -> list[str]:
    return [e.id for e in content.turn_track.per_turn]


@table("per_turn", _per_turn_ids, what="a per-turn number of the turn track")
def per_turn_table(content: Content, entry_id: str, st: Style) -> TableData:
    w = st.word
    entry = next(e for e in content.turn_track.per_turn if e.id == entry_id)
    turns = content.turn_track.turns
    width = min(PER_TURN_COLUMNS, turns)
    rows, bands = [], []
    for start in range(1, turns + 1, width):
        block = list(range(start, min(turns, start + width - 1) + 1))
        bands.append(len(rows))
        rows.append([w("t_turn")] + [str(t) for t in block] + [""] * (width - len(block)))
        for s in content.game.sides:
            rows.append([s.adjective] + [str(content.turn_value(entry.id, t, s.id)) for t in block]
                        + [""] * (width - len(block)))
    return TableData([], rows, [2.2] + [1] * width, bands=bands, align=["LEFT"] + ["CENTER"] * width,
                     title=entry.name)


table("tracks", track_ids, what="a track of the player aid")(track_table)
table("turn_track", what="the game turn track: each turn's box, its per-turn numbers and reinforcements")(
    turn_track_table)


def _owner(content: Content, type_id: str) -> str:
    """The side whose counters of ``type_id`` the unit chart draws: the first that has any."""
    return next((g.side for g in content.counters.units if g.type == type_id), content.game.sides[0].id)


def _where(g, w: Words) -> str:
    """Where a group's pieces start: its set-up hexes, and when its reserve enters as
    reinforcements, the turn and the entry hexes."""
    parts = [", ".join(g.setup)] if g.setup else []
    if g.enters is not None and g.reserve:
        parts.append(fill_words(w("t_enters"), count=g.reserve, turn=g.enters.turn,
                                hexes=joined(list(g.enters.hexes), w("t_or"))))
    return "; ".join(parts) or w("none")


@table("setup", what="the counter mix and set-up")
def setup_table(content: Content, _, st: Style) -> TableData:
    w = st.word
    rows = []
    for g in content.counters.units:
        rows.append([_side_name(content, g.side, w), _unit_name(content, g.type), str(len(g.setup) + g.reserve),
                     _where(g, w), str(g.reserve)])
    return TableData([[w("t_side"), w("unit"), w("t_pieces"), w("t_set_up"), w("t_reserve")]], rows,
                     [1.3, 2, 0.9, 3.6, 0.9], align=["LEFT", "LEFT", "CENTER", "LEFT", "CENTER"])


@table("markers", what="the markers of the counter mix")
def markers_table(content: Content, _, st: Style) -> TableData:
    w = st.word
    rows = [[m.name, _side_name(content, m.side, w) if m.side else w("t_either"), str(m.count),
             f"{m.front.label} {m.front.caption}".strip(), f"{m.back.label} {m.back.caption}".strip()]
            for m in content.counters.markers]
    return TableData([[w("t_marker"), w("t_side"), w("t_pieces"), w("t_front"), w("t_back")]], rows,
                     [2, 1.3, 0.9, 2, 2], align=["LEFT", "LEFT", "CENTER", "LEFT", "LEFT"])


@table("places", what="the map's named places")
def places_table(content: Content, _, st: Style) -> TableData:
    w = st.word
    rows = [[p.name, p.hex, _side_name(content, p.side, w) if p.side else ""] for p in content.map.places]
    return TableData([[w("t_place"), w("t_hex"), w("t_owned_by")]], rows, [3, 1, 2],
                     align=["LEFT", "CENTER", "LEFT"])


@table("cards", args=deck_ids, what="a deck's list (default: the deck dealt into hands)")
def cards_table(content: Content, deck_id, st: Style) -> TableData:
    deck = named_deck(content, deck_id)
    found = deck_list(content, deck, st.word)   # the deck's rows: render/deck_list.py
    # command cards: the player aid lists each card's copies and orders, not its text
    roles = ["strong", "", "flex", "aside"] if deck is not None and orders_deck(content, deck) else []
    return TableData([found.header], found.rows, found.widths, align=found.align, roles=roles)


def _hand_deck_ids(content: Content) -> list[str]:
    return [d.id for d in content.decks if d.hand_limit is not None]


@table("deck_rules", _hand_deck_ids, what="the hand limit, plays per phase and reshuffle of each deck dealt into hands")
def deck_rules_table(content: Content, deck_id, st: Style) -> TableData:
    """How a deck dealt into hands is played: its hand limit, the cards played per phase and
    the cards left when the discards are reshuffled (no rows for a deck not dealt into hands)."""
    w = st.word
    deck = named_deck(content, deck_id)
    rows = [] if deck is None or deck.hand_limit is None else [
        [w("hand_limit"), str(deck.hand_limit)], [w("plays"), str(deck.plays_per_phase)],
        [w("reshuffle"), str(deck.reshuffle_at)]]
    return TableData([], rows, [5, 1], align=["LEFT", "CENTER"], roles=["flex", ""])


@table("draw_table", what="the card draw table")
def draw_table(content: Content, _, st: Style) -> TableData:
    w = st.word
    cards = content.play_deck()
    names = {c.id: c.name for c in cards.cards} if cards else {}
    rows = [[str(face), names.get(cid, cid)] for face, cid in sorted((cards.draw_table if cards else {}).items())]
    title = cards.draw_table_name if cards else ""
    return TableData([[w("t_die"), title]], rows, [0.8, 4], align=["CENTER", "LEFT"], roles=["", "strong flex"])


def chart_ids(content: Content) -> list[str]:
    return [c.id for c in module_charts(content)]


def chart_table(content: Content, chart_id: str, st: Style) -> TableData:
    """``[[chart:ID]]``: a chart of the game's rules module (looked up as :data:`CHART`, not
    among the generic :data:`TABLES`), in the module's own words."""
    chart = next(c for c in module_charts(content) if c.id == chart_id)
    n = len(chart.columns)
    # the frame's width (TABLE_UNIT points a unit), shared by the columns' longest texts
    longest = [max([len(chart.columns[j])] + [len(r[j]) for r in chart.rows]) for j in range(n)]
    widths = [10.0 * max(x, 11) / sum(max(y, 11) for y in longest) for x in longest]
    return TableData([list(chart.columns)], [list(r) for r in chart.rows], widths, notes=list(chart.notes),
                     align=["LEFT"] * n, title=chart.title)
