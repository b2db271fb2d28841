"""Checks of the map's features and the reinforcements: hexsides between adjacent hexes,
roads through adjacent hexes, arrivals on the map and within the turn track. (Registered
with :func:`genkit.model.check.check`; imported at the end of that module.)"""
from __future__ import annotations

from .check import Context, check


def _on_map(ctx: Context, hex_id: str) -> bool:
    return hex_id in ctx.grid


@check
def hexside_edges(ctx: Context):
    """Every hexside names two hexes of the map that touch, once per feature."""
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
    """Every road path runs through at least two hexes of the map, each next to the one before."""
    grid = ctx.grid
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
                if k and grid.direction(grid.index_of(hexes_[k - 1]), grid.index_of(h)) is None:
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
