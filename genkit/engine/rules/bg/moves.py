"""6.1 Movement and 8.1-8.4 neutrality: where a unit may go and what its arrival does.

* 6.1.1 A unit moves up to its range in areas (land units) or sea zones (ships) between
  connected spaces; it stops on entering a space holding enemy units (it attacks them, 6.1.4);
  armour may move on through an unoccupied enemy area, other units stop there.
* 6.1.2 It may move twice its range when it never enters an enemy controlled area (an area of an
  enemy nation; for ships, a sea zone holding enemy ships), and does not start in one.
* 1.2 Land units cross land and strait connections, never forbidden borders or the sea. A strait
  is closed while an enemy fleet stands in a sea zone beside both its ends, and crossing one ends
  the move (as an unloading does, 6.1.3).
* 8.1 / 8.2 No unit enters an area of a neutral nation of its own side; a neutral nation's units
  do not move. 8.4 Entering an area (or the units) of a neutral nation of the other side declares
  war on it: it joins its side's war at once. A neutral nation of the phasing side may declare
  war of its own will from its ``war_not_before`` turn.
* 6.1.3 B A task force may move from its sea zone into an area beside it where enemy units stand,
  to take part in the land combat there; it goes back to that zone when the combat ends (or it
  retreats, 6.2.3-6.2.4), and never takes the area (6.4).
* 6.1.1 air Aircraft fly up to their range over areas and sea zones (twice it over own areas and
  sea zones without enemy units, 6.1.2), never over a neutral nation's area (8.1). They end their
  move landing in an area their side controls with no enemy in it, or in an area or sea zone
  holding enemy units (an attack, or support of one: a sea zone's is a naval combat); never in
  an empty sea zone, and they never take an area (6.4).
* 6.1.3 A A unit aboard a convoy unloads into an area beside its sea zone (:mod:`.transport`).
* 6.4 A unit ending its move in an empty enemy area (or one nobody controls) takes control of it.
* 6.3 In the exploitation phase only armour, HQs and the units HQs lead move (:mod:`.command`)."""
from __future__ import annotations

from . import transport


def movers(g, s, side: int) -> list:
    """8.2: the units of ``side`` on the map, of nations at war, not yet moved this phase."""
    loc, moved, war, fallen, p_nation = s.loc, s.moved, s.war, s.fallen, g.p_nation
    return [p for p in g.side_pieces[side]
            if loc[p] >= 0 and not (moved >> p) & 1 and war[p_nation[p]] and not fallen[p_nation[p]]]


def may_declare(g, s, side: int) -> list:
    """8.4: the neutral nations of ``side`` that may go to war of their own will this turn."""
    t = g.t
    return [k for k in range(len(g.nation_ids)) if g.nation_side[k] == side and not s.war[k]
            and not s.fallen[k] and t.war_not_before[k] and s.turn >= t.war_not_before[k]]


def declare_war(g, s, k: int) -> None:
    """8.4: nation ``k`` is at war from now on."""
    s.war[k] = 1


class Reach:
    """What one position says about movement, worked out once and kept while the position is
    the same (the engine and the bots ask it for every unit): per side, the spaces holding
    enemy units at war, own neutral units and other-side neutral units; each space's control as
    a side sees it (:func:`_control`, asked for once per side); each side's HQs by space; the
    destinations and reserve destinations found."""

    def __init__(self, g, s):
        self.key = _key(s)
        self.g, self.s = g, s
        enemy, own_neutral, other_neutral = self.enemy, self.own_neutral, self.other_neutral = \
            [set(), set()], [set(), set()], [set(), set()]
        war, fallen, p_nation, p_side = s.war, s.fallen, g.p_nation, g.p_side
        for p, h in enumerate(s.loc):
            if h < 0:
                continue
            k, side = p_nation[p], p_side[p]
            if war[k] and not fallen[k]:
                enemy[1 - side].add(h)
            else:
                own_neutral[side].add(h)
                other_neutral[1 - side].add(h)
        self.dests: dict = {}
        self.dests_at: dict = {}        # (space, side, unit type) -> destinations (not aboard)
        self.steps: dict = {}           # (space, side) -> a land unit there may step somewhere
        self.reserves: dict = {}        # unit -> where it may go as a reserve (6.1.6)
        self._controls = [None, None]
        self._hqs = [None, None]

    def hqs(self, side: int) -> dict:
        """Space -> ``side``'s HQs there of nations at war, in counter order (6.1.6, 6.3)."""
        out = self._hqs[side]
        if out is None:
            g, s = self.g, self.s
            out = self._hqs[side] = {}
            commands, p_type = g.t.commands, g.p_type
            for q in g.side_pieces[side]:
                h = s.loc[q]
                if h >= 0 and commands[p_type[q]] and g.at_war(s, q):
                    out.setdefault(h, []).append(q)
        return out

    def control(self, side: int) -> list:
        """Per space, its control seen by ``side`` (:func:`_control`)."""
        out = self._controls[side]
        if out is None:
            g, s = self.g, self.s
            out = self._controls[side] = [_control(g, s, h, side) for h in range(g.board.n)]
        return out


