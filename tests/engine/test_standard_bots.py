"""The standard rules' greedy bot (genkit/engine/rules/standard/bots.py): its decisions in
positions built from tests/fixtures/standard_mini with the pieces set up where a test needs
them (``counters.units`` overridden), and whole games."""
from __future__ import annotations

from pathlib import Path

import pytest

from genkit.engine import play_game, rules_for
from genkit.engine.bots import RandomBot, bot_seed
from genkit.engine.rules.standard.bots import GreedyBot
from genkit.model.load import load

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "standard_mini"


def game_with(units: str):
    """The mini game with ``counters.units`` replaced by ``units`` (YAML)."""
    content, _ = load(MINI, [f"counters.units={units}"])
    return content, rules_for(content)


def hx(game, hex_id: str) -> int:
    return game.board.grid.index_of(hex_id)


def to_phase(game, state, phase_id: str):
    """Play ("end",) (every side passes) until the phase ``phase_id`` asks for a decision."""
    while game.phase_ids[state.phase] != phase_id:
        acts = game.legal_actions(state)
        game.apply(state, ("end",) if ("end",) in acts else acts[0])
    return state


def greedy(game, side: int, seed: int = 1) -> GreedyBot:
    return GreedyBot.for_game(game, side, seed)


def test_greedy_is_the_standard_games_own_bot():
    _, game = game_with("[{side: blue, type: inf, setup: ['0103']}, {side: grey, type: inf, setup: ['1008']}]")
    assert game.BOTS.get("greedy") is GreedyBot


def test_greedy_takes_a_good_odds_attack_over_a_bad_one():
    # armour + infantry next to a grey infantry in the clear (10:4, 2:1); one infantry next to a
    # grey infantry in the town 0707 (4:8, 1:2)
    _, game = game_with("[{side: blue, type: arm, setup: ['0303']}, {side: blue, type: inf, setup: ['0305', '0607']},"
                        " {side: grey, type: inf, setup: ['0304', '0707']}]")
    s = to_phase(game, game.initial_state(1), "blue_combat")
    acts = game.legal_actions(s)
    assert ("attack", hx(game, "0304")) in acts and ("attack", hx(game, "0707")) in acts
    bot = greedy(game, 0)
    assert bot.choose(game.observe(s, 0), acts) == ("attack", hx(game, "0304"))
    # and it brings both units to it
    game.apply(s, ("attack", hx(game, "0304")))
    chosen = set()
    while game.legal_actions(s) and game.legal_actions(s)[0][0] in ("with", "roll"):
        a = bot.choose(game.observe(s, 0), game.legal_actions(s))
        if a == ("roll",):
            break
        chosen.add(a[1])
        game.apply(s, a)
    assert len(chosen) == 2 or not chosen          # (a single attacker left would be forced)


def test_greedy_declines_an_attack_below_its_threshold():
    # one infantry against an infantry in the town: 4:8, the 1:2 column (K B A N X R)
    _, game = game_with("[{side: blue, type: inf, setup: ['0607']}, {side: grey, type: inf, setup: ['0707']}]")
    s = to_phase(game, game.initial_state(1), "blue_combat")
    acts = game.legal_actions(s)
    assert ("attack", hx(game, "0707")) in acts
    bot = greedy(game, 0)
    assert bot.attack_value(game.observe(s, 0), [0], hx(game, "0707")) < bot.threshold
    assert bot.choose(game.observe(s, 0), acts) == ("end",)


def test_greedy_moves_toward_an_objective():
    # blue must hold both towns (0602, 0707): its lone infantry walks toward the nearer
    _, game = game_with("[{side: blue, type: inf, setup: ['0204']}, {side: grey, type: inf, setup: ['1008']}]")
    t = greedy(game, 0).t
    s = to_phase(game, game.initial_state(1), "blue_movement")
    before = min(t.to(h)[s.loc[0]] for h in t.targets[0])
    bot = greedy(game, 0)
    while game.phase_ids[s.phase] == "blue_movement":
        game.apply(s, bot.choose(game.observe(s, 0), game.legal_actions(s)))
    after = min(t.to(h)[s.loc[0]] for h in t.targets[0])
    assert after < before


def test_greedy_stays_on_an_objective_it_holds():
    _, game = game_with("[{side: blue, type: inf, setup: ['0602']}, {side: grey, type: inf, setup: ['1008']}]")
    s = to_phase(game, game.initial_state(1), "blue_movement")
    bot = greedy(game, 0)
    assert bot.choose(game.observe(s, 0), game.legal_actions(s)) == ("end",)


def test_greedy_retreats_away_from_enemies():
    # a blue unit at 0404 chooses between 0403 (next to the grey units at 0402 and 0303) and
    # 0305 (next to none)
    _, game = game_with("[{side: blue, type: inf, setup: ['0404']}, {side: grey, type: inf, setup: ['0402', '0303']}]")
    s = game.initial_state(1)
    bot = greedy(game, 0)
    toward, away = ("retreat", hx(game, "0403")), ("retreat", hx(game, "0305"))
    assert bot.choose_retreat(game.observe(s, 0), [toward, away]) == away
    assert bot.choose_retreat(game.observe(s, 0), [away, toward]) == away


def _greedy_game(content, seed, sides=("greedy", "greedy")):
    game = rules_for(content)
    bots = [GreedyBot.for_game(game, k, bot_seed(seed, k)) if name == "greedy" else RandomBot(bot_seed(seed, k))
            for k, name in enumerate(sides)]
    return play_game(content, seed, bots=bots, check_invariants="turn")


def test_a_greedy_game_is_reproducible_by_seed():
    content, _ = load(MINI)
    a, b = _greedy_game(content, 7), _greedy_game(content, 7)
    assert (a.winner, a.turn, a.reason, a.steps, a.digest) == (b.winner, b.turn, b.reason, b.steps, b.digest)


@pytest.mark.parametrize("side", [0, 1])
def test_greedy_beats_random(side):
    content, _ = load(MINI)
    game = rules_for(content)
    sides = ["random", "random"]
    sides[side] = "greedy"
    wins = sum(_greedy_game(content, seed, sides).winner == game.side_ids[side] for seed in range(10))
    assert wins >= 9
