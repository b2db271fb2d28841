"""Play a run's games on a Dask cluster: ``--scheduler tcp://HOST:8786`` or ``--scheduler local``.

A run that outgrows one machine goes to Dask's ``distributed`` scheduler (an existing, well-kept
engine) instead of the process pool of :mod:`genkit.sim.runner`. The games and their figures do not
change: game *i* still gets ``game_seed(seed, i)``, the same chunk function plays an index range,
and the parent merges the chunk aggregates as they come in (the merge is order-independent), so
the same seed gives the same ``--json`` figures as the pool, for any number of workers.

The workers need genkit installed, not the game's files: the parent ships the *loaded* models
(about 20 kB pickled for Bering Land) once per run, scattered to the cluster, and each worker
builds the games from them once, cached by the payload's digest, not once per task.

Ctrl-C cancels the run's tasks and closes the connection (and a local cluster with it); a
scheduler that cannot be reached is a :class:`SchedulerError` with a one-line message.
"""
from __future__ import annotations

import hashlib
import logging
import pickle
import signal
import threading
from contextlib import contextmanager

from ..engine import rules_for
from . import spans
from .metrics import PairedSet

CONNECT_TIMEOUT_S = 10
SMALLEST_TASK = 10       # games per task at least: a task costs a few ms (benchmarks/dask_scaling.py)
WORKER_CACHE = 4         # built runs kept per worker thread (tune plays many settings in turn)


class SchedulerError(Exception):
    """The Dask scheduler cannot be reached, or Dask is not installed; the message is one line."""


class Cluster:
    """A connected Dask client, and the local cluster it runs on when it started one."""

    def __init__(self, client, local=None):
        self.client, self.local = client, local

    @property
    def workers(self) -> int:
        """Worker threads of the cluster: the games it plays at once."""
        return max(1, sum(self.client.nthreads().values()))

    def close(self) -> None:
        self.client.close()
        if self.local is not None:
            self.local.close()


def _distributed():
    try:
        import distributed
    except ImportError:
        raise SchedulerError("--scheduler needs Dask's distributed: pip install 'genkit[dask]'") from None
    return distributed


def connect(scheduler: str, workers: int | None) -> Cluster:
    """``local``: a LocalCluster of ``workers`` processes (default: all cores) with one thread
    each (games are pure Python: threads would share one core); else the scheduler's address."""
    distributed = _distributed()
    if scheduler == "local":
        with _sigint_ignored():
            local = distributed.LocalCluster(n_workers=workers or spans.default_workers(), threads_per_worker=1,
                                             processes=True, dashboard_address=None, silence_logs=logging.ERROR)
        client = distributed.Client(local)
        # our own worker processes write on the designer's terminal: a worker whose heartbeat
        # finds the scheduler gone as Ctrl-C closes the cluster logs that at ERROR with a
        # traceback (LocalCluster's silence_logs quiets only the nanny's logger there); a
        # game's failure still comes back as its record's violation, not as a log line
        client.run(_quiet_teardown_loggers)
        return Cluster(client, local)
    try:
        return Cluster(distributed.Client(scheduler, timeout=CONNECT_TIMEOUT_S))
    except (OSError, TimeoutError, ValueError) as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise SchedulerError(f"cannot reach the Dask scheduler at {scheduler}: {reason[:200]}") from None


@contextmanager
def _sigint_ignored():
    """Start the local cluster's processes with Ctrl-C ignored (they inherit it), as the pool's
    workers ignore it: the parent alone stops the run and closes the cluster, without a traceback
    from every worker."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


# Dask's and tornado's loggers: what they say while a run is torn down by Ctrl-C is noise
TEARDOWN_LOGGERS = ("distributed", "tornado", "asyncio")


def _quiet_teardown_loggers() -> None:
    """Silence :data:`TEARDOWN_LOGGERS` in this process, and each of their descendants that
    has a level of its own (Dask's logging configuration sets ``tornado.application`` and
    ``distributed.client``, which a parent's level does not reach)."""
    known = [name for name in list(logging.root.manager.loggerDict) if name.split(".")[0] in TEARDOWN_LOGGERS]
    for name in (*TEARDOWN_LOGGERS, *known):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


@contextmanager
def _quiet_on_sigint():
    """Ctrl-C silences Dask's teardown before the KeyboardInterrupt reaches the code waiting on
    the cluster: the client's own clean-up then runs on its loop thread and may log an internal
    traceback (seen from distributed's cancel), which a designer must not see."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)

    def on_sigint(signum, frame):
        if previous is signal.SIG_IGN:
            return
        _quiet_teardown_loggers()
        if callable(previous):
            previous(signum, frame)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_sigint)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def scheduler_for(scheduler, workers: int | None):
    """The cluster a run plays on: None (the process pool), a :class:`Cluster` the caller owns, or
    an address / ``local`` connected here and closed at the end (also on Ctrl-C)."""
    if scheduler is None or isinstance(scheduler, Cluster):
        yield scheduler
        return
    cluster = connect(scheduler, workers)
    try:
        yield cluster
    finally:
        cluster.close()


# --------------------------------------------------------------------------- on the workers

_built = threading.local()


def _setup(digest: str, payload: tuple) -> tuple:
    """The run's games, built once per worker thread and run (``digest``), not once per task."""
    cache = getattr(_built, "runs", None)
    if cache is None:
        cache = _built.runs = {}
    hit = cache.get(digest)
    if hit is None:
        contents, bots, seed, check, step_cap = payload
        if len(cache) >= WORKER_CACHE:
            cache.pop(next(iter(cache)))
        hit = cache[digest] = ([(content, rules_for(content), None) for content in contents],
                               bots, seed, check, step_cap)
    return hit


def _play_task(digest: str, payload: tuple, span: tuple) -> tuple:
    """One task: games [start, stop) of every variant, as the pool's chunk plays them."""
    return spans.play_span(*_setup(digest, payload), span)


# --------------------------------------------------------------------------- in the parent

class DaskPool:
    """Plays game index ranges on a :class:`Cluster`, with the interface of the runner's Pool."""

    def __init__(self, cluster: Cluster, contents: list, bots: tuple, seed: int, check: str, step_cap: int):
        self.cluster = cluster
        payload = (list(contents), tuple(bots), seed, check, step_cap)
        self.digest = hashlib.sha256(pickle.dumps(payload)).hexdigest()
        # on every worker: with one copy the scheduler would run every task where the copy is
        [self.payload] = cluster.client.scatter([payload], hash=False, broadcast=True)
        self.futures: list = []
        self.workers = cluster.workers

    def run(self, start: int, stop: int, sinks: list, paired: PairedSet | None, progress) -> None:
        distributed = _distributed()
        ranges = spans.chunks(start, stop, self.workers, SMALLEST_TASK)
        self.futures = [self.cluster.client.submit(_play_task, self.digest, self.payload, span, pure=False)
                        for span in ranges]
        with _quiet_on_sigint():
            for future in distributed.as_completed(self.futures):
                spans.fold(future.result(), sinks, paired, progress)
                future.release()
        self.futures = []

    def close(self) -> None:
        """The run is over: the workers may drop the shipped models (their built games stay cached)."""
        if self.payload is not None:
            self.payload.release()
            self.payload = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        """Ctrl-C or an error: cancel what is still queued or running, so the cluster is free."""
        if self.futures:
            self.cluster.client.cancel(self.futures)
            self.futures = []
        self.close()