def _key(s) -> tuple:
    return (tuple(s.loc), tuple(s.ctl), tuple(s.war), tuple(s.fallen))


def reach_of(g, s) -> Reach:
    """The :class:`Reach` of position ``s`` (a state or a view), kept on the game for the last
    position asked about."""
    r = getattr(g, "_reach", None)
    if r is None or r.key != _key(s):
        r = g._reach = Reach(g, s)
    return r


def _control(g, s, h: int, side: int) -> str:
    """The control of area ``h`` seen by ``side``: "own", "enemy", "own_neutral", "other_neutral"
    or "free" (nobody's)."""
    k = s.ctl[h]
    if k < 0:
        return "free"
    neutral = not s.war[k] or s.fallen[k]
    if g.nation_side[k] == side:
        return "own_neutral" if neutral else "own"
    return "other_neutral" if neutral else "enemy"


def destinations(g, s, p: int, r: Reach | None = None) -> list:
    """6.1.1-6.1.2: the spaces unit ``p`` may end its move in, in board order (``r``: the
    position's :class:`Reach`, when the caller has it)."""
    r = r or reach_of(g, s)
    hit = r.dests.get(p)
    if hit is not None:
        return hit
    h0, side, ty = s.loc[p], g.p_side[p], g.p_type[p]
    if s.aboard[p] >= 0:                              # 6.1.3 A: unloading
        out = r.dests[p] = transport.unloads(g, s, p, r.control(side), r.enemy[side], r.own_neutral[side])
        return out
    # the same for every unit of a type and side in a space: worked out once for them all
    out = r.dests_at.get((h0, side, ty))
    if out is None:
        out = r.dests_at[(h0, side, ty)] = _destinations_from(g, r, h0, side, ty)
    r.dests[p] = out
    return out


def _destinations_from(g, r: Reach, h0: int, side: int, ty: int) -> list:
    """:func:`destinations` of a unit of type ``ty`` and ``side`` in ``h0``, not aboard a ship."""
    t = g.t
    reach = t.range[ty]
    found = set()
    if t.air[ty]:
        _air_reach(g, r.control(side), h0, reach, r.enemy[side], r.other_neutral[side], found)
    elif t.ship[ty]:
        _sea_reach(g, h0, reach, r.enemy[side], found)
        if t.is_sea[h0] and not t.carrier[ty]:        # 6.1.3 B: into a land combat beside its zone
            found.update(h for h in t.coast[h0] if h in r.enemy[side] and h not in r.other_neutral[side])
    else:
        _land_reach(g, r.control(side), h0, reach, t.through[ty], r.enemy[side], r.own_neutral[side],
                    r.other_neutral[side], found)
    found.discard(h0)
    return sorted(found)


def can_move(g, s, p: int, r: Reach) -> bool:
    """Unit ``p`` has somewhere to go: any space it may enter in one step is a destination
    (``r``: the position's :class:`Reach`)."""
    hit = r.dests.get(p)
    if hit is not None:
        return bool(hit)
    h0, side, ty = s.loc[p], g.p_side[p], g.p_type[p]
    t = g.t
    if t.ship[ty]:
        return bool(t.sea_adj[h0])
    if s.aboard[p] >= 0 or t.air[ty]:
        return bool(destinations(g, s, p, r)) or bool(transport.boardings(g, s, p))
    key = (h0, side)
    out = r.steps.get(key)
    if out is None:
        out = r.steps[key] = _can_step(g, r, h0, side)
    return out or bool(transport.boardings(g, s, p))


def _can_step(g, r: Reach, h0: int, side: int) -> bool:
    """A land unit of ``side`` in ``h0`` may enter some area next to it."""
    t = g.t
    enemy, own_neutral, control = r.enemy[side], r.own_neutral[side], r.control(side)
    for y, strait in t.land_adj[h0]:
        if y in own_neutral or control[y] == "own_neutral":
            continue
        if strait and any(z in enemy for z in t.guards[(h0, y)]):
            continue
        return True
    return False


