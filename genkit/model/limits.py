"""How much content genkit reads before refusing it (:class:`Limits`), and the limits in force in
this process: set once a command by ``genkit --limit``, read by the loader (:mod:`.yaml_safe`)
and the renderer. Kept apart from the YAML reader, so the command line sets them without it."""
from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import Iterable

MB = 1 << 20


@dataclass(frozen=True)
class Limits:
    """How much content genkit reads before refusing it.

    The defaults are far above what a game needs (the flagship pack: 6 files, the
    largest 5 kB, about 1,600 values, nested 7 deep) and far below what would
    make loading slow. A trusted pack that needs more raises them with
    ``genkit --limit NAME=VALUE``."""
    file_size: int = 2 * MB    # bytes in one content file, checked before it is read
    pack_size: int = 8 * MB    # bytes in all the content files of a game together
    files: int = 256           # .yaml files in a content folder
    depth: int = 64            # levels of nested mappings and lists
    nodes: int = 200_000       # values (scalars, mappings, lists) in a game, aliases expanded
    aliases: int = 10_000      # values built by aliases (*name) in a game
    int_digits: int = 18       # digits of an integer
    rules_size: int = 4 * MB   # characters of rules.md once its placeholders are filled
    rules_pages: int = 500     # pages of the rules booklet
    template_size: int = 128 << 10  # bytes in one template file, checked before it is read
    template_seconds: int = 10   # seconds all a pack's own templates may render in one command
    aid_pages: int = 100         # pages of the player aid

    def exceeded(self, name: str, what: str) -> str:
        """The message for ``what`` going past limit ``name``: what the limit is and how to raise it."""
        return (f"{what}: the limit is {name}={_show(name, getattr(self, name))}; "
                f"trusted content that needs more can raise it with `genkit --limit {name}=N`")


_SIZE_LIMITS = ("file_size", "pack_size", "rules_size", "template_size")
#: every limit's name, in the order Limits declares them (genkit --limit NAME=VALUE)
LIMIT_NAMES = tuple(f.name for f in fields(Limits))
# Past these Python itself fails: deeper data would overflow the interpreter's stack in
# the code that walks it, and int() refuses more digits (sys.get_int_max_str_digits).
CEILINGS = {"depth": 500, "int_digits": 4300}
_UNITS = {"": 1, "b": 1, "kb": 1 << 10, "k": 1 << 10, "mb": MB, "m": MB, "gb": 1 << 30, "g": 1 << 30}

_limits = Limits()


def current_limits() -> Limits:
    """The limits in force in this process."""
    return _limits


def set_limits(limits: Limits) -> None:
    """Put ``limits`` in force for every later load in this process (and its forked workers)."""
    global _limits
    _limits = limits


def parse_limits(assignments: Iterable[str]) -> Limits:
    """The default limits changed by ``NAME=VALUE`` assignments; ValueError says which is wrong."""
    names = [f.name for f in fields(Limits)]
    changes = {}
    for assignment in assignments:
        name, sep, text = assignment.partition("=")
        name = name.strip()
        if not sep or name not in names:
            raise ValueError(f"'{assignment}': expected NAME=VALUE with NAME one of {', '.join(names)}")
        changes[name] = _parse_value(name, text.strip())
    return replace(Limits(), **changes)


def _parse_value(name: str, text: str) -> int:
    size = name in _SIZE_LIMITS
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([a-z]*)" if size else r"(\d+)()", text.lower())
    if not match or match.group(2) not in _UNITS:
        raise ValueError(f"{name}={text}: expected {'a size such as 50MB' if size else 'a whole number'}")
    value = int(float(match.group(1)) * _UNITS[match.group(2)])
    if not 1 <= value <= CEILINGS.get(name, value):
        raise ValueError(f"{name}={text}: must be between 1 and {CEILINGS.get(name, 'any size')}")
    return value


def _show(name: str, value: int) -> str:
    if name in _SIZE_LIMITS and value % MB == 0:
        return f"{value // MB}MB"
    if name in _SIZE_LIMITS and value % 1024 == 0:
        return f"{value >> 10}KB"
    return str(value)
