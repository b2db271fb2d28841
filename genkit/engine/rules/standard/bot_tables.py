"""What the standard rules' bots share, built once per game (:class:`BotTables`): the objective
hexes and the movement cost to reach them, the combat effect of every hex and hexside, and the
CRT's result distribution per column and die-roll modifier."""
from __future__ import annotations

from itertools import pairwise

from ...board import costs_to
from ...bots import per_game
from ...crt import (
    AUTO_MISS,
    CrtTable,
    EFFECT_ATTACKER_ELIMINATE,
    EFFECT_ATTACKER_RETREAT,
    EFFECT_ATTACKER_STEP,
    EFFECT_ELIMINATE,
    EFFECT_EXCHANGE,
    EFFECT_NONE,
    EFFECT_RETREAT,
    EFFECT_STEP,
)
from .section import Section
from .tables import other_reading

BIG = 10 ** 6
#: weight of a unit's victory points in its worth, when the game is won on points (case 11.8)
POINTS_W = 1.0
UNREACHED = 10 ** 5
END = ("end",)
ROLL = ("roll",)
STAY = ("stay",)

# effect indices of the CRT distribution: the engine's own effect codes
E_NONE, E_STEP, E_ELIM, E_ASTEP = EFFECT_NONE, EFFECT_STEP, EFFECT_ELIMINATE, EFFECT_ATTACKER_STEP
E_AELIM, E_RET, E_ARET, E_EXCH = EFFECT_ATTACKER_ELIMINATE, EFFECT_RETREAT, EFFECT_ATTACKER_RETREAT, EFFECT_EXCHANGE


