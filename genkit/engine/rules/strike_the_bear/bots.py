"""The bots of the Strike the Bear system: the standard greedy player, going for the
objectives its side rolled (13.2; the default set until it rolls, 13.3), and spending the OPs
its turn leaves on rebuilding and replacing units (12.3, 12.4), keeping back what the enemy's
turn may ask of it to buy supply (11.5.4)."""
from __future__ import annotations

from ..standard.bots import GreedyBot

END = ("end",)
FIGHT = ("fight",)
GO_ON, HALT = ("continue",), ("halt",)


class ObjectiveBot(GreedyBot):
    """Greedy play whose targets are its side's objectives of the moment (the spaces of each
    objective name), read from the view every decision; in reorganization it buys the most
    strength per OP until only its reserve is left."""

    name = "greedy"
    #: OPs kept back in a reorganization that comes before the enemy's turn (supply in defence)
    reserve = 12

    def _set_targets(self, v):
        g = self.g
        names = v.objectives[self.side] or g.default_objectives
        self.static_targets = tuple(sorted({h for n in names for h in g.objective_spaces.get(n, ())}))
        GreedyBot._set_targets(self, v)

    def choose(self, v, actions):
        if len(actions) > 1 and any(a[0] in ("restore", "replace", "recover") for a in actions):
            return self.choose_reorganization(v, actions)
        if len(actions) > 1 and actions[0][0] == "commit":
            return self.choose_reserve(v, actions)
        if actions[0] == GO_ON:
            return self.choose_continuation(v, actions)
        return GreedyBot.choose(self, v, actions)

    def choose_reorganization(self, v, actions):
        """12.1: a disrupted leader's recovery first (command, reserves, continuation hang on
        him); 12.3-12.4: the rebuild or replacement giving the most strength per OP; each while
        the OPs above the reserve pay for it (no reserve in the last phase of the turn: OPs left
        are lost, 3.3.4)."""
        g, t = self.g, self.t
        last = v.phase == g.last_phase
        left = v.ops[self.side] - (0 if last else self.reserve)
        best, choice = None, END
        for a in actions:
            if a[0] == "recover" and g.p_ops[a[1]] <= left:
                return a
        for a in actions:
            if a[0] not in ("restore", "replace") or g.p_ops[a[1]] > left:
                continue
            w = t.p_worth[a[1]]
            gain = (w[0] - w[1]) if a[0] == "restore" else w[1]
            val = gain / max(1, g.p_ops[a[1]]) + self.rng.random() * 1e-6
            if best is None or val > best:
                best, choice = val, a
        return choice

    def choose_reserve(self, v, actions):
        """11.8.2: the reserve that defends strongest, while the OPs left still buy the
        defenders' supply (11.5.4); else fight with what is there."""
        g, s = self.g, v.sample_state(self.rng)
        h, side = s.target, self.side
        best, choice = None, FIGHT
        for a in actions:
            if a[0] != "commit":
                continue
            p = a[1]
            need = g.supply_cost(s, g.defenders(s, h) + [p], h, side)
            if g.p_ops[p] + need > v.ops[side]:
                continue
            val = g.t_defence[g.p_type[p]][s.reduced[p]] + self.rng.random() * 1e-6
            if best is None or val > best:
                best, choice = val, a
        return choice

    def choose_continuation(self, v, actions):
        """11.10: go on with a battle when this side's strength there beats the enemy's (the
        attacker by a margin) and the OPs left after paying keep half the reserve."""
        g, s = self.g, v.sample_state(self.rng)
        h, side = s.target, self.side
        mine = sum(g.t_attack[g.p_type[p]][s.reduced[p]] if side == g.phase_actor(s) else
                   g.t_defence[g.p_type[p]][s.reduced[p]] for p in g.stack(s, h) if g.p_side[p] == side)
        theirs = sum(g.t_defence[g.p_type[p]][s.reduced[p]] if side == g.phase_actor(s) else
                     g.t_attack[g.p_type[p]][s.reduced[p]] for p in g.stack(s, h) if g.p_side[p] != side)
        margin = 2 if side == g.phase_actor(s) else 0
        left = v.ops[side] - g.continuation_cost(s, side, h)
        return GO_ON if mine > theirs + margin and left >= self.reserve // 2 else HALT
