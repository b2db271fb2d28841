"""Load a game's YAML files into the typed model, keeping every value's file and line.

Content is untrusted: YAML becomes data in :mod:`.yaml_safe` (no object
construction from tags, YAML 1.2 scalars, bounded aliases, nesting, sizes and
integers), only regular files inside the content folder are read, duplicate
keys are errors, and nothing here ever raises anything but
:class:`ContentError`, whose findings name file, line and field.

Merge order: ``game.yaml`` first, then every other ``*.yaml`` of the folder in
alphabetical order. Each top-level key may appear in one file only.
"""
from __future__ import annotations

import difflib
import hashlib
import os
import stat
import typing
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from .csv_rows import read_rows
from .overrides import apply_overrides, element_key, settable_paths  # noqa: F401  (settable_paths: re-exported)
from .renamed_keys import RENAMED
from .schema import TOP_LEVEL_KEYS, Content
# Finding, ContentError, Source, PathKey and parse_yaml live in .source; re-exported from here
from .source import ContentError, Finding, PathKey, Source, parse_yaml  # noqa: F401
# Limits, parse_limits and set_limits are re-exported: callers set limits where they load
from .yaml_safe import Budget, Limits, clip, current_limits, parse_limits, set_limits  # noqa: F401

# --------------------------------------------------------------------------- files

def inside_pack(path: str | Path, root: str | Path) -> bool:
    """Whether ``path``, with every symlink and ``..`` resolved, lies inside the folder ``root``
    (resolved too). Never raises for a link loop or a missing file (they resolve as far as they can)."""
    return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(root))


def content_files(path: Path) -> list[Path]:
    """The YAML files of a game, in merge order: ``path`` itself unless it is a folder. Entries
    named *.yaml that are not regular files are listed too, so that reading them is refused
    with a message rather than skipped in silence; hidden ones (.name) are not content, and
    editors keep lock files there (Emacs: a dangling link .#units.yaml)."""
    if not path.is_dir():
        return [path]
    files = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml") and not p.name.startswith("."))
    first = [p for p in files if p.stem == "game"]
    return first + [p for p in files if p.stem != "game"]


