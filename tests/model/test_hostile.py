"""Hostile or broken content is refused with a finding naming file and line, within the limits,
never with an internal error: alias bombs, deep nesting, control characters, huge integers,
files that are not regular files, oversized files, symlinks out of the pack, and the same
through --set; and the checks that keep bad content from reaching the engine or the printer."""
import os
import subprocess
import sys

import pytest
import yaml
from click.testing import CliRunner

from genkit.cli import cli
from genkit.model import yaml_safe
from genkit.pack.printable import check_path
from genkit.model.load import ContentError, Limits, inside_pack, load, parse_limits, parse_yaml, set_limits
from tests.conftest import BERING, edit

BOMB = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{n}: &{n} [{','.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi"))


@pytest.fixture(autouse=True)
def default_limits():
    """CLI runs in this process set the process-wide limits: every test starts and ends with the defaults."""
    set_limits(Limits())
    yield
    set_limits(Limits())


def one_file_game(tmp_path, text: str, name: str = "game.yaml"):
    game = tmp_path / "g"
    game.mkdir()
    (game / name).write_bytes(text.encode())
    return game


def refused(path, overrides=(), limits=None):
    """The findings of a load that must fail."""
    with pytest.raises(ContentError) as exc:
        load(path, overrides, limits)
    return exc.value.findings


def genkit(*args):
    """The installed command, as a user runs it (internal errors exit 3 with a message)."""
    return subprocess.run([sys.executable, "-m", "genkit.cli", *map(str, args)], capture_output=True, text=True)


def assert_content_error(result, where: str, code: str):
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{where}: error:" in result.stdout and f"[{code}]" in result.stdout, result.stdout
    assert "Traceback" not in result.stdout + result.stderr and "internal error" not in result.stderr


# ---- 1. aliases

def test_alias_bomb_stops_at_the_alias_limit(tmp_path):
    assert len(BOMB) < 320  # 9**9 values if expanded
    game = one_file_game(tmp_path, BOMB)
    [finding] = refused(game)
    assert finding.code == "limit-aliases" and finding.file == str(game / "game.yaml") and finding.line > 1
    assert "`genkit --limit aliases=N`" in finding.message
    assert_content_error(genkit("check", game), f"{game / 'game.yaml'}:{finding.line}", "limit-aliases")


def test_alias_inside_the_value_it_names_is_a_loop(tmp_path):
    [finding] = refused(one_file_game(tmp_path, "a: &r [*r]\n"))
    assert (finding.code, finding.line) == ("alias-loop", 1)


def test_aliases_within_the_limit_are_copies_with_positions(tmp_path):
    errors, positions = [], {}
    data = parse_yaml("a: &s {x: 1}\nb: *s\n", "t.yaml", positions, errors)
    assert data == {"a": {"x": 1}, "b": {"x": 1}} and data["a"] is not data["b"] and not errors
    assert positions[("b",)] == ("t.yaml", 2) and positions[("b", "x")] == ("t.yaml", 1)


# ---- 2. nesting

@pytest.mark.parametrize("text", ["a: " + "[" * 600 + "]" * 600 + "\n",
                                  "a: " + "{b: " * 600 + "1" + "}" * 600 + "\n",
                                  "".join("  " * i + f"k{i}:\n" for i in range(1100)) + "  " * 1100 + "x\n"],
                         ids=["flow lists", "flow mappings", "block mappings"])
def test_deep_nesting_stops_at_the_depth_limit(tmp_path, text):
    [finding] = refused(one_file_game(tmp_path, text))
    assert finding.code == "limit-depth" and "`genkit --limit depth=N`" in finding.message


def test_an_alias_cannot_nest_past_the_depth_limit(tmp_path):
    text = "a: &d " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 30 + "*d" + "]" * 30 + "\n"
    [finding] = refused(one_file_game(tmp_path, text))
    assert (finding.code, finding.line) == ("limit-depth", 2)


# ---- 3. control characters

def test_control_character_in_a_file_names_its_line(tmp_path):
    game = one_file_game(tmp_path, "game:\n  id: x\x00y\n")
    [finding] = refused(game)
    assert (finding.code, finding.line) == ("control-char", 2) and "U+0000" in finding.message
    assert_content_error(genkit("check", game), f"{game / 'game.yaml'}:2", "control-char")


def test_control_character_through_an_escape_is_refused(tmp_path):
    [finding] = refused(one_file_game(tmp_path, 'game:\n  title: "a\\x1b[31m"\n'))
    assert (finding.code, finding.line) == ("control-char", 2)


# ---- 4. integers

def test_integer_past_the_digit_limit_is_refused_before_conversion(tmp_path):
    [finding] = refused(one_file_game(tmp_path, "a: " + "9" * 5000 + "\n"))
    assert finding.code == "limit-int-digits" and "5000 digits" in finding.message


def test_integer_within_the_digit_limit_reaches_the_schema(game_copy):
    edit(game_copy / "units.yaml", "movement: 3", "movement: " + "9" * 18)
    [finding] = refused(game_copy)
    assert finding.code == "schema" and "unit_types.inf.movement" in finding.message


# ---- 5. anything but a regular file

def test_dev_zero_is_refused_as_a_device():
    [finding] = refused("/dev/zero")
    assert (finding.file, finding.code) == ("/dev/zero", "not-a-file") and "character device" in finding.message
    assert_content_error(genkit("check", "/dev/zero"), "/dev/zero:1", "not-a-file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_named_pipe_is_refused_without_blocking(game_copy, tmp_path):
    os.mkfifo(game_copy / "zz.yaml")  # nobody writes to it: opening it to read would wait forever
    [finding] = refused(game_copy)
    assert (finding.file, finding.code) == (str(game_copy / "zz.yaml"), "not-a-file")
    os.mkfifo(tmp_path / "pipe.yaml")
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "pipe.yaml")])
    assert result.exit_code == 1 and f"{tmp_path / 'pipe.yaml'}:1: error:" in result.output
    assert isinstance(result.exception, SystemExit)


