"""JSON-lines game logs and their replay.

Line 1, the header: ``{"log": "genkit-engine", "game", "version", "rules_module",
"content_sha256" (of the YAML files, when the model is the one under
``content/<game id>``), "content_path", "model_sha256" (of the model itself),
"seed", "bots"}``. Then, in order, ``{"roll": d, "for": purpose}`` for each
die rolled while setting up, and for every decision ``{"step", "turn",
"phase", "side", "action"}`` followed by the rolls it caused. The last line:
``{"end": true, "winner", "turn", "reason", "steps", "digest"}``.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

LOG_FORMAT = "genkit-engine"
ENGINE_VERSION = "1"
_REPO_CONTENT = Path(__file__).resolve().parents[2] / "content"


def model_sha256(content) -> str:
    return hashlib.sha256(content.model_dump_json().encode()).hexdigest()


def content_source(content) -> tuple:
    """(path, sha256 of the YAML files) when ``content`` is the model stored under content/<id>."""
    from ..model.load import load
    path = _REPO_CONTENT / content.game.id
    if not path.is_dir():
        return None, None
    try:
        loaded, source = load(path)
    except Exception:
        return None, None
    if loaded != content:
        return None, None
    return str(path), source.sha256


def as_tuple(value):
    """JSON lists back to the tuples actions are made of."""
    if isinstance(value, list):
        return tuple(as_tuple(v) for v in value)
    return value


class LogWriter:
    """Writes one game's log; ``rolls`` flushes the state's trace after each decision."""

    def __init__(self, path, content, seed: int, bots: list):
        self.f = open(path, "w", encoding="utf-8")
        cpath, csha = content_source(content)
        header = {"log": LOG_FORMAT, "engine": ENGINE_VERSION, "game": content.game.id,
                  "version": content.game.version, "rules_module": content.game.rules_module,
                  "content_sha256": csha, "content_path": cpath, "model_sha256": model_sha256(content),
                  "seed": seed, "bots": bots}
        self._write(header)

    def _write(self, obj) -> None:
        self.f.write(json.dumps(obj, separators=(",", ":")) + "\n")

    def decision(self, step, turn, phase, side, action) -> None:
        self._write({"step": step, "turn": turn, "phase": phase, "side": side, "action": action})

    def rolls(self, trace: list) -> None:
        for face, purpose in trace:
            self._write({"roll": face, "for": purpose})
        trace.clear()

    def end(self, state, steps: int) -> None:
        g = state.game
        self._write({"end": True, "winner": g.side_id(state.winner) if state.winner >= 0 else None,
                     "turn": state.turn, "reason": state.reason, "steps": steps, "digest": state.digest()})
        self.f.close()


@dataclass
class ReplayResult:
    ok: bool
    state: object
    steps: int = 0
    digest: str = ""
    expected_digest: str = ""
    errors: list = field(default_factory=list)


def replay(path, content=None, at_step=None) -> ReplayResult:
    """Rebuild the game of log ``path`` and re-apply its decisions (see :func:`_replay`);
    a damaged log or content comes back as errors, never as an exception."""
    from ..model.load import ContentError
    try:
        return _replay(path, content, at_step)
    except ContentError as exc:
        return ReplayResult(False, None, errors=["the log's content has errors:"] + [str(f) for f in exc.findings])
    except (KeyError, TypeError, ValueError, OverflowError, IndexError, AttributeError) as exc:
        return ReplayResult(False, None, errors=[f"the log is damaged: {type(exc).__name__}: {exc}"])


def _replay(path, content=None, at_step=None) -> ReplayResult:
    """Rebuild the game of log ``path`` from content + seed and re-apply its decisions.

    Checks every logged roll, every action's legality and the final digest.
    With ``at_step`` it stops before decision number ``at_step`` (0-based) and
    returns that state (``ok`` then says the log agreed so far).
    """
    from . import rules_for
    try:
        lines = [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines() if x.strip()]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return ReplayResult(False, None, errors=[f"cannot read the log: {exc}"])
    if not lines or not isinstance(lines[0], dict) or lines[0].get("log") != LOG_FORMAT:
        return ReplayResult(False, None, errors=["not a genkit engine log (the first line is no genkit header)"])
    if not all(isinstance(x, dict) for x in lines) or not all(
            "roll" in x or "end" in x or "action" in x for x in lines[1:]):
        return ReplayResult(False, None, errors=["the log is damaged: a line is neither a roll, a decision nor the end"])
    header = lines[0]
    errors = []
    if content is None:
        if not header.get("content_path"):
            return ReplayResult(False, None, errors=["the log names no content; pass content="])
        from ..model.check import load_checked
        content = load_checked(header["content_path"])[0]
    if header.get("model_sha256") and header["model_sha256"] != model_sha256(content):
        errors.append("the content differs from the one the game was played with")
    if not isinstance(header.get("seed"), int) or isinstance(header["seed"], bool):
        return ReplayResult(False, None, errors=["the log is damaged: its header has no whole-number seed"])
    game = rules_for(content)
    trace = []
    state = game.initial_state(header["seed"], trace=trace)
    expected_rolls = []
    steps = 0
    end = None

    def check_rolls():
        if trace != expected_rolls:
            errors.append(f"rolls differ before step {steps}: log {expected_rolls}, replay {trace}")
        trace.clear()
        expected_rolls.clear()

    stopped_early = False
    for line in lines[1:]:
        if "roll" in line:
            expected_rolls.append((line["roll"], line["for"]))
            continue
        check_rolls()
        if "end" in line:
            end = line
            break
        if at_step is not None and steps >= at_step:
            stopped_early = True
            break
        action = as_tuple(line["action"])
        if state.ended:
            errors.append(f"step {steps}: the game had already ended")
            break
        if action not in game.legal_actions(state):
            errors.append(f"step {steps}: {action!r} is not legal")
            break
        state.trace = trace
        game.apply(state, action)
        state.trace = trace
        steps += 1
    else:
        check_rolls()
    state.trace = None
    digest = state.digest()
    expected = end["digest"] if end else ""
    if not stopped_early:
        if end is None:
            errors.append("the log has no end line")
        elif expected != digest:
            errors.append("final digest differs")
    return ReplayResult(not errors, state, steps, digest, expected, errors)