class _Refused(Exception):
    """A content file that is not read: ``code`` and ``message`` for its Finding."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"))


def _require_regular(mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        raise _Refused("not-a-file", f"this is {kind}; content is read from regular files only")


def _require_size(size: int, budget: Budget) -> None:
    limits = budget.limits
    if size > limits.file_size:
        raise _Refused("limit-file-size", limits.exceeded("file_size", f"this file has {size:,} bytes"))
    if budget.bytes + size > limits.pack_size:
        raise _Refused("limit-pack-size", limits.exceeded(
            "pack_size", f"the content files add up to more than {budget.bytes + size:,} bytes"))


def _read_bytes(file: Path, root: Path | None, budget: Budget) -> bytes:
    """The bytes of one content file, read only if it is a regular file inside the folder
    ``root`` (None: a file named on its own) and within the size limits, which are checked
    before reading; otherwise raises _Refused. Never opens a device or blocks on a pipe."""
    real = os.path.realpath(file)
    if root is not None and not inside_pack(real, root):
        raise _Refused("outside-pack", f"this file resolves to {real}, outside the content folder {root}; "
                                       "content files must lie inside it")
    _require_regular(os.stat(real).st_mode)  # before opening: opening a device can do things
    # O_NONBLOCK and O_NOFOLLOW: a file swapped for a pipe or a link after the stat is refused
    fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        _require_regular(info.st_mode)
        _require_size(info.st_size, budget)
        data = handle.read(budget.limits.file_size + 1)  # the file may grow after the fstat
    _require_size(len(data), budget)
    budget.bytes += len(data)
    return data


def _pack_files(path: Path, limits: Limits) -> tuple[list[Path], Path | None, list[Finding]]:
    """The files of the game at ``path``, the folder they must lie in (None: a file named on its
    own), or the findings that say why none can be read."""
    try:
        root = path if path.is_dir() else None
        files = content_files(path)
    except OSError as exc:
        return [], None, [Finding("error", str(path), 1, "unreadable", f"cannot list this folder: {exc.strerror}")]
    if not files:
        return [], None, [Finding("error", str(path), 1, "no-content", "no .yaml files found in this folder")]
    if len(files) > limits.files:
        return [], None, [Finding("error", str(path), 1, "limit-files", limits.exceeded(
            "files", f"this folder has {len(files)} .yaml files"))]
    return files, root, []


def _read_text(file: Path, root: Path | None, budget: Budget, digest) -> str:
    """The text of one content file, added to ``digest``; raises _Refused."""
    try:
        data = _read_bytes(file, root, budget)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _Refused("unreadable", f"cannot read this file: {exc}")
    digest.update(os.fsencode(file.name) + b"\0" + data + b"\0")
    return text


def read_raw(path: Path, limits: Limits | None = None) -> tuple[dict, Source, list[Finding]]:
    """Read and merge the YAML of a game without validating it, within ``limits`` (default: the
    process-wide ones)."""
    budget = Budget(limits or current_limits())
    files, root, errors = _pack_files(path, budget.limits)
    source = Source(root=path, files=files)
    merged: dict = {}
    digest = hashlib.sha256()
    for file in source.files:
        name = str(file)
        try:
            text = _read_text(file, root, budget, digest)
        except _Refused as refused:
            errors.append(Finding("error", name, 1, refused.code, refused.message))
            continue
        positions: dict = {}
        doc = parse_yaml(text, name, positions, errors, budget=budget)
        if doc is None:
            if not any(e.file == name for e in errors):
                errors.append(Finding("error", name, 1, "empty-file", "the file is empty; expected a mapping of "
                                      f"top-level keys ({', '.join(TOP_LEVEL_KEYS)})"))
            continue
        if not isinstance(doc, dict):
            errors.append(Finding("error", name, 1, "not-a-mapping",
                                  f"the file must be a mapping of top-level keys ({', '.join(TOP_LEVEL_KEYS)}), "
                                  f"not a {type(doc).__name__}"))
            continue
        for key, value in doc.items():
            if key in merged:
                other = source.where((key,))
                errors.append(Finding("error", name, positions[(key,)][1], "duplicate-section",
                                      f"top-level key '{key}' is already defined in {other[0]}:{other[1]}"))
                continue
            merged[key] = value
            source.positions.update((p, pos) for p, pos in positions.items() if p[:1] == (key,))
    if not errors:
        _read_csv_rows(merged, source, root if root is not None else path.parent, budget, digest, errors)
    source.sha256 = digest.hexdigest()
    return merged, source, errors


def _read_csv_rows(merged: dict, source: Source, root: Path, budget: Budget, digest, errors: list) -> None:
    """Every deck whose cards are kept in a CSV file (``rows: name.csv``) gets them as its
    ``cards``, with the file, row and column of each value (:mod:`.csv_rows`)."""
    decks = merged.get("decks")
    for i, deck in enumerate(decks if isinstance(decks, list) else ()):
        rows = deck.get("rows") if isinstance(deck, dict) else None
        if not isinstance(rows, str):
            continue
        where = source.where(("decks", i, "rows"))
        if "cards" in deck:
            errors.append(Finding("error", *where, "csv", f"decks.{i}.rows: the deck gives cards and rows; "
                                                          "keep its cards in one place"))
            continue
        file = root / rows
        if not rows.endswith(".csv") or "/" in rows or "\\" in rows or rows.startswith("."):
            errors.append(Finding("error", *where, "csv", f"decks.{i}.rows: '{clip(rows)}' is not the name of a "
                                                          ".csv file beside the YAML files"))
            continue
        if not os.path.lexists(file):
            errors.append(Finding("error", *where, "csv", f"decks.{i}.rows: no file {rows} in {root}"))
            continue
        try:
            text = _read_text(file, root, budget, digest)
        except _Refused as refused:
            errors.append(Finding("error", str(file), 1, refused.code, refused.message))
            continue
        fields = deck.get("fields") if isinstance(deck.get("fields"), dict) else {}
        cards, positions, cells, problems = read_rows(text, str(file), fields, ("decks", i, "cards"))
        errors += problems
        deck["cards"] = cards
        source.positions[("decks", i, "cards")] = (str(file), 1)
        source.positions.update(positions)
        source.cells.update(cells)


# --------------------------------------------------------------------------- validation

def _inner_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _inner_model(arg)
        if found:
            return found
    return None


def _inner_models(annotation: Any) -> list[type[BaseModel]]:
    """Every model an annotation may hold (each member of a union, the item of a list)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _inner_models(arg)]


