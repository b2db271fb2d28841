"""Games per second of this checkout against an earlier commit, in one run, on one core.

    python benchmarks/speed_against.py                         # against 55a0b4b (before issue 9)
    python benchmarks/speed_against.py --base HEAD~3 --repeat 7
    python benchmarks/speed_against.py --base c202f9d --game all   # every bundled pack

The earlier commit is checked out into a temporary git worktree. Each measurement runs in a
fresh child process pinned to one core, with the checkout's own genkit and its own copy of the
pack (``--game``, default ``content/bering_land``; ``all``: every pack under this checkout's
content/, a pack the base lacks measured on this checkout alone); base and head runs
alternate, so drift of a shared machine hits both alike. A rate is games per second of the
child's CPU time (``time.process_time``), which other work on a shared machine does not
lower as it does the wall time. Printed: per pack and bot pairing, the median games per CPU
second of each and their ratio.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _builds import share_builds

REPO = Path(__file__).resolve().parents[1]

# Only names both sides of the comparison have: load_game, rules_for, make_bot, play_game.
CHILD = """
import os, sys, time
os.sched_setaffinity(0, {0})
from genkit.model.load import load_game
from genkit.engine import play_game, rules_for
from genkit.engine.bots import bot_seed
from genkit.sim.bots import make_bot
kind, games, pack = sys.argv[1], int(sys.argv[2]), sys.argv[3]
content = load_game(pack)
game = rules_for(content)
t = time.process_time()
for seed in range(games):
    bots = [make_bot(kind, game, side, bot_seed(seed, side)) for side in range(2)]
    play_game(content, seed, bots=bots)
print(games / (time.process_time() - t))
"""


def measure(tree: Path, kind: str, games: int, pack: str) -> float | None:
    """Games per CPU second of ``games`` games of ``pack`` in ``tree``; None when that tree
    cannot play them (a bot or pack it does not have)."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", CHILD, kind, str(games), pack], cwd=tree, env=env,
                         capture_output=True, text=True)
    if out.returncode:
        print(f"  {tree}: {pack} {kind}: {out.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
        return None
    return float(out.stdout.strip())


def packs(chosen: str) -> list[str]:
    """The packs measured: ``chosen``, or with 'all' every pack of this checkout's content/."""
    if chosen != "all":
        return [chosen]
    return sorted(f"content/{p.name}" for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())


def rate(runs: list) -> str:
    return "      -" if None in runs or not runs else f"{statistics.median(runs):7.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="55a0b4b", help="the commit to compare with (default: before issue 9)")
    ap.add_argument("--repeat", type=int, default=5, help="runs of each, the median is reported")
    ap.add_argument("--random-games", type=int, default=300)
    ap.add_argument("--greedy-games", type=int, default=30)
    ap.add_argument("--game", default="content/bering_land", help="the pack; 'all': every bundled pack")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(base), args.base], check=True)
        left = share_builds(REPO, base)     # the base's compiled searches, as an install has them
        if left:
            print(f"base {args.base}: not compiled here, its Python fallback runs: {', '.join(left)}")
        try:
            print(f"base {args.base} vs this checkout, one core, median of {args.repeat} runs, games per CPU second")
            for pack in packs(args.game):
                for kind, games in (("random", args.random_games), ("greedy", args.greedy_games)):
                    runs = {"base": [], "head": []}
                    for _ in range(args.repeat):
                        for side, tree in (("base", base), ("head", REPO)):
                            if None not in runs[side]:       # a side that cannot play them is asked once
                                runs[side].append(measure(tree, kind, games, pack) if (tree / pack).is_dir() else None)
                    ratio = ("-" if None in runs["base"] + runs["head"] else
                             f"{statistics.median(runs['head']) / statistics.median(runs['base']):.3f}x")
                    print(f"{pack} {kind}/{kind}: base {rate(runs['base'])} games/s   head {rate(runs['head'])} "
                          f"games/s   head/base {ratio}   ({games} games a run)", flush=True)
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(base)], check=False)


if __name__ == "__main__":
    main()
