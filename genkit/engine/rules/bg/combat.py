"""6.2 Combat: rolls against strength, rounds, retreats; 6.4 control after a combat.

* 6.2.1 The phasing side picks the order of its combats (every space holding units of two sides
  at war); a combat is fought to its end before the next. In a round each unit rolls one die
  (armour two, a type's ``fires``), the phasing side first; a roll at or under the unit's
  present strength is a hit; a strength of 0 never fires, nor does an HQ (a type that ``commands``
  and rolls no dice). The other side fires back with the
  strengths it had when the round began; then the losses are taken.
* 6.2.2 A hit flips a full unit to its back; a second eliminates it. The owner chooses which
  units take the hits; here the choice is fixed (a design decision, docs/bg-rules.md): the
  cheapest full unit is flipped first, and only when none is left the cheapest flipped one goes;
  HQs (which never fire) take hits after every other unit.
* 6.2.3 When both sides still stand after a round, the phasing side, then the other, may retreat
  all its units: land units to one adjacent area its side controls with no enemy in it (else to
  one holding both sides' units), ships to an adjacent sea zone without enemy ships. With no
  such space a side cannot retreat. Nobody retreats: another round. (The seed lets retreating
  units split among several spaces; here they go together.)
* A combat in which no unit left can fire (only strengths of 0): the phasing side must retreat,
  and is eliminated where it cannot (a design decision: it would never end otherwise).
* 6.2.4 A side left in a land combat with task forces and aircraft only takes them out at once
  (both sides: the phasing side). A task force retreating, or at the end of the combat, goes
  back to the sea zone it came from (6.1.3 B).
* 6.1.1 air / 6.2.3 Aircraft retreating, or left at the end of a combat at sea or in an area
  their side does not control, fly with their full range again to an area their side controls
  with no enemy in it, which their owner chooses (the stage LAND, one aircraft at a time, in
  counter order); with none in range they are lost. Aircraft in an area their side holds after
  the combat stay there.
* Aircraft fight in naval combats too (6.1.5): they attack or defend in a sea zone like ships
  and fly back to land when the combat ends (6.2.4 applies to land combats only).
* 6.2.2 / 6.1.3 A A convoy's load neither fires nor is fired on; it takes each hit its convoy
  takes, and is lost with it.
* 6.2.5 / 6.4 A combat ends when one side is gone; the winner's land units take the area."""
from __future__ import annotations

from ... import events as ev
from ...chance import roll_die
from ...state import ELIMINATED
from . import transport
from .moves import take_control
from .state import FIGHT, LAND, RETREAT


def contested(g, s) -> list:
    """The spaces holding units of both sides whose nations are at war, in board order."""
    seen = [0] * g.board.n
    war, fallen, p_nation, p_side = s.war, s.fallen, g.p_nation, g.p_side
    for p, h in enumerate(s.loc):
        if h >= 0:
            k = p_nation[p]
            if war[k] and not fallen[k]:
                seen[h] |= 1 << p_side[p]
    return [h for h, m in enumerate(seen) if m == 3]


def _units(g, s, h: int, side: int) -> list:
    """``side``'s units in the combat in ``h`` (not the aircraft already flying back, nor a
    convoy's load, 6.1.3 A)."""
    aloft, aboard = s.aloft, s.aboard
    return [p for p, w in enumerate(s.loc) if w == h and g.p_side[p] == side and g.at_war(s, p)
            and not (aloft >> p) & 1 and aboard[p] < 0]


def strength(g, s, p: int) -> int:
    """Unit ``p``'s present strength (its back's once flipped)."""
    ty = g.p_type[p]
    return g.t.back[ty] if s.reduced[p] else g.t.front[ty]


def _fires(g, s, p: int) -> bool:
    """6.2.1: the unit fires this round (a strength above 0 and dice to roll: an HQ never)."""
    return bool(strength(g, s, p)) and g.t.fires[g.p_type[p]] > 0


def fight(g, s, h: int) -> None:
    """6.2.1: the combat in ``h`` begins; its first round is fought."""
    s.chosen, s.rnd = h, 0
    _round(g, s)


