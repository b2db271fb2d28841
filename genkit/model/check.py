"""Consistency checks a designer cannot easily do by eye.

Each check is a function ``(ctx) -> iterable of Finding`` registered with
``@check``; ``run_checks`` runs them all. Schema validation (types, unknown
fields) happened in ``load``; these checks look across the model: references,
counts, the CRT, the map, print fit, colours (check_cards.py, check_colours.py, check_combat.py,
check_map.py hold their checks).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .. import hexes
from .load import ContentError, Finding, Source, load
from .schema import DRAW, MOST_POINTS, Content

CHECKS: list[Callable[["Context"], Iterable[Finding]]] = []
#: checks that lay out what a build prints (the map's legend, the rules booklet's tables, die faces):
#: the renderer they call reads the model as the other checks leave it, every reference resolved,
#: so they run only once those found no error (as a build renders only such a model)
DRAWING_CHECKS: list[Callable[["Context"], Iterable[Finding]]] = []
SEVERITY_ORDER = {"error": 0, "warning": 1}


def check(fn):
    CHECKS.append(fn)
    return fn


def drawing_check(fn):
    """A check that renders part of the kit: run after the others, and only if they found no error."""
    DRAWING_CHECKS.append(fn)
    return fn


@dataclass
class Context:
    content: Content
    source: Source

    def error(self, code: str, path: Iterable, message: str) -> Finding:
        return self.source.finding("error", code, path, message)

    def warning(self, code: str, path: Iterable, message: str) -> Finding:
        return self.source.finding("warning", code, path, message)

    @cached_property
    def grid(self) -> hexes.HexGrid:
        g = self.content.map.grid
        return hexes.HexGrid(g.columns, g.rows, g.orientation, g.shift)

    @cached_property
    def side_ids(self) -> set[str]:
        return {s.id for s in self.content.game.sides}

    @cached_property
    def terrain_at(self) -> dict[str, object]:
        """hex id -> Terrain, for hexes whose code is known."""
        codes = self.content.terrain_by_code()
        out = {}
        for row_no, row in enumerate(self.content.map.rows, start=1):
            for col_no, code in enumerate(row, start=1):
                if code in codes and col_no <= self.grid.columns and row_no <= self.grid.rows:
                    out[hexes.format_hex_id(col_no, row_no)] = codes[code]
        return out

    def setup(self) -> Iterator[tuple[str, str, str, tuple]]:
        """(side, unit type, hex id, path) for every unit starting on the map."""
        for g, group in enumerate(self.content.counters.units):
            for i, hex_id in enumerate(group.setup):
                yield group.side, group.type, hex_id, ("counters", "units", g, "setup", i)


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
    if c.cards is not None:
        yield from _dupes(((a.id, ("cards", "deck", i, "id")) for i, a in enumerate(c.cards.deck)), "card", ctx)
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
    for i, a in enumerate(c.cards.deck if c.cards else ()):
        for j, t in enumerate(a.effect.unit_types if a.effect else ()):
            if t not in types:
                yield ctx.error("unknown-unit-type", ("cards", "deck", i, "effect", "unit_types", j),
                                f"unit type '{t}' is not defined in unit_types ({known})")
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
    """The grid fits its sheet with room for the printer's margin; counters fit their hexes."""
    c = ctx.content
    g = c.map.grid
    w, h = hexes.grid_extent(g.columns, g.rows, g.orientation, g.shift, g.hex_size_in)
    sheet_w, sheet_h = c.game.components.map_sheet_in
    margin = 0.25  # home printers cannot print the outer quarter inch
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
    if c.cards is not None:
        yield from _card_fit(ctx)


@drawing_check
def legend_fit(ctx: Context):
    """The map's legend (title, terrain key, map symbols, compass) fits its sheet under the grid
    or beside it, laid out exactly as the map sheet lays it out (a grid too big for the sheet
    is :func:`sheet_fit`'s error, so this one does not run then)."""
    from ..render.map import MapGeometry
    c = ctx.content
    g = c.map.grid
    sheet_w, sheet_h = c.game.components.map_sheet_in
    plan = MapGeometry(c).legend
    if not plan.fits:
        yield ctx.error("sheet-fit", ("map", "grid", "hex_size_in"),
                        f"the {g.columns}x{g.rows} grid of {g.hex_size_in} in hexes leaves no room for the "
                        f"map's legend on the {sheet_w:g} x {sheet_h:g} in sheet: {plan.need}; use smaller "
                        "hexes or a bigger sheet (game.components.map_sheet_in)")


