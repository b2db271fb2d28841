"""The observer reads the game's event stream through the interface: its figures are exact
and add up, and kinds it does not know are counted generically."""
from pathlib import Path

from genkit.engine import events as ev
from genkit.engine import rules_for
from genkit.engine.bots import bot_seed, game_seed
from genkit.engine.rules.bering_land import events as bev
from genkit.model.load import load
from genkit.sim.bots import make_bot
from genkit.sim.metrics import Metrics, empty_record
from genkit.sim.observe import Observer, event_title
from genkit.sim.play import record_game


def test_records_agree_with_the_event_stream(bering_path):
    content, _ = load(bering_path)
    g = rules_for(content)
    sides = list(g.side_ids)
    for i, bots in enumerate((("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"))):
        gs = game_seed(21, i)
        rec = record_game(g, gs, bots, index=i, check="turn")
        assert rec["completed"] and not rec["violations"]
        # the same game again, collecting the events ourselves (bots are seeded from gs)
        events = []
        s = g.initial_state(gs, events=events)
        players = [make_bot(bots[k], g, k, bot_seed(gs, k)) for k in range(2)]
        while not s.ended:
            b = players[s.actor]
            g.apply(s, b.choose(g.observe(s, s.actor) if b.needs_view else None, g.legal_actions(s)))
        out = g.outcome(s)
        assert (rec["winner"], rec["reason"], rec["turn"]) == (out.winner, out.reason, out.turn)
        battles = [e for e in events if e.kind == ev.BATTLE]
        assert sum(rec["crt"].values()) == sum(1 for e in battles if e.column is not None)
        assert sum(u["battles_led"] for u in rec["units"].values()) == len(battles)
        counted = rec["events"]
        for side in sides:
            other = [x for x in sides if x != side][0]
            kills = sum(u["kills"] for k, u in rec["units"].items() if k.startswith(side + ":")) \
                + sum(v for k, v in rec["card_kills"].items() if k.startswith(side + ":"))
            lost = sum(u["eliminated"] for k, u in rec["units"].items() if k.startswith(other + ":"))
            assert kills == lost == sum(1 for e in events if e.kind == ev.ELIMINATED and e.side == other)
            cards = {k: c for k, c in rec["cards"].items() if k.startswith(side + ":")}
            assert sum(c["drawn"] for c in cards.values()) == sum(
                1 for e in events if e.kind == ev.CARD_DRAWN and e.side == side)
            assert sum(c["played"] for c in cards.values()) == sum(
                1 for e in events if e.kind == ev.CARD_PLAYED and e.side == side)
            assert all(c["held_never_playable"] <= c["held"] for c in cards.values())
            # the game's own kinds, counted generically: an event's count, else 1
            for kind in (bev.REPL_RECEIVED, bev.REPL_LOST):
                assert counted.get(kind, {}).get(side, 0) == sum(
                    e.count for e in events if e.kind == kind and e.side == side)
            for kind in (bev.KILLSTREAK, bev.REPL_USED, bev.STOPPED, ev.CARD_LOST):
                assert counted.get(kind, {}).get(side, 0) == sum(
                    1 for e in events if e.kind == kind and e.side == side)
            r = {k: counted.get(k, {}).get(side, 0) for k in (bev.REPL_RECEIVED, bev.REPL_USED, bev.REPL_LOST)}
            assert r[bev.REPL_RECEIVED] == r[bev.REPL_USED] + r[bev.REPL_LOST]
        assert not {ev.BATTLE, ev.REDUCED, ev.ELIMINATED, ev.CARD_DRAWN, ev.CARD_PLAYED, ev.CARD_HELD,
                    ev.GAME_END} & set(counted)          # the generic figures are not counted twice
        assert counted[bev.KILLSTREAK]                   # (these games complete killstreak tracks)


def test_unknown_kinds_are_counted_per_side(bering_path):
    """A kind no module of the simulator knows: its ``count`` added when it has one, else 1 per
    event, per side; "" for an event without a side."""
    content, _ = load(bering_path)
    g = rules_for(content)
    flare = ev.kind("test_flare", "TestFlare", "side count", "A flare went up. More text.", __name__)
    gust = ev.kind("test_gust", "TestGust", "side hex", "Wind.", __name__)
    quake = ev.kind("test_quake", "TestQuake", "strength", "The ground shook.", __name__)
    try:
        rec = empty_record(0, 1)
        obs = Observer(g, rec)
        s = g.initial_state(1, events=[])
        obs.start(s)
        s.events += [flare(side="us", count=3), flare(side="ru", count=2), flare(side="us", count=4),
                     gust(side="ru", hex="0101"), gust(side="ru", hex="0102"), quake(strength=9)]
        obs.finish(s)
        assert rec["events"]["test_flare"] == {"us": 7, "ru": 2}
        assert rec["events"]["test_gust"] == {"ru": 2}
        assert rec["events"]["test_quake"] == {"": 1}
        assert not rec["completed"] and rec["turn"] == 1
        assert event_title("test_flare") == "A flare went up."
        m = Metrics({"sides": ["us", "ru"], "event_titles": {"test_flare": "A flare went up."}})
        m.add(rec)
        m.add(rec)
        table = m.to_json()["events"]
        assert table["test_flare"] == {"title": "A flare went up.", "total": {"us": 14, "ru": 4},
                                       "per_game": {"us": 7.0, "ru": 2.0}}
        assert table["test_quake"]["total"] == {"us": 0, "ru": 0, "": 2}
    finally:
        for name in ("test_flare", "test_gust", "test_quake"):
            ev.RECORDS.pop(name, None)


