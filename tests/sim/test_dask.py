"""--scheduler: a real Dask cluster (a scheduler and two workers, each its own process, as on
separate machines) gives the same --json figures as the process pool on the same seed."""
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import BERING, run_cli

distributed = pytest.importorskip("distributed")

# what a run's wall clock changes, not its seed: the only lines allowed to differ
TIMING = ('"elapsed_s":', '"games_per_second":', '"workers":')


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(*args) -> subprocess.Popen:
    """A Dask command in its own process group, so cleaning up reaches its children too."""
    return subprocess.Popen([sys.executable, "-m", *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def _stop(proc: subprocess.Popen) -> None:
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        if proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, sig)
            proc.wait(wait)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass


@pytest.fixture(scope="module")
def scheduler():
    """``tcp://127.0.0.1:PORT`` of a `dask scheduler` with two `dask worker` processes of one
    thread each; all three are stopped at the end, also when a test fails."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    procs = [_start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                    "--no-dashboard")]
    try:
        procs += [_start("distributed.cli.dask_worker", address, "--nthreads", "1", "--no-nanny",
                         "--no-dashboard", "--host", "127.0.0.1") for _ in range(2)]
        deadline = time.monotonic() + 30
        while True:              # the scheduler may not listen yet: connect until it does
            try:
                with distributed.Client(address, timeout=2) as client:
                    client.wait_for_workers(2, timeout=max(1, deadline - time.monotonic()))
                    assert len(client.nthreads()) == 2
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield address
    finally:
        for proc in reversed(procs):
            _stop(proc)


def _figures(path) -> list:
    """The --json file's lines, but for the wall-clock ones."""
    return [line for line in path.read_text().splitlines() if not line.strip().startswith(TIMING)]


@pytest.mark.parametrize("args", [
    ["sim", BERING, "--games", 40, "--no-progress"],
    ["compare", BERING, "--games", 16, "--set", "unit_types.inf.movement=2", "--no-progress"],
    ["sweep", BERING, "--games", 8, "--set", "unit_types.inf.movement=2,4", "--no-progress"],
    ["tune", BERING, "--vary", "unit_types.inf.movement=2..4", "--target", "us=0.5", "--games", 8,
     "--trials", 2, "--confirm", 1],
], ids=lambda args: args[0])
def test_a_cluster_gives_the_pools_figures(scheduler, tmp_path, args):
    common = [*args, "--seed", 7, "--bots", "greedy"]
    on_pool = run_cli(*common, "--workers", 2, "--json", tmp_path / "pool.json")
    on_dask = run_cli(*common, "--scheduler", scheduler, "--json", tmp_path / "dask.json")
    assert on_pool.returncode == on_dask.returncode == 0, on_dask.stdout + on_dask.stderr
    pool, dask = _figures(tmp_path / "pool.json"), _figures(tmp_path / "dask.json")
    assert '"win_rate": {' in "\n".join(dask)
    assert dask == pool


def test_a_worker_builds_a_run_once_not_once_per_task(bering, monkeypatch):
    from genkit.sim import dask_backend
    built = []
    monkeypatch.setattr(dask_backend, "rules_for", lambda content: built.append(content) or object())
    payload = ([bering], ("greedy", "greedy"), 7, "turn", 100)
    first = dask_backend._setup("run-a", payload)
    assert dask_backend._setup("run-a", payload) is first and len(built) == 1
    dask_backend._setup("run-b", payload)
    assert len(built) == 2


def test_a_scheduler_out_of_reach_is_one_line_and_status_2(genkit, monkeypatch):
    from genkit.sim import dask_backend
    monkeypatch.setattr(dask_backend, "CONNECT_TIMEOUT_S", 1)
    code, out, err = genkit("sim", BERING, "--games", "4", "--scheduler", f"tcp://127.0.0.1:{_free_port()}")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("genkit: cannot reach the Dask scheduler at tcp://127.0.0.1:")


def test_workers_are_the_clusters_own(genkit):
    code, _, err = genkit("sim", BERING, "--games", "4", "--scheduler", "tcp://127.0.0.1:8786", "--workers", "2")
    assert code == 2 and "a cluster has its own workers" in err


def test_teardown_silences_every_dask_and_tornado_logger_even_those_with_levels_of_their_own():
    # Dask's logging configuration gives tornado.application a level of its own (ERROR): a
    # callback failing as Ctrl-C closes the cluster printed its traceback through it
    import logging

    import distributed  # noqa: F401  (its logging configuration)
    from genkit.sim import dask_backend
    names = [name for name in list(logging.root.manager.loggerDict)
             if name.split(".")[0] in dask_backend.TEARDOWN_LOGGERS]
    levels = {name: logging.getLogger(name).level for name in (*dask_backend.TEARDOWN_LOGGERS, *names)}
    try:
        dask_backend._quiet_teardown_loggers()
        assert [name for name in names if logging.getLogger(name).isEnabledFor(logging.CRITICAL)] == []
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


def test_ctrl_c_stops_a_local_cluster_without_a_worker_traceback():
    from tests.sim.test_interrupt import in_session, interrupt, start, wait_for_progress
    proc = start("sim", BERING, "--games", 100000, "--scheduler", "local", "--workers", 2, "--bots", "random",
                 "--progress")
    wait_for_progress(proc)
    out, err = interrupt(proc)
    assert proc.returncode == 130 and err.strip().endswith("interrupted")
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert re.match(r"INTERRUPTED: partial figures of the \d+ games finished\n", out)
    deadline = time.monotonic() + 10               # the workers end as their nannies close
    while in_session(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in in_session(proc.pid)]
    assert left == []                              # the cluster's scheduler and workers are gone
