"""The executable rules engine: one state object, game-independent procedures, one module per game.

Public entry points::

    rules_for(content) -> Game                      # the game definition named by content.game.rules_module
    play_game(content, seed, bots=("random", "random"), log_path=None,
              check_invariants=False, events=None, source=None, overrides=()) -> GameResult
    Game.initial_state(seed, trace=None, events=None) -> State   # events: genkit.engine.events
    replay_log(path, content=None, at_step=None, content_path=None) -> ReplayResult
    PlayerView(state, side)                          # what one player sees: the view bots get
    check_invariants(state) -> list[str]
    pieces_on_map(state), render_text(state)
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from .bots import bot_seed, make_bot
from .invariants import check_invariants
from .log import LogWriter, ReplayResult, replay
from .state import State
from .view import PlayerView, pieces_on_map, render_text

__all__ = ["rules_for", "play_game", "replay_log", "check_invariants", "GameResult", "ReplayResult",
           "InvariantError", "State", "PlayerView", "pieces_on_map", "render_text", "RULES_MODULES"]

# content.game.rules_module -> module under genkit/engine/rules/ defining ``Game``.
RULES_MODULES = {"bering_land": "genkit.engine.rules.bering_land"}

_cache: dict = {}


def rules_for(content):
    """The (cached) game definition for ``content``."""
    hit = _cache.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    name = content.game.rules_module
    if name not in RULES_MODULES:
        raise ValueError(f"no rules module {name!r}; known: {', '.join(sorted(RULES_MODULES))}")
    game = importlib.import_module(RULES_MODULES[name]).Game(content)
    if len(_cache) > 32:
        _cache.clear()
    _cache[id(content)] = (content, game)
    return game


class InvariantError(AssertionError):
    """A state broke an invariant during play_game(check_invariants=True)."""


@dataclass
class GameResult:
    winner: str | None      # side id, None for a draw
    turn: int
    reason: str             # "base", "no_units", "turn_limit"
    steps: int              # decisions taken by bots
    digest: str


def play_game(content, seed: int, bots=("random", "random"), log_path=None,
              check_invariants: bool = False, events: list | None = None, source=None,
              overrides=()) -> GameResult:
    """Play one game between ``bots`` (names or objects with ``choose``), one per side in
    ``content.game.sides`` order. Bot seeds are derived from ``seed``. A bot with
    ``needs_view`` gets ``PlayerView(state, side)`` (:class:`genkit.engine.view.PlayerView`),
    any other bot None.

    ``events``: a list the game appends its event tuples to (:mod:`genkit.engine.events`);
    None (the default) records nothing and costs nothing.

    ``log_path``: write the game log there (:mod:`genkit.engine.log`). ``source`` (the
    :class:`genkit.model.load.Source` the content was loaded from) and ``overrides`` (the
    ``--set`` texts applied) go into its header, so that the log replays without being told
    where the content is. A game that stops early (an exception, Ctrl-C) leaves its log
    closed, without the end line.
    """
    game = rules_for(content)
    players = [make_bot(spec, bot_seed(seed, k)) for k, spec in enumerate(bots)]
    trace = [] if log_path else None
    state = game.initial_state(seed, trace=trace, events=events)
    if not log_path:
        return _play(game, state, players, None, None, check_invariants)
    log = LogWriter(log_path, content, seed, [getattr(b, "name", str(b)) for b in players], source, overrides)
    try:
        log.rolls(trace)
        return _play(game, state, players, log, trace, check_invariants)
    finally:
        log.close()


def _play(game, state, players, log, trace, check_invariants: bool) -> GameResult:
    """The bots decide until the game ends; each decision and its rolls go to ``log``."""
    check = _check if check_invariants else None
    if check:
        check(state, 0)
    steps = 0
    legal = game.legal_actions
    apply = game.apply
    while not state.ended:
        actions = legal(state)
        side = state.actor
        bot = players[side]
        view = PlayerView(state, side) if bot.needs_view else None
        action = bot.choose(view, actions)
        if log:
            log.decision(steps, state.turn, game.phase_ids[state.phase], game.side_ids[side], action)
        apply(state, action)
        steps += 1
        if log:
            log.rolls(trace)
        if check:
            check(state, steps)
    if log:
        log.end(state, steps)
    winner = game.side_ids[state.winner] if state.winner >= 0 else None
    return GameResult(winner, state.turn, state.reason, steps, state.digest())


def _check(state, step) -> None:
    errs = check_invariants(state)
    if errs:
        raise InvariantError(f"after step {step}: " + "; ".join(errs))


def replay_log(path, content=None, at_step=None, content_path=None) -> ReplayResult:
    """Replay a log (see :func:`genkit.engine.log.replay`)."""
    return replay(path, content=content, at_step=at_step, content_path=content_path)
