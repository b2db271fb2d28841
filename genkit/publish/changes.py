"""What changed between two versions of a game's model and rules text.

* :func:`model_changes` - every changed value: its dotted path (as ``--set`` names it: list
  elements by id, code, CRT column; a list of plain values is one value), old and new, and the file
  and line of the new value (of the old one when it was removed).
* :func:`case_changes` - every rule case (``## 9.1 ...``) whose text, as the booklet prints it
  (placeholders filled in from the model), differs.
* :func:`subject_of` - what a change is about, in the game's words: a unit type, a marker, a card,
  a CRT column, or a part of the model.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..model.overrides import element_key

MISSING = None      # the old or new side of a value that one version does not have


@dataclass(frozen=True)
class Change:
    """One changed value: ``path`` dotted as ``--set`` spells it; ``old``/``new`` (None: absent)."""
    path: str
    old: Any
    new: Any
    file: str = ""
    line: int = 0

    @property
    def parts(self) -> list[str]:
        return self.path.split(".")


@dataclass(frozen=True)
class CaseChange:
    """A rule case whose printed text differs: its number ("9.1"), heading and both texts."""
    number: str
    heading: str
    old: str
    new: str


def _is_plain_list(value: Any) -> bool:
    return isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value)


def _keyed(items: list) -> dict[str, Any]:
    return {element_key(v, i): v for i, v in enumerate(items)}


def _walk(old: Any, new: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any, Any]]:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(old) + [k for k in new if k not in old]:
            yield from _walk(old.get(key, MISSING), new.get(key, MISSING), path + (str(key),))
    elif (isinstance(old, list) and isinstance(new, list)
          and not (_is_plain_list(old) and _is_plain_list(new))):
        a, b = _keyed(old), _keyed(new)
        for key in list(a) + [k for k in b if k not in a]:
            yield from _walk(a.get(key, MISSING), b.get(key, MISSING), path + (key,))
    elif old != new:
        yield path, old, new


def model_changes(old_raw: dict, new_raw: dict, old_source=None, new_source=None) -> list[Change]:
    """Every value that differs between two raw models (the merged YAML of each version), in the
    new version's order, each with the file and line it is written on."""
    out = []
    for path, old, new in _walk(old_raw, new_raw, ()):
        source = new_source if new is not MISSING else old_source
        file, line = ("", 0)
        if source is not None:
            file, line = source.where(_source_path(path, new_raw if new is not MISSING else old_raw))
        out.append(Change(".".join(path), old, new, str(file), line))
    return out


def _source_path(path: tuple[str, ...], raw: Any) -> tuple:
    """The position key of ``path`` (list elements by index, as the loader records them)."""
    out: list = []
    node = raw
    for part in path:
        if isinstance(node, list):
            index = next((i for i, v in enumerate(node) if element_key(v, i) == part), None)
            if index is None:
                break
            out.append(index)
            node = node[index]
        elif isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        else:
            break
    return tuple(out)


# --------------------------------------------------------------------------- rule cases

_HEADING = re.compile(r"^(#{1,3})\s+(\d+(?:\.\d+)*)\s*(.*)$")


def split_cases(markdown: str) -> dict[str, tuple[str, str]]:
    """Rendered rules text -> {case number: (heading, text under it up to the next heading)}.
    Text before the first numbered heading is the introduction, case "0"."""
    out: dict[str, tuple[str, str]] = {}
    number, heading, lines = "0", "", []
    fence = False
    for line in markdown.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        m = None if fence else _HEADING.match(line)
        if m:
            out[number] = (heading, "\n".join(lines).strip())
            number, heading, lines = m.group(2), m.group(3).strip(), []
        else:
            lines.append(line)
    out[number] = (heading, "\n".join(lines).strip())
    if out.get("0") == ("", ""):
        del out["0"]
    return out


