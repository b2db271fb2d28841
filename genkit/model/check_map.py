"""Checks of the map: its rows and terrain, the hexes the model names, lines across it, set-up
hexes, features along hexsides, roads, and where reinforcements arrive. (Registered with
:func:`genkit.model.check_context.check`.)"""
from __future__ import annotations

from typing import Iterator

from .check_context import Context, check


@check
def map_rows(ctx: Context):
    """A grid's rows hold one known terrain code per cell (an octagon grid's diamond rows too); a
    drawn board has no rows (its spaces name their terrain)."""
    m = ctx.content.map
    codes = ctx.content.terrain_by_code()
    if m.grid is None:
        if m.rows:
            yield ctx.error("map-size", ("map", "rows"), "map.rows belongs to a grid: a drawn board names each "
                                                         "space's terrain in map.spaces")
        return
    if m.grid.kind == "octagon":
        yield from _diamond_rows(ctx, codes)
    if len(m.rows) != m.grid.rows:
        yield ctx.error("map-size", ("map", "rows"), f"map.rows has {len(m.rows)} rows but grid.rows is {m.grid.rows}")
    for r, row in enumerate(m.rows):
        if len(row) != m.grid.columns:
            yield ctx.error("map-size", ("map", "rows", r), f"row {r + 1} has {len(row)} hexes but grid.columns "
                            f"is {m.grid.columns}")
        for col, code in enumerate(row, start=1):
            if code not in codes:
                yield ctx.error("unknown-terrain", ("map", "rows", r), f"row {r + 1} column {col}: terrain code "
                                f"'{code}' is not defined (known: {''.join(sorted(codes))})")
    used = {code for row in m.rows for code in row}
    if m.grid.kind == "octagon":
        used |= {code for row in m.grid.diamond_rows for code in row} | ({m.terrain[0].code} if not
                                                                          m.grid.diamond_rows else set())
    used |= {t.code for t in m.terrain if any(e.terrain == t.id for e in m.spaces)}
    for i, t in enumerate(m.terrain):
        if t.code not in used:
            yield ctx.warning("unused-terrain", ("map", "terrain", i), f"terrain '{t.name}' appears on no hex")


def _diamond_rows(ctx: Context, codes: dict):
    g = ctx.content.map.grid
    rows = g.diamond_rows
    if rows and len(rows) != g.rows - 1:
        yield ctx.error("map-size", ("map", "grid", "diamond_rows"),
                        f"grid.diamond_rows has {len(rows)} rows but {g.rows} ox rows have {g.rows - 1} rows of "
                        f"diamonds between them")
    for r, row in enumerate(rows):
        if len(row) != g.columns - 1:
            yield ctx.error("map-size", ("map", "grid", "diamond_rows", r),
                            f"diamond row {r + 1} has {len(row)} diamonds but {g.columns} ox columns have "
                            f"{g.columns - 1} diamonds between them")
        for col, code in enumerate(row, start=1):
            if code not in codes:
                yield ctx.error("unknown-terrain", ("map", "grid", "diamond_rows", r),
                                f"diamond row {r + 1} column {col}: terrain code '{code}' is not defined (known: "
                                f"{''.join(sorted(codes))})")


def _hex_refs(ctx: Context) -> Iterator[tuple[str, tuple, str]]:
    m = ctx.content.map
    for i, p in enumerate(m.places):
        # an owned place is entered to win it: it must be passable
        yield p.hex, ("map", "places", i, "hex"), (f"{p.side} place {p.name}" if p.side else f"place {p.name}")
    for side, type_, h, path in ctx.setup():
        yield h, path, f"set-up hex of a {side} {type_}"
    for i, f in enumerate(m.features):
        for j, h in enumerate(f.hexes):
            yield h, ("map", "features", i, "hexes", j), f"place {f.name}"


def _off_map(ctx: Context, h: str) -> str:
    """Why ``h`` is not on the board, in the board's own words."""
    g = ctx.content.map.grid
    if g is not None and g.kind == "hex":
        return f"hex {h} is not on the {g.columns}x{g.rows} map"
    some = ", ".join(ctx.board.ids[:4])
    return f"space {h} is not on the board (its spaces are {some}{' ...' if ctx.board.n > 4 else ''})"


