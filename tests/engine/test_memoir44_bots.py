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


def test_m44_3_13_search_bot_orders_units_after_playing_a_rally():
    """The search bot plays a rally card (Hour of Need) and then orders the units its dice allow:
    a rally's units are known only after its roll, so the plan is greedy's after the roll (the
    bot once planned the empty set before the roll and ordered nobody)."""
    from test_memoir44_position import command, open_content
    from test_memoir44_tactics import give

    from genkit.engine.rules.memoir44.state import S_ORDER
    pos = command(open_content())
    g, s = pos.g, pos.s
    for h in ("0208", "0308", "0408", "0508", "0608", "0708"):
        pos.put("allies", "infantry", h, ordered=False)
    for h in ("0207", "0307", "0407", "0507", "0607", "0707"):
        pos.put("axis", "infantry", h, figs=1)
    s.deck += s.hands[0]
    s.hands[0] = []
    for card in ("patrol_right", "push_right", "strike_right", "onslaught_right"):
        give(pos, "allies", card)                 # they order units on the right, where none stands
    k = give(pos, "allies", "hour_of_need")
    bot = g.module.bots["search"].for_game(g, 0, 5)
    a = bot.choose(g.observe(s, 0), pos.legal())
    assert a == ("card", k)
    pos.apply(a)
    assert s.stage == S_ORDER and s.allow
    ordered = 0
    while s.stage == S_ORDER:
        a = bot.choose(g.observe(s, 0), pos.legal())
        ordered += a[0] == "order"
        pos.apply(a)
    assert ordered >= 1


def test_m44_10_7_search_bot_rollouts_keep_every_card_once_against_a_commissar():
    """Against a side with a commissar chip, every rollout of the search bot holds each card once
    (the other side's hidden card under its chip is the sample's, like its hand and the deck)."""
    from test_memoir44_position import content as base

    g = rules_for(base("rules.commissar=[axis]"))
    s = g.initial_state(2)
    bots = [g.module.bots["greedy"].for_game(g, k, 2 + k) for k in range(2)]
    while not (s.stage == S_CARD and s.actor == 0 and s.turn >= 2):
        g.apply(s, bots[s.actor].choose(g.observe(s, s.actor), g.legal_actions(s)))
    bot = g.module.bots["search"].for_game(g, 0, 7)
    seen = []

    def evaluate(state, _eval=bot.evaluate):
        seen.append(g.state_problems(state))
        return _eval(state)
    bot.evaluate = evaluate
    a = bot.choose(g.observe(s, 0), g.legal_actions(s))
    assert a in g.legal_actions(s)
    assert seen and all(p == [] for p in seen), next(p for p in seen if p)
