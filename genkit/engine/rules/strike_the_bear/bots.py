"""The bots of the Strike the Bear system: the standard greedy player, going for the
objectives its side rolled (13.2; the default set until it rolls, 13.3) and holding those its
side controls."""
from __future__ import annotations

from ..standard.bots import GreedyBot


class ObjectiveBot(GreedyBot):
    """Greedy play whose targets are its side's objectives of the moment (the spaces of each
    objective name), read from the view every decision."""

    name = "greedy"

    def _set_targets(self, v):
        g = self.g
        names = v.objectives[self.side] or g.default_objectives
        self.static_targets = tuple(sorted({h for n in names for h in g.objective_spaces.get(n, ())}))
        GreedyBot._set_targets(self, v)
