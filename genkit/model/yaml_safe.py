"""Untrusted YAML text to plain Python data, within limits that no content file can push past.

A YAML loader can be made to spend unbounded time, memory or stack by a few
hundred bytes. This module refuses each way, as a :class:`Problem` with a line:

* aliases that multiply a value ("billion laughs": ``&a [x, x]``, ``&b [*a, *a]``,
  ...): every value an alias builds counts against ``Limits.aliases``, and an
  alias inside the value it names is a loop;
* nesting: PyYAML's composer recurses once per level, so values are composed
  here from the parser's event stream with an explicit stack that stops at
  ``Limits.depth`` (the parser itself keeps a state stack and does not recurse);
* size: every value counts against ``Limits.nodes``, and an integer longer than
  ``Limits.int_digits`` is refused before Python converts it;
* control characters, in the text or, through escapes such as ``"\\x00"``, in a value.

No object is ever built from a YAML tag. Scalars are resolved the YAML 1.2 core
way (``0101`` stays the string "0101", ``no`` the string "no"; only
``true``/``false`` are booleans); an explicit tag may only confirm a plain type.

The limits (:class:`Limits`) are process-wide, set once by ``genkit --limit``;
the simulator's worker processes are forked and inherit them.
"""
from __future__ import annotations


import re
from dataclasses import dataclass
from typing import Any

import yaml

# the limits live in .limits (read by the command line before any YAML); re-exported here
from .limits import (CEILINGS, LIMIT_NAMES, MB, Limits, current_limits, parse_limits,  # noqa: F401
                     set_limits)

try:  # libyaml gives the same events as PyYAML's parser, about ten times faster
    from yaml import CBaseLoader as _EventSource
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import BaseLoader as _EventSource

