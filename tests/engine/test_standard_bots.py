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
    assert game.module.bots.get("greedy") is GreedyBot


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
    # and it brings both units next to it (armour alone would be 6:4, the 1:1 column)
    game.apply(s, ("attack", hx(game, "0304")))
    chosen = []
    while game.legal_actions(s)[0][0] in ("with", "roll"):    # (the last roll is taken at once)
        a = bot.choose(game.observe(s, 0), game.legal_actions(s))
        if a == ("roll",):
            break
        chosen.append(a[1])
        game.apply(s, a)
    assert sorted(chosen) == [0, 1]                 # pieces: the armour, the infantry at 0305


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


DIFFERENTIAL = ("crt.columns=[{differential: -2, rows: {assault: [K, B, A, N, X, R]}},"
                " {differential: 0, rows: {assault: [B, A, N, X, R, S]}},"
                " {differential: 2, rows: {assault: [A, N, X, R, S, D]}},"
                " {differential: 4, rows: {assault: [N, X, R, S, D, D]}}]")
STRATEGIC = ("rules={movement: {zoc: stop}, strategic: {multiplier: 2, enemy_distance: 3}, stacking: {limit: 2},"
             " terrain: {woods: {shift: -1}, hill: {drm: -1}, town: {multiplier: 2}},"
             " hexsides: {river: {cross_cost: 2, shift: -1}, bridge: {crossing: true}}, roads: {road: {cost: 0.5}},"
             " combat: {retreat_blocked: step_loss, advance: true}, replacements: replacements}")


@pytest.mark.parametrize("sets", [
    [DIFFERENTIAL], [STRATEGIC], ["rules.movement={zoc: locking}"],
    ["rules.movement={zoc: stop_and_leave, zoc_leave_cost: 1}"], ["rules.movement={zoc: none, units_per_phase: 2}"],
    ["rules.stacking={limit: 3, count: points, points: {arm: 2, inf: 2}}"],
    ["rules.combat={retreat_blocked: eliminate, advance: false}"],
    ["game.victory=[{kind: no_units}, {kind: turn_limit, winner: most_points}]"],
], ids=["differential", "strategic", "zoc-locking", "zoc-leave", "zoc-none-two-per-phase", "stacking-points",
        "blocked-eliminates", "no-objectives"])
def test_greedy_plays_every_rules_option(sets):
    content, _ = load(MINI, sets)
    for seed in (1, 2):
        result = _greedy_game(content, seed)
        assert result.reason


def test_greedy_advances_into_an_objective_it_has_emptied():
    # four blue units round the grey infantry in the town 0707 (20:8, the 2:1 column): on a seed
    # where the defender is eliminated or retreats, greedy advances into the town
    _, game = game_with("[{side: blue, type: arm, setup: ['0607', '0806']}, {side: blue, type: inf, setup: ['0606', '0706']},"
                        " {side: grey, type: inf, setup: ['0707', '1001']}]")
    town = hx(game, "0707")
    for seed in range(1, 60):
        s = to_phase(game, game.initial_state(seed), "blue_combat")
        bot, grey = greedy(game, 0, seed), greedy(game, 1, seed)
        attack = bot.choose(game.observe(s, 0), game.legal_actions(s))
        assert attack == ("attack", town)
        game.apply(s, attack)
        while not s.ended and game.phase_ids[s.phase] == "blue_combat":
            acts = game.legal_actions(s)
            if acts[0][0] in ("advance", "stay"):
                a = bot.choose(game.observe(s, 0), acts)
                assert a[0] == "advance"
                game.apply(s, a)
                assert any(s.loc[p] == town for p in game.side_pieces[0])
                return
            side = s.actor
            game.apply(s, (bot if side == 0 else grey).choose(game.observe(s, side), acts))
    pytest.fail("no seed emptied the town")
