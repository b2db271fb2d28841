"""Modern Land Battles' own bot: :class:`GreedyBot` rates every legal choice by its expected gain
on what it sees (expected hits times the target's share of its VP, a maneuver's successes toward
terrain VP or superior counters, cards spent at a small cost) and never empties its own
Breakthrough Area; ties broken by its seeded generator."""
from __future__ import annotations

import random

from . import cards as cd
from .formation import best_weapon, depth, superior_bonus
from .state import ACTION, BREAKTHROUGH, BUY, DISCARD, FOLLOW, REACT, RESERVE, SPEND, TAKE, TERRAIN

CARD_COST = 0.35          # what an action card in hand is worth, in VP
ACTED_VALUE = 0.6         # a ready force, in VP


def p_success(need: int) -> float:
    """Chance that a d10 reaches ``need``."""
    return min(1.0, max(0.0, (11 - need) / 10))


class GreedyBot:
    """One decision at a time by expected VP gained (module docstring)."""

    name = "greedy"
    needs_view = True

    def __init__(self, game, side: int, seed: int):
        self.g, self.side, self.rng = game, side, random.Random(seed)

    @classmethod
    def for_game(cls, game, side: int, seed: int) -> "GreedyBot":
        return cls(game, side, seed)

    def choose(self, view, actions):
        rate = self.rate
        best, top = [], None
        for a in actions:
            v = rate(view, a)
            if top is None or v > top + 1e-9:
                best, top = [a], v
            elif v > top - 1e-9:
                best.append(a)
        return best[0] if len(best) == 1 else best[int(self.rng.random() * len(best))]

    # ------------------------------------------------------------------ ratings

    def kill_value(self, v, q: int, hits: float) -> float:
        """VP expected from ``hits`` on ``q``: its VP share per hit, and all of it when they destroy it."""
        g = self.g
        need = g.section.hits_to_destroy - v.hits[q]
        vp = g.forces[q].vp
        return vp * min(hits, need) / need + (vp * 0.5 if hits >= need - 0.3 else 0.0)

    def empties_breakthrough(self, v, f: int, area: int) -> bool:
        """Moving ``f`` to ``area`` leaves no force of its side in the Breakthrough Area."""
        if v.area[f] != BREAKTHROUGH or area == BREAKTHROUGH:
            return False
        return not any(v.area[q] == BREAKTHROUGH and q != f for q in v.side_forces[self.side])

    def rate(self, v, a) -> float:
        g, verb, side = self.g, a[0], self.side
        if v.stage == BUY:
            if verb == "pool":          # a card for the pool only once no force fits
                return 0.4 * g.actions[a[1]].reinforce
            f, r = a[1], a[2]
            force = g.forces[f]
            want = 0 if force.armour >= 6 else 2 if force.mods[cd.ARTILLERY] is not None else 1
            return force.vp + force.armour * 0.3 - abs(r - want) * 0.5 + (1.0 if force.hq else 0.0)
        if v.stage == ACTION:
            return self.rate_action(v, a)
        if v.stage == REACT:
            return self.rate_reaction(v, a)
        if v.stage == FOLLOW:
            return 1.0 if verb == "again" else 0.0
        if v.stage == DISCARD:          # discard cards no ready force of ours can play
            if verb == "draw":
                return 0.0
            a_ = g.actions[a[1]]
            usable = not a_.needs or any(g.forces[f].mods[w] is not None for f in v.side_forces[side]
                                         if v.area[f] >= 0 for w in a_.needs)
            return -1.0 if usable else 0.5
        if v.stage == SPEND:            # spend the cards of most reinforcement until a force fits
            if verb == "take":
                return 0.5
            return g.actions[a[1]].reinforce * 0.3 - CARD_COST
        if v.stage == TAKE:
            if verb == "done":
                return 0.0
            force = g.forces[a[1]]
            return force.vp - abs(a[2] - (0 if force.armour >= 6 else 1)) * 0.2
        return 0.0

    def rate_action(self, v, a) -> float:
        g, verb, side = self.g, a[0], self.side
        if verb == "prepare":
            ready = sum(1 for f in v.side_forces[side] if v.area[f] >= 0 and v.acted[f])
            return ready * ACTED_VALUE + max(0, g.section.hand_size - len(v.hand)) * CARD_COST * 0.8 - 0.5
        if verb == "reinforce":
            best = max((g.forces[f].vp for f in v.side_forces[side] if v.area[f] == RESERVE), default=0)
            return 0.6 * best - 1.5
        if verb == "engineers":
            t = g.terrains[v.terrain]
            mine = v.control if side == 0 else -v.control
            return (t.vp if mine + a[2] > t.reach else 0.2 * a[2]) - CARD_COST
        if verb == "regroup":
            f = a[2]
            return g.forces[f].vp * v.hits[f] / 4 - CARD_COST - ACTED_VALUE
        f, area, r = a[1] if verb != "play" else a[2], a[2] if verb != "play" else a[3], a[3] if verb != "play" else a[4]
        if self.empties_breakthrough(v, f, area):
            return -100.0
        force = g.forces[f]
        dice = g.dice - v.hits[f]
        if verb == "maneuver":
            k = a[4]
            mod = g.actions[k].maneuver if k >= 0 else 0
            hits = dice * p_success(force.maneuver - mod)
            cost = CARD_COST if k >= 0 else 0.0
            if area == TERRAIN:
                t = g.terrains[v.terrain]
                mine = v.control if side == 0 else -v.control
                return hits * t.vp / (t.reach + 1) + (t.vp if mine + hits > t.reach + 0.5 else 0) - cost - ACTED_VALUE
            held = v.superior if side == 0 else -v.superior
            return hits * (0.5 if held < 4 else 0.15) - cost - ACTED_VALUE
        q = a[5] if verb == "play" else a[4]
        if verb == "artillery":
            weapon, extra, cost = cd.ARTILLERY, 0, 0.0
        else:
            card = g.actions[a[1]]
            weapon = cd.SMALL_ARMS if card.attack == "raid" else best_weapon(g, f, card.needs, r, v.row[q])
            extra = 1 if card.extra_dice == "always" or (card.extra_dice == "breakthrough" and area == BREAKTHROUGH) else 0
            cost = CARD_COST
        mod = force.mods[weapon] + superior_bonus(g, v, side, area)
        deeper = depth(g, v, q) if weapon == cd.ARTILLERY else 0
        hits = (dice + extra) * p_success(g.forces[q].armour + deeper - mod)
        exposed = 0.1 * (r == 0 and force.armour < 5)
        return self.kill_value(v, q, hits) - cost - ACTED_VALUE * 0.5 - exposed

    def rate_reaction(self, v, a) -> float:
        g = self.g
        if a[0] == "pass":
            return 0.0
        kind, _mover, f, q, area, n = v.pending
        card = g.actions[a[1]]
        d = card.defence
        cost = CARD_COST + (ACTED_VALUE if a[2] >= 0 and d in ("stop", "reaction_force") else 0.0)
        if d == "close_air_support":
            cas = g.section.close_air_support
            return self.kill_value(v, f, cas.dice * p_success(cas.hits_on + depth(g, v, f))) - cost
        if d == "counter_fire":
            return self.kill_value(v, f, g.section.counter_fire_hits) - cost
        if d == "minefield":
            return self.kill_value(v, f, n) - cost
        stopped = n if d == "screening" else min(n, card.stops)
        if kind == "maneuver":
            return stopped * 0.9 - cost
        if d == "screening":
            return self.kill_value(v, q, n) - self.kill_value(v, a[2], n) - cost
        return self.kill_value(v, q, n) - self.kill_value(v, q, n - stopped) - cost
