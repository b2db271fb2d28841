"""Speed of every bundled game: random-vs-random and greedy-vs-greedy games on one core, per pack.

    python benchmarks/packs_speed.py                 # 100 random and 30 greedy games per pack
    python benchmarks/packs_speed.py --games 300 --greedy-games 100 content/modern_land_battles

Prints, for each pack under content/ (or those named), games and decisions per second of CPU
time (``time.process_time``: other work on a shared machine does not lower it) with the random
bot and with the game's first own bot (the one ``genkit sim`` plays), invariants checked at the
end of each game. A new bundled game is measured here without being named.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.engine import Match, rules_for  # noqa: E402
from genkit.engine.bots import RandomBot, bot_seed  # noqa: E402
from genkit.model.load import load_game  # noqa: E402


def run(content, games: int, bot_name: str | None) -> tuple[float, float]:
    """(games/s, decisions/s) of ``games`` games; ``bot_name`` None: the random bot."""
    game = rules_for(content)
    own = game.module.bots.get(bot_name) if bot_name else None
    steps, t0 = 0, time.process_time()
    for seed in range(games):
        bots = [own.for_game(game, k, bot_seed(seed, k)) if own else RandomBot(bot_seed(seed, k))
                for k in range(len(game.side_ids))]
        m = Match(game, game.initial_state(seed), bots, check="end", step_cap=20000)
        m.play()
        steps += m.steps
    dt = time.process_time() - t0
    return games / dt, steps / dt


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("packs", nargs="*")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--greedy-games", type=int, default=30)
    args = ap.parse_args(argv)
    packs = args.packs or sorted(str(p) for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())
    for pack in packs:
        content = load_game(pack)
        game = rules_for(content)
        first = next(iter(game.module.bots), None)
        r = run(content, args.games, None)
        line = f"{Path(pack).name}: random {r[0]:.1f} games/s ({r[1]:.0f} decisions/s)"
        if first:
            g = run(content, args.greedy_games, first)
            line += f"; {first} {g[0]:.1f} games/s ({g[1]:.0f} decisions/s)"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
