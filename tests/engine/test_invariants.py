"""The fast invariant check never passes a state the detailed check would fault."""
import json
import random

import pytest

from genkit.engine import check_invariants, rules_for
from genkit.engine import events as ev
from genkit.engine.invariants import _pieces_hold
from genkit.engine.invariants import _violations as _generic_violations
from genkit.engine.rules.bering_land import checks


def _all_hold(s):
    """The fast checks, generic and Bering Land's, together."""
    return _pieces_hold(s) and checks._all_hold(s.game, s)


def _violations(s):
    return _generic_violations(s) + checks._violations(s.game, s)
from engine_helpers import BERING, bering

from genkit.engine.state import ELIMINATED, REMOVED, RESERVE


def _positions(g, seeds=range(6), every=7):
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = g.initial_state(seed)
        k = 0
        while not s.ended:
            acts = g.legal_actions(s)
            g.apply(s, acts[rng.randrange(len(acts))])
            k += 1
            if k % every == 0:
                out.append(s.copy())
        out.append(s.copy())
    return out


def _break(g, s, rng):
    """One random corruption of ``s`` (in place); its name."""
    n = g.npieces
    kind = rng.choice(["move_loc", "stack", "occ_ghost", "occ_clear", "impassable", "bad_loc",
                       "off_reduced", "off_stopped", "facing", "card_lost", "card_dup", "card_swap",
                       "hand_limit", "streak_high", "streak_neg", "invuln", "due", "turn", "winner",
                       "playing_dup", "pieces", "occ_other_piece", "own_side"])
    on = [p for p in range(n) if s.loc[p] >= 0]
    off = [p for p in range(n) if s.loc[p] < 0]
    empty = [h for h in range(g.board.n) if s.occ[h] < 0 and g.board.cost[h]]
    if kind == "move_loc" and on:
        s.loc[rng.choice(on)] = rng.choice(empty)
    elif kind == "stack" and len(on) > 1:
        p, q = rng.sample(on, 2)
        s.loc[q] = s.loc[p]
    elif kind == "occ_ghost":
        s.occ[rng.choice(empty)] = rng.randrange(n)
    elif kind == "occ_clear" and on:
        s.occ[s.loc[rng.choice(on)]] = -1
    elif kind == "occ_other_piece" and len(on) > 1:
        p, q = rng.sample(on, 2)
        s.occ[s.loc[p]] = q
    elif kind == "impassable" and on:
        bad = [h for h in range(g.board.n) if not g.board.cost[h]]
        if bad:
            p = rng.choice(on)
            h = rng.choice(bad)
            s.occ[s.loc[p]] = -1
            s.loc[p] = h
            s.occ[h] = p
    elif kind == "bad_loc":
        s.loc[rng.randrange(n)] = rng.choice([-4, -7])
    elif kind == "off_reduced" and off:
        s.reduced[rng.choice(off)] = 1
    elif kind == "off_stopped" and off:
        s.stopped[rng.choice(off)] = s.turn
    elif kind == "facing":
        s.facing[rng.randrange(n)] = rng.choice([-1, 6, 9])
    elif kind == "card_lost" and s.deck:
        s.deck.pop()
    elif kind == "card_dup" and s.deck:
        s.discard.append(s.deck[0])
    elif kind == "card_swap" and s.deck:
        s.deck[0] = g.ncards + 3
    elif kind == "hand_limit":
        while len(s.hands[0]) <= g.hand_limit and s.deck:
            s.hands[0].append(s.deck.pop())
    elif kind == "streak_high":
        s.streak[rng.randrange(len(s.streak))] = 99
    elif kind == "streak_neg":
        s.streak[rng.randrange(len(s.streak))] = -1
    elif kind == "invuln":
        s.invuln[rng.randrange(2)] = rng.choice([1 << g.ntypes, -1])
    elif kind == "due":
        s.due[rng.randrange(2)] = -1
    elif kind == "turn":
        s.turn = rng.choice([0, g.turns + 1])
    elif kind == "winner":
        s.ended = 1
        s.winner = 5
    elif kind == "playing_dup" and s.deck:
        s.playing = s.deck[-1]
    elif kind == "own_side":
        a, d = rng.sample(g.side_pieces[rng.randrange(2)], 2)
        s.attacked |= 1 << a
        s.defended |= 1 << d
    elif kind == "pieces":
        for arr in (s.loc, s.reduced, s.facing, s.stopped, s.lost):
            arr.append(RESERVE if arr is s.loc else 0)
    return kind


