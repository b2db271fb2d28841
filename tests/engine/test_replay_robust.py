"""genkit replay on damaged logs and on content that moved: a message with the right line number
and exit 1, never a crash (exit 3); the log names its content itself, wherever it is kept."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from genkit.engine import play_game, replay_log
from genkit.engine.log import SHOWN
from genkit.model.load import load

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"


@pytest.fixture(scope="module")
def good_log(tmp_path_factory) -> list[str]:
    """The lines of a short, sound log (random bots, Bering Land)."""
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    content, source = load(BERING)
    play_game(content, 4, log_path=path, source=source)
    return path.read_text().splitlines()


def write(tmp_path, lines) -> Path:
    path = tmp_path / "damaged.jsonl"
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n")
    return path


def first(lines, key) -> int:
    return next(i for i, x in enumerate(lines) if f'"{key}"' in x and i > 0)


# --------------------------------------------------------------------------- damage

def test_an_action_nested_900_deep_is_damage_at_its_line(genkit, good_log, tmp_path):
    lines = list(good_log)
    k = first(lines, "action")
    deep = 1
    for _ in range(900):
        deep = [deep]
    lines[k] = json.dumps(dict(json.loads(lines[k]), action=deep))
    code, _, err = genkit("replay", write(tmp_path, lines))
    assert code == 1
    assert f"the log is damaged at line {k + 1}: the action is nested more than 8 deep" in err


def test_json_too_deep_for_the_parser_is_damage_at_its_line(genkit, good_log, tmp_path):
    lines = list(good_log)
    lines[3] = '{"step": 0, "action": ' + "[" * 100_000 + "]" * 100_000 + "}"
    code, _, err = genkit("replay", write(tmp_path, lines))
    assert code == 1 and "the log is damaged at line 4: JSON nested too deeply" in err


def test_a_garbage_line_is_reported_at_its_own_line(genkit, good_log, tmp_path):
    lines = list(good_log)
    lines[5] = "garbage{"
    code, _, err = genkit("replay", write(tmp_path, lines))
    assert code == 1 and "the log is damaged at line 6: not JSON (Expecting value at column 1)" in err


def test_blank_lines_count_in_line_numbers(good_log, tmp_path):
    lines = list(good_log)
    lines[2:2] = ["", "   "]
    lines[7] = "[1, 2]"
    rep = replay_log(write(tmp_path, lines))
    assert rep.errors == ["the log is damaged at line 8: not a JSON object: [1, 2]"]


def test_a_roll_mismatch_with_a_long_value_prints_a_short_message(genkit, good_log, tmp_path):
    lines = list(good_log)
    k = next(i for i, x in enumerate(lines) if '"roll"' in x and i > 2)
    roll = json.loads(lines[k])
    lines[k] = json.dumps({"roll": roll["roll"] % 6 + 1, "for": "x" * 1_000_000})   # just under the line limit
    code, out, err = genkit("replay", write(tmp_path, lines))
    assert code == 1 and "DIFFERS" in out
    assert len(err) < 4 * SHOWN
    assert f"line {k + 1}: the log rolled {roll['roll'] % 6 + 1} for xxx" in err
    assert f"... (1000000 characters), the replay {roll['roll']} for {roll['for']}" in err


@pytest.mark.parametrize("damage", [[], [[[]]], 2 ** 80, -1, "", {"nested": [[[[[[[[[[1]]]]]]]]]]}, 1.5, True])
def test_any_value_in_any_field_is_an_error_never_an_exception(good_log, tmp_path, damage):
    content = load(BERING)[0]
    for k in (0, 1, first(good_log, "roll"), first(good_log, "action"), len(good_log) - 1):
        line = json.loads(good_log[k])
        for key in line:
            lines = list(good_log)
            lines[k] = json.dumps(dict(line, **{key: damage}))
            rep = replay_log(write(tmp_path, lines), content=content)      # never raises
            assert rep.ok or rep.errors


def test_a_purpose_that_cannot_be_printed_is_shown_escaped(genkit, good_log, tmp_path):
    lines = list(good_log)
    k = first(lines, "roll")
    lines[k] = json.dumps(dict(json.loads(lines[k]), **{"for": "\udcff"}))
    code, _, err = genkit("replay", write(tmp_path, lines))
    assert code == 1 and f"line {k + 1}: the log rolled" in err and "for \\udcff" in err


def test_bytes_that_are_not_utf8_are_damage_at_their_line(good_log, tmp_path):
    path = write(tmp_path, good_log)
    data = path.read_bytes().split(b"\n")
    data[2] = b'{"roll": 3, "for": "\xff"}'
    path.write_bytes(b"\n".join(data))
    assert replay_log(path).errors == ["the log is damaged at line 3: not UTF-8 text"]


# --------------------------------------------------------------------------- where the content is

def header(path: Path) -> dict:
    return json.loads(path.read_text().splitlines()[0])


def test_the_header_names_the_content_as_given_and_resolved(genkit, game_copy, tmp_path, monkeypatch):
    monkeypatch.chdir(game_copy.parent)
    log = tmp_path / "g.jsonl"
    assert genkit("play", "bering_land", "--bots", "random", "--set", "turn_track.turns=12", "--log", log)[0] == 0
    h = header(log)
    assert h["content_path"] == "bering_land"
    assert h["content_path_resolved"] == str(game_copy.resolve())
    assert h["content_sha256"] == load(game_copy)[1].sha256
    assert h["overrides"] == ["turn_track.turns=12"]
    assert genkit("replay", log)[0] == 0                      # relative to the working folder
    monkeypatch.chdir(tmp_path)
    code, out, _ = genkit("replay", log)                      # elsewhere: the resolved path
    assert code == 0 and "matches" in out


def test_content_that_moved_is_found_with_content_or_named_as_missing(genkit, game_copy, tmp_path):
    log = tmp_path / "g.jsonl"
    assert genkit("play", game_copy, "--bots", "random", "--log", log)[0] == 0
    moved = tmp_path / "elsewhere"
    shutil.move(game_copy, moved)
    code, _, err = genkit("replay", log)
    assert code == 1
    assert f"the log's content is not at {game_copy}; give its folder (genkit replay --content FOLDER)" in err
    code, out, _ = genkit("replay", log, "--content", moved)
    assert code == 0 and "matches" in out


@pytest.mark.parametrize("place", ["a\x00b", "x" * 5000, 7])
def test_a_content_path_that_is_no_possible_path_is_not_found(good_log, tmp_path, place):
    lines = list(good_log)
    lines[0] = json.dumps(dict(json.loads(lines[0]), content_path=place, content_path_resolved=place))
    errors = replay_log(write(tmp_path, lines)).errors
    assert len(errors) == 1 and errors[0].startswith("the log")
    assert errors[0].endswith("give its folder (genkit replay --content FOLDER)") or "names no content" in errors[0]


def test_a_model_played_without_its_folder_replays_only_with_content(good_log, tmp_path):
    content, _ = load(BERING)
    path = tmp_path / "g.jsonl"
    play_game(content, 2, log_path=path)                       # no source: the log cannot name it
    h = header(path)
    assert h["content_path"] is h["content_path_resolved"] is h["content_sha256"] is None
    assert replay_log(path).errors == ["the log names no content folder; give it (genkit replay --content FOLDER)"]
    assert replay_log(path, content_path=BERING).ok
    assert replay_log(path, content=content).ok


def test_the_log_does_not_depend_on_where_genkit_is_installed(tmp_path):
    """The header names the folder the game was loaded from, never one inside genkit's repository."""
    copy = tmp_path / "pack" / "bering_land"
    shutil.copytree(BERING, copy)
    content, source = load(copy)
    path = tmp_path / "g.jsonl"
    play_game(content, 2, log_path=path, source=source)
    assert header(path)["content_path"] == str(copy) and str(ROOT) not in path.read_text().splitlines()[0]
    os.rename(copy, tmp_path / "pack" / "moved")
    assert replay_log(path).errors[0].startswith("the log's content is not at")
