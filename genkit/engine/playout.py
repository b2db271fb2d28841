"""Playing a position on: the one loop every rollout of every bot runs.

A search bot scores an action by playing the position on after it, with some policy for every
side, until the game ends or a horizon is reached, and scoring what it finds. The generic
``rollout`` bot (:mod:`genkit.sim.bots`, uniformly random decisions), Bering Land's search bot
(greedy decisions for one game turn) and Memoir '44's (greedy decisions for some player turns)
all play on through :func:`playout`, so each takes its decisions, and draws its random numbers,
in the same order: the legal actions of the decision, then the policy's choice, then ``apply``.
"""
from __future__ import annotations

from collections.abc import Callable


def playout(game, state, policy: Callable, steps: int, stop: Callable | None = None) -> int:
    """Play ``state`` on in place, one decision after another, ``policy(state, actions)``
    choosing each among the legal ``actions``, while the game is not over, fewer than
    ``steps`` decisions are taken and ``stop(state)`` (asked before each decision) is false.
    Returns the number of decisions taken."""
    legal, apply = game.legal_actions, game.apply
    taken = 0
    while taken < steps and not state.ended and not (stop is not None and stop(state)):
        apply(state, policy(state, legal(state)))
        taken += 1
    return taken


def bot_policy(game, bots: list) -> Callable:
    """The policy of one bot per side: the bot of the side to act chooses, on what that side
    sees (``game.observe``)."""
    observe = game.observe

    def choose(state, actions):
        side = state.actor
        return bots[side].choose(observe(state, side), actions)
    return choose
