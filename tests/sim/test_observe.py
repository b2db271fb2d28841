"""The observer reads the engine's event stream: its figures are exact and add up."""
from genkit.engine import events as ev
from genkit.engine.rules.bering_land import events as bev
from genkit.engine import rules_for
from genkit.engine.bots import game_seed
from genkit.model.load import load
from genkit.sim.play import record_game


def test_records_agree_with_the_event_stream(bering_path):
    content, _ = load(bering_path)
    g = rules_for(content)
    sides = list(g.side_ids)
    for i, bots in enumerate((("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"))):
        gs = game_seed(21, i)
        rec = record_game(g, content, gs, bots, index=i, check="turn")
        assert rec["completed"] and not rec["violations"]
        assert "approximate_events" not in rec
        # the same game again, collecting the events ourselves (bots are seeded from gs)
        from genkit.engine.bots import bot_seed
        from genkit.engine.rules.bering_land.view import PlayerView
        from genkit.sim.bots import make_bot
        events = []
        s = g.initial_state(gs, events=events)
        players = [make_bot(bots[k], g, k, bot_seed(gs, k)) for k in range(2)]
        while not s.ended:
            b = players[s.actor]
            g.apply(s, b.choose(PlayerView(s, s.actor) if b.needs_view else None, g.legal_actions(s)))
        assert rec["winner"] == (sides[s.winner] if s.winner >= 0 else None) and rec["turn"] == s.turn
        battles = [e for e in events if e.kind == ev.BATTLE]
        assert sum(rec["crt"].values()) == sum(1 for e in battles if e.column is not None)
        assert sum(u["battles_led"] for u in rec["units"].values()) == len(battles)
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
            r = rec["replacements"][side]
            assert r["used"] == r["place"] + r["flip"] + r["combine"]
            assert r["available"] - r["used"] == sum(e.count for e in events if e.kind == bev.REPL_LOST and e.side == side)
            assert sum(v for k, v in rec["killstreaks"].items() if k.startswith(side + ":")) <= sum(
                1 for e in events if e.kind == bev.KILLSTREAK and e.side == side)
