"""The standard rules' own bot: ``greedy``, one decision deep, for ANY game on these rules.

It reads only the game object (the model, ``game.content``, and the generic tables of
:class:`~genkit.engine.game.GameRules`: board, pieces, sides, victory) and the view it is
given; what the rules allow it learns from the legal actions, and what an action would lead
to (where a unit may go, which units may join an attack, which hex an advance enters) by
applying it to a copy of the position (``view.sample_state``), never by re-implementing the
procedure. Its own tables (built once per game, :class:`_Tables`) are the objective hexes and
the movement cost to reach them, the combat effect of every hex and hexside, and the CRT's
result distribution per column and die-roll modifier.

* Objectives: from ``game.victory`` (``hold`` hexes, ``enter_enemy_place`` places, the own
  places to guard). The side the ``turn_limit`` does not favour attacks: its units head for
  the objectives it does not hold and never leave one they hold; the favoured side (the
  defender) sits on the objectives and gathers round them. With no objective, both sides go
  for the enemy's units.
* Movement: every movable unit's ends of move are scored (objective distance in movement
  points, a bonus on an objective, the best attack the unit could join from there, the
  danger of the enemy strength that can strike it there against its stack's defence); the
  unit with the best gain over staying moves first (lazy greedy: stale gains are re-scored
  before they are trusted); no gain ends the phase.
* Combat: for each target hex offered, the attackers the rules allow (from the legal
  actions), the subset with the best expected value (enemy worth lost, plus taking an
  objective, minus own worth lost, from the CRT's distribution at the column after odds,
  shifts and DRMs); an attack below :attr:`GreedyBot.threshold` is declined.
* Retreat away from the enemy, toward friends and hexes that leave room; advance when the
  hex gained scores better than the hex held (an objective, contact); reinforcements on the
  entry hex closest to the objectives; replacements to the reduced unit worth most.

Ties are broken by the bot's own seeded generator, so a game is reproducible from its seed.
This module imports nothing of the rules module (which names it in ``Game.BOTS``).
"""
from __future__ import annotations

import heapq
import random
from itertools import pairwise

from ...core import AUTO_MISS, FORBIDDEN, CrtTable
from .section import Section

BIG = 10 ** 6
UNREACHED = 10 ** 5
END = ("end",)
ROLL = ("roll",)
STAY = ("stay",)

# effect indices of the CRT distribution
E_NONE, E_STEP, E_ELIM, E_ASTEP, E_AELIM, E_RET, E_ARET, E_EXCH = range(8)
_EFFECT = {"none": E_NONE, "step_loss": E_STEP, "eliminate": E_ELIM, "attacker_step_loss": E_ASTEP,
           "attacker_eliminate": E_AELIM, "retreat": E_RET, "attacker_retreat": E_ARET, "exchange": E_EXCH}