def _models_at(loc: tuple, root: type[BaseModel]) -> list[type[BaseModel]]:
    """The models that may hold the fields at ``loc`` (list indices, mapping keys and the tags of
    a union's members skipped)."""
    models = [root]
    for part in loc:
        if not isinstance(part, str):
            continue
        inner = [m for model in models if part in model.model_fields
                 for m in _inner_models(model.model_fields[part].annotation)]
        if inner:
            models = inner
        else:                           # a union member's tag (victory 'hold') or a mapping key
            tagged = [m for m in models if "kind" in m.model_fields
                      and typing.get_args(m.model_fields["kind"].annotation) == (part,)]
            models = tagged or models
    return models


def _named(loc: tuple, raw: Any) -> tuple:
    """``loc`` with each list index replaced by how ``--set`` names that element (its id, code or
    kind) when the raw data is at hand."""
    out, node = [], raw
    for part in loc:
        if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
            out.append(element_key(node[part], part))
            node = node[part]
            continue
        if isinstance(node, dict) and part not in node and node.get("kind") == part:
            continue                    # the tag of a union's member: the element is named by it already
        out.append(part)
        node = node.get(part) if isinstance(node, dict) else None
    return tuple(out)


def _unknown_field(loc: tuple, inner: tuple, root: type[BaseModel]) -> str:
    """What to say of an unknown key: what replaced it, else the nearest known field."""
    key = inner[-1] if inner else ""
    renamed = RENAMED.get(tuple(p for p in loc if isinstance(p, str)))
    if renamed:
        return f"unknown field: the model says this with {renamed}"
    allowed = list(dict.fromkeys(f for m in _models_at(inner[:-1], root) for f in m.model_fields))
    near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
    if near:
        return f"unknown field: did you mean '{near[0]}'?"
    listed = f"; allowed here: {', '.join(allowed)}" if allowed and len(allowed) <= 20 else ""
    return f"unknown field (a typo?){listed}"


def _field_description(loc: tuple, root: type[BaseModel] = Content) -> str:
    """The schema description of the field at ``loc`` (under the model ``root``), to say what is expected."""
    model: type[BaseModel] | None = root
    info = None
    for part in loc:
        if model is not None and isinstance(part, str) and part in model.model_fields:
            info = model.model_fields[part]
            model = _inner_model(info.annotation)
    return (info.description or "") if info else ""


# pydantic's error kinds in genkit's words: a new pydantic release may reword its own messages,
# and what a designer reads must not change with it ({...} are the error's context values)
_PROBLEMS = {
    "int_parsing": "not a whole number", "int_type": "not a whole number",
    "int_from_float": "not a whole number (it has a fractional part)",
    "float_parsing": "not a number", "float_type": "not a number",
    "bool_parsing": "neither true nor false", "bool_type": "neither true nor false",
    "string_type": "not text", "list_type": "not a list", "dict_type": "not a mapping",
    "model_type": "not a mapping", "model_attributes_type": "not a mapping",
    "less_than_equal": "more than the largest allowed, {le}",
    "less_than": "not less than {lt}",
    "greater_than_equal": "less than the smallest allowed, {ge}",
    "greater_than": "not more than {gt}",
    "string_too_long": "longer than {max_length} characters",
    "string_too_short": "shorter than {min_length} characters",
    "too_long": "more than {max_length} items",
    "too_short": "fewer than {min_length} items",
    "literal_error": "not one of the allowed values ({expected})",
    "enum": "not one of the allowed values ({expected})",
}


