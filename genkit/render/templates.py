"""Squib-like data-driven faces: a Jinja2 template renders YAML describing primitives.

A template (e.g. ``templates/counter.yaml.j2``) is rendered with a context (the unit,
the side, ...) by a *sandboxed* Jinja2 environment with ``StrictUndefined`` (a
misspelt variable is an error, not an empty string) and ``trim_blocks`` /
``lstrip_blocks`` (``{% for %}`` lines leave no blank lines or indentation).  The
result must be a YAML list; each entry is a one-key mapping naming a primitive of
:mod:`genkit.render.draw` with its fields::

    - rect: {x: 0, y: 0, w: 45, h: 45, fill: "#c8d8a0", stroke: null}
    - polygon: {points: [[0, 0], [10, 0], [5, 8]], fill: "#000000"}
    - polyline: {points: [[0, 0], [10, 5]], stroke_width: 1, dash: [2, 1]}
    - circle: {cx: 10, cy: 10, r: 4}
    - ellipse: {cx: 10, cy: 10, rx: 6, ry: 3}
    - line: {x1: 0, y1: 0, x2: 10, y2: 10}
    - text: {x: 22.5, y: 40, text: {{ unit.name | yaml }}, size: 6, font: condensed-bold,
             anchor: middle}
    - group: {translate: [10, 5], scale: 0.5, rotate: 0, clip: {rect: {x: 0, y: 0, w: 20, h: 10}},
              items: [...]}

Units are points, y down, angles in degrees clockwise.  Field names and defaults are
exactly those of the dataclasses.  Colours MUST be quoted (``fill: "#aabbcc"``):
unquoted, YAML reads ``#`` as the start of a comment (this is detected and reported).

Available in templates besides the context: ``text_width(text, font, size)``,
``fit_text(text, font, max_size, max_width)``, ``cap_height(font, size)``,
``wrap_text(text, font, size, max_width)``, ``INCH``, ``MM``, and the filter
``yaml`` (``{{ value | yaml }}`` writes any value as a safely quoted YAML/JSON
scalar or list - use it for every piece of user text).

Templates come from strangers' content packs, so they run in :mod:`genkit.render.sandbox`: a
template (and all it includes) must stay inside its pack, and each render has a budget of time,
output, values built and loop iterations (:class:`~genkit.render.sandbox.Limits`).  A template
of a pack may include, import or extend its pack's templates and genkit's own (the pack's first).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import posixpath
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import jinja2
import jinja2.bccache
from jinja2.loaders import split_template_path

from ..model import yaml_data, yaml_safe
from ..model.load import inside_pack
from ..templates import FOLDER as DEFAULT_FOLDER
from .draw import INCH, MM, Circle, Ellipse, Group, Line, Polygon, Polyline, Primitive, Rect, Text
from .fonts import cap_height, text_width
from . import disk_cache, pack_clock
from .sandbox import LimitedEnvironment, Limits, Refused, budget, current
from .text_fit import fit_text, wrap_text

PRIMITIVES: dict[str, type] = {
    "rect": Rect,
    "polygon": Polygon,
    "polyline": Polyline,
    "circle": Circle,
    "ellipse": Ellipse,
    "line": Line,
    "text": Text,
    "group": Group,
}

CLIP_SHAPES = ("rect", "polygon", "circle", "ellipse")


class TemplateError(ValueError):
    """A template could not be rendered or describes invalid primitives.  The message
    names the template file, the entry and what is wrong."""


def _json_default(obj: Any) -> Any:
    if isinstance(obj, jinja2.Undefined):
        return str(obj)  # StrictUndefined raises UndefinedError here
    if isinstance(obj, (tuple, set, frozenset)):
        return list(obj)
    raise TypeError(f"cannot write a {type(obj).__name__} as YAML")


def _yaml_filter(value: Any) -> str:
    # JSON is a subset of YAML's flow style: strings come out double-quoted and escaped.
    if isinstance(value, jinja2.Undefined):
        str(value)
    return json.dumps(value, ensure_ascii=False, default=_json_default)


@lru_cache(maxsize=32)
def make_environment(folder: str, root: str) -> LimitedEnvironment:
    """The sandboxed Jinja2 environment for the face templates in ``folder``, whose files must
    resolve inside ``root`` (unless ``folder`` is genkit's own: trusted).  ``{% include %}``,
    ``{% import %}`` and ``{% extends %}`` look in ``folder``, then in genkit's templates.
    Cached, so each template is compiled once (Jinja2 recompiles it when its file changes), and
    its compiled code is kept on disk for the next command (:class:`CompiledTemplates`)."""
    if os.path.realpath(folder) == str(DEFAULT_FOLDER):
        folders: list[tuple[str, str | None]] = [(folder, None)]
    else:
        folders = [(folder, root), (str(DEFAULT_FOLDER), None)]
    env = LimitedEnvironment(
        loader=PackLoader(folders),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        helpers={f.__name__: _points_only(f) for f in (text_width, fit_text, cap_height, wrap_text)},
        filters={"yaml": _yaml_filter},
        bytecode_cache=CompiledTemplates(),
    )
    env.globals.update(INCH=INCH, MM=MM)
    return env


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja2's compiled code of a template kept in genkit's disk cache (:mod:`.disk_cache`),
    found by the template's name, file and source text (Jinja2's bucket key and checksum), the
    limits in force and genkit's code (the sandbox compiles templates its own way): a command
    whose faces changed but whose templates did not compiles none of them."""

    def _key(self, bucket: jinja2.bccache.Bucket) -> str:
        return disk_cache.key_of("template-code", bucket.key, bucket.checksum, repr(yaml_safe.current_limits()))

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = disk_cache.load("template-code", self._key(bucket))
        if isinstance(code, bytes):
            bucket.bytecode_from_string(code)     # Jinja2 refuses another version's code itself

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        disk_cache.store("template-code", self._key(bucket), bucket.bytecode_to_string())


#: a size or width a template gives genkit's helpers, in points: a sheet is a few thousand
#: points; more is a mistake, or an attack (``fit_text('x', 'sans', 1e30, 1e17)``)
HELPER_NUMBER_LIMIT = 1_000_000


def _points_only(helper: Callable) -> Callable:
    """``helper`` (text_width, fit_text ...) for templates: every number it is given must be a
    size or width in points, at most :data:`HELPER_NUMBER_LIMIT` (its loops depend on them)."""
    @functools.wraps(helper)
    def checked(*args: Any, **kwargs: Any) -> Any:
        for value in (*args, *kwargs.values()):
            if isinstance(value, (int, float)) and not isinstance(value, bool) and not (
                    -HELPER_NUMBER_LIMIT <= value <= HELPER_NUMBER_LIMIT):  # nan fails both
                raise Refused(f"{helper.__name__}() was given {value:.6g}: sizes and widths are "
                              f"points, at most {HELPER_NUMBER_LIMIT:,}; give the size you mean")
        return helper(*args, **kwargs)
    return checked


_UNQUOTED_COLOR = re.compile(r"(?:[:\[,{]|^\s*-)\s+#[0-9A-Fa-f]{6}\b")


def _short(value: Any, n: int = 100) -> str:
    s = repr(value)
    return s if len(s) <= n else s[: n - 3] + "..."


def render_template(path: str | os.PathLike, context: Mapping[str, Any], *,
                    root: str | os.PathLike | None = None,
                    limits: Limits = Limits()) -> list[Primitive]:
    """Render the Jinja2/YAML face template at ``path`` with ``context`` and return the
    primitives it describes.  The template, and all it includes, must resolve inside ``root``
    (its content pack; default: the template's folder; genkit's own templates are trusted) and
    keep within ``limits``.  Raises :class:`TemplateError` with the template file, the line
    (Jinja2 / YAML problems) or the entry index (primitive problems)."""
    return primitives_from_yaml(render_text(path, context, root=root, limits=limits),
                                source=str(path))


def render_text(path: str | os.PathLike, context: Mapping[str, Any], *,
                root: str | os.PathLike | None = None, limits: Limits = Limits()) -> str:
    """The text the template at ``path`` renders (see :func:`render_template`); a pack's own
    template also spends the time all its templates may take (:mod:`.pack_clock`)."""
    path = Path(path)
    if not path.is_file():
        raise TemplateError(f"{path}: template file not found")
    root = os.path.realpath(path.parent if root is None else root)
    env = make_environment(str(path.parent), root)
    pack = None if os.path.realpath(path.parent) == str(DEFAULT_FOLDER) else root
    try:
        with pack_clock.timing(pack) as left, budget(limits, left) as spent:
            template = env.get_template(path.name)
            spent.tick()  # compiling is not hooked: a template that took long to compile stops here
            return template.render(**dict(context))
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"{exc.filename or path}:{exc.lineno}: template syntax error: "
                            f"{exc.message}") from exc
    except jinja2.UndefinedError as exc:
        raise TemplateError(f"{_where(exc, path)}: undefined value: {exc.message}") from exc
    except Refused as exc:
        raise TemplateError(f"{_where(exc, path)}: {exc}") from exc
    except jinja2.exceptions.SecurityError as exc:
        raise TemplateError(f"{_where(exc, path)}: not allowed in templates: {exc}") from exc
    except RecursionError as exc:
        raise TemplateError(f"{_where(exc, path)}: a macro or include calls itself without "
                            "end; give the recursion a stop") from exc
    except TemplateError:
        raise
    except Exception as exc:  # errors raised by template code (e.g. fit_text)
        raise TemplateError(f"{_where(exc, path)}: error while rendering: "
                            f"{type(exc).__name__}: {yaml_safe.clip(str(exc), 300)}") from exc


