"""The plain movement search of the standard rules, one hex at a time and recomputed at every
decision: the reference the engine's byte-merged search and phase cache are tested against
(tests/engine/test_standard_speed_equivalence.py). ``PlainGame`` plays the same rules with it."""
from __future__ import annotations

from genkit.engine.rules.standard.movement import ZOC_LOCKING, ZOC_STOP_LEAVE
from genkit.engine.rules.standard.rules import END, Game
from genkit.engine.rules.standard.state import StandardState


class PlainGame(Game):
    """:class:`Game` whose movement decisions come from the plain search."""

    def _movers(self, s: StandardState) -> list:
        return self._movers_plain(s)

    def _dest_actions(self, s: StandardState, p: int, march: bool) -> list:
        to = self.to_actions
        return [to[h] for h in self.indices(self._reach_plain(s, p, march, None, False))]

    def _movers_plain(self, s: StandardState) -> list:
        """:meth:`Game._movers` recomputed from scratch, with the plain search (the reference)."""
        if self.units_per_phase and s.nmoved >= self.units_per_phase:
            return [END]
        out, march = [END], []
        loc, done = s.loc, s.done
        masks = self._masks(s, s.actor)
        own, enemy, zoc, cache = masks
        reach, steps, t_ma2, pt, t_stack = self._reach_plain, self.step_masks, self.t_ma2, self.p_type, self.t_stack
        locking = self.zoc_kind == ZOC_LOCKING
        stop_leave, leave_cost = self.zoc_kind == ZOC_STOP_LEAVE, self.leave2
        strategic = self.strategic
        if strategic:
            near = cache.get("near")
            if near is None:
                near = cache["near"] = self._near_enemy(s, s.actor)
            mult = self.march_mult
        oks = {}                            # stacking points -> hexes a step may end in
        move_act, march_act = self.move_actions, self.march_actions
        for p in self.side_pieces[s.actor]:
            h = loc[p]
            if h < 0 or (done >> p) & 1:
                continue
            t = pt[p]
            in_zoc = (zoc >> h) & 1
            if locking and in_zoc:
                continue
            ok = oks.get(t_stack[t])
            if ok is None:
                ok = oks[t_stack[t]] = ~(self._full(s, cache, own, t_stack[t]) | enemy)
            leave = 0
            if in_zoc and stop_leave:
                leave, ok = leave_cost, ok & ~zoc
            ma = t_ma2[t]
            for c, m in steps[h]:
                if c + leave <= ma and m & ok:
                    out.append(move_act[p])
                    break
            else:
                if reach(s, p, False, masks, True):
                    out.append(move_act[p])
            if strategic and not (near >> h) & 1:
                ok &= ~near
                ma *= mult
                for c, m in steps[h]:
                    if c <= ma and m & ok:
                        march.append(march_act[p])
                        break
                else:
                    if reach(s, p, True, masks, True):
                        march.append(march_act[p])
        return out + march

    def _reach_plain(self, s: StandardState, p: int, march: bool, masks, any_end: bool) -> int:
        """:meth:`_reach` as first written, one hex at a time over the per-edge step table: the
        reference the faster search is tested against (same answer, same arguments)."""
        side, t, start = self.p_side[p], self.p_type[p], s.loc[p]
        own, enemy, zoc, fulls = masks or self._masks(s, side)
        sb = 1 << start
        if self.zoc_kind == ZOC_LOCKING and zoc & sb:      # case 6.4
            return 0
        ma = self.t_ma2[t]
        avoid = enemy
        if march:
            near = fulls.get("near")
            if near is None:
                near = fulls["near"] = self._near_enemy(s, side)
            if near & sb:
                return 0
            ma *= self.march_mult
            avoid |= near
        ends = ~(self._full(s, fulls, own, self.t_stack[t]) | sb)
        leave = no_zoc = 0
        if self.zoc_kind == ZOC_STOP_LEAVE and zoc & sb:   # case 6.3
            leave, no_zoc = self.leave2, zoc
        # the first steps, out of the start hex (room for the dearest step past the allowance)
        pending = [0] * (ma + max(self.ecost) + 1)
        nbr = self.nbr
        for k, c in enumerate(self.ecost[start * 6:start * 6 + 6]):
            if c:
                c += leave
                j = 1 << nbr[start * 6 + k]
                if c <= ma and not j & no_zoc:
                    pending[c] |= j
        seen = sb | avoid
        stop = zoc | (0 if self.t_pass[t] else own)
        steps = self.step_masks
        last = ma - self.min_step          # from a hex reached later, no step fits in the allowance
        for spent in range(1, ma + 1):
            new = pending[spent] & ~seen
            if not new:
                continue
            seen |= new
            if any_end and new & ends:
                return new & ends
            if spent > last:
                continue
            go = new & ~stop
            while go:
                low = go & -go
                go ^= low
                for c, m in steps[low.bit_length() - 1]:
                    pending[spent + c] |= m
        return seen & ends & ~avoid