def _round(g, s) -> None:
    """One round (6.2.1-6.2.2), then the end of the combat or the question of retreat."""
    h = s.chosen
    phasing = g.phase_side[s.phase]
    s.rnd += 1
    att, dfn = _units(g, s, h, phasing), _units(g, s, h, 1 - phasing)
    if not any(_fires(g, s, p) for p in att + dfn):   # nobody can fire: the phasing side goes
        dest = retreats(g, s, h, phasing)
        if dest:
            _retreat(g, s, phasing, dest[0])
        else:
            for p in att:
                _lose(g, s, p, dfn[0] if dfn else p, kill=True)
        return _end(g, s)
    hits_on_dfn = _fire(g, s, att, dfn)
    hits_on_att = _fire(g, s, dfn, att)
    _take_hits(g, s, dfn, hits_on_dfn, att)
    _take_hits(g, s, att, hits_on_att, dfn)
    if not g.t.is_sea[h]:
        _forced_retreats(g, s, h, phasing)
    if not _units(g, s, h, phasing) or not _units(g, s, h, 1 - phasing):
        return _end(g, s)
    s.stage, s.asked, s.actor = RETREAT, 0, phasing     # 6.2.3: the phasing side is asked first


def _fire(g, s, firing: list, target: list) -> int:
    """Every unit of ``firing`` rolls its dice against its strength; the hits scored."""
    hits = 0
    for p in firing:
        value = strength(g, s, p)
        for _ in range(g.t.fires[g.p_type[p]] if value else 0):
            face = roll_die(s, 6, "fire")
            hit = face <= value
            hits += hit
            if s.events is not None and target:
                s.events.append(ev.Battle(
                    side=g.side_ids[g.p_side[p]], lead_type=g.type_ids[g.p_type[p]], attack_type="fire",
                    column=str(value), face=face, result="H" if hit else "M",
                    defender_type=g.type_ids[g.p_type[target[0]]], eliminated=False, n_attackers=1,
                    lead=p, defender=target[0]))
    return hits


def _take_hits(g, s, units: list, hits: int, by: list) -> None:
    """6.2.2: the owner's losses, flipped before eliminated, cheapest first."""
    cost, commands = g.t.cost, g.t.commands
    by_p = by[0] if by else -1
    for _ in range(hits):
        alive = [p for p in units if s.loc[p] >= 0]
        if not alive:
            return
        full = [p for p in alive if not s.reduced[p]]
        if full:
            p = min(full, key=lambda q: (commands[g.p_type[q]], cost[g.p_type[q]], q))
            _lose(g, s, p, by_p, kill=False)
        else:
            p = min(alive, key=lambda q: (commands[g.p_type[q]], cost[g.p_type[q]], q))
            _lose(g, s, p, by_p, kill=True)


def _lose(g, s, p: int, by: int, kill: bool) -> None:
    """Unit ``p`` is turned to its back or eliminated; a convoy's load takes the same hit."""
    if g.t.carrier[g.p_type[p]]:
        for q in transport.load(g, s, p):
            _lose(g, s, q, by, kill=kill or bool(s.reduced[q]))
    if s.events is not None:
        record = ev.Eliminated if kill else ev.Reduced
        s.events.append(record(side=g.side_ids[g.p_side[p]], type=g.type_ids[g.p_type[p]], piece=p,
                               by_side=g.side_ids[1 - g.p_side[p]], card=None))
    if kill:
        g.put(s, p, ELIMINATED)
    else:
        s.reduced[p] = 1


def retreats(g, s, h: int, side: int) -> list:
    """6.2.3: where ``side``'s units in ``h`` may retreat to, in board order."""
    t = g.t
    enemy = set()
    both = set()
    mine = set()
    for p, w in enumerate(s.loc):
        if w >= 0 and g.at_war(s, p):
            (mine if g.p_side[p] == side else enemy).add(w)
    both = mine & enemy
    if t.is_sea[h]:
        return sorted(z for z in t.sea_adj[h] if z not in enemy)
    own = []
    for y, strait in t.land_adj[h]:
        k = s.ctl[y]
        if strait or k < 0 or g.nation_side[k] != side or not s.war[k] or s.fallen[k]:
            continue
        if y not in enemy:
            own.append(y)
    if own:
        return sorted(own)
    return sorted(y for y, strait in t.land_adj[h] if not strait and y in both)


