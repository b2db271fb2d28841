"""Battlefield Bering Land's own bots: ``greedy`` (one decision deep, by this game's
heuristics) and ``search`` (flat Monte Carlo over the greedy policy). The package's record
offers them as its ``bots``; the simulator's registry (:mod:`genkit.sim.bots`) finds them there
and never names them.

A bot is built per game and side (``for_game(game, side, seed)``) and answers
``choose(view, actions) -> action``: ``actions`` are the legal actions of the pending
decision, ``view`` this game's :class:`~.view.PlayerView` -- what that player sees: the
board (locations, strengths, facings, stops, killstreak markers, invulnerability), the turn,
phase and pending decision, its own hand and only the *sizes* of the other hand and of the
deck. It has no deck order, no other hand and no dice generator, so no bot can peek; the
search bot plans on :meth:`PlayerView.sample_state`, a copy of the position in which the
hidden cards are re-dealt at random and the dice re-seeded from the bot's own generator.
The bots read the rules' own tables (``game.crt``, ``game.move_ends``, ...) and never
re-implement a rule.

This module imports nothing of :mod:`.rules`.
"""
from __future__ import annotations

import random
from itertools import groupby

from ...playout import bot_policy, playout
from .bot_cards import CardChoices
from .bot_combat import CombatChoices
from .bot_tables import tables
from .state import (
    PASS,
    S_CARD_TARGET,
    S_COMBAT,
    S_DRONE,
    S_EXTRA,
    S_JOIN,
    S_MOVE_DEST,
    S_MOVE_UNIT,
    S_RESPAWN,
    S_RESPAWN_HEX,
)

_HEX_OF_NODE = (6).__rfloordiv__      # node -> its hex (node // 6)


# --------------------------------------------------------------------------- greedy

# which GreedyBot method answers each kind of decision; anything else is chosen at random
_DECIDERS = {S_MOVE_UNIT: "choose_mover", S_MOVE_DEST: "choose_dest", S_COMBAT: "choose_combat",
             S_JOIN: "choose_join", S_CARD_TARGET: "choose_card_target", S_DRONE: "choose_drone",
             S_EXTRA: "choose_extra", S_RESPAWN: "choose_respawn", S_RESPAWN_HEX: "choose_respawn_hex"}


