"""6.1.6 Reserve movement and 6.3 exploitation led by headquarters (HQs).

* A headquarters is a land unit whose type ``commands`` (rules.yaml): it never fires (6.2.1),
  moves two areas through empty enemy areas like armour (6.1.1), and its present strength is
  the number of land units standing in its area that it may send or lead in one phase.
* 6.1.6 In a ``reaction`` phase (after the other side's movement and exploitation), the side
  named may move land units standing with one of its HQs into an area under enemy attack (an
  area holding its own and enemy units), within the unit's range, passing only areas its side
  controls with no enemy in them. Each unit so moved uses one of the number of an HQ in its area
  (the first of them in counter order with some left). An HQ may go along to the combat
  itself, using none.
* 6.1.5 In a reaction phase after a movement phase, a task force may also move from its sea zone
  into an area under attack beside it (6.1.3 B); it uses no HQ.
* 6.1.5 In every reaction phase, aircraft not under attack may fly into an area or sea zone
  under attack within their range (over any space but a neutral's area); they use no HQ. In exploitation
  the phasing side's aircraft move again, to support the new combats (6.3).
* 6.3 In exploitation, besides armour and HQs, an infantry unit standing with an HQ of its side
  may move, using one of that HQ's number.
``s.led[hq]`` counts the units an HQ has sent or led in the present phase (0 at every phase's
start)."""
from __future__ import annotations

from . import moves
from .combat import strength


def leader(g, s, p: int) -> int:
    """The HQ of unit ``p``'s side in its area with some of its number left (-1: none)."""
    for q in moves.reach_of(g, s).hqs(g.p_side[p]).get(s.loc[p], ()):
        if q != p and s.led[q] < strength(g, s, q):
            return q
    return -1


def led_movers(g, s, side: int, candidates: list, kind: str) -> list:
    """Of ``candidates`` (``side``'s units not yet moved, of nations at war), the ones that may
    move in a phase of ``kind``: in exploitation armour and HQs, and other land units with a
    leader; in a reaction phase HQs and land units with a leader (6.1.6, 6.3)."""
    t = g.t
    out = []
    held = _attacked(g, s) if kind == "reaction" else set()
    for p in candidates:
        ty = g.p_type[p]
        if s.loc[p] in held or s.aboard[p] >= 0:   # units under attack stay to fight; loads ride on
            continue
        if t.air[ty]:
            out.append(p)                     # 6.1.5 / 6.3: aircraft react and support
            continue
        if t.ship[ty]:
            if kind == "reaction" and after_movement(g, s) and t.is_sea[s.loc[p]]:
                out.append(p)                 # 6.1.5: a task force beside an attacked area
            continue
        if t.commands[ty] or (kind == "exploitation" and t.through[ty]) or leader(g, s, p) >= 0:
            out.append(p)
    return out


def charge(g, s, p: int, kind: str) -> None:
    """Unit ``p`` is about to move in a phase of ``kind``: the HQ leading it uses one of its
    number (in a movement phase nobody is led; armour in exploitation, HQs and task forces
    need none)."""
    ty = g.p_type[p]
    t = g.t
    if kind not in ("exploitation", "reaction") or t.commands[ty] or t.ship[ty] or t.air[ty] or \
            (kind == "exploitation" and t.through[ty]):
        return
    q = leader(g, s, p)
    if q >= 0:
        s.led[q] += 1


def _attacked(g, s) -> set:
    """The spaces holding units of both sides at war."""
    r = moves.reach_of(g, s)
    return r.enemy[0] & r.enemy[1]


def after_movement(g, s) -> bool:
    """The present (reaction) phase follows a movement phase, not an exploitation (6.1.5: task
    forces react only then)."""
    return s.phase > 0 and g.phase_kind[s.phase - 1] == "movement"


def reserve_destinations(g, s, p: int) -> list:
    """6.1.6: the areas under enemy attack unit ``p`` may reach as a reserve, in board order:
    within its range, every area passed on the way its side's, with no enemy in it. 6.1.5: a
    task force, the areas under attack beside its sea zone."""
    r = moves.reach_of(g, s)
    hit = r.reserves.get(p)
    if hit is None:
        hit = r.reserves[p] = _reserve_destinations(g, s, p, r)
    return hit


def _reserve_destinations(g, s, p: int, r) -> list:
    t, side = g.t, g.p_side[p]
    enemy = r.enemy[side]
    fought = enemy & r.enemy[1 - side]
    attacked = {h for h in fought if not t.is_sea[h]}
    if t.ship[g.p_type[p]]:
        return sorted(h for h in t.coast[s.loc[p]] if h in attacked) if t.is_sea[s.loc[p]] else []
    if t.air[g.p_type[p]]:                     # 6.1.5: aircraft within their range, at sea too
        return sorted(fought & moves.air_range(g, r.control(side), s.loc[p], t.range[g.p_type[p]],
                                                 enemy, r.other_neutral[side]))
    found, frontier, seen = set(), [s.loc[p]], {s.loc[p]}
    for _ in range(t.range[g.p_type[p]]):
        nxt = []
        for x in frontier:
            for y, strait in t.land_adj[x]:
                if y in seen or strait:                # reserves cross no strait
                    continue
                seen.add(y)
                if y in attacked:
                    found.add(y)
                    continue
                k = s.ctl[y]
                if y in enemy or k < 0 or g.nation_side[k] != side or not s.war[k] or s.fallen[k]:
                    continue
                nxt.append(y)
        frontier = nxt
    return sorted(found)


def destinations(g, s, p: int, r=None) -> list:
    """Where unit ``p`` may go in the present phase: as a reserve in a reaction phase, else
    :func:`moves.destinations` (``r``: the position's :class:`moves.Reach`)."""
    if g.phase_kind[s.phase] == "reaction":
        return reserve_destinations(g, s, p)
    return moves.destinations(g, s, p, r)
