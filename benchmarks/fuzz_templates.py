"""Fuzz the templates a pack brings: mutated copies of genkit's face and player-aid templates put in
a pack's templates/ folder, then `genkit check` and, when check passes, `genkit build`, each a
separate process as a designer runs it, under a time and a memory cap.

    python benchmarks/fuzz_templates.py                      # 60 cases: count, internal errors, time
    python benchmarks/fuzz_templates.py --cases 20 --seed 3
    python benchmarks/fuzz_templates.py content/memoir44 --case 17   # replay one case

Each case copies one or two of genkit's templates (counter, marker, card, card back, the player
aid's aid.yaml.j2) into the pack and mutates them with line edits (those of tests/model/mutate.py)
and hostile template code: format specs and widths, huge strings and loops, nesting past the
limits, helpers given absurd sizes, macros that call themselves, includes that leave the pack,
output that is not YAML, or is an alias bomb, or is deeply nested. An internal error is: exit 3 or
a traceback; a check that passes and a build that fails; a refusal that names no template or
content file; a case over its time (--seconds) or its memory (--memory-mb). There must be none.
"""
from __future__ import annotations

import argparse
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.model.mutate import drop_line, duplicate_line, replace_char, swap_lines, truncate  # noqa: E402

TEMPLATES = ["counter.yaml.j2", "marker.yaml.j2", "card.yaml.j2", "card_back.yaml.j2", "aid.yaml.j2"]

SNIPPETS = [
    lambda r: "{{ '{0:%s}'.format('x') }}" % r.choice([">99", ">999999999", ".9999999f", "{1[0]}"]),
    lambda r: "{{ '{0:{1}}'.format('x', %d) }}" % r.choice([5, 10 ** 9]),
    lambda r: "{{ '%%%ds' %% 'x' }}" % r.choice([3, 10 ** 8]),
    lambda r: "{{ 'ab' * %d }}" % r.choice([3, 10 ** 7, 10 ** 12]),
    lambda r: "{%% for i in range(%d) %%}{{ i }}{%% endfor %%}" % r.choice([3, 10 ** 5, 10 ** 9]),
    lambda r: "{%% for i in range(%d) %%}{%% for j in range(%d) %%}.{%% endfor %%}{%% endfor %%}"
              % (r.choice([10, 3000]), r.choice([10, 3000])),
    lambda r: "{{ " + "(" * r.choice([10, 60, 400]) + "1" + ")" * r.choice([10, 60, 400]) + " }}",
    lambda r: "{% if true %}" * r.choice([5, 13, 40]) + "x" + "{% endif %}" * r.choice([5, 13, 40]),
    lambda r: "{{ fit_text('x', 'sans', %s, %s) }}" % (r.choice(["8", "1e30", "-1", "0"]),
                                                     r.choice(["30", "1e17", "0", "-5"])),
    lambda r: "{{ wrap_text('a ' * %d, 'sans', %s, %s) | length }}" % (r.choice([10, 100000]),
                                                                       r.choice(["6", "1e-9", "0"]),
                                                                       r.choice(["40", "1e12", "0"])),
    lambda r: "{{ text_width('x' * %d, 'sans', %s) }}" % (r.choice([5, 10 ** 6]), r.choice(["9", "1e300"])),
    lambda r: "{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}{{ m(0) }}",
    lambda r: r.choice(['{% include "../../../etc/passwd" %}', '{% include "nope.j2" %}',
                        '{% import "_symbols.yaml.j2" as s %}{{ s.nothing() }}', "{% extends 'x' %}"]),
    lambda r: r.choice(["- rect: {x: 0", "key: [unclosed", ": : :", "- &a [*a]", "- " + "[" * 2000,
                        "- text: {x: 0, y: 0, text: \"\\u0000\", size: 5}", "\t- bad: indent"]),
    lambda r: "\n".join(f"- &a{i} {{group: {{items: [*a{i - 1}, *a{i - 1}]}}}}" for i in range(1, 30)),
    lambda r: "- rect: {x: %s, y: 0, w: %s, h: 1}" % (r.choice(["0", "1e308", "-1e9", "nan", "inf"]),
                                                     r.choice(["1", "1e308", "-3", "nan"])),
    lambda r: "- text: {x: 0, y: 0, text: '%s', size: %s}" % ("W" * r.choice([1, 5000]),
                                                           r.choice(["7", "0", "1e6", "-2"])),
    lambda r: "{{ ''.__class__.__mro__ }}{{ cycler.__init__.__globals__ }}",
    lambda r: "{% set ns = namespace(x='a') %}{% for i in range(40) %}{% set ns.x = ns.x ~ ns.x %}{% endfor %}",
    lambda r: r.choice(["{{ undefined_name }}", "{{ unit.nothing.deeper }}", "{{ 1 / 0 }}", "{{ [] | first }}",
                        "{{ 'x' | int(base=99) }}", "{{ 10 ** 10 ** 10 }}", "{{ range(10**9) | list }}"]),
]


