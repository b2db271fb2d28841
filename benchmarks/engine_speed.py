"""Speed of the rules engine: random-vs-random games on one core.

    python benchmarks/engine_speed.py                      # 300 games: games/s, decisions/s, length
    python benchmarks/engine_speed.py --games 1000 --check # invariants after every step,
                                                           # every 50th game logged and replayed
    python benchmarks/engine_speed.py --profile            # cProfile of the plain run
    python benchmarks/engine_speed.py --repeat 5           # 5 runs, then the median (shared machines)
    python benchmarks/engine_speed.py --events             # with the event stream on
"""
from __future__ import annotations

import argparse
import collections
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.engine import InvariantError, play_game, replay_log, rules_for  # noqa: E402
from genkit.model.load import load_game  # noqa: E402


def run(content, games: int, seed0: int, check: bool, replay_every: int, events: bool = False) -> dict:
    rules_for(content)                      # build the board once, outside the timing
    ended = violations = replays = replays_ok = steps = n_events = 0
    turns = 0
    outcomes = collections.Counter()
    tmp = tempfile.TemporaryDirectory() if replay_every else None
    t0 = time.perf_counter()
    for k in range(games):
        seed = seed0 + k
        log_path = None
        if replay_every and k % replay_every == 0:
            log_path = Path(tmp.name) / f"game{seed}.jsonl"
        evs = [] if events else None
        try:
            r = play_game(content, seed, log_path=log_path, check_invariants=check, events=evs)
        except InvariantError as exc:
            violations += 1
            print(f"seed {seed}: {exc}", file=sys.stderr)
            continue
        ended += 1
        steps += r.steps
        if evs is not None:
            n_events += len(evs)
        turns += r.turn
        outcomes[(r.winner, r.reason)] += 1
        if log_path:
            replays += 1
            rep = replay_log(log_path, content=content)
            replays_ok += rep.ok and rep.digest == r.digest
    elapsed = time.perf_counter() - t0
    if tmp:
        tmp.cleanup()
    return {"games": games, "ended": ended, "violations": violations, "replays": replays,
            "replays_ok": replays_ok, "seconds": elapsed, "games_per_s": games / elapsed,
            "decisions_per_s": steps / elapsed, "mean_decisions": steps / max(ended, 1),
            "mean_turns": turns / max(ended, 1), "outcomes": dict(outcomes),
            "mean_events": n_events / max(ended, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--content", default=str(ROOT / "content" / "bering_land"))
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--check", action="store_true", help="check invariants after every step; replay every 50th log")
    ap.add_argument("--replay-every", type=int, default=None)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--repeat", type=int, default=1, help="run this many times and report the median")
    ap.add_argument("--events", action="store_true", help="play with the event stream on")
    args = ap.parse_args(argv)
    content = load_game(args.content)
    replay_every = args.replay_every if args.replay_every is not None else (50 if args.check else 0)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        res = run(content, args.games, args.seed, args.check, replay_every, args.events)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
    else:
        runs = []
        for _ in range(max(args.repeat, 1)):
            res = run(content, args.games, args.seed, args.check, replay_every, args.events)
            runs.append(res)
            if args.repeat > 1:
                print(f"  run {len(runs)}: {res['games_per_s']:.1f} games/s, {res['decisions_per_s']:.0f} decisions/s")
        if args.repeat > 1:
            res = dict(res)
            res["games_per_s"] = statistics.median(r["games_per_s"] for r in runs)
            res["decisions_per_s"] = statistics.median(r["decisions_per_s"] for r in runs)
            res["seconds"] = statistics.median(r["seconds"] for r in runs)
            print(f"median of {len(runs)} runs:")
    print(f"{res['games']} games in {res['seconds']:.2f} s: {res['games_per_s']:.1f} games/s, "
          f"{res['decisions_per_s']:.0f} decisions/s, mean {res['mean_decisions']:.1f} decisions "
          f"and {res['mean_turns']:.1f} turns per game"
          + (f", {res['mean_events']:.1f} events per game" if args.events else ""))
    if args.check or replay_every:
        print(f"ended {res['ended']}/{res['games']}, invariant violations {res['violations']}, "
              f"replays ok {res['replays_ok']}/{res['replays']}")
    print("outcomes: " + ", ".join(f"{w or 'draw'}/{r}: {n}" for (w, r), n in sorted(
        res["outcomes"].items(), key=lambda x: -x[1])))
    return 0 if res["violations"] == 0 and res["replays_ok"] == res["replays"] else 1


if __name__ == "__main__":
    sys.exit(main())
