"""Modern Land Battles' search bot: at each action of a turn, and at each reaction with a card to
play, it takes the greedy bot's best few choices (and Prepare, or not reacting) and plays each on
from the same few re-dealt copies of what it sees (the other hand and the draw pile drawn again,
the dice re-seeded) for some decisions, both sides played by greedy bots seeded alike for every
choice, so that choices are compared on the same deals and dice (common random numbers); it keeps
the choice whose positions score best on average (victory points, forces left and their damage,
the Breakthrough Area held). The other decisions are the greedy bot's."""
from __future__ import annotations

import random

from ...playout import bot_policy, playout
from .bots import GreedyBot
from .state import ACTION, BREAKTHROUGH, REACT


class SearchBot(GreedyBot):
    """Monte Carlo over greedy continuations at each action and reaction (module docstring)."""

    name = "search"
    #: choices tried, copies of the position per choice, decisions played on from each
    width, copies, horizon = 5, 6, 16
    #: at a reaction: the card choices tried besides not reacting, and copies
    react_width, react_copies = 2, 4

    def __init__(self, game, side: int, seed: int):
        GreedyBot.__init__(self, game, side, seed)
        self.players = [GreedyBot(game, k, seed ^ (0x5EA + k)) for k in (0, 1)]
        self.policy = bot_policy(game, self.players)

    def choose(self, view, actions):
        if len(actions) < 2 or view.stage not in (ACTION, REACT):
            return GreedyBot.choose(self, view, actions)
        ranked = sorted(actions, key=lambda a: -self.rate(view, a))
        if view.stage == ACTION:
            keep, copies = ("prepare",), self.copies
            tried = ranked[:self.width]
        else:
            keep, copies = ("pass",), self.react_copies
            tried = [a for a in ranked if a != keep][:self.react_width]
        if keep not in tried:
            tried.append(keep)
        seeds = [self.rng.getrandbits(64) for _ in range(copies)]
        g = self.g
        best, top = tried[0], None
        for a in tried:
            total = 0.0
            for seed in seeds:
                s = view.sample_state(random.Random(seed))
                for k, p in enumerate(self.players):
                    p.rng.seed(seed ^ k)
                g.apply(s, a)
                playout(g, s, self.policy, self.horizon)
                total += self.value(s)
            if top is None or total > top + 1e-9:
                best, top = a, total
        return best

    def value(self, s) -> float:
        """The position for this side: a win or a loss outright, else the VP difference and each
        side's forces in play worth their VP less their damage."""
        g, me = self.g, self.side
        if s.ended:
            return 0.0 if s.winner < 0 else (100.0 if s.winner == me else -100.0)
        score = g.points(s, me) - g.points(s, 1 - me)
        for side, sign in ((me, 1.0), (1 - me, -1.0)):
            held = 0
            for f in s.side_forces[side]:
                if s.area[f] >= 0:
                    score += sign * 0.4 * g.forces[f].vp * (g.dice - s.hits[f]) / g.dice
                    held += s.area[f] == BREAKTHROUGH
            score += sign * (2.0 if held >= 2 else 0.0)
        return score
