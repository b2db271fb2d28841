"""10.0 respawn: replacement steps placed next to friends on the own half, flipped, or
combined from eliminated units (10.3). A part of Bering Land's :class:`~.rules.Game`."""
from __future__ import annotations

from ...movement import bit_indices
from ...state import ELIMINATED, REMOVED, RESERVE
from . import events as bev
from .state import PASS, S_RESPAWN
from .state import BeringState as State


class Respawn:
    """The respawn phase's decisions and their effects (mixed into ``Game``)."""

    def _respawn_next(self, s: State) -> None:
        if s.events is not None and s.steps_left > 0:
            s.events.append(bev.ReplLost(side=self.side_ids[s.actor], count=s.steps_left))
        k = self.respawn_order.index(s.actor) + 1
        if k < len(self.respawn_order):
            s.actor = self.respawn_order[k]
            s.steps_left = self.repl[s.turn][s.actor]
            s.stage = S_RESPAWN
            s.pend = ()
            if s.events is not None and s.steps_left > 0:
                s.events.append(bev.ReplReceived(side=self.side_ids[s.actor], count=s.steps_left))
        else:
            self._next_phase(s)

    def _respawn_step_done(self, s: State) -> None:
        s.steps_left -= 1
        s.stage = S_RESPAWN
        s.pend = ()
        if s.steps_left <= 0:
            self._respawn_next(s)

    def _respawn_actions(self, s: State) -> list:
        side = s.actor
        acts = [PASS]
        if s.steps_left <= 0:
            return acts
        classes = self._place_classes(s, side)
        if classes and self._placement_mask(s, side):
            acts.extend(("place", p) for p in classes)
            acts.extend(("combine", q, used) for q, used in self._combines(s, side, classes))
        loc, red, flip = s.loc, s.reduced, self.flip_action
        acts.extend(flip[p] for p in self.side_pieces[side] if loc[p] >= 0 and red[p])
        return acts

    def _counted(self, s: State, p: int) -> int:
        return s.lost[p] if self.opt_combine_lost else self.t_full[self.p_type[p]]

    def _place_classes(self, s: State, side: int) -> list:
        """Lowest piece id of each interchangeable group of off-map pieces (reserve or eliminated)."""
        seen = {}
        for p in self.side_pieces[side]:
            w = s.loc[p]
            if w == RESERVE:
                key = (self.p_type[p], 0, 0)
            elif w == ELIMINATED:
                key = (self.p_type[p], 1, self._counted(s, p))
            else:
                continue
            if key not in seen:
                seen[key] = p
        return sorted(seen.values())

    def _combines(self, s: State, side: int, classes: list | None = None) -> list:
        """10.3: (new piece, consumed pieces) with minimal sets of eliminated units, each counting
        less than the new unit's full strength."""
        elim = [p for p in self.side_pieces[side] if s.loc[p] == ELIMINATED]
        if len(elim) < 2:
            return []
        out = []
        for q in (self._place_classes(s, side) if classes is None else classes):
            full = self.t_full[self.p_type[q]]
            groups: dict = {}
            for p in elim:
                v = self._counted(s, p)
                if p == q or not 0 < v < full:
                    continue
                groups.setdefault((self.p_type[p], v), []).append(p)
            if not groups:
                continue
            keys = sorted(groups, key=lambda k: (-k[1], k[0]))
            sets: list = []
            self._enum_sets(keys, groups, 0, full, 0, [], sets)
            for used in sets:
                out.append((q, tuple(sorted(used))))
        return out

    def _enum_sets(self, keys, groups, k, need, total, chosen, out) -> None:
        # chosen: list of (value, piece); values are taken in descending order,
        # so the last chosen is the smallest: minimal iff total - smallest < need.
        if total >= need:
            if len(chosen) >= 2 and total - chosen[-1][0] < need:
                out.append([p for _, p in chosen])
            return
        if k >= len(keys):
            return
        key = keys[k]
        pieces = groups[key]
        v = key[1]
        for m in range(len(pieces), -1, -1):
            if m and total + v * (m - 1) >= need:
                continue                        # fewer of this group already suffice
            chosen.extend((v, p) for p in pieces[:m])
            self._enum_sets(keys, groups, k + 1, need, total + v * m, chosen, out)
            if m:
                del chosen[-m:]

    def _placement_hexes(self, s: State, side: int) -> list:
        """10.1: empty passable hexes next to an anchoring friend, never next to an enemy (sorted)."""
        return bit_indices(self._placement_mask(s, side))

    def _placement_mask(self, s: State, side: int) -> int:
        """:meth:`_placement_hexes` as a bit mask over hex indices.

        Remembered for the last (side, locations) asked, so that the respawn step
        and the hex choice after it compute it once.
        """
        loc = s.loc
        key = (side, tuple(loc))
        memo = self._place_memo
        if memo is not None and memo[0] == key:
            return memo[1]
        b = self.board
        adj_mask = b.adj_mask
        ok = self.anchor_ok[side]
        near = 0
        anchored = False
        mine = []
        for p in self.side_pieces[side]:
            h = loc[p]
            if h >= 0:
                mine.append(h)
                if ok[h]:
                    anchored = True
                    near |= adj_mask[h]
        if not mine:
            m = 0
        else:
            allowed = self.place_mask[side]
            if anchored:
                allowed &= self.own_half_mask[side]
            else:
                base = self.base[side]
                dmin = min(b.distance(h, base) for h in mine)
                for h in mine:
                    if b.distance(h, base) == dmin:
                        near |= adj_mask[h]
            bit = b.bit
            taken = 0
            for h in loc:
                if h >= 0:
                    taken |= bit[h]
            for p in self.enemy_pieces[side]:
                h = loc[p]
                if h >= 0:
                    taken |= adj_mask[h]          # occupied or in an enemy zone of control
            m = near & allowed & ~taken
        self._place_memo = (key, m)
        return m

    def _respawn_place(self, s: State, h: int) -> None:
        kind, q = s.pend[0], s.pend[1]
        if kind == "combine":
            for p in s.pend[2]:
                s.loc[p] = REMOVED
        self.put(s, q, h)
        if s.events is not None:
            s.events.append(bev.ReplUsed(side=self.side_ids[s.actor], how=kind, piece=q, hex=self.board.grid.id_of(h),
                                        consumed=s.pend[2] if kind == "combine" else ()))
        self._respawn_step_done(s)
