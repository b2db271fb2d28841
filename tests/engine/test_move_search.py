"""The engine's movement searches give exactly the independent oracle's answers (reference_search.py).

The engine answers with bit masks, entry-cost tables and a shared move cache
(genkit.engine.movement.reach_hexes / reach_nodes, Game.move_ends); the oracle is a plain
Dijkstra written from the rules text. Positions come from random games and from random
crowded set-ups with every unit at every facing.
"""
import random

from engine_helpers import bering, open_map
from reference_search import MovementOracle

from genkit.engine import rules_for
from genkit.engine.movement import move_targets
from genkit.engine.rules.bering_land import Game
from genkit.engine.state import RESERVE


def _units(g, s):
    """The position as the oracle reads it, and each on-map piece's index in that list."""
    ids = g.board.grid.id_of
    on_map = [p for p in range(g.npieces) if s.loc[p] >= 0]
    units = [(g.side_ids[g.p_side[p]], g.type_ids[g.p_type[p]], ids(s.loc[p]), s.facing[p]) for p in on_map]
    return units, {p: k for k, p in enumerate(on_map)}


def _engine_ends(g, s, p):
    """Game.move_ends as (hex id, facing) pairs."""
    ids = g.board.grid.id_of
    if g.t_face[g.p_type[p]]:
        return {(ids(k // 6), k % 6) for k in g.move_ends(s, p)}
    return {(ids(h), s.facing[p]) for h in g.move_ends(s, p)}


def _movers(g, s):
    return [p for p in range(g.npieces) if s.loc[p] >= 0 and g.t_ma[g.p_type[p]] > 0]


def test_move_ends_match_the_oracle_in_random_games_with_warm_and_cold_caches():
    g = rules_for(bering())
    oracle = MovementOracle(g.content)
    cold = Game(g.content)          # a second game: its caches start empty at every check
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        s = g.initial_state(seed)
        while not s.ended:
            if g.phase_ids[s.phase].endswith("movement") and rng.random() < 0.3:   # some movement phases
                units, index = _units(g, s)
                for p in _movers(g, s):
                    want = oracle.move_ends(units, index[p])
                    assert _engine_ends(g, s, p) == want
                    cold.clear_move_caches()
                    assert _engine_ends(cold, s, p) == want
                    checked += 1
            acts = g.legal_actions(s)
            g.apply(s, acts[rng.randrange(len(acts))])
    assert checked > 1000


def test_crowded_positions_at_every_facing_match_the_oracle():
    """Friends and enemies packed around each unit, which faces each of the six ways in turn."""
    g = rules_for(bering())
    oracle = MovementOracle(g.content)
    rng = random.Random(7)
    hexes = [h for h in range(g.board.n) if g.board.cost[h]]
    for seed in range(12):
        s = g.initial_state(seed)
        rng.shuffle(hexes)
        for p in range(g.npieces):
            g.put(s, p, RESERVE)
        for p in range(g.npieces):
            if rng.random() < 0.8:
                g.put(s, p, hexes[p % 40], facing=rng.randrange(6))
        for p in _movers(g, s):
            for f in range(6):
                s.facing[p] = f
                units, index = _units(g, s)
                want = oracle.move_ends(units, index[p])
                assert _engine_ends(g, s, p) == want
                t, side = g.p_type[p], g.p_side[p]
                public = move_targets(g.board, s.loc[p], f, g.t_ma[t], s.occ, g.p_side, side, g.t_pass[t],
                                      g.t_face[t], g.t_turn[t], g._zoc(s, side))
                assert {(g.board.grid.id_of(h), k) for h, k in public} == want


def test_varied_terrain_grids_and_turn_costs_match_the_oracle():
    """The skirmish map with random terrain, both grid orientations and turns of 0 to 2 points."""
    rng = random.Random(3)
    codes = [t.code for t in bering().map.terrain]
    grids = (("flat", "odd-down"), ("pointy", "even-right"), ("pointy", "odd-right"))
    for turn_cost, (orientation, shift) in zip((0, 1, 2), grids):
        rows = ["".join(rng.choice(codes) for _ in range(9)) for _ in range(6)]
        extra = tuple(f"unit_types.{t}.turn_cost={turn_cost}" for t in ("lt_mobile", "hvy_mobile"))
        c = open_map(*rows, extra=extra + (f"map.grid.orientation={orientation}", f"map.grid.shift={shift}"))
        g = rules_for(c)
        oracle = MovementOracle(c)
        hexes = [h for h in range(g.board.n) if g.board.cost[h]]
        for trial in range(30):
            s = g.initial_state(trial)
            for p in range(g.npieces):
                g.put(s, p, RESERVE)
            rng.shuffle(hexes)
            for k, p in enumerate(rng.sample(range(g.npieces), min(len(hexes), 8))):
                g.put(s, p, hexes[k], facing=rng.randrange(6))
            units, index = _units(g, s)
            for p in _movers(g, s):
                assert _engine_ends(g, s, p) == oracle.move_ends(units, index[p])


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
