"""Supply (docs/standard-rules.md case 8.14): a unit is in supply when a path of at most
``rules.supply.distance`` steps joins its space to a supply source of its side, every space of the
path between the unit and the source free of enemy units and of enemy zones of control (a friendly
unit there lifts the zone), the source free of enemy units, and every step one a unit could take. Being out of supply is a column shift and
a die-roll modifier in battle, as data (``attacking``, ``defending``)."""
from __future__ import annotations

from ...board import side_masks


class SupplyTables:
    """The supply of one game: per side the mask of its sources (-1: the side is always in
    supply), the distance, the modifiers, and per space the spaces one step away."""

    def __init__(self, game, rule):
        grid = game.board.grid
        self.sources = [sum(1 << grid.index_of(h) for h in rule.sources[sid]) if sid in rule.sources else -1
                        for sid in game.side_ids]
        self.distance = rule.distance
        #: what being out of supply does (:class:`~.section.SupplyEffect`: shift, drm)
        self.attacking, self.defending = rule.attacking, rule.defending
        #: per space: the spaces one step may enter from it (any cost)
        self.next = [sum(m for _, m in steps) for steps in game.step_masks]
        #: (side, where the pieces are) -> the spaces in supply, for the last few positions
        self.memo: dict = {}


class SupplyLines:
    """The supply half of :class:`~.rules.Game` (a mixin: reads ``self.supply``, a
    :class:`SupplyTables`, None in a game without supply)."""

    def supplied(self, loc, side: int) -> int:
        """The mask of the spaces where a unit of ``side`` is in supply, with the pieces at
        ``loc`` (a state's or a view's): reached from its sources within the distance, through
        open spaces only (no enemy unit; no enemy zone of control unless a friend stands there)."""
        sp = self.supply
        sources = sp.sources[side]
        if sources < 0:
            return self.every
        key = (side, tuple(loc))            # (a bot asks again and again of one position)
        hit = sp.memo.get(key)
        if hit is not None:
            return hit
        if len(sp.memo) > 64:
            sp.memo.clear()
        sp.memo[key] = reached = self._trace(loc, side, sources)
        return reached

    def _trace(self, loc, side: int, sources: int) -> int:
        sp = self.supply
        own, _, enemy, zoc = side_masks(loc, self.side_pieces[side], self.side_pieces[1 - side], self.board.bit,
                                        self.zoc_from)
        open_ = self.every & ~enemy & ~(zoc & ~own)
        reached = frontier = sources & ~enemy           # (a source needs no more than no enemy on it)
        nxt, indices = sp.next, self.indices
        for _ in range(sp.distance):
            step = 0
            for h in indices(frontier):
                step |= nxt[h]
            step &= ~reached & ~enemy
            if not step:
                break
            reached |= step
            frontier = step & open_
        return reached

    def supply_modifiers(self, loc, attackers, defenders) -> list:
        """(source, shift, drm) of case 8.14 for a battle: the attackers' when any of them is out
        of supply, the defenders' when any of them is."""
        sp, out = self.supply, []
        for who, pieces, eff in (("attacking", attackers, sp.attacking), ("defending", defenders, sp.defending)):
            if pieces and (eff.shift or eff.drm):
                ok = self.supplied(loc, self.p_side[pieces[0]])
                if any(not (ok >> loc[p]) & 1 for p in pieces):
                    out.append((f"supply:{who}", eff.shift, eff.drm))
        return out
