"""Wall time and peak memory of a full kit build (``genkit build`` for the bundled game).

    python benchmarks/build_speed.py [CONTENT] [--png] [--paper letter|a4]

Builds into a temporary folder (removed afterwards) and prints the wall time, the
peak resident memory of this process (resource.getrusage; kB on Linux) and the size
of each file written."""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.render.kit import build_kit  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("content", nargs="?", default=str(ROOT / "content" / "bering_land"))
    ap.add_argument("--png", action="store_true", help="also rasterise PNG previews")
    ap.add_argument("--paper", default="letter", choices=["letter", "a4"])
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "kit"
        t0 = time.perf_counter()
        manifest = build_kit(args.content, out, paper=args.paper, png=args.png)
        wall = time.perf_counter() - t0
        peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        if sys.platform == "darwin":  # bytes there
            peak_kb //= 1024
        print(f"full build of {manifest['game']} ({args.paper}{', png' if args.png else ''}): "
              f"{wall:.2f} s wall, peak memory {peak_kb / 1024:.0f} MB")
        total = 0
        for p in sorted(out.rglob("*")):
            if p.is_file():
                total += p.stat().st_size
                if p.parent == out:
                    print(f"  {p.name:<16} {p.stat().st_size / 1024:8.1f} kB")
        print(f"  {'all files':<16} {total / 1024:8.1f} kB")


if __name__ == "__main__":
    main()
