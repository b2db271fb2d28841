"""What a template's values cost, measured without building them: the characters and items of
a value written out as text (:func:`size_of`), of one built (:func:`length`), and the most a
builtin can build from its operands (:func:`bound`).  Used by :mod:`.sandbox`."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

CONTAINERS = (list, tuple, dict, set, frozenset)
SEQUENCES = (str, bytes, list, tuple)
_SIZED = (str, bytes, *CONTAINERS)
DIGITS_PER_BIT = math.log10(2)


def size_of(value: Any, limit: int) -> int:
    """Characters and items in ``value`` written out as text, nested containers included (a
    list holding one long string a thousand times is as long as its text); stops counting once
    past ``limit``.  Walks the value, so used only where a value becomes text or is an argument
    that can be multiplied; elsewhere :func:`length` is enough."""
    if not isinstance(value, CONTAINERS):
        return length(value)
    total, stack = 0, [value]
    while stack and total <= limit:  # a stack, not recursion: a list may contain itself
        item = stack.pop()
        if isinstance(item, (str, bytes)):
            total += len(item)
        elif isinstance(item, CONTAINERS):
            total += len(item)
            stack.extend((*item.keys(), *item.values()) if isinstance(item, dict) else item)
    return total


def length(value: Any) -> int:
    """What building ``value`` costs: its characters or items (a list's items are counted where
    they are built), or an integer's digits."""
    if isinstance(value, _SIZED):
        return len(value)
    if is_int(value):
        return int(value.bit_length() * DIGITS_PER_BIT) + 1
    return 0


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def arg_weight(value: Any, limit: int) -> int:
    """An argument's weight: a whole number may be a width or a count, so it weighs its value;
    text or a list weighs its :func:`size_of`."""
    return abs(value) if is_int(value) else size_of(value, limit)


def bound(weights: Iterable[int]) -> int:
    """Pessimistic size of what a builtin can build from operands of these weights: the two
    largest multiplied, which covers ``center(n)``, ``replace``, ``join``, ``expandtabs``,
    ``batch(n, fill_with=...)`` and the like."""
    first = second = 0
    for w in weights:
        first, second = max(first, w), max(second, min(first, w))
    return (1 + first) * (1 + second) - 1
