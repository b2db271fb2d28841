"""5.1 the time table, 5.2 reinforcements, 7.1 conquest, 7.2 production, 8.5 victory.

* 5.1 Each quarter the time table's events of the turn happen: a nation enters the war, or a
  nation gains aid (build points every quarter from then on).
* 5.2 Units due this quarter appear: land units in the first home area of their nation (in the
  order the nation lists them) its side controls and no enemy holds; ships in a sea zone beside
  such an area, one without enemy ships if there is one. A unit with no such place waits a
  quarter. (The seed lets the owner choose the area; here the order of the list decides.) 5.2
  special: after its home areas, a nation's areas ``overseas`` (the British Empire's home
  countries beyond Europe) take its reinforcements too. A unit
  that enters by date (7.2.6: HQs; ``counters.units[].enters``) appears on its turn, in the first
  of its group's areas its side holds, else as any other reinforcement.
* 7.1 At the turn end a nation at war all of whose home areas the enemy controls is conquered:
  its units on the map and in production leave the game, the areas it held outside its home
  become nobody's. A conquered nation of which its side holds a home area again is freed: those
  areas are its own again, and its units may be built again.
* 7.2 / 7.2.1 / 7.2.3 Each major nation not conquered gains its production every quarter: the
  build points of the areas it and its minors control (the left number for an area of its own
  side, the right for a conquered one), its production from off the maps while it stands, aid
  from the time table, and deliveries from neutral givers (7.2.4); a neutral major gains its
  peace production. Saving is free. It builds units of its own or its minors' from the pool (the
  counters not on the map nor in production): the cost is the front strength, doubled for some
  types; the unit arrives that many quarters on (7.2.6). A type with a ``rebuild`` cost (HQs) is
  never built new: it enters by date, and once eliminated is built again for that cost. 7.2.5 Repair: a flipped unit on the map
  turns back for the difference of its strengths (doubled for the same types); not while aboard a
  convoy (6.1.3 A).
* 8.5 At the turn end, after conquest: a side that has conquered its ``conquests`` of the enemy's
  major nations wins (total victory); else a side whose points (the build points of the areas
  its nations at war control, by the same numbers) reach its ``economic`` wins. After the last
  quarter the side named in ``at_end`` wins if its points reach the number given, else the other
  side wins (a design decision for balance: the seed calls it a draw, which is what happens
  when ``at_end`` is left out)."""
from __future__ import annotations

from ...state import ELIMINATED, REMOVED, RESERVE
from .moves import declare_war
from .state import BUILD


def time_table(g, s) -> None:
    """5.1."""
    for what, k, bp in g.t.timetable.get(s.turn, ()):
        if what == "war":
            if not s.fallen[k]:
                declare_war(g, s, k)
        else:
            s.aid[k] += bp


def reinforce(g, s) -> None:
    """5.2."""
    t = g.t
    for p in range(g.npieces):
        if not s.due[p] or s.due[p] > s.turn:
            continue
        k = g.p_nation[p]
        side = g.p_side[p]
        enemy = {w for q, w in enumerate(s.loc) if w >= 0 and g.p_side[q] != side and g.at_war(s, q)}
        homes = [h for h in t.home[k] if s.ctl[h] >= 0 and g.nation_side[s.ctl[h]] == side and h not in enemy]
        arrive = [h for h in t.enters_at[p] if s.ctl[h] >= 0 and g.nation_side[s.ctl[h]] == side
                  and h not in enemy]
        homes = arrive + homes + [h for h in t.overseas[k] if s.ctl[h] >= 0 and g.nation_side[s.ctl[h]] == side
                                  and h not in enemy]
        if t.ship[g.p_type[p]]:
            zones = [z for h in homes for z in t.coast[h]]
            open_ = [z for z in zones if z not in enemy]
            where = (open_ or zones or [-1])[0]
        else:
            where = homes[0] if homes else -1
        if where < 0:
            s.due[p] = s.turn + 1
            continue
        s.due[p] = 0
        g.put(s, p, where)


def _conquest(g, s) -> None:
    """7.1 (conquest and freeing)."""
    t = g.t
    for k in range(len(g.nation_ids)):
        home = t.home[k]
        if not home:
            continue
        side = g.nation_side[k]
        ours = [h for h in home if s.ctl[h] >= 0 and g.nation_side[s.ctl[h]] == side]
        if s.fallen[k]:
            if ours:
                s.fallen[k] = 0
                for h in ours:
                    s.ctl[h] = k
                for p in g.nation_pieces[k]:
                    if s.loc[p] == REMOVED:
                        s.loc[p] = ELIMINATED
            continue
        if not s.war[k] or ours:
            continue
        if any(s.ctl[h] < 0 or g.nation_side[s.ctl[h]] == side for h in home):
            continue
        s.fallen[k] = 1
        for p in g.nation_pieces[k]:
            if s.loc[p] >= 0 or s.due[p] or s.loc[p] in (RESERVE, ELIMINATED):
                s.due[p] = 0
                g.put(s, p, REMOVED)
        for h in t.holds[k]:
            if s.ctl[h] == k:
                s.ctl[h] = -1


