"""Speed of the rules engine on every bundled game: random-vs-random games on one core, per
pack (engine_speed.py's measure), so a new game is measured as soon as its folder exists.

    python benchmarks/packs_speed.py                    # 50 games a pack: games/s, decisions/s
    python benchmarks/packs_speed.py --games 200 content/strike_the_bear
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from engine_speed import run  # noqa: E402

from genkit.model.load import load_game  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("packs", nargs="*", help="content folders (default: every folder under content/)")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    packs = [Path(p) for p in args.packs] or sorted(p for p in (ROOT / "content").iterdir() if (p / "game.yaml").exists())
    bad = 0
    for pack in packs:
        r = run(load_game(pack), args.games, args.seed, check=False, replay_every=0)
        bad += r["violations"]
        print(f"{pack.name:20s} {r['games_per_s']:8.2f} games/s {r['decisions_per_s']:9.0f} decisions/s "
              f"{r['mean_decisions']:7.0f} decisions/game  {r['mean_turns']:5.1f} turns")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
