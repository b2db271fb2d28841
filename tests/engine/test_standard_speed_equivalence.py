"""The fast movement decisions of the standard rules (the compiled search or the byte-merged
Python one, the movement phase's cache) play exactly the games of the plain search recomputed at
every decision (:class:`standard_reference.PlainGame`): same decisions offered, same final
states, seed by seed."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from standard_reference import PlainGame

from genkit.engine import Match
from genkit.engine.rules.standard.rules import Game
from genkit.engine.rules.standard.state import ATTACKERS, DEST
from genkit.model.load import load
from genkit.sim.bots import make_players

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"brannock_ford": ROOT / "content" / "brannock_ford",
         "standard_mini": ROOT / "tests" / "fixtures" / "standard_mini"}


def _games(name: str, search: str = "compiled") -> tuple:
    """(the game as it plays, the plain reference); ``search="python"``: the game's movement
    search is the Python one even where the compiled one was built."""
    c, _ = load(str(GAMES[name]))
    fast = Game(c)
    if search == "python":
        fast.search = fast._search
    return fast, PlainGame(c)


def _play(game, seed: int, bots: tuple) -> tuple:
    """(final digest, decisions, hash of every decision's legal actions and choice)."""
    state = game.initial_state(seed)
    players = make_players(bots, game, seed)
    h = hashlib.sha256()

    class Tap:
        def __init__(self, side):
            self.bot, self.needs_view = players[side], players[side].needs_view

        def choose(self, view, actions):
            a = self.bot.choose(view, actions)
            h.update(repr((actions, a)).encode())
            return a

    m = Match(game, state, [Tap(k) for k in range(len(players))], check="off")
    m.play()
    return state.digest(), m.steps, h.hexdigest()


@pytest.mark.parametrize("search", ["compiled", "python"])
@pytest.mark.parametrize("name,seeds", [("brannock_ford", range(1, 41)), ("standard_mini", range(1, 81))])
def test_fast_movement_plays_the_games_of_the_plain_search(name, seeds, search):
    fast, plain = _games(name, search)
    for seed in seeds:
        assert _play(fast, seed, ("random", "random")) == _play(plain, seed, ("random", "random")), seed


@pytest.mark.parametrize("search", ["compiled", "python"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_fast_movement_plays_the_greedy_games_of_the_plain_search(name, search):
    fast, plain = _games(name, search)
    for seed in range(1, 4):
        assert _play(fast, seed, ("greedy", "greedy")) == _play(plain, seed, ("greedy", "greedy")), seed


def test_merged_search_matches_the_plain_search_everywhere():
    """Every unit of every side, moving and marching, with and without stopping at the first
    end, in positions of random games: :meth:`_reach` equals :meth:`_reach_plain`."""
    fast, plain = _games("brannock_ford")
    seen = 0
    for seed in range(1, 6):
        state = fast.initial_state(seed)
        players = make_players(("random", "random"), fast, seed)
        while not state.ended:
            if state.stage == DEST:
                for p in range(fast.npieces):
                    if state.loc[p] >= 0:
                        for march in (False, True):
                            for any_end in (False, True):
                                a = fast._reach(state, p, march, None, any_end)
                                b = plain._reach_plain(state, p, march, None, any_end)
                                assert (bool(a) == bool(b)) if any_end else a == b
                                seen += 1
            acts = fast.legal_actions(state)
            fast.apply(state, players[state.actor].choose(None, acts))
    assert seen > 1000


def test_crt_table_reads_every_result_effect():
    """core.CrtTable knows all eight effects: the standard rules build it from the content's
    own CRT (no copy with the effects blanked), and its results are those of the CRT."""
    from genkit.engine.crt import CrtTable, EFFECT_NAMES

    c, _ = load(str(GAMES["brannock_ford"]))
    crt = CrtTable(c.crt)
    by_code = {r.code: r for r in c.crt.results}
    assert {r.effect for r in c.crt.results} - {"none", "step_loss", "eliminate", "attacker_step_loss"}
    for col in range(crt.top + 1):
        for face in range(1, crt.faces + 1):
            code = crt.codes[col][0][face - 1]
            assert EFFECT_NAMES[crt.result(col, 0, face)] == by_code[code].effect
            assert crt.hexes_of[code] == (by_code[code].hexes or 0)
    g = Game(c)
    assert [[r[:2] for r in col] for col in g.results] == [
        [(crt.effect_of[code], crt.hexes_of[code]) for code in col[0]] for col in crt.codes]


@pytest.mark.parametrize("search", ["python", "compiled"])
@pytest.mark.parametrize("name,zoc", [("standard_mini", "stop"), ("standard_mini", "stop_and_leave"),
                                      ("standard_mini", "locking"), ("standard_mini", "none"),
                                      ("brannock_ford", "stop")])
def test_probe_cache_answers_what_the_plain_search_finds(name, zoc, search):
    """The destinations of positions other than the phase's own (a bot's probes, remembered
    with the hexes each search read: probes.ProbeCache) are the plain search's, in the
    positions of random games asked again after every move. With the Python search a quarter
    of the probes or more are answered from memory; with the compiled one (where it was built)
    each probe is searched afresh and nothing is remembered."""
    c, _ = load(str(GAMES[name]), overrides=[f"rules.movement.zoc={zoc}"])
    fast, plain = Game(c), PlainGame(c)
    if search == "python":
        fast.search = fast._search
    remembers = fast.search == fast._search
    seen = hits = 0
    for seed in range(1, 9):
        state = fast.initial_state(seed)
        players = make_players(("random", "random"), fast, seed)
        while not state.ended:
            if state.stage == DEST:
                probe = state.copy()
                for p in range(fast.npieces):
                    if probe.loc[p] >= 0:
                        for march in (False, True) if fast.strategic else (False,):
                            before = fast._probes.size
                            assert fast._probes.reach(probe, p, march) == plain._reach_plain(
                                probe, p, march, None, False), (seed, p, march)
                            seen += 1
                            hits += fast._probes.size == before
            acts = fast.legal_actions(state)
            fast.apply(state, players[state.actor].choose(None, acts))
    assert seen > 500, seen
    if remembers:
        assert hits > seen // 4, (seen, hits)
    else:
        assert fast._probes.size == 0 and not fast._probes.found, fast._probes.size


@pytest.mark.parametrize("override", ["rules.stacking={limit: 3, count: points, points: {arm: 2, inf: 2}}",
                                      "rules.stacking={limit: 1}", "rules.movement.zoc=stop_and_leave",
                                      "rules.movement.zoc=locking"])
def test_fast_movement_plays_the_plain_games_under_other_stacking_and_zoc_rules(override):
    """The movement phase's cache, brought up to date move by move (own and stacked hexes,
    the full hexes per stacking points), against the plain search on the mini game."""
    c, _ = load(str(GAMES["standard_mini"]), overrides=[override])
    fast, plain = Game(c), PlainGame(c)
    for seed in range(1, 31):
        assert _play(fast, seed, ("random", "random")) == _play(plain, seed, ("random", "random")), seed


@pytest.mark.parametrize("name", ["brannock_ford", "standard_mini"])
def test_a_pick_probed_without_applying_it_offers_what_applying_it_offers(name):
    """Game.dests_if_picked (the greedy bot's probe of a move) lists the destinations that
    apply(("move", p)) / apply(("march", p)) on a copy then legal_actions list, for every unit
    of every movement decision of random games, and Game.attackers_if_picked the units that
    apply(("attack", h)) offers, for every hex of every combat decision; None only where the
    engine would go on at once (one destination, one unit)."""
    c, _ = load(str(GAMES[name]), overrides=["rules.strategic={multiplier: 2, enemy_distance: 3}"])
    g = Game(c)
    assert g.plain_picks
    asked = forced = attacks = 0
    for seed in range(1, 7):
        state = g.initial_state(seed)
        players = make_players(("random", "random"), g, seed)
        while not state.ended:
            acts = g.legal_actions(state)
            probe = state.copy()              # (a bot probes a copy, never the live state)
            for a in acts:
                if a[0] in ("move", "march"):
                    got = g.dests_if_picked(probe, a[1], a[0] == "march")
                    after = g.apply(probe.copy(), a)
                    if got is None:
                        assert after.stage != DEST or len(g.legal_actions(after)) == 1, (seed, a)
                        forced += 1
                    else:
                        assert [("to", h) for h in got] == g.legal_actions(after) and after.stage == DEST, (seed, a)
                    asked += 1
                elif a[0] == "attack":
                    got = g.attackers_if_picked(probe, a[1])
                    after = g.apply(probe.copy(), a)
                    if got is None:
                        assert after.stage != ATTACKERS or len(g.legal_actions(after)) == 1, (seed, a)
                    else:
                        assert [("with", p) for p in got] == g.legal_actions(after), (seed, a)
                        attacks += 1
            g.apply(state, players[state.actor].choose(None, acts))
    assert asked > 500 and forced < asked // 10 and attacks > 10, (asked, forced, attacks)


def test_a_pick_is_probed_by_applying_it_where_victory_is_checked_after_every_action():
    c, _ = load(str(GAMES["standard_mini"]), overrides=[
        "game.victory=[{kind: points, at_least: 4, at: at_once}, {kind: turn_limit, winner: draw}]"])
    g = Game(c)
    s = g.initial_state(1)
    assert not g.plain_picks and g.dests_if_picked(s, 0, False) is None and g.attackers_if_picked(s, 0) is None
