"""The BG tables built once per content model (:class:`Tables`): the board read as areas and
sea zones (1.1, 1.2), the nations (1.0), the areas' build points (7.2.1), what each unit type
costs and does (7.2, 6.1.1, 6.2.1), the time table (5.1), deliveries (7.2.4) and the victory
thresholds (8.5). Plain data read by the procedures; nothing here changes during a game."""
from __future__ import annotations

from .section import Section

LAND_KINDS = ("land", "strait")       # 1.2: the connections land units cross (a strait ends the move)


class Tables:
    """Everything the procedures read of the model, as lists over integer indices."""

    def __init__(self, game, content):
        sec = self.section = Section.model_validate(content.rules or {})
        b = game.board.spaces
        n = b.n
        self.is_sea = [sp.kind == "sea" for sp in b.spaces]
        self.land_adj = [[] for _ in range(n)]      # (area, is_strait)
        self.sea_adj = [[] for _ in range(n)]       # sea zone -> sea zones
        self.coast = [[] for _ in range(n)]         # area -> its sea zones; sea zone -> its areas
        for c in b.connections:
            i, j = b.index_of(c.a), b.index_of(c.b)
            if c.kind in LAND_KINDS and not self.is_sea[i] and not self.is_sea[j]:
                self.land_adj[i].append((j, c.kind == "strait"))
                self.land_adj[j].append((i, c.kind == "strait"))
            elif c.kind == "sea" and self.is_sea[i] and self.is_sea[j]:
                self.sea_adj[i].append(j)
                self.sea_adj[j].append(i)
            elif c.kind == "coast" and self.is_sea[i] != self.is_sea[j]:
                self.coast[i].append(j)
                self.coast[j].append(i)
        # 6.1.1 air: aircraft fly over every land, strait, coast and sea connection
        self.air_adj = [sorted({j for j, _ in self.land_adj[i]} | set(self.coast[i]) | set(self.sea_adj[i]))
                        for i in range(n)]
        # 6.1 (straits): the sea zones beside both ends of a strait; an enemy fleet in one blocks it
        self.guards = {(i, j): tuple(z for z in self.coast[i] if z in self.coast[j])
                       for i in range(n) for j, strait in self.land_adj[i] if strait}
        # nations (1.0): side, major or minor, the major a minor's production goes to, home areas
        nats = [nat for _, nat in content.nations()]
        ids = game.nation_ids
        self.major = [nat.kind == "major" for nat in nats]
        self.assoc = [ids.index(nat.associate) if nat.associate else k for k, nat in enumerate(nats)]
        self.home = [[b.index_of(a) for a in nat.home] for nat in nats]
        self.holds = [[b.index_of(a) for a in nat.holds] for nat in nats]
        self.start_war = [1 if nat.at_war else 0 for nat in nats]
        self.owner = [-1] * n                       # the nation an area is printed for (its home or held)
        for k in range(len(nats)):
            for h in self.home[k] + self.holds[k]:
                self.owner[h] = k
        self.left = [0] * n                         # 7.2.1: to its owner's side / to a conqueror
        self.right = [0] * n
        for a, (lv, rv) in sec.areas.items():
            if a in b:
                self.left[b.index_of(a)], self.right[b.index_of(a)] = lv, rv
        self.outside = [sec.outside.get(i, 0) for i in ids]
        # 5.2 special: the areas beyond its home where a nation's reinforcements also appear
        self.overseas = [[b.index_of(a) for a in sec.overseas.get(i, ()) if a in b] for i in ids]
        self.peace = [sec.peace.get(i, 0) for i in ids]
        self.deliveries = [(ids.index(d.giver), ids.index(d.receiver), d.bp) for d in sec.deliveries
                           if d.giver in ids and d.receiver in ids]
        self.war_not_before = [sec.war_not_before.get(i, 0) for i in ids]
        self.timetable: dict = {}
        for e in sec.timetable:
            self.timetable.setdefault(e.turn, []).append(
                ("war", ids.index(e.enters_war), 0) if e.enters_war else ("aid", ids.index(e.aid), e.bp))
        # unit types (2.1, 7.2): strengths, build cost and time, dice per round, ships, 6.1.1
        ts = game.types
        rules = [sec.units[t.id] for t in ts]
        self.front = [t.strength.full for t in ts]
        self.back = [t.strength.reduced for t in ts]
        self.fires = [r.fires for r in rules]
        self.ship = [r.sea for r in rules]
        self.air = [r.air for r in rules]
        self.through = [r.through_empty_enemy for r in rules]
        self.quarters = [r.quarters for r in rules]
        self.commands = [r.commands for r in rules]
        self.rebuild_only = [r.rebuild is not None for r in rules]
        self.cost = [r.rebuild if r.rebuild is not None else r.cost if r.cost is not None else
                     t.strength.full * (2 if r.double else 1) for t, r in zip(ts, rules)]
        # 6.1.3 A: a convoy's load on its front and on its back (0: not a convoy), in units on
        # their backs; a unit on its front weighs two
        self.carries = [(r.carries.full, r.carries.reduced) if r.carries else (0, 0) for r in rules]
        self.carrier = [r.carries is not None for r in rules]
        self.repair = [(t.strength.full - t.strength.reduced) * (2 if r.double else 1) for t, r in zip(ts, rules)]
        self.range = [t.movement for t in ts]
        # 5.2 / 7.2.6: per piece, the turn it enters by date (0: none) and the areas it enters in
        self.enters_on, self.enters_at = [], []
        for grp in content.counters.units:
            when = grp.enters.turn if grp.enters else 0
            where = tuple(b.index_of(h) for h in grp.enters.hexes) if grp.enters else ()
            for _ in range(len(grp.setup)):
                self.enters_on.append(0)
                self.enters_at.append(())
            for _ in range(grp.reserve):
                self.enters_on.append(when)
                self.enters_at.append(where)
        sides = game.side_ids
        self.conquests = [sec.victory.conquests.get(s, 0) for s in sides]
        self.economic = [sec.victory.economic.get(s, 0) for s in sides]
        self.at_end = [(sides.index(s), v) for s, v in (sec.victory.at_end or {}).items() if s in sides]
