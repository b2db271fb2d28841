"""Destination searches in positions other than the movement phase's own: a bot probing copies
of the position (the greedy bot asks where each unit could go, move after move). The phase's
own decisions are served by :class:`~.movement.MoveCache`; these by :class:`ProbeCache`, which
remembers the masks of the last position seen and, per search, the hexes it read, and answers
again without searching while none of those hexes changed."""
from __future__ import annotations

#: searches remembered per (start hex, unit type, march) and in all, before the oldest go
PER_START, MOST = 16, 20_000


class ProbeCache:
    """What one game remembers of its probes (the game's ``_probes``).

    A search (:meth:`~.movement.Movement._reach_region`) reads the masks of :meth:`_masks`
    only in the hexes it reached and those next to them (``around``: closed neighbourhoods,
    merged a byte of the mask at a time); its region is the same in any position whose
    friendly, enemy, zone of control and (marching) "near" masks agree there. Its
    destinations are that region but the start and the hexes with no room (``full``), read
    from the position asked about.

    Where the search is the compiled one (``_reach.c``), searching again costs less than reading
    the remembered searches' signatures (greedy games measured: 56% of the probes missed,
    after a scan of 12 signatures on average): it then answers by the search alone."""

    __slots__ = ("around", "blocks", "found", "game", "masks_of", "remember", "size")

    def __init__(self, game):
        self.game = game
        n = game.board.n
        adj = game.board.adj_mask
        self.around = [[_around(adj, o, v, n) for v in range(256)] for o in range((n + 7) // 8)]
        self.masks_of = None            # (side, pieces' hexes, masks) of the last position
        self.found: dict = {}           # (start, type, march) -> [(hexes read, their masks, region)]
        self.size = 0
        #: the game plays cards that block spaces (case 13.13): its masks depend on them too
        self.blocks = False
        #: whether searches are remembered: with the Python search only (set by :meth:`masks`,
        #: as ``game.search`` is when the position is read)
        self.remember = True

    def masks(self, s, side: int) -> tuple:
        """:meth:`~.movement.Movement._masks` of ``side`` in ``s``, the same object for every
        copy of one position (they are a function of where the pieces are)."""
        where = tuple(s.loc) + self.game.mask_inputs(s, side)
        if self.blocks:                 # case 13.13: the spaces blocked to the side count too
            where += (s.blocked[side],)
        last = self.masks_of
        if last is None or last[0] != side or last[1] != where:
            g = self.game
            last = self.masks_of = (side, where, g._masks(s, side))
            self.remember = g.search == g._search
        return last[2]

    def reach(self, s, p: int, march: bool) -> int:
        """The mask of the hexes where ``p`` may end a move (march) in ``s``."""
        g = self.game
        side, t, start = g.p_side[p], g.p_type[p], s.loc[p]
        masks = self.masks(s, side)
        if not self.remember:
            return g._reach_region(s, p, march, masks, False)[0]
        own, enemy, zoc, fulls = masks
        near = 0
        if march:
            near = fulls.get("near")
            if near is None:
                near = fulls["near"] = g._near_enemy(s, side)
        if self.size >= MOST:
            self.found.clear()
            self.size = 0
        key = (start, t, march)
        known = self.found.get(key)
        if known is None:
            known = self.found[key] = []
        for read, sig, region in known:
            if sig == (own & read, enemy & read, zoc & read, near & read):
                break
        else:
            region = g._reach_region(s, p, march, masks, False)[1]
            read = self._around(region | 1 << start)
            self._keep(known, (read, (own & read, enemy & read, zoc & read, near & read), region))
        full = fulls.get(g.t_stack[t])
        if full is None:
            full = g._full(s, fulls, own, g.t_stack[t])
        return region & ~(full | 1 << start | g.t_no_end[t])      # (passed through: no end there)

    def _keep(self, known: list, entry: tuple) -> None:
        known.append(entry)
        self.size += 1
        if len(known) > PER_START:
            del known[0]
            self.size -= 1

    def _around(self, mask: int) -> int:
        """The hexes of ``mask`` and those next to them."""
        out, around = mask, self.around
        o = ((mask & -mask).bit_length() - 1) >> 3
        for v in (mask >> (o << 3)).to_bytes(((mask.bit_length() + 7) >> 3) - o, "little"):
            if v:
                out |= around[o][v]
            o += 1
        return out


def _around(adj: tuple, o: int, v: int, n: int) -> int:
    """The hexes next to those of byte ``o`` of a mask with value ``v``."""
    out = 0
    for b in range(8):
        h = o * 8 + b
        if v >> b & 1 and h < n:
            out |= adj[h]
    return out