def with_tables(rendered: str, content) -> str:
    """The rendered rules with each ``[[table]]`` line replaced by the table's text (its title,
    header and rows, as the booklet prints them from the model), so a case whose table changed
    differs too: a changed CRT cell changes the case that prints the CRT."""
    from ..render.rules_markdown import TABLE_LINE, outside_code
    from ..render.rules_tables import TableCache
    cache = TableCache(content)
    lines = rendered.split("\n")
    for n, line in outside_code(rendered):
        m = TABLE_LINE.match(line)
        if m and cache.problem(m.group(1), m.group(2)) is None:
            tables = cache.data(m.group(1), m.group(2))
            # one line a row, so a changed cell shows as its row
            lines[n - 1] = "\n".join("table " + (f"{t.title}: " if t.title else "") + " | ".join(map(str, r))
                                     for t in tables for r in t.header + t.rows + [[x] for x in t.notes])
    return "\n".join(lines)


def case_changes(old_rendered: str, new_rendered: str) -> list[CaseChange]:
    """The rule cases whose printed text (or heading) differs, and the cases added or removed, in
    the new version's order; a case only moved is unchanged. Whitespace is not a change."""
    a, b = split_cases(old_rendered), split_cases(new_rendered)

    def norm(s: str) -> str:
        return " ".join(s.split())
    out = []
    for number in list(b) + [n for n in a if n not in b]:
        oh, ot = a.get(number, ("", ""))
        nh, nt = b.get(number, ("", ""))
        if (norm(oh), norm(ot)) != (norm(nh), norm(nt)):
            out.append(CaseChange(number, nh or oh, ot if number in a else "", nt if number in b else ""))
    return out


def _paragraphs(text: str) -> list[str]:
    out, cur = [], []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith(("- ", "* ", "table ")):
            cur.append(line.strip())
            continue
        if cur:
            out.append(" ".join(cur))
            cur = []
        if line.strip():
            out.append(line.strip())
    if cur:
        out.append(" ".join(cur))
    return [re.sub(r"\*\*?([^*]+)\*\*?", r"\1", p).removeprefix("table ") for p in out]


def changed_paragraphs(old: str, new: str) -> list[tuple[str, str]]:
    """The paragraphs (list items, tables) of a case that differ: (was, now), "" for one added or
    removed; what stayed the same is left out (the booklet has it)."""
    a, b = _paragraphs(old), _paragraphs(new)
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag != "equal":
            out.append(("\n".join(a[i1:i2]), "\n".join(b[j1:j2])))
    return out


# --------------------------------------------------------------------------- subjects

@dataclass(frozen=True)
class Subject:
    """What a change is about: ``kind`` ("unit", "marker", "card", "crt-column", "crt", "map",
    "game", "other"), the element's id in its list and its name for people."""
    kind: str
    id: str = ""
    name: str = ""
    detail: str = field(default="")
    deck: str = ""          # a card's deck id


def subject_of(change: Change, raw: dict) -> Subject:
    """What ``change`` is about, named as the game names it (``raw``: the new model, else the old)."""
    p = change.parts

    def named(items, key):
        for i, v in enumerate(items or []):
            if element_key(v, i) == key and isinstance(v, dict):
                return str(v.get("name") or key)
        return key
    rest = ".".join(p[2:])
    if p[0] == "unit_types" and len(p) > 1:
        return Subject("unit", p[1], named(raw.get("unit_types"), p[1]), rest)
    if p[:2] == ["counters", "markers"] and len(p) > 2:
        return Subject("marker", p[2], named(raw.get("counters", {}).get("markers"), p[2]), ".".join(p[3:]))
    if p[0] == "decks" and len(p) > 3 and p[2] == "cards":      # decks.<deck>.cards.<card>...
        deck = next((d for i, d in enumerate(raw.get("decks") or []) if element_key(d, i) == p[1]), {})
        cards = deck.get("cards") if isinstance(deck, dict) else None
        return Subject("card", p[3], named(cards if isinstance(cards, list) else [], p[3]), ".".join(p[4:]), p[1])
    if p[:2] == ["crt", "columns"] and len(p) > 2:
        return Subject("crt-column", p[2], f"CRT column {p[2]}", ".".join(p[3:]))
    if p[0] in ("crt", "map", "game", "decks", "counters", "tracks", "turn_track", "dice", "rules"):
        return Subject(p[0], "", p[0], ".".join(p[1:]))
    return Subject("other", "", p[0], ".".join(p[1:]))
