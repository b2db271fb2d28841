"""Run many games on all cores and aggregate them as they stream in.

``simulate(content_path, overrides, games=N | precision=P, seed, bots, workers)``
returns a :class:`~genkit.sim.metrics.Metrics`. Game *i* always gets the seed
``game_seed(seed, i)`` and the merge of chunk aggregates is order-independent,
so the figures are the same for any number of workers. Workers receive the
content *path* and overrides (never a pickled model) and load the content
once, in the pool initializer. ``scheduler=`` plays the same chunks on a Dask
cluster instead (:mod:`genkit.sim.dask_backend`), with the same figures.

Ctrl-C: the terminal sends SIGINT to every process of the group. Pool workers
ignore it (no tracebacks); the parent stops, terminates the pool (no process
is left behind) and raises :class:`Interrupted`, which carries the figures of
the games merged so far: whole chunks only, as merging holds SIGINT back.
"""
from __future__ import annotations

import multiprocessing as mp
import signal
import sys
import time
from contextlib import contextmanager
from typing import Iterable

from ..engine import check_level, rules_for, rules_module
from ..model.load import load
from ..pack.playable import load_checked
from . import spans
from .bots import default_bot, parse_bots
from .metrics import Metrics, PairedSet
from .observe import deck, event_titles
from .uses import deck_meta
from .play import STEP_CAP

DEFAULT_MAX_GAMES = 100_000       # cap of --precision runs
PRECISION_FIRST_BATCH = 200


# --------------------------------------------------------------------------- per-process state

_W: dict = {}


def _init_pool_worker(*args) -> None:
    """A pool worker leaves Ctrl-C to the parent, which terminates the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _init_worker(*args)


def _init_worker(variants: list, bots: tuple, seed: int, check: str, step_cap: int) -> None:
    """Load each (path, overrides) variant once per process."""
    loaded = []
    for path, overrides in variants:
        content, source = load(path, overrides)
        loaded.append((content, rules_for(content), source))
    _W.update(variants=loaded, bots=bots, seed=seed, check=check, step_cap=step_cap)


def _column(c):
    """A CRT column as the Battle event names it: its odds ("3:1") or its differential."""
    return c.odds if c.odds is not None else c.differential


def role_meta(content) -> dict:
    """The words and names of the roles the game's sides take ({} when they take none): the game
    is built here only for its names, and let go at once."""
    kind = rules_module(content.game.rules_module).game
    if not kind.role_word:
        return {}
    return {"role_word": dict(kind.role_word), "role_names": kind(content).role_names()}


def meta_for(content, source, path, overrides, seed, bots) -> dict:
    cards = deck(content)
    columns = sorted(content.crt.columns, key=lambda c: c.key) if content.crt is not None else []
    return {
        "content": str(path), "sha256": source.sha256, "overrides": list(overrides), "seed": seed,
        "bots": list(bots), "sides": [s.id for s in content.game.sides], "first_side": content.game.first_side,
        "turns": content.turn_track.turns,
        "crt": {"columns": [_column(c) for c in columns],         # None: a game without a CRT
                "types": list(content.crt.attack_types), "faces": len(content.crt.rolls),
                **({"low": content.crt.rolls[0]} if content.crt.dice > 1 else {})} if columns else None,
        "crt_rows": {_column(c): {t: list(r) for t, r in c.rows.items()} for c in columns},
        "cards": [c.id for c in cards],
        "card_names": {c.id: c.name for c in cards},
        "event_titles": event_titles(),
        "unit_types": [t.id for t in content.unit_types],
        "unit_names": {t.id: t.name for t in content.unit_types},
        "side_names": {s.id: s.adjective for s in content.game.sides},
        "side_colours": {s.id: s.colour.full for s in content.game.sides},
        "decks": deck_meta(content),
        **role_meta(content),
    }


def _run_chunk(span: tuple) -> tuple:
    """Play games [start, stop) of this pool worker's variants."""
    return spans.play_span(_W["variants"], _W["bots"], _W["seed"], _W["check"], _W["step_cap"], span)


# --------------------------------------------------------------------------- progress