def _sea_reach(g, h0: int, reach: int, enemy: set, found: set) -> None:
    """Ships: up to ``reach`` sea zones, stopping in one with enemy ships; twice as far through
    zones with none (6.1.2)."""
    adj = g.t.sea_adj
    for limit, open_only in ((reach, False), (2 * reach, True)):
        if open_only and h0 in enemy:
            continue
        frontier, seen = [h0], {h0}
        for _ in range(limit):
            nxt = []
            for x in frontier:
                for y in adj[x]:
                    if y in seen or (open_only and y in enemy):
                        continue
                    seen.add(y)
                    found.add(y)
                    if y not in enemy:
                        nxt.append(y)
            frontier = nxt


def air_range(g, control: list, h0: int, reach: int, enemy: set, other_neutral: set,
              own_only: bool = False) -> set:
    """6.1.1 air: the spaces aircraft starting in ``h0`` fly over or to within ``reach``, never
    over a neutral's area (8.1); with ``own_only`` only over own areas and spaces without enemy
    units (6.1.2)."""
    t = g.t
    frontier, seen = [h0], {h0}
    for _ in range(reach):
        nxt = []
        for x in frontier:
            for y in t.air_adj[x]:
                if y in seen or y in other_neutral or control[y] in ("own_neutral", "other_neutral"):
                    continue
                if own_only and (y in enemy or (not t.is_sea[y] and control[y] != "own")):
                    continue
                seen.add(y)
                nxt.append(y)
        frontier = nxt
    seen.discard(h0)
    return seen


def _air_reach(g, control: list, h0: int, reach: int, enemy: set, other_neutral: set, found: set) -> None:
    """Aircraft: the spaces they may end in within their range (twice it over own spaces, 6.1.2):
    an own area with no enemy in it, or an area or sea zone holding enemy units."""
    t = g.t
    spaces = air_range(g, control, h0, reach, enemy, other_neutral)
    if control[h0] == "own" and h0 not in enemy:
        spaces |= air_range(g, control, h0, 2 * reach, enemy, other_neutral, own_only=True)
    found.update(y for y in spaces if y in enemy or (not t.is_sea[y] and control[y] == "own"))


def _land_reach(g, control: list, h0: int, reach: int, through: bool, enemy: set, own_neutral: set,
                other_neutral: set, found: set) -> None:
    """Land units: the range over land and open straits; twice the range over own areas only
    (``control``: each space's control seen by the moving side)."""
    t = g.t
    start_enemy = control[h0] != "own"
    for limit, own_only in ((reach, False), (2 * reach, True)):
        if own_only and start_enemy:
            continue
        frontier, seen = [h0], {h0}
        for _ in range(limit):
            nxt = []
            for x in frontier:
                for y, strait in t.land_adj[x]:
                    if y in seen or y in own_neutral:
                        continue
                    c = control[y]
                    if c == "own_neutral" or (own_only and (c != "own" or y in enemy or y in other_neutral)):
                        continue
                    if strait and any(z in enemy for z in t.guards[(x, y)]):
                        continue                      # 1.2: an enemy fleet closes the strait
                    seen.add(y)
                    found.add(y)
                    if strait or y in enemy or y in other_neutral or c == "other_neutral":
                        continue                      # the move ends: a crossing, an attack, a war
                    if c == "enemy" and not through:
                        continue
                    nxt.append(y)
            frontier = nxt


def move(g, s, p: int, h: int) -> None:
    """Unit ``p`` ends its move in ``h``: 8.4 war on a neutral there, 6.4 control of an empty area."""
    side = g.p_side[p]
    s.aboard[p] = -1                                  # 6.1.3 A: unloaded (if it was aboard)
    if g.t.ship[g.p_type[p]] and not g.t.is_sea[h]:
        s.came[p] = s.loc[p]                          # 6.1.3 B: a task force joins a land combat
    g.put(s, p, h)
    if g.t.is_sea[h] or s.came[p] >= 0 or g.t.air[g.p_type[p]]:
        return                                        # 6.4: ships and aircraft never take an area
    k = s.ctl[h]
    if k >= 0 and g.nation_side[k] != side and not s.war[k]:
        declare_war(g, s, k)                          # 8.4: entering a neutral's area
    enemies = [q for q, w in enumerate(s.loc) if w == h and g.p_side[q] != side]
    for q in enemies:
        if not s.war[g.p_nation[q]]:
            declare_war(g, s, g.p_nation[q])          # 8.4: attacking a neutral's units
    if not enemies:
        take_control(g, s, h, g.p_nation[p])


def take_control(g, s, h: int, k: int) -> None:
    """6.4: nation ``k`` controls area ``h`` (an area of its own side's nation goes back to
    that nation: a liberation)."""
    owner, cur = g.t.owner[h], s.ctl[h]
    if owner >= 0 and g.nation_side[owner] == g.nation_side[k] and not s.fallen[owner]:
        s.ctl[h] = owner
    elif cur < 0 or g.nation_side[cur] != g.nation_side[k]:
        s.ctl[h] = k
