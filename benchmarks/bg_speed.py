"""Speed of Iron Quarters (content/bg, the BG rules module) on one core: games/s and decisions/s
of random-random and greedy-greedy games, with and without the invariants after every step.

    python benchmarks/bg_speed.py                  # 20 games per pairing
    python benchmarks/bg_speed.py --games 50 --check
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.engine import play_game, rules_for  # noqa: E402
from genkit.engine.bots import bot_seed  # noqa: E402
from genkit.model.load import load_game  # noqa: E402
from genkit.sim.bots import make_bot  # noqa: E402


def run(content, pairing: tuple, games: int, check: bool) -> tuple:
    game = rules_for(content)
    steps, t0 = 0, time.perf_counter()
    for seed in range(games):
        bots = [make_bot(name, game, side, bot_seed(seed, side)) for side, name in enumerate(pairing)]
        steps += play_game(content, seed, bots=bots, check_invariants=check).steps
    return games / (time.perf_counter() - t0), steps / (time.perf_counter() - t0), steps / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--check", action="store_true", help="check the invariants after every step")
    args = ap.parse_args()
    content = load_game(ROOT / "content" / "bg")
    for pairing in (("random", "random"), ("greedy", "greedy")):
        gps, dps, length = run(content, pairing, args.games, args.check)
        print(f"bg {'/'.join(pairing)}: {gps:.2f} games/s, {dps:.0f} decisions/s, {length:.0f} decisions a game"
              + (" (invariants checked)" if args.check else ""))


if __name__ == "__main__":
    main()