class Budget:
    """What one game has spent of its limits so far; its files and --set values share it."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.bytes = 0     # read from files
        self.nodes = 0     # values composed, aliases expanded
        self.aliased = 0   # values built by aliases


@dataclass(frozen=True)
class Problem:
    """Why (part of) a text is refused, and on which line (1-based)."""
    line: int
    code: str
    message: str


class _Stop(Exception):
    """Composing cannot go on: a limit was reached or the YAML is broken past repair."""

    def __init__(self, line: int, code: str, message: str):
        super().__init__(message)
        self.problem = Problem(line, code, message)


# --------------------------------------------------------------------------- scalars

_STR, _INT, _FLOAT, _BOOL, _NULL, _MAP, _SEQ = (f"tag:yaml.org,2002:{t}"
                                               for t in ("str", "int", "float", "bool", "null", "map", "seq"))
_FORMS = {_BOOL: r"true|True|TRUE|false|False|FALSE", _INT: r"[-+]?(?:0|[1-9][0-9]*)",
          _FLOAT: r"[-+]?(?:(?:0|[1-9][0-9]*)\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?", _NULL: r"~|null|Null|NULL|"}
_FORM = {tag: re.compile(form) for tag, form in _FORMS.items()}
# YAML 1.2 core schema for plain (unquoted) scalars, in one pass: group i+1 matched = tag i
_IMPLICIT = re.compile("|".join(f"({form})" for form in _FORMS.values()))
_IMPLICIT_TAGS = list(_FORMS)
# What the YAML reader itself refuses in a text, and what escapes could still put in a value
# (C0 and C1 controls but tab, line feed, carriage return and next-line; DEL; non-characters).
_NON_PRINTABLE = yaml.reader.Reader.NON_PRINTABLE
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")


def clip(text: str, width: int = 60) -> str:
    """``text`` cut to ``width`` characters: messages quote values, and a value may be huge."""
    return text if len(text) <= width else text[:width - 3] + "..."


def _char(c: str) -> str:
    return f"U+{ord(c):04X}"


def _unprintable(text: str) -> Problem | None:
    """The first character a content text may not hold (anything but printable text, tab and
    line breaks), or None."""
    bad = _NON_PRINTABLE.search(text)
    if bad is None:
        return None
    line = text.count("\n", 0, bad.start()) + 1
    column = bad.start() - text.rfind("\n", 0, bad.start())
    return Problem(line, "control-char", f"control character {_char(bad.group())} at column {column}: "
                                         "content holds printable text, tabs and line breaks only")


class _Scalars:
    """Builds scalar values, reporting what it refuses to ``problems``."""

    def __init__(self, budget: Budget, problems: list[Problem]):
        self.limits = budget.limits
        self.problems = problems

    def build(self, event: yaml.ScalarEvent) -> Any:
        line, value = event.start_mark.line + 1, event.value
        bad = event.style == '"' and _CONTROL.search(value)  # only escapes can put one there
        if bad:
            self.problems.append(Problem(line, "control-char", f"control character {_char(bad.group())} in a "
                                         "value: content holds printable text, tabs and line breaks only"))
            return None
        tag = event.tag
        if tag in (None, "!"):
            tag = self._resolve(value) if event.implicit[0] else _STR
        elif tag not in (_STR, _INT, _FLOAT, _BOOL, _NULL):
            self.problems.append(Problem(line, "yaml-tag", _tag_message(tag)))
            return None
        return self._construct(tag, value, line)

    @staticmethod
    def _resolve(plain: str) -> str:
        match = _IMPLICIT.fullmatch(plain)
        return _IMPLICIT_TAGS[match.lastindex - 1] if match else _STR

    def _construct(self, tag: str, value: str, line: int) -> Any:
        if tag == _STR:
            return value
        if tag == _NULL:
            return None
        if tag == _BOOL and _FORM[_BOOL].fullmatch(value):
            return value.lower() == "true"
        if tag == _INT and _FORM[_INT].fullmatch(value):
            return self._integer(value, line)
        if tag == _FLOAT and (_FORM[_FLOAT].fullmatch(value) or _FORM[_INT].fullmatch(value)):
            return float(value)
        self.problems.append(Problem(line, "yaml-tag", f"'{clip(value)}' is not a plain "
                                     f"{tag.rsplit(':', 1)[1]}; write e.g. 12, 1.5, true"))
        return None

    def _integer(self, text: str, line: int) -> int | None:
        digits = len(text.lstrip("+-"))
        if digits > self.limits.int_digits:
            self.problems.append(Problem(line, "limit-int-digits", self.limits.exceeded(
                "int_digits", f"an integer of {digits} digits is out of range")))
            return None
        return int(text)


def _tag_message(tag: str) -> str:
    return f"YAML tag '{clip(tag)}' is not allowed in content; write plain values"


# --------------------------------------------------------------------------- composing

_NO_KEY = object()   # a mapping frame waits for a key
_BAD_KEY = object()  # the key was refused: its value is read and dropped


@dataclass
class _Frame:
    """A mapping or list being built."""
    value: dict | list
    path: tuple
    anchor: str | None
    trail_start: int   # where this frame's positions begin in the trail
    nodes_start: int   # budget.nodes when it began: the frame's size is the difference
    height: int = 1    # levels of nesting in this value, itself included
    key: Any = _NO_KEY
    key_lines: dict | None = None  # mappings: line of each key, for "appears twice" messages


@dataclass(frozen=True)
class _Anchor:
    value: Any
    trail: tuple    # (path relative to the anchored value, line) of each value inside it
    nodes: int
    height: int


def _copy(value: Any) -> Any:
    """A deep copy of composed data, iterative: an alias must not share lists with its anchor (a
    --set on one would change both), and data may be deeper than the Python stack allows."""
    if not isinstance(value, (dict, list)):
        return value
    root = type(value)()
    todo = [(value, root)]
    while todo:
        source, target = todo.pop()
        for key, item in (source.items() if isinstance(source, dict) else enumerate(source)):
            if isinstance(item, (dict, list)):
                new = type(item)()
                todo.append((item, new))
            else:
                new = item
            if isinstance(target, dict):
                target[key] = new
            else:
                target.append(new)
    return root


class _Composer:
    """Builds one document from parser events with an explicit stack, spending ``budget``."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.limits = budget.limits
        self.problems: list[Problem] = []
        self.scalars = _Scalars(budget, self.problems)
        self.stack: list[_Frame] = []
        self.trail: list[tuple[tuple, int]] = []  # (path, line) of every value, in document order
        self.anchors: dict[str, _Anchor] = {}
        self.result: Any = None

    def document(self, events) -> Any:
        """The value of the single document that ``events`` (past StreamStart) hold."""
        if isinstance(events.get_event(), yaml.StreamEndEvent):
            return None
        while not isinstance(event := events.get_event(), yaml.DocumentEndEvent):
            self._event(event)
        event = events.get_event()
        if not isinstance(event, yaml.StreamEndEvent):
            raise _Stop(event.start_mark.line + 1, "yaml-syntax", "this is not valid YAML: expected a single "
                        "document in the stream, but found another document")
        return self.result

    def _event(self, event: yaml.Event) -> None:
        line = event.start_mark.line + 1
        kind = type(event)  # most frequent first: this loop is most of the time a check takes
        if kind is yaml.ScalarEvent:
            self._scalar(event, line)
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            self._close()
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            self._open(event, line)
        elif kind is yaml.AliasEvent:
            self._alias(event.anchor, line)

    def _scalar(self, event: yaml.ScalarEvent, line: int) -> None:
        self._spend(1, 0, line)
        self._start(line)
        value = self.scalars.build(event)
        if event.anchor:
            self.anchors[event.anchor] = _Anchor(value, (), 1, 0)
        self._finish(value, line)

    def _spend(self, nodes: int, aliased: int, line: int) -> None:
        budget = self.budget
        budget.nodes += nodes
        budget.aliased += aliased
        if budget.aliased > self.limits.aliases:
            raise _Stop(line, "limit-aliases", self.limits.exceeded(
                "aliases", f"more than {self.limits.aliases:,} values built by aliases (*name)"))
        if budget.nodes > self.limits.nodes:
            raise _Stop(line, "limit-nodes", self.limits.exceeded(
                "nodes", f"more than {self.limits.nodes:,} values in this game"))

    def _check_depth(self, height: int, line: int) -> None:
        """Refuse a value ``height`` levels deep at the current position past Limits.depth."""
        if len(self.stack) + height > self.limits.depth:
            raise _Stop(line, "limit-depth", self.limits.exceeded(
                "depth", f"values nested more than {self.limits.depth} levels deep"))

    def _open(self, event, line: int) -> None:
        self._check_depth(1, line)
        self._spend(1, 0, line)
        is_map = isinstance(event, yaml.MappingStartEvent)
        if event.tag not in (None, "!", _MAP if is_map else _SEQ):
            self.problems.append(Problem(line, "yaml-tag", _tag_message(event.tag)))
        path = self._start(line)
        if path is None:
            self._refuse_key(line)
            path = self.stack[-1].path + (_BAD_KEY,)
        self.stack.append(_Frame({} if is_map else [], path, event.anchor, len(self.trail), self.budget.nodes,
                                 key_lines={} if is_map else None))

    def _close(self) -> None:
        frame = self.stack.pop()
        if self.stack:
            self.stack[-1].height = max(self.stack[-1].height, frame.height + 1)
        if frame.anchor:
            inner = tuple((path[len(frame.path):], line) for path, line in self.trail[frame.trail_start:])
            self.anchors[frame.anchor] = _Anchor(frame.value, inner, self.budget.nodes - frame.nodes_start + 1,
                                                 frame.height)
        self._finish(frame.value, 0)

    def _alias(self, name: str, line: int) -> None:
        if any(frame.anchor == name for frame in self.stack):
            raise _Stop(line, "alias-loop", f"alias *{clip(name)} is used inside the value it names: "
                                            "it would repeat forever")
        anchor = self.anchors.get(name)
        if anchor is None:
            raise _Stop(line, "yaml-syntax", f"this is not valid YAML: found undefined alias '{clip(name)}'")
        self._check_depth(anchor.height, line)
        self._spend(anchor.nodes, anchor.nodes, line)
        path = self._start(line)
        if path is not None:
            self.trail.extend((path + inner, at) for inner, at in anchor.trail)
        elif anchor.height:
            self._refuse_key(line)
        if self.stack:
            self.stack[-1].height = max(self.stack[-1].height, anchor.height + 1)
        self._finish(_copy(anchor.value), line)

    def _refuse_key(self, line: int) -> None:
        self.problems.append(Problem(line, "yaml-key", "a mapping key must be a plain value, not a list or mapping"))

    def _start(self, line: int) -> tuple | None:
        """Record where the value starting now lives and return its path; None for a mapping key
        (keys have no position of their own). A mapping value is placed at its key's line, where
        a designer looks for it."""
        if not self.stack:
            path = ()
        else:
            parent = self.stack[-1]
            if isinstance(parent.value, list):
                path = parent.path + (len(parent.value),)
            elif parent.key is _NO_KEY:
                return None
            else:
                path = parent.path + (parent.key,)
                line = parent.key_lines.get(parent.key, line)
        self.trail.append((path, line))
        return path

    def _finish(self, value: Any, line: int) -> None:
        """Put a finished value into its parent, or make it the document. ``line``: where it
        starts, for a key's "appears twice" message."""
        if not self.stack:
            self.result = value
            return
        parent = self.stack[-1]
        if isinstance(parent.value, list):
            parent.value.append(value)
        elif parent.key is _NO_KEY:
            parent.key = self._key(parent, value, line)
        else:
            if parent.key is not _BAD_KEY:
                parent.value[parent.key] = value
            parent.key = _NO_KEY

    def _key(self, parent: _Frame, key: Any, line: int) -> Any:
        """The key ``key`` stands for in ``parent``, or _BAD_KEY when it is refused (its value is
        read and dropped)."""
        if isinstance(key, (dict, list)):  # refused when it started
            return _BAD_KEY
        if not isinstance(key, (str, int)) or isinstance(key, bool):
            key = str(key)
        if key in parent.key_lines:
            first = parent.key_lines[key]
            self.problems.append(Problem(line, "duplicate-key", f"key '{clip(str(key))}' appears twice in this "
                                                                f"mapping (first at line {first})"))
            return _BAD_KEY
        parent.key_lines[key] = line
        return key


def compose(text: str, budget: Budget) -> tuple[Any, dict[tuple, int], list[Problem]]:
    """The plain data of a one-document YAML text, the line of every value by its path, and
    what was refused. Never raises: when anything is refused the data must not be used (it may
    be partial or None)."""
    bad = _unprintable(text)
    if bad:
        return None, {}, [bad]
    composer = _Composer(budget)
    events = _EventSource(text)
    try:
        events.get_event()  # StreamStart
        value = composer.document(events)
    except _Stop as stop:
        composer.problems.append(stop.problem)
        value = None
    except yaml.YAMLError as exc:
        composer.problems.append(_syntax_problem(exc))
        value = None
    finally:
        events.dispose()
    return value, dict(composer.trail), composer.problems


def _syntax_problem(exc: yaml.YAMLError) -> Problem:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    text = f"{context}, {problem}" if context else problem
    return Problem(mark.line + 1 if mark else 1, "yaml-syntax", f"this is not valid YAML: {text}")