class GreedyBot(CombatChoices, CardChoices):
    """A one-decision-deep heuristic player.

    * Movement: every movable unit's reachable hexes are scored by progress toward
      its objective (the enemy base for the side that moves first; for the other
      side, an advance weighted down, since holding out also wins), the enemy
      strength that can strike the hex next turn (bad odds avoided), and the best
      expected battle the unit could lead from there; the base guard never leaves.
      Entering the enemy base always wins and is always taken.
    * Combat: the battle with the best expected CRT result (kill value x P(K) +
      step value x P(L)), every eligible unit joining unless leaving one out gives
      a better column of the (not monotonic) table.
    * Cards: area weapons where the expected enemy strength destroyed is worth
      it, Air Drone on the most dangerous enemy, Juggernaut when own infantry is
      threatened, Care Package always, Double Barrel when a target is left.
    * Respawn: the strongest unit (combining when it makes a stronger one),
      placed on the hex closest to the objective that no enemy can strike.
    """

    name = "greedy"
    needs_view = True

    def __init__(self, game, side: int, seed: int):
        self.g = game
        self.side = side
        self.enemy = 1 - side
        self.rng = random.Random(seed)
        self.t = tables(game)
        self.attacker = side == game.attacker
        self.progress_w = 1.0 if self.attacker else 0.35
        self.plan = None

    @classmethod
    def for_game(cls, game, side: int, seed: int):
        """The bot registry's constructor (:func:`genkit.sim.bots.make_bot`)."""
        return cls(game, side, seed)

    # ---------------------------------------------------------------- helpers

    def strength(self, v, p):
        t = self.g.p_type[p]
        return self.g.t_red[t] if v.reduced[p] else self.g.t_full[t]

    def value(self, v, p):
        """What a unit is worth: its full strength, plus a lot if it sits on a base."""
        g = self.g
        val = g.t_full[g.p_type[p]] + 1.0
        h = v.loc[p]
        if h >= 0 and g.is_base[h]:
            val += 6.0
        return val

    def threat_map(self, v):
        """Enemy strength able to strike each hex next turn (distance only): per hex index,
        read-only (bytes when the strengths fit in one, see ``_Tables.packed``)."""
        g = self.g
        loc, reduced = v.loc, v.reduced
        p_type, t_red, t_full = g.p_type, g.t_red, g.t_full
        packed = self.t.packed
        if packed is not None:
            # one byte per hex: sum of strength x (a 1 in the byte of every hex in reach)
            total = 0
            for e in g.side_pieces[self.enemy]:
                h = loc[e]
                if h >= 0:
                    t = p_type[e]
                    total += (t_red[t] if reduced[e] else t_full[t]) * packed[t][h]
            return total.to_bytes(self.t.n, "little")
        b = g.board
        threat = [0] * b.n
        for e in g.side_pieces[self.enemy]:
            h = loc[e]
            if h < 0:
                continue
            s = self.strength(v, e)
            reach = g.t_sec[g.p_type[e]] + (1 if g.t_ma[g.p_type[e]] else 0)
            for j in b.within(h, reach):
                threat[j] += s
        return threat

    def enemies_on_map(self, v):
        return [e for e in self.g.side_pieces[self.enemy] if v.loc[e] >= 0]

    def guard(self, v):
        """The own unit sitting on the own base, if any."""
        base = self.g.base[self.side]
        p = v.occ[base] if base >= 0 else -1
        return p if p >= 0 and self.g.p_side[p] == self.side else -1

    def pos_score(self, v, p, h, threat):
        g = self.g
        t = g.p_type[p]
        prog = -self.t.to_base[self.enemy][h] * self.progress_w
        danger = threat[h] - (g.t_red[t] if v.reduced[p] else g.t_full[t])
        if danger > -2:
            prog -= 0.25 * (danger + 2) * (g.t_full[t] + 1) / 3.0
        if not self.attacker:
            # the defender also keeps the approach to its base covered
            prog -= 0.25 * self.t.to_base[self.side][h]
        return prog

    # ---------------------------------------------------------------- decisions

    def choose(self, v, actions):
        if len(actions) == 1:
            return actions[0]
        method = _DECIDERS.get(v.stage)
        if method is not None:
            return getattr(self, method)(v, actions)
        return actions[self.rng.randrange(len(actions))]

    # movement
    def _dests(self, v, p, zoc=None):
        """(hex, facing) of every end of a move of ``p`` (:func:`move_targets`, sorted).

        ``zoc`` is not needed any more (the game's ``move_ends`` works the zones out)."""
        g = self.g
        ends = g.move_ends(v, p)          # shared with the rules' own destination list
        if not g.t_face[g.p_type[p]]:
            f = v.facing[p]
            return [(h, f) for h in ends]
        return [(k // 6, k % 6) for k in ends]

    def _score_dest(self, v, p, h, threat, prep, here_score):
        if h == self.g.base[self.enemy]:
            return 1e9
        if h == self.g.base[self.side]:
            return 50.0 + self._best_prep(prep, h)      # an empty own base is refilled at once
        return (self.pos_score(v, p, h, threat) - here_score
                + self._best_prep(prep, h) + self.rng.random() * 1e-3)

    def choose_mover(self, v, actions):
        g = self.g
        threat = self.threat_map(v)
        enemies = self.enemies_on_map(v)
        support = self.support(v, enemies)
        guard = self.guard(v)
        loc = v.loc
        tables = {}
        # passing: any unit may lead (options.lead_without_move) -> best battle from where they are
        best_pass = 0.0
        if g.opt_lead_without_move:
            for p in g.side_pieces[self.side]:
                if loc[p] >= 0 and v.stopped[p] != v.turn:
                    prep = tables[p] = self._prep(self.lead_table(v, p, enemies, support))
                    best_pass = max(best_pass, self._best_prep(prep, loc[p]))
        best, best_plan = best_pass + 0.05, None
        # _score_dest and pos_score, inlined with the same arithmetic (and the same draws of rng)
        ebase, obase = self.g.base[self.enemy], self.g.base[self.side]
        prog_t = self.t.prog[self.side, self.progress_w]
        cover = None if self.attacker else self.t.cover[self.side]
        rnd = self.rng.random
        skip = self.rng.getrandbits
        best_prep = self._best_prep
        p_type, t_full, t_red = g.p_type, g.t_full, g.t_red
        reduced = v.reduced
        dist, n = self.t.dist, self.t.n
        for a in actions:
            if a[0] != "move":
                continue
            p = a[1]
            if p == guard:
                continue
            here = self.pos_score(v, p, loc[p], threat)
            prep = tables.get(p)
            if prep is None:
                prep = tables[p] = self._prep(self.lead_table(v, p, enemies, support))
            t = p_type[p]
            own = t_red[t] if reduced[p] else t_full[t]
            full1 = t_full[t] + 1
            # The ends of the move straight from the engine: hexes (the unit keeps its facing)
            # or nodes hex * 6 + facing, sorted, so the facings of one hex come together and
            # share the hex's terms (x, and the battle term bf once it has been worked out).
            # A hex none of whose ends can beat ``best`` (x + bf + r <= x + top + 0.001, top
            # bounding bf) is passed over, its draws of rng taken in one call (random()
            # takes two 32-bit words of the generator, getrandbits(64 * n) 2n).
            top = prep[0][0] if prep else 0.0
            f = v.facing[p]
            ends = g.move_ends(v, p)
            groups = groupby(ends, _HEX_OF_NODE) if g.t_face[t] else ((h, None) for h in ends)
            for h, nodes in groups:
                if h == ebase or h == obase:
                    for k in (nodes if nodes is not None else (None,)):
                        if k is not None:
                            f = k - h * 6
                        sc = 1e9 if h == ebase else 50.0 + best_prep(prep, h)
                        if sc > best:
                            best, best_plan = sc, (p, h, f)
                    continue
                prog = prog_t[h]
                danger = threat[h] - own
                if danger > -2:
                    prog -= 0.25 * (danger + 2) * full1 / 3.0
                if cover is not None:
                    prog -= cover[h]
                x = prog - here
                if nodes is not None:
                    nodes = list(nodes)
                if x + top + 1e-3 <= best:
                    skip(64 * (len(nodes) if nodes is not None else 1))
                    continue
                known = None
                for k in (nodes if nodes is not None else (None,)):
                    if k is not None:
                        f = k - h * 6
                    r = rnd() * 1e-3
                    if known is not None:
                        sc = x + known + r
                    else:
                        # x + _best_prep(prep, h) + r, stopping as soon as the hex cannot beat
                        # ``best`` (entries come best first: m bounds every value left)
                        bf = 0.0
                        hb = h * n
                        for m, eh, prim, sec, evp, evs in prep:
                            if m <= bf:
                                break
                            if x + m + r <= best:
                                bf = None
                                break
                            d = dist[hb + eh]
                            if d <= prim:
                                if evp > bf:
                                    bf = evp
                            elif d <= sec and evs > bf:
                                bf = evs
                        if bf is None:
                            continue
                        known = bf
                        sc = x + bf + r
                    if sc > best:
                        best, best_plan = sc, (p, h, f)
        if best_plan is None:
            self.plan = None
            return PASS if PASS in actions else actions[0]
        self.plan = best_plan
        return ("move", best_plan[0])

    def choose_dest(self, v, actions):
        plan = self.plan
        if plan is not None and plan[0] == v.pend[0]:
            a = ("to", plan[1], plan[2])
            if a in actions:
                return a
        p = v.pend[0]
        threat = self.threat_map(v)
        enemies = self.enemies_on_map(v)
        here = self.pos_score(v, p, v.loc[p], threat)
        prep = self._prep(self.lead_table(v, p, enemies))
        return max(actions, key=lambda a: self._score_dest(v, p, a[1], threat, prep, here))

# --------------------------------------------------------------------------- search

class SearchBot(GreedyBot):
    """Flat Monte Carlo over the greedy policy at the movement and battle decisions.

    For each of the greedy policy's ``width`` best candidate actions, plays
    ``rollouts`` determinised continuations (hidden cards re-dealt, dice
    re-seeded: see :meth:`PlayerView.sample_state`) with greedy bots on both sides
    for ``horizon`` game turns, and keeps the action with the best mean
    evaluation (win = +100, loss = -100, else the strength balance on the map
    plus progress to the enemy base). Other decisions are greedy's.
    """

    name = "search"
    width = 4
    rollouts = 3
    horizon = 1

    def choose(self, v, actions):
        if len(actions) == 1:
            return actions[0]
        st = v.stage
        if st == S_MOVE_UNIT:
            return self._search(v, self._move_candidates(v, actions))
        if st == S_MOVE_DEST and self.plan is not None:
            return super().choose(v, actions)
        if st == S_COMBAT and any(a[0] == "battle" for a in actions):
            cands = sorted((a for a in actions if a[0] == "battle"),
                           key=lambda a: -self._battle_value(v, a[1], a[2]))[: self.width]
            return self._search(v, [(a, None) for a in cands])
        return super().choose(v, actions)

    def _move_candidates(self, v, actions):
        """(action, plan) pairs: the best destination of the best units, and passing."""
        threat = self.threat_map(v)
        enemies = self.enemies_on_map(v)
        zoc = None                 # (the game's move_ends works out the zones of control)
        guard = self.guard(v)
        support = self.support(v, enemies)
        scored = []
        for a in actions:
            if a[0] != "move" or a[1] == guard:
                continue
            p = a[1]
            here = self.pos_score(v, p, v.loc[p], threat)
            prep = self._prep(self.lead_table(v, p, enemies, support))
            best = None
            for h, f in self._dests(v, p, zoc):
                sc = self._score_dest(v, p, h, threat, prep, here)
                if best is None or sc > best[0]:
                    best = (sc, (p, h, f))
            if best is not None:
                scored.append((best[0], a, best[1]))
        scored.sort(key=lambda x: -x[0])
        out = [(a, plan) for _, a, plan in scored[: self.width - 1]]
        if PASS in actions:
            out.append((PASS, None))
        return out or [(actions[0], None)]

    def _search(self, v, cands):
        if len(cands) == 1:
            self.plan = cands[0][1]
            return cands[0][0]
        best, best_c = None, cands[0]
        for a, plan in cands:
            total = 0.0
            for r in range(self.rollouts):
                s = v.sample_state(self.rng)
                try:
                    total += self._rollout(s, a, plan)
                except Exception:
                    total -= 1000.0
            if best is None or total > best:
                best, best_c = total, (a, plan)
        self.plan = best_c[1]
        return best_c[0]

    def _rollout(self, s, a, plan):
        g = self.g
        seed = self.rng.getrandbits(32)
        bots = [GreedyBot(g, 0, seed), GreedyBot(g, 1, seed + 1)]
        bots[self.side].plan = plan
        g.apply(s, a)
        stop_turn = s.turn + self.horizon
        playout(g, s, bot_policy(g, bots), 400, lambda s: s.turn >= stop_turn)
        return self._evaluate(s)

    def _evaluate(self, s):
        g = self.g
        if s.ended:
            if s.winner == self.side:
                return 100.0
            return -100.0 if s.winner >= 0 else 0.0
        v = g.observe(s, self.side)
        mine = sum(self.strength(v, p) for p in g.side_pieces[self.side] if s.loc[p] >= 0)
        theirs = sum(self.strength(v, p) for p in g.side_pieces[self.enemy] if s.loc[p] >= 0)
        goal = self.t.to_base[self.enemy]
        prog = min((goal[s.loc[p]] for p in g.side_pieces[self.side] if s.loc[p] >= 0), default=50)
        return (mine - theirs) - (0.3 if self.attacker else 0.1) * prog
