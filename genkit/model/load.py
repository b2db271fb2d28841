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
import itertools
import os
import stat
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from .schema import TOP_LEVEL_KEYS, Content
# Limits, parse_limits and set_limits are re-exported: callers set limits where they load
from .yaml_safe import Budget, Limits, clip, compose, current_limits, parse_limits, set_limits  # noqa: F401

PathKey = tuple  # a path into the raw data: ("map", "grid", "columns"), ("unit_types", 0, "id")


@dataclass(frozen=True, order=True)
class Finding:
    """One thing a designer should know about the content."""
    severity: str  # "error" | "warning"
    file: str
    line: int
    code: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file  # line 0: not from a file
        return f"{where}: {self.severity}: {self.message} [{self.code}]"

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "severity": self.severity,
                "code": self.code, "message": self.message}


class ContentError(Exception):
    """The content could not be loaded; ``findings`` say where and why."""

    def __init__(self, findings: list[Finding]):
        self.findings = sorted(findings)
        super().__init__("\n".join(str(f) for f in self.findings))


@dataclass
class Source:
    """Where the model came from: files, a hash of their bytes, and each value's position."""
    root: Path
    files: list[Path] = field(default_factory=list)
    positions: dict[PathKey, tuple[str, int]] = field(default_factory=dict)
    sha256: str = ""

    def where(self, path: Iterable) -> tuple[str, int]:
        """File and line of the value at ``path``, or of its nearest recorded ancestor."""
        path = tuple(path)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return (str(self.files[0]) if self.files else str(self.root), 1)

    def finding(self, severity: str, code: str, path: Iterable, message: str) -> Finding:
        file, line = self.where(path)
        return Finding(severity, file, line, code, message)


# --------------------------------------------------------------------------- YAML

def parse_yaml(text: str, file: str, positions: dict, errors: list[Finding], base: PathKey = (),
               budget: Budget | None = None) -> Any:
    """The data of one YAML document, or None; never raises. Adds the (file, line) of every value
    under ``base`` to ``positions`` and a Finding for everything refused to ``errors``.
    ``budget`` (default: a fresh one under the process-wide limits) is what the game may still spend."""
    value, lines, problems = compose(text, budget or Budget(current_limits()))
    positions.update((base + path, (file, line)) for path, line in lines.items())
    errors.extend(Finding("error", file, p.line, p.code, p.message) for p in problems)
    return value


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
    source.sha256 = digest.hexdigest()
    return merged, source, errors


# --------------------------------------------------------------------------- overrides

def _walk_paths(value: Any, prefix: str = "") -> Iterable[str]:
    if isinstance(value, dict):
        for key, sub in value.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            yield path
            yield from _walk_paths(sub, path)
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            key = _element_key(sub, i)
            path = f"{prefix}.{key}"
            yield path
            yield from _walk_paths(sub, path)


def _element_key(element: Any, index: int) -> str:
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
            if _element_key(element, i) == part:
                return i, element
    raise KeyError(part)


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
    """May ``--set`` add the missing path ``parts``? Yes when it adds entries to a free mapping of the
    schema (``turn_track.per_turn.X.changes.18.ru``: turn 18 and its side), creating the mappings on
    the way; a missing field of a fixed record stays an error (a typo). Returns how many parts
    existed, or -1 when it may not."""
    for k in range(len(parts)):
        try:
            _walk(raw, parts[:k + 1])
        except KeyError:
            break
    if not _is_mapping(_annotation_at(parts[:k])) or not isinstance(_walk(raw, parts[:k]), dict):
        return -1
    if not all(_is_mapping(_annotation_at(parts[:j])) for j in range(k + 1, len(parts))):
        return -1
    container = _walk(raw, parts[:k])
    for j in range(k, len(parts) - 1):
        container = container.setdefault(_typed_key(parts[:j + 1]), {})
    return k


def _is_mapping(annotation: Any) -> bool:
    return annotation is dict or typing.get_origin(annotation) is dict


def _typed_key(parts: list[str]) -> Any:
    """The last part of ``parts`` as a key of its mapping: a number where the schema's keys are
    (in an untyped section, where YAML would read one)."""
    ann = _annotation_at(parts[:-1])
    number = parts[-1].lstrip("-").isdigit()
    if ann is dict:
        return int(parts[-1]) if number else parts[-1]
    return int(parts[-1]) if number and _unwrap(typing.get_args(ann)[0]) is int else parts[-1]


def _walk(raw: dict, parts: list[str]) -> Any:
    """The value at dotted path ``parts`` (KeyError when missing)."""
    container: Any = raw
    for part in parts:
        _, container = _step(container, part)
    return container