def _producer(g, s, k: int) -> int:
    """The major nation that gains and spends nation ``k``'s production (a minor's associate;
    when that one has fallen, the first standing major of its side)."""
    m = g.t.assoc[k]
    if not s.fallen[m]:
        return m
    side = g.nation_side[k]
    return next((j for j in range(len(g.nation_ids)) if g.t.major[j] and g.nation_side[j] == side
                 and not s.fallen[j]), -1)


def _area_value(g, s, h: int) -> int:
    owner = g.t.owner[h]
    if owner >= 0 and g.nation_side[owner] == g.nation_side[s.ctl[h]]:
        return g.t.left[h]
    return g.t.right[h]


def income(g, s, m: int) -> int:
    """7.2: the build points major nation ``m`` gains this quarter."""
    t = g.t
    if s.fallen[m]:
        return 0
    if not s.war[m]:
        total = t.peace[m]
    else:
        total = t.outside[m] + s.aid[m]
        for h, k in enumerate(s.ctl):
            if k >= 0 and s.war[k] and not s.fallen[k] and _producer(g, s, k) == m:
                total += _area_value(g, s, h)
    for giver, receiver, bp in t.deliveries:
        if receiver == m and not s.war[giver] and not s.fallen[giver]:
            total += bp
    return total


def control_markers(g, s, k: int) -> int:
    """2.2 / 6.4: the control markers nation ``k`` has on the map: one on every area it controls
    that is not its own (its home and held areas show its control printed)."""
    owner = g.t.owner
    return sum(1 for h, c in enumerate(s.ctl) if c == k and owner[h] != k)


def points(g, s, side: int) -> int:
    """8.5: the build points of the areas the side's nations at war control."""
    return sum(_area_value(g, s, h) for h, k in enumerate(s.ctl)
               if k >= 0 and g.nation_side[k] == side and s.war[k] and not s.fallen[k])


def turn_end(g, s) -> bool:
    """7.1, 8.5, then 7.2: True when production decisions follow (the first builder is set)."""
    _conquest(g, s)
    if _victory(g, s):
        return False
    for m in range(len(g.nation_ids)):
        if g.t.major[m]:
            s.bp[m] += income(g, s, m)
    s.builder = -1
    return next_builder(g, s)


def _victory(g, s) -> bool:
    t = g.t
    for side in range(len(g.side_ids)):
        beaten = sum(1 for k in range(len(g.nation_ids))
                     if t.major[k] and g.nation_side[k] != side and s.fallen[k])
        if t.conquests[side] and beaten >= t.conquests[side]:
            g._end(s, side, "total_victory")
            return True
    for side in range(len(g.side_ids)):
        if t.economic[side] and points(g, s, side) >= t.economic[side]:
            g._end(s, side, "economic_victory")
            return True
    if s.turn >= g.turns:
        for side, need in t.at_end:
            g._end(s, side if points(g, s, side) >= need else 1 - side, "points_at_end")
            return True
        g._end(s, -1, "turn_limit")
        return True
    return False


def next_builder(g, s) -> bool:
    """The next major nation (in the order written) that is not conquered decides its builds;
    False when none is left (the quarter is over)."""
    for m in range(s.builder + 1, len(g.nation_ids)):
        if g.t.major[m] and not s.fallen[m]:
            s.builder, s.stage, s.actor = m, BUILD, g.nation_side[m]
            return True
    s.builder = -1
    if s.stage == BUILD:                  # called from a decision: go on to the next quarter
        s.phase += 1
        g._enter_phase(s)
    return False


def _pool(g, s, m: int) -> dict:
    """(nation, unit type) -> the first counter in the pool of major ``m``'s own or its minors'
    (a minor's only while it is at war and stands)."""
    out = {}
    for k in range(len(g.nation_ids)):
        if _producer(g, s, k) != m or s.fallen[k] or (k != m and not s.war[k]):
            continue
        for p in g.nation_pieces[k]:
            if s.due[p] or s.loc[p] not in (RESERVE, ELIMINATED):
                continue
            if g.t.rebuild_only[g.p_type[p]] and s.loc[p] != ELIMINATED:
                continue                    # 7.2.6: an HQ is built again once lost, never new
            out.setdefault((k, g.p_type[p]), p)
    return out


def orders(g, s, m: int) -> list:
    """7.2 / 7.2.5: the builds and repairs major ``m`` can pay for now."""
    t = g.t
    bp = s.bp[m]
    out = [("build", k, ty) for (k, ty) in sorted(_pool(g, s, m)) if t.cost[ty] <= bp]
    out += [("repair", p) for p in range(g.npieces)
            if s.loc[p] >= 0 and s.reduced[p] and s.aboard[p] < 0 and _producer(g, s, g.p_nation[p]) == m
            and t.repair[g.p_type[p]] <= bp]
    return out


def order(g, s, a) -> None:
    t = g.t
    m = s.builder
    if a[0] == "build":
        p = _pool(g, s, m)[(a[1], a[2])]
        s.bp[m] -= t.cost[a[2]]
        s.loc[p] = RESERVE
        s.due[p] = s.turn + max(1, t.quarters[a[2]])
    else:
        s.bp[m] -= t.repair[g.p_type[a[1]]]
        s.reduced[a[1]] = 0
