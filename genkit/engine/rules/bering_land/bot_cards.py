"""The greedy bot's cards and respawns (:class:`CardChoices`, a part of :class:`~.bots.GreedyBot`):
which card is worth playing where, and which unit comes back on which hex."""
from __future__ import annotations


class CardChoices:
    """The cards and respawn half of :class:`~.bots.GreedyBot` (it holds the tables and the side)."""

    def _hexes_value(self, v, hexes):
        g = self.g
        val = 0.0
        for h in hexes:
            p = v.occ[h]
            if p >= 0 and g.p_side[p] == self.enemy and not g.is_base[h] \
                    and not (v.invuln[self.enemy] >> g.p_type[p]) & 1:
                val += g.t_full[g.p_type[p]] + 1.0
        return val

    def _target_hexes(self, v, choice, size):
        b = self.g.board
        if choice[0] == "hex":
            return (choice[1],)
        if choice[0] == "line":
            lead = v.lead
            return b.line_from(v.loc[lead], choice[1], size) or ()
        return choice[1]

    def card_value(self, v, c):
        g = self.g
        ab = g.abilities[g.c_ab[c]]
        roll = g.c_roll[c]
        p_hit = len(roll) / g.faces if roll else 1.0
        kind = ab.effect.kind
        if kind == "eliminate":
            lead = v.lead
            if lead < 0 or v.loc[lead] < 0:
                return 0.0
            b = g.board
            h = v.loc[lead]
            shape, size = ab.target.shape, ab.target.size
            if shape == "hex":
                cands = [("hex", j) for j in b.within(h, ab.target.range)]
            elif shape == "line":
                cands = [("line", d) for d in range(6)]
            else:
                cands = [("area", hs) for hs in b.areas(h, size)]
            best = max((self._hexes_value(v, self._target_hexes(v, ch, size)) for ch in cands), default=0.0)
            return p_hit * best
        if kind == "stop":
            # a card in hand does nothing: stop the most dangerous enemy whenever one is near
            return 0.3 + 0.4 * p_hit + (0.3 if self._enemy_danger(v) > 0 else 0.0)
        if kind == "invulnerable":
            threat = self.threat_map(v)
            mask = g.a_invuln_mask[g.c_ab[c]]
            exposed = sum(1 for p in g.side_pieces[self.side]
                          if v.loc[p] >= 0 and (mask >> g.p_type[p]) & 1 and threat[v.loc[p]] > 0)
            return p_hit * exposed * 0.6
        if kind == "draw_from_table":
            return 1.0
        if kind == "extra_attack":
            lead = v.lead
            if lead < 0 or v.loc[lead] < 0:
                return 0.0
            best = 0.0
            lt = g.p_type[lead]
            for e in self.enemies_on_map(v):
                if (v.defended >> e) & 1:
                    continue
                d = g.board.distance(v.loc[lead], v.loc[e])
                if d <= g.t_sec[lt]:
                    best = max(best, self.battle_ev(v, self.strength(v, lead), e, lt, d))
            return p_hit * best
        return 0.3

    def _enemy_danger(self, v):
        """How close the nearest enemy unit is to the own base (bigger = more dangerous)."""
        base = self.g.base[self.side]
        if base < 0:
            return 0
        dmin = min((self.g.board.distance(v.loc[e], base) for e in self.enemies_on_map(v)), default=99)
        return max(0, 8 - dmin)

    def choose_card_target(self, v, actions):
        g = self.g
        c = v.pend[0]
        size = g.abilities[g.c_ab[c]].target.size
        return max(actions, key=lambda a: self._hexes_value(v, self._target_hexes(v, a, size)))

    def choose_drone(self, v, actions):
        g = self.g
        base = g.base[self.side]

        def danger(a):
            p = a[1]
            d = g.board.distance(v.loc[p], base) if base >= 0 else 0
            return self.strength(v, p) * 2 - d
        return max(actions, key=danger)

    def choose_extra(self, v, actions):
        g = self.g
        lead = v.lead
        lt = g.p_type[lead]
        return max(actions, key=lambda a: self.battle_ev(v, self.strength(v, lead), a[1], lt,
                                                         g.board.distance(v.loc[lead], v.loc[a[1]])))

    def choose_respawn(self, v, actions):
        g = self.g
        best, choice = 0.0, None
        for a in actions:
            verb = a[0]
            if verb == "place":
                val = g.t_full[g.p_type[a[1]]]
            elif verb == "combine":
                val = g.t_full[g.p_type[a[1]]] + 0.5
            elif verb == "flip":
                t = g.p_type[a[1]]
                val = g.t_full[t] - g.t_red[t] + 0.25
            else:
                continue
            if val > best:
                best, choice = val, a
        return choice if choice is not None else actions[0]

    def choose_respawn_hex(self, v, actions):
        threat = self.threat_map(v)
        pend = v.pend
        p = pend[1]
        return max(actions, key=lambda a: self.pos_score(v, p, a[1], threat))
