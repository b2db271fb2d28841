"""Formations: each side's Force cards in each area stand in rows, the first row nearest the
area card. A row left empty closes up (the rows behind move forward); a force moving into an area
joins one of its rows or forms a new row behind the last (at most ``rows`` rows). Range counts
rows from the acting force's row (not counted) into the enemy's formation."""
from __future__ import annotations

from .cards import ARTILLERY, MISSILE
from .state import BREAKTHROUGH


def in_area(g, s, side: int, area: int) -> list:
    """The forces of ``side`` in ``area``."""
    a = s.area
    return [f for f in s.side_forces[side] if a[f] == area]


def rows_without(g, s, side: int, area: int, f: int) -> int:
    """How many rows ``side`` has in ``area`` once ``f`` has left it (rows close up)."""
    a, row = s.area, s.row
    return len({row[q] for q in s.side_forces[side] if a[q] == area and q != f})


def places(g, s, side: int, area: int, f: int) -> range:
    """The rows ``f`` may take in ``area``: an existing row, or a new one behind the last."""
    return range(min(g.rows, rows_without(g, s, side, area, f) + 1))


def close_up(g, s, side: int, area: int) -> None:
    """Renumber ``side``'s rows in ``area`` so that no row is empty."""
    a, row = s.area, s.row
    used = sorted({row[q] for q in s.side_forces[side] if a[q] == area})
    if used != list(range(len(used))):
        new = {r: i for i, r in enumerate(used)}
        for q in s.side_forces[side]:
            if a[q] == area:
                row[q] = new[row[q]]


def place(g, s, f: int, area: int, r: int) -> None:
    """Move ``f`` into ``area`` (or within it) to row ``r`` (r = the number of rows there once
    ``f`` has left: a new row behind), closing up the rows it left and joined."""
    side = s.f_side[f]
    old = s.area[f]
    s.area[f], s.row[f] = -9, -1             # out of every area while the rows close up
    if old >= 0:
        close_up(g, s, side, old)
    n = rows_without(g, s, side, area, f)
    close_up(g, s, side, area)
    s.area[f], s.row[f] = area, min(r, n)


def reaches(g, weapon: int, own_row: int, target_row: int, f: int) -> bool:
    """Whether ``weapon`` of force ``f`` in ``own_row`` reaches an enemy in ``target_row``:
    missiles from and at the first ``missile_rows`` rows; others by rows counted, the own row
    not counted, up to the weapon's range (artillery: the card's)."""
    if weapon == MISSILE:
        return own_row < g.missile_rows and target_row < g.missile_rows
    reach = g.forces[f].artillery_range if weapon == ARTILLERY else g.ranges[weapon]
    return own_row + target_row + 1 <= reach


def best_weapon(g, f: int, weapons, own_row: int, target_row: int):
    """The weapon among ``weapons`` that ``f`` carries and that reaches, with the best modifier
    (None: none does)."""
    mods = g.forces[f].mods
    best = None
    for w in weapons:
        if mods[w] is not None and reaches(g, w, own_row, target_row, f) and (best is None or mods[w] > mods[best]):
            best = w
    return best


def superior_bonus(g, s, side: int, area: int) -> int:
    """+1 per superior counter ``side`` holds, for a roll from its Breakthrough Area."""
    if area != BREAKTHROUGH:
        return 0
    sup = s.superior if side == 0 else -s.superior
    return max(0, sup)


def dice_left(g, s, f: int) -> int:
    """Attack and maneuver dice of ``f``: the system's dice, one less per hit it has."""
    return max(0, g.dice - s.hits[f])



def depth(g, s, q: int) -> int:
    """Optional rule 8.2, range defense: what artillery and close air support need more to hit
    ``q``, one per row behind the first (0 without the rule)."""
    return s.row[q] if g.range_defense else 0
