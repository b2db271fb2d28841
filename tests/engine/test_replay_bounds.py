"""genkit replay reads a log in bounded memory and refuses what no game writes: a log past the size
limit, a line past the line limit, endless rolls, anything after the game's end (issue 23). Each
ends in seconds with exit 1 and a message naming the log, the line and the limit."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from genkit.engine import play_game, replay_log
from genkit.engine import log as logmod
from genkit.model.load import load

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"
GIB = 1 << 30


@pytest.fixture(scope="module")
def good_log(tmp_path_factory) -> list[str]:
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    content, source = load(BERING)
    play_game(content, 4, log_path=path, source=source)
    return path.read_text().splitlines()


def write(path: Path, lines) -> Path:
    path.write_text("\n".join(lines) + "\n")
    return path


def replay_in_1_gib(path: Path) -> subprocess.CompletedProcess:
    """``genkit replay path`` in a process that cannot take more than 1 GiB of memory."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (GIB, GIB))
    return subprocess.run([sys.executable, "-m", "genkit.cli", "replay", str(path)], capture_output=True,
                          text=True, timeout=60, preexec_fn=limit)


def test_a_sound_log_replays_within_1_gib(good_log, tmp_path):
    r = replay_in_1_gib(write(tmp_path / "game.jsonl", good_log))
    assert r.returncode == 0 and "matches" in r.stdout, r.stderr


def test_a_200_mb_log_is_refused_at_once_naming_the_limit(good_log, tmp_path):
    path = write(tmp_path / "huge.jsonl", good_log)
    with open(path, "r+b") as f:
        f.truncate(200 * (1 << 20))             # the rest: zero bytes on no disk (a sparse file)
    start = time.monotonic()
    r = replay_in_1_gib(path)
    assert r.returncode == 1 and time.monotonic() - start < 30
    assert f"{path}: the log is 200.0 MB; genkit replays a log of at most 64 MB" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_line_that_never_ends_is_refused_at_the_line_limit(good_log, tmp_path):
    path = tmp_path / "long-line.jsonl"
    with open(path, "w") as f:
        f.write(good_log[0] + "\n" + '{"step": 0, "action": [' + "1," * 20_000_000)    # 40 MB, no newline
    r = replay_in_1_gib(path)
    assert r.returncode == 1
    assert f"{path}: the log is damaged at line 2: longer than 1,048,576 bytes" in r.stderr


def test_a_log_from_a_pipe_stops_at_the_size_limit(good_log, tmp_path, monkeypatch):
    monkeypatch.setattr(logmod, "MAX_LOG_BYTES", 100_000)
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)

    roll = next(x for x in good_log if '"roll"' in x)

    def feed():
        try:
            with open(fifo, "w") as f:
                f.write("\n".join(good_log[:-1]) + "\n")
                while True:
                    f.write(roll + "\n")           # rolls after the last decision, forever
        except BrokenPipeError:
            pass
    threading.Thread(target=feed, daemon=True).start()
    rep = replay_log(fifo)
    assert not rep.ok and len(rep.errors) == 1
    assert rep.errors[0].startswith("the log goes on past line ") and "replays a log of at most" in rep.errors[0]


def test_endless_rolls_after_one_decision_are_damage(good_log, tmp_path):
    k = next(i for i, x in enumerate(good_log) if '"action"' in x)
    roll = next(x for x in good_log[k:] if '"roll"' in x)
    lines = good_log[:k + 1] + [roll] * (logmod.MAX_ROLLS + 1) + good_log[k + 1:]
    rep = replay_log(write(tmp_path / "rolls.jsonl", lines))
    assert rep.errors == [f"the log is damaged at line {k + 2 + logmod.MAX_ROLLS}: "
                          f"more than {logmod.MAX_ROLLS:,} rolls after one decision"]


def test_decisions_after_the_end_are_refused(genkit, good_log, tmp_path):
    decision = next(x for x in good_log if '"action"' in x)
    path = write(tmp_path / "after.jsonl", good_log + [decision])
    code, out, err = genkit("replay", path)
    assert code == 1 and "DIFFERS" in out
    assert (f"{path}: the log is damaged at line {len(good_log) + 1}: the log goes on after the game's end "
            f"(line {len(good_log)})") in err


def test_an_end_line_before_the_game_has_ended_does_not_match(good_log, tmp_path):
    decisions = [i for i, x in enumerate(good_log) if '"action"' in x]
    k = decisions[len(decisions) // 2]
    early = replay_log(write(tmp_path / "full.jsonl", good_log), at_step=len(decisions) // 2)
    end = dict(json.loads(good_log[-1]), steps=len(decisions) // 2, digest=early.digest)
    rep = replay_log(write(tmp_path / "early.jsonl", good_log[:k] + [json.dumps(end)]))
    assert not rep.ok
    assert rep.errors == [f"line {k + 1}: the log ends the game at step {len(decisions) // 2}, "
                          "but the game has not ended"]
