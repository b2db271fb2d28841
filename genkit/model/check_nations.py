"""Checks of sides made of nations (``game.sides[].nations``): every nation id once across the
game; a minor's ``associate`` is a major nation of its own side; home and held areas are spaces of
the map, each held by one nation only; on a side of nations every counter group names one of the
side's nations, and on a side without nations none does."""
from __future__ import annotations

from .check_context import Context, check


@check
def nations(ctx: Context):
    c = ctx.content
    seen: dict[str, tuple] = {}
    area_of: dict[str, str] = {}
    for si, side in enumerate(c.game.sides):
        majors = {n.id for n in side.nations if n.kind == "major"}
        for ni, n in enumerate(side.nations):
            path = ("game", "sides", si, "nations", ni)
            if n.id in seen or n.id in ctx.side_ids:
                yield ctx.error("duplicate-id", path + ("id",), f"nation '{n.id}' is defined twice, or is also a side's id")
            seen[n.id] = path
            if n.kind == "minor" and n.associate not in majors:
                yield ctx.error("unknown-nation", path + ("associate",),
                                f"minor nation '{n.id}' needs an associate among the major nations of side "
                                f"'{side.id}' ({', '.join(sorted(majors)) or 'none'})")
            if n.kind == "major" and n.associate is not None:
                yield ctx.error("major-associate", path + ("associate",),
                                f"major nation '{n.id}' has no associate (only a minor nation has one)")
            for key in ("home", "holds"):
                for ai, area in enumerate(getattr(n, key)):
                    if area not in ctx.grid:
                        yield ctx.error("off-map", path + (key, ai), f"nation '{n.id}': {key} area '{area}' is not "
                                                                     f"a space of the map")
                    elif area in area_of:
                        yield ctx.error("area-twice", path + (key, ai), f"nation '{n.id}': area '{area}' is already "
                                                                        f"nation '{area_of[area]}''s")
                    else:
                        area_of[area] = n.id
    for gi, grp in enumerate(c.counters.units):
        side = next((s for s in c.game.sides if s.id == grp.side), None)
        if side is None:
            continue
        ids = [n.id for n in side.nations]
        path = ("counters", "units", gi)
        if ids and grp.nation not in ids:
            yield ctx.error("unknown-nation", path + (("nation",) if grp.nation else ()),
                            f"side '{side.id}' is made of nations: a counter group needs nation: one of "
                            f"{', '.join(ids)}" + (f" (not '{grp.nation}')" if grp.nation else ""))
        elif not ids and grp.nation is not None:
            yield ctx.error("unknown-nation", path + ("nation",),
                            f"side '{side.id}' has no nations; nation '{grp.nation}' names none of its own")