def _where(exc: BaseException, path: Path) -> str:
    """Where in the templates ``exc`` was raised: ``file:line``, or ``face:line > part:line``
    when it was in a template the face includes or imports; ``path`` when no line is known.
    (Jinja2 rewrites the traceback so template frames carry the template's file and line, and
    marks them with ``__jinja_exception__``.)"""
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        if "__jinja_exception__" in tb.tb_frame.f_globals:
            frames.append(f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}")
        tb = tb.tb_next
    if not frames:
        return str(path)
    outer, inner = frames[0], frames[-1]
    same_file = outer.rsplit(":", 1)[0] == inner.rsplit(":", 1)[0]
    return inner if same_file else f"{outer} > {inner}"


def primitives_from_yaml(text: str, source: str = "<yaml>") -> list[Primitive]:
    """Parse rendered YAML text into primitives (see the module doc for the format)."""
    for no, ln in enumerate(text.splitlines(), 1):
        if ln.lstrip().startswith("#"):
            continue
        for m in _UNQUOTED_COLOR.finditer(ln):
            before = ln[: m.start()].replace('\\"', "")
            if before.count('"') % 2 or before.count("'") % 2:
                continue  # inside a quoted string
            hexcode = m.group(0).split("#")[-1]
            raise TemplateError(
                f"{source}: rendered line {no}: unquoted colour #{hexcode} - YAML reads '#' "
                f"as the start of a comment; quote it, e.g. fill: \"#{hexcode}\""
                f"\n    {yaml_safe.clip(ln.strip(), 100)}")
    return primitives_from_data(read_rendered(text, source), source)


