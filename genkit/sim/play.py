"""Play one observed game between two bots, never raising: problems become records.

:func:`game_seed` derives each game's seed from the run seed and the game's
index alone, so a run's figures do not depend on how games are spread over
workers, and any game can be replayed from its seed (``genkit play --seed``).
"""
from __future__ import annotations

import traceback

from ..engine.bots import bot_seed, game_seed  # noqa: F401  (game_seed re-exported for the runner)
from ..engine.state import S_COMBAT
from ..engine.view import PlayerView
from .bots import make_bot
from .metrics import empty_record
from .observe import Observer, invariant_checker

STEP_CAP = 20_000        # decisions; a normal Bering Land game takes a few hundred

CHECK_LEVELS = ("step", "turn", "end", "off")


def check_level(check) -> str:
    """True -> "step", False/None -> "off", else one of CHECK_LEVELS."""
    if check is True:
        return "step"
    if check is False or check is None:
        return "off"
    if check not in CHECK_LEVELS:
        raise ValueError(f"invariant check level {check!r}: choose from {', '.join(CHECK_LEVELS)}")
    return check


def play_game(game, content, gseed: int, bots: tuple, index: int = 0, check="step",
              step_cap: int = STEP_CAP, observe: bool = True) -> dict:
    """Play one game; return its record (see :func:`genkit.sim.metrics.empty_record`).

    ``check``: when to run the engine's invariant check -- after every decision
    ("step" or True), whenever the game turn changes and at the end ("turn"),
    at the end only ("end"), or never ("off" or False).

    A game that raises, never ends within ``step_cap`` decisions, or breaks an
    invariant is reported in ``record["violations"]`` with its seed and the step
    (number of decisions applied) at which it was seen; replaying the seed up to
    that step reproduces it.
    """
    level = check_level(check)
    rec = empty_record(index, gseed)
    step = 0

    def violation(kind, message):
        rec["violations"].append({"index": index, "seed": gseed, "step": step, "kind": kind,
                                  "message": message[:500]})

    try:
        s = game.initial_state(gseed, events=[] if observe else None)
    except Exception as exc:
        violation("exception", f"initial_state: {type(exc).__name__}: {exc}")
        return rec
    players = [make_bot(bots[side], game, side, bot_seed(gseed, side)) for side in range(2)]
    obs = Observer(game, rec, content) if observe else None
    checker = invariant_checker(game) if level != "off" else None
    every_step = level == "step"
    per_turn = level == "turn"
    last_turn = s.turn
    legal = game.legal_actions
    apply = game.apply
    combat = obs.combat if obs is not None else None
    try:
        if obs is not None:
            obs.start(s)
        while not s.ended:
            if step >= step_cap:
                violation("no_end", f"no end after {step} decisions (turn {s.turn})")
                break
            actions = legal(s)
            if not actions:
                violation("no_legal_action", f"no legal action in {s!r}")
                break
            side = s.actor
            bot = players[side]
            action = bot.choose(PlayerView(s, side) if bot.needs_view else None, actions)
            if combat is not None and s.stage == S_COMBAT:
                combat(s, actions)
            apply(s, action)
            step += 1
            if checker is not None and (every_step or s.ended or (per_turn and s.turn != last_turn)):
                last_turn = s.turn
                problems = checker(s)
                if problems:
                    violation("invariant", "; ".join(problems))
                    break
    except Exception as exc:
        tb = traceback.extract_tb(exc.__traceback__)
        where = f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""
        violation("exception", f"{type(exc).__name__}: {exc}{where}")
    rec["steps"] = step
    if obs is not None:
        try:
            obs.finish(s)
        except Exception as exc:  # observation is never worth losing a run for
            violation("observer", f"{type(exc).__name__}: {exc}")
    else:
        rec["turn"] = s.turn
        if s.ended:
            rec["completed"] = True
            rec["winner"] = game.side_ids[s.winner] if s.winner >= 0 else None
            rec["reason"] = s.reason
    if rec["violations"]:
        # a game with a problem has no trustworthy result
        rec["completed"] = rec["completed"] and not any(
            v["kind"] in ("invariant", "exception", "no_end", "no_legal_action") for v in rec["violations"])
    return rec
