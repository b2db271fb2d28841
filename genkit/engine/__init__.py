"""The executable rules engine: one state object, game-independent procedures, one module per game.

Public entry points::

    rules_for(content) -> Game                      # the game definition named by content.game.rules_module
    play_game(content, seed, bots=None, log_path=None,
              check_invariants=False, events=None, source=None, overrides=()) -> GameResult
    Match(game, state, players, check, step_cap, log, trace, watch, on_turn).play()  # the play loop
    replay_log(path, content=None, at_step=None, content_path=None) -> ReplayResult
    check_invariants(state) -> list[str]

A game is reached only through its ``Game`` (:class:`~genkit.engine.game.GameRules`: the game
interface, documented in :mod:`genkit.engine.game`).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass

from .bots import RandomBot, bot_seed
from .game import CardChance, GameRules, Outcome, Piece
from .invariants import check_invariants
from .log import LogWriter, ReplayResult, replay
from .rules import RULES_MODULES, rules_module
from .state import State
from .view import View

__all__ = ["rules_for", "play_game", "Match", "check_level", "CHECK_LEVELS", "replay_log", "check_invariants",
           "GameResult", "ReplayResult", "InvariantError", "GameStuck", "State", "View", "GameRules", "Outcome",
           "Piece", "CardChance", "RULES_MODULES", "rules_module"]


_cache: dict = {}


def rules_for(content):
    """The (cached) game definition for ``content``."""
    hit = _cache.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    game = rules_module(content.game.rules_module).game(content)
    if len(_cache) > 32:
        _cache.clear()
    _cache[id(content)] = (content, game)
    return game


CHECK_LEVELS = ("step", "turn", "end", "off")


def check_level(check) -> str:
    """The invariant check level named by ``check``: True -> "step", False/None -> "off",
    else one of :data:`CHECK_LEVELS` (ValueError otherwise)."""
    if check is True:
        return "step"
    if check is False or check is None:
        return "off"
    if check not in CHECK_LEVELS:
        raise ValueError(f"invariant check level {check!r}: choose from {', '.join(CHECK_LEVELS)}")
    return check


class InvariantError(AssertionError):
    """A state broke an invariant during play, ``step`` decisions in; ``problems`` lists how."""

    def __init__(self, step: int, problems: list):
        super().__init__(f"after step {step}: " + "; ".join(problems))
        self.step, self.problems = step, problems


class GameStuck(RuntimeError):
    """The game cannot go on: ``kind`` is "no_end" (the step cap reached) or "no_legal_action"."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


@dataclass
class GameResult:
    winner: str | None      # side id, None for a draw
    turn: int
    reason: str             # the victory condition that ended it
    steps: int              # decisions taken by bots
    digest: str


