"""Memoir '44's own bots (offered as the package record's ``bots``; genkit.sim.bots finds them there).

:class:`GreedyBot` plays one decision at a time on what it sees: the card that orders the units
with the best battle prospects, moves that bring targets into range without giving up
``move_and_battle`` and prefer cover and objectives, the battle with the most expected hits,
taking ground, and retreats away from the enemy. :class:`~.bot_search.SearchBot` chooses each
player turn's card, units and way of moving by Monte Carlo over greedy continuations.
"""
from __future__ import annotations

import random

from ...bots import per_game
from .state import (
    DONE,
    S_AIM,
    S_AMBUSH,
    S_BATTLE,
    S_CARD,
    S_KEEP,
    S_MOVE_DEST,
    S_MOVE_UNIT,
    S_ORDER,
    S_OVERRUN,
    S_RETREAT,
    S_SORTIE,
    S_TAKE,
)


class _Tables:
    """Per game: chance that one die hits each unit type, shows a flag, a star (neither hits nor
    flags), or a face that orders a unit on a rally (one type only, or the star); objective hexes."""

    def __init__(self, g):
        faces = g.die_faces
        self.p_hit = [sum(1 for m in g.face_hits if (m >> t) & 1) / faces for t in range(g.ntypes)]
        self.p_flag = sum(1 for f in g.face_flags if f) / faces
        self.p_star = sum(1 for m, f in zip(g.face_hits, g.face_flags) if not m and not f) / faces
        self.p_rally = self.p_star + sum(1 for m in g.face_hits if m and m & (m - 1) == 0) / faces
        self.goals = [[h for h, side, _ in g.objectives if side == s] for s in range(2)]


_tables = per_game(_Tables)


class _Where:
    """A position with one unit moved (the rules' functions read ``loc``, ``occ``, ``feat``,
    ``figs`` and, for the card in effect, ``eff``, ``ordered``, ``phase``)."""

    __slots__ = ("loc", "occ", "feat", "figs", "eff", "ordered", "phase")

    def __init__(self, v, p: int, h: int):
        self.loc, self.occ, self.feat, self.figs = v.loc[:], v.occ[:], v.feat, v.figs
        self.eff, self.ordered, self.phase = v.eff, v.ordered, v.phase
        if h != v.loc[p]:
            self.occ[v.loc[p]] = -1
            self.occ[h] = p
            self.loc[p] = h


