"""Battle (cases 5.1-5.6): targets in range and in sight, close assault, the dice a battle
rolls after the terrain, and the hits of the symbols rolled. A part of Memoir '44's
:class:`~.rules.Game`."""
from __future__ import annotations

from typing import NamedTuple

from ... import events as ev
from ...chance import roll_die
from . import events as mev
from .state import DONE, S_AMBUSH, S_BATTLE, S_OVERRUN
from .state import M44State as State


class Wall(NamedTuple):
    """8.6: a one-way hexside feature as one hex behind it sees it: the dice it changes per
    attacker type, the flags it lets the unit ignore, the hexes across it (its far side)."""
    dice: tuple
    ignore_flags: int
    far: tuple


class Battle:
    """The battle phase's decisions and the resolution of one battle (mixed into ``Game``)."""

    def can_battle(self, s, p: int) -> bool:
        """5.1 / 4.4: an ordered unit on the map that has not battled, whose move allows it and
        whose hex does not forbid battle (``no_battle_in``, 8.4; 11.3: a plane's always allows it)."""
        bit = 1 << p
        return bool(s.ordered & bit) and not (s.battled | s.nobattle) & bit and s.loc[p] >= 0 \
            and (self.p_air[p] or not self.hex_flag(s, s.loc[p], self.h_nobattle_in, self.f_nobattle_in))

    def targets(self, s, p: int) -> list:
        """5.2-5.4: the enemy units ``p`` may battle -> (target piece, distance): within its range
        (``battle_dice``), only adjacent ones when one is adjacent (close assault), in line of sight
        unless its type needs none (11.4: planes block no sight); only battles that roll at least
        one die (5.5)."""
        h, t = s.loc[p], self.p_type[p]
        b = self.board
        dist, loc = b._dist, s.loc
        n = b.n
        near, far = [], []
        for q in self.enemy_pieces[self.p_side[p]]:
            j = loc[q]
            if j < 0:
                continue
            d = dist[h * n + j]
            if d == 1:
                near.append((q, 1))
            elif d <= self.t_range[t] and not near:
                far.append((q, d))
        if near:
            cands = near
        else:
            los = self.t_los[t]
            occ = self.ground_occ(s) if los and far else s.occ
            cands = [(q, d) for q, d in far if not los or self.line_of_sight(h, loc[q], occ)]
        return [(q, d) for q, d in cands if self.battle_dice(s, p, q, d) > 0]

    def battle_dice(self, s, p: int, q: int, d: int) -> int:
        """5.5: dice = the attacker type's ``battle_dice`` at distance ``d``, plus the single best
        (most negative) change among the target hex's terrain, feature and the wall it stands behind
        (8.6: only against an attacker nearer a hex across the wall than the target) for the attacker's
        type (8.1; a ``from_below_only`` change counts only for an attacker not on the same
        terrain; a ``protects: owner`` feature only for a target of the feature's side, 8.2), plus
        the ``battle_out`` changes of the attacker's own hex, plus the card's extra dice (3.12-3.14)
        and a full-strength unit's close assault dice (10.3); never below 0. 11.4: nothing
        covers a plane."""
        t = self.p_type[p]
        h, j = s.loc[p], s.loc[q]
        n = self.t_dice[t][d - 1] + self.extra_dice(s, p, d)
        if d == 1 and s.figs[p] == self.t_figs[t]:
            n += self.u_full_close[self.p_side[p]][t]
        if self.p_air[q]:
            return max(n + self.terrain_out[self.h_terrain[h]][t]
                       + (self.feature_out[s.feat[h]][t] if s.feat[h] >= 0 else 0), 0)
        tj = self.h_terrain[j]
        best = 0
        change = self.terrain_dice[tj][t]
        if change < best and not (self.terrain_below[tj] and self.h_terrain[h] == tj):
            best = change
        f = s.feat[j]
        if f >= 0 and (self.f_side[f] < 0 or self.f_side[f] == self.p_side[q]):
            change = self.feature_dice[f][t]
            if change < best and not (self.feature_below[f] and s.feat[h] == f):
                best = change
        dist, nb = self.board._dist, self.board.n
        for wall in self.walls[j]:      # 8.6: behind a wall, against an attacker nearer its far side
            change = wall.dice[t]
            if change < best and any(dist[h * nb + k] < d for k in wall.far):
                best = change
        n += best + self.terrain_out[self.h_terrain[h]][t]
        f = s.feat[h]
        if f >= 0:
            n += self.feature_out[f][t]
        return max(n, 0)

    def _battle_actions(self, s: State) -> list:
        """5.1: battle with an ordered unit that may, at one of its targets (10.8: adjacent ones only
        when it moved farther than ``move_and_battle``), or end the phase;
        8.5: or, instead of battling, remove the feature of its hex that its type clears."""
        out = []
        for p in self.side_pieces[s.actor]:
            if self.can_battle(s, p):
                close_only = s.mv[p] > self.move_and_battle(s, p)      # 10.8: it came farther (Banzai)
                out += [("fire", p, q) for q, d in self.targets(s, p) if d == 1 or not close_only]
                f = s.feat[s.loc[p]]
                if f >= 0 and self.t_clears[self.p_type[p]][f]:
                    out.append(("clear", p))
        return out + [DONE]

    def _clear(self, s: State, p: int) -> None:
        """8.5: unit ``p`` removes the feature of its hex; that is its battle this turn."""
        s.battled |= 1 << p
        self.clear_feature(s, p)

    def clear_feature(self, s: State, p: int) -> None:
        """8.5: the feature of unit ``p``'s hex is removed (event FeatureCleared)."""
        h = s.loc[p]
        if s.events is not None:
            s.events.append(mev.FeatureCleared(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                               piece=p, hex=self.board.grid.id_of(h), feature=self.feature_names[s.feat[h]]))
        s.feat[h] = -1

    def _overrun_actions(self, s: State) -> list:
        """7.2: the armour that took ground battles once more (same targets as 5.2-5.4), or not."""
        p = s.pend[0]
        if self.hex_flag(s, s.loc[p], self.h_nobattle_in, self.f_nobattle_in):
            return [DONE]
        return [("fire", p, q) for q, _ in self.targets(s, p)] + [DONE]

    def roll_faces(self, s: State, n: int) -> list:
        """5.6: ``n`` battle dice rolled with the state's generator: face indices (tests replace
        this method on a game object to fix the faces)."""
        faces = self.die_faces
        return [roll_die(s, faces, "battle") - 1 for _ in range(n)]

    def _fire(self, s: State, p: int, q: int) -> None:
        """5.1: unit ``p`` battles ``q``; 3.9: a close assault on a side holding an ambush card
        waits for its answer (S_AMBUSH)."""
        overrun = s.stage == S_OVERRUN
        if self.board.distance(s.loc[p], s.loc[q]) == 1 and self.ambush_cards(s, self.p_side[q]) \
                and not self.hex_flag(s, s.loc[q], self.h_nobattle_in, self.f_nobattle_in):
            s.stage, s.actor, s.pend = S_AMBUSH, self.p_side[q], (p, q, overrun)
            return
        self._resolve(s, p, q, overrun)

    def _resolve(self, s: State, p: int, q: int, overrun: bool) -> None:
        """5.5-5.6: roll the dice; each face that hits the target's type removes a figure; the
        flags rolled are retreat moves (6.1) unless the unit is eliminated first (9.1). Events: the
        generic Battle (no CRT column: ``attack_type`` "close_assault" or "fire"; ``eliminated``
        by the hits), then the dice in detail (DiceBattle). 3.11: a unit that may battle twice and
        did not move is marked ``second`` after its first battle."""
        if self.tactic(s).battles > 1 and s.mv[p] <= 0 and not (s.second >> p) & 1 and self.boosted(s, p):
            s.second |= 1 << p
        else:
            s.battled |= 1 << p
        if overrun:
            s.overran |= 1 << p
        s.stage = S_BATTLE
        d = self.board.distance(s.loc[p], s.loc[q])
        n = self.battle_dice(s, p, q, d)
        faces = self.roll_faces(s, n)
        tq = self.p_type[q]
        hits = sum(1 for f in faces if (self.face_hits[f] >> tq) & 1)
        flags = sum(self.face_flags[f] for f in faces)
        if s.events is not None:
            side = self.side_ids[self.p_side[p]]
            s.events.append(ev.Battle(side=side, lead_type=self.type_ids[self.p_type[p]],
                                      attack_type="close_assault" if d == 1 else "fire", column=None, face=None,
                                      result=None, defender_type=self.type_ids[tq], eliminated=hits >= s.figs[q],
                                      n_attackers=1, lead=p, defender=q))
            s.events.append(mev.DiceBattle(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                           piece=p, target_type=self.type_ids[tq], target=q, distance=d, dice=n,
                                           faces=tuple(self.face_symbols[f] for f in faces), hits=hits, flags=flags))
        target_hex = s.loc[q]
        if hits and self.lose_figures(s, q, hits, "hits"):
            return self._after_battle(s, p, q, d, target_hex)
        flags = max(0, flags - self.ignored_flags(s, q))
        self._start_retreat(s, q, flags, p, d, target_hex)

    def lose_figures(self, s: State, q: int, n: int, why: str) -> bool:
        """5.6 / 6.3: unit ``q`` loses ``n`` figures; with none left it is eliminated and the
        other side wins a medal (9.1). True when it was eliminated."""
        s.figs[q] = max(0, s.figs[q] - n)
        s.reduced[q] = 1
        side = self.p_side[q]
        if s.events is not None:
            s.events.append(mev.FiguresLost(side=self.side_ids[side], type=self.type_ids[self.p_type[q]], piece=q,
                                            count=n, why=why))
        if s.figs[q] > 0:
            return False
        h = s.loc[q]
        self.vacate(s, q)
        self.eliminated(s, q)
        if s.events is not None:
            by = self.side_ids[1 - side]
            s.events.append(ev.Eliminated(side=self.side_ids[side], type=self.type_ids[self.p_type[q]], piece=q,
                                          by_side=by, card=None))
            s.events.append(mev.Medal(side=by, count=self.t_points[self.p_type[q]], why="eliminated"))
            if not self.p_air[q]:
                self._objective_event(s, h, side, -1)
        self._check_medals(s)
        return True
