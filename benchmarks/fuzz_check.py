"""Fuzz the loader and the checks: mutated copies of a game (Bering Land by default) through `genkit check`,
in process.

    python benchmarks/fuzz_check.py                  # 10,000 cases: count, internal errors, rate, time
    python benchmarks/fuzz_check.py --cases 500 --seed 3
    python benchmarks/fuzz_check.py content/brannock_ford   # the standard rules' model and checks

Each case mutates one content file (or adds hostile --set overrides) with the mutations of
tests/model/mutate.py, the ones the test suite runs fewer of, and runs check_path. An internal
error is an exception out of check_path or a check that could not run ("check-failed"): there
must be none. A case is replayed alone by its seed and number (see mutate.cases).
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.pack.printable import check_path  # noqa: E402
from genkit.model.load import read_raw, settable_paths  # noqa: E402
from tests.model.mutate import run_cases  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("content", nargs="?", type=Path, default=ROOT / "content" / "bering_land")
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / args.content.name
        shutil.copytree(args.content, pack)
        paths = settable_paths(read_raw(pack)[0])
        codes: Counter = Counter()
        internal = []
        start = time.perf_counter()
        for number, what, outcome in run_cases(pack, check_path, paths, args.seed, args.cases):
            if isinstance(outcome, Exception):
                internal.append(f"case {number} ({what}): {type(outcome).__name__}: {outcome}")
                continue
            internal += [f"case {number} ({what}): {f}" for f in outcome if f.code == "check-failed"]
            codes.update({f.code for f in outcome})
        elapsed = time.perf_counter() - start
    for line in internal[:20]:
        print(line, file=sys.stderr)
    print(f"cases: {args.cases}  seed: {args.seed}  internal errors: {len(internal)}  "
          f"rate: {args.cases / elapsed:.0f}/s  time: {elapsed:.1f} s")
    print("findings by code (cases):", ", ".join(f"{code} {n}" for code, n in codes.most_common()))
    return 1 if internal else 0


if __name__ == "__main__":
    sys.exit(main())