def test_folder_named_like_a_content_file_is_refused(game_copy):
    (game_copy / "zz.yaml").mkdir()
    [finding] = refused(game_copy)
    assert finding.code == "not-a-file" and "folder" in finding.message


# ---- 6. the same through --set

@pytest.mark.parametrize("value,code", [
    ("[&a0 [x,x,x,x,x,x,x,x,x,x]" + "".join(f", &a{n} [{','.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 6)) + "]",
     "limit-aliases"),
    ("&r [*r]", "alias-loop"),
    ("[" * 600 + "]" * 600, "limit-depth"),
    ('"\\x00"', "control-char"),
    ("a\x01b", "control-char"),
    ("9" * 5000, "limit-int-digits"),
], ids=["alias bomb", "alias loop", "deep", "escaped NUL", "raw control", "huge int"])
def test_hostile_set_values_are_refused_like_file_content(value, code):
    [finding] = refused(BERING, [f"game.title={value}"])
    assert (finding.file, finding.code) == ("--set game.title", code)


# ---- 7. sizes

def test_file_over_the_size_limit_is_refused_before_reading(game_copy):
    with open(game_copy / "zz.yaml", "wb") as f:
        f.truncate(50 << 20)  # 50 MB of holes: reading them would take the time the limit saves
    [finding] = refused(game_copy)
    assert (finding.file, finding.code) == (str(game_copy / "zz.yaml"), "limit-file-size")
    assert "file_size=2MB" in finding.message and "`genkit --limit file_size=N`" in finding.message


def test_pack_over_the_size_limit_is_refused(game_copy):
    findings = refused(game_copy, limits=Limits(pack_size=8000))
    assert {f.code for f in findings} == {"limit-pack-size"}


def test_folder_with_too_many_files_is_refused(game_copy):
    [finding] = refused(game_copy, limits=Limits(files=5))
    assert (finding.file, finding.code) == (str(game_copy), "limit-files")


def test_too_many_values_are_refused(game_copy):
    findings = refused(game_copy, limits=Limits(nodes=1000))
    assert {f.code for f in findings} == {"limit-nodes"}


# ---- 8. symlinks

