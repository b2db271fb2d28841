"""Each consistency check, proven on a copy of the bundled game broken in one place."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from genkit.pack.printable import check_path
from genkit.model.check_colours import contrast
from tests.conftest import BERING, edit

ROOT = Path(__file__).resolve().parents[2]


def codes(path, severity=None):
    return {f.code for f in check_path(path) if severity in (None, f.severity)}


def test_bundled_game_has_no_errors_and_warns_only_about_its_printed_crt():
    findings = check_path(BERING)
    assert not [f for f in findings if f.severity == "error"]
    # the rules' CRT is kept as printed; its non-monotonic cells are reported, not repaired
    assert {f.code for f in findings} <= {"crt-monotonic", "rules-module"}
    assert any("+4 gives M on a 6 but +2 gives L" in f.message for f in findings)


def test_check_cli_exit_status_and_summary_line():
    ok = subprocess.run([sys.executable, "-m", "genkit.cli", "check", str(BERING)], capture_output=True, text=True)
    assert ok.returncode == 0
    assert ok.stdout.strip().splitlines()[-1].startswith("0 errors,")
    bad = subprocess.run([sys.executable, "-m", "genkit.cli", "check", "/no/such/folder"], capture_output=True,
                         text=True)
    assert bad.returncode == 2
    opt = subprocess.run([sys.executable, "-m", "genkit.cli", "check", str(BERING), "--format", "xml"],
                         capture_output=True, text=True)
    assert opt.returncode == 2


def test_json_format_lists_findings_with_all_fields(game_copy):
    edit(game_copy / "game.yaml", "pieces: 46", "pieces: 47")
    out = subprocess.run([sys.executable, "-m", "genkit.cli", "check", str(game_copy), "--format", "json"],
                         capture_output=True, text=True)
    assert out.returncode == 1
    findings = json.loads(out.stdout)
    assert findings[0]["severity"] == "error"  # errors first
    assert set(findings[0]) == {"file", "line", "severity", "code", "message"}
    assert any(f["code"] == "piece-count" and f["file"].endswith("game.yaml") for f in findings)


def test_errors_are_listed_before_warnings(game_copy):
    edit(game_copy / "game.yaml", "cards: 24", "cards: 25")
    findings = check_path(game_copy)
    severities = [f.severity for f in findings]
    assert severities == sorted(severities, key=["error", "warning"].index)


# ---- references

def test_unknown_unit_type_in_counter_mix(game_copy):
    edit(game_copy / "units.yaml", "{side: us, type: inf,", "{side: us, type: infantry,")
    assert "unknown-unit-type" in codes(game_copy, "error")


def test_unknown_side(game_copy):
    edit(game_copy / "units.yaml", "{side: ru, type: inf,", "{side: rus, type: inf,")
    assert "unknown-side" in codes(game_copy, "error")


def test_a_renamed_side_is_reported_not_a_check_crash():
    """A side id changed under its markers (found by benchmarks/fuzz_check.py): the markers'
    unknown side is an error, and no check fails to run."""
    found = check_path(ROOT / "tests" / "fixtures" / "standard_mini", ["game.sides.grey.id=xgrey"])
    assert "unknown-side" in {f.code for f in found} and "check-failed" not in {f.code for f in found}


def test_a_short_crt_row_is_reported_once_and_no_drawing_check_fails(game_copy):
    """A CRT row one result short (found by a structural fuzz): the row is the error, with its
    file and line; the rules booklet's CRT table, drawn from it, is not tried (it raised IndexError)."""
    edit(game_copy / "crt.yaml", "rows: {primary:   [L, L, M, M, M, M],", "rows: {primary:   [L, L, M, M, M],")
    found = check_path(game_copy)
    assert "crt-missing" in {f.code for f in found} and "check-failed" not in {f.code for f in found}
    assert all(f.file.endswith(".yaml") and f.line > 0 for f in found if f.severity == "error")


