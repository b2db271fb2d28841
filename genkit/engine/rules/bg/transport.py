"""6.1.3 A Transport: convoys carry land units and aircraft across the sea zones.

* A convoy (a unit type that ``carries``, rules.yaml) is a ship. It carries land units and
  aircraft of its own nation or of a minor nation associated with it: on its front a load of
  ``carries.full``, on its back ``carries.reduced``, where a unit on its front weighs two and a
  unit on its back one (so a convoy on its front takes one unit, or two on their backs; on its
  back, one unit on its back).
* In a movement phase a unit that has not moved may board a convoy of its side with room for
  it in a sea zone beside its area; boarding costs no movement. A unit aboard may change once a
  phase to another convoy with room in the same sea zone, when that zone is beside an area its
  side controls. The convoy moves as any ship (6.1, 6.1.2) and its load goes with it.
* A unit aboard unloads into an area beside the convoy's sea zone, whoever controls it; that
  spends its whole move for the phase (it moves again in exploitation as usual, 6.3). Unloading
  into enemy units attacks them (6.1.4), into an empty enemy area takes it (6.4), into a
  neutral's area declares war (8.4); aircraft unload only where a flight may end (6.1.1 air).
  Boarding, changing and unloading happen in movement phases only (a design decision: no ship
  moves in exploitation in this theatre, which has no naval HQs, 6.3).
* A load never fires and is never fired on; when its convoy takes a hit each unit aboard takes
  one (turned, or eliminated if already on its back), and a convoy eliminated takes its load
  with it (6.2.2). A retreating convoy takes its load along (6.2.3). Units may stay aboard from
  one phase or quarter to the next."""
from __future__ import annotations


def weight(s, q: int) -> int:
    """What unit ``q`` weighs in a convoy's load: two on its front, one on its back."""
    return 1 if s.reduced[q] else 2


def capacity(g, s, c: int) -> int:
    """The load convoy ``c`` carries on its present face."""
    full, reduced = g.t.carries[g.p_type[c]]
    return reduced if s.reduced[c] else full


def load(g, s, c: int) -> list:
    """The units aboard convoy ``c``, in counter order."""
    return [q for q, on in enumerate(s.aboard) if on == c]


def room(g, s, c: int) -> int:
    return capacity(g, s, c) - sum(weight(s, q) for q in load(g, s, c))


def carries(g, c: int, p: int) -> bool:
    """Convoy ``c`` may carry unit ``p``: a land unit or aircraft of its nation or of a minor
    associated with it."""
    k, kc = g.p_nation[p], g.p_nation[c]
    return not g.t.ship[g.p_type[p]] and (k == kc or g.t.assoc[k] == kc)


def boardings(g, s, p: int) -> list:
    """The convoys unit ``p`` may board now, in counter order: in a movement phase, from its area
    a convoy in a sea zone beside it; from aboard, once a phase, another convoy in the same zone
    when that zone is beside an area its side controls."""
    if g.phase_kind[s.phase] != "movement" or (s.moved >> p) & 1 or g.t.ship[g.p_type[p]]:
        return []
    t, side, h = g.t, g.p_side[p], s.loc[p]
    if s.aboard[p] >= 0:
        if (s.shipped >> p) & 1 or not any(s.ctl[y] >= 0 and g.nation_side[s.ctl[y]] == side
                                           and s.war[s.ctl[y]] and not s.fallen[s.ctl[y]] for y in t.coast[h]):
            return []
        zones = (h,)
    else:
        zones = t.coast[h]
    w = weight(s, p)
    return [c for c in g.convoys if s.loc[c] in zones and c != s.aboard[p] and g.p_side[c] == side
            and g.at_war(s, c) and carries(g, c, p) and room(g, s, c) >= w]


def board(g, s, p: int, c: int) -> None:
    """Unit ``p`` boards convoy ``c`` (from its area, or changing convoys: once a phase)."""
    if s.aboard[p] >= 0:
        s.shipped |= 1 << p
    g.put(s, p, s.loc[c])
    s.aboard[p] = c


def unloads(g, s, p: int, control: list, enemy: set, own_neutral: set) -> list:
    """The areas unit ``p`` aboard may unload into, in board order: beside its convoy's sea zone,
    never an area of a neutral of its own side (8.1); an aircraft only where a flight may end
    (``control``: each space's control seen by its side; ``enemy``, ``own_neutral``: the spaces
    holding enemy units at war and own neutral units)."""
    t = g.t
    air = t.air[g.p_type[p]]
    out = []
    for y in t.coast[s.loc[p]]:
        if t.is_sea[y] or y in own_neutral or control[y] == "own_neutral":
            continue
        if air and y not in enemy and control[y] != "own":
            continue
        out.append(y)
    return sorted(out)


def capacity_problems(g, s) -> list:
    """Invariants of transport: a unit aboard is in its convoy's sea zone, the convoy is on the
    map, and no convoy carries more than its load."""
    out = []
    for q, c in enumerate(s.aboard):
        if c >= 0 and (s.loc[c] < 0 or s.loc[q] != s.loc[c] or not g.t.carrier[g.p_type[c]]):
            out.append(f"piece {q} is aboard {c} but not in its sea zone")
    for c in g.convoys:
        if s.loc[c] >= 0 and room(g, s, c) < 0:
            out.append(f"convoy {c} carries more than its load")
    return out