def _problem(err: dict) -> str:
    """What is wrong with the value, in genkit's words. Our own validators' messages (a
    ``ValueError`` raised in the schema) are ours already; a kind not listed keeps pydantic's."""
    if err["type"] == "value_error":
        return str(err.get("ctx", {}).get("error", "")) or err["msg"].removeprefix("Value error, ")
    words = _PROBLEMS.get(err["type"])
    try:
        text = words.format(**err.get("ctx", {})) if words else err["msg"]
    except (KeyError, IndexError):
        return err["msg"]
    return text.replace(" 1 characters", " 1 character").replace(" 1 items", " 1 item")


def _message(err: dict, root: type[BaseModel] = Content, prefix: tuple = (), raw: Any = None) -> str:
    """One schema error in words; ``root`` is the model validated, at ``prefix`` in the content;
    ``raw`` (the data validated, when at hand) names list elements by their ids."""
    loc = prefix + tuple(err["loc"])
    inner = tuple(err["loc"])
    dotted = ".".join(clip(str(p)) for p in prefix + _named(inner, raw)) or "(top level)"
    kind = err["type"]
    value = err.get("input")
    if kind == "extra_forbidden":
        return f"{dotted}: {_unknown_field(loc, inner, root)}"
    if kind == "missing":
        expected = _field_description(inner, root)
        return f"{dotted}: required field is missing" + (f" ({expected})" if expected else "")
    expected = _field_description(inner, root)
    shown = clip(repr(value)) if not isinstance(value, (dict, list)) else type(value).__name__
    text = f"{dotted}: {_problem(err)}, got {shown}"
    if expected:
        text += f"; expected {expected}"
    if kind == "string_type" and isinstance(value, int) and not isinstance(value, bool):
        text += " (quote it: '...')"
    return text


SHOWN_SCHEMA_ERRORS = 200  # past these, one line says how many more: nobody reads 100,000 messages


def schema_findings(exc: ValidationError, source: Source, root: type[BaseModel] = Content,
                     prefix: tuple = (), raw: Any = None) -> list[Finding]:
    """One finding per schema error, at the file and line of the value; ``raw``, the data
    validated, lets a message name list elements by id (``unit_types.armour.movment``)."""
    findings = []
    for err in exc.errors(include_url=False)[:SHOWN_SCHEMA_ERRORS]:
        # pydantic puts dict-key errors under "[key]"; point at the key itself
        err = dict(err, loc=tuple(p for p in err["loc"] if not (isinstance(p, str) and p.endswith("[key]"))))
        findings.append(source.finding("error", "schema", prefix + err["loc"], _message(err, root, prefix, raw)))
    if exc.error_count() > SHOWN_SCHEMA_ERRORS:
        findings.append(source.finding("error", "schema", prefix, f"{exc.error_count() - SHOWN_SCHEMA_ERRORS:,} "
                                       "more schema errors not shown; fix these first"))
    return findings


def validate(raw: dict, source: Source) -> tuple[Content | None, list[Finding]]:
    """The model, or None and one finding per schema error (at most SHOWN_SCHEMA_ERRORS and a
    summary); the ``rules:`` section is left as data, for its rules module's ``Section`` to
    validate (:func:`genkit.pack.load`)."""
    try:
        return Content.model_validate(raw), []
    except ValidationError as exc:
        return None, schema_findings(exc, source, raw=raw)


def load(path: str | Path, overrides: Iterable[str] = (), limits: Limits | None = None) -> tuple[Content, Source]:
    """Load, merge, override and validate a game within ``limits`` (default: the process-wide
    ones). Raises ContentError with findings, and nothing else. (The ``rules:`` section is its
    rules module's to validate: :func:`genkit.pack.load` does both.)"""
    path = Path(path)
    if not os.path.exists(path):  # unlike Path.exists, False (not an exception) for any path it cannot stat
        raise ContentError([Finding("error", str(path), 0, "no-such-path", "no such file or folder")])
    raw, source, errors = read_raw(path, limits)
    errors += apply_overrides(raw, overrides, source, limits) if not errors else []
    if errors:
        raise ContentError(errors)
    model, errors = validate(raw, source)
    if errors:
        raise ContentError(errors)
    return model, source


def load_game(path: str | Path, overrides: Iterable[str] = ()) -> Content:
    """The validated model of the game at ``path`` (a folder or one YAML file)."""
    return load(path, overrides)[0]