def _card_fit(ctx: Context):
    """Cards are imposed inside the printer's margin with room for crop marks (as the card
    sheets do it): none fitting a Letter or A4 page is an error, fewer than 4 a warning."""
    from ..render.cards import card_grid
    from ..render.sheets import A4, LETTER
    card_w, card_h = ctx.content.game.components.card_in
    for paper, (pw, ph) in (("Letter", LETTER), ("A4", A4)):
        try:
            n = len(card_grid(pw, ph, card_w * 72, card_h * 72, 0)[0])
        except ValueError:
            yield ctx.error("card-fit", ("game", "components", "card_in"),
                            f"{card_w} x {card_h} in cards do not fit a {paper} page inside its "
                            "printable margin (0.25 in) with room for crop marks")
            return
        if n < 4:
            yield ctx.warning("card-fit", ("game", "components", "card_in"),
                              f"{card_w} x {card_h} in cards print only {n} per {paper} page")


@check
def unit_chart_text(ctx: Context):
    """The player aid's unit chart shows each unit type's counters, enlarged until their text
    reads at 6 pt, up to a limit: a counter whose text stays smaller cannot be printed legibly."""
    from ..render.aid_sections import chart_text_size  # lazily: the model layer must not need the renderer
    from ..render.templates import TemplateError
    c = ctx.content
    sides = {g.type: g.side for g in c.counters.units}
    for i, u in enumerate(c.unit_types):
        if u.id not in sides or sides[u.id] not in ctx.side_ids:
            continue
        try:
            size = chart_text_size(c, sides[u.id], u.id, ctx.source.root)
        except TemplateError as exc:        # the counter itself cannot print its text at 6 pt
            yield ctx.error("unit-chart-text", ("unit_types", i, "short"),
                            f"unit type '{u.id}': its counter cannot be printed ({exc}); shorten its "
                            f"short name or its numbers, or enlarge game.components.counter_in")
            continue
        if size < 6 - 1e-6:
            yield ctx.error("unit-chart-text", ("unit_types", i, "short"),
                            f"unit type '{u.id}': its counter's text prints at {size:.1f} pt on the player "
                            f"aid's unit chart (at least 6 pt): shorten its short name or its numbers, or "
                            f"enlarge game.components.counter_in")


@check
def marker_faces(ctx: Context):
    """Every marker prints its face's text at 6 pt at least on its counter (the template refuses
    to shrink it further): what cannot be printed is reported here, before a build starts."""
    from ..render.counters import _marker_face          # lazily: the model layer must not need the renderer
    from ..render.templates import TemplateError
    for i, marker in enumerate(ctx.content.counters.markers):
        if marker.side is not None and marker.side not in ctx.side_ids:
            continue                                    # side_references reports it
        for which in ("front", "back"):
            try:
                _marker_face(ctx.content, marker, which, ctx.source.root)
            except (TemplateError, ValueError) as exc:
                if "TextFitError" not in str(exc):     # the template itself fails: say it once
                    yield ctx.error("template", ("counters", "markers", i), f"marker template: {exc}")
                    return
                yield ctx.error("marker-text", ("counters", "markers", i, which, "label"),
                                f"marker '{marker.id}' {which}: cannot be printed on a "
                                f"{ctx.content.game.components.counter_in:g} in counter ({exc}); shorten its "
                                f"label or caption, or enlarge game.components.counter_in")


# --------------------------------------------------------------------------- cards and tracks

@check
def turn_track(ctx: Context):
    t = ctx.content.turn_track
    for i, entry in enumerate(t.per_turn):
        for turn in entry.changes:
            if not 1 <= turn <= t.turns:
                yield ctx.warning("turn-range", ("turn_track", "per_turn", i, "changes", turn),
                                  f"turn {turn} is outside the game's {t.turns} turns: this entry is never used")