class _Tables:
    """What the bots of one game share, built once per Game object."""

    def __init__(self, game):
        self.g = game
        c = game.content
        b = game.board
        self.n = n = b.n
        self.dist = b._dist
        self.adjacent = b.adjacent
        grid = b.grid
        sec = getattr(game, "section", None)
        if not isinstance(sec, Section):
            sec = Section.model_validate(c.rules or {"stacking": {"limit": 1}})
        self.sec = sec
        self.zoc = sec.movement.zoc != "none"
        self.advance = sec.combat.advance
        self.blocked_eliminates = sec.combat.retreat_blocked == "eliminate"
        # ---- pieces (by piece id)
        atk_type = c.crt.attack_types[0]
        t_att = [(t.strength.full, t.strength.reduced) for t in game.types]
        t_def = [(t.defence_of().full, t.defence_of().reduced) for t in game.types]
        t_ad = [max(1, t.attack_distance.get(atk_type, 1)) for t in game.types]
        pt = game.p_type
        self.p_att = [t_att[t] for t in pt]          # (full, reduced)
        self.p_def = [t_def[t] for t in pt]
        self.p_ad = [t_ad[t] for t in pt]
        self.p_ma = [game.types[t].movement for t in pt]
        #: worth of a piece full / reduced (what losing it all costs)
        self.p_worth = [(a[0] + d[0] + 2.0, a[1] + d[1] + 2.0) for a, d in zip(self.p_att, self.p_def)]
        # ---- terrain (per hex) and hexsides (per ordered pair of adjacent hexes)
        mult, shift, drm = [1] * n, [0] * n, [0] * n
        for h in range(n):
            eff = sec.terrain.get(b.terrain[h])
            if eff is not None:
                mult[h], shift[h], drm[h] = eff.multiplier, eff.shift, eff.drm
        self.mult, self.shift, self.drm = mult, shift, drm
        feats: dict = {}
        for f in c.map.hexsides:
            for e in f.edges:
                a, z = (grid.index_of(x) for x in e.split("/"))
                feats.setdefault((a, z), set()).add(f.id)
                feats.setdefault((z, a), set()).add(f.id)
        self.feats = feats
        # hexside features with a combat effect: (id, shift, drm)
        self.side_mods = [(k, e.shift, e.drm) for k, e in sec.hexsides.items() if e.shift or e.drm]
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
                cost = b.cost[z] * 2
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
        favoured = None
        for cond in c.game.victory:
            if cond.kind == "turn_limit" and cond.winner in game.side_ids:
                favoured = game.side_ids.index(cond.winner)
        self.defender = [favoured is not None and s == favoured for s in range(nsides)]
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
                tg = set(self.hold) | own_places
            else:
                tg = set(self.hold) | set(self.enemy_places[s])
            self.targets.append(tuple(sorted(tg)))
        self.obj_cache: dict = {}
        # ---- the CRT: probabilities of each effect per (column, drm)
        # CrtTable reads the columns (its own effects are four: it reads a copy whose results are
        # all "none"); the effects are read here by code
        plain = c.crt.model_copy(update={"results": [r.model_copy(update={"effect": "none"})
                                                     for r in c.crt.results]})
        self.crt = crt = CrtTable(plain)
        res = {r.code: r for r in c.crt.results}
        self.faces = crt.faces
        self.col_effects = [[_EFFECT[res[code].effect] for code in crt.codes[k][0]] for k in range(crt.top + 1)]
        self.col_hexes = [[res[code].hexes for code in crt.codes[k][0]] for k in range(crt.top + 1)]
        self._dist_cache: dict = {}
        self.danger_cache: dict = {}

    def to(self, target: int) -> list:
        """Movement cost (half points) from every hex to ``target`` (Dijkstra on the map, no units)."""
        hit = self._to.get(target)
        if hit is None:
            best = [UNREACHED] * self.n
            best[target] = 0
            heap = [(0, target)]
            step = self.step_cost
            adj = self.adjacent
            while heap:
                d, h = heapq.heappop(heap)
                if d > best[h]:
                    continue
                for j in adj[h]:
                    c = step.get((j, h))
                    if c is None:
                        continue
                    nd = d + c
                    if nd < best[j]:
                        best[j] = nd
                        heapq.heappush(heap, (nd, j))
            hit = self._to[target] = best
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

    def distribution(self, col: int, drm: int) -> tuple:
        """(P of each effect E_*, mean retreat hexes) of one battle on column ``col`` with ``drm``."""
        key = (col, drm)
        hit = self._dist_cache.get(key)
        if hit is None:
            f = self.faces
            p = [0.0] * 8
            effs = self.col_effects[col]
            for face in range(1, f + 1):
                r = min(f, max(1, face + drm))
                p[effs[r - 1]] += 1.0 / f
            hit = self._dist_cache[key] = tuple(p)
        return hit

    def column(self, attack: int, defence: int, shift: int) -> int:
        """CRT column index after ``shift``, or FORBIDDEN / AUTO_MISS."""
        col = self.crt.pick(attack, defence)
        if col < 0:
            return col
        col += shift
        return 0 if col < 0 else min(col, self.crt.top)