def insert_snippet(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    at = rng.randrange(len(lines) + 1)
    return "\n".join(lines[:at] + [rng.choice(SNIPPETS)(rng)] + lines[at:])


MUTATIONS = [insert_snippet] * 6 + [drop_line, duplicate_line, swap_lines, truncate, replace_char]


def _genkit(args: list, seconds: float, memory_mb: int) -> tuple[int | str, str]:
    """(exit status or 'timeout', stderr + stdout) of one genkit command in its own capped process."""
    def cap():
        limit = memory_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        done = subprocess.run([sys.executable, "-m", "genkit.cli", *map(str, args)], capture_output=True,
                              text=True, timeout=seconds, preexec_fn=cap, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    return done.returncode, done.stderr + done.stdout


def _judge(step: str, status, said: str, seconds: float, memory_mb: int) -> str | None:
    if status == "timeout":
        return f"{step} took more than {seconds:g} s"
    if status == 3 or "Traceback" in said or "MemoryError" in said:
        return f"{step} exit {status}: {said.strip()[-400:]}"
    if status not in (0, 1, 2):
        return f"{step} exit {status} (killed? the cap is {memory_mb} MB): {said.strip()[-300:]}"
    if status == 1 and not re.search(r"\.(j2|yaml|md)(:\d+)?[:\s]", said):
        return f"{step} refused naming no file: {said.strip()[-300:]}"
    return None


def run_case(pack: Path, seed: int, number: int, seconds: float, memory_mb: int, work: Path) -> tuple[str, str | None]:
    """(what was done, the internal error or None) of case ``number``."""
    rng = random.Random(f"{seed}:{number}")
    folder = pack / "templates"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    done = []
    for name in rng.sample(TEMPLATES, rng.choice([1, 1, 2])):
        text = (ROOT / "templates" / name).read_text(encoding="utf-8")
        for _ in range(rng.choice([1, 1, 2, 3])):
            mutation = rng.choice(MUTATIONS)
            text = mutation(text, rng)
            done.append(f"{name.split('.')[0]}:{mutation.__name__}")
        (folder / name).write_text(text, encoding="utf-8")
    what = "+".join(done)
    status, said = _genkit(["check", pack], seconds, memory_mb)
    error = _judge("check", status, said, seconds, memory_mb)
    if error or status != 0:
        return what, error
    out = work / "kit"
    status, said = _genkit(["build", pack, "--out", out], seconds, memory_mb)
    error = _judge("build", status, said, seconds, memory_mb)
    if error is None and status != 0:
        error = f"check passed, build refused (exit {status}): {said.strip()[-300:]}"
    return what, error


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("content", nargs="?", type=Path, default=ROOT / "content" / "bering_land")
    parser.add_argument("--cases", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--case", type=int, help="replay this case alone")
    parser.add_argument("--seconds", type=float, default=60.0, help="time one command may take")
    parser.add_argument("--memory-mb", type=int, default=1024, help="memory one command may use")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / args.content.name
        shutil.copytree(args.content, pack, ignore=shutil.ignore_patterns("templates"))
        numbers = [args.case] if args.case is not None else range(args.cases)
        internal, kinds = [], Counter()
        start = time.perf_counter()
        for number in numbers:
            what, error = run_case(pack, args.seed, number, args.seconds, args.memory_mb, Path(tmp))
            kinds[what.split(":")[0]] += 1
            if error:
                internal.append(f"case {number} ({what}): {error}")
                print(internal[-1], file=sys.stderr, flush=True)
        elapsed = time.perf_counter() - start
    print(f"cases: {len(numbers)}  seed: {args.seed}  internal errors: {len(internal)}  "
          f"time: {elapsed:.1f} s ({elapsed / max(1, len(numbers)):.1f} s a case)")
    print("first template mutated (cases):", ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    return 1 if internal else 0


if __name__ == "__main__":
    sys.exit(main())
