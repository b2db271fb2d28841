"""What every model check shares: the :class:`Context` a check reads the model through, and the
registry the checks join with ``@check`` (check.py, check_cards.py, check_colours.py,
check_combat.py and check_map.py each register theirs here; :func:`genkit.model.check.run_checks`
runs them all). Imports nothing of the checks themselves, so no check file imports another."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterable, Iterator

from .. import hexes
from .schema import Content
from .source import Finding, Source

CHECKS: list[Callable[["Context"], Iterable[Finding]]] = []


def check(fn):
    """Register ``fn(ctx) -> iterable of Finding`` as a check of the model."""
    CHECKS.append(fn)
    return fn


@dataclass
class Context:
    content: Content
    source: Source

    def error(self, code: str, path: Iterable, message: str) -> Finding:
        return self.source.finding("error", code, path, message)

    def warning(self, code: str, path: Iterable, message: str) -> Finding:
        return self.source.finding("warning", code, path, message)

    @cached_property
    def grid(self) -> hexes.HexGrid:
        g = self.content.map.grid
        return hexes.HexGrid(g.columns, g.rows, g.orientation, g.shift)

    @cached_property
    def side_ids(self) -> set[str]:
        return {s.id for s in self.content.game.sides}

    @cached_property
    def terrain_at(self) -> dict[str, object]:
        """hex id -> Terrain, for hexes whose code is known."""
        codes = self.content.terrain_by_code()
        out = {}
        for row_no, row in enumerate(self.content.map.rows, start=1):
            for col_no, code in enumerate(row, start=1):
                if code in codes and col_no <= self.grid.columns and row_no <= self.grid.rows:
                    out[hexes.format_hex_id(col_no, row_no)] = codes[code]
        return out

    def setup(self) -> Iterator[tuple[str, str, str, tuple]]:
        """(side, unit type, hex id, path) for every unit starting on the map."""
        for g, group in enumerate(self.content.counters.units):
            for i, hex_id in enumerate(group.setup):
                yield group.side, group.type, hex_id, ("counters", "units", g, "setup", i)
