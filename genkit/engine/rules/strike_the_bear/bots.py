"""The bots of the Strike the Bear system: the standard greedy player, going for the
objectives its side rolled (13.2; the default set until it rolls, 13.3), and spending the OPs
its turn leaves on rebuilding and replacing units (12.3, 12.4), keeping back what the enemy's
turn may ask of it to buy supply (11.5.4)."""
from __future__ import annotations

from ..standard.bots import GreedyBot
from ..standard.rules import MOVEMENT
from .luftwaffe import AIR_SUPPLY, INTERDICTION

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

    #: 9.0: what a Luftwaffe unit's mission is worth: per enemy space in contact its
    #: interdiction leaves out of supply, and per space it takes out of the enemy's rail supply;
    #: its support with a battle space within reach (half with one only); per OP its air supply
    #: saves; and the gain a flight must bring
    cut_w, rail_w, support_w, supply_w, fly_margin = 1.5, 0.05, 2.0, 0.25, 0.5

    def __init__(self, game, side: int, seed: int):
        GreedyBot.__init__(self, game, side, seed)
        #: (Luftwaffe unit, space): where choose_flight chose to land the unit it flies; None none
        self._landing = None
        #: the (turn, phase) whose trucks choose_move is moving, and those it moved
        self._truck_phase, self._trucks_moved = None, set()

    def choose(self, v, actions):
        if actions[0][0] == "land":
            return self.choose_landing(v, actions)
        if any(a[0] == "fly" for a in actions):
            return self.choose_flight(v, actions)
        if len(actions) > 1 and any(a[0] in ("restore", "replace", "recover", "refit") for a in actions):
            return self.choose_reorganization(v, actions)
        if len(actions) > 1 and actions[0][0] == "commit":
            return self.choose_reserve(v, actions)
        if actions[0] == GO_ON:
            return self.choose_continuation(v, actions)
        if actions[0][0] == "advance":
            return self.choose_paid_advance(v, actions)
        if actions[0][0] in ("cut", "raid"):
            return self.choose_partisan(v, actions)
        if len(actions) > 1 and actions[0] == END and any(a[0] == "move" and self.g.p_truck[a[1]] for a in actions):
            return self.choose_move(v, actions)
        if len(actions) > 1 and actions[0][0] == "attack":
            return self.choose_required_attack(v, actions)
        return GreedyBot.choose(self, v, actions)

    def choose_required_attack(self, v, actions):
        """7.2.2 a: while the commissar's side has not attacked where he stands, its combat
        phase may not end: the best attack if one is worth making, else the one he requires
        (any other leaves the duty standing, to be paid again at worse odds)."""
        a = GreedyBot.choose(self, v, [END] + actions)
        if a != END:
            return a
        need = ("attack", v.position.commissar)
        return need if need in actions else actions[0]

    def choose_move(self, v, actions):
        """The combat units move as the greedy player moves them; then each truck once (11.5.2)
        to the space where it supplies the most of its side's units sharing a space with the
        enemy out of rail supply, if that beats where it stands."""
        g = self.g
        a = GreedyBot.choose(self, v, [a for a in actions if a[0] not in ("move", "march") or not g.p_truck[a[1]]])
        if a != END:
            return a
        if self._truck_phase != (v.turn, v.phase):
            self._truck_phase, self._trucks_moved = (v.turn, v.phase), set()
        s0 = v.sample_state(self.rng)
        need = self._needing_supply(s0)
        best, choice = 0, END
        for a in actions:
            if a[0] != "move" or not g.p_truck[a[1]] or a[1] in self._trucks_moved:
                continue
            p = a[1]
            here = self._truck_worth(s0, need, s0.loc[p]) if g.truck_traces(s0, p) else 0
            for h in self._ends(s0, a, p):
                w = self._truck_worth(s0, need, h) - here
                if w > best and g.traces_from(s0, self.side, h):
                    best, choice, self.mover, self.dest = w, a, p, h
        if choice != END:
            self._trucks_moved.add(choice[1])
        return choice

    def choose_flight(self, v, actions):
        """9.1: in the movement phase, once the ground units and trucks have moved, each
        Luftwaffe unit flies where its mission is worth most (:meth:`_air_worth`), if that
        beats staying by the margin; never in a redeployment (a unit's move is worth more)."""
        g = self.g
        rest = [a for a in actions if a[0] != "fly"]
        a = self.choose(v, rest) if len(rest) > 1 else rest[0]
        if a != END or g.phase_kind[v.phase] != MOVEMENT:
            return a
        s = v.sample_state(self.rng)
        for a in actions:
            if a[0] != "fly":
                continue
            k = a[1]
            here = self._air_worth(s, k, s.air_at[k], s.air_role[k])
            best, dest = here + self.fly_margin, -1
            s.chosen = k
            for land in g.landings(s):
                w = self._air_worth(s, k, land[1], g.mission_at(s, land[1])) + self.rng.random() * 1e-6
                if w > best:
                    best, dest = w, land[1]
            if dest >= 0:
                self._landing = (k, dest)
                return a
        return END

    def choose_landing(self, v, actions):
        """Where :meth:`choose_flight` chose for the unit landing (the first landing if it
        chose none for that unit)."""
        plan, self._landing = self._landing, None
        if plan is not None and plan[0] == v.chosen and ("land", plan[1]) in actions:
            return ("land", plan[1])
        return actions[0]

    def _air_worth(self, s, k: int, h: int, role: int) -> float:
        """What Luftwaffe unit ``k`` is worth in ``h`` on mission ``role``: interdicting, the
        enemy's spaces in contact with ours it leaves out of rail and truck supply; supplying,
        the OPs it saves our units there; flying support, whether a battle space lies within
        its range."""
        g, side = self.g, self.side
        enemy = 1 - side
        contact = g.enemy_mask(s, side) & g.enemy_mask(s, enemy)
        if role == INTERDICTION:
            old = s.air_at[k], s.air_role[k]
            counts, rail = [], []
            for at, r in ((h, role), (h, 0)):
                s.air_at[k], s.air_role[k] = at, r
                counts.append(sum(1 for x in g.indices(contact) if g.supply_cost(s, self._units_at(s, enemy, x), x, enemy)))
                rail.append(bin(g.supplied_mask(s, enemy)).count("1"))
            s.air_at[k], s.air_role[k] = old
            return self.cut_w * (counts[0] - counts[1]) + self.rail_w * (rail[1] - rail[0])
        if role == AIR_SUPPLY:
            ours = self._units_at(s, side, h)
            old = s.air_role[k], s.air_at[k]
            s.air_role[k], s.air_at[k] = 0, h
            cost = g.supply_cost(s, ours, h, side)
            s.air_role[k], s.air_at[k] = old
            return self.supply_w * cost
        dist = g.board.distance
        near = sum(1 for x in g.indices(contact) if dist(h, x) <= g.air_range)
        return self.support_w * min(near, 2) / 2

    def _units_at(self, s, side: int, h: int) -> list:
        return [p for p in self.g.stack(s, h) if self.g.p_side[p] == side and self.g.p_unit[p]]

    def _needing_supply(self, s) -> int:
        """The spaces where this side's combat units share a space with the enemy out of rail
        supply."""
        g, side = self.g, self.side
        rail = g.supplied_mask(s, side)
        enemy = g.enemy_mask(s, side)
        out = 0
        for p in g.side_pieces[side]:
            h = s.loc[p]
            if h >= 0 and g.p_unit[p] and (enemy >> h) & 1 and not (rail >> h) & 1:
                out |= 1 << h
        return out

    def _truck_worth(self, s, need: int, h: int) -> int:
        """How many of the spaces in ``need`` a truck in ``h`` would supply (none from an enemy
        space, where it could be caught)."""
        if (self.g.enemy_mask(s, self.side) >> h) & 1:
            return 0
        return bin(need & (self.g.adj_mask[h] | (1 << h))).count("1")

    def choose_reorganization(self, v, actions):
        """12.1: a disrupted leader's recovery first (command, reserves, continuation hang on
        him), then a reduced Luftwaffe unit's refit (9.3.3); 12.3-12.4: the rebuild or replacement giving the most strength per OP; each while
        the OPs above the reserve pay for it (no reserve in the last phase of the turn: OPs left
        are lost, 3.3.4)."""
        g, t = self.g, self.t
        last = v.phase == g.last_phase
        left = v.ops[self.side] - (0 if last else self.reserve)
        best, choice = None, END
        for a in actions:
            if a[0] == "recover" and g.p_ops[a[1]] <= left:
                return a
            if a[0] == "refit" and g.section.luftwaffe.ops <= left:
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
        """11.10: go on with a battle (in its own space, or a Blitzkrieg's space where armour
        advanced, 11.10.1: the decision's target either way) when this side's strength there
        beats the enemy's (the attacker by a margin) and the OPs left after paying keep half
        the reserve."""
        g, s = self.g, v.sample_state(self.rng)
        h, side = s.target, self.side
        mine = sum(g.t_attack[g.p_type[p]][s.reduced[p]] if side == g.phase_actor(s) else
                   g.t_defence[g.p_type[p]][s.reduced[p]] for p in g.stack(s, h) if g.p_side[p] == side)
        theirs = sum(g.t_defence[g.p_type[p]][s.reduced[p]] if side == g.phase_actor(s) else
                     g.t_attack[g.p_type[p]][s.reduced[p]] for p in g.stack(s, h) if g.p_side[p] != side)
        margin = 2 if side == g.phase_actor(s) else 0
        left = v.ops[side] - g.continuation_cost(s, side, h)
        return GO_ON if mine > theirs + margin and left >= self.reserve // 2 else HALT

    def choose_paid_advance(self, v, actions):
        """11.9.5: the greedy advance, but an advance paid with OPs (after an elimination) only
        while half the reserve kept for supply stays in hand."""
        g, s = self.g, v.sample_state(self.rng)
        keep = [a for a in actions if a[0] != "advance" or v.ops[self.side] - g.advance_cost(s, a[1]) >= self.reserve // 2]
        return GreedyBot.choose(self, v, keep)

    def choose_partisan(self, v, actions):
        """8.1: the rail cut that takes the most spaces out of the enemy's rail supply; the
        raid on the enemy truck supplying the most of its units sharing a space with ours."""
        g, s = self.g, v.sample_state(self.rng)
        enemy = 1 - self.side
        best, choice = None, actions[0]
        if actions[0][0] == "cut":
            for a in actions:
                s.partisan = a[1]
                val = -bin(g.supplied_mask(s, enemy)).count("1") + self.rng.random() * 1e-6
                if best is None or val > best:
                    best, choice = val, a
            return choice
        ours = g.enemy_mask(s, enemy)
        for a in actions:
            at = s.loc[a[1]]
            val = bin(ours & (g.adj_mask[at] | (1 << at))).count("1") + self.rng.random() * 1e-6
            if best is None or val > best:
                best, choice = val, a
        return choice