class Progress:
    """A one-line progress bar with rate and ETA on stderr (no dependency)."""

    def __init__(self, total: int | None, label: str = "sim", enabled: bool = True, stream=None):
        self.total, self.label, self.enabled = total, label, enabled
        self.stream = stream or sys.stderr
        self.done = 0
        self.extra = ""          # appended to the line, e.g. the current interval half-width
        self.t0 = time.perf_counter()
        self.last = 0.0

    def update(self, n: int, extra: str = "") -> None:
        self.done += n
        extra = extra or self.extra
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < 0.2 and (self.total is None or self.done < self.total):
            return
        self.last = now
        el = now - self.t0
        rate = self.done / el if el > 0 else 0.0
        if self.total:
            frac = min(1.0, self.done / self.total)
            bar = "#" * int(frac * 24)
            eta = (self.total - self.done) / rate if rate > 0 else 0.0
            line = (f"\r{self.label} [{bar:<24}] {self.done}/{self.total} games {frac:5.1%} "
                    f"{rate:6.1f} games/s ETA {_hms(eta)}{extra}")
        else:
            line = f"\r{self.label} {self.done} games {rate:6.1f} games/s{extra}"
        self.stream.write(line.ljust(100)[:120])
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def _hms(sec: float) -> str:
    sec = int(round(sec))
    return f"{sec // 3600}:{sec % 3600 // 60:02d}:{sec % 60:02d}" if sec >= 3600 else f"{sec // 60}:{sec % 60:02d}"


# --------------------------------------------------------------------------- pool

class Pool:
    """Plays game index ranges of one or two variants, in-process (workers=1) or on a process pool."""

    def __init__(self, variants: list, bots: tuple, seed: int, workers: int | None, check: str, step_cap: int):
        self.workers = workers or spans.default_workers()
        self.args = (variants, bots, seed, check, step_cap)
        self.pool = None
        if self.workers > 1:
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            self.pool = ctx.Pool(self.workers, initializer=_init_pool_worker, initargs=self.args)
        else:
            _init_worker(*self.args)

    def run(self, start: int, stop: int, sinks: list, paired: PairedSet | None,
            progress: Progress | None) -> None:
        ranges = spans.chunks(start, stop, self.workers)
        it: Iterable = (self.pool.imap_unordered(_run_chunk, ranges) if self.pool is not None
                        else map(_run_chunk, ranges))
        for chunk in it:
            spans.fold(chunk, sinks, paired, progress)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()
            self.pool = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None


def precision_reached(metrics: list, precision: float) -> bool:
    return all(m.completed > 0 and m.max_half_width() <= precision for m in metrics)


def next_batch(metrics: list, precision: float, done: int, cap: int) -> int:
    """Games to add so the widest interval should reach ``precision`` (never fewer than 100)."""
    from .stats import sample_size
    need = done
    for m in metrics:
        for side in m.sides:
            p = m.win_rate(side)["p"]
            p = min(max(p, 0.02), 0.98)
            need = max(need, sample_size(precision, p))
    add = max(100, int((need - done) * 1.1))
    return max(0, min(add, cap - done))


class Interrupted(KeyboardInterrupt):
    """Ctrl-C interrupted a run: ``metrics`` and ``paired`` hold the games merged before it."""

    def __init__(self, metrics: list, paired: PairedSet | None):
        super().__init__()
        self.metrics, self.paired = metrics, paired

    @property
    def games(self) -> int:
        return self.metrics[0].games