def test_fast_check_agrees_with_detailed_check_on_broken_states():
    g = rules_for(bering())
    rng = random.Random(5)
    found = set()
    for s in _positions(g):
        assert _all_hold(s) and check_invariants(s) == [] == _violations(s)
        for _ in range(12):
            bad = s.copy()
            for _ in range(rng.choice([1, 1, 2])):
                kind = _break(g, bad, rng)
            errs = _violations(bad)
            assert check_invariants(bad) == errs
            if errs:
                found.add(kind)
                assert not _all_hold(bad), kind
    # every kind of corruption was seen and caught
    assert len(found) >= 20 and "own_side" in found, found


@pytest.mark.parametrize("where", [RESERVE, ELIMINATED, REMOVED])
def test_off_map_piece_must_be_flat(where):
    g = rules_for(bering())
    s = g.initial_state(0)
    p = next(p for p in range(g.npieces) if s.loc[p] >= 0)
    s.occ[s.loc[p]] = -1
    s.loc[p] = where
    assert check_invariants(s) == []
    s.reduced[p] = 1
    assert any("reduced" in e for e in check_invariants(s))


def _battle_with_own_side(monkeypatch):
    """Break the rules: every unit on the map counts as an enemy when targets are listed."""
    def everyone(self, s, side):
        return sum(self.board.bit[h] for h in s.loc if h >= 0)
    monkeypatch.setattr(type(rules_for(bering())), "_enemy_mask", everyone)


@pytest.mark.parametrize("check", ["turn", "end"])
def test_invariant_no_unit_attacks_its_own_side(monkeypatch, genkit, tmp_path, check):
    """9.0 / 11.5: a rules hook that lets a unit attack its own side is caught by every
    simulated game's invariant check (``genkit sim``, in-process with one worker)."""
    def sim():
        out = tmp_path / f"{check}.json"
        status, _, _ = genkit("sim", BERING, "--games", 6, "--bots", "random,random", "--seed", 1,
                              "--workers", 1, "--check", check, "--json", out)
        return status, json.loads(out.read_text())

    status, clean = sim()
    assert status == 0 and clean["invariant_violations"] == 0
    _battle_with_own_side(monkeypatch)
    status, broken = sim()
    assert status != 0 and broken["invariant_violations"] == 6
    assert all(v["kind"] == "invariant" and "own" in v["message"] for v in broken["violations"])


def test_state_check_catches_an_own_side_battle_without_events(monkeypatch):
    """The state half of the invariant: the attackers and the attacked of a combat phase."""
    _battle_with_own_side(monkeypatch)
    g = rules_for(bering())
    caught = 0
    for seed in range(4):
        s, rng = g.initial_state(seed), random.Random(seed)
        while not s.ended and not check_invariants(s):
            acts = g.legal_actions(s)
            own = [a for a in acts if a[0] == "battle" and g.p_side[a[1]] == g.p_side[a[2]]]
            g.apply(s, own[0] if own else acts[rng.randrange(len(acts))])
        caught += any("attacked its own units" in e for e in check_invariants(s))
    assert caught == 4


def test_own_side_hit_in_the_events_is_reported_until_the_events_are_clean():
    g = rules_for(bering())
    s = g.initial_state(1, events=[])
    assert check_invariants(s) == []
    p = g.side_pieces[0][0]
    us = g.side_ids[0]
    s.events.append(ev.Eliminated(side=us, type=g.type_ids[g.p_type[p]], piece=p, by_side=us, card="air_strike"))
    for _ in range(2):
        [err] = check_invariants(s)
        assert f"piece {p} of side {us} eliminated by its own side" in err
    s.events.pop()
    assert check_invariants(s) == []


def test_stacked_pieces_hold_when_the_game_stacks_and_the_hex_records_one_of_them():
    """In a game whose pieces stack (its module's ``stacks``), two pieces may share a hex and ``occ``
    records one of them; an empty record for an occupied hex is still a violation."""
    import dataclasses
    from pathlib import Path

    from genkit.model.load import load
    content, _ = load(Path(__file__).resolve().parents[1] / "fixtures" / "ridge")
    g = rules_for(content)
    s = g.initial_state(1)
    p, q = g.side_pieces[0][:2]
    here, there = s.loc[p], s.loc[q]
    s.occ[there], s.loc[q] = -1, here
    assert _generic_violations(s)              # Ridge does not stack
    g.module = dataclasses.replace(g.module, stacks=True)     # this instance only
    assert _pieces_hold(s) and not _generic_violations(s)
    s.occ[here] = q
    assert _pieces_hold(s)
    s.occ[here] = -1
    assert not _pieces_hold(s) and any("the hex records -1" in v for v in _generic_violations(s))
