"""Random, reproducible ways to break content YAML, shared by the fuzz test and
benchmarks/fuzz_check.py.

Each mutation takes the text of a content file and a ``random.Random`` and returns a new
text: line edits (drop, duplicate, swap, re-indent, truncate), scalar edits (another type,
huge or long values, control characters and line breaks through escapes, tags, aliases),
structure (deep nesting, alias bombs, self-referencing aliases, extra documents) and raw
bytes no YAML file should hold. ``hostile_sets`` makes ``--set`` overrides of the same kinds.
Nothing here imports genkit.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Callable

# A scalar in block or flow style: after "key: ", "- ", "[" or ", ", up to a delimiter or comment.
_SCALAR = re.compile(r"(?:(?<=: )|(?<=- )|(?<=\[)|(?<=, ))([^\s,\[\]{}#][^,\[\]{}#\n]*?)(?=\s*(?:[,\]}]|#|$))",
                     re.MULTILINE)

HOSTILE_VALUES = [
    # other types and YAML 1.1 traps
    "0", "-1", "1.5", "true", "null", "~", '""', "[]", "{}", "[1, 2]", "{a: 1}", "abc", '"0101"', "0101", "no",
    "1_000", "0x1F", "1e3", ".inf", "-.nan", "2024-01-01",
    # out of range
    "99999999999999999999", "-" + "9" * 19, "9" * 5000, "1e400", "1" + "0" * 400 + ".5",
    # long text, control characters and line breaks through escapes
    "x" * 10_000, '"\\x00"', '"a\\x1b[31m"', '"\\u2028"', '"a\\nb"', '"\\t"', '"\\r"', '"\\x85"', '"\\uFEFF"',
    "'a\n\n b'", "|\n  two\n  lines",
    # tags and aliases
    "!!python/object:os.system x", "!!binary aGk=", "!!set {a}", "!!int 0x1F", "!!int 12", "!!float 1",
    "!!bool yes", "!!str 12", "!!map x", "!!seq [1]", "!foo x", "! 12", "&a x", "*undefined", "&r [*r]",
    "{<<: {a: 1}}", "? [1, 2]\n  : 3",
]


def _nested(rng: random.Random) -> str:
    depth = rng.choice([5, 63, 64, 65, 200, 1200])
    return "[" * depth + "]" * depth if rng.random() < 0.5 else "{a: " * depth + "1" + "}" * depth


def _bomb(rng: random.Random) -> str:
    width, levels = rng.choice([(2, 5), (9, 9), (100, 3)])
    parts = [f"&b0 [{', '.join(['x'] * width)}]"]
    parts += [f"&b{n} [{', '.join([f'*b{n - 1}'] * width)}]" for n in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


def hostile_value(rng: random.Random) -> str:
    """A YAML value that is wrong, huge, deep, looping or merely unusual."""
    kind = rng.random()
    if kind < 0.08:
        return _nested(rng)
    if kind < 0.14:
        return _bomb(rng)
    return rng.choice(HOSTILE_VALUES)


# --------------------------------------------------------------------------- mutations of a text

def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True) or [""]


def drop_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "".join(lines)


def duplicate_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "".join(lines)


def swap_lines(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


def reindent(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines[i] = rng.choice([" ", "\t", ""]) * rng.randrange(8) + lines[i].lstrip(" ")
    return "".join(lines)


def replace_char(text: str, rng: random.Random) -> str:
    if not text:
        return text
    k = rng.randrange(len(text))
    return text[:k] + rng.choice(":-[]{}'\"#&*!|>%@?, \t\n0abc\\") + text[k + 1:]


def change_numbers(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines[i] = re.sub(r"\d+", lambda m: str(rng.choice([0, -1, 1, 2, 7, 99, 100, 1000, 10 ** 13])), lines[i])
    return "".join(lines)


def truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text) + 1)]


def raw_control_char(text: str, rng: random.Random) -> str:
    k = rng.randrange(len(text) + 1)
    return text[:k] + rng.choice(["\x00", "\x01", "\x1b", "\x7f", "\x85", "\u2028", "\ufeff", "\ufffe", "\r"]) \
        + text[k:]


def line_endings(text: str, rng: random.Random) -> str:
    return text.replace("\n", rng.choice(["\r\n", "\r", "\n\n"]))


def extra_document(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(["---\n", "...\n", "--- |\n", "%YAML 1.1\n"]))
    return "".join(lines)


def _scalars(text: str) -> list[re.Match]:
    return list(_SCALAR.finditer(text))


def _replace_scalar(text: str, rng: random.Random, make: Callable[[str], str]) -> str:
    found = _scalars(text)
    if not found:
        return text
    m = rng.choice(found)
    return text[:m.start()] + make(m.group()) + text[m.end():]


def hostile_scalar(text: str, rng: random.Random) -> str:
    return _replace_scalar(text, rng, lambda old: hostile_value(rng).replace("\n", "\n    "))


def wrong_shape(text: str, rng: random.Random) -> str:
    return _replace_scalar(text, rng, lambda old: rng.choice([f"[{old}]", f"{{x: {old}}}", f"[[{old}]]"]))


def line_break_in_text(text: str, rng: random.Random) -> str:
    return _replace_scalar(text, rng, lambda old: f'"{old[:3]}\\n{old[3:]}"' if '"' not in old else old)


def anchor_and_alias(text: str, rng: random.Random) -> str:
    """Name one value and repeat it elsewhere: often valid YAML whose values land where they do not fit."""
    found = _scalars(text)
    if len(found) < 2:
        return text
    a, b = sorted(rng.sample(found, 2), key=lambda m: m.start())
    return text[:a.start()] + "&m " + a.group() + text[a.end():b.start()] + "*m" + text[b.end():]


def deep_block(text: str, rng: random.Random) -> str:
    depth = rng.choice([60, 70, 1100])
    block = "".join("  " * i + f"k{i}:\n" for i in range(depth)) + "  " * depth + "x\n"
    return text + "zz_deep:\n" + "".join("  " + line + "\n" for line in block.splitlines())


MUTATIONS: list[Callable[[str, random.Random], str]] = [
    drop_line, duplicate_line, swap_lines, reindent, replace_char, change_numbers, truncate, raw_control_char,
    line_endings, extra_document, hostile_scalar, hostile_scalar, hostile_scalar, wrong_shape,
    line_break_in_text, anchor_and_alias, deep_block,
]


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three random mutations."""
    for _ in range(rng.randrange(1, 4)):
        text = rng.choice(MUTATIONS)(text, rng)
    return text


