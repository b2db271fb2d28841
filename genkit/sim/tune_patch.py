"""The YAML patch of a ``genkit tune`` result (:mod:`.tune`): each changed number in the form of
the file that holds it, so a designer can paste it in or apply it (:func:`apply_patch`)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from ..model.load import ContentError, read_raw
from ..model.overrides import apply_overrides, raw_path

if TYPE_CHECKING:
    from .tune import TuneResult

def yaml_patch(content, settings: dict) -> dict:
    """{file name: nested patch}: each changed key in the YAML form of the file that holds it.

    Mappings nest by key; a list element named by its id (code, kind, differential, odds) is
    written as a one-element list holding that name and the change (``- {id: inf, movement: 4}``);
    a list whose elements have no name is written whole, with the change in place. Apply with
    :func:`apply_patch` (or by hand: the keys say where each value goes)."""
    raw, source, errors = read_raw(Path(content))
    if errors:
        raise ContentError(errors)
    # the settings made first, so that a new mapping entry (a turn not in the schedule) has a place
    apply_overrides(raw, [f"{k}={v}" for k, v in settings.items()], source)
    out: dict = {}
    for dotted, text in settings.items():
        parts = dotted.split(".")
        path = raw_path(raw, parts)
        file = Path(source.where(path[:1])[0]).name
        value = yaml.safe_load(text) if text.strip() else None
        node = out.setdefault(file, {})
        _patch_into(node, raw, path, value)
    return out


_NAMES = ("id", "code", "kind", "differential", "odds")


def _patch_into(node: dict, raw, path: tuple, value) -> None:
    """Write ``value`` at ``path`` (keys and list indices of ``raw``) into the patch ``node``."""
    cont = raw
    for depth, step in enumerate(path):
        last = depth == len(path) - 1
        if isinstance(cont, dict):
            if last:
                node[step] = value
                return
            sub = cont[step]
            if isinstance(sub, list):
                lst = node.setdefault(step, [])
                _patch_list(lst, sub, path[depth + 1:], value)
                return
            node = node.setdefault(step, {})
            cont = sub
        else:                                   # pragma: no cover - lists are handled by _patch_list
            raise TypeError(path)


def _patch_list(lst: list, raw_list: list, rest: tuple, value) -> None:
    index = rest[0]
    element = raw_list[index]
    name_field = next((f for f in _NAMES if isinstance(element, dict) and f in element), None)
    if name_field is None:                      # no name: the whole list, with the change in place
        import copy
        whole = lst if lst else copy.deepcopy(raw_list)
        if not lst:
            lst.extend(whole)
        if len(rest) == 1:
            lst[index] = value
        else:
            _set_in(lst[index], rest[1:], value)
        return
    for item in lst:
        if isinstance(item, dict) and item.get(name_field) == element[name_field]:
            entry = item
            break
    else:
        entry = {name_field: element[name_field]}
        lst.append(entry)
    if len(rest) == 1:                          # the whole element replaced
        lst[lst.index(entry)] = value
        return
    _patch_into(entry, element, rest[1:], value)


def _set_in(cont, path: tuple, value) -> None:
    for step in path[:-1]:
        cont = cont[step]
    cont[path[-1]] = value


def apply_patch(data, patch):
    """Merge a patch of :func:`yaml_patch` into one file's data (in place; returns it): mappings
    by key, lists by the name of their elements (id, code, kind, ...); a list whose patch
    elements have no name replaces the list."""
    if isinstance(data, dict) and isinstance(patch, dict):
        for k, v in patch.items():
            data[k] = apply_patch(data[k], v) if k in data else v
        return data
    if isinstance(data, list) and isinstance(patch, list):
        named = [p for p in patch if isinstance(p, dict) and any(f in p for f in _NAMES)]
        if len(named) != len(patch):
            return patch
        for p in patch:
            field_ = next(f for f in _NAMES if f in p)
            for i, element in enumerate(data):
                if isinstance(element, dict) and element.get(field_) == p[field_]:
                    data[i] = apply_patch(element, p)
                    break
            else:
                raise KeyError(f"no element with {field_} {p[field_]!r} to patch")
        return data
    return patch


def dump_patch(patch: dict) -> str:
    return yaml.safe_dump(patch, sort_keys=False, default_flow_style=False, allow_unicode=True)


def patch_text(result: TuneResult) -> str:
    """The YAML patch of the best settings, one block per file, each value's old place noted."""
    raw, source, _ = read_raw(Path(result.content))
    lines = []
    changes = result.changes()
    if not changes:
        return "none: the best settings are the values the game's files already hold"
    for file, patch in result.patch().items():
        lines.append(f"# {file}")
        for key, text in changes.items():
            parts = key.split(".")
            if Path(source.where(raw_path(raw, parts[:1]))[0]).name == file:
                try:
                    path = raw_path(raw, parts)
                    old, line = _short(value_at(raw, path)), source.where(path)[1]
                except KeyError:                # a new entry: no old value, no line of its own
                    old, line = "(none)", source.where(raw_path(raw, parts[:1]))[1]
                lines.append(f"#   {key}: {old} -> {text}  (line {line})")
        lines.append(dump_patch(patch).rstrip())
    return "\n".join(lines)


def value_at(raw, path):
    for step in path:
        raw = raw[step]
    return raw


def _short(value) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000).strip()
    text = text.removesuffix("...").strip()
    return text if len(text) < 60 else text[:57] + "..."
