"""Movement (docs/standard-rules.md cases 5, 6 and 7): where a unit may go, as a bucket
Dijkstra over half movement points on the per-edge cost table of :mod:`.tables` (in C where
``_reach.c`` was built, else in Python: the same answers), and the stacks (linked lists per
hex, :mod:`.state`)."""
from __future__ import annotations

from ...board import side_masks
from ...state import ELIMINATED, RESERVE
from .events import Arrived
from .state import ENTER, PICK, StandardState
from .tables import ZOC_LOCKING, ZOC_NONE, ZOC_STOP_LEAVE


#: the version of ``_reach.c`` this module was written for (its ``SEARCH_VERSION``)
SEARCH_VERSION = 2


def compiled_search(step_masks: list, indices):
    """The compiled search over one map (``_reach.c``'s ``Search``, its ``reach`` a drop-in
    for :meth:`Movement._search`), or None where that module was not built (genkit installed
    with no C compiler at hand: the Python search then answers, only slower). ``step_masks``:
    per hex, (cost, mask of the hexes one step away at that cost); ``indices``: a mask's hexes.
    A build older than this code (``_reach.VERSION`` other than :data:`SEARCH_VERSION`: genkit
    updated without reinstalling) is left unused too, rather than given a board it cannot take."""
    try:
        from . import _reach
    except ImportError:
        return None
    if getattr(_reach, "VERSION", 1) != SEARCH_VERSION:
        return None
    return _reach.Search(len(step_masks), [[(c, h) for c, m in steps for h in indices(m)] for steps in step_masks])


class MoveCache:
    """What one side's movement phase keeps from one decision to the next, for one state (the
    game's ``_mc``, dropped whenever a piece is put or lifted, or a phase begins: a move of the
    phase brings it up to date instead). The enemy units stay put while a
    side moves, so their hexes, zones of control and the strategic "near" mask are found once;
    the side's own hexes and the full hexes of every stacking points (all found by
    :meth:`~.rules.Game._fill`, which then drops the "stacked" mask it found them from: a move
    keeps them, not it) are updated after each move. ``st[2 * p + march]``: None, or what is
    known of piece ``p`` moving (marching): ``(may, region, ends)`` -- whether it may, the hexes
    that answer depends on (a move that leaves or enters one of them asks again:
    :meth:`Movement._kept`) and, when a search gave it, the mask of its destinations (else
    None). :meth:`~.rules.Game._fill` fills it."""
    __slots__ = ("state", "side", "masks", "st", "live", "ok", "pick", "deps")

    def __init__(self, state, side: int, masks: tuple, n: int, live: list):
        self.state, self.side, self.masks, self.st = state, side, masks, [None] * (2 * n)
        #: the side's pieces on the map that have not moved this phase (the movers are among
        #: them); per stacking points the hexes a step may end in (no enemy, room)
        self.live, self.ok = live, {}
        #: the last PICK decision's actions, None: to be made again
        self.pick = None
        #: the hexes some answer in ``st`` depends on (a superset)
        self.deps = 0


