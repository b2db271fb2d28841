"""The greedy bot's combat (:class:`CombatChoices`, a part of :class:`~.bots.GreedyBot`): what a
battle is worth from the CRT's result distribution, which units join a lead, which battle to
fight."""
from __future__ import annotations

from ...sight import los_clear
from .state import PASS


class CombatChoices:
    """The combat half of :class:`~.bots.GreedyBot` (it holds the tables and the side)."""

    def battle_ev(self, v, total, tgt, lead_type, dist):
        g = self.g
        diff = total - self.strength(v, tgt)
        col, ti = g.crt_cell(diff, 0 if dist <= g.t_prim[lead_type] else 1)
        if col < 0:
            return -1.0
        pk, pl = self.t.pk[col, ti], self.t.pl[col, ti]
        val = self.value(v, tgt)
        if v.reduced[tgt]:
            return (pk + pl) * val
        return pk * val + pl * val * 0.5

    def joiners(self, v, lead, lead_hex, tgt_hex, exclude_attacked=True):
        g = self.g
        b = g.board
        out = []
        dist = b.distance
        for p in g.side_pieces[self.side]:
            h = v.loc[p]
            if p == lead or h < 0 or v.stopped[p] == v.turn:
                continue
            if exclude_attacked and (v.attacked >> p) & 1:
                continue
            if dist(h, tgt_hex) > g.t_sec[g.p_type[p]]:
                continue
            if self.t.adjacent_only and dist(h, lead_hex) != 1:
                continue
            if los_clear(b, h, tgt_hex, v.occ):
                out.append(p)
        return out

    def support(self, v, enemies):
        """Own strength able to join a battle against each enemy (distance only, no LOS)."""
        g = self.g
        dist, n = self.t.dist, self.t.n
        mine = [(v.loc[p], g.t_sec[g.p_type[p]], self.strength(v, p), p)
                for p in g.side_pieces[self.side] if v.loc[p] >= 0 and v.stopped[p] != v.turn]
        out = {}
        for e in enemies:
            eh = v.loc[e]
            out[e] = [(p, s) for h, r, s, p in mine if dist[h * n + eh] <= r]
        return out

    def lead_table(self, v, lead, enemies, support=None):
        """[(enemy hex, primary, secondary, EV primary, EV secondary)] for ``lead`` leading."""
        g = self.g
        lt = g.p_type[lead]
        prim, sec = g.t_prim[lt], g.t_sec[lt]
        ls = self.strength(v, lead)
        if support is None:
            support = self.support(v, enemies)
        dist, n = self.t.dist, self.t.n
        reach = sec + g.t_ma[lt] + 1
        loc = v.loc
        here = loc[lead] * n
        ev_pair = self._ev_pair
        # battle_ev(total, e, lt, 0) and battle_ev(total, e, lt, prim + 1): the attack type
        # is primary for distance 0 and secondary beyond the primary distance
        ti_p = 0 if 0 <= prim else 1
        out = []
        for e in enemies:
            eh = loc[e]
            if dist[here + eh] > reach:
                continue
            total = ls
            for p, st in support[e]:
                if p != lead:
                    total += st
            evp, evs = ev_pair(v, total, e, ti_p)
            out.append((eh, prim, sec, evp, evs))
        return out

    def _ev_pair(self, v, total, e, ti_p):
        """(battle_ev at the primary distance, battle_ev beyond it) of ``total`` against ``e``,
        computed exactly as :meth:`battle_ev` and cached per game."""
        g = self.g
        t = g.p_type[e]
        red = v.reduced[e]
        h = v.loc[e]
        on_base = h >= 0 and g.is_base[h]
        key = (total, t, red, on_base, ti_p)
        cache = self.t.ev_cache
        hit = cache.get(key)
        if hit is None:
            diff = total - (g.t_red[t] if red else g.t_full[t])
            col = g.crt.column(diff)
            if col < 0:
                hit = (-1.0, -1.0)
            else:
                val = g.t_full[t] + 1.0
                if on_base:
                    val += 6.0
                pk, pl = self.t.pk, self.t.pl
                pair = []
                for ti in (ti_p, 1):
                    cell = g.crt_cell(diff, ti)
                    a, b = pk[cell], pl[cell]
                    pair.append((a + b) * val if red else a * val + b * val * 0.5)
                hit = (pair[0], pair[1])
            cache[key] = hit
        return hit

    @staticmethod
    def _prep(table):
        """A lead table for :meth:`_best_prep`: entries that can beat 0, best first, with their
        best value in front (so the search stops as soon as nothing left can win)."""
        out = []
        for eh, prim, sec, evp, evs in table:
            m = evp if evp > evs else evs
            if m > 0.0:
                out.append((m, eh, prim, sec, evp, evs))
        out.sort(reverse=True)
        return out

    def _best_prep(self, prep, h):
        """The best expected value of a battle the lead of a :meth:`_prep` table could fight from
        hex ``h``: primary within its primary distance, else secondary within its secondary."""
        dist = self.t.dist
        base = h * self.t.n
        best = 0.0
        for m, eh, prim, sec, evp, evs in prep:
            if m <= best:
                break
            d = dist[base + eh]
            if d <= prim:
                if evp > best:
                    best = evp
            elif d <= sec and evs > best:
                best = evs
        return best

    def _battle_value(self, v, lead, tgt):
        g = self.g
        lh, th = v.loc[lead], v.loc[tgt]
        total = self.strength(v, lead) + sum(self.strength(v, p) for p in self.joiners(v, lead, lh, th))
        return self.battle_ev(v, total, tgt, g.p_type[lead], g.board.distance(lh, th))

    def choose_combat(self, v, actions):
        best, choice = 0.0, None
        for a in actions:
            if a[0] == "battle":
                ev = self._battle_value(v, a[1], a[2]) + self.rng.random() * 1e-6
                if ev > best:
                    best, choice = ev, a
        if choice is not None:
            return choice
        best = 0.25
        for a in actions:
            if a[0] == "card":
                val = self.card_value(v, a[1])
                if val > best:
                    best, choice = val, a
        return choice if choice is not None else (PASS if PASS in actions else actions[-1])

    def choose_join(self, v, actions):
        lead, tgt, joiners, i, atk, total = v.pend
        if len(actions) == 1:
            return actions[0]
        g = self.g
        rest = sum(self.strength(v, j) for j in joiners[i + 1:])
        me = self.strength(v, joiners[i])
        d = g.board.distance(v.loc[lead], v.loc[tgt])
        lt = g.p_type[lead]
        with_me = self.battle_ev(v, total + me + rest, tgt, lt, d)
        without = self.battle_ev(v, total + rest, tgt, lt, d)
        return actions[0] if with_me >= without else actions[1]