def run_games(variants: list, games: int | None, precision: float | None, seed: int, bots,
              workers: int | None, progress: bool, check="turn", step_cap: int = STEP_CAP,
              max_games: int = DEFAULT_MAX_GAMES, label: str = "sim", scheduler=None, until=None) -> tuple:
    """Play ``games`` (or until ``precision``) games of each variant with common seeds.

    ``scheduler``: None plays on the process pool of ``workers`` processes; a Dask scheduler
    address, ``"local"`` or a connected :class:`~genkit.sim.dask_backend.Cluster` plays on Dask
    (same figures). Returns (list of Metrics, PairedSet or None). Ctrl-C raises
    :class:`Interrupted` with the figures so far, after the pool is gone. ``until``: a sequential
    test (:class:`~genkit.sim.stats.Sequential`): ``games`` played in its looks, stopping at the
    first look where ``until.settled(sinks, paired)``.
    """
    check = check_level(check)
    if (games is None) == (precision is None):
        raise ValueError("give exactly one of games or precision")
    if games is not None and games < 1:
        raise ValueError("games must be at least 1")
    if precision is not None and not 0 < precision < 0.5:
        raise ValueError("precision must be a half-width between 0 and 0.5, e.g. 0.02")
    loaded = [load_checked(path, overrides) for path, overrides in variants]  # bad content stops here
    # the names against each variant's Game class (its BOTS), without building a game here: the
    # workers build their own, and a game held by the parent would be copied into every one
    kinds = [rules_module(content.game.rules_module).game for content, _ in loaded]
    if bots is None:
        bots = default_bot(kinds[0])
    for (content, _), kind in zip(loaded, kinds):
        names = parse_bots(bots, len(content.game.sides), kind)
    bots = names
    metas = [meta_for(content, source, path, overrides, seed, bots)
             for (content, source), (path, overrides) in zip(loaded, variants)]
    sinks = [Metrics(meta) for meta in metas]
    paired = PairedSet() if len(variants) == 2 else None
    t0 = time.perf_counter()
    bar = Progress(games if games is not None else None, label, progress)
    nworkers = workers or spans.default_workers()
    if games is not None and until is None and scheduler is None:
        nworkers = min(nworkers, games)     # a pool larger than the games only starts idle processes
    try:
        with _pool(scheduler, variants, [c for c, _ in loaded], bots, seed, nworkers, check, step_cap) as pool:
            nworkers = pool.workers
            if until is not None:
                for start, stop in zip([0] + until.looks[:-1], until.looks):
                    pool.run(start, stop, sinks, paired, bar)
                    if until.settled(sinks, paired):
                        break
            elif games is not None:
                pool.run(0, games, sinks, paired, bar)
            else:
                _run_to_precision(pool, precision, max_games, sinks, paired, bar)
            pool.close()
    except KeyboardInterrupt:
        _finish(sinks, bar, t0, nworkers, check, precision)
        raise Interrupted(sinks, paired) from None
    _finish(sinks, bar, t0, nworkers, check, precision)
    return sinks, paired


@contextmanager
def _pool(scheduler, variants: list, contents: list, bots: tuple, seed: int, workers: int, check: str,
          step_cap: int):
    """The process pool (workers load the variants from their paths), or a Dask pool on the
    scheduler's cluster (the loaded ``contents`` are shipped: the cluster may not have the files)."""
    if scheduler is None:
        with Pool(variants, bots, seed, workers, check, step_cap) as pool:
            yield pool
        return
    from .dask_backend import DaskPool, scheduler_for
    with scheduler_for(scheduler, workers) as cluster, DaskPool(cluster, contents, bots, seed, check,
                                                                  step_cap) as pool:
        yield pool


def _run_to_precision(pool: Pool, precision: float, max_games: int, sinks: list, paired, bar: Progress) -> None:
    """Play batches until every win rate is known to +/- ``precision`` or ``max_games`` are played."""
    done = 0
    batch = PRECISION_FIRST_BATCH
    while done < max_games:
        stop = min(max_games, done + batch)
        pool.run(done, stop, sinks, paired, bar)
        done = stop
        if precision_reached(sinks, precision):
            break
        bar.extra = f"  CI ±{max(m.max_half_width() for m in sinks):.3f} (target ±{precision:g})"
        batch = next_batch(sinks, precision, done, max_games)
        if batch <= 0:
            break


def _finish(sinks: list, bar: Progress, t0: float, workers: int, check: str, precision: float | None) -> None:
    """End the progress line and record how the run went in each Metrics."""
    bar.close()
    elapsed = time.perf_counter() - t0
    for m in sinks:
        m.elapsed = elapsed
        m.workers = workers
        m.meta["check_invariants"] = check
        if precision is not None:
            m.meta["precision"] = precision
            m.meta["precision_reached"] = precision_reached([m], precision)


def simulate(content_path, overrides: Iterable[str] = (), games: int | None = None,
             precision: float | None = None, seed: int = 0, bots=None,
             workers: int | None = None, progress: bool = True, check_invariants="turn",
             step_cap: int = STEP_CAP, max_games: int = DEFAULT_MAX_GAMES, scheduler=None, until=None) -> Metrics:
    """Simulate ``games`` games (or until each side's win-rate 95% CI half-width <= ``precision``).

    ``check_invariants``: "step" (after every decision; about 3x slower with random
    bots), "turn" (each game turn and the end; the default), "end", or "off".
    ``scheduler``, ``until``: where the games run, and a sequential test (see :func:`run_games`).

    Raises :class:`genkit.model.load.ContentError` for bad content or overrides,
    ``ValueError`` for bad arguments. Games that fail are recorded in the
    metrics (``metrics.failed``), never raised.
    """
    sinks, _ = run_games([(str(content_path), list(overrides))], games, precision, seed, bots, workers,
                         progress, check_invariants, step_cap, max_games, scheduler=scheduler, until=until)
    return sinks[0]
