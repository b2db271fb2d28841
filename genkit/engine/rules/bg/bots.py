"""BG's greedy bot: one look ahead of nothing, a score per choice.

* Movement (6.1) and exploitation (6.3): the units are ranked once a phase by how much their
  best destination gains over standing still; each in turn, while it still gains, moves there; a destination with enemy units scores by the odds (the strength
  already there plus the unit's, against the enemy's, every die counted); an empty enemy area by
  its build points; a friendly one by the enemy strength next to it and its nearness to the front.
  A war on a neutral costs points (much for a major before 1941). A neutral of its own that may go
  to war does (8.4).
* Convoys (6.1.3 A): boarding is worth most of the best landing the convoy could reach this
  phase; a convoy sails to the sea zone with the best landing for its load (an empty one to a
  zone beside own units cut off from the front by sea, such as the Dominions box), never into
  enemy ships; when the ranked units are done, convoys and then their loads move while they
  still gain. A load stays aboard while its convoy has yet to sail, and lands once it has.
* Combat (6.2): the combats in board order; after a round it retreats when its strength left is
  under two thirds of the enemy's. An aircraft flying back lands where a move there would score
  best (6.1.1 air).
* Production (7.2): repairs first, then armour while it can pay for it and has half as many as
  infantry, task forces while it has fewer than two at sea, a convoy while a nation with areas
  overseas (5.2 special) has none, aircraft while the nation has fewer than three, else infantry; it ends when it can pay for
  nothing more."""
from __future__ import annotations

from ...bots import per_game
from .state import BUILD, DEST, FIGHT, LAND, RETREAT
from . import command, moves, transport


