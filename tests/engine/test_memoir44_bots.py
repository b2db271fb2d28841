"""The Memoir '44 search bot (genkit/engine/rules/memoir44/bot_search.py): deterministic for a seed,
only legal actions, and blind to what its side cannot see (the other hand, the deck order).
A few decisions each, not whole games."""
from __future__ import annotations

import random

from test_memoir44_position import content

from genkit.engine import rules_for
from genkit.engine.rules.memoir44.state import S_CARD


def card_decisions(seed: int, count: int):
    """The first ``count`` card decisions of a greedy-vs-greedy game: (game, state copy)."""
    g = rules_for(content())
    s = g.initial_state(seed)
    bots = [g.module.bots["greedy"].for_game(g, k, seed + k) for k in range(2)]
    out = []
    while not s.ended and len(out) < count:
        acts = g.legal_actions(s)
        if s.stage == S_CARD and len(acts) > 1:
            out.append(s.copy())
        g.apply(s, bots[s.actor].choose(g.observe(s, s.actor), acts))
    return g, out


def search_choice(g, s, seed: int):
    side = s.actor
    bot = g.module.bots["search"].for_game(g, side, seed)
    return bot.choose(g.observe(s, side), g.legal_actions(s))


def test_m44_search_bot_is_deterministic_and_legal():
    g, states = card_decisions(3, 3)
    assert len(states) == 3
    for k, s in enumerate(states):
        a = search_choice(g, s, 10 + k)
        assert a in g.legal_actions(s)
        assert search_choice(g, s, 10 + k) == a
        assert s.stage == S_CARD and not s.ended       # the real state is left untouched


def test_m44_search_bot_does_not_read_the_hidden_cards():
    g, states = card_decisions(4, 2)
    for k, s in enumerate(states):
        side = s.actor
        other = 1 - side
        for trial in range(3):
            t = s.copy()
            pool = t.deck + t.hands[other]
            random.Random(trial).shuffle(pool)
            n = len(t.hands[other])
            t.hands[other], t.deck = pool[:n], pool[n:]
            t.rng = s.rng ^ (trial + 1) * 7919
            t.legal = None
            assert search_choice(g, t, 20 + k) == search_choice(g, s, 20 + k)
