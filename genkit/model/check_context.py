"""What every model check shares: the :class:`Context` a check reads the model through, and the
registry the checks join with ``@check`` (check.py, check_cards.py, check_colours.py,
check_combat.py and check_map.py each register theirs here; :func:`genkit.model.check.run_checks`
runs them all). Imports nothing of the checks themselves, so no check file imports another."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterable, Iterator

from .. import hexes
from ..board import Board, BoardError, board_of_map, kept_board_of_map
from .schema import Content
from .source import Finding, Source

CHECKS: list[Callable[["Context"], Iterable[Finding]]] = []


def check(fn):
    """Register ``fn(ctx) -> iterable of Finding`` as a check of the model."""
    CHECKS.append(fn)
    return fn


@dataclass
class Context:
    """``separate_attack_types``: the CRT attack types the game's rules read on their own table
    (a bombardment's rows), not as a weaker attack; the CRT check judges them so (set by the
    pack's checks from the rules module, :mod:`genkit.pack.playable`)."""
    content: Content
    source: Source
    separate_attack_types: frozenset = frozenset()

    def error(self, code: str, path: Iterable, message: str) -> Finding:
        return self.source.finding("error", code, path, message)

    def warning(self, code: str, path: Iterable, message: str) -> Finding:
        return self.source.finding("warning", code, path, message)

    @cached_property
    def board(self) -> Board:
        """The board of the map (:func:`genkit.board.board_of_map`); a map whose board cannot be
        built (the board checks say why, with file and line) gives a board of its spaces alone
        (or none), so the other checks still run."""
        try:
            return kept_board_of_map(self.content.map)
        except (BoardError, KeyError, TypeError, ValueError):
            m = self.content.map
            if m.grid is not None:
                return board_of_map(m.model_copy(update={"spaces": [], "connections": [], "places": []}))
            known = {e.id for e in m.spaces}
            ok = [c for c in m.connections if c.a in known and c.b in known and c.a != c.b]
            seen, keep = set(), []
            for c in ok:
                if frozenset((c.a, c.b)) not in seen:
                    seen.add(frozenset((c.a, c.b)))
                    keep.append(c)
            first, spaces, ids = ({s.id for s in m.sheets} or {"map"}), [], set()
            for e in m.spaces:
                if e.id not in ids:
                    ids.add(e.id)
                    spaces.append(e if (e.sheet is None or e.sheet in first) else e.model_copy(update={"sheet": None}))
            try:
                return board_of_map(m.model_copy(update={"spaces": spaces, "connections": keep}))
            except (BoardError, KeyError, TypeError, ValueError):
                return board_of_map(m.model_copy(update={"spaces": [], "connections": []}))

    @cached_property
    def grid(self):
        """What turns space ids into indices and back (``in``, ``index_of``, ``id_of``): the
        :class:`~genkit.hexes.HexGrid` of a hex map, else the board."""
        g = self.content.map.grid
        if g is not None and g.kind == "hex":
            try:
                kept = self.board.grid  # the board's own grid when it is this one (built once)
            except (BoardError, KeyError, TypeError, ValueError):
                kept = None
            if isinstance(kept, hexes.HexGrid) and (kept.columns, kept.rows, kept.orientation, kept.shift,
                                                    kept.id_format) == (g.columns, g.rows, g.orientation,
                                                                        g.shift, hexes.HEX_ID_FORMAT):
                return kept
            return hexes.HexGrid(g.columns, g.rows, g.orientation, g.shift)
        return self.board

    @cached_property
    def side_ids(self) -> set[str]:
        return {s.id for s in self.content.game.sides}

    @cached_property
    def terrain_at(self) -> dict[str, object]:
        """space id -> Terrain, for spaces whose terrain is known."""
        by_id = {t.id: t for t in self.content.map.terrain}
        return {s.id: by_id[s.terrain] for s in self.board.spaces if s.terrain in by_id}

    def setup(self) -> Iterator[tuple[str, str, str, tuple]]:
        """(side, unit type, hex id, path) for every unit starting on the map."""
        for g, group in enumerate(self.content.counters.units):
            for i, hex_id in enumerate(group.setup):
                yield group.side, group.type, hex_id, ("counters", "units", g, "setup", i)