class GreedyBot:
    name = "greedy"
    needs_view = True

    def __init__(self, game, side: int, seed: int):
        self.g, self.side = game, side
        self.plan_for, self.plan, self.look = None, [], None
        self._front_key, self._front_seen = None, None

    @classmethod
    def for_game(cls, game, side: int, seed: int):
        return cls(game, side, seed)

    def choose(self, v, actions):
        if len(actions) == 1:
            return actions[0]
        st = v.stage
        if st == FIGHT:
            return actions[0]
        if st == RETREAT:
            return self._retreat(v, actions)
        if st == BUILD:
            return self._build(v, actions)
        look = self.look
        r = moves.reach_of(self.g, v)
        if look is None or look.reach is not r:
            look = self.look = _Look(self.g, v, self.side, r, self._front(v))
            if self.plan_for == (v.turn, v.phase):
                look.potential = self.potential
        if st == LAND:                              # where an aircraft lands
            return max(actions, key=lambda a: (look.score(v.chosen, a[1]), -a[1]))
        if st == DEST:                              # a move's end, or the convoy boarded
            return max(actions, key=lambda a: (self._value(look, v, v.chosen, a), a[0] == "to", -a[1]))
        for a in actions:
            if a[0] == "declare":
                return a
        movable = {a[1] for a in actions if a[0] == "move"}
        if self.plan_for != (v.turn, v.phase):      # rank the units once a phase, by their gain
            self.plan_for = (v.turn, v.phase)
            self.potential = look.potential = [0.0] * self.g.board.n
            for p in sorted(movable):               # what could reach each space this phase
                for h in command.destinations(self.g, v, p, r):
                    look.potential[h] += _power(self.g, v, p)
            gains = [(self._gain(look, v, p), p) for p in sorted(movable)]
            self.plan = [p for gain, p in sorted(gains, key=lambda x: (-x[0], x[1])) if gain > 0.3]
        while self.plan:
            p = self.plan.pop(0)
            if p in movable and self._gain(look, v, p) > 0.3:
                return ("move", p)
        carrier = _tables(self.g).carrier
        for p in sorted(movable, key=lambda q: (not carrier[self.g.p_type[q]], q)):
            if (carrier[self.g.p_type[p]] or v.aboard[p] >= 0) and self._gain(look, v, p) > 0.3:
                return ("move", p)                  # 6.1.3 A: convoys sail, then their loads land
        return actions[0]

    def _front(self, v) -> "_Front":
        """The :class:`_Front` of ``v`` (kept while control and the nations' wars stay the same)."""
        key = (tuple(v.ctl), tuple(v.war), tuple(v.fallen))
        if self._front_key != key:
            self._front_key, self._front_seen = key, _Front(self.g, v, self.side)
        return self._front_seen

    def _gain(self, look, v, p: int) -> float:
        """How much better than standing still unit ``p``'s best choice scores."""
        g = self.g
        stay = self._value(look, v, p, ("to", v.loc[p]))
        choices = [("to", h) for h in command.destinations(g, v, p, look.reach)]
        choices += [("board", c) for c in transport.boardings(g, v, p)]
        return max([self._value(look, v, p, a) for a in choices], default=stay) - stay

    def _value(self, look, v, p: int, a) -> float:
        """What choice ``a`` (("to", space) or ("board", convoy)) is worth to unit ``p``."""
        if a[0] == "board":
            return self._voyage(look, v, p, a[1])
        if _tables(self.g).carrier[self.g.p_type[p]]:
            return self._cargo(look, v, p, a[1])
        c = v.aboard[p]
        if c >= 0 and a[1] == v.loc[p]:            # staying aboard: the voyage ahead, or nothing
            return self._voyage(look, v, p, c) if not (v.moved >> c) & 1 else -3.0
        return look.score(p, a[1])

    def _landings(self, look, v, p: int, z: int) -> float:
        """The best score of unit ``p`` landing from sea zone ``z`` (-9: nowhere)."""
        t = self.g.t
        control = look.reach.control(self.side)
        return max((look.score(p, y) for y in t.coast[z] if not t.is_sea[y] and control[y] not in
                    ("own_neutral", "other_neutral") and (not t.air[self.g.p_type[p]] or look.foe[y] > 0
                                                         or control[y] == "own")), default=-9.0)

    def _voyage(self, look, v, p: int, c: int) -> float:
        """6.1.3 A: boarding convoy ``c``: most of the best landing from where it could sail."""
        zones = [v.loc[c]]
        if not (v.moved >> c) & 1:
            zones += [z for z in command.destinations(self.g, v, c, look.reach) if look.foe[z] == 0]
        return 0.8 * max(self._landings(look, v, p, z) for z in zones) - 0.3

    def _cargo(self, look, v, c: int, z: int) -> float:
        """6.1.3 A: convoy ``c`` in sea zone ``z``: the best landing of its load; empty, the own
        units it could fetch there that are cut off from the front by sea."""
        g, t = self.g, self.g.t
        if look.foe[z] > 0:
            return -5.0
        cargo = transport.load(g, v, c)
        if cargo:
            return max(self._landings(look, v, q, z) for q in cargo)
        waiting = sum(1 for q, h in enumerate(v.loc) if h >= 0 and not t.is_sea[h] and z in t.coast[h]
                      and look.dist[h] >= 99 and g.p_side[q] == self.side and transport.carries(g, c, q))
        return 0.5 * waiting

    def _retreat(self, v, actions):
        g, h = self.g, v.chosen
        phasing = g.phase_side[v.phase]
        me = phasing if v.asked == 0 else 1 - phasing
        mine = foe = 0.0
        for p, w in enumerate(v.loc):
            if w == h and g.at_war(v, p) and v.aboard[p] < 0:   # a load never fights (6.1.3 A)
                f = _power(g, v, p)
                if g.p_side[p] == me:
                    mine += f
                else:
                    foe += f
        if mine < foe * 2 / 3 and len(actions) > 1:
            return actions[1]
        return actions[0]

    def _build(self, v, actions):
        g = self.g
        for a in actions:
            if a[0] == "repair":
                return a
        for a in actions:                           # 7.2.6: an HQ lost is built again first
            if a[0] == "build" and _tables(g).commands[a[2]]:
                return a
        builds = [a for a in actions if a[0] == "build"]
        if not builds:
            return actions[0]
        m = v.builder
        count = {}
        for p in range(g.npieces):
            if (v.loc[p] >= 0 or v.due[p]) and g.p_side[p] == g.nation_side[m]:
                ty = g.types[g.p_type[p]].id
                count[ty] = count.get(ty, 0) + 1
        tab = _tables(g)
        for a in builds:
            if tab.carrier[a[2]]:
                if tab.overseas[a[1]] and count.get(g.types[a[2]].id, 0) < 1:
                    return a
                continue
            if tab.ship[a[2]] and count.get(g.types[a[2]].id, 0) < 2:
                return a
            if tab.air[a[2]] and sum(1 for p in g.nation_pieces[a[1]] if g.p_type[p] == a[2]
                                     and (v.loc[p] >= 0 or v.due[p])) < 3:
                return a
        arm = next((a for a in builds if tab.through[a[2]]), None)
        builds = [a for a in builds if not tab.carrier[a[2]]]
        inf = next((a for a in builds if not tab.through[a[2]] and not tab.ship[a[2]] and not tab.air[a[2]]), None)
        if arm is not None and (inf is None or 2 * count.get(g.types[arm[2]].id, 0) <= count.get("inf", 0)):
            return arm
        return inf or (builds[0] if builds else actions[0])


