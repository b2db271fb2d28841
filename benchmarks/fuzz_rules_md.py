"""Fuzz rules.md: mutated copies of a game's rules booklet source through `genkit check`'s rules
findings and, when check finds no error, through the booklet's layout, in process.

    python benchmarks/fuzz_rules_md.py                   # 300 cases: count, internal errors, time
    python benchmarks/fuzz_rules_md.py --cases 50 --seed 3
    python benchmarks/fuzz_rules_md.py content/brannock_ford --case 17   # replay one case

Each case mutates content/<game>/rules.md with line edits (those of tests/model/mutate.py) and
hostile Markdown and placeholders (deep notes and lists, wide and long tables, long paragraphs and
words, thousands of inline tags or table lines, emphasis and brackets left open, loops and huge
values in placeholders, odd line breaks). An internal error is: an exception out of the check other
than a finding; a layout that fails on what check passed, or fails in anything but genkit's own
RulesError naming rules.md and a line; a case over its time (--seconds). There must be none.

``--compare-parses``: each booklet laid out is laid out again with its [[table]] lines marked and
parsed anew (genkit/render/booklet.py; what a rules.md whose table lines do not stand alone
gets), and any difference in pages or outline from the one-parse layout is an internal error.
"""
from __future__ import annotations

import argparse
import random
import re
import signal
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.model.load import load_game  # noqa: E402
from genkit.render.booklet import booklet_pdf  # noqa: E402
from genkit.render.layout import SheetStyle  # noqa: E402
from genkit.render.rules_markdown import RulesError  # noqa: E402
from genkit.render.rules_text import RULES_FILE, rules_findings  # noqa: E402
from tests.model.mutate import (drop_line, duplicate_line, line_endings, replace_char,  # noqa: E402
                                swap_lines, truncate, write_fresh)

WORDS = "the attacker rolls one die per unit and applies the result".split()


