"""Card use and win rates per role (genkit/sim/uses.py, genkit/sim/roles.py): each card of each
deck played per game with 95% intervals, each role's win rate with its interval, exact and in any
order of merging; any game with decks gets card use, any game whose sides take roles gets role
win rates, and a game without either gets empty tables."""
from pathlib import Path

from genkit.model.load import load
from genkit.sim.metrics import Metrics, empty_record
from genkit.sim.roles import Roles
from genkit.sim.runner import simulate
from genkit.sim.stats import wilson
from genkit.sim.uses import Uses, deck_meta

ROOT = Path(__file__).resolve().parents[2]
MLB = ROOT / "content" / "modern_land_battles"
DECKS = [{"id": "tactics", "name": "Tactics", "cards": ["feint", "rally", "smoke"],
          "card_names": {"feint": "Feint", "rally": "Rally", "smoke": "Smoke"}}]


def _rec(i, plays: dict, roles=None, winner="a"):
    rec = empty_record(i, i)
    rec["completed"], rec["winner"] = True, winner
    rec["cards"] = {k: {"drawn": 0, "played": n, "worked": n, "held": 0, "held_never_playable": 0}
                    for k, n in plays.items()}
    rec["roles"] = roles or {}
    return rec


GAMES = [_rec(0, {"a:feint": 2, "b:feint": 1}), _rec(1, {"a:rally": 1}), _rec(2, {}),
         _rec(3, {"b:feint": 3, "a:rally": 1})]


def test_plays_per_game_count_the_games_without_a_play_as_zero():
    u = Uses()
    for r in GAMES:
        u.add(r)
    feint = u.card("feint", ["a", "b"])
    assert feint["plays"] == 6 and feint["plays_per_game"]["mean"] == 6 / 4 and feint["plays_per_game"]["games"] == 4
    assert feint["played_in"]["games"] == 2 and feint["played_in"]["p"] == 0.5
    assert feint["played_in"]["ci95"] == list(wilson(2, 4))
    assert feint["by_side"] == {"a": 0.5, "b": 1.0}
    lo, hi = feint["plays_per_game"]["ci95"]
    assert 0.0 <= lo < 1.5 < hi                      # plays 3, 0, 0, 3: a wide interval about 1.5


def test_a_card_never_played_shows_zero_with_a_bound_and_a_deck_never_played_is_left_out():
    u = Uses()
    for r in GAMES:
        u.add(r)
    table = u.table(DECKS + [{"id": "units", "name": "Units", "cards": ["tank"], "card_names": {}}], ["a", "b"])
    assert list(table) == ["tactics"]
    smoke = table["tactics"]["cards"]["smoke"]
    assert smoke["plays"] == 0 and smoke["played_in"]["p"] == 0 and smoke["played_in"]["ci95"][1] == wilson(0, 4)[1] > 0
    u.add(_rec(4, {"a:wildcard": 1}))                 # a card no deck lists
    assert list(u.table(DECKS, ["a", "b"])["other"]["cards"]) == ["wildcard"]


def test_merging_in_any_order_gives_the_same_figures():
    one, two, three = Uses(), Uses(), Uses()
    for r in GAMES[:2]:
        one.add(r)
    for r in GAMES[2:]:
        two.add(r)
    for r in GAMES:
        three.add(r)
    a = Uses().merge(one).merge(two).table(DECKS, ["a", "b"])
    b = Uses().merge(two).merge(one).table(DECKS, ["a", "b"])
    assert a == b == three.table(DECKS, ["a", "b"])