def _power(g, v, p: int) -> float:
    return _powers(g)[g.p_type[p]][v.reduced[p]]


def _type_powers(g) -> list:
    """Per unit type, [its power full, its power flipped]: hits expected a round, plus a quarter."""
    t = g.t
    return [[strength * t.fires[ty] / 6.0 + 0.25 for strength in (t.front[ty], t.back[ty])]
            for ty in range(len(t.front))]


_tables = per_game(lambda g: g.t)
_powers = per_game(_type_powers)


class _Front:
    """Per space, for ``side``: is it an area of an enemy at war (``enemy_area``), and its
    distance over land to the nearest such area (``dist``, 99: none)."""

    def __init__(self, g, v, side: int):
        t = g.t
        n = g.board.n
        ctl, war, fallen, nation_side = v.ctl, v.war, v.fallen, g.nation_side
        self.enemy_area = [ctl[h] >= 0 and nation_side[ctl[h]] != side and bool(war[ctl[h]])
                           and not fallen[ctl[h]] for h in range(n)]
        dist = self.dist = [99] * n
        frontier = [h for h in range(n) if not t.is_sea[h] and self.enemy_area[h]]
        for h in frontier:
            dist[h] = 0
        d = 0
        while frontier:
            d += 1
            nxt = []
            for x in frontier:
                for y, _ in t.land_adj[x]:
                    if dist[y] > d:
                        dist[y] = d
                        nxt.append(y)
            frontier = nxt


class _Look:
    """One decision's view of the board for ``side``: strength per space, the front."""

    def __init__(self, g, v, side: int, reach, front):
        self.g, self.v, self.side, self.reach = g, v, side, reach
        self.dist, self.enemy_area = front.dist, front.enemy_area
        self.potential = [0.0] * g.board.n
        n = g.board.n
        own, foe, neutral = self.own, self.foe, self.neutral = [0.0] * n, [0.0] * n, [0.0] * n
        self.threat: dict = {}
        pw = self.pw = _powers(g)
        p_type, p_nation, p_side = g.p_type, g.p_nation, g.p_side
        war, fallen, reduced = v.war, v.fallen, v.reduced
        for p, h in enumerate(v.loc):
            if h < 0:
                continue
            f = pw[p_type[p]][reduced[p]]
            k = p_nation[p]
            if not war[k] or fallen[k]:
                if p_side[p] != side:
                    neutral[h] += f
            elif p_side[p] == side:
                own[h] += f
            else:
                foe[h] += f


    def score(self, p: int, h: int) -> float:
        g, v, t = self.g, self.v, self.g.t
        mine = self.pw[g.p_type[p]][v.reduced[p]]
        here = v.loc[p] == h
        own = self.own[h] - (mine if here else 0.0)
        k = v.ctl[h]
        value = t.right[h] if k >= 0 and g.nation_side[k] != self.side else t.left[h]
        if self.foe[h] > 0:
            odds = max(own + mine, own + self.potential[h]) / self.foe[h]
            return (odds - 1.2) * 4 + value / 2
        if k >= 0 and g.nation_side[k] != self.side and not v.war[k]:
            penalty = (10 if v.turn < 8 else 1) if t.major[k] else 2
            if self.neutral[h] > 0:
                return ((own + mine) / self.neutral[h] - 1.5) * 3 + value / 2 - penalty
            return value / 2 - penalty
        if self.enemy_area[h]:
            return 2 + value
        if t.is_sea[h]:
            return 0.0
        near = self.threat.get(h)
        if near is None:
            near = self.threat[h] = sum(self.foe[y] for y, _ in t.land_adj[h])
        threat = near - own
        return 0.6 * max(0.0, threat) - 0.15 * min(self.dist[h], 12)
