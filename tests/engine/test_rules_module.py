"""A rules module is declared by one record (genkit.engine.rules.RulesModule), checked when it
is made; the base class sets up every new position's generic fields and settles it."""
import dataclasses
import random

import pytest
from transcripts.regenerate import GAMES, load_content

from genkit.engine import rules_for
from genkit.engine.game import GameRules, RulesError
from genkit.engine.rules import RULES_MODULES, RulesModule, RulesModuleError, rules_module
from genkit.engine.rules.ridge import RidgeState
from genkit.engine.rules.ridge import Game as Ridge


def test_every_registered_module_declares_its_own_record_and_binds_it_to_its_game():
    for name in RULES_MODULES:
        record = rules_module(name)
        assert record.name == name and record.game.module is record


def test_a_game_that_does_not_write_a_method_is_refused_when_its_module_is_declared():
    class Unfinished(GameRules):
        def _setup(self, s): ...
        def _compute(self, s): ...
        def _do(self, s, a): ...

    with pytest.raises(RulesModuleError, match="rules module half: game Unfinished does not write action_text"):
        dataclasses.replace(rules_module("ridge"), name="half", game=Unfinished)


def test_each_wrong_piece_of_a_record_is_named():
    ridge = rules_module("ridge")
    with pytest.raises(RulesModuleError) as err:
        RulesModule(name="odd", game=object, section=dict, checks=[print], charts=3, bots={"x": int},
                    requires=None, stacks=1)
    message = str(err.value)
    for piece in ("game <class 'object'> is not a GameRules class", "section", "checks", "charts", "bots",
                  "requires", "stacks"):
        assert piece in message
    assert ridge.game.module is ridge    # a test's variant never rebinds the game's own record


def test_an_unknown_module_names_the_known_ones():
    with pytest.raises(ValueError, match="no rules module 'chess'; known: bering_land, bg, memoir44, modern_land_battles, ridge, standard, strike_the_bear"):
        rules_module("chess")


def test_a_setup_that_leaves_a_field_of_the_game_unset_is_an_error_naming_it(ridge_content):
    class Forgetful(Ridge):
        def _setup(self, s: RidgeState) -> None:
            s.done, s.chosen = 0, -1     # stage forgotten

    with pytest.raises(RulesError, match="Forgetful._setup leaves stage of RidgeState unset"):
        Forgetful(ridge_content).initial_state(1)


def test_the_base_class_sets_the_generic_fields_and_settles_the_opening(ridge_content):
    g = Ridge(ridge_content)
    s = g.initial_state(7)
    assert (s.turn, s.phase, s.ended, s.winner, s.reason, s.nrolls) == (1, 0, 0, -1, "", 0)
    assert s.legal and len(s.legal) > 1          # a real choice waits: the forced ones are taken
    assert sorted(h for h in s.loc if h >= 0) == sorted(h for h in g.p_setup if h >= 0)


@pytest.fixture(scope="module")
def ridge_content():
    from pathlib import Path

    from genkit.model.load import load
    return load(Path(__file__).resolve().parents[1] / "fixtures" / "ridge")[0]


@pytest.mark.parametrize("folder", sorted({g[0] for g in GAMES}))
def test_every_game_says_each_legal_action_in_its_own_words(folder):
    """action_text answers every legal action of a few random games with words and printed hex
    ids: never an engine tuple, never a bare index."""
    game = rules_for(load_content(folder))
    for seed in range(3):
        rng = random.Random(seed)
        s = game.initial_state(seed)
        for _ in range(300):
            if s.ended:
                break
            actions = game.legal_actions(s)
            for a in actions:
                text = game.action_text(s, a)
                assert isinstance(text, str) and text and "(" not in text and "'" not in text, (a, text)
            game.apply(s, actions[rng.randrange(len(actions))])
