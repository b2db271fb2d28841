"""Loading: YAML safety, positions, merging, overrides, and messages for malformed input."""
import subprocess
import sys

import pytest

from genkit.model.load import ContentError, load, load_game, parse_yaml, settable_paths
from tests.conftest import BERING, edit


def run_check(path, *args):
    return subprocess.run([sys.executable, "-m", "genkit.cli", "check", str(path), *args],
                          capture_output=True, text=True)


def test_bundled_game_loads_with_every_number_from_the_rules(bering):
    # numbers the rules give (3.0, 4.0, 9.2, 11.2.1, 11.3) survive loading
    assert bering.game.components.pieces == 46
    assert bering.game.components.cards == 24
    assert bering.turn_track.turns == 30
    assert bering.deck("ability").hand_limit == 7
    assert bering.deck("ability").plays_per_phase == 1
    heavy = bering.unit_type("hvy_mobile")
    assert (heavy.strength.full, heavy.strength.reduced) == (4, 2)
    assert bering.track("killstreak").lanes == {"inf": 2, "hvy_inf": 3, "lt_mobile": 3, "hvy_mobile": 4}
    assert [(p.name, p.hex) for p in bering.map.places if p.side] == [("Fort Davis", "0207"),
                                                                       ("Serpentine Tors", "1308")]
    assert bering.map.line("halfway").at == 11
    # 10.0: one American step a turn from turn 2; Russian steps on turns 3, 6, 9, 12, 18 and 24
    assert [bering.turn_value("replacements", t, "us") for t in (1, 2, 30)] == [0, 1, 1]
    assert [t for t in range(1, 31) if bering.turn_value("replacements", t, "ru")] == [3, 6, 9, 12, 18, 24]
    assert bering.turn_value("no_such_entry", 3, "ru") == 0
    assert bering.rules["options"]["battle_joiners"] == "in_range"


def test_yaml_1_1_traps_stay_strings():
    errors, pos = [], {}
    data = parse_yaml("a: 0101\nb: no\nc: yes\nd: on\ne: 0o17\nf: true\ng: 12\nh: 1.5\n", "t.yaml", pos, errors)
    assert data == {"a": "0101", "b": "no", "c": "yes", "d": "on", "e": "0o17", "f": True, "g": 12, "h": 1.5}
    assert not errors


def test_positions_point_at_the_line_of_each_value():
    errors, pos = [], {}
    parse_yaml("a:\n  b:\n    - x\n    - y: 3\n", "t.yaml", pos, errors)
    assert pos[("a", "b", 1, "y")] == ("t.yaml", 4)
    assert pos[("a", "b", 0)] == ("t.yaml", 3)


MALFORMED = [
    ("tabs", "game:\n\tid: x\n", "yaml-syntax", 2),
    ("unclosed flow", "game: {id: x\n", "yaml-syntax", 2),
    ("object tag", "game: !!python/object:os.system {}\n", "yaml-tag", 1),
    ("duplicate key", "game:\n  id: a\n  id: b\n", "duplicate-key", 3),
    ("list at top", "- 1\n- 2\n", "not-a-mapping", 1),
    ("two documents", "a: 1\n---\nb: 2\n", "yaml-syntax", 2),
    ("empty", "", "empty-file", 1),
    ("binary", None, "unreadable", 1),
]


