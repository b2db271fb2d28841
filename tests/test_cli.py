"""The command line as a designer uses it: exit codes, messages, no tracebacks."""
import json
import subprocess
import sys

from tests.conftest import BERING


def genkit(*args):
    result = subprocess.run([sys.executable, "-m", "genkit.cli", *map(str, args)], capture_output=True, text=True)
    assert "Traceback" not in result.stdout + result.stderr
    return result


def test_help_lists_every_command():
    out = genkit("--help")
    assert out.returncode == 0
    for command in ("check", "schema", "play", "replay"):
        assert command in out.stdout


def test_play_prints_the_result_and_the_log_replays(tmp_path):
    log = tmp_path / "game.jsonl"
    out = genkit("play", BERING, "--seed", 11, "--log", log)
    assert out.returncode == 0 and "winner:" in out.stdout and "reason:" in out.stdout
    end = json.loads(log.read_text().splitlines()[-1])
    assert end["end"] is True
    again = genkit("replay", log)
    assert again.returncode == 0 and "matches" in again.stdout


def test_replay_of_a_tampered_log_exits_1(tmp_path):
    log = tmp_path / "game.jsonl"
    genkit("play", BERING, "--seed", 12, "--log", log)
    lines = log.read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if '"roll"' in line)
    roll = json.loads(lines[i])
    roll["roll"] = roll["roll"] % 6 + 1
    lines[i] = json.dumps(roll)
    log.write_text("\n".join(lines) + "\n")
    out = genkit("replay", log)
    assert out.returncode == 1 and "DIFFERS" in out.stdout


def test_replay_at_a_step_shows_the_board_as_text(tmp_path):
    log = tmp_path / "game.jsonl"
    genkit("play", BERING, "--seed", 13, "--log", log)
    out = genkit("replay", log, "--at", 5, "--text")
    assert out.returncode == 0
    assert "turn" in out.stdout.splitlines()[0]


def test_unknown_bot_and_garbage_log_are_usage_and_content_errors(tmp_path):
    assert genkit("play", BERING, "--bots", "random,nobody").returncode == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    assert genkit("replay", bad).returncode == 1


def test_play_with_an_override_changes_the_game(tmp_path):
    out = genkit("play", BERING, "--seed", 1, "--set", "turn_track.turns=3")
    assert out.returncode == 0 and "turn: 3" in out.stdout
