"""The rules booklet's source: ``content/<game>/rules.md`` with placeholders for the model's values.

A designer writes the rules once, in Markdown, and names every number the model holds instead of
typing it: ``{{ cards.hand_limit }}``, ``{{ unit_types.inf.movement }}``,
``{{ crt.columns["+2"].rows.primary[0] }}``.  Placeholders are jinja2 expressions over the content
model, rendered in genkit's template sandbox (:mod:`.sandbox`: the file is untrusted like every
other part of a pack).  A value is named the way ``--set`` names it
(:func:`genkit.model.overrides.element_key`): mappings by key, list elements by their ``id`` (or
``code``, ``kind``, signed CRT differential, odds) or index.  Tables drawn from the model are
asked for by a line of their own, ``[[crt]]`` or ``[[per_turn ID]]`` (also ``[[per_turn:ID]]``;
:data:`TABLES`).

This module turns the file into text and table data; :mod:`.booklet` lays it out.
:func:`rules_findings` is what ``genkit check`` reports about it, each finding with ``rules.md``
and its line: a placeholder naming no value (with what is known there), an unknown table, and
Markdown that would print wrong (raw HTML, images, headings that skip a level, case numbers out
of order or repeated).
"""

from __future__ import annotations

import bisect
import difflib
import marshal
import os
import re
import stat
from functools import lru_cache
from itertools import chain, islice
from pathlib import Path
from typing import Any, Iterator

import jinja2
from jinja2 import nodes

from ..model.load import Finding, current_limits, inside_pack
from ..model.overrides import element_key  # one way to name a value
from ..model.schema import Content
from .charts import section_model
from .rules_markdown import TABLE_LINE, RulesError, layout_problems, outside_code, parse_markdown
from . import disk_cache
from .rules_tables import TableCache
from .sandbox import Limits, LimitedEnvironment, Refused, budget

RULES_FILE = "rules.md"
MAX_FINDINGS = 1_000   # findings check reports about rules.md before it stops looking
CASE_NUMBER = re.compile(r"^\s*\[?(\d+(?:\.\d+)*)\]?\s")


# --------------------------------------------------------------------------- the model as names

class Record(dict):
    """A mapping of the model: ``unit_types.inf.movement`` reads keys as attributes."""


class Keyed(list):
    """A list of the model whose elements are also named as ``--set`` names them:
    ``unit_types.inf``, ``crt.columns["+2"]``, ``game.victory.turn_limit``."""

    def key_of(self, element: Any, index: int) -> str:
        return element_key(element, index)

    def find(self, key: Any) -> Any:
        for i, element in enumerate(self):
            if self.key_of(element, i) == str(key):
                return element
        raise KeyError(key)

    def __getitem__(self, key):
        if isinstance(key, (int, slice)):
            return list.__getitem__(self, key)
        return self.find(key)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self.find(name)
        except KeyError:
            raise AttributeError(name) from None

    def keys(self) -> list[str]:
        return [self.key_of(e, i) for i, e in enumerate(self)]


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Record((k, _wrap(v)) for k, v in value.items())
    if isinstance(value, list):
        return Keyed(_wrap(v) for v in value)
    return value


def _raw(value: Any) -> Any:
    """The model as plain data with the keys a designer writes (the YAML's)."""
    return value.model_dump(mode="python") if hasattr(value, "model_dump") else value


def rules_context(content: Content) -> dict[str, Any]:
    """What placeholders may name: every top-level key of the model; ``rules`` with the defaults
    of its rules module's section filled in (a reading left out of rules.yaml still has a value)."""
    data = _raw(content)
    try:
        _, section = section_model(content.game.rules_module)
        if section is not None:
            data["rules"] = section.model_validate(content.rules or {}).model_dump(mode="python")
    except Exception:  # a rules module that cannot load: its own check reports that
        pass
    return {k: _wrap(v) for k, v in data.items()}


def _and_list(values, last: str = "and") -> str:
    """``[3, 6, 9]`` -> ``"3, 6 and 9"``."""
    items = [str(v) for v in values]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def _num(value) -> str:
    """``17.0`` -> ``"17"``, ``0.75`` -> ``"0.75"`` (sizes are floats in the model)."""
    return f"{value:g}" if isinstance(value, float) else str(value)


@lru_cache(maxsize=1)
def _environment() -> LimitedEnvironment:
    return LimitedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False, trim_blocks=True,
                              lstrip_blocks=True, keep_trailing_newline=True,
                              filters={"and_list": _and_list, "num": _num})


# --------------------------------------------------------------------------- reading