def test_symlink_out_of_the_pack_is_refused(game_copy, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("turn_track: {turns: 3, per_turn: []}\n")
    (game_copy / "tracks.yaml").unlink()
    (game_copy / "tracks.yaml").symlink_to(secret)
    [finding] = refused(game_copy)
    assert (finding.file, finding.code) == (str(game_copy / "tracks.yaml"), "outside-pack")
    assert str(secret) in finding.message


def test_symlink_inside_the_pack_is_read(game_copy):
    (game_copy / "parts").mkdir()
    (game_copy / "tracks.yaml").rename(game_copy / "parts" / "tracks.yaml")
    (game_copy / "tracks.yaml").symlink_to(game_copy / "parts" / "tracks.yaml")
    assert load(game_copy)[0].turn_track.turns == 30


def test_symlink_loop_is_unreadable_not_a_crash(game_copy):
    (game_copy / "a.yaml").symlink_to(game_copy / "b.yaml")
    (game_copy / "b.yaml").symlink_to(game_copy / "a.yaml")
    findings = refused(game_copy)
    assert [(f.file, f.code) for f in findings] == [(str(game_copy / n), "unreadable") for n in ("a.yaml", "b.yaml")]


def test_hidden_files_such_as_editor_locks_are_not_content(game_copy):
    (game_copy / ".#units.yaml").symlink_to("someone@host.1234")  # what Emacs leaves while editing
    assert load(game_copy)[0].game.id == "bering_land"


def test_inside_pack_resolves_links_and_dot_dots(tmp_path):
    (tmp_path / "pack").mkdir()
    assert inside_pack(tmp_path / "pack" / "a.yaml", tmp_path / "pack")
    assert not inside_pack(tmp_path / "pack" / ".." / "a.yaml", tmp_path / "pack")
    (tmp_path / "pack" / "out").symlink_to(tmp_path)
    assert not inside_pack(tmp_path / "pack" / "out" / "a.yaml", tmp_path / "pack")


# ---- 9. rules module

def test_unknown_rules_module_is_an_error():
    [finding] = [f for f in check_path(BERING, ["game.rules_module=other_game"]) if f.severity == "error"]
    assert finding.code == "rules-module" and "bering_land" in finding.message
    assert_content_error(genkit("check", BERING, "--set", "game.rules_module=other_game"),
                         "--set game.rules_module", "rules-module")


# ---- 10. text printed on one line

def test_line_break_in_a_printed_name_names_file_line_and_field(game_copy):
    edit(game_copy / "game.yaml", "adjective: American", 'adjective: "Amer\\nican"')
    [finding] = refused(game_copy)
    lines = (game_copy / "game.yaml").read_text().splitlines()
    assert finding.file == str(game_copy / "game.yaml") and "Amer" in lines[finding.line - 1]
    assert "game.sides.us.adjective: must be a single line" in finding.message


@pytest.mark.parametrize("setting", ["unit_types.inf.short=IN\tF", 'map.terrain.sea.name="Sea\\u2028"',
                                     'decks.ability.cards.air_strike.name="Air\\nStrike"', 'game.title="A\\rB"'])
def test_printed_one_line_texts_refuse_breaks_and_controls(setting):
    [finding] = refused(BERING, [setting])
    assert finding.code == "schema" and "single line" in finding.message


def test_a_printed_one_line_text_longer_than_a_page_line_names_file_line_and_field(tmp_path):
    """A track's count of 5000 x's (found by a structural fuzz) passed check; the build then hung
    in the player aid and, once that was fixed, stopped on the rules booklet's track table, a cell
    taller than a page, naming rules.md. A Line holds at most LINE_MAX characters."""
    import shutil
    from genkit.model.schema_base import LINE_MAX
    game = tmp_path / "memoir44"
    shutil.copytree(BERING.parent / "memoir44", game)
    edit(game / "tracks.yaml", "count: medals win", "count: " + "x" * 5000)
    [finding] = refused(game)
    lines = (game / "tracks.yaml").read_text().splitlines()
    assert finding.file == str(game / "tracks.yaml") and "count:" in lines[finding.line - 1]
    assert finding.code == "schema"
    assert finding.message.startswith("tracks.medals.count:")
    assert f"at most {LINE_MAX} characters (it has 5000)" in finding.message
    assert load(game, ["tracks.medals.count=" + "x" * LINE_MAX])


@pytest.mark.parametrize("override,says", [("map.terrain.countryside.code=ab", "map.terrain.countryside.code: longer than 1 "
                                             "character,"),
                                            ("map.features.sandbags.mark=ABCD", "map.features.sandbags.mark: longer than 3 "
                                             "characters,")])
def test_a_one_line_text_keeps_the_tighter_limit_of_its_own_field(override, says):
    """A terrain code is one character and a feature's mark at most three, though both are Lines
    (at most LINE_MAX): the field's own limit holds, whatever pydantic's order of constraints."""
    with pytest.raises(ContentError) as err:
        load(BERING.parent / "memoir44", [override])
    assert says in str(err.value)


def test_card_text_may_hold_line_breaks():
    content, _ = load(BERING, ['decks.ability.cards.air_strike.text="Two\\nlines"'])
    assert content.deck("ability").cards[1].text == "Two\nlines"


# ---- the limits themselves

def test_limit_option_raises_a_limit_for_one_run(tmp_path):
    game = one_file_game(tmp_path, "a: " + "[" * 80 + "]" * 80 + "\n")
    raised = CliRunner().invoke(cli, ["--limit", "depth=100", "check", str(game)])
    assert raised.exit_code == 1 and "[limit-depth]" not in raised.output and "[schema]" in raised.output
    default = CliRunner().invoke(cli, ["check", str(game)])
    assert default.exit_code == 1 and "[limit-depth]" in default.output


@pytest.mark.parametrize("limit", ["depth", "depth=deep", "dept=10", "depth=0", "depth=100000", "int_digits=5000",
                                   "file_size=2XB", "nodes=5MB"])
def test_bad_limit_is_a_usage_error(limit):
    result = CliRunner().invoke(cli, ["--limit", limit, "check", str(BERING)])
    assert result.exit_code == 2 and "--limit" in result.output


def test_limit_values_take_sizes_and_whole_numbers():
    limits = parse_limits(["file_size=50MB", "pack_size=1.5GB", "depth=200", "aliases=100000"])
    assert (limits.file_size, limits.pack_size, limits.depth, limits.aliases) == (50 << 20, 3 << 29, 200, 100_000)
    assert parse_limits([]) == Limits()


def test_without_libyaml_the_data_and_the_limits_are_the_same(monkeypatch, tmp_path):
    with_libyaml = load(BERING)[0]
    monkeypatch.setattr(yaml_safe, "_EventSource", yaml.BaseLoader)
    assert load(BERING)[0] == with_libyaml
    [finding] = refused(one_file_game(tmp_path, "a: " + "[" * 600 + "]" * 600 + "\n"))
    assert finding.code == "limit-depth"