@check
def rules_module(ctx: Context):
    """The rules module is one the engine knows: play and sim cannot run without it."""
    from ..engine.rules import RULES_MODULES  # here, not at the top: the model layer must not need the engine to load
    module = ctx.content.game.rules_module
    if module not in RULES_MODULES:
        yield ctx.error("rules-module", ("game", "rules_module"),
                        f"no rules module '{module}' in this genkit (known: {', '.join(sorted(RULES_MODULES))}); "
                        f"a new game's rules go in genkit/engine/rules/{module}.py, registered in genkit/engine/rules/__init__.py")


@check
def rules_requirements(ctx: Context):
    """What the rules module states it needs of the model (its ``Game.REQUIRES``, a
    :class:`genkit.engine.rules.Requirements`): whatever it cannot run is an error naming
    the module's limit, so play, sim and build refuse the model before a game starts."""
    from ..engine.rules import RULES_MODULES, rules_module  # lazily: the model layer must not need the engine
    module = ctx.content.game.rules_module
    if module not in RULES_MODULES:
        return
    requires = rules_module(module).requires
    if requires is None:
        return
    for path, message in requires.problems(module, ctx.content):
        yield ctx.error("rules-limit", path, message)


@check
def rules_section(ctx: Context):
    """The rules module's own checks (its ``content_checks``) on its section of the model; the
    section itself was validated by the module's ``Section`` when the model was loaded."""
    from ..engine.rules import RULES_MODULES, rules_module  # lazily: the model layer must not need the engine
    name = ctx.content.game.rules_module
    if name not in RULES_MODULES:
        return
    module = rules_module(name)
    model = module.section
    if model is None:
        return
    section = model.model_validate(ctx.content.rules or {})
    for fn in module.checks:
        yield from fn(ctx, section)


# --------------------------------------------------------------------------- rules booklet

@drawing_check
def rules_booklet(ctx: Context):
    """rules.md beside the YAML: every placeholder names a value of the model, every [[table]]
    exists, and the Markdown prints as written (see genkit/render/rules_text.py)."""
    from ..render.rules_text import rules_findings  # lazily: checking a game without one needs no renderer
    yield from rules_findings(ctx.content, ctx.source.root)


# --------------------------------------------------------------------------- running

def run_checks(content: Content, source: Source) -> list[Finding]:
    ctx = Context(content, source)
    findings: list[Finding] = []
    for fn in CHECKS:
        findings.extend(_run(fn, ctx))
    if not any(f.severity == "error" for f in findings):   # the drawing checks need a consistent model
        for fn in DRAWING_CHECKS:
            findings.extend(_run(fn, ctx))
    return sort_findings(findings)


def _run(fn, ctx: Context) -> list[Finding]:
    try:
        return list(fn(ctx))
    except Exception as exc:  # a check must never turn bad content into a traceback
        return [Finding("error", str(ctx.source.root), 1, "check-failed",
                        f"check '{fn.__name__}' could not run on this content ({type(exc).__name__}: "
                        f"{exc}); fix the errors above, or report this as a genkit bug")]


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(set(findings), key=lambda f: (SEVERITY_ORDER[f.severity], f.file, f.line, f.code, f.message))


def load_checked(path: str | Path, overrides: Iterable[str] = ()) -> tuple[Content, Source]:
    """The model and its source, ready to print or play: raises ContentError with the schema
    errors, or with the error findings of the consistency checks (warnings pass)."""
    content, source = load(path, overrides)
    errors = [f for f in run_checks(content, source) if f.severity == "error"]
    if errors:
        raise ContentError(errors)
    return content, source


def check_path(path: str | Path, overrides: Iterable[str] = ()) -> list[Finding]:
    """Load and check a game; every problem comes back as a finding, never an exception."""
    try:
        content, source = load(path, overrides)
    except ContentError as exc:
        return sort_findings(exc.findings)
    return run_checks(content, source)


from . import check_cards, check_colours, check_combat, check_map  # noqa: F401  (register their checks)