@pytest.mark.parametrize("file, old, new, code", [
    ("rules.yaml", '- {hex: "0902", side: allies}', '- {hex: "0902", side: nosuch}', "rules-reference"),
    ("game.yaml", "- id: axis", "- id: axis_draw", "unknown-side"),
    ("command-cards.csv", ",4,armour,", ",4,zz_unknown,", "field-value"),
])
def test_an_unknown_reference_is_reported_not_a_drawing_check_crash(tmp_path, file, old, new, code):
    """An unknown side or unit type in memoir44 (found by a structural fuzz): the reference is the
    error; the map legend and the booklet's charts, which look it up, are not drawn (they raised
    KeyError or StopIteration, reported as check-failed without a file or line)."""
    import shutil
    game = tmp_path / "memoir44"
    shutil.copytree(ROOT / "content" / "memoir44", game)
    edit(game / file, old, new)
    found = check_path(game)
    assert code in {f.code for f in found} and "check-failed" not in {f.code for f in found}


def test_turn_limit_winner_must_be_a_side_or_draw(game_copy):
    text = (game_copy / "game.yaml").read_text().splitlines()
    line = next(n for n, row in enumerate(text, start=1) if "kind: turn_limit" in row)
    edit(game_copy / "game.yaml", "{kind: turn_limit, winner: ru}", "{kind: turn_limit, winner: rus}")
    [f] = [f for f in check_path(game_copy) if f.code == "unknown-side"]
    assert f.severity == "error" and f.file.endswith("game.yaml") and f.line == line
    assert "'rus'" in f.message and "draw" in f.message
    edit(game_copy / "game.yaml", "winner: rus}", "winner: draw}")
    assert "unknown-side" not in codes(game_copy)


def test_victory_needs_one_turn_limit_and_each_condition_once(game_copy):
    edit(game_copy / "game.yaml", "    - {kind: turn_limit, winner: ru}\n", "    - {kind: no_units}\n")
    assert {"no-turn-limit", "duplicate-id"} <= codes(game_copy, "error")


def test_unknown_terrain_code_names_row_and_column(game_copy):
    edit(game_copy / "map.yaml", '"~=.mmoo,....,.,,o,==~"', '"~=.mmoo,..X.,.,,o,==~"')
    f = next(f for f in check_path(game_copy) if f.code == "unknown-terrain")
    assert "row 1 column 11" in f.message and f.file.endswith("map.yaml")


def test_short_map_row(game_copy):
    edit(game_copy / "map.yaml", '"~=.mmoo,....,.,,o,==~"', '"~=.mmoo,....,.,,o,=~"')
    assert "map-size" in codes(game_copy, "error")


def test_hex_off_the_map(game_copy):
    edit(game_copy / "units.yaml", '"0305", "0307"', '"0305", "2207"')
    assert "off-map" in codes(game_copy, "error")


def test_setup_on_impassable_hex(game_copy):
    edit(game_copy / "units.yaml", '"0305", "0307"', '"0305", "0101"')  # 0101 is sea
    assert "impassable" in codes(game_copy, "error")


def test_setup_on_the_enemy_half(game_copy):
    edit(game_copy / "units.yaml", '"0305", "0307"', '"0305", "1202"')
    f = next(f for f in check_path(game_copy) if f.code == "setup-half")
    assert "1202" in f.message and f.file.endswith("units.yaml")


def test_two_units_set_up_in_one_hex(game_copy):
    edit(game_copy / "units.yaml", '"0305", "0307"', '"0305", "0305"')
    assert "setup-stacked" in codes(game_copy, "error")


def test_setup_in_enemy_zone_of_control(game_copy):
    # an American unit on the half-way line (1105) next to a Russian one (1205)
    edit(game_copy / "units.yaml", '"0305", "0307"', '"1105", "0307"')
    edit(game_copy / "units.yaml", '"1206", "1406"', '"1205", "1406"')
    findings = [f for f in check_path(game_copy) if f.code == "setup-ezoc"]
    assert {f.message.split()[2] for f in findings} == {"1105", "1205"}