@check
def hexes_on_map(ctx: Context):
    for h, path, what in _hex_refs(ctx):
        if h not in ctx.grid:
            yield ctx.error("off-map", path, f"{what}: {_off_map(ctx, h)}")
        elif h in ctx.terrain_at and ctx.terrain_at[h].move_cost is None and not what.startswith("place "):
            yield ctx.error("impassable", path, f"{what}: hex {h} is {ctx.terrain_at[h].name}, which no unit "
                            "can enter")


def _hex_only(ctx: Context, key: str, what: str):
    """An error for each entry of ``map.<key>`` on a board that is no hex grid."""
    g = ctx.content.map.grid
    if g is None or g.kind != "hex":
        for i, _ in enumerate(getattr(ctx.content.map, key)):
            yield ctx.error("hex-only", ("map", key, i), f"map.{key}: {what} belong to a hex grid; this board is "
                                                        f"{'drawn' if g is None else 'a ' + g.kind + ' grid'} (use "
                                                        f"map.connections and their kinds)")
        return True
    return False


@check
def map_lines(ctx: Context):
    m = ctx.content.map
    if (yield from _hex_only(ctx, "lines", "lines across the map")):
        return
    limit = m.grid.columns if m.grid.orientation == "flat" else m.grid.rows
    what = "column" if m.grid.orientation == "flat" else "row"
    for i, ln in enumerate(m.lines):
        if ln.at > limit:
            yield ctx.error("off-map", ("map", "lines", i, "at"),
                            f"line '{ln.id}' at {what} {ln.at} is not on the map (1..{limit})")


def setup_in_enemy_zones(ctx: Context) -> Iterator:
    """An error for each unit set up in an enemy zone of control (a space next to an enemy unit's
    set-up space); the pack step asks for it when the rules module sets the sides up apart."""
    by_side: dict[str, list[tuple[str, tuple]]] = {}
    for side, _, h, path in ctx.setup():
        by_side.setdefault(side, []).append((h, path))
    for side, cells in by_side.items():
        enemy = {h for s, cs in by_side.items() if s != side for h, _ in cs if h in ctx.grid}
        b = ctx.board
        enemy_zoc = {b.id_of(n) for h in enemy if h in b for n in b.adjacent[b.index_of(h)]}
        for h, path in cells:
            if h in enemy_zoc:
                yield ctx.error("setup-ezoc", path, f"set-up hex {h} of {side} is in an enemy zone of control")


def stacked_setups(ctx: Context, same_side: bool) -> Iterator:
    """An error for each set-up hex that already holds a unit of the same side (``same_side``)
    or of another side; the pack step asks for the same side's when the rules module's pieces
    do not stack."""
    occupied: dict[str, tuple] = {}
    for side, _, h, path in ctx.setup():
        if h in occupied and (occupied[h][1] == side) == same_side:
            file, line = ctx.source.where(occupied[h][0])
            yield ctx.error("setup-stacked", path, f"hex {h} already holds a unit at set-up ({file}:{line})")
        occupied.setdefault(h, (path, side))


def _on_map(ctx: Context, hex_id: str) -> bool:
    return hex_id in ctx.grid


@check
def hexside_edges(ctx: Context):
    """Every hexside names two hexes of the map that touch, once per feature."""
    if (yield from _hex_only(ctx, "hexsides", "features along hexsides")):
        return
    grid = ctx.grid
    for f, feat in enumerate(ctx.content.map.hexsides):
        seen = set()
        for e, edge in enumerate(feat.edges):
            path = ("map", "hexsides", f, "edges", e)
            a, b = edge.split("/")
            if not (_on_map(ctx, a) and _on_map(ctx, b)):
                yield ctx.error("hexside", path, f"{feat.name}: hexside {edge} names a hex that is not on the map")
            elif grid.direction(grid.index_of(a), grid.index_of(b)) is None:
                yield ctx.error("hexside", path, f"{feat.name}: hexes {a} and {b} do not touch, so {edge} is no "
                                                 f"hexside (write two adjacent hexes, e.g. {a}/"
                                                 f"{grid.id_of(grid.adjacent(grid.index_of(a))[0])})")
            elif frozenset((a, b)) in seen:
                yield ctx.warning("hexside", path, f"{feat.name}: hexside {edge} is listed twice")
            seen.add(frozenset((a, b)))


