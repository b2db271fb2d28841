"""The tables Bering Land's heuristic bots share (:mod:`.bots`): built once per game object from
the rules' own tables, so no bot re-derives a rule."""
from __future__ import annotations

from ...board import costs_to
from ...bots import per_game
from ...crt import EFFECT_ELIMINATE, EFFECT_STEP


class _Tables:
    """Per-game tables the heuristic bots share (built once per Game object)."""

    def __init__(self, game):
        if len(game.side_ids) != 2:    # the heuristics are Bering Land's: a side and its one enemy
            raise ValueError(f"the heuristic bots play two sides; this game has {len(game.side_ids)}")
        self.g = g = game
        b = g.board
        self.n = b.n
        self.dist = b._dist          # flat n*n distance table
        # terrain path cost from every hex to each base, ignoring pieces (Dijkstra)
        self.to_base = [self._costs(game.base[s]) for s in range(2)]
        crt = g.crt
        # P(K), P(L) per (column, attack type index)
        self.pk, self.pl = {}, {}
        for col in range(len(crt.differentials)):
            for ti in range(len(crt.type_names)):
                res = [crt.result(col, ti, f) for f in range(1, crt.faces + 1)]
                self.pk[col, ti] = res.count(EFFECT_ELIMINATE) / crt.faces
                self.pl[col, ti] = res.count(EFFECT_STEP) / crt.faces
        self.adjacent_only = g.opt_joiners_adjacent        # the rules' own reading of options.battle_joiners
        self.ev_cache: dict = {}     # GreedyBot._ev_pair
        # -to_base[enemy][h] * 1.0 / * 0.35 and 0.25 * to_base[side][h] per hex (pos_score terms)
        self.prog = {(side, w): [-c * w for c in self.to_base[1 - side]] for side in range(2) for w in (1.0, 0.35)}
        self.cover = [[0.25 * c for c in self.to_base[side]] for side in range(2)]
        # threat_map on packed ints: per unit type and hex, a 1 in the byte of every hex the
        # type can strike next turn (its secondary distance, plus one hex if it moves); only
        # when no sum of strengths can reach a byte's 256
        b = g.board
        strongest = sum(max(g.t_full[g.p_type[p]], g.t_red[g.p_type[p]], 0) for p in range(g.npieces))
        if strongest < 256 and min(g.t_red + g.t_full) >= 0:
            self.packed = []
            for t in range(g.ntypes):
                reach = g.t_sec[t] + (1 if g.t_ma[t] else 0)
                self.packed.append([sum(1 << (8 * j) for j in b.within(h, reach)) for h in range(b.n)])
        else:
            self.packed = None

    def _costs(self, start: int) -> list:
        """The movement cost from every hex to ``start`` (an impassable hex counted as 99, so
        every hex has one; 10**6 everywhere for no hex, ``start`` < 0)."""
        b = self.g.board
        if start < 0:
            return [10 ** 6] * b.n
        cost = b.cost
        return costs_to(start, b.adjacent, lambda j, h: cost[h] or 99, 10 ** 6)


#: the tables of a game, built once and shared by its bots
tables = per_game(_Tables)
