"""9.0 combat: the moved unit leads one battle, joiners, the CRT, 9.2 results and the 11.0
killstreak markers it moves. A part of Bering Land's :class:`~.rules.Game`."""
from __future__ import annotations

from ... import events as ev
from ...chance import roll_die
from ...crt import AUTO_MISS, EFFECT_NONE, EFFECT_STEP, FORBIDDEN
from ...sight import los_clear
from ...game import RulesError
from ...state import ELIMINATED
from . import events as bev
from .state import PASS, S_JOIN
from .state import BeringState as State


class Combat:
    """The combat phase's battles (mixed into ``Game``)."""

    def _leads(self, s: State, side: int) -> list:
        m = s.moved
        if m >= 0 and s.loc[m] >= 0 and s.stopped[m] != s.turn:
            return [m]
        if not self.opt_lead_without_move:
            return []
        return [p for p in self.side_pieces[side]
                if s.loc[p] >= 0 and s.stopped[p] != s.turn and not (s.attacked >> p) & 1]

    def _targets(self, s: State, lead: int, side: int, enemy_mask: int | None = None) -> list:
        """Enemy units the lead may attack: in secondary distance, LOS, not yet attacked, not invulnerable.

        In ascending order of their hexes. ``enemy_mask``: the hexes of the enemy units
        (:meth:`_enemy_mask`), when the caller has it.
        """
        loc, occ = s.loc, s.occ
        h = loc[lead]
        if enemy_mask is None:
            enemy_mask = self._enemy_mask(s, side)
        m = self.p_within[lead][h] & enemy_mask
        if not m:
            return []
        b = self.board
        defended = s.defended
        inv = s.invuln[1 - side]
        p_type = self.p_type
        out = []
        while m:
            low = m & -m
            m ^= low
            j = low.bit_length() - 1
            p = occ[j]
            if not (defended >> p) & 1 and not (inv >> p_type[p]) & 1 and los_clear(b, h, j, occ):
                out.append(p)
        return out

    def _enemy_mask(self, s: State, side: int) -> int:
        """Bit mask of the hexes holding units of the other side."""
        bit = self.board.bit
        loc = s.loc
        m = 0
        for p in self.enemy_pieces[side]:
            h = loc[p]
            if h >= 0:
                m |= bit[h]
        return m

    def _joiners(self, s: State, lead: int, tgt: int, side: int) -> tuple:
        b = self.board
        th, lh = s.loc[tgt], s.loc[lead]
        out = []
        for p in self.side_pieces[side]:
            h = s.loc[p]
            if p == lead or h < 0 or s.stopped[p] == s.turn or (s.attacked >> p) & 1:
                continue
            if b.distance(h, th) > self.t_sec[self.p_type[p]]:
                continue
            if self.opt_joiners_adjacent and b.distance(h, lh) != 1:
                continue
            if los_clear(b, h, th, s.occ):
                out.append(p)
        return tuple(out)

    def _combat_actions(self, s: State) -> list:
        side = s.actor
        acts = []
        if not s.battle_done and s.plays == 0:
            forbid = self.crt.below_lowest == "forbidden"
            leads = self._leads(s, side)
            enemy_mask = self._enemy_mask(s, side) if leads else 0
            for lead in leads:
                for tgt in self._targets(s, lead, side, enemy_mask):
                    if forbid:
                        best = self.strength(s, lead) + sum(self.strength(s, j)
                                                            for j in self._joiners(s, lead, tgt, side))
                        if not self.crt.allowed(best - self.strength(s, tgt)):
                            continue
                    acts.append(("battle", lead, tgt))
        if s.plays < self.plays_limit:
            seen = set()
            for c in sorted(s.hands[side]):
                key = self.c_key[c]
                if key in seen:
                    continue
                seen.add(key)
                if self._playable(s, c):
                    acts.append(("card", c))
        acts.append(PASS)
        return acts

    def _start_battle(self, s: State, lead: int, tgt: int) -> None:
        joiners = self._joiners(s, lead, tgt, s.actor)
        if joiners:
            s.stage = S_JOIN
            s.pend = (lead, tgt, joiners, 0, (lead,), self.strength(s, lead))
        else:
            self._resolve_battle(s, lead, (lead,), tgt)

    def _join_actions(self, s: State) -> list:
        lead, tgt, joiners, i, atk, total = s.pend
        p = joiners[i]
        acts = [("join", p)]
        rest = sum(self.strength(s, j) for j in joiners[i + 1:])
        if self.crt.allowed(total + rest - self.strength(s, tgt)):
            acts.append(("skip", p))
        return acts

    def battle_column(self, s: State, lead: int, attackers: tuple, tgt: int) -> tuple:
        """(differential, CRT column index or FORBIDDEN/AUTO_MISS, row) of a battle; the row is
        the index of the attack type whose results are read.

        9.0 step 2: the lead's distance to the target picks the attack type;
        steps 3-4: attackers' current strengths minus the defender's. 9.1: above the
        highest column every attack reads the last row printed (with ``last_row``).
        """
        total = 0
        for a in attackers:
            total += self.strength(s, a)
        diff = total - self.strength(s, tgt)
        dist = self.board.distance(s.loc[lead], s.loc[tgt])
        ti = self.prim_idx if dist <= self.t_prim[self.p_type[lead]] else self.sec_idx
        return (diff, *self.crt_cell(diff, ti))

    def crt_cell(self, diff: int, ti: int) -> tuple:
        """(CRT column index or FORBIDDEN/AUTO_MISS, row) read for a differential and attack type
        ``ti``. 9.1: above the highest column every attack reads the last row printed (with
        ``last_row``); bots rate battles through this too, so they read the table the rules read."""
        if diff > self.crt.highest and self.last_row_above_highest:
            return self.crt.top, self.last_row
        return self.crt.column(diff), ti

    def _resolve_battle(self, s: State, lead: int, attackers: tuple, tgt: int) -> None:
        """9.0 steps 2-6, 9.2 results, 11.0/11.6 the lead type's killstreak."""
        for a in attackers:
            s.attacked |= 1 << a
        s.defended |= 1 << tgt
        side = self.p_side[lead]
        t = self.p_type[lead]
        diff, col, ti = self.battle_column(s, lead, attackers, tgt)
        if col == FORBIDDEN:
            raise RulesError("battle below the lowest column is forbidden")
        if col == AUTO_MISS:
            eff = EFFECT_NONE
            face = 0
        else:
            face = roll_die(s, self.faces, "battle")
            eff = self.crt.result(col, ti, face)
        s.lead = lead
        s.battle_done = 1
        idx = side * self.ntypes + t
        events = s.events
        if events is not None:
            kill = eff != EFFECT_NONE and (eff != EFFECT_STEP or s.reduced[tgt])
            crt = self.crt
            events.append(ev.Battle(side=self.side_ids[side], lead_type=self.type_ids[t],
                                    attack_type=self.attack_type_ids[ti],
                                    column=crt.differentials[col] if face else None, face=face or None,
                                    result=crt.codes[col][ti][face - 1] if face else None,
                                    defender_type=self.type_ids[self.p_type[tgt]], eliminated=kill,
                                    n_attackers=len(attackers), lead=lead, defender=tgt))
        if eff == EFFECT_NONE:
            streak_miss(s, idx)
            return
        if eff == EFFECT_STEP and not s.reduced[tgt]:
            s.reduced[tgt] = 1
            if events is not None:
                events.append(ev.Reduced(side=self.side_ids[1 - side], type=self.type_ids[self.p_type[tgt]],
                                         piece=tgt, by_side=self.side_ids[side], card=None))
            return
        if events is not None:
            events.append(ev.Eliminated(side=self.side_ids[1 - side], type=self.type_ids[self.p_type[tgt]],
                                        piece=tgt, by_side=self.side_ids[side], card=None))
            due = s.due[side]
            self._eliminate(s, tgt)
            streak_kill(s, idx, self.t_ks[t], side)
            if s.due[side] > due:
                events.append(bev.Killstreak(side=self.side_ids[side], type=self.type_ids[t]))
            return
        self._eliminate(s, tgt)
        streak_kill(s, idx, self.t_ks[t], side)

    def _eliminate(self, s: State, p: int) -> None:
        s.lost[p] = self.strength(s, p)
        h = s.loc[p]
        if h >= 0 and s.occ[h] == p:
            s.occ[h] = -1
        s.loc[p] = ELIMINATED
        s.reduced[p] = 0
        s.stopped[p] = 0
        s.facing[p] = 0


# --------------------------------------------------------------------------- killstreaks (11.0)

def streak_kill(state: State, index: int, length: int, side: int) -> None:
    """A kill: the marker moves one space; reaching (or already at) the end makes a card due."""
    v = state.streak[index]
    if v >= length:
        state.due[side] += 1
        return
    v += 1
    state.streak[index] = v
    if v >= length:
        state.due[side] += 1


def streak_miss(state: State, index: int) -> None:
    """A miss: the marker goes back to 0."""
    state.streak[index] = 0