_TABLES: dict = {}


def tables(game) -> _Tables:
    t = _TABLES.get(id(game))
    if t is None or t.g is not game:
        t = _TABLES[id(game)] = _Tables(game)
    return t


class GreedyBot:
    """A one-decision-deep heuristic player for any game on the standard rules (module
    docstring). Weights are class attributes, so a variant is a subclass."""

    name = "greedy"
    needs_view = True
    threshold = 0.5          # an attack's expected value must exceed this (worth points)
    on_objective = 20.0      # bonus of a unit on an objective it holds alone
    stacked_objective = 3.0  # a second defender on an objective
    contact_w = 0.6          # weight of the best attack a unit could join from a hex
    danger_w = (0.3, 0.6)    # weight of the expected loss at a hex (attacker, defender)
    take_bonus = 6.0         # an attack that may vacate an objective hex
    place_w = 40.0           # an own place (entering it wins) emptied by the enemy's attack

    def __init__(self, game, side: int, seed: int):
        self.g = game
        self.side = side
        self.rng = random.Random(seed)
        #: per hex: a tiny seeded amount that breaks ties between ends of moves
        self.jit = [self.rng.random() * 1e-6 for _ in range(game.board.n)]
        self.t = tables(game)
        self.defender = self.t.defender[side]
        self.danger = self.danger_w[1 if self.defender else 0]
        self.mine = game.side_pieces[side]
        self.enemies = tuple(p for s, ps in enumerate(game.side_pieces) if s != side for p in ps)
        self.wins_at = self.t.enemy_places[side]
        self.ads = sorted({self.t.p_ad[p] for p in self.mine})
        self.own_places = frozenset(self.t.own_places[side])
        self.place_threat: dict = {}
        self.obj = self._ekey = None
        self.ev_local, self.room_local = {}, {}
        self.static_targets = self.targets = self.t.targets[side]
        self.guard = () if self.defender else self.t.own_places[side]
        march = game.content.rules and (game.content.rules.get("strategic") or None)
        self.reach_factor = 2 * (self.t.sec.strategic.multiplier if march else 1)
        self._phase = None          # (turn, phase) of the movement / combat bookkeeping
        self.gains: dict = {}       # movement: piece -> (gain, verb, dest, moves made when scored)
        self.moves = 0
        self.dest = None            # the planned end of the unit being moved
        self.mover = -1
        self.attackers: list = []   # combat: the planned attackers still to name
        self.attacked: set = set()
        self.marched: set = set()

    @classmethod
    def for_game(cls, game, side: int, seed: int) -> GreedyBot:
        """The bot registry's constructor (:func:`genkit.sim.bots.make_bot`)."""
        return cls(game, side, seed)

    # ---------------------------------------------------------------- dispatch

    def choose(self, v, actions):
        if len(actions) == 1:
            return actions[0]
        key = (v.turn, v.phase)
        if key != self._phase:
            self._phase = key
            self.gains = {}
            self.moves = 0
            self.attacked = set()
            self.marched = set()
            self.attackers = []
        verbs = {a[0] for a in actions}
        if "move" in verbs or "march" in verbs:
            return self.choose_mover(v, actions)
        if "to" in verbs:
            return self.choose_dest(v, actions)
        if "attack" in verbs:
            return self.choose_attack(v, actions)
        if "with" in verbs or "roll" in verbs:
            return self.choose_with(v, actions)
        if "retreat" in verbs:
            return self.choose_retreat(v, actions)
        if "advance" in verbs:
            return self.choose_advance(v, actions)
        if "enter" in verbs:
            return self.choose_entry(v, actions)
        if "restore" in verbs:
            return self.choose_restore(v, actions)
        return actions[self.rng.randrange(len(actions))]

    # ---------------------------------------------------------------- the position

    def _where(self, v):
        """(hex -> own pieces, hex -> enemy pieces) of the pieces on the map."""
        own, foe = {}, {}
        loc = v.loc
        for p in self.mine:
            h = loc[p]
            if h >= 0:
                own.setdefault(h, []).append(p)
        for p in self.enemies:
            h = loc[p]
            if h >= 0:
                foe.setdefault(h, []).append(p)
        return own, foe

    def _att(self, v, p):
        return self.t.p_att[p][v.reduced[p]]

    def _def(self, v, p):
        return self.t.p_def[p][v.reduced[p]]

    def _step_value(self, v, p):
        """What one step lost by ``p`` costs its side."""
        w = self.t.p_worth[p]
        return w[1] if v.reduced[p] else w[0] - w[1]

    def _set_targets(self, v):
        """This decision's objectives: the game's, plus any own place an enemy unit could
        enter next turn (sat on, since entering it wins at once); ``place_threat``: own place
        -> the enemy strength that could attack it next turn."""
        self.targets = self.static_targets
        pt = {}
        t = self.t
        loc, ma = v.loc, t.p_ma
        for h in self.own_places:
            to = t.to(h)
            a = sum(self._att(v, e) for e in self.enemies if loc[e] >= 0 and to[loc[e]] <= ma[e] * 2 + 2)
            if a:
                pt[h] = a
        self.place_threat = pt
        if self.guard:
            t = self.t
            loc, ma = v.loc, t.p_ma
            near = []
            for h in self.guard:
                to = t.to(h)
                if any(loc[e] >= 0 and to[loc[e]] <= ma[e] * self.reach_factor + 2 for e in self.enemies):
                    near.append(h)
            if near:
                self.targets = tuple(sorted(set(self.static_targets) | set(near)))

    def _objective_map(self, own):
        """Per hex: the objective term (minus movement points to the nearest objective to go for)."""
        t = self.t
        if self.defender:
            return t.objective_map(self.targets)
        if self.targets:
            free = tuple(h for h in self.targets if h not in own)
            return t.objective_map(free) if free else [x * 0.5 for x in t.objective_map(self.targets)]
        return None

    def _prepare(self, v):
        """The tables of one decision: where everyone is, the objective term, the enemy strength
        within striking distance of each hex, the own attack strength on each enemy hex, and
        per hex whether anything but the objective term counts there (``special``)."""
        t = self.t
        n = t.n
        loc, red = v.loc, v.reduced
        own, foe = self._where(v)
        self.own, self.foe = own, foe
        self._set_targets(v)
        obj = self._objective_map(own)
        if obj is None:           # no objective: go for the enemy's units
            dist = t.dist
            hexes = list(foe)
            obj = [-min((dist[h * n + e] for e in hexes), default=0) * 1.0 for h in range(n)]
        if obj is not self.obj:
            self.obj = obj
            jit = self.jit
            self.base = [o + j for o, j in zip(obj, jit)]
        # what depends on the enemy only (the same at every pick of a movement phase)
        ekey = tuple(loc[e] * 2 + red[e] for e in self.enemies)
        if ekey != self._ekey:
            self._ekey = ekey
            within = self.g.board.within
            # enemy strength able to strike each hex next turn (within attack distance + 1)
            threat = [0] * n
            for e in self.enemies:
                h = loc[e]
                if h < 0:
                    continue
                a = self._att(v, e)
                for j in within(h, t.p_ad[e] + (1 if t.p_ma[e] else 0)):
                    threat[j] += a
            self.threat = threat
            # per attack distance: the enemy hexes within it of each hex
            near = {}
            for ad in self.ads:
                m = near[ad] = {}
                for eh in foe:
                    for j in within(eh, ad):
                        m.setdefault(j, []).append(eh)
            self.near = near
            special = bytearray(n)
            for h in range(n):
                if threat[h]:
                    special[h] = 1
            for m in near.values():
                for h in m:
                    special[h] = 1
            self.special_e = special
        special = bytearray(self.special_e)
        self.target_set = frozenset(self.targets)
        for h in self.target_set | self.wins_at | self.place_threat.keys():
            special[h] = 1
        self.special = special
        # own attack strength able to reach each enemy hex (where the units stand now)
        sup_set = {eh: set() for eh in foe}
        sup_sum = dict.fromkeys(foe, 0)
        near, p_ad, p_att = self.near, t.p_ad, t.p_att
        for p in self.mine:
            h = loc[p]
            if h >= 0:
                for eh in near[p_ad[p]].get(h, ()):
                    sup_set[eh].add(p)
                    sup_sum[eh] += p_att[p][red[p]]
        self.sup_set, self.sup_sum = sup_set, sup_sum
        self.ev_local = {}
        self.room_local = {}

    def _score(self, v, p, h, marching=False):
        """How good it is for own unit ``p`` to stand on hex ``h`` (after this decision)."""
        if h in self.wins_at:
            return BIG
        t = self.t
        red = v.reduced
        sc = self.obj[h]
        here = self.own.get(h)
        others = d0 = 0
        if here:
            p_def = t.p_def
            for q in here:
                if q != p:
                    others += 1
                    d0 += p_def[q][red[q]]
        if h in self.target_set:
            if not others:
                sc += self.on_objective
            elif self.defender:
                sc += self.stacked_objective
        # the best attack this unit could join from h
        if not marching:
            lst = self.near[t.p_ad[p]].get(h)
            if lst:
                best = 0.0
                mine = t.p_att[p][red[p]]
                local, sup_sum, sup_set = self.ev_local, self.sup_sum, self.sup_set
                for eh in lst:
                    att = mine + sup_sum[eh]
                    if p in sup_set[eh]:
                        att -= mine
                    ev = local.get((att, eh))
                    if ev is None:
                        ev = local[(att, eh)] = self._rough_ev(v, att, eh, self.foe[eh])
                    best = max(best, ev)
                sc += self.contact_w * best
        thr = self.threat[h]
        if not thr and h not in self.place_threat:
            return sc
        mult = t.mult[h]
        d = (d0 + t.p_def[p][red[p]]) * mult
        if h in self.place_threat:
            # an own place the enemy wins by entering: what this unit takes off the chance that
            # the enemy's next attack empties it
            pt = self.place_threat[h]
            sc += self.place_w * ((self._vacate(pt, d0 * mult, h) if d0 else 1.0) - self._vacate(pt, d, h))
        # the danger there
        if thr:
            w = t.p_worth[p]
            step = w[1] if red[p] else w[0] - w[1]
            key = (thr, d, h, step, others)
            dg = t.danger_cache.get(key)
            if dg is None:
                if len(t.danger_cache) > 100000:
                    t.danger_cache.clear()
                dg = t.danger_cache[key] = self._danger(thr, d, h, step, others + 1)
            sc -= self.danger * dg
        return sc

    def _vacate(self, thr, d, h):
        """The chance that an attack of strength ``thr`` empties hex ``h`` defended by ``d``."""
        t = self.t
        col = t.column(thr, d, t.shift[h])
        if col < 0:
            return 0.0
        p = t.distribution(col, t.drm[h])
        return p[E_ELIM] + p[E_RET]

    def _rough_ev(self, v, att, eh, defenders):
        """The expected value of an attack of strength ``att`` on the enemy hex ``eh`` (terrain
        effects only)."""
        t = self.t
        defence = sum(self._def(v, q) for q in defenders) * t.mult[eh]
        col = t.column(att, defence, t.shift[eh])
        if col < 0:
            return -1.0
        return self._value(v, t.distribution(col, t.drm[eh]), defenders, None, eh, att)

    def _danger(self, thr, d, h, step, units):
        """Expected own loss (worth) when ``thr`` enemy strength attacks defence ``d`` on ``h``."""
        t = self.t
        col = t.column(thr, d, t.shift[h])
        if col < 0:
            return 0.0
        p = t.distribution(col, t.drm[h])
        loss = (p[E_STEP] + p[E_EXCH]) * step + p[E_ELIM] * step * 2 * units + p[E_RET] * 0.5
        loss -= (p[E_ASTEP] + p[E_EXCH]) * 3.0 + p[E_AELIM] * 8.0
        return max(0.0, loss)

    def _value(self, v, dist, defenders, attackers, eh, att):
        """Expected worth gained by an attack with the effect distribution ``dist``:
        ``attackers`` the own units (None: a rough guess from ``att``)."""
        t = self.t
        d_step = self._step_value(v, max(defenders, key=lambda q: (self._def(v, q), -q)))
        d_all = sum(t.p_worth[q][v.reduced[q]] for q in defenders)
        if attackers:
            a_step = self._step_value(v, max(attackers, key=lambda q: (self._att(v, q), -q)))
            a_all = sum(t.p_worth[q][v.reduced[q]] for q in attackers)
        else:
            a_step, a_all = 4.0, att * 1.5 + 2.0
        # a retreat is worth more when the defenders have nowhere to go
        room = self.room_local.get(eh)
        if room is None:
            room = self.room_local[eh] = self._room(eh)
        if room:
            ret = 1.0
        else:
            ret = d_all if t.blocked_eliminates else d_step * len(defenders)
        val = (dist[E_STEP] * d_step + dist[E_ELIM] * d_all + dist[E_RET] * ret
               + dist[E_EXCH] * (d_step - a_step) - dist[E_ASTEP] * a_step - dist[E_AELIM] * a_all
               - dist[E_ARET] * 0.5)
        if eh in self.wins_at or eh in self.targets:
            vacate = dist[E_ELIM] + dist[E_RET]
            if t.advance:
                val += vacate * (BIG / 1000 if eh in self.wins_at else self.take_bonus)
        return val

    def _room(self, eh):
        """Hexes next to ``eh`` a defender could retreat into (free of own units and, with
        zones of control, not next to one)."""
        t = self.t
        own = self.own
        n = 0
        cost = self.g.board.cost
        for j in t.adjacent[eh]:
            if not cost[j] or j in own:
                continue
            if t.zoc and any(k in own for k in t.adjacent[j]):
                continue
            n += 1
        return n

    # ---------------------------------------------------------------- probing the rules

    def _probe(self, s0, action):
        """A copy of ``s0`` with ``action`` applied (and the forced decisions after it)."""
        s = s0.copy()
        self.g.apply(s, action)
        return s

    def _ends(self, s0, action, p):
        """The hexes ``p`` may end a move in after ``action`` (("move", p) or ("march", p))."""
        s = self._probe(s0, action)
        acts = self.g.legal_actions(s)
        if acts and acts[0][0] == "to":
            return [a[1] for a in acts if a[0] == "to"]
        h = s.loc[p]
        return [h] if h != s0.loc[p] and h >= 0 else []

    # ---------------------------------------------------------------- movement

    def _best_move(self, v, s0, p, verbs):
        """(gain, verb, dest) of the best move of ``p`` (gain over staying). A unit holding an
        objective alone stays (unless it could enter an enemy place)."""
        h0 = v.loc[p]
        if h0 in self.target_set and self.own.get(h0) == [p]:
            t = self.t
            reach = t.p_ma[p] * self.reach_factor
            if not any(t.to(w)[h0] <= reach for w in self.wins_at):
                return (-BIG, "move", None)
        here = self._score(v, p, v.loc[p])
        best, choice = None, None
        jit, base, special, score = self.jit, self.base, self.special, self._score
        for verb in sorted(verbs, reverse=True):            # "move" first, then "march"
            marching = verb == "march"
            if marching and choice is not None and special[choice[1]]:
                continue        # the best move ends where the enemy or an objective counts
            for h in self._ends(s0, (verb, p), p):
                sc = score(v, p, h, marching) + jit[h] if special[h] else base[h]
                if best is None or sc > best:
                    best, choice = sc, (verb, h)
        if choice is None:
            return (-BIG, "move", None)
        return (best - here, choice[0], choice[1])

    def choose_mover(self, v, actions):
        verbs: dict = {}
        for a in actions:
            if a[0] in ("move", "march"):
                verbs.setdefault(a[1], []).append(a[0])
        self._prepare(v)
        s0 = v.sample_state(self.rng)
        gains = self.gains
        while True:
            for p, vs in verbs.items():
                if p not in gains:
                    gains[p] = self._best_move(v, s0, p, vs) + (self.moves,)
            cands = [(g[0], p) for p, g in gains.items() if p in verbs]
            if not cands:
                return END
            gain, p = max(cands)
            g = gains[p]
            if g[3] != self.moves:            # scored before the last move: score again
                gains[p] = self._best_move(v, s0, p, verbs[p]) + (self.moves,)
                continue
            break
        if gain <= 0.05 or g[2] is None:
            return END if END in actions else actions[0]
        del gains[p]
        self.moves += 1
        self.mover, self.dest = p, g[2]
        if g[1] == "march":
            self.marched.add(p)
        return (g[1], p)

    def choose_dest(self, v, actions):
        a = ("to", self.dest)
        if self.dest is not None and a in actions:
            return a
        p = self.mover
        if p < 0:
            return actions[self.rng.randrange(len(actions))]
        self._prepare(v)
        jit = self.jit
        return max(actions, key=lambda a: self._score(v, p, a[1]) + jit[a[1]])

    # ---------------------------------------------------------------- combat

    def _eligible(self, s0, target):
        """The own units the rules let attack ``target`` (from the legal actions after
        choosing it; when that was forced, the units in range that have not attacked)."""
        s = self._probe(s0, ("attack", target))
        acts = self.g.legal_actions(s)
        if acts and acts[0][0] in ("with", "roll"):
            return [a[1] for a in acts if a[0] == "with"]
        t = self.t
        dist, n = t.dist, t.n
        return [p for p in self.mine if s0.loc[p] >= 0 and p not in self.attacked and p not in self.marched
                and dist[s0.loc[p] * n + target] <= t.p_ad[p]][:1]

    def attack_value(self, v, attackers, target):
        """:meth:`battle_value` in the position of ``v`` (read afresh)."""
        self._prepare(v)
        return self.battle_value(v, attackers, target)

    def battle_value(self, v, attackers, target):
        """Expected worth gained by ``attackers`` attacking ``target`` (None if forbidden)."""
        t = self.t
        defenders = self.foe.get(target, ())
        if not defenders or not attackers:
            return None
        att = sum(self._att(v, p) for p in attackers)
        defence = sum(self._def(v, q) for q in defenders) * t.mult[target]
        shift, drm = t.shift[target], t.drm[target]
        if t.side_mods:
            dist, n = t.dist, t.n
            hexes = [v.loc[p] for p in attackers]
            if all(dist[h * n + target] == 1 for h in hexes):
                for f, sh, dr in t.side_mods:
                    if all(f in t.feats.get((h, target), ()) for h in hexes):
                        shift += sh
                        drm += dr
        col = t.column(att, defence, shift)
        if col == FORBIDDEN:
            return None
        if col == AUTO_MISS:
            return 0.0
        return self._value(v, t.distribution(col, drm), defenders, attackers, target, att)

    def best_attack(self, v, target, pool):
        """(value, attackers) of the best attack on ``target`` by units of ``pool``: every subset
        of up to three units; else all of them, then leaving out, weakest first, each unit whose
        absence costs nothing (units kept for other attacks are worth a little)."""
        pool = sorted(pool, key=lambda p: (-self._att(v, p), p))
        att = self._att

        def value(sub):
            val = self.battle_value(v, sub, target)
            return None if val is None else val - 0.01 * sum(att(v, p) for p in sub)
        if len(pool) <= 3:
            best, choice = None, None
            for m in range(1, 1 << len(pool)):
                sub = [p for i, p in enumerate(pool) if m >> i & 1]
                val = value(sub)
                if val is not None and (best is None or val > best):
                    best, choice = val, sub
            return best, choice
        choice = list(pool)
        best = value(choice)
        if best is None:
            return None, None
        for p in reversed(pool):
            if len(choice) == 1:
                break
            sub = [q for q in choice if q != p]
            val = value(sub)
            if val is not None and val >= best:
                best, choice = val, sub
        return best, choice

    def choose_attack(self, v, actions):
        self._prepare(v)
        s0 = v.sample_state(self.rng)
        best, plan = self.threshold, None
        for a in actions:
            if a[0] != "attack":
                continue
            val, sub = self.best_attack(v, a[1], self._eligible(s0, a[1]))
            if sub is not None:
                val += self.rng.random() * 1e-6
                if val > best:
                    best, plan = val, (a, sub)
        if plan is None:
            return END if END in actions else actions[0]
        self.attackers = list(plan[1])
        self.attacked.update(plan[1])      # (also when the rules name them without asking)
        return plan[0]

    def choose_with(self, v, actions):
        while self.attackers:
            p = self.attackers.pop(0)
            a = ("with", p)
            if a in actions:
                self.attacked.add(p)
                return a
        if ROLL in actions:
            return ROLL
        a = max((a for a in actions if a[0] == "with"), key=lambda a: (self._att(v, a[1]), -a[1]))
        self.attacked.add(a[1])
        return a

    # ---------------------------------------------------------------- after combat

    def choose_retreat(self, v, actions):
        own, foe = self._where(v)
        self.own = own
        self._set_targets(v)
        t = self.t
        obj = self._objective_map(own) or [0.0] * t.n
        rnd = self.rng.random
        cost = self.g.board.cost

        def score(a):
            h = a[1]
            if h in self.wins_at:
                return BIG
            adj = t.adjacent[h]
            near_foe = sum(len(foe.get(j, ())) for j in adj)
            near_own = sum(1 for j in adj if j in own)
            room = sum(1 for j in adj if cost[j] and j not in foe
                       and not any(k in foe for k in t.adjacent[j]))
            return -3.0 * near_foe + 0.5 * near_own + 0.3 * room + 0.2 * obj[h] + rnd() * 1e-6
        return max(actions, key=score)

    def choose_advance(self, v, actions):
        self._prepare(v)
        s0 = v.sample_state(self.rng)
        best, choice = 0.05, STAY
        target = None
        rnd = self.rng.random
        for a in actions:
            if a[0] != "advance":
                continue
            p = a[1]
            if target is None:
                target = self._probe(s0, a).loc[p]
                if target < 0:
                    break
            if target in self.wins_at:
                return a
            gain = self._score(v, p, target) - self._score(v, p, v.loc[p]) + rnd() * 1e-6
            if gain > best:
                best, choice = gain, a
        return choice if choice in actions else actions[0]

    # ---------------------------------------------------------------- reinforcement, replacement

    def choose_entry(self, v, actions):
        own, foe = self._where(v)
        self.own = own
        self._set_targets(v)
        obj = self._objective_map(own) or [0.0] * self.t.n
        t = self.t
        rnd = self.rng.random

        def score(a):
            h = a[1]
            near_foe = sum(len(foe.get(j, ())) for j in t.adjacent[h])
            return obj[h] - 2.0 * near_foe + rnd() * 1e-6
        return max(actions, key=score)

    def choose_restore(self, v, actions):
        _, foe = self._where(v)
        t = self.t
        best, choice = None, None
        for a in actions:
            if a[0] != "restore":
                continue
            p = a[1]
            h = v.loc[p]
            w = t.p_worth[p]
            val = w[0] - w[1]
            if h >= 0:
                if h in self.targets:
                    val += 2.0
                if any(j in foe for j in t.adjacent[h]):
                    val += 1.0
            val += self.rng.random() * 1e-6
            if best is None or val > best:
                best, choice = val, a
        return choice if choice is not None else (END if END in actions else actions[0])


#: the bots of the standard rules, for ``Game.BOTS``
BOTS = {"greedy": GreedyBot}