def rules_path(content_root: str | os.PathLike | None) -> Path | None:
    """``<content>/rules.md`` when the game has one (a game given as one YAML file has none)."""
    if content_root is None:
        return None
    root = Path(content_root)
    if not root.is_dir():
        return None
    path = root / RULES_FILE
    return path if os.path.lexists(path) else None


def read_rules(path: Path, root: Path) -> str:
    """The text of rules.md, read like the YAML: a regular file inside the pack, within the
    file-size limit, UTF-8.  Raises RulesError naming the file."""
    limit = current_limits().file_size
    try:
        if not inside_pack(path, root):
            raise RulesError(f"{path}: resolves outside the content folder {root}")
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise RulesError(f"{path}: not a regular file")
        if info.st_size > limit:
            raise RulesError(f"{path}: {info.st_size:,} bytes, past the file_size limit of "
                             f"{limit:,} (raise it with --limit file_size=...)")
        text = path.read_bytes()[: limit + 1].decode("utf-8")
    except OSError as exc:
        raise RulesError(f"{path}: cannot read it: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise RulesError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    bad = re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise RulesError(f"{path}:{line}: holds a control character ({bad.group()!r})")
    return text


# --------------------------------------------------------------------------- rendering

def _template_line(exc: BaseException) -> int:
    """The rules.md line a render error came from (jinja2 marks template frames)."""
    line, tb = 0, exc.__traceback__
    while tb is not None:
        if "__jinja_exception__" in tb.tb_frame.f_globals or tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


_COMPILED: dict[str, jinja2.Template] = {}     # rules.md's text -> compiled: the last few


def _compiled(text: str, tree: nodes.Template | None = None) -> jinja2.Template:
    """rules.md compiled once a process (check and build render the same text), its code kept in
    the disk cache by the text (a command after an edit of the YAML alone compiles none);
    ``tree``: the text already parsed (the check reads it for its placeholders), compiled
    rather than parsed again."""
    template = _COMPILED.get(text)
    if template is None:
        env = _environment()
        key = disk_cache.key_of("rules-code", text)
        code = _code_of(disk_cache.load("rules-code", key))
        if code is None:
            code = env.compile(text if tree is None else tree)
            disk_cache.store("rules-code", key, marshal.dumps(code))
        template = env.template_class.from_code(env, code, env.make_globals(None), None)
        if len(_COMPILED) >= 4:
            _COMPILED.clear()
        _COMPILED[text] = template
    return template


def _code_of(kept: object):
    """The code object marshalled in a cache entry, or None (no entry, or not one)."""
    try:
        return marshal.loads(kept) if isinstance(kept, bytes) else None
    except (EOFError, ValueError, TypeError):
        return None


_RENDERED: dict = {}     # (text, id(content), rules_size) -> (content, rendered): the last render


def render_rules(text: str, content: Content, where: str = RULES_FILE) -> str:
    """rules.md with every placeholder replaced by its value; raises RulesError (file:line).
    It renders in the template sandbox, but may write the ``rules_size`` limit, not a face's.
    The last text rendered for the same model object is kept: a build renders rules.md once,
    for its check and its booklet (a model is not changed once it is checked)."""
    limits = current_limits()
    key = (text, id(content), limits.rules_size)
    kept = _RENDERED.get(key)
    if kept is not None and kept[0] is content:
        return kept[1]
    rendered = _render(text, content, where, limits)
    _RENDERED.clear()
    _RENDERED[key] = (content, rendered)
    return rendered


def _render(text: str, content: Content, where: str, limits) -> str:
    spent = Limits(output=limits.rules_size)
    try:
        with budget(spent) as used:
            return _compiled(text).render(rules_context(content))
    except Refused as exc:
        if used.written > spent.output:
            raise RulesError(f"{where}:{_template_line(exc)}: " + limits.exceeded(
                "rules_size", f"rules.md writes more than {spent.output:,} characters once its "
                "placeholders are filled")) from exc
        raise RulesError(f"{where}:{_template_line(exc)}: {exc}") from exc
    except jinja2.TemplateSyntaxError as exc:
        raise RulesError(f"{where}:{exc.lineno}: placeholder syntax: {exc.message}") from exc
    except RecursionError as exc:
        raise RulesError(f"{where}:{_deepest(text)}: {TOO_DEEP}") from exc
    except jinja2.UndefinedError as exc:
        raise RulesError(f"{where}:{_template_line(exc)}: names no value: {exc.message}") from exc
    except jinja2.exceptions.SecurityError as exc:
        raise RulesError(f"{where}:{_template_line(exc)}: not allowed: {exc}") from exc
    except Exception as exc:  # an error the placeholder itself raised (e.g. a bad index)
        raise RulesError(f"{where}:{_template_line(exc)}: {type(exc).__name__}: {exc}") from exc


TOO_DEEP = ("placeholders nested too deep for genkit to read ({% if %}, {% for %} or brackets inside "
            "each other, hundreds deep); nest less")
_BLOCK_TAG = re.compile(r"\{%[-+]?\s*(\w+)")
_OPENS = {"if", "for", "macro", "call", "filter", "with", "autoescape", "raw"}


def _deepest(text: str) -> int:
    """The line where rules.md's {% %} blocks nest deepest (1 when no block is open)."""
    depth, deepest, line, at, here = 0, 0, 1, 0, 1
    for m in _BLOCK_TAG.finditer(text):
        here, at = here + text.count("\n", at, m.start()), m.start()
        tag = m.group(1)
        depth += 1 if tag in _OPENS else -1 if tag.startswith("end") else 0
        if depth > deepest:
            deepest, line = depth, here
    return line


# --------------------------------------------------------------------------- static check

def _chain(node: nodes.Node) -> tuple[str, list[Any]] | None:
    """``unit_types.inf["movement"]`` -> ("unit_types", ["inf", "movement"]); the longest
    constant prefix of a mixed chain (``game.sides[x].name`` -> ("game", ["sides"]))."""
    parts: list[Any] = []
    while True:
        if isinstance(node, nodes.Getattr):
            parts.append(node.attr)
            node = node.node
        elif isinstance(node, nodes.Getitem):
            if isinstance(node.arg, nodes.Const):
                parts.append(node.arg.value)
            else:
                parts.clear()  # a key computed at render time: check only what precedes it
            node = node.node
        elif isinstance(node, nodes.Name):
            return node.name, parts[::-1]
        else:
            return None


def _known(container: Any) -> list[str]:
    if isinstance(container, Keyed):
        return container.keys()
    if isinstance(container, dict):
        return [str(k) for k in container]
    return []


def _step(container: Any, key: Any) -> Any:
    if isinstance(container, Keyed):
        if isinstance(key, int) and not isinstance(key, bool):
            return list.__getitem__(container, key)
        return container.find(key)
    if isinstance(container, dict):
        for k in container:
            if k == key or str(k) == str(key):
                return container[k]
    raise KeyError(key)


def _unknown(root: str, parts: list[Any], value: Any) -> str | None:
    """Why ``root.parts`` names no value, or None when it does."""
    done = [root]
    for part in parts:
        if value is None:  # an optional part the game leaves out (cards): {% if %} may guard it, the render tells
            return None
        try:
            value = _step(value, part)
        except (KeyError, IndexError, TypeError):
            known = _known(value)
            near = difflib.get_close_matches(str(part), known, n=1, cutoff=0.6)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            listed = ", ".join(known[:24]) + (", ..." if len(known) > 24 else "")
            what = f"; {'.'.join(done)} has: {listed}" if known else f"; {'.'.join(done)} is a single value"
            return f"'{'.'.join(done)}' has no '{part}'{hint}{what}"
        done.append(str(part))
    return None


def _locals(tree: nodes.Template) -> set[str]:
    """Names the file itself binds (loop variables, {% set %}, macros and their arguments)."""
    names = {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")}
    names |= {m.name for m in tree.find_all(nodes.Macro)}
    return names | {"loop", "caller", "varargs", "kwargs"}


def _placeholders(tree: nodes.Template) -> tuple[frozenset, list[tuple[int, str, list[Any]]]]:
    """What rules.md's placeholders name, read from its text alone (kept in the disk cache by the
    text): the names the file binds itself, and each value a placeholder reads, as (line, root,
    parts) in the order of the file."""
    checked: set[int] = set()
    skip: set[int] = set()
    for test in tree.find_all(nodes.Test):
        if test.name in ("defined", "undefined"):  # a test of whether a value exists
            skip |= {id(n) for n in test.node.find_all((nodes.Getattr, nodes.Getitem, nodes.Name))}
            skip.add(id(test.node))
    for call in tree.find_all(nodes.Call):  # x.items(): check x, not the method's name
        if isinstance(call.node, nodes.Getattr):
            skip.add(id(call.node))
    chains = []
    for node in tree.find_all((nodes.Getattr, nodes.Getitem, nodes.Name)):
        if id(node) in checked or id(node) in skip:
            continue
        checked |= {id(n) for n in node.find_all((nodes.Getattr, nodes.Getitem, nodes.Name))}
        if isinstance(node, nodes.Name) and node.ctx != "load":
            continue
        found = _chain(node)
        if found is not None:
            chains.append((node.lineno, *found))
    return frozenset(_locals(tree)), chains


def _placeholder_findings(placeholders: tuple, context: dict, env, file: str) -> Iterator[Finding]:
    own, chains = placeholders
    bound = own | set(env.globals)
    for line, root, parts in chains:
        if root in bound and root not in context:
            continue
        if root not in context:
            near = difflib.get_close_matches(root, list(context), n=1)
            hint = f" (did you mean '{near[0]}'?)" if near else ""
            yield Finding("error", file, line, "rules-placeholder",
                          f"placeholder names no value: '{root}' is not in the model{hint}; "
                          f"known: {', '.join(context)}")
            continue
        why = _unknown(root, parts, context[root])
        if why:
            dotted = ".".join([root] + [str(p) for p in parts])
            yield Finding("error", file, line, "rules-placeholder",
                          f"placeholder '{dotted}' names no value: {why}")


# --------------------------------------------------------------------------- Markdown problems

def _case_key(number: str) -> tuple[int, ...]:
    parts = [int(p) for p in number.split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


class _Locator:
    """The line of each inline piece (raw HTML, an image) of a block, found by searching forward
    from the last one found: every piece comes after the one before, so the search is linear in
    the file, however many pieces it holds."""

    def __init__(self, text: str):
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.at = 0

    def line(self, span, needle: str) -> int:
        first, last = span or (0, 0)
        begin = max(self.at, self.starts[min(first, len(self.starts) - 1)])
        end = self.starts[last] if last < len(self.starts) else len(self.text)
        found = self.text.find(needle, begin, end)
        if found < 0:
            return first + 1
        self.at = found + len(needle)
        return bisect.bisect_right(self.starts, found)


def _markdown_findings(text: str, tokens: list, tables: TableCache, file: str) -> Iterator[Finding]:
    lines = text.split("\n")   # as the Markdown parser counts lines
    for n, line in outside_code(text):
        m = TABLE_LINE.match(line)
        if m:
            problem = tables.problem(m.group(1), m.group(2))
            if problem:
                yield Finding("error", file, n, "rules-table", problem)
        elif "[[" in line and "]]" in line:
            yield Finding("error", file, n, "rules-table",
                          "a table ([[name]]) must stand alone on its line, or it prints as text")
    locate = _Locator(text)
    last_level, cases = 0, {}
    previous: tuple[int, ...] = ()
    previous_text = ""
    for tok in tokens:
        line = tok.map[0] + 1 if tok.map else 0
        if tok.type == "html_block":
            yield Finding("error", file, line, "rules-markdown", "raw HTML is not printed; write Markdown")
        for child in tok.children or []:
            if child.type in ("html_inline", "image"):
                at = locate.line(tok.map, child.content if child.type == "html_inline" else "![")
                yield Finding("error", file, at, "rules-markdown", "raw HTML is not printed; write Markdown"
                              if child.type == "html_inline" else "images are not printed in the booklet")
        if tok.type == "heading_open":
            level = int(tok.tag[1])
            if level > 3:
                yield Finding("error", file, line, "rules-markdown",
                              f"heading level {level}: the booklet has rules (#), cases (##) and subcases (###)")
            elif level > last_level + 1:
                yield Finding("error", file, line, "rules-markdown",
                              f"heading level {level} follows level {last_level}: a level is skipped")
            last_level = level
        elif tok.type == "inline" and tok.map and lines[tok.map[0]].lstrip().startswith("#"):
            m = CASE_NUMBER.match(tok.content)
            if not m:
                continue
            key = _case_key(m.group(1))
            if key in cases:
                yield Finding("error", file, line, "rules-case",
                              f"case {m.group(1)} is numbered twice (first at line {cases[key]})")
            elif key < previous:
                yield Finding("error", file, line, "rules-case",
                              f"case {m.group(1)} comes after {previous_text}: out of order")
            cases.setdefault(key, line)
            if key > previous:
                previous, previous_text = key, m.group(1)


# --------------------------------------------------------------------------- check

def rules_findings(content: Content, content_root: str | os.PathLike | None) -> list[Finding]:
    """What ``genkit check`` reports about the game's rules.md (nothing when it has none)."""
    path = rules_path(content_root)
    if path is None:
        return []
    file = str(path)
    try:
        text = read_rules(path, Path(content_root))
    except RulesError as exc:
        return [Finding("error", file, _line_of(str(exc)), "rules-file", str(exc).split(": ", 1)[-1])]
    env = _environment()
    text = re.sub(r"\r\n?", "\n", text)   # lines as the Markdown parser counts them (and Jinja2)
    key = disk_cache.key_of("rules-placeholders", text)
    placeholders = disk_cache.load("rules-placeholders", key)
    tree = None
    if placeholders is None:        # (a text that does not parse is not kept: parsed each time)
        try:
            tree = env.parse(text)
        except jinja2.TemplateSyntaxError as exc:
            return [Finding("error", file, exc.lineno or 1, "rules-placeholder", f"placeholder syntax: {exc.message}")]
        except RecursionError:
            return [Finding("error", file, _deepest(text), "rules-placeholder", TOO_DEEP)]
        placeholders = _placeholders(tree)
        disk_cache.store("rules-placeholders", key, placeholders)
    context = rules_context(content)
    tables = TableCache(content, content_root)
    # the text's own Markdown found clean is kept by what its checks read: the text, and each
    # table's problem or size (an edited number printed in a table leaves it clean, unparsed)
    own = disk_cache.key_of("rules-markdown", text, _table_sizes(text, tables), repr(current_limits()))
    if disk_cache.load("rules-markdown", own) is not None:
        findings = _first(_placeholder_findings(placeholders, context, env, file), file)
    else:
        tokens = parse_markdown(text)
        findings = _first(chain(
            _placeholder_findings(placeholders, context, env, file), _markdown_findings(text, tokens, tables, file),
            (Finding("error", file, n, "rules-layout", why) for n, why in layout_problems(tokens, tables.height))),
            file)
        if not findings:
            disk_cache.store("rules-markdown", own, ())
    if findings:
        return findings
    try:
        _compiled(text, tree)       # compiled from the tree read above (it is not read again)
    except (jinja2.TemplateSyntaxError, RecursionError):
        pass                        # not kept: render_rules below compiles again and says what it is
    try:  # what only running it shows (a computed key, a budget, what the placeholders write)
        rendered = render_rules(text, content, file)
    except RulesError as exc:
        return [Finding("error", file, _line_of(str(exc)), "rules-placeholder", str(exc).split(": ", 1)[-1])]
    found = (rendered_line(n, why, text, rendered) for n, why in layout_problems(parse_markdown(rendered), tables.height))
    return [Finding("error", file, n, "rules-layout", why) for n, why in found]


#: any ``[[name arg]]`` in a text, wherever it stands (every table line, and more)
ANY_TABLE = re.compile(r"\[\[\s*([A-Za-z_][\w-]*)(?:(?:\s*:\s*|\s+)([^\]\s:]+))?\s*\]\]")


def _table_sizes(text: str, tables: TableCache) -> str:
    """What the Markdown checks of ``text`` read of the model: each table it names, what is wrong
    with it, else the size of each part (what :meth:`~.tables.TableData.least_height`, which
    ``tables.height`` adds up, reads: header, body and note lines, a title, rows with a counter
    face), and the counter's size."""
    sizes = []
    for name, arg in sorted({m.groups() for m in ANY_TABLE.finditer(text)}, key=repr):
        problem = tables.problem(name, arg)
        sizes.append((name, arg, problem) if problem else (name, arg, [
            (len(t.header), len(t.rows), len(t.notes), bool(t.title), len({r for r, _ in t.counters}))
            for t in tables.data(name, arg)]))
    return repr((sizes, tables.content.game.components.counter_in))


def _first(findings: Iterator[Finding], file: str) -> list[Finding]:
    """The first :data:`MAX_FINDINGS` findings, and one saying that there are more: a file of
    300,000 mistakes is told about in seconds, and the first ones are what to fix."""
    shown = list(islice(findings, MAX_FINDINGS + 1))
    if len(shown) > MAX_FINDINGS:
        shown[MAX_FINDINGS:] = [Finding("error", file, shown[MAX_FINDINGS].line, "rules-more",
                                        f"more findings from here on are not shown (the first {MAX_FINDINGS:,} "
                                        "are); fix these and check again")]
    return shown


def rendered_line(n: int, why: str, text: str, rendered: str) -> tuple[int, str]:
    """rules.md's line and the message for line ``n`` of ``rendered`` (rules.md with its
    placeholders filled): the same line when the placeholders add or take no lines, else the
    line of rules.md nearest, the message saying which line of the filled text it is."""
    lines = text.count("\n") + 1
    if rendered.count("\n") + 1 == lines:
        return n, why
    return min(n, lines), f"{why} (line {n} of rules.md with its placeholders filled)"


def _line_of(message: str) -> int:
    m = re.match(r"^[^:]*:(\d+):", message)
    return int(m.group(1)) if m else 1

