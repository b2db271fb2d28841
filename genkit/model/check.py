"""Consistency checks a designer cannot easily do by eye, reading the model alone.

Each check is a function ``(ctx) -> iterable of Finding`` registered with ``@check``
(:mod:`.check_context`); ``run_checks`` runs them all. Schema validation (types, unknown
fields) happened in ``load``; these checks look across the model: references, counts, the CRT,
the map, the sheet, colours (check_cards.py, check_colours.py, check_combat.py, check_map.py
hold their checks). What the rules module asks of the model and whether the drawings fit are
checked above this layer, by the pack step (:mod:`genkit.pack`).
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable, Iterator

from .. import hexes
from . import check_board, check_cards, check_colours, check_combat, check_map, check_nations  # noqa: F401  (register their checks)
from .check_context import CHECKS, Context, check
from .schema import DRAW, MOST_POINTS, Content
from .source import Finding, Source

SEVERITY_ORDER = {"error": 0, "warning": 1}

def _dupes(values: Iterable[tuple[str, tuple]], what: str, ctx: Context) -> Iterator[Finding]:
    seen: dict[str, tuple] = {}
    for value, path in values:
        if value in seen:
            file, line = ctx.source.where(seen[value])
            yield ctx.error("duplicate-id", path, f"{what} '{value}' is defined twice (first at {file}:{line})")
        else:
            seen[value] = path


# --------------------------------------------------------------------------- identity and references

@check
def unique_ids(ctx: Context):
    c = ctx.content
    yield from _dupes(((s.id, ("game", "sides", i, "id")) for i, s in enumerate(c.game.sides)), "side", ctx)
    yield from _dupes(((u.id, ("unit_types", i, "id")) for i, u in enumerate(c.unit_types)), "unit type", ctx)
    yield from _dupes(((t.id, ("map", "terrain", i, "id")) for i, t in enumerate(c.map.terrain)), "terrain", ctx)
    yield from _dupes(((t.code, ("map", "terrain", i, "code")) for i, t in enumerate(c.map.terrain)),
                      "terrain code", ctx)
    yield from _dupes(((m.id, ("counters", "markers", i, "id")) for i, m in enumerate(c.counters.markers)),
                      "marker", ctx)
    yield from _dupes(((t.id, ("tracks", i, "id")) for i, t in enumerate(c.tracks)), "track", ctx)
    yield from _dupes(((e.id, ("turn_track", "per_turn", i, "id")) for i, e in enumerate(c.turn_track.per_turn)),
                      "per-turn entry", ctx)
    yield from _dupes(((ln.id, ("map", "lines", i, "id")) for i, ln in enumerate(c.map.lines)), "map line", ctx)
    yield from _dupes(((s.id, ("map", "sections", i, "id")) for i, s in enumerate(c.map.sections)), "section", ctx)
    yield from _dupes(((f.id, ("map", "features", i, "id")) for i, f in enumerate(c.map.features)), "feature", ctx)
    yield from _dupes(((d.id, ("dice", i, "id")) for i, d in enumerate(c.dice)), "die", ctx)
    yield from _dupes(((p.id, ("game", "sequence_of_play", i, "id")) for i, p in enumerate(c.game.sequence_of_play)),
                      "phase", ctx)
    if c.crt is not None:
        yield from _dupes(((col.label, ("crt", "columns", i)) for i, col in enumerate(c.crt.columns)),
                          "CRT column", ctx)
        yield from _dupes(((r.code, ("crt", "results", i, "code")) for i, r in enumerate(c.crt.results)),
                          "CRT result", ctx)
    yield from _dupes(((p.name, ("map", "places", i, "name")) for i, p in enumerate(c.map.places)), "place", ctx)


@check
def side_references(ctx: Context):
    c, sides = ctx.content, ctx.side_ids
    known = ", ".join(sorted(sides))
    refs = [(c.game.first_side, ("game", "first_side"))]
    refs += [(p.side, ("game", "sequence_of_play", i, "side"))
             for i, p in enumerate(c.game.sequence_of_play) if p.side]
    refs += [(g.side, ("counters", "units", i, "side")) for i, g in enumerate(c.counters.units)]
    refs += [(m.side, ("counters", "markers", i, "side")) for i, m in enumerate(c.counters.markers) if m.side]
    refs += [(p.side, ("map", "places", i, "side")) for i, p in enumerate(c.map.places) if p.side]
    for i, e in enumerate(c.turn_track.per_turn):
        refs += [(s, ("turn_track", "per_turn", i, "each_turn", s)) for s in e.each_turn]
        refs += [(s, ("turn_track", "per_turn", i, "changes", t, s)) for t, change in e.changes.items() for s in change]
    for side, path in refs:
        if side not in sides:
            yield ctx.error("unknown-side", path, f"side '{side}' is not one of the game's sides ({known})")


@check
def victory(ctx: Context):
    """5.0 as data: each condition once; the turn limit, which always ends the game, names a
    side of the game or draw as its winner."""
    conditions = ctx.content.game.victory
    yield from _dupes(((v.kind, ("game", "victory", i, "kind")) for i, v in enumerate(conditions)),
                      "victory condition", ctx)
    limits = [(i, v) for i, v in enumerate(conditions) if v.kind == "turn_limit"]
    if not limits:
        yield ctx.error("no-turn-limit", ("game", "victory"),
                        "the last turn of the turn track ends the game: add {kind: turn_limit, winner: "
                        f"<side or {DRAW}>}}")
    known = ", ".join(sorted(ctx.side_ids) + [DRAW, MOST_POINTS])
    for i, v in limits:
        if v.winner not in (DRAW, MOST_POINTS) and v.winner not in ctx.side_ids:
            yield ctx.error("unknown-side", ("game", "victory", i, "winner"),
                            f"winner '{v.winner}' is not one of the game's sides, {DRAW} or {MOST_POINTS} ({known})")
    for i, v in enumerate(conditions):
        if v.kind == "enter_enemy_place" and not any(p.side for p in ctx.content.map.places):
            yield ctx.error("no-owned-place", ("game", "victory", i),
                            "enter_enemy_place needs at least one map place owned by a side (map.places[].side)")
        if v.kind == "hold" and v.side and v.side not in ctx.side_ids:
            yield ctx.error("unknown-side", ("game", "victory", i, "side"),
                            f"hold: side '{v.side}' is not one of the game's sides ({', '.join(sorted(ctx.side_ids))})")
        if v.kind == "points" and not isinstance(v.at_least, int):
            for sid in v.at_least:
                if sid not in ctx.side_ids:
                    yield ctx.error("unknown-side", ("game", "victory", i, "at_least", sid),
                                    f"points: side '{sid}' is not one of the game's sides "
                                    f"({', '.join(sorted(ctx.side_ids))})")
        if v.kind == "hold":
            for j, h in enumerate(v.hexes):
                path = ("game", "victory", i, "hexes", j)
                if h not in ctx.grid:
                    yield ctx.error("off-map", path, f"hold: hex {h} is not on the map")
                elif h in ctx.terrain_at and ctx.terrain_at[h].move_cost is None:
                    yield ctx.error("impassable", path, f"hold: hex {h} is {ctx.terrain_at[h].name}, which no "
                                    "unit can enter")
    yield from _after_the_turn_limit(ctx, conditions)


def _after_the_turn_limit(ctx: Context, conditions):
    """The turn limit always ends the game after the last turn: a condition checked only then
    (``at: game_end``) and listed after it can never decide a game."""
    limit = next((i for i, v in enumerate(conditions) if v.kind == "turn_limit"), None)
    for i, v in enumerate(conditions):
        if limit is not None and i > limit and getattr(v, "at", "turn_end") == "game_end":
            yield ctx.warning("never-checked", ("game", "victory", i),
                              f"{v.kind} at game_end comes after turn_limit, which ends the game first: "
                              "list it before turn_limit")


@check
def first_side(ctx: Context):
    """``game.first_side`` is the side that moves first: the side of the first phase that names one."""
    first = next((p for p in ctx.content.game.sequence_of_play if p.side), None)
    side = ctx.content.game.first_side
    if side not in ctx.side_ids:
        return                          # reported by side_references
    if first is not None and first.side != side:
        yield ctx.warning("first-side", ("game", "first_side"),
                          f"first_side is '{side}', but the first phase that names a side, '{first.id}', "
                          f"belongs to '{first.side}': first_side should be the side that moves first")


@check
def unit_type_references(ctx: Context):
    c = ctx.content
    types = {u.id for u in c.unit_types}
    known = ", ".join(sorted(types))
    for i, g in enumerate(c.counters.units):
        if g.type not in types:
            yield ctx.error("unknown-unit-type", ("counters", "units", i, "type"),
                            f"unit type '{g.type}' is not defined in unit_types ({known})")
    lanes = {f"{t.id}:{lane}" for t in c.tracks for lane in t.lanes}
    for i, m in enumerate(c.counters.markers):
        if m.track and m.track != "turn" and m.track not in lanes:
            yield ctx.error("bad-track", ("counters", "markers", i, "track"),
                            f"track '{m.track}' should be 'turn' or '<track>:<lane>' "
                            f"({', '.join(sorted(lanes)) or 'no tracks defined'})")
    used = {g.type for g in c.counters.units}
    for i, u in enumerate(c.unit_types):
        if u.id not in used:
            yield ctx.warning("unused-unit-type", ("unit_types", i, "id"), f"unit type '{u.id}' has no counters")


@check
def unit_type_values(ctx: Context):
    for i, u in enumerate(ctx.content.unit_types):
        if u.facing and u.turn_cost == 0:
            yield ctx.warning("free-turning", ("unit_types", i, "turn_cost"),
                              f"{u.name} has a facing but turning costs nothing")
        if not u.facing and u.turn_cost:
            yield ctx.warning("turn-cost-unused", ("unit_types", i, "turn_cost"),
                              f"{u.name} has no facing, so its turn_cost is never paid")
        if u.movement == 0:
            yield ctx.warning("immobile", ("unit_types", i, "movement"), f"{u.name} can never move")


# --------------------------------------------------------------------------- counts

@check
def piece_count(ctx: Context):
    c = ctx.content
    units = sum(len(g.setup) + g.reserve for g in c.counters.units)
    markers = sum(m.count for m in c.counters.markers)
    if units + markers != c.game.components.pieces:
        yield ctx.error("piece-count", ("game", "components", "pieces"),
                        f"the counter mix has {units} units + {markers} markers = {units + markers} pieces, "
                        f"but the game states {c.game.components.pieces}")


@check
def markers_cover_tracks(ctx: Context):
    c = ctx.content
    tracks = Counter((m.side, m.track) for m in c.counters.markers for _ in range(m.count) if m.track)
    for side in sorted(ctx.side_ids):
        if not tracks[(side, "turn")]:
            yield ctx.warning("missing-marker", ("counters", "markers"), f"side '{side}' has no game turn marker")
        for t in c.tracks:
            for lane in t.lanes:
                if t.per_side and not tracks[(side, f"{t.id}:{lane}")]:
                    yield ctx.warning("missing-marker", ("counters", "markers"),
                                      f"side '{side}' has no marker for lane '{lane}' of track '{t.name}'")


# --------------------------------------------------------------------------- print fit

@check
def sheet_fit(ctx: Context):
    """The grid fits its sheet with room for the printer's margin; counters fit their hexes (the
    legend beside the grid and the cards on their paper are the drawing checks':
    :mod:`genkit.render.checks`)."""
    c = ctx.content
    g = c.map.grid
    sheet_w, sheet_h = c.game.components.map_sheet_in
    margin = 0.25  # home printers cannot print the outer quarter inch
    if g is None or g.kind != "hex":        # the board's own sheets
        yield from _board_sheet_fit(ctx, sheet_w, sheet_h, margin)
        return
    w, h = hexes.grid_extent(g.columns, g.rows, g.orientation, g.shift, g.hex_size_in)
    if w + 2 * margin > sheet_w or h + 2 * margin > sheet_h:
        yield ctx.error("sheet-fit", ("map", "grid", "hex_size_in"),
                        f"the {g.columns}x{g.rows} grid of {g.hex_size_in} in hexes measures {w:.2f} x {h:.2f} in; "
                        f"with {margin} in margins it does not fit the {sheet_w:g} x {sheet_h:g} in sheet")
    counter = c.game.components.counter_in
    if counter > g.hex_size_in:
        yield ctx.error("counter-fit", ("game", "components", "counter_in"),
                        f"{counter} in counters are wider than the {g.hex_size_in} in hexes (across the flats)")
    elif counter > 0.95 * g.hex_size_in:
        yield ctx.warning("counter-fit", ("game", "components", "counter_in"),
                          f"{counter} in counters nearly fill the {g.hex_size_in} in hexes: hard to pick up")


def _board_sheet_fit(ctx: Context, sheet_w: float, sheet_h: float, margin: float):
    """Each map of a square, octagon or drawn board fits the map sheet; counters fit a cell."""
    c = ctx.content
    g = c.map.grid
    for s in ctx.board.sheets:
        if s.width_in + 2 * margin > sheet_w or s.height_in + 2 * margin > sheet_h:
            path = ("map", "grid", "size_in") if g is not None else ("map", "sheets")
            yield ctx.error("sheet-fit", path, f"map '{s.name}' measures {s.width_in:.2f} x {s.height_in:.2f} in; with "
                                               f"{margin} in margins it does not fit the {sheet_w:g} x {sheet_h:g} in sheet")
    counter = c.game.components.counter_in
    if g is not None and counter > g.size_in:
        yield ctx.error("counter-fit", ("game", "components", "counter_in"),
                        f"{counter} in counters are wider than the {g.size_in} in cells")


# --------------------------------------------------------------------------- cards and tracks

@check
def turn_track(ctx: Context):
    t = ctx.content.turn_track
    for i, entry in enumerate(t.per_turn):
        for turn in entry.changes:
            if not 1 <= turn <= t.turns:
                yield ctx.warning("turn-range", ("turn_track", "per_turn", i, "changes", turn),
                                  f"turn {turn} is outside the game's {t.turns} turns: this entry is never used")


# --------------------------------------------------------------------------- running

def run_checks(content: Content, source: Source) -> list[Finding]:
    """The findings of every check of the model, sorted."""
    return sort_findings(run_each(CHECKS, Context(content, source)))


def run_each(checks: Iterable[Callable[[Context], Iterable[Finding]]], ctx: Context) -> list[Finding]:
    """The findings of each of ``checks`` on ``ctx``, in order, unsorted; a check that fails
    on this content is itself a finding, never a traceback."""
    findings: list[Finding] = []
    for fn in checks:
        try:
            found = list(fn(ctx))
        except Exception as exc:  # a check must never turn bad content into a traceback
            findings.append(Finding("error", str(ctx.source.root), 1, "check-failed",
                                    f"check '{fn.__name__}' could not run on this content ({type(exc).__name__}: "
                                    f"{exc}); fix the errors above, or report this as a genkit bug"))
        else:
            findings.extend(found)
    return findings


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(set(findings), key=lambda f: (SEVERITY_ORDER[f.severity], f.file, f.line, f.code, f.message))
