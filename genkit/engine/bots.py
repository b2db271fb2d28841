"""Bots: ``choose(view, actions) -> action``; ``view`` is ``game.observe(state, side)`` for
bots that set ``needs_view``, else None.

The engine has the one random bot (what :func:`genkit.engine.play_game` plays when given no
bots) and the seeding scheme. The one registry of bots by name, with the one ``make_bot``, is
the simulator's (:mod:`genkit.sim.bots`): it registers this bot as ``random`` next to the
generic ``rollout`` bot; a game's own bots are its rules module's ``bots``. The engine never looks a
name up.
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
        """The registry's constructor protocol (:func:`genkit.sim.bots.make_bot`)."""
        return cls(seed)

    def choose(self, view, actions):
        return actions[int(self._random() * len(actions))]


def per_game(build):
    """``build(game)`` made once per game object and shared by every bot of that game (a
    game's bots keep their tables, built from the model, in one place)."""
    cache: dict = {}

    def shared(game):
        hit = cache.get(id(game))
        if hit is None or hit[0] is not game:
            hit = cache[id(game)] = (game, build(game))
        return hit[1]
    return shared


_M64 = (1 << 64) - 1


def _mix(z: int) -> int:
    """splitmix64's finaliser: well-spread 64-bit seeds from small integers."""
    z = (z + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed`` (a 63-bit int)."""
    return _mix(_mix(seed & _M64) ^ index) >> 1


def bot_seed(gseed: int, side: int) -> int:
    """The seed of the bot playing ``side`` in the game seeded ``gseed``: one scheme for
    ``genkit play`` and ``genkit sim``, so a simulated game replays with ``genkit play``."""
    return _mix(gseed ^ (0xB07 + side))
