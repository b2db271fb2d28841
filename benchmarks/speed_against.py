"""Games per second of this checkout against an earlier commit, in one run, on one core.

    python benchmarks/speed_against.py                         # against 55a0b4b (before issue 9)
    python benchmarks/speed_against.py --base HEAD~3 --repeat 7

The earlier commit is checked out into a temporary git worktree. Each measurement runs in a
fresh child process pinned to one core, with the checkout's own genkit and its own
``content/bering_land``; base and head runs alternate, so drift of a shared machine hits
both alike. Printed: per bot pairing, the median games per second of each and their ratio.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# Only names both sides of the comparison have: load_game, rules_for, make_bot, play_game.
CHILD = """
import os, sys, time
os.sched_setaffinity(0, {0})
from genkit.model.load import load_game
from genkit.engine import play_game, rules_for
from genkit.engine.bots import bot_seed
from genkit.sim.bots import make_bot
kind, games = sys.argv[1], int(sys.argv[2])
content = load_game("content/bering_land")
game = rules_for(content)
t = time.perf_counter()
for seed in range(games):
    bots = [make_bot(kind, game, side, bot_seed(seed, side)) for side in range(2)]
    play_game(content, seed, bots=bots)
print(games / (time.perf_counter() - t))
"""


def measure(tree: Path, kind: str, games: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", CHILD, kind, str(games)], cwd=tree, env=env,
                         capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="55a0b4b", help="the commit to compare with (default: before issue 9)")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each, the median is reported")
    ap.add_argument("--random-games", type=int, default=300)
    ap.add_argument("--greedy-games", type=int, default=30)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(base), args.base], check=True)
        try:
            print(f"base {args.base} vs this checkout, one core, median of {args.repeat} runs")
            for kind, games in (("random", args.random_games), ("greedy", args.greedy_games)):
                runs = {"base": [], "head": []}
                for _ in range(args.repeat):
                    runs["base"].append(measure(base, kind, games))
                    runs["head"].append(measure(REPO, kind, games))
                b, h = statistics.median(runs["base"]), statistics.median(runs["head"])
                print(f"{kind}/{kind}: base {b:7.1f} games/s   head {h:7.1f} games/s   head/base {h / b:.3f}x"
                      f"   ({games} games a run)")
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(base)], check=False)


if __name__ == "__main__":
    main()
