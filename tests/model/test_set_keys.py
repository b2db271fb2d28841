"""--set keys: list elements by index, and keys that can name nothing are usage errors (exit 2)
naming the key and what is expected, never an internal error (issues 23 and 26)."""
import pytest

from genkit.model.load import ContentError, load, load_game
from tests.conftest import BERING

CHANGES = "turn_track.per_turn.replacements.changes"


def test_a_list_element_is_addressed_by_its_index_as_well_as_its_id(bering):
    tundra = next(i for i, t in enumerate(bering.map.terrain) if t.id == "tundra")
    content = load_game(BERING, [f"map.terrain.{tundra}.move_cost=3"])
    assert content.map.terrain[tundra].id == "tundra" and content.map.terrain[tundra].move_cost == 3


def test_an_index_past_the_end_of_a_list_names_no_value():
    with pytest.raises(ContentError) as exc:
        load(BERING, ["map.terrain.99.move_cost=1"])
    assert "no such value" in exc.value.findings[0].message


@pytest.mark.parametrize("part", ["--5", "²", "１８", "x"])
def test_a_key_that_is_not_a_whole_number_where_turns_are_expected_is_named(part):
    with pytest.raises(ContentError) as exc:
        load(BERING, [f"{CHANGES}.{part}.ru=1"])
    finding = exc.value.findings[0]
    assert (finding.file, finding.code) == ("--set", "bad-set")
    assert f"'{part}' is not a whole number" in finding.message and CHANGES in finding.message


def test_a_number_longer_than_the_digit_limit_is_refused_without_converting_it():
    with pytest.raises(ContentError) as exc:
        load(BERING, [f"{CHANGES}.{'9' * 5000}.ru=1"])
    message = exc.value.findings[0].message
    assert "at most 18 digits" in message and "5000" in message and len(message) < 300


@pytest.mark.parametrize("key", [f"{CHANGES}.--5.carrow", f"{CHANGES}.²", f"{CHANGES}.{'1' * 5000}.ru",
                                 "map.terrain.nowhere.move_cost", "nonsense"])
def test_a_bad_set_key_is_a_usage_error_on_every_command(genkit, key, tmp_path):
    for args in (("check",), ("build", "--out", str(tmp_path / "kit")), ("play",)):
        code, out, err = genkit(args[0], str(BERING), *args[1:], "--set", f"{key}=1")
        assert code == 2, (args, out, err)
        assert "--set '" in out + err
    assert not (tmp_path / "kit").exists()


def test_a_bad_set_value_is_still_a_content_error(genkit):
    assert genkit("check", str(BERING), "--set", "unit_types.inf.movement=fast")[0] == 1
