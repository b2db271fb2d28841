"""Checks of a board beyond the hex grid (registered with :func:`genkit.model.check_context.check`):
every connection joins two spaces that exist, once; every space of a drawn board is drawn (an
outline, a box or a point) on a sheet the map has, within it; the terrain and owner each names
exist; a rule that needs line of sight has a board with geometry."""
from __future__ import annotations

from ..board import board_of_map
from .check_context import Context, check


@check
def board_spaces(ctx: Context):
    """Space ids unique; each space drawn on a sheet of the map, inside it; terrain and owner known."""
    m = ctx.content.map
    sheets = {s.id: s for s in m.sheets}
    if m.grid is None and not m.sheets:
        yield ctx.error("board", ("map",), "a drawn board (no map.grid) needs map.sheets: at least one "
                                           "{id, name, width_in, height_in}")
    if m.grid is None and not m.spaces:
        yield ctx.error("board", ("map",), "a drawn board (no map.grid) needs map.spaces")
    grid_ids: set = set()
    if m.grid is not None and m.grid.kind == "hex":     # the grid's cells, as the check context numbers them
        grid_ids = set(ctx.grid.ids)
    elif m.grid is not None:
        grid_ids = set(board_of_map(m.model_copy(update={"spaces": [], "connections": [], "places": []})).ids)
    terrains = {t.id for t in m.terrain}
    seen: dict = {}
    for i, e in enumerate(m.spaces):
        path = ("map", "spaces", i)
        if e.id in seen:
            file, line = ctx.source.where(seen[e.id])
            yield ctx.error("duplicate-id", path + ("id",), f"space '{e.id}' is already listed ({file}:{line})")
        seen.setdefault(e.id, path)
        if e.terrain is not None and e.terrain not in terrains:
            yield ctx.error("unknown-terrain", path + ("terrain",), f"space {e.id}: terrain '{e.terrain}' is not "
                                                                    f"one of map.terrain ({', '.join(sorted(terrains))})")
        if e.owner is not None and e.owner not in ctx.side_ids:
            yield ctx.error("unknown-side", path + ("owner",), f"space {e.id}: owner '{e.owner}' is not one of "
                                                               f"{', '.join(sorted(ctx.side_ids))}")
        if e.id in grid_ids:
            for key in ("at", "box", "outline", "sheet", "label"):
                if getattr(e, key) is not None:
                    yield ctx.error("board", path + (key,), f"space {e.id} is a cell of the grid, drawn by the grid: "
                                                            f"it takes no {key}")
            continue
        shapes = [k for k in ("outline", "box", "at") if getattr(e, k) is not None]
        if not shapes:
            yield ctx.error("undrawn-space", path, f"space {e.id} is not drawn: give it an outline (a polygon), a "
                                                   f"box [x, y, width, height] or a point (at: [x, y])")
        elif "outline" in shapes and "box" in shapes:
            yield ctx.error("board", path + ("box",), f"space {e.id}: an outline or a box, not both")
        if e.sheet is not None and e.sheet not in sheets and not (m.grid is not None and e.sheet == "map"):
            yield ctx.error("unknown-sheet", path + ("sheet",), f"space {e.id}: no sheet '{e.sheet}' in map.sheets "
                                                                f"({', '.join(sorted(sheets)) or 'none'})")
            continue
        sheet = sheets.get(e.sheet) if e.sheet else (m.sheets[0] if m.sheets and m.grid is None else None)
        if sheet is not None:
            yield from _inside(ctx, e, sheet, path)


def _inside(ctx: Context, e, sheet, path):
    pts = []
    if e.outline:
        pts += [tuple(p) for p in e.outline]
    if e.box:
        x, y, w, h = e.box
        pts += [(x, y), (x + w, y + h)]
    if e.at:
        pts.append(tuple(e.at))
    if e.label:
        pts.append(tuple(e.label))
    out = [p for p in pts if not (0 <= p[0] <= sheet.width_in and 0 <= p[1] <= sheet.height_in)]
    if out:
        yield ctx.error("off-sheet", path, f"space {e.id}: ({out[0][0]:g}, {out[0][1]:g}) lies outside its "
                                           f"{sheet.width_in:g} x {sheet.height_in:g} in sheet '{sheet.id}'")


@check
def board_connections(ctx: Context):
    """Each connection joins two different spaces that exist, and no two spaces twice."""
    m = ctx.content.map
    known = set(ctx.board.ids) | {e.id for e in m.spaces}
    seen: dict = {}
    for i, c in enumerate(m.connections):
        path = ("map", "connections", i)
        bad = [x for x in (c.a, c.b) if x not in known]
        for key, x in (("a", c.a), ("b", c.b)):
            if x in bad:
                yield ctx.error("unknown-space", path + (key,), f"connection {c.a} - {c.b}: no space '{x}' on the "
                                                                f"board")
        if bad:
            continue
        if c.a == c.b:
            yield ctx.error("board", path, f"connection {c.a} - {c.b} joins a space to itself")
            continue
        key = frozenset((c.a, c.b))
        if key in seen:
            file, line = ctx.source.where(seen[key])
            yield ctx.error("duplicate-connection", path, f"{c.a} and {c.b} are already connected ({file}:{line})")
        seen.setdefault(key, path)


@check
def sight_needs_geometry(ctx: Context):
    """Terrain or features that block line of sight need a board with geometry (every space an
    outline): on points and boxes there is no line to block."""
    if ctx.board.geometry:
        return
    m = ctx.content.map
    for i, t in enumerate(m.terrain):
        if t.blocks_los:
            yield ctx.error("no-geometry", ("map", "terrain", i, "blocks_los"),
                            f"terrain '{t.name}' blocks line of sight, but this board has no geometry (a space "
                            f"without an outline): line of sight needs every space drawn with an outline")
    for i, f in enumerate(m.features):
        if f.blocks_los:
            yield ctx.error("no-geometry", ("map", "features", i, "blocks_los"),
                            f"feature '{f.name}' blocks line of sight, but this board has no geometry")
