"""Dask against the process pool: games/s, the cost of a task, and the parent's memory.

    python benchmarks/dask_scaling.py [--games N] [--small 50,200] [--tasks N] [--bots A,B] [CONTENT]

1. games/s with 1 and 2 workers, on the process pool and on a local Dask cluster of as many worker
   processes (one thread each), the cluster already running (its start-up is printed apart);
2. small runs end to end, as `genkit sim` plays them: the pool against `--scheduler local`, the
   cluster's start-up included (is Dask ever the faster choice on one machine?);
3. the overhead per task: the round trip of trivial tasks on the pool and on the cluster, and the
   same games played in tasks of 1 game against tasks of 50 (the difference per extra task);
4. the parent's peak resident memory (VmHWM of /proc/self/status, Linux; its own process only:
   the workers are apart) for 500 and 2000 games on each, each run in a fresh interpreter: it must stay flat,
   as the parent keeps aggregates, never games.

The machine may be shared: every timing is the median of ``--repeat`` runs.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genkit.pack.playable import load_checked
from genkit.sim import spans
from genkit.sim.dask_backend import DaskPool, connect
from genkit.sim.metrics import Metrics
from genkit.sim.play import STEP_CAP
from genkit.sim.runner import simulate

DEFAULT = ROOT / "content" / "bering_land"


def _median(fn, repeat: int) -> float:
    return statistics.median(fn() for _ in range(repeat))


def _games_per_s(content, bots, games: int, workers: int, scheduler=None) -> float:
    t = time.perf_counter()
    simulate(content, games=games, bots=bots, workers=workers, progress=False, scheduler=scheduler)
    return games / (time.perf_counter() - t)


def throughput(content, bots, games: int, repeat: int) -> None:
    print(f"1. games/s, {games} games of {bots} (median of {repeat}; the cluster already running)")
    print(f"   {'workers':>7} {'pool':>9} {'dask':>9} {'cluster start':>14}")
    for workers in (1, 2):
        pool = _median(lambda w=workers: _games_per_s(content, bots, games, w), repeat)
        t = time.perf_counter()
        cluster = connect("local", workers)
        start = time.perf_counter() - t
        try:
            dask = _median(lambda w=workers, c=cluster: _games_per_s(content, bots, games, w, c), repeat)
        finally:
            cluster.close()
        print(f"   {workers:>7} {pool:>9.1f} {dask:>9.1f} {start:>12.2f} s")


def small_runs(content, bots, sizes: list, repeat: int) -> None:
    workers = spans.default_workers()
    print(f"2. small runs end to end on {workers} cores (seconds, median of {repeat}; the cluster started "
          "by the run)")
    print(f"   {'games':>7} {'pool':>9} {'dask local':>11}")
    for games in sizes:
        pool = _median(lambda n=games: n / _games_per_s(content, bots, n, workers), repeat)
        dask = _median(lambda n=games: n / _games_per_s(content, bots, n, workers, "local"), repeat)
        print(f"   {games:>7} {pool:>9.2f} {dask:>11.2f}")


def _nothing(i):
    return i


def task_overhead(content, bots, tasks: int, repeat: int) -> None:
    print(f"3. overhead per task (2 workers, median of {repeat})")
    ctx = mp.get_context("fork")
    with ctx.Pool(2) as pool:
        per = _median(lambda: _timed(lambda: list(pool.imap_unordered(_nothing, range(tasks)))) / tasks, repeat)
    print(f"   pool, {tasks} trivial tasks: {per * 1e3:.3f} ms per task")
    cluster = connect("local", 2)
    try:
        client = cluster.client
        per = _median(lambda: _timed(lambda: client.gather(client.map(_nothing, range(tasks), pure=False)))
                      / tasks, repeat)
        print(f"   dask, {tasks} trivial tasks: {per * 1e3:.3f} ms per task")
        _chunk_sizes(cluster, content, bots, repeat)
    finally:
        cluster.close()


def _timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def _chunk_sizes(cluster, content, bots, repeat: int) -> None:
    """The same 200 games in tasks of 1 and of 50 games: the difference per extra task."""
    games = 200
    loaded, _ = load_checked(content)
    bots = tuple(bots.split(","))
    times = {}
    for size in (1, 50):
        def play(size=size):
            with DaskPool(cluster, [loaded], bots, 0, "turn", STEP_CAP) as pool:
                real = spans.chunks
                spans.chunks = lambda a, b, w, least=1: [(i, min(b, i + size)) for i in range(a, b, size)]
                try:
                    return _timed(lambda: pool.run(0, games, [Metrics()], None, None))
                finally:
                    spans.chunks = real
        times[size] = _median(play, repeat)
    extra = games / 1 - games / 50
    print(f"   dask, {games} games in tasks of 1 game: {times[1]:.2f} s, of 50 games: {times[50]:.2f} s "
          f"-> {(times[1] - times[50]) / extra * 1e3:.2f} ms per extra task")


def memory(content) -> None:
    print("4. peak resident memory of the parent process (MB), random bots, a fresh interpreter per run")
    print(f"   {'games':>7} {'pool':>9} {'dask local':>11}")
    for games in (500, 2000):
        row = [_rss_of(content, games, backend) for backend in ("pool", "local")]
        print(f"   {games:>7} {row[0]:>9.1f} {row[1]:>11.1f}")


def _rss_of(content, games: int, backend: str) -> float:
    out = subprocess.run([sys.executable, __file__, "--rss", str(games), "--backend", backend, str(content)],
                         capture_output=True, text=True, check=True).stdout
    return float(out.split()[-1])


def _rss_child(content, games: int, backend: str) -> None:
    simulate(content, games=games, bots="random", workers=2, progress=False,
             scheduler=None if backend == "pool" else backend)
    # VmHWM, not getrusage's ru_maxrss: that one keeps the peak of the process that started us
    peak = next(line for line in Path("/proc/self/status").read_text().splitlines() if line.startswith("VmHWM:"))
    print(int(peak.split()[1]) / 1024.0)                                   # kB


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("content", nargs="?", default=str(DEFAULT))
    ap.add_argument("--games", type=int, default=400, help="games per throughput run")
    ap.add_argument("--small", default="50,200", help="the small runs' sizes")
    ap.add_argument("--tasks", type=int, default=2000, help="trivial tasks to time")
    ap.add_argument("--bots", default="greedy,greedy")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rss", type=int, help=argparse.SUPPRESS)        # one memory run (internal)
    ap.add_argument("--backend", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.rss:
        _rss_child(a.content, a.rss, a.backend)
        return
    throughput(a.content, a.bots, a.games, a.repeat)
    small_runs(a.content, a.bots, [int(n) for n in a.small.split(",")], a.repeat)
    task_overhead(a.content, a.bots, a.tasks, a.repeat)
    memory(a.content)


if __name__ == "__main__":
    main()
