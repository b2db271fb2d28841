"""Ctrl-C: exit 130, no worker tracebacks, no process left behind, the figures so far.

The real tests start genkit in its own session and send SIGINT to the whole process group, as a
terminal does; they wait for an event (a progress line, data in a pipe), never for a set time."""
from __future__ import annotations

import fcntl
import io
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from genkit.sim import commands, runner, spans
from genkit.sim.metrics import Metrics

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"
PATIENCE = 300    # seconds: only a safety net so that a broken genkit cannot hang the suite


def in_session(sid: int) -> list[int]:
    """Pids of the live processes of session ``sid`` (from /proc)."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:          # the process ended while we looked
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            pids.append(int(stat.parent.name))
    return pids


def _sigint_as_in_a_terminal() -> None:
    """A command started in a terminal gets Ctrl-C; one started in the background by a shell
    without job control inherits SIGINT ignored (and rightly keeps ignoring it). The suite may run
    in either, so the child is given what a terminal gives it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "genkit.cli", *map(str, args)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_sigint_as_in_a_terminal)


def wait_for_progress(proc: subprocess.Popen) -> str:
    """Read the progress line on stderr until some games have been merged; return what was read."""
    seen = b""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stderr], [], [], 1.0)
        if ready:
            chunk = os.read(proc.stderr.fileno(), 4096)
            assert chunk, f"genkit ended early: {seen.decode()}"
            seen += chunk
            if re.search(rb"\b[1-9]\d*/\d+ games", seen):
                return seen.decode()
    pytest.fail("no game finished in time")


def interrupt(proc: subprocess.Popen) -> tuple[str, str]:
    """SIGINT to the whole group, as Ctrl-C in a terminal; (stdout, stderr) once genkit has ended."""
    assert len(in_session(proc.pid)) >= 2, "the pool's workers should be running"
    os.killpg(proc.pid, signal.SIGINT)
    return proc.communicate(timeout=PATIENCE)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_ctrl_c_during_sim_exits_130_with_the_figures_so_far_and_leaves_no_process(tmp_path):
    figures_json = tmp_path / "figures.json"
    proc = start("sim", BERING, "--games", 100000, "--workers", 2, "--bots", "random,random", "--progress",
                 "--json", figures_json)
    wait_for_progress(proc)
    out, err = interrupt(proc)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.rstrip().endswith("interrupted")
    head, *figures = out.splitlines()
    games = int(re.fullmatch(r"INTERRUPTED: partial figures of the (\d+) games finished", head).group(1))
    assert 0 < games < 100000
    assert figures[0].startswith(f"In {games} games between random (American) vs random (Russian)")
    assert figures[-1] == f"not written: {figures_json}" and not figures_json.exists()
    assert in_session(proc.pid) == []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_ctrl_c_during_compare_prints_the_partial_comparison():
    proc = start("compare", BERING, "--set", "unit_types.inf.movement=4", "--games", 100000, "--workers", 2,
                 "--bots", "random", "--progress")
    wait_for_progress(proc)
    out, err = interrupt(proc)
    assert proc.returncode == 130 and "Traceback" not in err
    assert re.match(r"INTERRUPTED: partial figures of the \d+ games finished\nmetric ", out)
    assert "win rate us" in out
    assert in_session(proc.pid) == []


def test_ctrl_c_during_play_exits_130_and_leaves_the_log_readable(tmp_path):
    """The log is a pipe that holds 4 KiB and is never read, so genkit is stopped mid-game, writing."""
    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    fcntl.fcntl(reader, fcntl.F_SETPIPE_SZ, 4096)
    proc = start("play", BERING, "--seed", 1, "--bots", "greedy", "--log", fifo)
    ready, _, _ = select.select([reader], [], [], PATIENCE)
    assert ready, "genkit did not start writing its log"
    os.kill(proc.pid, signal.SIGINT)
    log = b""
    while chunk := _read(reader):  # drain: genkit flushes and closes the log before it ends
        log += chunk
    os.close(reader)
    out, err = proc.communicate(timeout=PATIENCE)
    assert proc.returncode == 130 and err.strip() == "interrupted", err
    assert "winner" not in out
    lines = log.decode().splitlines()
    assert lines[0].startswith('{"log":"genkit-engine"') and '"end"' not in lines[-1]


def _read(fd: int) -> bytes:
    """The next bytes of a non-blocking pipe; b"" once the writer has closed it."""
    while True:
        select.select([fd], [], [], PATIENCE)
        try:
            return os.read(fd, 65536)
        except BlockingIOError:
            continue


# --------------------------------------------------------------------------- in-process

def test_an_interrupted_run_keeps_the_whole_chunks_merged_before_it(bering_path, monkeypatch):
    real = runner._run_chunk
    calls = []

    def second_chunk_interrupted(span):
        calls.append(span)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(span)
    monkeypatch.setattr(runner, "_run_chunk", second_chunk_interrupted)
    with pytest.raises(runner.Interrupted) as stop:
        runner.simulate(bering_path, [], games=12, seed=3, bots="random", workers=1, progress=False)
    first = calls[0][1] - calls[0][0]
    assert stop.value.games == first and stop.value.metrics[0].completed == first


@pytest.fixture
def ctrl_c_raises():
    """Python's own Ctrl-C handler, as in a terminal, even when the suite inherited SIGINT ignored."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_while_merging_waits_for_the_merge(ctrl_c_raises):
    steps = []
    with pytest.raises(KeyboardInterrupt):
        with spans._sigint_held():
            os.kill(os.getpid(), signal.SIGINT)
            steps.append("merged")
    assert steps == ["merged"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_interrupted_commands_say_so_and_write_no_files(bering_path, monkeypatch, tmp_path):
    def stopped(*args, **kwargs):
        raise runner.Interrupted([Metrics(), Metrics()], None)
    monkeypatch.setattr(commands, "sweep", stopped)
    monkeypatch.setattr(commands, "simulate", stopped)
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        commands.sweep_command(bering_path, "turn_track.turns=20,30", json_path=tmp_path / "w.json", out=out)
    with pytest.raises(KeyboardInterrupt):
        commands.sim_command(bering_path, report_path=tmp_path / "s.html", out=out)
    assert out.getvalue().splitlines() == [
        "INTERRUPTED: no value had finished",
        f"not written: {tmp_path / 'w.json'}",
        "INTERRUPTED: no game had finished",
        f"not written: {tmp_path / 's.html'}"]
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_in_a_sweep_keeps_the_values_it_finished(bering_path, monkeypatch):
    compare_module = sys.modules["genkit.sim.compare"]     # genkit.sim.compare is also a function
    real, calls = compare_module.compare, []

    def second_value_stopped(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise runner.Interrupted([Metrics(), Metrics()], None)
        return real(*args, **kwargs)
    monkeypatch.setattr(compare_module, "compare", second_value_stopped)
    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        commands.sweep_command(bering_path, "turn_track.turns=20,30,40", games=2, bots="random", workers=1,
                               progress=False, out=out)
    text = out.getvalue()
    assert text.startswith("INTERRUPTED: the 1 of 3 values finished: 20\n")
    assert "\n20 " in text and "(unchanged)" in text and "\n30 " not in text
