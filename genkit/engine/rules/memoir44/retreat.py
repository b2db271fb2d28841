"""Retreat (cases 6.1-6.3), taking ground and armour overrun (7.1-7.2). A part of Memoir '44's
:class:`~.rules.Game`."""
from __future__ import annotations

from . import events as mev
from .state import DONE, S_BATTLE, S_OVERRUN, S_RETREAT, S_TAKE
from .state import M44State as State

ALL_FLAGS = 99        # 10.1: more flags than any roll shows


class Retreat:
    """Flags, retreat moves, taking ground and overrun (mixed into ``Game``)."""

    def ignored_flags(self, s, q: int) -> int:
        """6.2: the flags unit ``q`` ignores: the most its hex's terrain or feature lets it ignore
        (a ``protects: owner`` feature only for units of the feature's side, 8.2; a wall it stands
        behind, 8.6), plus those its
        nation's rule ignores (10.1); every flag on a terrain or feature its rule names in
        ``ignore_all_flags_in`` (10.1, caves)."""
        h = s.loc[q]
        in_t, in_f = self.u_all_flags[self.p_side[q]][self.p_type[q]]
        if self.p_air[q] or self.h_terrain[h] in in_t or s.feat[h] in in_f:     # 11.4: a plane ignores them all
            return ALL_FLAGS
        n = self.terrain_ignore[self.h_terrain[h]]
        f = s.feat[h]
        if f >= 0 and (self.f_side[f] < 0 or self.f_side[f] == self.p_side[q]):
            n = max(n, self.feature_ignore[f])
        for wall in self.walls[h]:      # 8.6: a unit behind a wall
            n = max(n, wall.ignore_flags)
        return n + self.u_ignore[self.p_side[q]][self.p_type[q]]

    def retreat_hexes(self, s, q: int) -> list:
        """6.1: the hexes one step toward the own edge of unit ``q``'s side that it may enter: on
        the map, passable for its type, not ``no_retreat_onto`` (the ocean, 8.4; terrain has no
        other effect on a retreat), empty; none
        when its hex's terrain or feature says its type may not retreat (6.3)."""
        h = s.loc[q]
        t = self.p_type[q]
        held_t, held_f = self.t_no_retreat[t]
        if held_t[h] or (s.feat[h] >= 0 and held_f[s.feat[h]]):
            return []
        blocked_t, blocked_f = self.t_no_entry[t]
        occ, feat = s.occ, s.feat
        onto_t, onto_f = self.h_noretreat_onto, self.f_noretreat_onto
        return [j for j in self.back[self.p_side[q]][h]
                if occ[j] < 0 and self.passable[j] and not blocked_t[j] and not (feat[j] >= 0 and blocked_f[feat[j]])
                and not onto_t[j] and not (feat[j] >= 0 and onto_f[feat[j]])]

    def _start_retreat(self, s: State, q: int, flags: int, p: int, d: int, origin: int) -> None:
        s.pend = (q, flags, p, d, origin, 0)
        self._next_flag(s)

    def _next_flag(self, s: State) -> None:
        """6.1 / 6.3: the next flag: the owner chooses a retreat hex (S_RETREAT); with none, the
        unit loses a figure for this flag and for every one left (it cannot move any more).
        10.4: a unit whose rule gives ``retreat_hexes`` n may go on up to n hexes for one flag,
        or halt after the first (``steps``: hexes taken for this flag)."""
        q, flags, p, d, origin, steps = s.pend
        if flags <= 0:
            return self._after_battle(s, p, q, d, origin)
        if steps and (steps >= self.u_retreat[self.p_side[q]][self.p_type[q]] or not self.retreat_hexes(s, q)):
            s.pend = (q, flags - 1, p, d, origin, 0)
            return self._next_flag(s)
        if not self.retreat_hexes(s, q):
            self.lose_figures(s, q, flags, "blocked_retreat")
            return self._after_battle(s, p, q, d, origin)
        s.stage = S_RETREAT
        s.actor = self.p_side[q]

    def _retreat_actions(self, s: State) -> list:
        return [("retreat", j) for j in self.retreat_hexes(s, s.pend[0])] + ([("halt",)] if s.pend[5] else [])

    def _retreat(self, s: State, a) -> None:
        q, flags, p, d, origin, steps = s.pend
        if a[0] == "halt":
            s.pend = (q, flags - 1, p, d, origin, 0)
            return self._next_flag(s)
        j = a[1]
        self.relocate(s, q, j)
        if s.events is not None:
            s.events.append(mev.Retreated(side=self.side_ids[self.p_side[q]], type=self.type_ids[self.p_type[q]],
                                          piece=q, hex=self.board.grid.id_of(j)))
        s.pend = (q, flags, p, d, origin, steps + 1)
        self._check_medals(s)
        if not s.ended:
            self._next_flag(s)

    def _after_battle(self, s: State, p: int, q: int, d: int, origin: int) -> None:
        """7.1: after a close assault that emptied the target's hex, a ``take_ground`` unit may
        advance into it (S_TAKE; 8.7: not across a cliff it may not cross, nor up one that says
        ``no_take_ground_up``); else the battle phase goes on. After an ambush's battle the
        ambushed close assault goes on (3.9); after a strike, the next target (3.10)."""
        if s.ended:
            return
        if s.back:                          # 10.5: a battle back's flags are done
            s.back = ()
            s.actor, s.stage, s.pend = self.p_side[q], S_BATTLE, ()
            return
        if s.ambush:
            return self._ambush_over(s)
        if p < 0:
            return self._strike_next(s)
        if d == 1 and s.loc[q] == origin and s.figs[q] == 1 and self.u_back[self.p_side[q]][self.p_type[q]]:
            return self._battle_back(s, q, p)
        s.actor = self.p_side[p]
        s.stage = S_BATTLE
        s.pend = ()
        t = self.p_type[p]
        if d == 1 and self.t_take[t] and s.loc[p] >= 0 and s.occ[origin] < 0 and self.may_enter(s, t, origin) \
                and self.t_crossing[t].get((s.loc[p], origin)) != 0 and (s.loc[p], origin) not in self.no_take_up:
            s.stage = S_TAKE
            s.pend = (p, origin)

    def _battle_back(self, s: State, q: int, p: int) -> None:
        """10.5: unit ``q`` survived ``p``'s close assault in its hex with one figure: it battles
        back at once with its rule's dice, terrain ignored (never after an ambush's battle: the
        check comes after the ambush's own, 3.9). Its hits and flags count as in a battle."""
        n = self.u_back[self.p_side[q]][self.p_type[q]]
        faces = self.roll_faces(s, n)
        tp = self.p_type[p]
        hits = sum(1 for f in faces if (self.face_hits[f] >> tp) & 1)
        flags = sum(self.face_flags[f] for f in faces)
        if s.events is not None:
            s.events.append(mev.DiceBattle(side=self.side_ids[self.p_side[q]], type=self.type_ids[self.p_type[q]],
                                           piece=q, target_type=self.type_ids[tp], target=p, distance=1, dice=n,
                                           faces=tuple(self.face_symbols[f] for f in faces), hits=hits, flags=flags))
        s.actor, s.stage, s.pend = self.p_side[p], S_BATTLE, ()
        if hits and self.lose_figures(s, p, hits, "hits"):
            return
        s.back = (q,)
        self._start_retreat(s, p, max(0, flags - self.ignored_flags(s, p)), q, 1, s.loc[p])

    def may_enter(self, s, t: int, h: int) -> bool:
        """Hex ``h`` is passable for unit type ``t`` (terrain and feature)."""
        blocked_t, blocked_f = self.t_no_entry[t]
        f = s.feat[h]
        return self.passable[h] and not blocked_t[h] and not (f >= 0 and blocked_f[f])

    def _take_actions(self, s: State) -> list:
        return [("take", s.pend[1]), ("stay",)]

    def _take(self, s: State, a) -> None:
        """7.1 taking ground; 7.2: an ``overrun`` unit that took ground battles once more, once a
        turn, unless the hex it took forbids battle on entry (4.4)."""
        p, h = s.pend
        s.stage = S_BATTLE
        s.pend = ()
        if a[0] != "take":
            return
        self.relocate(s, p, h)
        if s.events is not None:
            s.events.append(mev.GroundTaken(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                            piece=p, hex=self.board.grid.id_of(h)))
        self._check_medals(s)
        if s.ended:
            return
        if self.t_overrun[self.p_type[p]] and not (s.overran >> p) & 1 \
                and not self.hex_flag(s, h, self.h_noentry, self.f_noentry):
            s.stage = S_OVERRUN
            s.pend = (p,)

    def _overrun(self, s: State, a) -> None:
        if a == DONE:
            s.stage = S_BATTLE
            s.pend = ()
            return
        self._fire(s, a[1], a[2])
