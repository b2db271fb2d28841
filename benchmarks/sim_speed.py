"""Simulator speed: games per second per bot pair, on one core and on all cores, and peak memory.

    python benchmarks/sim_speed.py [--games N] [--greedy-games N] [--repeat R] [--pairs A/B ...]
                                   [--no-profile] [--bare] [CONTENT]

For each bot pair (default random/random, greedy/greedy, greedy/random) it plays
the same games with one worker (in this process) and with one worker per core
(a process pool), ``--repeat`` times each, and prints the median games/s (the
machine may be shared: medians, not best runs), the peak resident memory of
this process and of the workers (resource.getrusage), and -- unless --no-profile -- the ten functions
with the most own time (cProfile) over a one-core run, so the engine and bot
authors can see where the time goes. Targets (issue 5): random >= 200 games/s
and greedy >= 25 games/s on one core. The figures include what `genkit sim`
always does on top of the engine: the metrics (the engine's event stream read by
:mod:`genkit.sim.observe`) and the invariant check at every game turn (the
``genkit sim`` default); ``--bare`` also measures without them.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.engine import rules_for  # noqa: E402
from genkit.engine.bots import game_seed  # noqa: E402
from genkit.model.load import load  # noqa: E402
from genkit.sim.play import record_game  # noqa: E402
from genkit.sim.runner import simulate  # noqa: E402
from genkit.sim.spans import default_workers  # noqa: E402

TARGETS = {"random/random": 200, "greedy/greedy": 25}


def _peak_mb(who) -> float:
    return resource.getrusage(who).ru_maxrss / 1024.0   # Linux: KiB


def bench(content: str, bots: tuple, games: int, workers: int) -> float:
    t = time.perf_counter()
    m = simulate(content, [], games=games, seed=0, bots=bots, workers=workers, progress=False)
    el = time.perf_counter() - t
    if m.failed:
        print(f"  WARNING: {m.violation_count} failed games", file=sys.stderr)
    return games / el


def bare(content: str, bots: tuple, games: int) -> float:
    c, _ = load(content)
    g = rules_for(c)
    t = time.perf_counter()
    for i in range(games):
        record_game(g, game_seed(0, i), bots, index=i, check=False, observe=False)
    return games / (time.perf_counter() - t)


def profile(content: str, bots: tuple, games: int, top: int = 10) -> str:
    c, _ = load(content)
    g = rules_for(c)
    prof = cProfile.Profile()
    prof.enable()
    for i in range(games):
        record_game(g, game_seed(0, i), bots, index=i, check="turn")
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    lines = [ln for ln in out.getvalue().splitlines() if ln.strip()]
    start = next((k for k, ln in enumerate(lines) if ln.lstrip().startswith("ncalls")), 0)
    return "\n".join(lines[start:start + top + 1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("content", nargs="?", default=str(ROOT / "content" / "bering_land"))
    ap.add_argument("--games", type=int, default=400, help="games per measurement for random/random")
    ap.add_argument("--greedy-games", type=int, default=60, help="games per measurement for pairs with greedy")
    ap.add_argument("--repeat", type=int, default=3, help="measurements per figure (the median is printed)")
    ap.add_argument("--pairs", nargs="+", default=["random/random", "greedy/greedy", "greedy/random"],
                    metavar="A/B", help="bot pairs (first side/second side)")
    ap.add_argument("--no-profile", action="store_true")
    ap.add_argument("--bare", action="store_true", help="also time games without metrics and checks")
    args = ap.parse_args()
    cores = default_workers()
    print(f"content {args.content}; {cores} cores; Python {sys.version.split()[0]}; "
          f"median of {args.repeat} runs; metrics on, invariant check every turn")
    print(f"{'bots':<16}{'games':>7}{'1 core g/s':>12}{f'{cores} cores g/s':>14}{'target':>9}  verdict")
    rows = []
    for pair in args.pairs:
        bots = tuple(pair.split("/"))
        n = args.games if bots == ("random", "random") else args.greedy_games
        one = statistics.median(bench(args.content, bots, n, 1) for _ in range(args.repeat))
        allc = statistics.median(bench(args.content, bots, n, cores) for _ in range(args.repeat))
        target = TARGETS.get(pair)
        verdict = "" if target is None else ("meets the one-core target" if one >= target
                                             else "BELOW the one-core target")
        print(f"{pair:<16}{n:>7}{one:>12.1f}{allc:>14.1f}{target or '-':>9}  {verdict}", flush=True)
        rows.append((pair, bots, n))
        if args.bare:
            b = statistics.median(bare(args.content, bots, n) for _ in range(args.repeat))
            print(f"{'  bare engine+bots':<16}{n:>7}{b:>12.1f}", flush=True)
    print(f"peak memory: this process {_peak_mb(resource.RUSAGE_SELF):.0f} MB, "
          f"largest worker {_peak_mb(resource.RUSAGE_CHILDREN):.0f} MB")
    if not args.no_profile:
        for pair, bots, n in rows:
            k = max(5, n // 8)
            print(f"\ncProfile, {pair}, {k} games on one core, top 10 by own time:")
            print(profile(args.content, bots, k))


if __name__ == "__main__":
    main()