class Movement:
    """The movement half of :class:`~.rules.Game` (a mixin: reads the game's tables)."""

    # ------------------------------------------------------------------ stacks (case 7)

    def _put(self, s: StandardState, p: int, h: int) -> None:
        """Put ``p`` (off the map or just lifted) on top of the stack of ``h``."""
        s.nxt[p], s.occ[h], s.loc[p] = s.occ[h], p, h
        self._mc = None

    def _lift(self, s: StandardState, p: int) -> None:
        """Take ``p`` out of its hex's stack (its ``loc`` is left for the caller to set)."""
        h = s.loc[p]
        occ, nxt = s.occ, s.nxt
        self._mc = None
        if occ[h] == p:
            occ[h] = nxt[p]
        else:
            q = occ[h]
            while nxt[q] != p:
                q = nxt[q]
            nxt[q] = nxt[p]
        nxt[p] = -1

    def _relocate(self, s: StandardState, p: int, h: int) -> bool:
        """Move ``p`` to ``h``; True when entering it won the game (``_entered``)."""
        self._lift(s, p)
        s.nxt[p], s.occ[h], s.loc[p] = s.occ[h], p, h       # _put, written out
        return self._entered(s, p, h)

    def _remove(self, s: StandardState, p: int) -> None:
        """``p`` is eliminated."""
        self._lift(s, p)
        s.loc[p], s.reduced[p] = ELIMINATED, 0

    def stack(self, s: StandardState, h: int) -> list:
        """The pieces in hex ``h``, top first."""
        out, p, nxt = [], s.occ[h], s.nxt
        while p >= 0:
            out.append(p)
            p = nxt[p]
        return out

    def _load(self, s: StandardState, h: int) -> int:
        """Stacking units / points in ``h``."""
        n, p, nxt, pts, pt = 0, s.occ[h], s.nxt, self.t_stack, self.p_type
        while p >= 0:
            n += pts[pt[p]]
            p = nxt[p]
        return n

    def _room(self, s: StandardState, h: int, p: int) -> bool:
        """May ``p`` end a move, retreat or advance in ``h`` (no enemy, unless the two sides may
        share a space; within the limit of its kind, counting its own side's units; not a kind
        it may not enter or only passes through)?"""
        t = self.p_type[p]
        if (self.t_avoid[t] | self.t_no_end[t]) >> h & 1:
            return False
        if self.shared:
            return self._side_load(s, h, self.p_side[p]) + self.t_stack[t] <= self.h_limit[h]
        q = s.occ[h]
        if q >= 0 and self.p_side[q] != self.p_side[p]:
            return False
        return self._load(s, h) + self.t_stack[t] <= self.h_limit[h]

    def _side_load(self, s: StandardState, h: int, side: int) -> int:
        """Stacking units / points of ``side`` in ``h`` (case 12.5: each side's own, in a shared space)."""
        n, p, nxt, pts, pt, ps = 0, s.occ[h], s.nxt, self.t_stack, self.p_type, self.p_side
        while p >= 0:
            if ps[p] == side:
                n += pts[pt[p]]
            p = nxt[p]
        return n

    # ------------------------------------------------------------------ positions as masks

    def _masks(self, s: StandardState, side: int) -> tuple:
        """(friendly hexes, enemy hexes, enemy zones of control) of ``side`` as bit masks, and
        a cache for :meth:`_reach` (``"stacked"``: friendly hexes with more than one unit; the
        :meth:`_full` masks by stacking points, the strategic ``"near"`` mask)."""
        own, stacked, enemy, zoc = side_masks(s.loc, self.side_pieces[side], self.side_pieces[1 - side],
                                              self.board.bit, self.zoc_from)
        if self.zoc_kind == ZOC_NONE:
            zoc = 0
        if self.shared:                 # entering an enemy's space ends the move (case 12.5)
            return own, enemy, zoc | enemy, {"stacked": stacked, "side": side}
        return own, enemy, zoc, {"stacked": stacked}

    def mask_inputs(self, s: StandardState, side: int) -> tuple:
        """What :meth:`_masks` of ``side`` reads besides where the pieces are (none here): a
        game whose masks read more of the position returns it, so that the probes' cache
        (probes.py) tells such positions apart."""
        return ()

    def _full(self, s: StandardState, cache: dict, own: int, pts: int) -> int:
        """The friendly hexes (``own``) with no room for a unit of ``pts`` stacking points
        (cached in ``cache``, from :meth:`_masks`)."""
        full = cache.get(pts)
        if full is not None:
            return full
        full, limits = 0, self.h_limit
        if self.max_stack <= self.min_limit - pts:         # one unit alone never fills a hex
            own = cache["stacked"]
        occ, nxt, sp, pt = s.occ, s.nxt, self.t_stack, self.p_type
        side = cache.get("side", -1) if self.shared else -1
        ps = self.p_side
        while own:
            low = own & -own
            own ^= low
            h = low.bit_length() - 1
            n, q = 0, occ[h]
            while q >= 0:
                if side < 0 or ps[q] == side:
                    n += sp[pt[q]]
                q = nxt[q]
            if n > limits[h] - pts:
                full |= low
        cache[pts] = full
        return full

    def _near_enemy(self, s: StandardState, side: int) -> int:
        """Hexes within the strategic ``enemy_distance`` of an enemy unit (case 5.6)."""
        near, within, loc = 0, self.near_masks, s.loc
        for p in self.side_pieces[1 - side]:
            h = loc[p]
            if h >= 0:
                near |= within[h]
        return near

    # ------------------------------------------------------------------ cases 5-6: where a unit may go

    def destinations(self, s: StandardState, p: int, march: bool = False, masks=None) -> list:
        """The hexes where ``p`` may end a move (or a strategic march), ascending."""
        return self.indices(self._reach(s, p, march, masks, False))

    def _dest_actions(self, s: StandardState, p: int, march: bool) -> list:
        """The DEST decision: ``("to", hex)`` for each destination (shared tuples)."""
        mc = self._mc
        if mc is not None and mc.state is s and mc.side == self.p_side[p]:
            known = mc.st[2 * p + march]
            if known is not None and known[2] is not None:
                return self.to_list(known[2])
            return self.to_list(self._reach_region(s, p, march, mc.masks, False)[0])
        return self.to_list(self._probes.reach(s, p, march))

    def dests_if_picked(self, s: StandardState, p: int, march: bool) -> list | None:
        """The hexes of the destination decision (its ``("to", hex)``, ascending) were ``p``
        picked to move (``march``: to march) in ``s``, a copy of a position whose PICK decision
        offers it: what :meth:`legal_actions` lists after ``apply(s, ("move", p))``, without
        applying it (a bot's probe). None where that is not the answer or not known so: a
        single destination (the engine moves the unit there at once) or none, or a pick that
        does more than ask where to (:attr:`plain_picks`)."""
        if not self.plain_picks:
            return None
        mask = self._probes.reach(s, p, march)
        return self.indices(mask) if mask & (mask - 1) else None

    def _moved(self, s: StandardState, mc: MoveCache, p: int, a: int, b: int) -> None:
        """Unit ``p`` of the moving side went from hex ``a`` to ``b``: bring ``mc`` up to date
        (its own hexes; drop what depended on ``a`` or ``b``) and make it the game's again."""
        own, enemy, zoc, cache = mc.masks
        ba, bb = 1 << a, 1 << b
        both = ba | bb
        occ, nxt, sp, pt = s.occ, s.nxt, self.t_stack, self.p_type
        if occ[a] < 0:
            own ^= ba
        own |= bb
        # updated in place (only ``mc`` holds it): "near" stays, the full hexes per stacking
        # points (every one made by _fill) change in a and b only
        load_a = load_b = 0             # _load of a and b, written out
        q = occ[a]
        while q >= 0:
            load_a += sp[pt[q]]
            q = nxt[q]
        q = occ[b]
        while q >= 0:
            load_b += sp[pt[q]]
            q = nxt[q]
        if self.shared:                 # each side's own units count (case 12.5)
            side = self.p_side[p]
            load_a, load_b = self._side_load(s, a, side), self._side_load(s, b, side)
        lim_a, lim_b = self.h_limit[a], self.h_limit[b]
        for key in self.stack_points:
            cache[key] = ((cache[key] & ~both) | (ba if load_a > lim_a - key else 0)
                          | (bb if load_b > lim_b - key else 0))
        mc.masks = (own, enemy, zoc, cache)
        mc.ok = {}
        live, pick = mc.live, mc.pick
        if p in live:
            live.remove(p)              # it has moved: never asked again this phase
        else:                           # not a unit of the PICK list (a test's own move)
            pick = None
        if mc.deps & both and not self._kept(s, mc, both):  # an answer depending on a or b changed
            pick = None
        if pick is not None:            # the same choices but the unit that moved: its st
            st = mc.st                  # entries say which of its actions the list holds
            if st[2 * p][0]:
                pick.remove(self.move_actions[p])
            if self.strategic and st[2 * p + 1][0]:
                pick.remove(self.march_actions[p])
        mc.pick = pick
        self._mc = mc

    def _kept(self, s: StandardState, mc: MoveCache, both: int) -> bool:
        """Ask again (:meth:`~.rules.Game._may_move`) what ``mc`` knows of a unit moving
        (marching) that depends on the hexes of ``both``; True when every unit may still do
        what it could: the PICK list holds (a move seldom changes one, and asking now, not at
        the next PICK, spares making the list again)."""
        st, deps, kept = mc.st, 0, True
        for q in mc.live:
            for march in (False, True):
                known = st[2 * q + march]
                if known is not None:
                    if known[1] & both:
                        may = known[0]
                        known = st[2 * q + march] = self._may_move(s, mc, q, march)
                        kept = kept and known[0] == may
                    deps |= known[1]
        mc.deps = deps
        return kept

    def _reach(self, s: StandardState, p: int, march: bool, masks, any_end: bool) -> int:
        """Bit mask of the hexes where ``p`` may end a move (a march); ``any_end``: stop at the
        first one found (a non-zero mask when the unit may move at all). ``masks``: those of
        :meth:`_masks` for its side, when the caller has them.

        The rules of the move are worked into masks here (:meth:`_reach_region`); the search
        over them is ``self.search``: the compiled one (``_reach.c``) where it was built, else
        :meth:`_search`. Both give the answers of the plain search of
        tests/engine/standard_reference.py."""
        return self._reach_region(s, p, march, masks, any_end)[0]

    def _reach_region(self, s: StandardState, p: int, march: bool, masks, any_end: bool) -> tuple:
        """(:meth:`_reach`'s mask, the hexes the search reached): the answer stays the same
        while nothing changes in those hexes (nor the enemy units, nor ``p``'s hex)."""
        side, t, start = self.p_side[p], self.p_type[p], s.loc[p]
        own, enemy, zoc, fulls = masks or self._masks(s, side)
        sb = 1 << start
        if self.zoc_kind == ZOC_LOCKING and zoc & sb:      # case 6.4
            return 0, 0
        ma = self.t_ma2[t]
        avoid = (0 if self.shared else enemy) | self.t_avoid[t]
        if march:
            near = fulls.get("near")
            if near is None:
                near = fulls["near"] = self._near_enemy(s, side)
            if near & sb:
                return 0, 0
            ma *= self.march_mult
            avoid |= near
        every = self.every          # the masks stay non-negative: faster ints
        full = fulls.get(self.t_stack[t])
        if full is None:
            full = self._full(s, fulls, own, self.t_stack[t])
        ends = every & ~(full | sb | self.t_no_end[t])
        leave = no_zoc = 0
        if self.zoc_kind == ZOC_STOP_LEAVE and zoc & sb:   # case 6.3
            leave, no_zoc = self.leave2, zoc
        return self.search(start, ma, avoid, ends, zoc | (0 if self.t_pass[t] else own), leave, no_zoc, any_end)

    def _search(self, start: int, ma: int, avoid: int, ends: int, stop: int, leave: int, no_zoc: int,
                any_end: bool) -> tuple:
        """(destinations, hexes seen) from hex ``start`` with ``ma`` half MP: the hexes reached
        within it, never entering ``avoid``; a hex of ``stop`` is reached but not left (the start
        always is). When ``no_zoc`` is not 0, the first steps cost ``leave`` more and never enter
        it. The destinations are the hexes of ``ends`` reached; ``any_end``: the first level's
        that holds any (and the hexes seen until then).

        The plain search with the costs still to come packed into one int and the steps of a
        level's hexes merged a byte of the mask at a time (``byte_steps``); ``_reach.c`` is the
        same search in C (``Search.reach``, the same arguments)."""
        # ``future``: the hexes reached at each cost to come, packed (slot k: ``spent + k``
        # half MP), from the first steps out of the start hex on
        n, sb, every = self.board.n, 1 << start, self.every
        if no_zoc:              # leaving a zone of control: its cost, and never into another
            future = 0
            for c, m in self.step_masks[start]:
                c += leave
                if c <= ma:
                    future |= (m & ~no_zoc) << (c * n)
        else:                   # slots beyond the allowance are never reached: no need to cut
            future = self.steps_of_bit[sb]
        steps, byte_steps = self.steps_of_bit, self.byte_steps
        last = ma - self.min_step          # from a hex reached later, no step fits in the allowance
        unseen = every ^ (sb | avoid)
        go_on = every & ~stop
        spent = 0
        while future and spent < last:      # the levels a step may still be taken from
            future >>= n
            spent += 1
            new = future & unseen
            if not new:
                continue
            unseen ^= new
            if any_end and new & ends:
                return new & ends, (every ^ unseen) & ~avoid
            go = new & go_on
            if go:
                if go & (go - 1):       # several hexes: their steps merged byte by byte
                    o = ((go & -go).bit_length() - 1) >> 3
                    for v in (go >> (o << 3)).to_bytes(((go.bit_length() + 7) >> 3) - o, "little"):
                        if v:
                            future |= byte_steps[o][v]
                        o += 1
                else:
                    future |= steps[go]
        while future and spent < ma:        # the last levels: hexes reached, never left
            future >>= n
            spent += 1
            new = future & unseen
            if new:
                unseen ^= new
                if any_end and new & ends:
                    return new & ends, (every ^ unseen) & ~avoid
        seen = (every ^ unseen) & ~avoid
        return seen & ends, seen

    # ------------------------------------------------------------------ case 10.1 reinforcements

    def _next_arrival(self, s: StandardState, start: int) -> None:
        """Stage ENTER for the next due reinforcement of the acting side (from piece ``start``)
        that has room to enter; none left, or the side's arrivals held back by a roll (case
        14.5): the phase is over."""
        loc, due, turn = s.loc, self.p_enter_turn, s.turn
        if self.rolls is None or not self.arrivals_held(s, s.actor):
            for p in self.side_arrivals[s.actor]:
                if p >= start and loc[p] == RESERVE and due[p] <= turn and self._entry_hexes(s, p):
                    s.stage, s.chosen = ENTER, p
                    return
        s.stage, s.chosen = PICK, -1
        self._next_phase(s)

    def _entry_hexes(self, s: StandardState, p: int) -> list:
        """Where reinforcement ``p`` may enter now: its entry hexes with room and no enemy."""
        room = self._room
        return [h for h in self.p_entry[p] if room(s, h, p)]

    def _arrive(self, s: StandardState, p: int, h: int) -> None:
        self._put(s, p, h)
        if s.events is not None:
            s.events.append(Arrived(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                    piece=p, hex=self.board.grid.id_of(h)))
        self._entered(s, p, h)
