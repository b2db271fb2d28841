"""How strong is each bot against the others? A matrix of win rates on one content.

    python benchmarks/bot_strength.py [--games N] [--search-games N] [--seed S] [--workers W] [CONTENT]

For every ordered pair of bots (random, greedy, search) -- the first plays the
first side of ``content.game.sides``, the second the other -- it simulates games
with the simulator's runner (all cores by default) and prints each side's win
rate with its Wilson 95% interval, then one matrix per side: the row bot plays
that side, the column bot the other. Pairs involving the search bot play
``--search-games`` games (it is ~100x slower than greedy).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.model.load import load  # noqa: E402
from genkit.sim.runner import default_workers, simulate  # noqa: E402

BOTS = ("random", "greedy", "search")


def _cell(wr: dict) -> str:
    lo, hi = wr["ci95"]
    return f"{wr['p']:5.1%} [{lo:5.1%},{hi:5.1%}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("content", nargs="?", default=str(ROOT / "content" / "bering_land"))
    ap.add_argument("--games", type=int, default=200, help="games per pair without the search bot")
    ap.add_argument("--search-games", type=int, default=40, help="games per pair with the search bot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    ap.add_argument("--bots", default=",".join(BOTS), help="comma-separated bot names")
    args = ap.parse_args()
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    content, _ = load(args.content)
    sides = [s.id for s in content.game.sides]
    workers = args.workers or default_workers()
    print(f"content {args.content}; sides {sides[0]} (first, attacker) vs {sides[1]}; "
          f"seed {args.seed}; {workers} workers")
    print(f"{'first ' + sides[0]:<12}{'second ' + sides[1]:<13}{'games':>6}  "
          f"{sides[0] + ' wins [95% CI]':<26}{sides[1] + ' wins [95% CI]':<26}{'draws':>6}{'g/s':>8}")
    res = {}
    t_all = time.perf_counter()
    for a in bots:
        for b in bots:
            n = args.search_games if "search" in (a, b) else args.games
            m = simulate(args.content, [], games=n, seed=args.seed, bots=(a, b), workers=workers,
                         progress=False)
            j = m.to_json()
            res[a, b] = j
            print(f"{a:<12}{b:<13}{n:>6}  {_cell(j['win_rate'][sides[0]]):<26}"
                  f"{_cell(j['win_rate'][sides[1]]):<26}{j['draws']:>6}{j['games_per_second']:>8.1f}"
                  + (f"  ({j['invariant_violations']} violations!)" if j["invariant_violations"] else ""),
                  flush=True)
    for k, side in enumerate(sides):
        print(f"\nwin rate of the row bot playing {side} ({'first' if k == 0 else 'second'} side) "
              f"against the column bot playing {sides[1 - k]}:")
        print(f"{'':<10}" + "".join(f"{c:>24}" for c in bots))
        for r in bots:
            cells = []
            for c in bots:
                j = res[(r, c) if k == 0 else (c, r)]
                cells.append(f"{_cell(j['win_rate'][side]):>24}")
            print(f"{r:<10}" + "".join(cells))
    print(f"\ntotal {time.perf_counter() - t_all:.0f} s")


if __name__ == "__main__":
    main()
