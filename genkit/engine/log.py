"""JSON-lines game logs and their replay.

One JSON object a line. Line 1, the header::

    {"log": "genkit-engine", "engine": "1", "game": <id>, "version", "rules_module",
     "content_path": the content folder as the player named it (relative to their working
                     folder, or absolute),
     "content_path_resolved": the same folder as an absolute path,
     "content_sha256": sha256 of its YAML files, "overrides": ["KEY=VALUE", ...] (--set),
     "model_sha256": sha256 of the model played (after the overrides), "seed", "bots"}

The three content fields are null when the game was played from a model whose files are not
known (``play_game`` without ``source``). Then, in order, ``{"roll": face, "for": purpose}`` for
each die rolled while setting up, and for every decision ``{"step", "turn", "phase", "side",
"action"}`` followed by the rolls it caused. The last line: ``{"end": true, "winner", "turn",
"reason", "steps", "digest"}``.

:func:`replay` takes the content given to it, else loads it (with the header's overrides) from
``content_path``, else from ``content_path_resolved``. A damaged log or missing content comes back
as errors naming the line, never as an exception; logged values in messages are cut to
:data:`SHOWN` characters. A log is read a line at a time in bounded memory: a log longer than
:data:`MAX_LOG_BYTES`, a line longer than :data:`MAX_LINE_BYTES`, more than :data:`MAX_ROLLS` rolls
after one decision, or any line after the end line is refused.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from itertools import zip_longest
from pathlib import Path

from ..atomic import output_errors

LOG_FORMAT = "genkit-engine"
ENGINE_VERSION = "1"
MAX_DEPTH = 8     # lists in a logged action; actions nest 2 deep, deeper is damage (and could exhaust the stack)
SHOWN = 200       # characters of a logged value shown in a message
MB = 1 << 20
MAX_LOG_BYTES = 64 * MB    # a log genkit replays: the bundled games' are 20-35 kB
MAX_LINE_BYTES = 1 * MB    # a logged line: under 1 kB, a header with long --set values more
MAX_ROLLS = 10_000         # rolls logged after one decision (a battle rolls a few dice)


def model_sha256(content) -> str:
    return hashlib.sha256(content.model_dump_json().encode()).hexdigest()


class LogWriter:
    """Writes one game's log; ``rolls`` flushes the state's trace after each decision.

    ``source`` (:class:`genkit.model.load.Source`) names the content folder in the header so the
    log replays without it; errors writing come out as :class:`genkit.atomic.OutputError`."""

    def __init__(self, path, content, seed: int, bots: list, source=None, overrides=()):
        self.path = path
        root = source.root if source is not None else None
        header = {"log": LOG_FORMAT, "engine": ENGINE_VERSION, "game": content.game.id,
                  "version": content.game.version, "rules_module": content.game.rules_module,
                  "content_path": str(root) if root else None,
                  "content_path_resolved": str(Path(root).resolve()) if root else None,
                  "content_sha256": source.sha256 if source is not None else None,
                  "overrides": list(overrides), "model_sha256": model_sha256(content),
                  "seed": seed, "bots": bots}
        with output_errors(path):
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.f = open(path, "w", encoding="utf-8")
        self._write(header)

    def _write(self, obj) -> None:
        with output_errors(self.path):
            self.f.write(json.dumps(obj, separators=(",", ":")) + "\n")

    def decision(self, step, turn, phase, side, action) -> None:
        self._write({"step": step, "turn": turn, "phase": phase, "side": side, "action": action})

    def rolls(self, trace: list) -> None:
        for face, purpose in trace:
            self._write({"roll": face, "for": purpose})
        trace.clear()

    def end(self, state, steps: int) -> None:
        out = state.game.outcome(state)
        self._write({"end": True, "winner": out.winner, "turn": out.turn, "reason": out.reason, "steps": steps,
                     "digest": state.digest()})

    def close(self) -> None:
        """Flush and close; a game that stopped early leaves its log without the end line."""
        with output_errors(self.path):
            self.f.close()


# --------------------------------------------------------------------------- reading

class Damaged(ValueError):
    """The log is damaged at line ``line`` (1-based, counting every line of the file)."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line


def shown(value) -> str:
    """``value`` for a message, cut to :data:`SHOWN` characters, anything unprintable escaped."""
    try:
        text = value if isinstance(value, str) else repr(value)
    except RecursionError:
        return "(a value nested too deeply to show)"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= SHOWN else f"{text[:SHOWN]}... ({len(text)} characters)"