def _para(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


SNIPPETS = [
    lambda r: "> " * r.choice([3, 19, 20, 21, 40]) + _para(r, 20),
    lambda r: "\n".join("  " * i + "- " + _para(r, 3) for i in range(r.choice([5, 20, 30]))),
    lambda r: "\n".join(">" * (i % 20) + " - " + _para(r, 4) for i in range(60)),
    lambda r: _para(r, r.choice([100, 3_000, 4_100, 30_000])),
    lambda r: "x" * r.choice([500, 5_000, 19_999, 20_001]),
    lambda r: " ".join(f"<b n={i}>" for i in range(r.choice([10, 5_000]))),
    lambda r: "*a " * r.choice([100, 10_000]) + "_b " * 1000,
    lambda r: "[" * r.choice([100, 10_000]) + "](" * 100,
    lambda r: "`" * r.choice([3, 1000]) + _para(r, 5),
    lambda r: "![img](x.png) " * r.choice([1, 2000]),
    lambda r: _table(r, r.choice([1, 2, 12, 26, 27, 60]), r.choice([1, 10, 400])),
    lambda r: _table(r, 3, 2, cell=_para(r, r.choice([200, 3_900]))),
    lambda r: "> " + _table(r, r.choice([3, 24]), 30).replace("\n", "\n> "),
    lambda r: "[[units]]\n\n" * r.choice([1, 50, 400, 3_000]),
    lambda r: r.choice(["[[crt]]", "[[per_turn]]", "[[chart]]", "[[chart:zz]]", "[[tracks nope]]",
                        "[[units extra]]", "- [[units]]", "> [[crt]]", "[[cards]] text", "[[draw_table]]"]),
    lambda r: r.choice(["# 1.0 Again", "#### 9.9.9.9 Deep", "### 1.1.1 Skip", "## 0.0 Back", "# " + "9." * 500,
                        "# " + _para(r, 2_000)]),
    lambda r: "```\n" + _para(r, 50) + ("\n```" if r.random() < 0.5 else ""),
    lambda r: "    " + "code line\n    " * r.choice([10, 3_000]),
    lambda r: r.choice(["{{ unit_types.inf.movement }}", "{{ 'a' * 3000000 }}", "{{ cards.hand_limit",
                        "{% for i in range(10000) %}[[units]]\n\n{% endfor %}",
                        "{% for i in range(5000) %}| a | b |\n{% endfor %}",
                        "{% for i in range(9000) %}" + "word " * 100 + "{% endfor %}",
                        "{{ crt.columns['+99'] }}", "{{ unit_types[99] }}", "{{ ''.__class__ }}",
                        "{% set x = 'y' * 10 %}{{ x * 1000000 }}", "{{ range(10**9) | list }}"]),
    lambda r: r.choice(["\u2028", "\x85", "\r", "\u202e", "\u200b" * 1000, "\ufeff", "\t" * 50, "\u00a0" * 300,
                        "e\u0301" * 2000, "\U0001F600" * 500, "&amp;&lt;&#0;&#x110000;" * 50, "<!-- x -->"]),
    lambda r: "---\n" * r.choice([1, 2_000]),
    lambda r: "1. " + "\n1. ".join(_para(r, 2) for _ in range(r.choice([5, 3_000]))),
]


def _table(rng: random.Random, columns: int, rows: int, cell: str | None = None) -> str:
    line = "|" + "|".join(cell or rng.choice(WORDS) for _ in range(columns)) + "|"
    return "\n".join([line, "|" + "---|" * columns] + [line] * rows)


def insert_snippet(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    at = rng.randrange(len(lines) + 1)
    return "\n".join(lines[:at] + ["", rng.choice(SNIPPETS)(rng), ""] + lines[at:])


def repeat_line(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    return "\n".join(lines[:at] + [lines[at]] * rng.choice([100, 5_000]) + lines[at:])


MUTATIONS = [insert_snippet] * 6 + [repeat_line, drop_line, duplicate_line, swap_lines, truncate,
                                    replace_char, line_endings]


class _Slow(Exception):
    pass


def _alarm(signum, frame):
    raise _Slow()


def _differs_with_marks(content, style, text: str, game: Path) -> str | None:
    """How the booklet of ``text`` laid out from the check's parse differs from it laid out by
    the marks (None: the same pages and outline)."""
    from genkit.render import booklet
    where = str(game / RULES_FILE)
    one = booklet.booklet_layout(content, style, text, where, game)
    kept = booklet._tables_standing_alone
    booklet._tables_standing_alone = lambda _text: None
    try:
        marked = booklet.booklet_layout(content, style, text, where, game)
    finally:
        booklet._tables_standing_alone = kept
    if one.outline != marked.outline:
        return "the one-parse booklet's outline differs from the marks'"
    if one.pages != marked.pages:
        n = next((i for i, (a, b) in enumerate(zip(one.pages, marked.pages)) if a != b), min(len(one.pages),
                                                                                          len(marked.pages)))
        return f"the one-parse booklet differs from the marks' from page {n + 1}"
    return None


def run_case(game: Path, original: str, content, seed: int, number: int, seconds: float,
             compare: bool = False) -> tuple[str, str | None]:
    """(what was done, the internal error or None) of case ``number``."""
    rng = random.Random(f"{seed}:{number}")
    text, done = original, []
    for _ in range(rng.choice([1, 1, 2, 3])):
        mutation = rng.choice(MUTATIONS)
        text = mutation(text, rng)
        done.append(mutation.__name__)
    write_fresh(game / RULES_FILE, text)
    what = "+".join(done)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        errors = [f for f in rules_findings(content, game) if f.severity == "error"]
        if errors:
            return what, None
        style = SheetStyle("a4" if number % 2 else "letter", 0.0, content.game.version, "0" * 64, content.game.title)
        try:
            booklet_pdf(content, style, (game / RULES_FILE).read_text(encoding="utf-8"), where=str(game / RULES_FILE),
                        content_root=game)
        except RulesError as exc:
            if not re.match(r".*rules\.md:\d+: ", str(exc)):
                return what, f"build refused without a line: {exc}"
            return what, f"check passed, build refused: {str(exc)[:300]}"
        if compare:
            return what, _differs_with_marks(content, style, (game / RULES_FILE).read_text(encoding="utf-8"), game)
        return what, None
    except _Slow:
        return what, f"took more than {seconds:g} s"
    except Exception as exc:  # noqa: BLE001 - what the fuzz is for
        return what, f"{type(exc).__name__}: {str(exc)[:300]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("content", nargs="?", type=Path, default=ROOT / "content" / "bering_land")
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--case", type=int, help="replay this case alone")
    parser.add_argument("--seconds", type=float, default=60.0, help="time one case may take")
    parser.add_argument("--compare-parses", action="store_true",
                        help="lay each booklet out again by the table marks; a difference is an internal error")
    args = parser.parse_args()
    import shutil
    import tempfile
    signal.signal(signal.SIGALRM, _alarm)
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / args.content.name
        shutil.copytree(args.content, game)
        original = (game / RULES_FILE).read_text(encoding="utf-8")
        content = load_game(game)
        numbers = [args.case] if args.case is not None else range(args.cases)
        internal, kinds = [], Counter()
        start = time.perf_counter()
        for number in numbers:
            what, error = run_case(game, original, content, args.seed, number, args.seconds, args.compare_parses)
            kinds[what.split("+")[0]] += 1
            if error:
                internal.append(f"case {number} ({what}): {error}")
                print(internal[-1], file=sys.stderr, flush=True)
        elapsed = time.perf_counter() - start
    print(f"cases: {len(numbers)}  seed: {args.seed}  internal errors: {len(internal)}  "
          f"rate: {len(numbers) / elapsed:.1f}/s  time: {elapsed:.1f} s")
    print("first mutation (cases):", ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    return 1 if internal else 0


if __name__ == "__main__":
    sys.exit(main())