def test_duplicate_ids(game_copy):
    edit(game_copy / "units.yaml", "  - id: hvy_inf\n", "  - id: inf\n")
    assert "duplicate-id" in codes(game_copy, "error")


# ---- counts and values

def test_counter_mix_must_add_up_to_the_stated_pieces(game_copy):
    edit(game_copy / "units.yaml", "setup: [\"0406\", \"0507\"], reserve: 1}", "setup: [\"0406\", \"0507\"], reserve: 2}")
    f = next(f for f in check_path(game_copy) if f.code == "piece-count")
    assert "47 pieces" in f.message and "states 46" in f.message


def test_deck_must_add_up_to_the_stated_cards(game_copy):
    edit(game_copy / "cards.yaml", "          - {roll: [5, 6]}\n", "", count=1)
    f = next(f for f in check_path(game_copy) if f.code == "card-count")
    assert "23 cards" in f.message


def test_reduced_strength_is_half_rounded_down(game_copy):
    edit(game_copy / "units.yaml", "strength: {full: 2, reduced: 1}", "strength: {full: 2, reduced: 2}")
    f = next(f for f in check_path(game_copy) if f.code == "reduced-strength")
    assert "= 1" in f.message


def test_secondary_distance_shorter_than_primary(game_copy):
    edit(game_copy / "units.yaml", "{primary: 2, secondary: 4}", "{primary: 3, secondary: 2}")
    assert "attack-distance" in codes(game_copy, "error")


# ---- CRT

def test_every_crt_cell_exists(game_copy):
    edit(game_copy / "crt.yaml", "rows: {primary:   [L, L, M, M, M, M],", "rows: {primary:   [L, L, M, M, M],")
    f = next(f for f in check_path(game_copy) if f.code == "crt-missing")
    assert "5 results" in f.message


def test_crt_row_for_every_attack_type(game_copy):
    edit(game_copy / "crt.yaml", "             secondary: [K, M, M, M, M, M]}", "}")
    edit(game_copy / "crt.yaml", "rows: {primary:   [L, L, M, M, M, M],", "rows: {primary:   [L, L, M, M, M, M]")
    assert "crt-missing" in codes(game_copy, "error")


def test_undefined_crt_result(game_copy):
    edit(game_copy / "crt.yaml", "[L, L, M, M, M, M]", "[L, L, M, M, M, D]")
    assert "crt-result" in codes(game_copy, "error")


def test_monotonic_crt_gives_no_warning(game_copy):
    # make every row the same: nothing to complain about
    text = (game_copy / "crt.yaml").read_text()
    import re
    text = re.sub(r"\[[KLM], [KLM], [KLM], [KLM], [KLM], [KLM]\]", "[K, K, L, L, M, M]", text)
    (game_copy / "crt.yaml").write_text(text)
    assert "crt-monotonic" not in codes(game_copy)


def test_worse_result_for_better_differential_is_warned(game_copy):
    edit(game_copy / "crt.yaml", "rows: {primary:   [K, K, K, K, L, L],", "rows: {primary:   [M, K, K, K, L, L],")
    assert any("+6 gives M on a 1" in f.message for f in check_path(game_copy))


# ---- map

def test_each_side_must_reach_the_enemy_base(game_copy):
    # wall off the two halves with sea along the half-way column (the 11th code of each row)
    import re
    path = game_copy / "map.yaml"
    text = re.sub(r'(    - ")(.{10}).', r"\1\2~", path.read_text())
    path.write_text(text)
    found = [f for f in check_path(game_copy) if f.code == "unreachable-base"]
    assert len(found) == 2  # neither side can reach the other


def test_grid_must_fit_the_sheet(game_copy):
    edit(game_copy / "map.yaml", "hex_size_in: 0.875", "hex_size_in: 1.1")
    assert "sheet-fit" in codes(game_copy, "error")


def test_counters_must_fit_the_hexes(game_copy):
    edit(game_copy / "game.yaml", "counter_in: 0.75", "counter_in: 1.0")
    assert "counter-fit" in codes(game_copy, "error")


