"""YAML read fast where it is plain data: the text a face template renders is read in one pass
that keeps no line per value (:func:`compose_data`), and only what that pass leaves (an anchor,
a tag, a refusal) is read by :func:`genkit.model.yaml_safe.compose`, with the same result."""
from __future__ import annotations

from typing import Any

import yaml

from .yaml_safe import (_CONTROL, _IMPLICIT, _MAP, _NO_KEY, _SEQ, Budget, Limits, Problem, _EventSource,
                        _unprintable, compose)


class _Unusual(Exception):
    """The text holds what :func:`_plain_data` leaves to the composer: a refusal, an anchor or
    alias, a tag, a key that is not a plain value."""


def _plain_data(text: str, limits: Limits) -> Any:
    """The data of a one-document text that the composer would take as it is (no anchor, alias
    or tag, within every limit, nothing refused), in one loop keeping no line per value; raises
    _Unusual for anything else, which the composer then reads (and refuses) as it always does."""
    events = _EventSource(text)
    try:
        get = events.get_event
        get()                                   # StreamStart
        if type(get()) is yaml.StreamEndEvent:  # else DocumentStart
            return None
        resolve, most_digits = _IMPLICIT.fullmatch, limits.int_digits
        nodes, most_nodes, deepest = 0, limits.nodes, limits.depth
        stack: list[list] = []                  # [container, key or _NO_KEY] being built
        result = None
        while True:
            event = get()
            kind = type(event)
            if kind is yaml.ScalarEvent:
                if event.anchor or event.tag not in (None, "!"):
                    raise _Unusual
                value = event.value
                if event.style == '"' and _CONTROL.search(value):
                    raise _Unusual
                if event.implicit[0]:
                    match = resolve(value)
                    if match is not None:
                        tag = match.lastindex
                        if tag == 1:
                            value = value.lower() == "true"
                        elif tag == 2:
                            if len(value.lstrip("+-")) > most_digits:
                                raise _Unusual
                            value = int(value)
                        elif tag == 3:
                            value = float(value)
                        else:
                            value = None
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                if event.anchor or len(stack) + 1 > deepest or event.tag not in (
                        None, "!", _MAP if kind is yaml.MappingStartEvent else _SEQ):
                    raise _Unusual
                if stack and stack[-1][1] is _NO_KEY and type(stack[-1][0]) is dict:
                    raise _Unusual              # a list or mapping as a key
                nodes += 1
                stack.append([{} if kind is yaml.MappingStartEvent else [], _NO_KEY])
                continue
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                value = stack.pop()[0]
                nodes -= 1                      # counted when it opened
            elif kind is yaml.DocumentEndEvent:
                break
            else:                               # an alias
                raise _Unusual
            nodes += 1
            if nodes > most_nodes:
                raise _Unusual
            if not stack:
                result = value
                continue
            top = stack[-1]
            container = top[0]
            if type(container) is list:
                container.append(value)
            elif top[1] is _NO_KEY:
                if type(value) is not str and (type(value) is not int):
                    value = str(value)          # as the composer names a key (bools, floats, null)
                if value in container:
                    raise _Unusual              # a key twice
                top[1] = value
            else:
                container[top[1]] = value
                top[1] = _NO_KEY
        if type(get()) is not yaml.StreamEndEvent:
            raise _Unusual
        return result
    except yaml.YAMLError:
        raise _Unusual from None
    finally:
        events.dispose()


def compose_data(text: str, budget: Budget) -> tuple[Any, list[Problem]]:
    """The plain data of a one-document YAML text and what was refused, as :func:`compose` reads
    it, for a text whose values need no line (what a template renders): most such texts are read
    in one quick pass, the rest by :func:`compose`. Never raises."""
    if _unprintable(text) is None:
        try:
            return _plain_data(text, budget.limits), []
        except _Unusual:
            pass
    value, _, problems = compose(text, budget)
    return value, problems
