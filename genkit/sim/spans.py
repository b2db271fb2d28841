"""Games in spans: the pieces the process pool (:mod:`.runner`) and the Dask backend
(:mod:`.dask_backend`) share: how a run is cut into spans of games, how one span is played and
how its figures are merged into the run's, so that both play the same games to the same figures."""
from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager

from ..engine.bots import game_seed
from .metrics import Metrics, PairedSet, paired_values
from .play import record_game


def play_span(variants: list, bots: tuple, seed: int, check: str, step_cap: int, span: tuple) -> tuple:
    """Play games [start, stop) of every (content, game, source) variant; return (metrics per
    variant, paired set, games). The pool's and Dask's chunks are this one function."""
    start, stop = span
    out = [Metrics() for _ in variants]
    paired = PairedSet() if len(variants) == 2 else None
    sides = list(variants[0][1].side_ids)
    for i in range(start, stop):
        gs = game_seed(seed, i)
        recs = []
        for k, (content, game, _src) in enumerate(variants):
            rec = record_game(game, gs, bots, index=i, check=check, step_cap=step_cap)
            out[k].add(rec)
            recs.append(rec)
        if paired is not None:
            paired.add(paired_values(recs[0], sides), paired_values(recs[1], sides))
    return out, paired, stop - start


def fold(chunk: tuple, sinks: list, paired: PairedSet | None, progress) -> None:
    """Merge one chunk's figures into the run's (Ctrl-C waits until it is whole); ``progress``:
    a :class:`~genkit.sim.runner.Progress` or None."""
    out, pset, n = chunk
    with _sigint_held():
        for sink, m in zip(sinks, out):
            sink.merge(m)
        if paired is not None and pset is not None:
            paired.merge(pset)
    if progress:
        progress.update(n)


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover
        return max(1, os.cpu_count() or 1)


def chunks(start: int, stop: int, workers: int, least: int = 1) -> list:
    """Index ranges of about six per worker (load balance), of ``least`` to 100 games each."""
    n = stop - start
    size = max(least, min(100, n // (workers * 6) or 1))
    return [(a, min(stop, a + size)) for a in range(start, stop, size)]


@contextmanager
def _sigint_held():
    """Hold Ctrl-C back until the block has run, so a merge is never half done."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is None:
        yield        # signals reach only the main thread; None: a handler Python cannot restore
        return
    held = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: held.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if held and callable(previous):
        previous(signal.SIGINT, held[0])
