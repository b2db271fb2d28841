"""BG's greedy bot: one look ahead of nothing, a score per choice.

* Movement (6.1) and exploitation (6.3): the units are ranked once a phase by how much their
  best destination gains over standing still; each in turn, while it still gains, moves there; a destination with enemy units scores by the odds (the strength
  already there plus the unit's, against the enemy's, every die counted); an empty enemy area by
  its build points; a friendly one by the enemy strength next to it and its nearness to the front.
  A war on a neutral costs points (much for a major before 1941). A neutral of its own that may go
  to war does (8.4).
* Combat (6.2): the combats in board order; after a round it retreats when its strength left is
  under two thirds of the enemy's. An aircraft flying back lands where a move there would score
  best (6.1.1 air).
* Production (7.2): repairs first, then armour while it can pay for it and has half as many as
  infantry, ships while it has fewer than two at sea, aircraft while the nation has fewer than
  three, else infantry; it ends when it can pay for
  nothing more."""
from __future__ import annotations

from ...bots import per_game
from .state import BUILD, DEST, FIGHT, LAND, RETREAT
from . import command, moves


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
        if st in (DEST, LAND):                      # a move's end, or where an aircraft lands
            return max(actions, key=lambda a: (look.score(v.chosen, a[1]), -a[1]))
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
        return actions[0]

    def _front(self, v) -> "_Front":
        """The :class:`_Front` of ``v`` (kept while control and the nations' wars stay the same)."""
        key = (tuple(v.ctl), tuple(v.war), tuple(v.fallen))
        if self._front_key != key:
            self._front_key, self._front_seen = key, _Front(self.g, v, self.side)
        return self._front_seen

    def _gain(self, look, v, p: int) -> float:
        """How much better than standing still unit ``p``'s best destination scores."""
        score = look.score
        stay = score(p, v.loc[p])
        dests = command.destinations(self.g, v, p, look.reach)
        return max([score(p, h) for h in dests], default=stay) - stay

    def _retreat(self, v, actions):
        g, h = self.g, v.chosen
        phasing = g.phase_side[v.phase]
        me = phasing if v.asked == 0 else 1 - phasing
        mine = foe = 0.0
        for p, w in enumerate(v.loc):
            if w == h and g.at_war(v, p):
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
        by_type = {g.types[a[2]].id: a for a in builds}
        tab = _tables(g)
        for a in builds:
            if tab.ship[a[2]] and count.get(g.types[a[2]].id, 0) < 2:
                return a
            if tab.air[a[2]] and sum(1 for p in g.nation_pieces[a[1]] if g.p_type[p] == a[2]
                                     and (v.loc[p] >= 0 or v.due[p])) < 3:
                return a
        arm = next((a for a in builds if tab.through[a[2]]), None)
        inf = next((a for a in builds if not tab.through[a[2]] and not tab.ship[a[2]] and not tab.air[a[2]]), None)
        if arm is not None and (inf is None or 2 * count.get(g.types[arm[2]].id, 0) <= count.get("inf", 0)):
            return arm
        return inf or next(iter(by_type.values()))


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
