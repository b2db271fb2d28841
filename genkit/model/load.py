"""Load a game's YAML files into the typed model, keeping every value's file and line.

Content is untrusted: YAML is composed with a safe loader (no object
construction from tags), scalars are resolved the YAML 1.2 way (``0101`` stays
the string "0101", ``no`` stays the string "no"; only ``true``/``false`` are
booleans), duplicate keys are errors, and nothing here ever raises anything
but :class:`ContentError`, whose findings name file, line and field.

Merge order: ``game.yaml`` first, then every other ``*.yaml`` of the folder in
alphabetical order. Each top-level key may appear in one file only.
"""
from __future__ import annotations

import difflib
import hashlib
import re
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml
from pydantic import BaseModel, ValidationError

from .schema import TOP_LEVEL_KEYS, Content

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

class _Loader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 core scalars instead of YAML 1.1's surprises."""


_Loader.yaml_implicit_resolvers = {}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                              list("tTfF"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"),
                              list("-+0123456789"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:float",
                              re.compile(r"^[-+]?(?:(?:0|[1-9][0-9]*)\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$"),
                              list("-+0123456789."))
_Loader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"),
                              ["~", "n", "N", ""])


_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "map", "seq")}


def _describe_yaml_error(exc: yaml.YAMLError) -> tuple[int, str]:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark else 1
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    text = f"{context}, {problem}" if context else problem
    if "could not determine a constructor" in text:
        text = "YAML tags that build objects are not allowed in content; " + text
    return line, f"this is not valid YAML: {text}"


