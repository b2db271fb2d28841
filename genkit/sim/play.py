"""One game's record: the engine's play loop (:class:`genkit.engine.Match`), watched by the
:class:`~genkit.sim.observe.Observer`, never raising: problems become records.

:func:`~genkit.engine.bots.game_seed` derives each game's seed from the run seed and the
game's index alone, so a run's figures do not depend on how games are spread over workers,
and any game can be replayed from its seed (``genkit play --seed``).
"""
from __future__ import annotations

import traceback

from ..engine import GameStuck, InvariantError, Match
from .bots import make_players
from .metrics import empty_record
from .observe import Observer

STEP_CAP = 20_000        # decisions after which a game counts as endless (games take hundreds)

#: violations after which a game has no trustworthy result
_FATAL = ("invariant", "exception", "no_end", "no_legal_action")


def record_game(game, gseed: int, bots: tuple, index: int = 0, check="step",
                step_cap: int = STEP_CAP, observe: bool = True) -> dict:
    """Play one game; return its record (see :func:`genkit.sim.metrics.empty_record`).

    ``check``: when to run the engine's invariant check (see :class:`genkit.engine.Match`):
    "step" (or True), "turn", "end" or "off" (or False).

    A game that raises, never ends within ``step_cap`` decisions, or breaks an
    invariant is reported in ``record["violations"]`` with its seed and the step
    (number of decisions applied) at which it was seen; replaying the seed up to
    that step reproduces it.
    """
    rec = empty_record(index, gseed)
    try:
        state = game.initial_state(gseed, events=[] if observe else None)
    except Exception as exc:
        _violation(rec, 0, "exception", f"initial_state: {type(exc).__name__}: {exc}")
        return rec
    obs = Observer(game, rec) if observe else None
    match = Match(game, state, make_players(bots, game, gseed), check=check, step_cap=step_cap,
                  watch=obs.watch if obs is not None and obs.cards else None,
                  on_turn=obs.new_turn if obs is not None else None)
    try:
        if obs is not None:
            obs.start(state)
        match.play()
    except InvariantError as exc:
        _violation(rec, match.steps, "invariant", "; ".join(exc.problems))
    except GameStuck as exc:
        _violation(rec, match.steps, exc.kind, str(exc))
    except Exception as exc:
        _violation(rec, match.steps, "exception", f"{type(exc).__name__}: {exc}{_where(exc)}")
    rec["steps"] = match.steps
    _close(rec, game, obs, state)
    return rec


def _violation(rec: dict, step: int, kind: str, message: str) -> None:
    """Record a problem of the game, with what reproduces it."""
    rec["violations"].append({"index": rec["index"], "seed": rec["seed"], "step": step, "kind": kind,
                              "message": message[:500]})


def _where(exc: Exception) -> str:
    """" at file.py:line" of the innermost frame of ``exc``, or ""."""
    tb = traceback.extract_tb(exc.__traceback__)
    return f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""


def _close(rec: dict, game, obs, state) -> None:
    """Fill the end of the record: from the observer if there is one, else from the outcome; a
    game with a fatal problem is never ``completed``."""
    if obs is not None:
        try:
            obs.finish(state)
        except Exception as exc:  # observation is never worth losing a run for
            _violation(rec, rec["steps"], "observer", f"{type(exc).__name__}: {exc}")
    else:
        out = game.outcome(state)
        rec["turn"] = out.turn
        if game.is_terminal(state):
            rec["completed"] = True
            rec["winner"] = out.winner
            rec["reason"] = out.reason
    if rec["violations"]:
        rec["completed"] = rec["completed"] and not any(v["kind"] in _FATAL for v in rec["violations"])