def test_bases_on_the_same_half(game_copy):
    edit(game_copy / "map.yaml", '{name: Serpentine Tors, hex: "1308", side: ru}',
         '{name: Serpentine Tors, hex: "0905", side: ru}')
    f = next(f for f in check_path(game_copy) if f.code == "shared-half")
    assert f.file.endswith("map.yaml")


def test_base_on_the_half_way_line(game_copy):
    edit(game_copy / "map.yaml", '{name: Serpentine Tors, hex: "1308", side: ru}',
         '{name: Serpentine Tors, hex: "1108", side: ru}')
    f = next(f for f in check_path(game_copy) if f.code == "base-half")
    assert f.file.endswith("map.yaml") and f.line > 1


def test_each_side_needs_exactly_one_base(game_copy):
    edit(game_copy / "map.yaml", '{name: Serpentine Tors, hex: "1308", side: ru}', '{name: Serpentine Tors, hex: "1308"}')
    assert "missing-base" in codes(game_copy, "error")


def test_a_side_owning_two_places_has_no_single_base(game_copy):
    edit(game_copy / "map.yaml", '{name: Nome, hex: "0206"}', '{name: Nome, hex: "0206", side: us}')
    f = next(f for f in check_path(game_copy) if f.code == "two-bases")
    assert f.file.endswith("map.yaml")


def test_place_side_must_be_a_side(game_copy):
    edit(game_copy / "map.yaml", '{name: Nome, hex: "0206"}', '{name: Nome, hex: "0206", side: fr}')
    assert "unknown-side" in codes(game_copy, "error")


def test_rules_section_names_must_resolve(game_copy):
    edit(game_copy / "rules.yaml", "halfway_line: halfway", "halfway_line: midline")
    f = next(f for f in check_path(game_copy) if f.code == "rules-reference")
    assert f.file.endswith("rules.yaml") and f.line == 5 and "midline" in f.message


def test_killstreak_track_needs_a_lane_per_unit_type(game_copy):
    edit(game_copy / "tracks.yaml", "lanes: {inf: 2, hvy_inf: 3, lt_mobile: 3, hvy_mobile: 4}",
         "lanes: {inf: 2, hvy_inf: 3, lt_mobile: 3}")
    f = next(f for f in check_path(game_copy) if f.code == "killstreak-lane")
    assert "hvy_mobile" in f.message and f.file.endswith("tracks.yaml")


def test_marker_track_names_a_track_lane(game_copy):
    edit(game_copy / "units.yaml", 'track: "killstreak:inf"', 'track: "killstreak:cavalry"')
    f = next(f for f in check_path(game_copy) if f.code == "bad-track")
    assert f.file.endswith("units.yaml")


def test_per_turn_numbers_name_sides(game_copy):
    edit(game_copy / "tracks.yaml", "each_turn: {us: 1, ru: 1}", "each_turn: {us: 1, fr: 1}")
    f = next(f for f in check_path(game_copy) if f.code == "unknown-side")
    assert f.file.endswith("tracks.yaml") and "'fr'" in f.message


def test_turn_limit_may_go_to_most_points(game_copy):
    edit(game_copy / "game.yaml", "{kind: turn_limit, winner: ru}", "{kind: turn_limit, winner: most_points}")
    assert not codes(game_copy, "error")


def test_hold_hexes_must_be_on_the_map_and_passable(game_copy):
    edit(game_copy / "game.yaml", "{kind: no_units}", '{kind: hold, hexes: ["0101", "3030"]}')
    errors = [f for f in check_path(game_copy) if f.severity == "error"]
    assert {"impassable", "off-map"} <= {f.code for f in errors}
    assert all(f.file.endswith("game.yaml") for f in errors if f.code in ("impassable", "off-map"))


def test_entering_an_enemy_place_needs_an_owned_place(game_copy):
    edit(game_copy / "map.yaml", '{name: Serpentine Tors, hex: "1308", side: ru}', '{name: Serpentine Tors, hex: "1308"}')
    edit(game_copy / "map.yaml", '{name: Fort Davis, hex: "0207", side: us}', '{name: Fort Davis, hex: "0207"}')
    assert "no-owned-place" in codes(game_copy, "error")