def _raw_path(raw: dict, parts: list[str]) -> PathKey:
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
    for assignment in sets:
        where = ("--set", 0)
        if "=" not in assignment:
            errors.append(Finding("error", *where, "bad-set", f"--set '{assignment}': expected KEY=VALUE"))
            continue
        dotted, text = assignment.split("=", 1)
        parts = dotted.strip().split(".")
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
                    source.positions[_raw_path(raw, parts[:j])] = (f"--set {dotted}", 0)
            else:
                near = _nearest_paths(raw, parts)
                hint = f"; nearest valid paths: {', '.join(near)}" if near else ""
                errors.append(Finding("error", *where, "bad-set",
                                      f"--set '{dotted}': no such value in the model{hint}"))
                continue
        path = _raw_path(raw, parts)
        positions: dict = {}
        value = parse_yaml(text, f"--set {dotted}", positions, errors, base=path,
                           budget=Budget(limits or current_limits()))
        container[key] = value
        # what was overridden is reported at the --set, not at the YAML line it replaced
        for stale in [p for p in source.positions if p[:len(path)] == path]:
            del source.positions[stale]
        source.positions[path] = (f"--set {dotted}", 0)  # also when the value is empty
        source.positions.update((p, (f"--set {dotted}", 0)) for p in positions)
    return errors


# --------------------------------------------------------------------------- validation

def _inner_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _inner_model(arg)
        if found:
            return found
    return None


def _field_description(loc: tuple, root: type[BaseModel] = Content) -> str:
    """The schema description of the field at ``loc`` (under the model ``root``), to say what is expected."""
    model: type[BaseModel] | None = root
    info = None
    for part in loc:
        if model is not None and isinstance(part, str) and part in model.model_fields:
            info = model.model_fields[part]
            model = _inner_model(info.annotation)
    return (info.description or "") if info else ""


def _message(err: dict, root: type[BaseModel] = Content, prefix: tuple = ()) -> str:
    """One schema error in words; ``root`` is the model validated, at ``prefix`` in the content."""
    loc = prefix + tuple(err["loc"])
    inner = tuple(err["loc"])
    dotted = ".".join(clip(str(p)) for p in loc) or "(top level)"
    kind = err["type"]
    value = err.get("input")
    if kind == "extra_forbidden":
        parent = root.model_fields if len(inner) == 1 else None
        allowed = f"; allowed here: {', '.join(parent)}" if parent else ""
        return f"{dotted}: unknown field (a typo?){allowed}"
    if kind == "missing":
        expected = _field_description(inner, root)
        return f"{dotted}: required field is missing" + (f" ({expected})" if expected else "")
    expected = _field_description(inner, root)
    shown = clip(repr(value)) if not isinstance(value, (dict, list)) else type(value).__name__
    text = f"{dotted}: {err['msg'].removeprefix('Value error, ')}, got {shown}"  # our validators' own words
    if expected:
        text += f"; expected {expected}"
    if kind == "string_type" and isinstance(value, int) and not isinstance(value, bool):
        text += " (quote it: '...')"
    return text


SHOWN_SCHEMA_ERRORS = 200  # past these, one line says how many more: nobody reads 100,000 messages


def _schema_findings(exc: ValidationError, source: Source, root: type[BaseModel] = Content,
                     prefix: tuple = ()) -> list[Finding]:
    findings = []
    for err in exc.errors(include_url=False)[:SHOWN_SCHEMA_ERRORS]:
        # pydantic puts dict-key errors under "[key]"; point at the key itself
        err = dict(err, loc=tuple(p for p in err["loc"] if not (isinstance(p, str) and p.endswith("[key]"))))
        findings.append(source.finding("error", "schema", prefix + err["loc"], _message(err, root, prefix)))
    if exc.error_count() > SHOWN_SCHEMA_ERRORS:
        findings.append(source.finding("error", "schema", prefix, f"{exc.error_count() - SHOWN_SCHEMA_ERRORS:,} "
                                       "more schema errors not shown; fix these first"))
    return findings


def section_model(rules_module: str) -> tuple[bool, type[BaseModel] | None]:
    """(known, Section) of the rules module registered as ``rules_module``: known is False for a
    name the engine does not register (the check ``rules_module`` reports it); Section is the
    module's model of its ``rules:`` section, or None when it has none."""
    from ..engine.rules import RULES_MODULES, rules_module as module_named  # lazily: no engine needed to load
    if rules_module not in RULES_MODULES:
        return False, None
    return True, getattr(module_named(rules_module), "Section", None)


def _validate_rules(model: Content, source: Source) -> list[Finding]:
    """The ``rules:`` section checked by the model its rules module declares."""
    try:
        known, section = section_model(model.game.rules_module)
    except Exception:  # a rules module that cannot be imported: the checks report it, loading goes on
        return []
    if not known:
        return []
    if section is None:
        if model.rules is not None:
            return [source.finding("error", "schema", ("rules",),
                                   f"rules: rules module {model.game.rules_module} reads no rules section; "
                                   "remove it")]
        return []
    try:
        section.model_validate(model.rules or {})
    except ValidationError as exc:
        return _schema_findings(exc, source, section, ("rules",))
    return []


def validate(raw: dict, source: Source) -> tuple[Content | None, list[Finding]]:
    """The model, or None and one finding per schema error (at most SHOWN_SCHEMA_ERRORS and a
    summary); the ``rules:`` section is validated by its rules module's ``Section``."""
    try:
        model = Content.model_validate(raw)
    except ValidationError as exc:
        return None, _schema_findings(exc, source)
    findings = _validate_rules(model, source)
    return (None, findings) if findings else (model, [])


def load(path: str | Path, overrides: Iterable[str] = (), limits: Limits | None = None) -> tuple[Content, Source]:
    """Load, merge, override and validate a game within ``limits`` (default: the process-wide
    ones). Raises ContentError with findings, and nothing else."""
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