def test_each_role_wins_its_share_of_its_games_with_a_wilson_interval():
    r = Roles()
    r.add(_rec(0, {}, {"a": {"nation": "x", "order": "first"}, "b": {"nation": "y", "order": "second"}}, "a"))
    r.add(_rec(1, {}, {"a": {"nation": "z", "order": "second"}, "b": {"nation": "x", "order": "first"}}, "a"))
    r.add(_rec(2, {}, {"a": {"nation": "y", "order": "first"}, "b": {"nation": "x", "order": "second"}}, None))
    unfinished = _rec(3, {}, {"a": {"nation": "x", "order": "first"}, "b": {"nation": "y", "order": "second"}}, "b")
    unfinished["completed"] = False
    r.add(unfinished)                                 # not counted
    t = r.table({"nation": "Nation", "order": "Player order"}, {"nation": {"y": "Yland", "x": "Xland"}})
    assert list(t) == ["nation", "order"] and t["nation"]["word"] == "Nation"
    assert list(t["nation"]["roles"]) == ["y", "x", "z"]          # named roles first, in the game's order
    x = t["nation"]["roles"]["x"]
    assert (x["name"], x["games"], x["wins"], x["draws"]) == ("Xland", 3, 1, 1) and x["ci95"] == list(wilson(1, 3))
    first = t["order"]["roles"]["first"]
    assert (first["games"], first["wins"]) == (3, 1)
    assert sum(v["games"] for v in t["order"]["roles"].values()) == 2 * 3   # two sides a game


def test_a_game_without_roles_or_played_cards_gets_empty_tables():
    m = Metrics({"sides": ["a", "b"], "decks": DECKS})
    m.add(_rec(0, {}))
    j = m.to_json()
    assert j["roles"] == {} and j["card_use"] == {}


def test_any_game_with_decks_gets_card_use_from_its_own_deck(bering_path):
    content, _ = load(bering_path)
    m = simulate(bering_path, games=6, seed=3, workers=1, progress=False)
    use = m.to_json()["card_use"]
    decks = {d["id"]: d for d in deck_meta(content)}
    assert use and set(use) <= set(decks)
    for deck_id, d in use.items():
        assert list(d["cards"]) == decks[deck_id]["cards"]
    played = sum(c["played"] for per in m.cards_table().values() for c in per.values())
    assert played == sum(u["plays"] for d in use.values() for u in d["cards"].values())
    assert m.to_json()["roles"] == {}                 # its sides are always the same


def test_a_game_of_nations_drawn_at_random_reports_every_action_card_and_each_nations_win_rate():
    m = simulate(MLB, games=30, seed=5, workers=1, progress=False)
    j = m.to_json()
    content, _ = load(MLB)
    assert list(j["card_use"]) == ["action"]
    assert list(j["card_use"]["action"]["cards"]) == [c.id for c in content.deck("action").cards]
    nations = j["roles"]["nation"]["roles"]
    assert sum(r["games"] for r in nations.values()) == 2 * j["completed"]
    assert sum(r["wins"] for r in nations.values()) == sum(j["wins"].values())
    order = j["roles"]["order"]["roles"]
    assert order["first"]["games"] == order["second"]["games"] == j["completed"]
    assert order["first"]["wins"] + order["second"]["wins"] == sum(j["wins"].values())
    # and the same figures from two workers: merged exactly
    two = simulate(MLB, games=30, seed=5, workers=2, progress=False).to_json()
    assert two["roles"] == j["roles"] and two["card_use"] == j["card_use"]


def test_a_drawn_player_order_replaces_the_first_player_edge_of_the_side_listed_first():
    """With a role of kind ``order`` the side that moves first changes from game to game: the
    first-player figures of game.first_side would be the side listed first's edge, so there are
    none, and the order role's rows give moving first its win rate; without one they stand."""
    roles = {"a": {"order": "second"}, "b": {"order": "first"}}
    drawn = Metrics({"sides": ["a", "b"], "first_side": "a", "role_word": {"order": "Player order"}})
    fixed = Metrics({"sides": ["a", "b"], "first_side": "a"})
    for m in (drawn, fixed):
        m.add(_rec(0, {}, roles, "b"))
        m.add(_rec(1, {}, roles, "b"))
    j, k = drawn.to_json(), fixed.to_json()
    assert j["first_player"] is None and j["design"]["first_player_advantage"] is None
    assert j["roles"]["order"]["roles"]["first"]["wins"] == 2
    assert k["first_player"]["side"] == "a" and k["design"]["first_player_advantage"]["win_rate"] == 0.0
