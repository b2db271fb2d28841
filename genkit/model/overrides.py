"""``--set KEY=VALUE``: the dotted paths of a raw model (list elements by id, code, kind or CRT
column, or by index), overriding a value in place, adding an entry to a mapping of the schema, and naming the
nearest valid paths when a path is wrong."""
from __future__ import annotations

import difflib
import itertools
import re
import types
import typing
from typing import Any, Iterable

from pydantic import BaseModel

from .schema import Content
from .source import Finding, PathKey, Source, parse_yaml
from .yaml_safe import Budget, Limits, current_limits

def _walk_paths(value: Any, prefix: str = "") -> Iterable[str]:
    if isinstance(value, dict):
        for key, sub in value.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            yield path
            yield from _walk_paths(sub, path)
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            key = element_key(sub, i)
            path = f"{prefix}.{key}"
            yield path
            yield from _walk_paths(sub, path)


def element_key(element: Any, index: int) -> str:
    """How --set names a list element: its id, its code, its kind (victory conditions, each kind
    listed once), or its signed CRT differential (+2, 0, -3); elements with none of these by
    their index; CRT odds columns by their odds (2:1)."""
    if isinstance(element, dict):
        for name in ("id", "code", "kind"):
            if name in element:
                return str(element[name])
        if isinstance(element.get("differential"), int):
            return f"{element['differential']:+d}" if element["differential"] else "0"
        if isinstance(element.get("odds"), str):
            return element["odds"]
    return str(index)


_INTEGER = re.compile(r"-?[0-9]+")      # ASCII digits only: '１８' and '²' are not numbers here
_NUMBER_NAME = re.compile(r"[+-]?[0-9]+")


def settable_paths(raw: dict) -> list[str]:
    """Every dotted path --set can address; list elements by their id (or code, differential)."""
    return list(_walk_paths(raw))


def _step(container: Any, part: str) -> tuple[Any, Any]:
    """The key or index in ``container`` that ``part`` names, or raise KeyError."""
    if isinstance(container, dict):
        for key in container:
            if str(key) == part:
                return key, container[key]
        raise KeyError(part)
    if isinstance(container, list):
        for i, element in enumerate(container):
            if element_key(element, i) == part:
                return i, element
        if _by_index(container, part):
            return int(part), container[int(part)]
    raise KeyError(part)


def _by_index(elements: list, part: str) -> bool:
    """Does ``part`` name an element of ``elements`` by its index? Only where no element is named
    by a number (a CRT column's differential: a bare 2 could mean index 2 or +2, so neither)."""
    if not (part.isascii() and part.isdigit() and int(part) < len(elements)):
        return False
    return not any(_NUMBER_NAME.fullmatch(element_key(e, i)) for i, e in enumerate(elements)
                   if isinstance(e, dict))


def _unwrap(annotation: Any) -> Any:
    """The type inside Optional[...] and Annotated[...]."""
    while True:
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if typing.get_origin(annotation) in (typing.Union, typing.Annotated, types.UnionType) and args:
            annotation = args[0]
        else:
            return annotation


def _annotation_at(parts: list[str]) -> Any:
    """The schema type at a dotted path (list elements and mapping entries by any name), or None."""
    ann: Any = Content
    for part in parts:
        ann = _unwrap(ann)
        if ann is dict:                     # an untyped section (rules:): its module's model checks it
            return dict
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            if part not in ann.model_fields:
                return None
            ann = ann.model_fields[part].annotation
        elif typing.get_origin(ann) in (list, dict):
            ann = typing.get_args(ann)[-1]
        else:
            return None
    return _unwrap(ann)


def _add_entry(raw: dict, parts: list[str]) -> int:
    """May ``--set`` add the missing path ``parts``? Yes when each missing part is an entry of a
    mapping of the schema (``turn_track.per_turn.X.changes.18.ru``: turn 18 and its side) or a field
    of a record left at its default, creating them on the way; a name the schema does not know
    stays an error (a typo). Returns how many parts existed, or -1 when it may not."""
    for k in range(len(parts)):
        try:
            _walk(raw, parts[:k + 1])
        except KeyError:
            break
    if not isinstance(_walk(raw, parts[:k]), dict):
        return -1
    for j in range(k, len(parts)):
        if not _may_name(_annotation_at(parts[:j]), parts[j]):
            return -1
        if j < len(parts) - 1 and not _holds_names(_annotation_at(parts[:j + 1])):
            return -1
    container = _walk(raw, parts[:k])
    for j in range(k, len(parts) - 1):
        container = container.setdefault(_typed_key(parts[:j + 1]), {})
    return k


