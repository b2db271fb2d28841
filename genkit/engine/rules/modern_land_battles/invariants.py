"""Modern Land Battles' own invariants of a position, as sentences."""
from __future__ import annotations

from .state import DESTROYED, OUT, RESERVE


def problems(g, s) -> list:
    """Every action card once in the pile, the discards or a hand; forces in play have fewer hits
    than destroy them and rows with no gap, at most ``rows``; off the table, no hits nor acted
    counter; the control counter on its track; a starting army within its VP."""
    errs = []
    if sorted(s.pile + s.discard + s.hands[0] + s.hands[1] + s.pools[0] + s.pools[1]) != g.deck_cards:
        errs.append("the action cards are not each once in the pile, the discards, a hand or a pool")
    for side in (0, 1):
        for area in range(3):
            used = sorted({s.row[f] for f in s.side_forces[side] if s.area[f] == area})
            if used != list(range(len(used))) or len(used) > g.rows:
                errs.append(f"{g.side_ids[side]}'s rows in area {area} are {used}")
        if s.bought[side] > g.section.army_vp:
            errs.append(f"{g.side_ids[side]} bought {s.bought[side]} VP")
    for f, where in enumerate(s.area):
        if where >= 0:
            if not 0 <= s.hits[f] < g.section.hits_to_destroy:
                errs.append(f"force {g.forces[f].id} has {s.hits[f]} hits")
        elif where in (RESERVE, DESTROYED, OUT):
            if s.hits[f] or s.acted[f]:
                errs.append(f"force {g.forces[f].id} off the table has hits or an acted counter")
        else:
            errs.append(f"force {g.forces[f].id} is in area {where}")
        if where >= 0 and s.f_side[f] < 0:
            errs.append(f"force {g.forces[f].id} of no side is in play")
    if s.terrain_at < len(s.terrain_order):
        t = g.terrains[s.terrain_order[s.terrain_at]]
        if abs(s.control) > t.reach:
            errs.append(f"control counter at {s.control} on a track of reach {t.reach}")
    if sum(by >= 0 for by in s.secured) != s.terrain_at:
        errs.append(f"{s.terrain_at} terrain cards turned past, {sum(by >= 0 for by in s.secured)} secured")
    return errs
