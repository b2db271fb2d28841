"""Wall time and peak memory of a full kit build (``genkit build`` for the bundled game).

    python benchmarks/build_speed.py [CONTENT] [--runs N] [--png] [--paper letter|a4]

Runs the build ``--runs`` times (default 5), each in a fresh Python process so that no
cache of an earlier build helps (a cold ``genkit build``), and prints the median, fastest
and slowest wall time of ``build_kit`` (the time to load, check, lay out and write the kit;
importing genkit is timed apart) and its median CPU time (on a busy machine the wall time also
counts waiting for a core), the peak resident memory of a build process
(resource.getrusage; kB on Linux) and the size of each file written.  Every run writes the
same bytes; the script says so, or stops."""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# one build, in its own process: prints {wall, import, peak_kb} as JSON
_ONE_BUILD = """
import json, resource, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
from genkit.pack.printable import build_kit
t1, c1 = time.perf_counter(), time.process_time()
build_kit({content!r}, {out!r}, paper={paper!r}, png={png!r})
t2, c2 = time.perf_counter(), time.process_time()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
if sys.platform == "darwin":  # bytes there
    peak //= 1024
print(json.dumps({{"wall": t2 - t1, "cpu": c2 - c1, "import": t1 - t0, "peak_kb": peak}}))
"""


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            h.update(str(p.relative_to(folder)).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def _build(content: str, out: Path, paper: str, png: bool) -> dict:
    code = _ONE_BUILD.format(root=str(ROOT), content=content, out=str(out), paper=paper, png=png)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"build failed:\n{run.stderr}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("content", nargs="?", default=str(ROOT / "content" / "bering_land"))
    ap.add_argument("--runs", type=int, default=5, help="builds to time (median reported)")
    ap.add_argument("--png", action="store_true", help="also rasterise PNG previews")
    ap.add_argument("--paper", default="letter", choices=["letter", "a4"])
    args = ap.parse_args()
    runs, digests = [], set()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(max(1, args.runs)):
            out = Path(tmp) / f"kit{i}"
            runs.append(_build(args.content, out, args.paper, args.png))
            digests.add(_digest(out))
        if len(digests) != 1:
            sys.exit(f"the {len(runs)} builds wrote different bytes")
        walls = sorted(r["wall"] for r in runs)
        peak_mb = max(r["peak_kb"] for r in runs) / 1024
        what = f"{args.paper}{', png' if args.png else ''}"
        print(f"full build of {Path(args.content).name} ({what}): "
              f"{statistics.median(walls):.2f} s wall median of {len(runs)} "
              f"(fastest {walls[0]:.2f}, slowest {walls[-1]:.2f}; CPU "
              f"{statistics.median(r['cpu'] for r in runs):.2f} s), peak memory {peak_mb:.0f} MB, "
              f"import {statistics.median(r['import'] for r in runs):.2f} s apart; "
              f"rebuilds byte-identical")
        out = Path(tmp) / "kit0"
        total = 0
        for p in sorted(out.rglob("*")):
            if p.is_file():
                total += p.stat().st_size
                if p.parent == out:
                    print(f"  {p.name:<16} {p.stat().st_size / 1024:8.1f} kB")
        print(f"  {'all files':<16} {total / 1024:8.1f} kB")


if __name__ == "__main__":
    main()