class Match:
    """One game between bots, one per side: the one play loop of genkit (``genkit play``,
    :func:`play_game`, the simulator's records).

    ``check``: when to check the invariants -- "step" (the start and after every decision; or
    True), "turn" (whenever the game turn changes, and at the end), "end", "off" (or False).
    ``step_cap``: decisions after which the game counts as endless (None: no cap).
    ``log``/``trace``: a :class:`~genkit.engine.log.LogWriter` and the state's roll trace.
    ``watch(state, actions)``: called before each decision (the simulator's observer, for a
    game with cards); ``on_turn(state)``: called after a decision that began a new game turn,
    the game going on (the observer's figures per game turn: no call per decision for them).
    ``steps`` counts the decisions applied, also after :meth:`play` raised.
    """

    def __init__(self, game, state, players, check="off", step_cap=None, log=None, trace=None,
                 watch=None, on_turn=None):
        if len(players) != len(game.side_ids):      # one bot per side of the game, in its order
            raise ValueError(f"{len(players)} bots for the {len(game.side_ids)} sides of the game "
                             f"({', '.join(game.side_ids)}): give one per side")
        self.game, self.state, self.players = game, state, players
        self.check = check_level(check)
        self.step_cap = sys.maxsize if step_cap is None else step_cap
        self.log, self.trace, self.watch, self.on_turn = log, trace, watch, on_turn
        self.steps = 0

    def play(self) -> None:
        """The bots decide until the game ends. Guarantees: a bot with ``needs_view`` gets
        ``game.observe(state, side)``, any other None; every decision and its rolls are logged,
        and the end when the game ends; a broken invariant raises :class:`InvariantError`,
        the step cap or a decision with no legal action :class:`GameStuck`.
        (One function: this loop is the engine's hot path.)"""
        game, state, players, log, trace = self.game, self.state, self.players, self.log, self.trace
        checker = check_invariants if self.check != "off" else None   # looked up now: tests patch it
        every_step, per_turn = self.check == "step", self.check == "turn"
        cap, watch, on_turn = self.step_cap, self.watch, self.on_turn
        legal, apply, observe = game.legal_actions, game.apply, game.observe
        choose = [b.choose for b in players]               # per side, looked up once
        views = [b.needs_view for b in players]
        last_turn = state.turn
        steps = 0
        try:
            if every_step:
                _check(checker, state, 0)
            while not state.ended:
                if steps >= cap:
                    raise GameStuck("no_end", f"no end after {steps} decisions (turn {state.turn})")
                actions = state.legal           # apply leaves the next decision's list cached
                if actions is None:
                    actions = legal(state)
                if not actions:
                    raise GameStuck("no_legal_action", f"no legal action in {state!r}")
                side = state.actor              # = game.current_side(state) while the game is on
                if watch is not None:
                    watch(state, actions)
                action = choose[side](observe(state, side) if views[side] else None, actions)
                if log:
                    log.decision(steps, state.turn, game.phase_ids[state.phase], game.side_ids[side], action,
                                 game.action_text(state, action))
                apply(state, action)
                steps += 1
                if log:
                    log.rolls(trace)
                if state.turn != last_turn:     # a new game turn
                    last_turn = state.turn
                    if checker is not None and (per_turn or every_step or state.ended):
                        _check(checker, state, steps)
                    if on_turn is not None and not state.ended:
                        on_turn(state)
                elif checker is not None and (every_step or state.ended):
                    _check(checker, state, steps)
            if log:
                log.end(state, steps)
        finally:
            self.steps = steps

    def result(self) -> GameResult:
        """The result of the game as it stands (call after :meth:`play`)."""
        out = self.game.outcome(self.state)
        return GameResult(out.winner, out.turn, out.reason, self.steps, self.state.digest())


def _check(checker, state, step: int) -> None:
    """Raise :class:`InvariantError` if ``checker`` finds ``state`` broken."""
    problems = checker(state)
    if problems:
        raise InvariantError(step, problems)


def play_game(content, seed: int, bots=None, log_path=None, check_invariants=False,
              events: list | None = None, source=None, overrides=()) -> GameResult:
    """Play one game between ``bots`` (objects with ``choose``; None: the random bot on every
    side, seeded by :func:`~genkit.engine.bots.bot_seed`), one per side in
    ``content.game.sides`` order. ``check_invariants``: True/False or a level (see :class:`Match`).

    ``events``: a list the game appends its event records to (:mod:`genkit.engine.events`);
    None (the default) records nothing and costs nothing.

    ``log_path``: write the game log there (:mod:`genkit.engine.log`). ``source`` (the
    :class:`genkit.model.load.Source` the content was loaded from) and ``overrides`` (the
    ``--set`` texts applied) go into its header, so that the log replays without being told
    where the content is. A game that stops early (an exception, Ctrl-C) leaves its log
    closed, without the end line.
    """
    game = rules_for(content)
    players = list(bots) if bots is not None else [RandomBot(bot_seed(seed, k)) for k in range(len(game.side_ids))]
    trace = [] if log_path else None
    state = game.initial_state(seed, trace=trace, events=events)
    match = Match(game, state, players, check=check_invariants, trace=trace)
    if not log_path:
        match.play()
        return match.result()
    match.log = LogWriter(log_path, content, seed, [getattr(b, "name", str(b)) for b in players], source, overrides)
    try:
        match.log.rolls(trace)
        match.play()
    finally:
        match.log.close()
    return match.result()


def replay_log(path, content=None, at_step=None, content_path=None) -> ReplayResult:
    """Replay a log (see :func:`genkit.engine.log.replay`)."""
    return replay(path, content=content, at_step=at_step, content_path=content_path)