@check
def road_paths(ctx: Context):
    """Every road path runs through at least two spaces of the map, each connected to the one before."""
    board = ctx.board
    for r, road in enumerate(ctx.content.map.roads):
        for p, hexes_ in enumerate(road.paths):
            path = ("map", "roads", r, "paths", p)
            if len(hexes_) < 2:
                yield ctx.error("road", path, f"{road.name}: a road path needs at least two hexes")
                continue
            for k, h in enumerate(hexes_):
                if not _on_map(ctx, h):
                    yield ctx.error("road", path + (k,), f"{road.name}: hex {h} is not on the map")
                    break
                if k and board.connection_index(board.index_of(hexes_[k - 1]), board.index_of(h)) < 0:
                    yield ctx.error("road", path + (k,), f"{road.name}: {hexes_[k - 1]} and {h} do not touch; a "
                                                         f"road runs from each hex to an adjacent one")
                    break


@check
def arrivals(ctx: Context):
    """Reinforcements arrive within the turn track, at passable hexes of the map, and are pieces
    held in reserve."""
    c = ctx.content
    for g, grp in enumerate(c.counters.units):
        if grp.enters is None:
            continue
        path = ("counters", "units", g, "enters")
        if grp.reserve == 0:
            yield ctx.error("arrival", path, f"{grp.side} {grp.type}: enters names a turn but the group holds no "
                                             f"reserve pieces to bring on (set reserve: N)")
        if grp.enters.turn > c.turn_track.turns:
            yield ctx.error("arrival", path + ("turn",), f"{grp.side} {grp.type}: turn {grp.enters.turn} is after "
                                                         f"the last turn ({c.turn_track.turns})")
        for k, h in enumerate(grp.enters.hexes):
            t = ctx.terrain_at.get(h)
            if not _on_map(ctx, h):
                yield ctx.error("arrival", path + ("hexes", k), f"{grp.side} {grp.type}: entry hex {h} is not on the map")
            elif t is not None and t.move_cost is None:
                yield ctx.error("arrival", path + ("hexes", k), f"{grp.side} {grp.type}: entry hex {h} is "
                                                                f"{t.name}, which no unit may enter")


@check
def map_sections(ctx: Context):
    """Board sections: columns on the map in order, and every hex in one at least (unique ids:
    :func:`~.check.unique_ids`)."""
    m = ctx.content.map
    if not m.sections:
        return
    if (yield from _hex_only(ctx, "sections", "sections (bands of columns)")):
        return
    g = m.grid
    for i, sec in enumerate(m.sections):
        first, last = sec.columns
        if not 1 <= first <= last <= g.columns:
            yield ctx.error("section-columns", ("map", "sections", i, "columns"),
                            f"section {sec.name}: columns {first}..{last} should run from low to high within "
                            f"the map's 1..{g.columns}")
    loose = [ctx.grid.id_of(i) for i in range(len(ctx.grid)) if not ctx.content.sections_of(ctx.grid.id_of(i))]
    if loose:
        yield ctx.warning("no-section", ("map", "sections"),
                          f"{len(loose)} hexes lie in no section (e.g. {', '.join(loose[:3])}): no card orders "
                          f"a unit there")


@check
def hex_features(ctx: Context):
    """Features on hexes name a side that exists (unique ids: :func:`~.check.unique_ids`)."""
    for i, f in enumerate(ctx.content.map.features):
        if f.side is not None and f.side not in ctx.side_ids:
            yield ctx.error("unknown-side", ("map", "features", i, "side"),
                            f"feature {f.name}: side '{f.side}' is not one of {', '.join(sorted(ctx.side_ids))}")
