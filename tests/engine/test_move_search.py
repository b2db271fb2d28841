"""The fast movement searches and the shared move cache give exactly the reference searches' answers."""
import random

from genkit.engine import rules_for
from genkit.engine.core import move_targets
from genkit.engine.rules.bering_land import Game
from genkit.engine.state import RESERVE

from engine_helpers import bering
from reference_search import move_hexes, move_nodes


def _reference(g, s, p):
    t, side = g.p_type[p], g.p_side[p]
    zoc = g._zoc(s, side)
    if g.t_face[t]:
        return move_nodes(g.board, s.loc[p], s.facing[p], g.t_ma[t], s.occ, g.p_side, side,
                          g.t_pass[t], g.t_turn[t], zoc)
    return move_hexes(g.board, s.loc[p], g.t_ma[t], s.occ, g.p_side, side, g.t_pass[t], zoc)


def test_move_ends_match_the_reference_search_with_warm_and_cold_caches():
    g = rules_for(bering())
    cold = Game(g.content)          # a second game: its caches start empty at every check
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = g.initial_state(seed)
        while not s.ended:
            for p in range(g.npieces):
                if s.loc[p] >= 0 and g.t_ma[g.p_type[p]] > 0:
                    ref = _reference(g, s, p)
                    assert g.move_ends(s, p) == ref
                    cold.clear_move_caches()
                    assert cold.move_ends(s, p) == ref
                    checked += 1
            acts = g.legal_actions(s)
            g.apply(s, acts[rng.randrange(len(acts))])
    assert checked > 1000


def test_passing_through_friends_and_every_facing():
    """Crowded positions: each unit at each facing, with friends and enemies packed around."""
    g = rules_for(bering())
    rng = random.Random(7)
    for seed in range(40):
        s = g.initial_state(seed)
        hexes = [h for h in range(g.board.n) if g.board.cost[h]]
        rng.shuffle(hexes)
        for p in range(g.npieces):
            g.put(s, p, RESERVE)
        for p in range(g.npieces):
            if rng.random() < 0.8:
                g.put(s, p, hexes[p % 40], facing=rng.randrange(6))
        for p in range(g.npieces):
            if s.loc[p] < 0:
                continue
            for f in range(6):
                s.facing[p] = f
                ref = _reference(g, s, p)
                assert g.move_ends(s, p) == ref
                t, side = g.p_type[p], g.p_side[p]
                public = move_targets(g.board, s.loc[p], f, g.t_ma[t], s.occ, g.p_side, side, g.t_pass[t],
                                      g.t_face[t], g.t_turn[t], g._zoc(s, side))
                assert public == ([(k // 6, k % 6) for k in ref] if g.t_face[t] else [(h, f) for h in ref])


def test_can_eliminate_agrees_with_the_listed_choices():
    g = rules_for(bering())
    cards = [c for c in range(g.ncards) if g.abilities[g.c_ab[c]].effect.kind == "eliminate"]
    assert cards
    seen = {False: 0, True: 0}
    for seed in range(40):
        rng = random.Random(seed)
        s = g.initial_state(seed)
        while not s.ended:
            if s.lead >= 0:
                for c in cards:
                    want = bool(g._eliminate_choices(s, c))
                    assert g._can_eliminate(s, c) == want
                    seen[want] += 1
            acts = g.legal_actions(s)
            g.apply(s, acts[rng.randrange(len(acts))])
    assert seen[True] and seen[False]
