"""Games per second of CPU time on one core, per bot pair: robust on a shared, loaded machine
(time.process_time of this process only, no pool), medians of several runs.

    python benchmarks/cpu_speed.py [CONTENT] [--pairs A/B ...] [--games N] [--greedy-games N]
                                   [--repeat R] [--bare] [--python-search]

Each game is played as ``genkit sim`` plays it (genkit.sim.play.record_game: the metrics
observer on, the invariant check at every game turn); ``--bare`` plays without them (the
engine and the bots alone). Seeds are those of ``genkit sim --seed 0``. A standard-rules game
uses the compiled movement search where it was built; ``--python-search``: the Python one, as
where genkit was installed with no C compiler.
"""
from __future__ import annotations

import argparse
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


def cpu_rate(game, bots: tuple, games: int, bare: bool) -> float:
    t = time.process_time()
    for i in range(games):
        if bare:
            record_game(game, game_seed(0, i), bots, index=i, check=False, observe=False)
        else:
            record_game(game, game_seed(0, i), bots, index=i, check="turn")
    return games / (time.process_time() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("content", nargs="?", default=str(ROOT / "content" / "brannock_ford"))
    ap.add_argument("--pairs", nargs="+", default=["random/random", "greedy/greedy"], metavar="A/B")
    ap.add_argument("--games", type=int, default=300, help="games per run for random/random")
    ap.add_argument("--greedy-games", type=int, default=40, help="games per run for pairs with greedy")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--bare", action="store_true", help="without the metrics and the invariant checks")
    ap.add_argument("--python-search", action="store_true",
                    help="standard rules: the Python movement search, not the compiled one")
    args = ap.parse_args()
    c, _ = load(args.content)
    game = rules_for(c)
    search = ""
    if hasattr(game, "_search"):            # the standard rules (movement.py)
        if args.python_search:
            game.search = game._search
        search = ", Python search" if game.search == game._search else ", compiled search"
    print(f"{args.content}: CPU games/s on one core, median of {args.repeat} "
          f"({'bare engine and bots' if args.bare else 'metrics on, invariant check every turn'}{search})")
    for pair in args.pairs:
        bots = tuple(pair.split("/"))
        n = args.games if bots == ("random", "random") else args.greedy_games
        runs = [cpu_rate(game, bots, n, args.bare) for _ in range(args.repeat)]
        print(f"{pair:<16}{n:>6} games {statistics.median(runs):>9.1f} games/s  "
              f"(runs {', '.join(f'{r:.1f}' for r in runs)})", flush=True)


if __name__ == "__main__":
    main()