@pytest.mark.parametrize("name,text,code,line", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_yaml_gives_file_line_and_exit_1(tmp_path, name, text, code, line):
    game = tmp_path / "g"
    game.mkdir()
    f = game / "game.yaml"
    if text is None:
        f.write_bytes(b"\xff\xfe\x00bad")
    else:
        f.write_text(text)
    with pytest.raises(ContentError) as exc:
        load(game)
    finding = exc.value.findings[0]
    assert (finding.code, finding.line, finding.file) == (code, line, str(f))
    result = run_check(game)
    assert result.returncode == 1
    assert f"{f}:{line}: error:" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_wrong_type_names_field_line_and_expectation(game_copy):
    edit(game_copy / "units.yaml", "movement: 3", "movement: three")
    result = run_check(game_copy)
    assert result.returncode == 1
    line = next(l for l in result.stdout.splitlines() if "error" in l)
    assert "units.yaml:" in line and "unit_types.inf.movement" in line and "not a whole number" in line and "got 'three'" in line
    assert "movement allowance" in line  # says what is expected


def test_unquoted_hex_id_is_explained(game_copy):
    edit(game_copy / "map.yaml", '{name: Nome, hex: "0206"}', "{name: Nome, hex: 206}")
    result = run_check(game_copy)
    assert result.returncode == 1
    assert "map.places.1.hex" in result.stdout and "quote it" in result.stdout


def test_unknown_field_is_an_error_not_ignored(game_copy):
    edit(game_copy / "units.yaml", "    movement: 3\n", "    movement: 3\n    movment: 4\n")
    result = run_check(game_copy)
    assert result.returncode == 1
    assert "unit_types.inf.movment: unknown field" in result.stdout and "movement" in result.stdout.split("movment: unknown field")[1]


def test_missing_field_points_at_its_parent(game_copy):
    edit(game_copy / "units.yaml", "    movement: 3\n", "")
    with pytest.raises(ContentError) as exc:
        load(game_copy)
    f = exc.value.findings[0]
    assert "unit_types.inf.movement: required field is missing" in f.message
    assert f.file.endswith("units.yaml") and f.line > 1


def test_a_section_defined_in_two_files_is_an_error(game_copy):
    (game_copy / "zz_extra.yaml").write_text("turn_track:\n  turns: 3\n  per_turn: []\n")
    with pytest.raises(ContentError) as exc:
        load(game_copy)
    f = exc.value.findings[0]
    assert f.code == "duplicate-section" and f.file.endswith("zz_extra.yaml") and "tracks.yaml" in f.message


def test_merge_order_is_game_first_then_alphabetical(game_copy):
    from genkit.model.load import content_files
    names = [p.name for p in content_files(game_copy)]
    assert names[0] == "game.yaml" and names[1:] == sorted(names[1:])


def test_set_overrides_a_value_by_dotted_path():
    content = load_game(BERING, ["unit_types.inf.movement=5", "crt.columns.-3.rows.primary=[K,K,K,K,K,K]"])
    assert content.unit_type("inf").movement == 5
    assert content.crt.columns[0].rows["primary"] == ["K"] * 6


def test_set_with_a_bad_path_names_the_nearest_valid_paths():
    with pytest.raises(ContentError) as exc:
        load(BERING, ["unit_types.inf.movment=5"])
    assert "unit_types.inf.movement" in exc.value.findings[0].message


def test_set_adds_an_entry_to_a_mapping_of_the_model():
    """A turn the schedule does not name yet (a number key) and a side under it are made; so is a
    key of a rules module's section, which that module's model then checks (on loading the
    pack: tests/pack/test_pack_step.py)."""
    content = load_game(BERING, ["turn_track.per_turn.replacements.changes.18.ru=1"])
    assert content.turn_value("replacements", 18, "ru") == 1
    assert content.turn_value("replacements", 17, "ru") == 0
    content = load_game(BERING.parent / "memoir44", ["rules.extra_orders.allies=1"])
    assert content.rules["extra_orders"] == {"allies": 1}


def test_set_adds_no_field_to_a_record():
    with pytest.raises(ContentError) as exc:
        load(BERING, ["unit_types.inf.speed=5"])        # a record's field: a typo, not a new entry
    assert "no such value" in exc.value.findings[0].message


def test_settable_paths_address_list_elements_by_id(bering):
    from genkit.model.load import read_raw
    raw, _, _ = read_raw(BERING)
    paths = settable_paths(raw)
    assert "unit_types.hvy_mobile.strength.full" in paths
    assert "map.terrain.sea.move_cost" in paths


def test_published_json_schema_is_current():
    from genkit.model.schema import json_schema
    import json
    from tests.conftest import ROOT
    committed = json.loads((ROOT / "genkit" / "model" / "content.schema.json").read_text())
    assert committed == json_schema(), "run: genkit schema --out genkit/model/content.schema.json"


def test_bundled_packs_point_editors_at_a_current_schema_of_their_own():
    """Each bundled pack carries content.schema.json (a copied pack keeps a working editor link),
    and it is this genkit's schema."""
    import json
    from genkit.model.schema import SCHEMA_FILE, json_schema
    from tests.conftest import ROOT
    for pack in sorted(p for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file()):
        for f in pack.glob("*.yaml"):
            assert f.read_text().startswith(f"# yaml-language-server: $schema={SCHEMA_FILE}\n"), f
        assert json.loads((pack / SCHEMA_FILE).read_text()) == json_schema(), \
            f"run: genkit schema --out {pack.relative_to(ROOT)}/{SCHEMA_FILE}"


def test_set_errors_point_at_the_set_not_the_file():
    with pytest.raises(ContentError) as exc:
        load(BERING, ["unit_types.inf.movement=abc"])
    f = exc.value.findings[0]
    assert f.file == "--set unit_types.inf.movement" and f.line == 0
    assert str(f).startswith("--set unit_types.inf.movement: error:")


def test_crt_columns_are_addressed_by_signed_differential_only():
    content = load_game(BERING, ["crt.columns.+2.rows.primary=[M,M,M,M,M,M]"])
    column = next(c for c in content.crt.columns if c.differential == 2)
    assert column.rows["primary"] == ["M"] * 6
    with pytest.raises(ContentError) as exc:  # a bare 2 could mean index 2 or +2: refused
        load(BERING, ["crt.columns.2.rows.primary=[M,M,M,M,M,M]"])
    assert "crt.columns.+2.rows.primary" in exc.value.findings[0].message


def test_set_addresses_a_victory_condition_by_its_kind():
    model = load_game(BERING, ["game.victory.turn_limit.winner=us"])
    turn_limit, = (v for v in model.game.victory if v.kind == "turn_limit")
    assert turn_limit.winner == "us"
