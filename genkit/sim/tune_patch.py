"""The YAML patch of a ``genkit tune`` result (:mod:`.tune`): each changed number in the form of
the file that holds it, so a designer can paste it in or apply it (:func:`apply_patch`), or let
``genkit tune --apply`` write it into the files (:func:`patched_texts`: each value written over
the old one where ruamel.yaml finds it, every other byte kept)."""
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


def patched_texts(content, changes: dict) -> dict:
    """{file path: (old text, new text)} for ``changes`` ({dotted key: YAML text}, as
    :meth:`TuneResult.changes`): each changed value written over the old one in the file's own
    text, found by the line and column ruamel.yaml records, so every other byte (comments, key
    order, aligned columns, flow style, anchors) stays. A change with no old scalar to overwrite (a
    new entry, a whole list) falls back to a ruamel.yaml round trip of that file, which keeps
    comments and order but may re-flow a line. Each new text is checked to load as the patch says."""
    from ruamel.yaml import YAML
    raw, source, errors = read_raw(Path(content))
    if errors:
        raise ContentError(errors)
    apply_overrides(raw, [f"{k}={v}" for k, v in changes.items()], source)   # a new entry has a path
    by_file: dict = {}
    for key, text in changes.items():
        path = raw_path(raw, key.split("."))
        by_file.setdefault(Path(source.where(path[:1])[0]).name, []).append((path, text.strip()))
    patch = yaml_patch(content, changes)
    out = {}
    for file, edits in by_file.items():
        file_path = Path(content) / file
        old = file_path.read_text(encoding="utf-8")
        want = apply_patch(yaml.safe_load(old), patch[file])
        new = _splice(old, YAML().load(old), edits)
        if new is None or yaml.safe_load(new) != want:
            new = _round_trip(old, patch[file])
        out[file_path] = (old, new)
    return out


def _splice(text: str, doc, edits: list) -> str | None:
    """``text`` with each (path, new YAML text) written over the old scalar; None if one has none."""
    spots = []
    for path, new in edits:
        parent = doc
        try:
            for step in path[:-1]:
                parent = parent[step]
            old = parent[path[-1]]
            line, col = parent.lc.value(path[-1]) if isinstance(parent, dict) else parent.lc.item(path[-1])
        except (KeyError, IndexError, TypeError, AttributeError):
            return None
        if isinstance(old, (dict, list)):
            return None
        spots.append((line, col, new))
    lines = text.splitlines(True)
    for line, col, new in sorted(spots, reverse=True):
        row = lines[line]
        end = _scalar_end(row, col)
        lines[line] = row[:col] + new + row[end:]
    return "".join(lines)


def _scalar_end(row: str, col: int) -> int:
    """Where the scalar starting at ``col`` of ``row`` ends (quoted, or plain up to , ] } or # ).
    A plain scalar's end in a flow collection is its first ``,``, ``]`` or ``}``."""
    if row[col] in "\"'":
        quote, i = row[col], col + 1
        while i < len(row) and row[i] != quote:
            i += 2 if quote == '"' and row[i] == "\\" else 1
        return i + 1
    i = col
    while i < len(row) and row[i] not in ",]}\n" and not (row[i] == "#" and row[i - 1] in " \t"):
        i += 1
    while i > col and row[i - 1] in " \t":
        i -= 1
    return i


def _round_trip(old: str, patch) -> str:
    """The file through ruamel.yaml with the patch merged: comments and order kept, the
    indentation guessed from the file, no line re-wrapped."""
    import io

    from ruamel.yaml import YAML
    from ruamel.yaml.util import load_yaml_guess_indent
    _, indent, dash = load_yaml_guess_indent(old)          # "- " indent (to the item) and offset
    dash = dash or 0
    rt = YAML()
    rt.preserve_quotes = True
    rt.width = 1 << 16
    rt.indent(mapping=max(2, indent - dash), sequence=indent, offset=dash)
    buf = io.StringIO()
    rt.dump(apply_patch(rt.load(old), patch), buf)
    return buf.getvalue()


def unified_diff(old: str, new: str, name: str) -> str:
    import difflib
    return "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), f"a/{name}", f"b/{name}"))


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