def test_odds_columns_are_accepted_and_checked(game_copy):
    text = (game_copy / "crt.yaml").read_text()
    for diff, odds in (("-3", "1:3"), ("-2", "1:2"), ("-1", "1:1"), ("0", "3:2"), ("2", "2:1"), ("4", "3:1"),
                       ("6", "4:1")):
        text = text.replace(f"differential: {diff}\n", f"differential: null\n      odds: \"{odds}\"\n", 1)
    text = text.replace("differential: null\n      ", "")
    (game_copy / "crt.yaml").write_text(text)
    # the model is valid; only Bering Land's rules read differential columns alone
    assert codes(game_copy, "error") == {"rules-limit"}
    from genkit.model.load import load_game
    crt = load_game(game_copy).crt
    assert [c.label for c in crt.columns] == ["1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1"]
    # mixing kinds is an error at the column
    edit(game_copy / "crt.yaml", 'odds: "2:1"', "differential: 2")
    f = next(f for f in check_path(game_copy) if f.code == "crt-column")
    assert f.file.endswith("crt.yaml") and "same kind" in f.message


# ---- abilities, tracks, colours

def test_draw_table_names_a_real_card(game_copy):
    edit(game_copy / "cards.yaml", "6: double_barrel}", "6: triple_barrel}")
    assert "unknown-card" in codes(game_copy, "error")


def test_card_roll_beyond_the_die(game_copy):
    edit(game_copy / "crt.yaml", "die_faces: 6", "die_faces: 4")
    assert "roll-range" in codes(game_copy, "error")


def test_replacement_turn_outside_the_game(game_copy):
    edit(game_copy / "tracks.yaml", "1: {us: 0, ru: 0}", "31: {us: 0, ru: 0}")
    assert "turn-range" in codes(game_copy, "warning")


def test_side_colours_that_colour_blind_players_confuse(game_copy):
    edit(game_copy / "game.yaml", 'full: "#14306a"', 'full: "#6b8e23"')  # olive green against red
    edit(game_copy / "game.yaml", 'full: "#f2a07f"', 'full: "#c0391b"')
    assert "colour-blind" in codes(game_copy, "warning")


def test_low_text_contrast_is_warned(game_copy):
    edit(game_copy / "game.yaml", 'text: "#ffffff", reduced_text: "#ffffff"', 'text: "#3060b0", reduced_text: "#ffffff"')
    assert "contrast" in codes(game_copy, "warning")


def test_contrast_ratio_extremes():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)


# ---- rules the engine depends on

def test_sequence_of_play_needs_one_housekeeping_and_acting_sides(game_copy):
    edit(game_copy / "game.yaml", "    - {id: housekeeping, name: Housekeeping, kind: housekeeping}\n", "")
    edit(game_copy / "game.yaml", "kind: combat, side: ru}", "kind: combat}")
    found = codes(game_copy, "error")
    assert {"housekeeping", "phase-side"} <= found


def test_attack_types_must_pair_with_attack_distances(game_copy):
    text = (game_copy / "crt.yaml").read_text().replace("primary", "direct").replace("secondary", "indirect")
    (game_copy / "crt.yaml").write_text(text)
    f = next(f for f in check_path(game_copy) if f.code == "attack-distance")
    assert f.file.endswith("units.yaml") and "direct, indirect" in f.message
    text = (game_copy / "units.yaml").read_text().replace("primary", "direct").replace("secondary", "indirect")
    (game_copy / "units.yaml").write_text(text)
    assert not codes(game_copy, "error")


def test_huge_numbers_are_refused_by_the_schema(game_copy):
    edit(game_copy / "units.yaml", "movement: 3", "movement: 99999999999")
    f = next(f for f in check_path(game_copy) if f.severity == "error")
    assert "more than the largest allowed, 99" in f.message and f.file.endswith("units.yaml")
