"""Bots: ``choose(view, actions) -> action``; ``view`` is a
:class:`~genkit.engine.view.PlayerView` for bots that set ``needs_view``, else None.

The engine has the one random bot; the simulator's registry (:mod:`genkit.sim.bots`)
registers it as ``random`` next to its heuristic bots.
"""
from __future__ import annotations

import random


class RandomBot:
    """Uniform over the legal actions, with its own seeded generator; sees nothing hidden."""

    name = "random"
    needs_view = False

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)
        self._random = self._rng.random

    @classmethod
    def for_game(cls, game, side: int, seed: int) -> "RandomBot":
        """The simulator's constructor protocol (``make_bot(name, game, side, seed)``)."""
        return cls(seed)

    def choose(self, view, actions):
        return actions[int(self._random() * len(actions))]


BOTS = {"random": RandomBot}


def make_bot(spec, seed: int):
    """A bot from a name in :data:`BOTS` or an object with ``choose`` (returned as is).

    The simulator's bots (``greedy``, ``search``) need the game and side: build them with
    ``genkit.sim.bots.make_bot(name, game, side, seed)`` and pass the objects.
    """
    if hasattr(spec, "choose"):
        return spec
    try:
        return BOTS[spec](seed)
    except KeyError:
        raise ValueError(f"unknown bot {spec!r}; known: {', '.join(sorted(BOTS))} "
                         f"(others: genkit.sim.bots.make_bot)") from None
