"""Bots: ``choose(view, actions) -> action``; ``view`` is None unless the bot sets ``needs_view``."""
from __future__ import annotations

import random


class RandomBot:
    """Uniform over the legal actions, with its own seeded generator; sees nothing hidden."""

    name = "random"
    needs_view = False

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)
        self._random = self._rng.random

    def choose(self, view, actions):
        return actions[int(self._random() * len(actions))]


BOTS = {"random": RandomBot}


def make_bot(spec, seed: int):
    """A bot from a name in :data:`BOTS` or an object with ``choose`` (returned as is)."""
    if hasattr(spec, "choose"):
        return spec
    try:
        return BOTS[spec](seed)
    except KeyError:
        raise ValueError(f"unknown bot {spec!r}; known: {', '.join(sorted(BOTS))}") from None
