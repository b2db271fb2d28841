"""What ``genkit check`` refuses in a game on the standard rules beyond the section's own model
(docs/standard-rules.md cases 8.4 and 10.1)."""
from __future__ import annotations

from test_standard_position import MINI, content

from genkit.pack.printable import check_path


def _errors(*overrides: str) -> list:
    return [f for f in check_path(MINI, list(overrides)) if f.severity == "error"]


def test_std_8_4_odds_rounded_for_the_attacker_are_refused():
    assert not _errors()
    found = _errors("crt.between_columns=round_up")
    assert [f.code for f in found] == ["rules-limit"] and "round_down" in found[0].message


def test_std_10_1_reserves_need_a_reinforcement_phase_of_their_side():
    """Blue's reinforcement phase handed to grey: blue's reserve would never come on."""
    found = _errors("game.sequence_of_play.blue_reinforcement.side=grey")
    assert [f.code for f in found] == ["rules-reserve"] and "'blue'" in found[0].message
    assert not _errors("game.sequence_of_play.blue_reinforcement.side=null")  # naming no side: both


def _monotonic(*overrides: str) -> list:
    return [f for f in check_path(MINI, list(overrides)) if f.code == "crt-monotonic"]


def _results_in_order(codes: list) -> str:
    """A ``crt.results=[...]`` override listing the mini game's results in the order ``codes``."""
    by_code = {r.code: r for r in content().crt.results}
    rows = ", ".join("{code: %s, name: %s, effect: %s, hexes: %d, text: x}" % (c, by_code[c].name, by_code[c].effect,
                                                                               by_code[c].hexes) for c in codes)
    return f"crt.results=[{rows}]"


def test_std_2_4_results_rank_by_the_order_the_crt_lists_them():
    """The mini table has an exchange (X) on a 5 at 1:2 and a retreat (R) there at 1:1: as listed
    (X worse than R for the defender) the table is monotonic; list R before X and the check ranks
    the 1:1 column's R below the 1:2 column's X, whatever their effects."""
    codes = [r.code for r in content().crt.results]
    assert not _monotonic()
    swapped = list(codes)
    i, j = swapped.index("X"), swapped.index("R")
    swapped[i], swapped[j] = swapped[j], swapped[i]
    found = _monotonic(_results_in_order(swapped))
    assert found and all(f.severity == "warning" for f in found)
    assert any("at 1:1 gives R on a 5 but 1:2 gives X" in f.message for f in found)


def test_std_2_4_a_table_not_monotonic_on_purpose_is_not_warned():
    codes = [r.code for r in content().crt.results]
    reversed_order = _results_in_order(codes[::-1])
    assert _monotonic(reversed_order)
    assert not _monotonic(reversed_order, "crt.check_monotonic=false")


def test_std_2_4_the_warning_reads_on_an_8():
    from genkit.model.check_combat import on_a
    assert [on_a(n) for n in (1, 6, 8, 11, 18, 80, 10, 100)] == [
        "on a 1", "on a 6", "on an 8", "on an 11", "on an 18", "on an 80", "on a 10", "on a 100"]


def _copy_with(tmp_path, file: str, old: str, new: str):
    import shutil
    game = tmp_path / "mini"
    shutil.copytree(MINI, game)
    text = (game / file).read_text()
    assert old in text
    (game / file).write_text(text.replace(old, new, 1))
    return game


def test_std_1_3_a_misspelt_key_is_named_by_the_units_id_with_the_nearest_known_one(tmp_path):
    game = _copy_with(tmp_path, "units.yaml", "    movement: 6\n", "    movment: 6\n")
    found = [f for f in check_path(game) if "movment" in f.message]
    assert len(found) == 1 and found[0].severity == "error"
    f = found[0]
    assert f.message.startswith("unit_types.arm.movment: ") and "'movement'" in f.message
    lines = (game / "units.yaml").read_text().splitlines()
    assert f.file.endswith("units.yaml") and lines[f.line - 1].strip() == "movment: 6"


def test_std_1_3_a_renamed_key_says_what_replaced_it(tmp_path):
    game = _copy_with(tmp_path, "game.yaml", "turn_track:\n", "turn_track:\n  replacements: {blue: 1}\n")
    [f] = [f for f in check_path(game) if f.code == "schema"]
    assert f.message.startswith("turn_track.replacements: ") and "turn_track.per_turn" in f.message
    game = _copy_with(tmp_path / "b", "map.yaml", "  places:\n", "  bases: {blue: '0101'}\n  places:\n")
    [f] = [f for f in check_path(game) if f.code == "schema"]
    assert f.message.startswith("map.bases: ") and "map.places" in f.message and "side" in f.message


BRANNOCK = MINI.parents[2] / "content" / "brannock_ford"


def test_std_1_4_set_addresses_a_list_element_by_index_or_id_and_a_bad_path_is_a_usage_error(genkit):
    """Issue 26 item 10: ``--set map.terrain.0.move_cost=1`` sets the first terrain's cost, as
    its id does; a path that names nothing exits 2 (a usage error) naming the nearest paths; a
    value the model refuses exits 1 (a content error)."""
    from genkit.model.load import load_game
    first = load_game(BRANNOCK).map.terrain[0]
    by_index = load_game(BRANNOCK, ["map.terrain.0.move_cost=3"]).map.terrain[0]
    by_id = load_game(BRANNOCK, [f"map.terrain.{first.id}.move_cost=3"]).map.terrain[0]
    assert first.move_cost != 3 and by_index.id == by_id.id == first.id and by_index.move_cost == by_id.move_cost == 3
    assert genkit("check", BRANNOCK, "--set", "map.terrain.0.move_cost=1")[0] == 0
    code, out, err = genkit("check", BRANNOCK, "--set", "map.terrain.99.move_cost=1")
    assert code == 2 and "no such value" in out + err and "nearest valid paths: map.terrain." in out + err
    assert genkit("check", BRANNOCK, "--set", "map.terrain.0.move_cost=0.3")[0] == 1
