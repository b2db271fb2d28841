"""Each rules module states what it can run (its record's ``requires``); ``genkit check`` refuses a
model beyond it, naming the module's limit, and play, sim and build refuse it the same way."""
import subprocess
from pathlib import Path
import sys

import pytest

from genkit.engine import Match, rules_for
from genkit.engine.bots import RandomBot
from genkit.engine.rules import Requirements
from genkit.engine.rules.bering_land import Game
from genkit.pack.printable import check_path
from tests.conftest import BERING, edit

THIRD_SIDE = '''    - id: ca
      name: Canadian force
      adjective: Canadian
      colour: {full: "#1b7a3a", reduced: "#a8e0b8", text: "#ffffff", reduced_text: "#0a3018"}
  components:'''


def genkit(*args):
    result = subprocess.run([sys.executable, "-m", "genkit.cli", *map(str, args)], capture_output=True, text=True)
    assert "Traceback" not in result.stdout + result.stderr
    return result


def limits(path):
    return [f for f in check_path(path) if f.code == "rules-limit"]


def test_bering_land_declares_what_it_runs_and_the_bundled_game_is_within_it():
    req = Game.module.requires
    assert isinstance(req, Requirements) and req.sides == 2
    assert set(req.phase_kinds) == {"respawn", "movement", "combat", "housekeeping"}
    assert limits(BERING) == []


def test_three_sides_are_refused_by_check_naming_the_module_limit(game_copy, tmp_path):
    edit(game_copy / "game.yaml", "  components:", THIRD_SIDE)
    message = "game.sides: rules module bering_land plays exactly 2 sides; this game has 3"
    found = limits(game_copy)
    side_error = [f for f in found if f.message == message]
    assert side_error and side_error[0].severity == "error"
    assert side_error[0].file.endswith("game.yaml")
    lines = (game_copy / "game.yaml").read_text().splitlines()
    assert "id: ca" in lines[side_error[0].line - 1]          # the line of the side too many
    out = genkit("check", game_copy)
    assert out.returncode == 1 and f"game.yaml:{side_error[0].line}: error: {message}" in out.stdout
    for args in (("play", game_copy, "--seed", 1), ("sim", game_copy, "--games", 2),
                 ("build", game_copy, "--out", tmp_path / "kit")):
        out = genkit(*args)
        assert out.returncode == 1, args
        assert message in out.stdout + out.stderr, args


def test_a_sequence_of_play_the_module_cannot_run_is_refused(game_copy):
    # a second American movement phase, and a respawn phase for one side only
    edit(game_copy / "game.yaml", "    - {id: us_combat,",
         "    - {id: us_movement_2, name: American Movement again, kind: movement, side: us}\n    - {id: us_combat,")
    edit(game_copy / "game.yaml", "kind: respawn}", "kind: respawn, side: ru}")
    messages = {f.message for f in limits(game_copy)}
    assert ("game.sequence_of_play: rules module bering_land needs exactly one movement phase per side; "
            "side 'us' has 2") in messages
    assert ("game.sequence_of_play: in rules module bering_land a respawn phase acts for every side; "
            "phase 'respawn' names side 'ru'") in messages
    out = genkit("play", game_copy, "--seed", 1)
    assert out.returncode == 1 and "needs exactly one movement phase per side" in out.stdout


def test_a_phase_kind_the_module_does_not_run_is_named(bering):
    req = Requirements(sides=2, phase_kinds=("movement", "combat", "housekeeping"))
    problems = req.problems("tiny", bering)
    assert (("game", "sequence_of_play", 0, "kind"),
            "game.sequence_of_play: rules module tiny runs only movement, combat, housekeeping phases; "
            "phase 'respawn' is a respawn phase") in problems


def test_the_play_loop_takes_one_bot_per_side_of_the_game(bering):
    game = rules_for(bering)
    with pytest.raises(ValueError, match="3 bots for the 2 sides"):
        Match(game, game.initial_state(1), [RandomBot(k) for k in range(3)])


def test_a_crt_result_or_a_deck_the_module_cannot_play_is_refused(bering):
    """Bering Land applies no attacker step loss and needs its deck; a module that plays no
    cards refuses a deck."""
    bering_req = Game.module.requires
    changed = bering.model_copy(update={"crt": bering.crt.model_copy(update={"results": [
        *bering.crt.results, bering.crt.results[0].model_copy(update={"code": "A", "effect": "attacker_step_loss"})]})})
    assert [m for _, m in bering_req.problems("bering_land", changed)] == [
        "crt.results: rules module bering_land applies only the results none, step_loss, eliminate; "
        "result A is attacker_step_loss"]
    no_deck = bering.model_copy(update={"decks": []})
    assert [m for _, m in bering_req.problems("bering_land", no_deck)] == [
        "decks: rules module bering_land needs a deck of cards dealt into hands (a deck with a hand_limit)"]
    no_cards = Requirements(sides=2, phase_kinds=bering_req.phase_kinds, shared_kinds=bering_req.shared_kinds,
                            facing=True, reserve=True, crt_above_highest=("use_highest", "last_row"))
    assert [p for p, _ in no_cards.problems("plain", bering)] == [("decks", 0, "hand_limit")]


RIDGE = Path(__file__).resolve().parents[1] / "fixtures" / "ridge"


def _ridge_with(update):
    from genkit.engine.rules.ridge import Game as Ridge
    from genkit.model.load import load_game
    c = load_game(RIDGE)
    return Ridge.module.requires.problems("ridge", update(c))


def _type(c, i, **kw):
    types = list(c.unit_types)
    types[i] = types[i].model_copy(update=kw)
    return c.model_copy(update={"unit_types": types})


def _group(c, i, **kw):
    units = list(c.counters.units)
    units[i] = units[i].model_copy(update=kw)
    return c.model_copy(update={"counters": c.counters.model_copy(update={"units": units})})


@pytest.mark.parametrize("update, message", [
    (lambda c: _type(c, 2, facing=True), "unit_types: rules module ridge moves no unit with a facing; tank has one"),
    (lambda c: _group(c, 0, reserve=1), "counters.units: rules module ridge brings no piece onto the map during "
                                        "play; 1 blue rifles start in reserve"),
    (lambda c: c.model_copy(update={"crt": c.crt.model_copy(update={"above_highest": "last_row"})}),
     "crt.above_highest: rules module ridge runs only use_highest; this CRT asks for last_row"),
])
def test_what_ridge_cannot_run_is_refused(update, message):
    """What check accepts, the engine plays: each model feature Ridge does not run is refused."""
    assert [m for _, m in _ridge_with(update)] == [message]


def test_a_side_phase_without_its_side_is_a_check_error():
    findings = check_path(RIDGE, ["game.sequence_of_play.blue_move.side=null"])
    assert any(f.code == "rules-limit" and "a move phase is one side's; phase 'blue_move' names no side"
               in f.message and f.file.endswith("game.yaml") for f in findings), findings


def test_bering_land_refuses_an_odds_crt(bering):
    cols = [c.model_copy(update={"differential": None, "odds": f"{i + 1}:1"}) for i, c in enumerate(bering.crt.columns)]
    odds = bering.model_copy(update={"crt": bering.crt.model_copy(update={"columns": cols})})
    assert [m for _, m in Game.module.requires.problems("bering_land", odds)] == [
        "crt.columns: rules module bering_land reads only differential columns; this CRT has odds columns"]