def read_rendered(text: str, source: str) -> Any:
    """The data of the YAML a template rendered.  It derives from a content pack, so it is read
    as content is: libyaml's events composed with an explicit stack within yaml_safe's limits
    (depth, values, aliases), ten times faster than PyYAML's pure-Python loader and safe from
    nesting that would crash libyaml's own recursive composer; no line is kept per value
    (:func:`~genkit.model.yaml_data.compose_data`)."""
    data, problems = yaml_data.compose_data(text, yaml_safe.Budget(yaml_safe.current_limits()))
    if problems:
        p = problems[0]
        lines = text.splitlines()
        line = ""
        if 0 < p.line <= len(lines):
            line = f"\n    {yaml_safe.clip(lines[p.line - 1].strip(), 100)}"
        message = yaml_safe.clip(p.message.removeprefix("this is not valid YAML: "), 300)
        raise TemplateError(f"{source}: rendered line {p.line}: invalid YAML: {message}{line}")
    return data


def primitives_from_data(data: Any, source: str = "<data>") -> list[Primitive]:
    """Map already-parsed data (a list of one-key mappings) to primitives."""
    if data is None:
        return []
    if not isinstance(data, list):
        raise TemplateError(f"{source}: the template must produce a YAML list of primitives, "
                            f"got {type(data).__name__}")
    return [_entry(e, source, f"entry {i}") for i, e in enumerate(data)]