def as_tuple(value, depth: int = 0):
    """JSON lists back to the tuples actions are made of; ValueError past :data:`MAX_DEPTH`."""
    if not isinstance(value, list):
        return value
    if depth >= MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    return tuple(as_tuple(v, depth + 1) for v in value)


def read_log(path):
    """Yield ``(line number, object)`` for each non-blank line of the log at ``path``, reading one
    line at a time (a line never past :data:`MAX_LINE_BYTES`).

    Raises :class:`TooLarge` for a log past :data:`MAX_LOG_BYTES`, :class:`Damaged` at the first
    line that is too long or not UTF-8 JSON text holding an object, OSError if the file cannot be
    read."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size          # a pipe says 0: counted as it is read
        read, number = 0, 0
        while raw := f.readline(MAX_LINE_BYTES + 1):
            number += 1
            read += len(raw)
            if max(size, read) > MAX_LOG_BYTES:
                how_long = f"is {size / MB:,.1f} MB" if size > MAX_LOG_BYTES else f"goes on past line {number}"
                raise TooLarge(f"the log {how_long}; genkit replays a log of at most {MAX_LOG_BYTES // MB} MB "
                               "(a bundled game's is under 0.1 MB)")
            if len(raw) > MAX_LINE_BYTES:
                raise Damaged(number, f"longer than {MAX_LINE_BYTES:,} bytes (a logged line is under 1 kB)")
            obj = _parse(number, raw)
            if obj is not None:
                yield number, obj


class TooLarge(Exception):
    """The log is longer than genkit replays."""


def _parse(number: int, raw: bytes) -> dict | None:
    """The object on line ``number`` (None for a blank line), or :class:`Damaged`."""
    if not raw.strip():
        return None
    try:
        obj = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise Damaged(number, "not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise Damaged(number, f"not JSON ({exc.msg} at column {exc.colno})") from None
    except RecursionError:
        raise Damaged(number, "JSON nested too deeply") from None
    if not isinstance(obj, dict):
        raise Damaged(number, f"not a JSON object: {shown(obj)}")
    return obj


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _roll(number: int, line: dict) -> tuple:
    """(line number, face, purpose) of a roll line."""
    if not _is_int(line["roll"]) or not isinstance(line.get("for"), str):
        raise Damaged(number, f"a roll needs a whole-number face and a purpose: {shown(line)}")
    return number, line["roll"], line["for"]


def _action(number: int, line: dict) -> tuple:
    action = line["action"]
    if not isinstance(action, list):
        raise Damaged(number, f"the action is not a list: {shown(action)}")
    try:
        return as_tuple(action)
    except ValueError as exc:
        raise Damaged(number, f"the action is {exc}") from None


# --------------------------------------------------------------------------- replay

@dataclass
class ReplayResult:
    ok: bool
    state: object
    steps: int = 0
    digest: str = ""
    expected_digest: str = ""
    errors: list = field(default_factory=list)


class _Refused(Exception):
    """The replay cannot start: the message says why."""


def replay(path, content=None, at_step=None, content_path=None) -> ReplayResult:
    """Rebuild the game of log ``path`` and re-apply its decisions (see :func:`_replay`).

    The content is ``content``, else loaded from ``content_path``, else from the folder the header
    names (see the module docstring). A damaged log or missing or broken content comes back as
    errors, never as an exception."""
    from ..model.load import ContentError
    try:
        return _replay(path, content, at_step, content_path)
    except (_Refused, TooLarge) as exc:
        return ReplayResult(False, None, errors=[str(exc)])
    except Damaged as exc:
        return ReplayResult(False, None, errors=[f"the log is damaged at {exc}"])
    except OSError as exc:
        return ReplayResult(False, None, errors=[f"cannot read the log: {exc.strerror}"])
    except ContentError as exc:
        return ReplayResult(False, None, errors=["the log's content has errors:"] + [str(f) for f in exc.findings])
    except (KeyError, TypeError, ValueError, OverflowError, IndexError, AttributeError, RecursionError) as exc:
        return ReplayResult(False, None, errors=[f"the log is damaged: {type(exc).__name__}: {shown(str(exc))}"])


def _header(lines) -> dict:
    number, header = next(lines, (1, None))
    if header is None or header.get("log") != LOG_FORMAT:
        raise _Refused("not a genkit engine log (the first line is no genkit header)")
    if not _is_int(header.get("seed")):
        raise Damaged(number, "the header has no whole-number seed")
    overrides = header.get("overrides") or []
    if not isinstance(overrides, list) or not all(isinstance(o, str) for o in overrides):
        raise Damaged(number, f"the header's overrides are not a list of KEY=VALUE texts: {shown(overrides)}")
    return header


def _content(header: dict, content, content_path):
    """The content the log is replayed on: given, or loaded from ``content_path`` or the header."""
    if content is not None:
        return content
    from ..pack.playable import load_checked
    overrides = header.get("overrides") or []
    if content_path is not None:
        return load_checked(content_path, overrides)[0]
    named = [p for p in (header.get("content_path"), header.get("content_path_resolved")) if isinstance(p, str)]
    for place in named:
        if _is_dir(place):
            return load_checked(place, overrides)[0]
    if not named:
        raise _Refused("the log names no content folder; give it (genkit replay --content FOLDER)")
    raise _Refused(f"the log's content is not at {' nor at '.join(shown(p) for p in dict.fromkeys(named))}; "
                   "give its folder (genkit replay --content FOLDER)")


def _is_dir(place: str) -> bool:
    """Whether a path read from a log is a folder (a damaged one may be no possible path at all)."""
    try:
        return Path(place).is_dir()
    except (OSError, ValueError):
        return False


def _compare_rolls(expected: list, trace: list, steps: int) -> str | None:
    """The first difference between the logged rolls (line number, face, purpose) and the
    replayed ones (face, purpose), as a message; None if they agree."""
    for logged, made in zip_longest(expected, trace):
        if logged is None:
            return f"before step {steps}: the replay rolled {made[0]} for {made[1]}, the log has no roll"
        number, face, purpose = logged
        if made is None:
            return f"line {number}: the log rolled {face} for {shown(purpose)}, the replay did not roll"
        if (face, purpose) != tuple(made):
            return (f"line {number}: the log rolled {face} for {shown(purpose)}, "
                    f"the replay {made[0]} for {made[1]}")
    return None


def _replay(path, content, at_step, content_path) -> ReplayResult:
    """Rebuild the game of log ``path`` from content + seed and re-apply its decisions.

    Checks every logged roll, every action's legality and the final digest.
    With ``at_step`` it stops before decision number ``at_step`` (0-based) and
    returns that state (``ok`` then says the log agreed so far).
    """
    from . import rules_for
    lines = read_log(path)
    header = _header(lines)
    content = _content(header, content, content_path)
    errors = []
    if header.get("model_sha256") and header["model_sha256"] != model_sha256(content):
        errors.append("the content differs from the one the game was played with")
    game = rules_for(content)
    trace = []
    state = game.initial_state(header["seed"], trace=trace)
    expected_rolls = []
    steps = 0
    end = None

    def check_rolls():
        difference = _compare_rolls(expected_rolls, trace, steps)
        if difference:
            errors.append(difference)
        trace.clear()
        expected_rolls.clear()

    stopped_early = False
    for number, line in lines:
        if "roll" in line:
            if len(expected_rolls) >= MAX_ROLLS:
                raise Damaged(number, f"more than {MAX_ROLLS:,} rolls after one decision")
            expected_rolls.append(_roll(number, line))
            continue
        if "end" not in line and "action" not in line:
            raise Damaged(number, f"neither a roll, a decision nor the end: {shown(line)}")
        check_rolls()
        if "end" in line:
            end = (number, line)
            _nothing_after(lines, number)
            if not game.is_terminal(state):
                errors.append(f"line {number}: the log ends the game at step {steps}, but the game has not ended")
            break
        if at_step is not None and steps >= at_step:
            stopped_early = True
            break
        action = _action(number, line)
        if game.is_terminal(state):
            errors.append(f"line {number}: step {steps}: the game had already ended")
            break
        if action not in game.legal_actions(state):
            errors.append(f"line {number}: step {steps}: {shown(action)} is not legal")
            break
        game.apply(state, action)
        steps += 1
    else:
        check_rolls()
    state.trace = None
    digest = state.digest()
    expected = ""
    if not stopped_early:
        expected = _check_end(end, digest, errors)
    return ReplayResult(not errors, state, steps, digest, expected, errors)


def _nothing_after(lines, end: int) -> None:
    """Refuse any line after the end line ``end`` (a game that ended takes no more decisions)."""
    for number, line in lines:
        raise Damaged(number, f"the log goes on after the game's end (line {end}): {shown(line)}")


def _check_end(end, digest: str, errors: list) -> str:
    """The digest the end line records (errors gets any difference)."""
    if end is None:
        errors.append("the log has no end line")
        return ""
    number, line = end
    if line.get("digest") != digest:
        errors.append(f"line {number}: the final digest differs")
    return line.get("digest") if isinstance(line.get("digest"), str) else ""