def _is_record(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _holds_names(annotation: Any) -> bool:
    """Is a value of this type a YAML mapping (a mapping of the schema or a record)?"""
    return _is_mapping(annotation) or _is_record(annotation)


def _may_name(annotation: Any, part: str) -> bool:
    """May ``part`` be a key of a value of this type: any key of a mapping, a field of a record."""
    return _is_mapping(annotation) or (_is_record(annotation) and part in annotation.model_fields)


def _is_mapping(annotation: Any) -> bool:
    return annotation is dict or typing.get_origin(annotation) is dict


def _int_keyed(annotation: Any) -> bool:
    return typing.get_origin(annotation) is dict and _unwrap(typing.get_args(annotation)[0]) is int


def _key_problem(parts: list[str], limits: Limits) -> str | None:
    """Why a part of a --set path can name nothing: a number longer than the ``int_digits``
    limit, or not a whole number (in ASCII digits) where the schema's keys are numbers."""
    for j, part in enumerate(parts):
        digits = len(part.lstrip("-"))
        if _INTEGER.fullmatch(part) and digits > limits.int_digits:
            return (f"a number in a path has at most {limits.int_digits} digits (limit int_digits), "
                    f"this one {digits}")
        if _int_keyed(_annotation_at(parts[:j])) and not _INTEGER.fullmatch(part):
            return (f"'{_shown(part)}' is not a whole number: the keys of {_shown('.'.join(parts[:j]))} "
                    "are whole numbers in digits 0-9, such as 18 or -1")
    return None


def _shown(text: str, most: int = 80) -> str:
    """``text`` cut to a length a message can show."""
    return text if len(text) <= most else f"{text[:most - 20]}... ({len(text):,} characters)"


def _typed_key(parts: list[str]) -> Any:
    """The last part of ``parts`` as a key of its mapping: a number where the schema's keys are
    (in an untyped section, where YAML would read one)."""
    ann = _annotation_at(parts[:-1])
    number = bool(_INTEGER.fullmatch(parts[-1]))
    if _is_record(ann):
        return parts[-1]
    if ann is dict:
        return int(parts[-1]) if number else parts[-1]
    return int(parts[-1]) if number and _unwrap(typing.get_args(ann)[0]) is int else parts[-1]


def _walk(raw: dict, parts: list[str]) -> Any:
    """The value at dotted path ``parts`` (KeyError when missing)."""
    container: Any = raw
    for part in parts:
        _, container = _step(container, part)
    return container


def raw_path(raw: dict, parts: list[str]) -> PathKey:
    """The key/index path of a dotted --set path (which names list elements by id)."""
    path, container = [], raw
    for part in parts:
        key, container = _step(container, part)
        path.append(key)
    return tuple(path)


HINT_CANDIDATES = 10_000  # paths compared with a wrong --set path: content may hold 200,000


def _nearest_paths(raw: dict, parts: list[str]) -> list[str]:
    """Up to three valid paths most like the wrong path ``parts``, looked for under the longest
    prefix of it that exists."""
    container: Any = raw
    prefix: list[str] = []
    for part in parts[:-1]:
        try:
            _, container = _step(container, part)
        except KeyError:
            break
        prefix.append(part)
    dotted = ".".join(prefix)
    candidates = [dotted] + list(itertools.islice(_walk_paths(container, dotted), HINT_CANDIDATES))
    return difflib.get_close_matches(".".join(parts), candidates, n=3, cutoff=0.5)


def apply_overrides(raw: dict, sets: Iterable[str], source: Source, limits: Limits | None = None) -> list[Finding]:
    """Apply ``KEY=VALUE`` assignments (dotted paths) to the raw model in place; each VALUE is
    YAML read within ``limits`` (default: the process-wide ones)."""
    errors: list[Finding] = []
    limits = limits or current_limits()
    for assignment in sets:
        where = ("--set", 0)
        if "=" not in assignment:
            errors.append(Finding("error", *where, "bad-set", f"--set '{_shown(assignment)}': expected KEY=VALUE"))
            continue
        dotted, text = assignment.split("=", 1)
        parts = dotted.strip().split(".")
        problem = _key_problem(parts, limits)
        if problem:
            errors.append(Finding("error", *where, "bad-set", f"--set '{_shown(dotted)}': {problem}"))
            continue
        container: Any = raw
        try:
            for part in parts[:-1]:
                _, container = _step(container, part)
            key, _ = _step(container, parts[-1])
        except KeyError:
            known = _add_entry(raw, parts)  # a new entry of a free mapping (a turn, a side ...)
            if known >= 0:
                container, key = _walk(raw, parts[:-1]), _typed_key(parts)
                container.setdefault(key, None)
                for j in range(known + 1, len(parts)):   # the mappings it made are the --set's
                    source.positions[raw_path(raw, parts[:j])] = (f"--set {dotted}", 0)
            else:
                near = _nearest_paths(raw, parts)
                hint = f"; nearest valid paths: {', '.join(near)}" if near else ""
                errors.append(Finding("error", *where, "bad-set",
                                      f"--set '{_shown(dotted)}': no such value in the model{hint}"))
                continue
        path = raw_path(raw, parts)
        positions: dict = {}
        value = parse_yaml(text, f"--set {dotted}", positions, errors, base=path,
                           budget=Budget(limits))
        container[key] = value
        # what was overridden is reported at the --set, not at the YAML line it replaced
        for stale in [p for p in source.positions if p[:len(path)] == path]:
            del source.positions[stale]
        source.positions[path] = (f"--set {dotted}", 0)  # also when the value is empty
        source.positions.update((p, (f"--set {dotted}", 0)) for p in positions)
    return errors
