"""How strong is each bot against the others? A table of win rates on one content.

    python benchmarks/bot_strength.py [--games N] [--slow-games N] [--slow-bots A,B] [--seed S]
                                      [--workers W] [--bots A,B,...] [CONTENT]

For every assignment of bots to the game's sides (by default every bot the game offers:
its own and the generic ones, :func:`genkit.sim.bots.bot_names`) it simulates games with the
simulator's runner (all cores by default) and prints each side's win rate, by side id, with
its Wilson 95% interval. For a two-sided game it then prints one matrix per side: the row
bot plays that side, the column bot the other. Assignments with a slow bot (``--slow-bots``,
default the Monte Carlo bots) play ``--slow-games`` games.
"""
from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.engine import rules_for  # noqa: E402
from genkit.model.load import load  # noqa: E402
from genkit.sim.bots import bot_names  # noqa: E402
from genkit.sim.runner import simulate  # noqa: E402
from genkit.sim.spans import default_workers  # noqa: E402

SLOW = "rollout,search"


def _cell(wr: dict) -> str:
    lo, hi = wr["ci95"]
    return f"{wr['p']:5.1%} [{lo:5.1%},{hi:5.1%}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("content", nargs="?", default=str(ROOT / "content" / "bering_land"))
    ap.add_argument("--games", type=int, default=200, help="games per assignment without a slow bot")
    ap.add_argument("--slow-games", "--search-games", type=int, default=40,
                    help="games per assignment with a slow bot")
    ap.add_argument("--slow-bots", default=SLOW, help=f"comma-separated slow bots (default {SLOW})")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    ap.add_argument("--bots", default=None, help="comma-separated bot names (default: all the game offers)")
    args = ap.parse_args()
    content, _ = load(args.content)
    game = rules_for(content)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots else bot_names(game)
    slow = {b.strip() for b in args.slow_bots.split(",")}
    sides = list(game.side_ids)
    first = content.game.first_side
    workers = args.workers or default_workers()
    print(f"content {args.content}; sides {', '.join(sides)} ({first} moves first); bots {', '.join(bots)}; "
          f"seed {args.seed}; {workers} workers")
    print("".join(f"{s:<10}" for s in sides) + f"{'games':>6}  "
          + "".join(f"{s + ' wins [95% CI]':<26}" for s in sides) + f"{'draws':>6}{'g/s':>8}")
    res = {}
    t_all = time.perf_counter()
    for combo in itertools.product(bots, repeat=len(sides)):
        n = args.slow_games if slow & set(combo) else args.games
        m = simulate(args.content, [], games=n, seed=args.seed, bots=combo, workers=workers, progress=False)
        j = m.to_json()
        res[combo] = j
        print("".join(f"{b:<10}" for b in combo) + f"{n:>6}  "
              + "".join(f"{_cell(j['win_rate'][s]):<26}" for s in sides)
              + f"{j['draws']:>6}{j['games_per_second']:>8.1f}"
              + (f"  ({j['invariant_violations']} violations!)" if j["invariant_violations"] else ""),
              flush=True)
    if len(sides) == 2:
        for k, side in enumerate(sides):
            other = sides[1 - k]
            print(f"\nwin rate of the row bot playing {side} against the column bot playing {other}:")
            print(f"{'':<10}" + "".join(f"{c:>24}" for c in bots))
            for r in bots:
                cells = [f"{_cell(res[(r, c) if k == 0 else (c, r)]['win_rate'][side]):>24}" for c in bots]
                print(f"{r:<10}" + "".join(cells))
    print(f"\ntotal {time.perf_counter() - t_all:.0f} s")


if __name__ == "__main__":
    main()