class BotTables:
    """What the bots of one game share, built once per Game object."""

    def __init__(self, game):
        self.g = game
        c = game.content
        b = game.board
        self.n = n = b.n
        self.dist = b._dist
        self.adjacent = b.adjacent
        self.adj_mask = b.adj_mask
        self.passable = b.passable_mask
        #: per hex: the hexes it is next to (a mask; the union over a side's hexes: the hexes
        #: next to one of its units)
        self.next_to = [0] * n
        for j in range(n):
            for k in b.adjacent[j]:
                self.next_to[k] |= 1 << j
        grid = b.grid
        sec = getattr(game, "section", None)
        if not isinstance(sec, Section):
            sec = Section.model_validate(c.rules or {"stacking": {"limit": 1}})
        self.sec = sec
        #: whether a unit's zone of control keeps a retreating enemy from the hexes next to it
        #: (not when it reaches only the unit's own space, rules.movement.zoc_reach)
        self.zoc = sec.movement.zoc != "none" and sec.movement.zoc_reach == "adjacent"
        self.advance = sec.combat.advance
        self.blocked_eliminates = sec.combat.retreat_blocked == "eliminate"
        # ---- pieces (by piece id)
        atk_type = c.crt.attack_types[0]
        never = {k for k, r in sec.unit_types.items() if not r.attacks}     # case 8.9: strikes nobody
        t_att = [(0, 0) if t.id in never else (t.strength.full, t.strength.reduced) for t in game.types]
        t_def = [(t.defence_of().full, t.defence_of().reduced) for t in game.types]
        # how far a unit's attack reaches, as the rules fight a battle: next to the unit (at
        # least 1), or inside its own space alone where battles are fought in a space both
        # sides hold (case 12.5, rules.combat.where: same_space): 0
        same_space = sec.combat.where == "same_space"
        t_ad = [0 if same_space else max(1, t.attack_distance.get(atk_type, 1)) for t in game.types]
        pt = game.p_type
        self.p_att = [t_att[t] for t in pt]          # (full, reduced)
        self.p_def = [t_def[t] for t in pt]
        self.p_ad = [t_ad[t] for t in pt]
        self.p_ma = [game.types[t].movement for t in pt]
        #: whether victory points decide (a points condition, or the turn limit's most points): then
        #: the bots race for them, a unit's points counting in what eliminating it is worth
        self.points_race = any(cond.kind == "points" or (cond.kind == "turn_limit" and cond.winner == "most_points")
                               for cond in c.game.victory)
        #: per piece: the victory points its elimination scores, weighted (0 when points decide nothing)
        self.p_prize = [POINTS_W * game.t_points[t] if self.points_race else 0.0 for t in pt]
        #: worth of a piece full / reduced (what losing it all costs)
        self.p_worth = [(a[0] + d[0] + 2.0, a[1] + d[1] + 2.0) for a, d in zip(self.p_att, self.p_def)]
        # ---- terrain (per hex: the game's own tables) and hexsides (per ordered pair of adjacent hexes)
        self.mult, self.shift, self.drm = game.h_mult, game.h_shift, game.h_drm
        feats: dict = {}
        for f in c.map.hexsides:
            for e in f.edges:
                a, z = (grid.index_of(x) for x in e.split("/"))
                feats.setdefault((a, z), set()).add(f.id)
                feats.setdefault((z, a), set()).add(f.id)
        # ---- movement cost (half points) of a step a -> z, for the distances to objectives
        road_step: dict = {}
        for r in c.map.roads:
            eff = sec.roads.get(r.id)
            if eff is None:
                continue
            cost = int(eff.cost * 2)
            for path in r.paths:
                idx = [grid.index_of(x) for x in path]
                for a, z in pairwise(idx):
                    for k in ((a, z), (z, a)):
                        road_step[k] = min(road_step.get(k, BIG), cost)
        self.step_cost = step = {}
        for a in range(n):
            for z in self.adjacent[a]:
                if not b.cost[z]:
                    continue
                cost = round(b.cost[z] * 2)
                fs = feats.get((a, z), ())
                crossing = any(sec.hexsides[f].crossing for f in fs if f in sec.hexsides)
                if not crossing:
                    if any(sec.hexsides[f].impassable for f in fs if f in sec.hexsides):
                        continue
                    cost += sum(int(sec.hexsides[f].cross_cost * 2) for f in fs if f in sec.hexsides)
                if (a, z) in road_step:
                    cost = min(cost, road_step[(a, z)])
                step[(a, z)] = cost
        self._to: dict = {}
        # ---- objectives
        v = game.victory
        kinds = v.kinds
        self.hold = sorted({h for hexes in v.hold_hexes.values() for h in hexes})
        self.enemy_places = [frozenset(x) for x in v.enemy_places]
        nsides = len(game.side_ids)
        #: per side: the hold hexes it wins by holding (its own holds and those of no side), and
        #: those it must deny (the holds of another side)
        take = [{h for i, hexes in v.hold_hexes.items() if v.hold_side[i] in (None, s) for h in hexes}
                for s in range(nsides)]
        deny = [{h for i, hexes in v.hold_hexes.items() if v.hold_side[i] not in (None, s) for h in hexes}
                for s in range(nsides)]
        favoured = None
        for cond in c.game.victory:
            if cond.kind == "turn_limit" and cond.winner in game.side_ids:
                favoured = game.side_ids.index(cond.winner)
        # the defender: the side the turn limit favours; with none, a side that has holds of the
        # enemy's to deny and none of its own to take (case 11.7)
        self.defender = [s == favoured if favoured is not None else bool(deny[s]) and not take[s]
                         for s in range(nsides)]
        # per side: the hexes it goes for (attacker) or sits on (defender)
        self.targets = []
        #: per side: its own places (an enemy entering one wins at once)
        self.own_places = []
        for s in range(nsides):
            own_places = set()
            if "enter_enemy_place" in kinds:
                for o in range(nsides):
                    if o != s:
                        own_places |= self.enemy_places[o]
            self.own_places.append(tuple(sorted(own_places)))
            if self.defender[s]:
                tg = take[s] | deny[s] | own_places
            else:
                tg = take[s] | set(self.enemy_places[s])
            self.targets.append(tuple(sorted(tg)))
        self.obj_cache: dict = {}
        # ---- the CRT: probabilities of each effect per (column, drm)
        self.crt = crt = CrtTable(c.crt)
        #: case 8.13: the CRT read the other way at the attacker's choice, or None
        self.crt_alt = other_reading(c.crt, sec.combat.choice)
        self.col_effects = [[crt.effect_of[code] for code in crt.codes[k][0]] for k in range(crt.top + 1)]
        #: case 8.10: the bombardment row's effects as fire has them (an exchange costs the
        #: defender alone, results against the attacker do nothing)
        fire = {E_EXCH: E_STEP, E_ASTEP: E_NONE, E_AELIM: E_NONE, E_ARET: E_NONE}
        self.bomb_effects = [[fire.get(crt.effect_of[code], crt.effect_of[code]) for code in crt.codes[k][1]]
                             for k in range(crt.top + 1)] if len(crt.type_names) > 1 else None
        self.col_hexes = [[crt.hexes_of[code] for code in crt.codes[k][0]] for k in range(crt.top + 1)]
        self._dist_cache: dict = {}
        self.danger_cache: dict = {}

    def to(self, target: int) -> list:
        """Movement cost (half points) from every hex to ``target`` (Dijkstra on the map, no units)."""
        hit = self._to.get(target)
        if hit is None:
            step = self.step_cost
            hit = self._to[target] = costs_to(target, self.adjacent, lambda j, h: step.get((j, h)), UNREACHED)
        return hit

    def objective_map(self, targets: tuple) -> list:
        """Per hex: minus the movement cost (in whole points) to the nearest of ``targets``."""
        hit = self.obj_cache.get(targets)
        if hit is None:
            if not targets:
                hit = [0.0] * self.n
            else:
                rows = [self.to(t) for t in targets]
                hit = [-min(r[h] for r in rows) * 0.5 for h in range(self.n)]
            self.obj_cache[targets] = hit
        return hit

    def distribution(self, col: int, drm: int, bombard: bool = False) -> tuple:
        """(P of each effect E_*) of one battle on column ``col`` with ``drm``; ``bombard``: of a
        bombardment, on the bombardment row (case 8.10)."""
        key = (col, drm, bombard)
        hit = self._dist_cache.get(key)
        if hit is None:
            crt = self.crt
            p = [0.0] * 8
            effs = (self.bomb_effects if bombard else self.col_effects)[col]
            for i, chance in enumerate(crt.chances):        # each roll (a sum of dice: case 8.12)
                p[effs[crt.cell(crt.low + i + drm)]] += chance
            hit = self._dist_cache[key] = tuple(p)
        return hit

    def column(self, attack: int, defence: int, shift: int, by=None) -> int:
        """CRT column index after ``shift``, or FORBIDDEN / AUTO_MISS. ``by``: with a choice of
        reading (case 8.13), 0 the CRT's own, 1 the other, None the better of the two (the
        higher column: better results to the right)."""
        col = self.crt.pick(attack, defence)
        if self.crt_alt is not None and by != 0:
            alt = self.crt_alt.pick(attack, defence)
            if by == 1:
                col = alt
            elif col >= 0 or alt >= 0:
                col = max(col, alt)
            elif AUTO_MISS in (col, alt):       # (a miss may be fought, a forbidden attack not)
                col = AUTO_MISS
        if col < 0:
            return col
        col += shift
        return 0 if col < 0 else min(col, self.crt.top)


#: the tables of a game, built once and shared by its bots
tables = per_game(BotTables)