def _forced_retreats(g, s, h: int, phasing: int) -> None:
    """6.2.4: a side left in a land combat with task forces and aircraft only takes them out at
    once (task forces to their sea zones, aircraft to a landing); when both sides are, the
    phasing side does."""
    ship, air = g.t.ship, g.t.air
    only_ships = [side for side in (phasing, 1 - phasing)
                  if (units := _units(g, s, h, side)) and all(ship[g.p_type[p]] or air[g.p_type[p]] for p in units)]
    if only_ships:
        _retreat(g, s, only_ships[0], -1)


def _retreat(g, s, side: int, dest: int) -> None:
    """``side``'s units leave the combat: land units to ``dest``, task forces back to the sea
    zone they came from (6.1.3 B), aircraft to a landing (6.2.3)."""
    for p in _units(g, s, s.chosen, side):
        if s.came[p] >= 0:
            _go_back(g, s, p)
        elif g.t.air[g.p_type[p]]:
            s.aloft |= 1 << p                   # 6.2.3: flies back to a landing its owner picks
        else:
            g.put(s, p, dest)


def landings(g, s, p: int) -> list:
    """6.1.1 air / 6.2.3: the areas aircraft ``p`` may fly back to from where it stands, nearest
    first (board order among equals): within its range over any space but a neutral's area, an
    area of a nation of its side at war with no enemy unit in it."""
    t, side = g.t, g.p_side[p]
    enemy, neutral = set(), set()
    for q, w in enumerate(s.loc):
        if w >= 0 and g.p_side[q] != side:
            (enemy if g.at_war(s, q) else neutral).add(w)
    h0 = s.loc[p]
    out, frontier, seen = [], [h0], {h0}
    for _ in range(t.range[g.p_type[p]]):
        nxt = []
        for x in frontier:
            for y in t.air_adj[x]:
                k = s.ctl[y]
                if y in seen or y in neutral or (k >= 0 and (not s.war[k] or s.fallen[k])):
                    continue
                seen.add(y)
                nxt.append(y)
                if not t.is_sea[y] and k >= 0 and g.nation_side[k] == side and y not in enemy:
                    out.append(y)
        frontier = nxt
    return out


def next_landing(g, s) -> None:
    """6.1.1 air: the first aircraft flying back (in counter order) with somewhere to land waits
    for its owner's choice (the stage LAND); those with nowhere in range are lost. With none left
    the combat phase goes on (the stage FIGHT)."""
    while s.aloft:
        p = (s.aloft & -s.aloft).bit_length() - 1
        if landings(g, s, p):
            s.stage, s.chosen, s.actor = LAND, p, g.p_side[p]
            return
        s.aloft &= ~(1 << p)
        _lose(g, s, p, -1, kill=True)
    s.stage, s.chosen, s.actor = FIGHT, -1, g.phase_side[s.phase]


def land(g, s, h: int) -> None:
    """The aircraft deciding lands in ``h`` (one of its :func:`landings`)."""
    p = s.chosen
    s.aloft &= ~(1 << p)
    g.put(s, p, h)
    next_landing(g, s)


def _go_back(g, s, p: int) -> None:
    g.put(s, p, s.came[p])
    s.came[p] = -1


def answer(g, s, a) -> None:
    """6.2.3: the side asked fights on or retreats; when both fight on, another round."""
    phasing = g.phase_side[s.phase]
    side = phasing if s.asked == 0 else 1 - phasing
    if a[0] == "retreat":
        _retreat(g, s, side, a[1])
        return _end(g, s)
    if s.asked == 0:
        s.asked, s.actor = 1, 1 - phasing           # then the other side answers for itself
        return
    _round(g, s)


def _end(g, s) -> None:
    """6.2.5 / 6.4: the side left in the space wins it; its land units take control."""
    h = s.chosen
    t = g.t
    left = _units(g, s, h, 0) + _units(g, s, h, 1)
    if not t.is_sea[h]:
        land_units = [p for p in left if not t.ship[g.p_type[p]] and not t.air[g.p_type[p]]]
        if land_units and len({g.p_side[p] for p in left}) == 1:
            take_control(g, s, h, g.p_nation[land_units[0]])
    k = s.ctl[h]
    for p in left:
        if s.came[p] >= 0:                      # 6.1.3 B: task forces go back to sea
            _go_back(g, s, p)
        elif t.air[g.p_type[p]] and (t.is_sea[h] or k < 0 or g.nation_side[k] != g.p_side[p]):
            s.aloft |= 1 << p                   # 6.1.1 air: back to an area of its side
    s.rnd, s.asked = 0, 0
    next_landing(g, s)