def _entry(entry: Any, source: str, where: str, allowed: tuple[str, ...] | None = None):
    names = allowed or tuple(PRIMITIVES)
    if not isinstance(entry, dict) or len(entry) != 1:
        raise TemplateError(f"{source}: {where}: expected a mapping with exactly one key "
                            f"({', '.join(names)}), got {_short(entry)}")
    (kind, fields), = entry.items()
    if kind not in names:
        raise TemplateError(f"{source}: {where}: unknown primitive {kind!r}; "
                            f"expected one of {', '.join(names)}")
    where = f"{where} ({kind})"
    if fields is None:
        fields = {}
    if not isinstance(fields, dict):
        raise TemplateError(f"{source}: {where}: fields must be a mapping, got {_short(fields)}")
    cls = PRIMITIVES[kind]
    dc_fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = [k for k in fields if k not in dc_fields]
    if unknown:
        raise TemplateError(f"{source}: {where}: unknown field {unknown[0]!r} for {kind}; "
                            f"allowed: {', '.join(dc_fields)}")
    missing = [n for n, f in dc_fields.items() if n not in fields
               and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing:
        raise TemplateError(f"{source}: {where}: missing field{'s' if len(missing) > 1 else ''} "
                            f"{', '.join(repr(m) for m in missing)} for {kind}")
    kwargs = dict(fields)
    if cls is Text:
        t = kwargs.get("text")
        if isinstance(t, bool) or not isinstance(t, (str, int)):
            raise TemplateError(f"{source}: {where}: field 'text' must be a string, got {_short(t)}"
                                f" (quote it, e.g. text: {{{{ value | yaml }}}})")
        kwargs["text"] = str(t)
    if cls is Group:
        items = kwargs.get("items", [])
        if items is None:
            items = []
        if not isinstance(items, list):
            raise TemplateError(f"{source}: {where}: field 'items' must be a list, got {_short(items)}")
        kwargs["items"] = tuple(_entry(e, source, f"{where} > items[{j}]")
                                for j, e in enumerate(items))
        if kwargs.get("clip") is not None:
            kwargs["clip"] = _entry(kwargs["clip"], source, f"{where} > clip", CLIP_SHAPES)
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise TemplateError(f"{source}: {where}: {exc}") from exc


# --------------------------------------------------------------------------- loader

class PackLoader(jinja2.FileSystemLoader):
    """Finds templates in ``folders``, a list of ``(folder, root)`` searched in order: a file
    found in ``folder`` must resolve, links followed, inside ``root`` (its content pack), or it
    is refused; ``root`` None marks a trusted folder (genkit's own templates)."""

    def __init__(self, folders: Sequence[tuple[str | os.PathLike, str | os.PathLike | None]],
                 encoding: str = "utf-8") -> None:
        super().__init__([folder for folder, _ in folders], encoding)
        self.roots = [None if root is None else os.path.realpath(root) for _, root in folders]

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        current().tick()  # each file compiled costs time no hook sees: none after the deadline
        pieces = split_template_path(template)  # refuses '..'
        for i, (folder, root) in enumerate(zip(self.searchpath, self.roots)):
            filename = posixpath.join(folder, *pieces)
            if os.path.isfile(filename):  # links followed; FIFOs and devices are skipped
                earlier = [posixpath.join(f, *pieces) for f in self.searchpath[:i]]
                return self._load(template, filename, root, earlier)
        raise jinja2.TemplateNotFound(template, f"template {template!r} not found in "
                                                f"{', '.join(self.searchpath)}")

    def _load(self, template: str, filename: str, root: str | None,
              earlier: list[str]) -> tuple[str, str, Callable[[], bool]]:
        """The source of ``filename`` if it resolves inside ``root``; ``earlier``: where the
        template would be found first, had it been there (a pack's file shadows genkit's)."""
        real = os.path.realpath(filename)
        if root is not None and not inside_pack(real, root):  # checked before anything is read
            raise Refused(f"template {template!r} is a link to {real}, outside the content "
                          f"pack {root}: a pack's templates, and what they include, must stay "
                          "inside its folder; copy the file into the pack instead of linking it")
        limits = yaml_safe.current_limits()

        def too_big() -> Refused:
            return Refused(limits.exceeded("template_size", f"template {template!r} is "
                                           f"{os.path.getsize(real):,} bytes") + "; a face "
                           "needs a template a thousand times smaller")

        if os.path.getsize(real) > limits.template_size:  # checked before anything is read
            raise too_big()
        with open(real, encoding=self.encoding) as f:
            source = f.read(limits.template_size + 1)  # it may have grown since
        if len(source) > limits.template_size:
            raise too_big()
        mtime = os.path.getmtime(real)

        def uptodate() -> bool:  # also stale when a link now points elsewhere, or is shadowed
            try:
                return (os.path.realpath(filename) == real and os.path.getmtime(real) == mtime
                        and not any(map(os.path.isfile, earlier)))
            except OSError:
                return False

        return source, os.path.normpath(filename), uptodate