def hostile_sets(paths: list[str], rng: random.Random) -> list[str]:
    """One or two ``--set KEY=VALUE`` overrides of real paths (sometimes a wrong one) with hostile values."""
    sets = []
    for _ in range(rng.randrange(1, 3)):
        path = rng.choice(paths)
        if rng.random() < 0.05:  # a wrong path: rare, as finding the nearest valid paths is slow
            path += rng.choice([".nope", "x", ".0"])
        sets.append(f"{path}={hostile_value(rng)}")
    return sets


def cases(originals: dict[str, str], paths: list[str], seed: int, count: int):
    """``count`` reproducible cases ``(number, file name, mutated text, --set overrides)``: a
    mutated file of the pack, or (text None) the files as they are with hostile overrides of
    ``paths``. Case ``number`` depends on ``seed`` and itself alone, so a failing case replays alone."""
    names = sorted(originals)
    for number in range(count):
        rng = random.Random(f"{seed}:{number}")
        name = rng.choice(names)
        if rng.random() < 0.15:
            yield number, name, None, hostile_sets(paths, rng)
        else:
            yield number, name, mutate(originals[name], rng), []


def run_cases(pack: Path, check: Callable, paths: list[str], seed: int, count: int):
    """Run ``check(pack, overrides)`` on each case, a file of ``pack`` mutated in place and restored
    after; yields ``(number, what was mutated, the findings or the exception check raised)``."""
    originals = {f.name: f.read_text() for f in pack.glob("*.yaml")}
    for number, name, text, sets in cases(originals, paths, seed, count):
        if text is not None:
            write_fresh(pack / name, text)
        try:
            outcome = check(pack, sets)
        except Exception as exc:  # what the caller is looking for: reported, not raised
            outcome = exc
        finally:
            if text is not None:
                write_fresh(pack / name, originals[name])
        yield number, f"{name} mutated" if text is not None else f"--set {sets}", outcome


def write_fresh(path: Path, text: str) -> None:
    """Write ``text`` as a new file: rewriting in place makes ext4 flush to disk on every close,
    which would cost a fuzz run most of its time."""
    path.unlink(missing_ok=True)
    path.write_bytes(text.encode())
