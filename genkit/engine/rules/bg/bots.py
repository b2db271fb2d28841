"""BG's greedy bot: one look ahead of nothing, a score per choice.

* Movement (6.1) and exploitation (6.3): the units are ranked once a phase by how much their
  best destination gains over standing still; each in turn, while it still gains, moves there; a destination with enemy units scores by the odds (the strength
  already there plus the unit's, against the enemy's, every die counted); an empty enemy area by
  its build points; a friendly one by the enemy strength next to it and its nearness to the front.
  A war on a neutral costs points (much for a major before 1941). A neutral of its own that may go
  to war does (8.4).
* Combat (6.2): the combats in board order; after a round it retreats when its strength left is
  under two thirds of the enemy's.
* Production (7.2): repairs first, then armour while it can pay for it and has half as many as
  infantry, ships while it has fewer than two at sea, else infantry; it ends when it can pay for
  nothing more."""
from __future__ import annotations

from ...bots import per_game
from .state import BUILD, DEST, FIGHT, RETREAT
from . import moves


class GreedyBot:
    name = "greedy"
    needs_view = True

    def __init__(self, game, side: int, seed: int):
        self.g, self.side = game, side
        self.plan_for, self.plan, self.look = None, [], None

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
        if look is None or look.key != moves.reach_of(self.g, v).key:
            look = self.look = _Look(self.g, v, self.side)
            if self.plan_for == (v.turn, v.phase):
                look.potential = self.potential
        if st == DEST:
            return max(actions, key=lambda a: (look.score(v.chosen, a[1]), -a[1]))
        for a in actions:
            if a[0] == "declare":
                return a
        movable = {a[1] for a in actions if a[0] == "move"}
        if self.plan_for != (v.turn, v.phase):      # rank the units once a phase, by their gain
            self.plan_for = (v.turn, v.phase)
            self.potential = look.potential = [0.0] * self.g.board.n
            r = moves.reach_of(self.g, v)
            for p in sorted(movable):               # what could reach each space this phase
                for h in moves.destinations(self.g, v, p, r):
                    look.potential[h] += _power(self.g, v, p)
            gains = [(self._gain(look, v, p), p) for p in sorted(movable)]
            self.plan = [p for gain, p in sorted(gains, key=lambda x: (-x[0], x[1])) if gain > 0.3]
        while self.plan:
            p = self.plan.pop(0)
            if p in movable and self._gain(look, v, p) > 0.3:
                return ("move", p)
        return actions[0]

    def _gain(self, look, v, p: int) -> float:
        """How much better than standing still unit ``p``'s best destination scores."""
        stay = look.score(p, v.loc[p])
        r = moves.reach_of(self.g, v)
        return max((look.score(p, h) for h in moves.destinations(self.g, v, p, r)), default=stay) - stay

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
        arm = next((a for a in builds if tab.through[a[2]]), None)
        inf = next((a for a in builds if not tab.through[a[2]] and not tab.ship[a[2]]), None)
        if arm is not None and (inf is None or 2 * count.get(g.types[arm[2]].id, 0) <= count.get("inf", 0)):
            return arm
        return inf or next(iter(by_type.values()))


def _power(g, v, p: int) -> float:
    ty = g.p_type[p]
    strength = g.t.back[ty] if v.reduced[p] else g.t.front[ty]
    return strength * g.t.fires[ty] / 6.0 + 0.25


_tables = per_game(lambda g: g.t)


class _Look:
    """One decision's view of the board for ``side``: strength per space, the front."""

    def __init__(self, g, v, side: int):
        self.g, self.v, self.side = g, v, side
        self.key = moves.reach_of(g, v).key
        self.potential = [0.0] * g.board.n
        n = g.board.n
        self.own, self.foe, self.neutral = [0.0] * n, [0.0] * n, [0.0] * n
        for p, h in enumerate(v.loc):
            if h < 0:
                continue
            f = _power(g, v, p)
            if not g.at_war(v, p):
                if g.p_side[p] != side:
                    self.neutral[h] += f
            elif g.p_side[p] == side:
                self.own[h] += f
            else:
                self.foe[h] += f
        t = g.t
        # distance over land to the nearest area of an enemy at war (the front)
        dist = [99] * n
        frontier = [h for h in range(n) if not t.is_sea[h] and self._enemy_area(h)]
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
        self.dist = dist

    def _enemy_area(self, h: int) -> bool:
        k = self.v.ctl[h]
        return k >= 0 and self.g.nation_side[k] != self.side and self.v.war[k] and not self.v.fallen[k]

    def score(self, p: int, h: int) -> float:
        g, v, t = self.g, self.v, self.g.t
        mine = _power(g, v, p)
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
        if self._enemy_area(h):
            return 2 + value
        if t.is_sea[h]:
            return 0.0
        threat = sum(self.foe[y] for y, _ in t.land_adj[h]) - own
        return 0.6 * max(0.0, threat) - 0.15 * min(self.dist[h], 12)