def _to_python(loader: _Loader, node: yaml.Node, path: PathKey, file: str,
               positions: dict, errors: list[Finding]) -> Any:
    positions[path] = (file, node.start_mark.line + 1)
    if node.tag not in _PLAIN_TAGS:
        errors.append(Finding("error", file, node.start_mark.line + 1, "yaml-tag",
                              f"YAML tag '{node.tag}' is not allowed in content; write plain values"))
        return None
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)  # resolve YAML merge keys (<<)
        out: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                errors.append(Finding("error", file, key_node.start_mark.line + 1, "yaml-key",
                                      "a mapping key must be a plain value, not a list or mapping"))
                continue
            key = loader.construct_object(key_node)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                key = str(key)
            if key in out:
                first = positions.get(path + (key,), (file, "?"))[1]
                errors.append(Finding("error", file, key_node.start_mark.line + 1, "duplicate-key",
                                      f"key '{key}' appears twice in this mapping (first at line {first})"))
                continue
            positions[path + (key,)] = (file, key_node.start_mark.line + 1)
            out[key] = _to_python(loader, value_node, path + (key,), file, positions, errors)
            positions[path + (key,)] = (file, key_node.start_mark.line + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_to_python(loader, item, path + (i,), file, positions, errors)
                for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def parse_yaml(text: str, file: str, positions: dict, errors: list[Finding], base: PathKey = ()) -> Any:
    """Parse one YAML document; positions and errors are appended to."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _to_python(loader, node, base, file, positions, errors)
    except yaml.YAMLError as exc:
        line, message = _describe_yaml_error(exc)
        errors.append(Finding("error", file, line, "yaml-syntax", message))
        return None
    finally:
        loader.dispose()


# --------------------------------------------------------------------------- files

def content_files(path: Path) -> list[Path]:
    """The YAML files of a game, in merge order."""
    if path.is_file():
        return [path]
    files = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    first = [p for p in files if p.stem == "game"]
    return first + [p for p in files if p.stem != "game"]


def read_raw(path: Path) -> tuple[dict, Source, list[Finding]]:
    """Read and merge the YAML of a game without validating it."""
    source = Source(root=path, files=content_files(path))
    errors: list[Finding] = []
    merged: dict = {}
    digest = hashlib.sha256()
    if not source.files:
        errors.append(Finding("error", str(path), 1, "no-content", "no .yaml files found in this folder"))
    for file in source.files:
        name = str(file)
        try:
            data = file.read_bytes()
            text = data.decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            errors.append(Finding("error", name, 1, "unreadable", f"cannot read this file: {exc}"))
            continue
        digest.update(file.name.encode() + b"\0" + data + b"\0")
        positions: dict = {}
        doc = parse_yaml(text, name, positions, errors)
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
    """How --set names a list element: its id, its code, or its signed CRT differential
    (+2, 0, -3); elements with none of these by their index."""
    if isinstance(element, dict):
        for name in ("id", "code"):
            if name in element:
                return str(element[name])
        if isinstance(element.get("differential"), int):
            return f"{element['differential']:+d}" if element["differential"] else "0"
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


def _raw_path(raw: dict, parts: list[str]) -> PathKey:
    """The key/index path of a dotted --set path (which names list elements by id)."""
    path, container = [], raw
    for part in parts:
        key, container = _step(container, part)
        path.append(key)
    return tuple(path)


def apply_overrides(raw: dict, sets: Iterable[str], source: Source) -> list[Finding]:
    """Apply ``KEY=VALUE`` assignments (dotted paths) to the raw model in place."""
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
            near = difflib.get_close_matches(dotted, settable_paths(raw), n=3, cutoff=0.5)
            hint = f"; nearest valid paths: {', '.join(near)}" if near else ""
            errors.append(Finding("error", *where, "bad-set", f"--set '{dotted}': no such value in the model{hint}"))
            continue
        path = _raw_path(raw, parts)
        positions: dict = {}
        value = parse_yaml(text, f"--set {dotted}", positions, errors, base=path)
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


def _field_description(loc: tuple) -> str:
    """The schema description of the field at ``loc``, to say what is expected."""
    model: type[BaseModel] | None = Content
    info = None
    for part in loc:
        if model is not None and isinstance(part, str) and part in model.model_fields:
            info = model.model_fields[part]
            model = _inner_model(info.annotation)
    return (info.description or "") if info else ""


def _message(err: dict) -> str:
    loc = tuple(err["loc"])
    dotted = ".".join(str(p) for p in loc) or "(top level)"
    kind = err["type"]
    value = err.get("input")
    if kind == "extra_forbidden":
        parent = Content.model_fields if len(loc) == 1 else None
        allowed = f"; allowed here: {', '.join(parent)}" if parent else ""
        return f"{dotted}: unknown field (a typo?){allowed}"
    if kind == "missing":
        expected = _field_description(loc)
        return f"{dotted}: required field is missing" + (f" ({expected})" if expected else "")
    expected = _field_description(loc)
    shown = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    text = f"{dotted}: {err['msg']}, got {shown}"
    if expected:
        text += f"; expected {expected}"
    if kind == "string_type" and isinstance(value, int) and not isinstance(value, bool):
        text += " (quote it: '...')"
    return text


def validate(raw: dict, source: Source) -> tuple[Content | None, list[Finding]]:
    try:
        return Content.model_validate(raw), []
    except ValidationError as exc:
        findings = []
        for err in exc.errors():
            loc = tuple(err["loc"])
            # pydantic puts dict-key errors under "[key]"; point at the key itself
            loc = tuple(p for p in loc if not (isinstance(p, str) and p.endswith("[key]")))
            findings.append(source.finding("error", "schema", loc, _message(err)))
        return None, findings


def load(path: str | Path, overrides: Iterable[str] = ()) -> tuple[Content, Source]:
    """Load, merge, override and validate a game. Raises ContentError with findings."""
    path = Path(path)
    if not path.exists():
        raise ContentError([Finding("error", str(path), 0, "no-such-path", "no such file or folder")])
    raw, source, errors = read_raw(path)
    errors += apply_overrides(raw, overrides, source) if not errors else []
    if errors:
        raise ContentError(errors)
    model, errors = validate(raw, source)
    if errors:
        raise ContentError(errors)
    return model, source


def load_game(path: str | Path, overrides: Iterable[str] = ()) -> Content:
    """The validated model of the game at ``path`` (a folder or one YAML file)."""
    return load(path, overrides)[0]