class _Sealed:
    """A state seen from outside: only its event list and its generic ``turn`` (the observer
    notes the end of each game turn); any other read fails the test."""

    __slots__ = ("_s",)

    def __init__(self, state):
        object.__setattr__(self, "_s", state)

    def __getattr__(self, name):
        if name == "events":
            return self._s.events
        if name == "turn":
            return self._s.turn
        raise AssertionError(f"the observer read state.{name}")


class _Interface:
    """The game interface the observer may use, on sealed states; nothing else."""

    def __init__(self, game):
        self._g = game
        self.side_ids = list(game.side_ids)
        self.nation_ids = list(game.nation_ids)
        self.role_word = dict(game.role_word)

    def roles(self, state):
        return self._g.roles(state._s)

    def card_chance(self, state, actions):
        return self._g.card_chance(state._s, actions)

    def outcome(self, state):
        return self._g.outcome(state._s)

    def scores(self, state):
        return self._g.scores(state._s)

    def is_terminal(self, state):
        return self._g.is_terminal(state._s)

    def nation_figures(self, state):
        return self._g.nation_figures(state._s)


def test_observer_reads_no_state_internals(bering_path):
    """Given sealed states and only the interface's card_chance, outcome, scores, is_terminal,
    nation_figures and roles, the observer fills the same record as in a simulated game."""
    from genkit.engine import Match
    from genkit.sim.bots import make_players
    content, _ = load(bering_path)
    g = rules_for(content)
    gs, bots = game_seed(5, 3), ("greedy", "greedy")
    want = record_game(g, gs, bots, check="off")
    rec = empty_record(0, gs)
    obs = Observer(_Interface(g), rec)
    state = g.initial_state(gs, events=[])
    obs.start(_Sealed(state))
    match = Match(g, state, make_players(bots, g, gs), watch=lambda s, actions: obs.watch(_Sealed(s), actions),
                  on_turn=lambda s: obs.new_turn(_Sealed(s)))
    match.play()
    rec["steps"] = match.steps
    obs.finish(_Sealed(state))
    assert rec == want and rec["cards"] and rec["events"] and rec["leads"]


def test_a_firer_killed_by_return_fire_is_the_defenders_kill():
    """Ridge's attacker_step_loss: when the firing unit dies, the kill goes to the unit it fired
    at, never to the firer itself."""
    from genkit.engine import events as ev2
    from genkit.engine import rules_for
    from genkit.model.load import load_game
    from genkit.sim.metrics import empty_record
    from genkit.sim.observe import Observer
    from pathlib import Path
    game = rules_for(load_game(Path(__file__).resolve().parents[1] / "fixtures" / "ridge"))
    tank = next(p for p in range(game.npieces) if game.type_ids[game.p_type[p]] == "tank" and game.p_side[p] == 0)
    rif = next(p for p in range(game.npieces) if game.type_ids[game.p_type[p]] == "rifles" and game.p_side[p] == 1)
    rec = empty_record(0, 0)
    obs = Observer(game, rec)
    obs.events = [ev2.Battle("blue", "tank", "close", "1:1", 10, "A", "rifles", False, 1, tank, rif),
                  ev2.Eliminated("blue", "tank", tank, "red", None)]
    obs._consume()
    assert rec["units"]["blue:tank"] == {"battles_led": 1, "kills": 0, "steps_lost": 0, "eliminated": 1}
    assert rec["units"]["red:rifles"]["kills"] == 1


def test_the_roles_each_side_took_are_recorded_at_the_end_through_the_interface():
    """A game whose sides take roles (here the nation each side drew and who acted first) records
    them as game.roles gives them at the end, through sealed states; a game without roles none."""
    from genkit.engine import Match
    from genkit.sim.bots import make_players
    mlb = Path(__file__).resolve().parents[2] / "content" / "modern_land_battles"
    content, _ = load(mlb)
    g = rules_for(content)
    for seed in (1, 2, 3):
        gs = game_seed(9, seed)
        want = record_game(g, gs, ("greedy", "greedy"), check="off")
        rec = empty_record(0, gs)
        obs = Observer(_Interface(g), rec)
        state = g.initial_state(gs, events=[])
        obs.start(_Sealed(state))
        Match(g, state, make_players(("greedy", "greedy"), g, gs)).play()
        obs.finish(_Sealed(state))
        assert rec["roles"] == want["roles"] == g.roles(state)
        assert set(rec["roles"]) == set(g.side_ids)
        assert {r["nation"] for r in rec["roles"].values()} == set(state.nations) and len(set(state.nations)) == 2
        assert sorted(r["order"] for r in rec["roles"].values()) == ["first", "second"]
        assert rec["cards"]                              # its Action cards were played
    bering = rules_for(load(Path(__file__).resolve().parents[2] / "content" / "bering_land")[0])
    assert record_game(bering, 1, ("random", "random"), check="off")["roles"] == {}