class GreedyBot:
    """One decision at a time, by the expected hits of battles (module docstring)."""

    name = "greedy"
    needs_view = True
    #: a destination's rating: the weight of the enemy fire it is under, and of its distance
    #: to the nearest objective or enemy (the search bot tries other weights)
    risk_weight = 0.45
    near_weight = 0.15

    def __init__(self, game, side: int, seed: int):
        self.g = game
        self.side = side
        self.rng = random.Random(seed)
        self.tab = _tables(game)

    @classmethod
    def for_game(cls, game, side: int, seed: int):
        return cls(game, side, seed)

    # ------------------------------------------------------------ estimates

    def hit_value(self, v, p: int, q: int, d: int) -> float:
        """Expected figures struck by ``p`` battling ``q`` at distance ``d``, a kill weighted up."""
        g = self.g
        n = g.battle_dice(v, p, q, d)
        eh = n * self.tab.p_hit[g.p_type[q]]
        return eh * (1.0 + 1.5 / v.figs[q]) + 0.3 * n * self.tab.p_flag

    def best_shot(self, v, p: int) -> float:
        return max((self.hit_value(v, p, q, d) for q, d in self.g.targets(v, p)), default=0.0)

    def danger(self, v, p: int) -> float:
        """Expected figures the enemy units in range could strike ``p`` with, as things stand."""
        g = self.g
        total = 0.0
        b = g.board
        tq = g.p_type[p]
        for e in g.enemy_pieces[self.side]:
            j = v.loc[e]
            if j < 0:
                continue
            d = b.distance(j, v.loc[p])
            te = g.p_type[e]
            if d <= g.t_range[te]:
                total += g.battle_dice(v, e, p, d) * self.tab.p_hit[tq]
        return total

    def prospect(self, v, p: int) -> float:
        """What ordering ``p`` is worth: its best battle now, or a little for closing in."""
        shot = self.best_shot(v, p)
        return shot if shot > 0 else 0.2

    def plan_orders(self, v, card: int) -> list:
        """The units the card would order, best prospects first, as many as fit."""
        g = self.g
        cands = sorted((p for p in g.side_pieces[self.side] if v.loc[p] >= 0 and g.orderable(v, p, card)),
                       key=lambda p: -self.prospect(v, p))
        chosen: list = []
        for p in cands:
            if g.fits(v, chosen + [p], card):
                chosen.append(p)
        return chosen

    def strike_value(self, v, q: int, dice: int, stars: bool) -> float:
        """Expected figures a strike of ``dice`` dice takes from enemy unit ``q``, a kill weighted up."""
        eh = dice * (self.tab.p_hit[self.g.p_type[q]] + (self.tab.p_star if stars else 0.0))
        return eh * (1.0 + 1.5 / v.figs[q]) + 0.3 * dice * self.tab.p_flag

    def sortie_value(self, v) -> float:
        """11.2-11.5: what launching a plane now is worth: its best battle from a take-off hex
        (the nearest it can fly to each enemy unit, no cover), less the figures the landing dice
        may cost it, as a share of the plane's worth."""
        g = self.g
        p = g.spare_plane(v, self.side)
        t = g.p_type[p]
        b = g.board
        reach = g.t_move[t]
        best = 0.0
        for h in g.take_off_hexes(v, self.side):
            for q in g.enemy_pieces[self.side]:
                j = v.loc[q]
                if j < 0:
                    continue
                d = max(1, b.distance(h, j) - reach)
                if d <= g.t_range[t]:
                    best = max(best, self.strike_value(v, q, g.t_dice[t][d - 1], False))
        lost = g.landing_dice * self.tab.p_hit[t] / max(v.figs[p], 1)
        return best - lost

    def card_value(self, v, copy: int) -> float:
        """What playing card copy ``copy`` now is worth: the prospects of the units it would order
        (more with extra dice or two battles), a strike's expected hits on its best targets, a
        rally's expected units; an ambush is kept for the enemy's close assaults (0)."""
        g = self.g
        card = g.effective(v, copy)
        if card < 0:
            return -1.0
        kind, tac = g.card_kind[card], g.card_tactic[card]
        if kind in ("air_power", "barrage"):
            dice = tac.dice.get(g.side_ids[self.side], 0)
            vals = sorted((self.strike_value(v, q, dice, tac.star_hits) for q in g.enemy_pieces[self.side]
                           if v.loc[q] >= 0), reverse=True)
            return sum(vals[:tac.targets])
        if kind == "ambush":
            return 0.0
        if kind == "air_sortie" and g.sortie_flies(v, self.side):
            return self.sortie_value(v)
        if kind == "rally":
            units = sorted((self.prospect(v, p) for p in g.side_pieces[self.side] if v.loc[p] >= 0), reverse=True)
            return sum(units[:round(len(v.hand) * self.tab.p_rally)]) * (1.0 + 0.3 * tac.extra_dice)
        units = self.plan_orders(v, card)
        return sum(self.prospect(v, p) for p in units) * (1.0 + 0.3 * tac.extra_dice) * (0.5 + 0.5 * tac.battles)

    def played_copy(self, v, a) -> int:
        """10.7: the card copy a command action plays: the one under the chip for ("chip", c)."""
        return v.chip[self.side] if a[0] == "chip" else a[1]

    def action_value(self, v, a) -> float:
        """10.7: a commissar's choice: the card played now, and a little for the card put under
        the chip for the next turn."""
        if a[0] == "chip":
            return self.card_value(v, v.chip[self.side]) + 0.1 * self.card_value(v, a[1])
        return self.card_value(v, a[1])

    def dest_value(self, v, p: int, h: int, n: int) -> float:
        g = self.g
        w = _Where(v, p, h)
        t = g.p_type[p]
        can = (not n or (n <= g.move_and_battle(v, p) and not g.hex_flag(w, h, g.h_noentry, g.f_noentry))) \
            and not g.hex_flag(w, h, g.h_nobattle_in, g.f_nobattle_in)
        shot = self.best_shot(w, p) if can else 0.0
        risk = 0.0 if g.p_air[p] else self.danger(w, p)     # 11.5: a plane is gone before the enemy's turn
        goals = self.tab.goals[self.side]
        b = g.board
        enemies = [w.loc[e] for e in g.enemy_pieces[self.side] if w.loc[e] >= 0]
        near = min((b.distance(h, j) for j in goals + enemies), default=0)
        hold = 2.0 if h in goals else 0.0
        keep = 0.6 if g.t_range[t] > 3 else 0.0         # long-range units keep their fire
        return shot - self.risk_weight * risk - self.near_weight * near + hold - (keep if n and not can else 0.0)

    # ------------------------------------------------------------ decisions

    def choose(self, v, actions):
        if len(actions) == 1:
            return actions[0]
        st = v.stage
        g = self.g
        if st == S_CARD and any(a[0] == "chip" for a in actions):
            return max(actions, key=lambda a: (self.action_value(v, a), -a[1]))
        if st in (S_CARD, S_KEEP):
            return max(actions, key=lambda a: (self.card_value(v, a[1]), -a[1]))
        if st == S_AMBUSH:
            return actions[0]
        if st == S_SORTIE:              # 11.2: take off nearest the enemy
            b = g.board
            enemies = [v.loc[q] for q in g.enemy_pieces[self.side] if v.loc[q] >= 0]
            return min(actions, key=lambda a: (min((b.distance(a[1], j) for j in enemies), default=0), a[1]))
        if st == S_AIM:
            tac = g.tactic(v)
            dice = tac.dice.get(g.side_ids[self.side], 0)
            aims = [a for a in actions if a != DONE]
            return max(aims, key=lambda a: (self.strike_value(v, a[1], dice, tac.star_hits), -a[1])) if aims else DONE
        if st == S_ORDER:
            plan = self.plan_orders(v, v.eff)
            for a in actions:
                if a != DONE and a[1] in plan:
                    return a
            return DONE
        if st == S_MOVE_UNIT:
            movers = [a for a in actions if a != DONE]
            return max(movers, key=lambda a: -self.best_shot(v, a[1])) if movers else DONE
        if st == S_MOVE_DEST:
            p, dests = v.pend
            return max(actions, key=lambda a: self.dest_value(v, p, a[1], dict(dests)[a[1]]))
        if st in (S_BATTLE, S_OVERRUN):
            fires = [a for a in actions if a[0] == "fire"]
            if not fires:       # 8.5: a unit with nothing to battle clears the wire it stands in
                return next((a for a in actions if a[0] == "clear"), DONE)
            return max(fires, key=lambda a: self.hit_value(v, a[1], a[2], g.board.distance(v.loc[a[1]], v.loc[a[2]])))
        if st == S_RETREAT:
            q = v.pend[0]
            return min(actions, key=lambda a: self.danger(_Where(v, q, a[1] if a[0] == "retreat" else v.loc[q]), q))
        if st == S_TAKE:
            p, h = v.pend
            if g.t_overrun[g.p_type[p]] or h in self.tab.goals[self.side]:
                return actions[0]
            stay = self.danger(v, p)
            go = self.danger(_Where(v, p, h), p)
            return actions[0] if go <= stay + 0.5 else actions[1]
        return actions[0]
