"""Same seeds, same games: play seeded games of a standard-rules content and record, per seed,
the final state's digest, the number of decisions and a hash of the decisions taken, so an
optimisation of the rules engine can be checked to change no game.

    python benchmarks/std_equivalence.py record  OUT.json [--seeds 300] [--bots random/random] [CONTENT]
    python benchmarks/std_equivalence.py compare REF.json [CONTENT]

``compare`` replays the seeds and bots stored in REF.json and lists every seed whose game
differs (exit status 1 when any does). It also prints the CPU time (one core) per game.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.engine import Match, rules_for  # noqa: E402
from genkit.model.load import load  # noqa: E402
from genkit.sim.bots import make_players  # noqa: E402


def play(game, seed: int, bots: tuple) -> tuple:
    """(final digest, decisions, hash of the decisions) of the game seeded ``seed``."""
    state = game.initial_state(seed)
    players = make_players(bots, game, seed)
    taken = []
    chooses = [p.choose for p in players]

    class Tap:                      # records each decision, then lets the bot's choice through
        def __init__(self, side):
            self.side, self.needs_view = side, players[side].needs_view

        def choose(self, view, actions):
            a = chooses[self.side](view, actions)
            taken.append(a)
            return a

    m = Match(game, state, [Tap(k) for k in range(len(players))], check="off")
    m.play()
    h = hashlib.sha256(repr(taken).encode()).hexdigest()
    return state.digest(), m.steps, h


def run(content: str, seeds, bots: tuple) -> tuple:
    c, _ = load(content)
    game = rules_for(c)
    t = time.process_time()
    out = {str(s): play(game, s, bots) for s in seeds}
    return out, time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("record", "compare"))
    ap.add_argument("file")
    ap.add_argument("content", nargs="?", default=str(ROOT / "content" / "brannock_ford"))
    ap.add_argument("--seeds", type=int, default=300, help="seeds 1..N (record)")
    ap.add_argument("--bots", default="random/random", help="A/B (record)")
    args = ap.parse_args()
    if args.mode == "record":
        bots = tuple(args.bots.split("/"))
        games, cpu = run(args.content, range(1, args.seeds + 1), bots)
        Path(args.file).write_text(json.dumps({"content": args.content, "bots": list(bots), "games": games},
                                              indent=0))
        print(f"{len(games)} games recorded; {len(games) / cpu:.1f} games/s CPU")
        return
    ref = json.loads(Path(args.file).read_text())
    games, cpu = run(args.content, [int(s) for s in ref["games"]], tuple(ref["bots"]))
    bad = [s for s, v in games.items() if list(v) != list(ref["games"][s])]
    print(f"{len(games)} games, {len(games) / cpu:.1f} games/s CPU; "
          + (f"{len(bad)} DIFFER: {', '.join(bad[:20])}" if bad else "all identical"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
