"""Whole games: random bots, invariants, logs and replays, determinism, views, registry."""
import json

import pytest
from engine_helpers import BERING, bering, skirmish

from genkit.engine import (
    InvariantError,
    check_invariants,
    play_game,
    replay_log,
    rules_for,
)
from genkit.engine.state import RESERVE


def test_200_random_games_end_with_invariants_checked_every_step():
    c = bering()
    for seed in range(200):
        r = play_game(c, seed, check_invariants=True)
        assert r.reason in ("enter_enemy_place", "no_units", "turn_limit")
        assert 1 <= r.turn <= c.turn_track.turns


def test_random_games_on_the_skirmish_map_exercise_every_procedure():
    c = skirmish()
    g = rules_for(c)
    from genkit.engine.bots import RandomBot
    verbs = set()
    for seed in range(80):
        s = g.initial_state(seed)
        bots = [RandomBot(seed), RandomBot(seed + 1000)]
        while not s.ended:
            a = bots[s.actor].choose(None, g.legal_actions(s))
            verbs.add(a[0])
            g.apply(s, a)
            errs = check_invariants(s)
            assert not errs, errs
    assert {"move", "to", "battle", "join", "skip", "place", "at", "card", "pass"} <= verbs


@pytest.mark.parametrize("which,seed", [("bering", 3), ("skirmish", 5), ("skirmish", 11)])
def test_logs_replay_to_the_same_digest(tmp_path, which, seed):
    c = bering() if which == "bering" else skirmish()
    path = tmp_path / "game.jsonl"
    r = play_game(c, seed, log_path=path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert lines[0]["seed"] == seed and lines[0]["game"] == c.game.id
    assert lines[-1]["digest"] == r.digest
    steps = [x for x in lines if "step" in x]
    assert len(steps) == r.steps
    assert {"turn", "phase", "side", "action"} <= set(steps[0])
    rep = replay_log(path, content=c)
    assert rep.ok, rep.errors
    assert rep.digest == r.digest and rep.state.digest() == r.digest


def test_log_header_names_the_content_and_replays_without_it(tmp_path):
    from genkit.model.load import load
    c, source = load(BERING)
    path = tmp_path / "game.jsonl"
    r = play_game(c, 1, log_path=path, source=source)
    header = json.loads(path.read_text().splitlines()[0])
    assert len(header["content_sha256"]) == 64 and header["bots"] == ["random", "random"]
    rep = replay_log(path)
    assert rep.ok and rep.digest == r.digest


def test_replay_stops_at_a_step(tmp_path):
    c = skirmish()
    path = tmp_path / "game.jsonl"
    play_game(c, 2, log_path=path)
    rep = replay_log(path, content=c, at_step=10)
    assert rep.ok and rep.steps == 10 and not rep.state.ended


def test_replay_detects_a_changed_roll(tmp_path):
    c = skirmish()
    path = tmp_path / "game.jsonl"
    play_game(c, 4, log_path=path)
    lines = path.read_text().splitlines()
    k = next(i for i, x in enumerate(lines) if '"roll"' in x)
    roll = json.loads(lines[k])
    roll["roll"] = roll["roll"] % 6 + 1
    lines[k] = json.dumps(roll)
    path.write_text("\n".join(lines) + "\n")
    rep = replay_log(path, content=c)
    assert not rep.ok


def test_same_seed_same_digest_different_seeds_differ():
    c = skirmish()
    a = [play_game(c, seed).digest for seed in range(5)]
    b = [play_game(c, seed).digest for seed in range(5)]
    assert a == b
    assert len(set(a)) > 1


def test_state_copy_is_independent_and_digest_stable():
    c = skirmish()
    g = rules_for(c)
    s = g.initial_state(7)
    t = s.copy()
    assert t.digest() == s.digest()
    g.apply(t, g.legal_actions(t)[-1])
    assert t.digest() != s.digest()
    assert not check_invariants(s) and not check_invariants(t)


def test_check_invariants_finds_problems():
    c = skirmish()
    g = rules_for(c)
    s = g.initial_state(0)
    assert check_invariants(s) == []
    bad = s.copy()
    bad.deck.pop()
    assert any("cards" in e for e in check_invariants(bad))
    bad = s.copy()
    p = next(p for p in range(g.npieces) if bad.loc[p] >= 0)
    q = next(q for q in range(g.npieces) if bad.loc[q] == RESERVE)
    bad.loc[q] = bad.loc[p]
    assert check_invariants(bad)
    bad = s.copy()
    bad.streak[0] = 99
    assert any("killstreak" in e for e in check_invariants(bad))
    bad = s.copy()
    bad.hands[0] = [bad.deck.pop() for _ in range(c.play_deck().hand_limit + 1)]
    assert any("limit" in e for e in check_invariants(bad))


def test_play_game_raises_on_broken_invariant(monkeypatch):
    import genkit.engine as engine
    monkeypatch.setattr(engine, "check_invariants", lambda state: ["broken"])
    with pytest.raises(InvariantError):
        play_game(skirmish(), 0, check_invariants=True)


def test_views_list_and_draw_the_pieces():
    c = bering()
    g = rules_for(c)
    s = g.initial_state(0)
    pieces = g.pieces(s)
    assert len(pieces) == sum(len(grp.setup) for grp in c.counters.units)
    assert {p[1] for p in pieces} == {h for grp in c.counters.units for h in grp.setup}
    pid, hid, side, typ, reduced, facing, nation = pieces[0]
    assert side in {s.id for s in c.game.sides} and not reduced and nation is None   # a side of no nations
    for _, _, _, typ_id, _, facing, _ in pieces:  # 8.4: only units with a facing report one
        assert (facing is None) != c.unit_type(typ_id).facing
        assert facing is None or 0 <= facing < 6
    text = g.render_text(s)
    assert text.count("\n") >= c.map.grid.rows
    assert c.unit_type(typ).short in text


def test_rules_registry():
    c = bering()
    assert rules_for(c) is rules_for(c)
    other = skirmish("game.rules_module=nonesuch")
    with pytest.raises(ValueError):
        rules_for(other)


def test_legal_actions_are_deterministic_and_hashable():
    c = skirmish()
    g = rules_for(c)
    s1, s2 = g.initial_state(9), g.initial_state(9)
    for _ in range(40):
        if s1.ended:
            break
        a1, a2 = g.legal_actions(s1), g.legal_actions(s2)
        assert a1 == a2 and len(set(a1)) == len(a1)
        g.apply(s1, a1[len(a1) // 2])
        g.apply(s2, a2[len(a2) // 2])


def test_sim_bots_play_through_the_engine_with_one_player_view(tmp_path):
    """genkit play --bots greedy,search: the engine passes its PlayerView; the log replays."""
    from genkit.engine.rules.bering_land.view import PlayerView
    from genkit.sim.bots import make_bot
    c = bering()
    game = rules_for(c)
    seen = []

    class Spy:
        name = "spy"
        needs_view = True

        def __init__(self, bot):
            self.bot = bot

        def choose(self, view, actions):
            seen.append(type(view))
            return self.bot.choose(view, actions)

    path = tmp_path / "game.jsonl"
    bots = [Spy(make_bot("greedy", game, 0, 1)), make_bot("search", game, 1, 2)]
    r = play_game(c, 5, bots=bots, log_path=path, check_invariants=True)
    assert r.reason in ("enter_enemy_place", "no_units", "turn_limit") and r.steps > 0
    assert seen and set(seen) == {PlayerView}
    rep = replay_log(path, content=c)
    assert rep.ok, rep.errors
    assert rep.digest == r.digest


def test_player_view_hides_the_hidden():
    import random

    from genkit.engine.rules.bering_land.view import PlayerView
    c = bering()
    g = rules_for(c)
    s = g.initial_state(3)
    v = PlayerView(s, 1)
    for hidden in ("deck", "hands", "rng"):
        assert not hasattr(v, hidden)
    assert v.hand == s.hands[1] and v.other_hand_size == len(s.hands[0]) and v.deck_size == len(s.deck)
    d = v.sample_state(random.Random(4))
    assert sorted(d.deck + d.hands[0]) == sorted(s.deck + s.hands[0]) and d.hands[1] == s.hands[1]
    assert d.digest() != s.digest() or not s.deck


def test_one_random_bot_registered_in_the_simulator():
    from genkit.engine.bots import RandomBot
    from genkit.sim.bots import make_bot
    b = make_bot("random", rules_for(bering()), 0, 7)
    assert type(b) is RandomBot
    acts = list(range(50))
    ref = RandomBot(7)
    assert [b.choose(None, acts) for _ in range(20)] == [ref.choose(None, acts) for _ in range(20)]


def test_a_state_field_left_out_of_copy_and_digest_stops_the_import():
    """A game's state subclass names every slot it adds in LISTS, NESTED or VALUES; a slot
    left out (which a copy would silently miss) is refused when the class is made."""
    from genkit.engine.state import State

    with pytest.raises(TypeError, match="unclassified: \\['hand'\\]"):
        class Forgetful(State):
            __slots__ = ("hand", "stage")
            VALUES = State.VALUES + ("stage",)

    class Careful(State):
        __slots__ = ("hand", "stage")
        NESTED = State.NESTED + ("hand",)
        VALUES = State.VALUES + ("stage",)
    s = Careful.__new__(Careful)
    for name in Careful.LISTS:
        setattr(s, name, [0])
    s.hand, s.stage = [[1, 2]], 3
    for name in State.VALUES:
        setattr(s, name, 0)
    s.game = s.legal = s.trace = s.events = None
    c = s.copy()
    assert c.hand == [[1, 2]] and c.hand[0] is not s.hand[0] and c.stage == 3
    assert c.digest() == s.digest() and "hand" in s.as_dict()
