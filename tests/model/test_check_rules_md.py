"""genkit check reads rules.md: placeholders name values of the model, tables exist, and the
Markdown prints as written; each finding names rules.md and its line."""
import os
from pathlib import Path

import pytest

from genkit.pack.printable import check_path

BASE = "# 1.0 Start\n\nHand: {{ decks.ability.hand_limit }}.\n\n## 1.1 Next\n\nText.\n"


def _rules_findings(game: Path, text: str | None = None):
    if text is not None:
        (game / "rules.md").write_text(text)
    return [(Path(f.file).name, f.line, f.code, f.message) for f in check_path(game)
            if f.code.startswith("rules")]


def test_the_bundled_rules_check_clean(game_copy):
    assert _rules_findings(game_copy) == []


def test_a_game_without_rules_md_has_no_rules_findings(game_copy):
    (game_copy / "rules.md").unlink()
    assert _rules_findings(game_copy) == []


def test_a_placeholder_naming_no_value_says_what_is_known_there(game_copy):
    (found,) = _rules_findings(game_copy, BASE + "\nInfantry moves {{ unit_types.inf.movment }}.\n")
    assert found[:3] == ("rules.md", 9, "rules-placeholder")
    assert "movment" in found[3] and "did you mean 'movement'" in found[3] and "strength" in found[3]


def test_an_unknown_keyed_element_lists_the_keys(game_copy):
    (found,) = _rules_findings(game_copy, BASE + "{{ unit_types.tank.movement }}\n")
    assert found[1] == 8 and "'unit_types' has no 'tank'" in found[3] and "hvy_mobile" in found[3]


def test_an_unknown_top_level_name_is_reported(game_copy):
    (found,) = _rules_findings(game_copy, BASE + "{{ abilities.hand_limit }}\n")
    assert found[1] == 8 and "'abilities' is not in the model" in found[3]


def test_loop_variables_defined_tests_and_methods_are_not_placeholders(game_copy):
    text = BASE + ("{% for u in unit_types %}{{ u.name }} {% endfor %}\n"
                   "{% if decks.ability.nothing is defined %}x{% endif %}\n"
                   "{% for k, v in tracks.killstreak.lanes.items() %}{{ k }}={{ v }} {% endfor %}\n"
                   "{{ crt.columns['+2'].rows.primary | join(', ') }} {{ game.victory.turn_limit.winner }}\n")
    assert _rules_findings(game_copy, text) == []


def test_placeholder_syntax_errors_name_the_line(game_copy):
    (found,) = _rules_findings(game_copy, BASE + "{{ decks.ability.hand_limit \n")
    assert found[:3] == ("rules.md", 8, "rules-placeholder") and "syntax" in found[3]


def test_an_unknown_table_is_an_error_listing_the_tables(game_copy):
    found = _rules_findings(game_copy, BASE + "\n[[crt]]\n\n[[unit_chart]]\n\n[[per_turn nothing]]\n")
    assert [(f[1], f[2]) for f in found] == [(11, "rules-table"), (13, "rules-table")]
    assert "units" in found[0][3] and "replacements" in found[1][3]


def test_a_table_inside_a_sentence_is_an_error(game_copy):
    (found,) = _rules_findings(game_copy, BASE + "See [[crt]] here.\n")
    assert found[1:3] == (8, "rules-table")


@pytest.mark.parametrize("extra, line, words", [
    ("#### 1.1.1.1 Too deep\n", 8, "heading level 4"),
    ("<b>bold</b> text\n", 8, "raw HTML"),
    ("![map](map.png)\n", 8, "images"),
    ("## 1.1 Again\n", 8, "numbered twice"),
    ("## 0.5 Back\n", 8, "out of order"),
])
def test_markdown_that_would_print_wrong_is_an_error(game_copy, extra, line, words):
    found = _rules_findings(game_copy, BASE + extra)
    assert [(f[1], f[2].startswith("rules-")) for f in found] == [(line, True)], found
    assert words in found[0][3]


def test_a_skipped_heading_level_is_an_error(game_copy):
    (found,) = _rules_findings(game_copy, "# 1.0 A\n\n### 1.0.1 B\n")
    assert found[1:3] == (3, "rules-markdown") and "skipped" in found[3]


def test_a_runaway_template_is_stopped_by_the_sandbox(game_copy):
    text = BASE + "{% for i in range(10000) %}{% for j in range(10000) %}x{% endfor %}{% endfor %}\n"
    (found,) = _rules_findings(game_copy, text)
    assert found[1:3] == (8, "rules-placeholder") and "loop" in found[3]


def test_a_rules_md_linking_outside_the_pack_is_refused(game_copy, tmp_path):
    outside = tmp_path / "secret.md"
    outside.write_text("# 1.0 x\n")
    (game_copy / "rules.md").unlink()
    os.symlink(outside, game_copy / "rules.md")
    (found,) = _rules_findings(game_copy)
    assert found[2] == "rules-file" and "outside the content folder" in found[3]


def test_rules_md_that_is_not_utf8_is_refused(game_copy):
    (game_copy / "rules.md").write_bytes(b"# 1.0 \xff\n")
    (found,) = _rules_findings(game_copy)
    assert found[2] == "rules-file" and "UTF-8" in found[3]


def test_genkit_check_and_build_report_it_before_building(game_copy, genkit, tmp_path):
    (game_copy / "rules.md").write_text(BASE + "{{ turn_track.turn }}\n")
    status, out, _ = genkit("check", game_copy)
    assert status == 1 and "rules.md:8: error: placeholder 'turn_track.turn' names no value" in out
    status, _, err = genkit("build", game_copy, "--out", tmp_path / "out")
    assert status == 1 and "rules.md:8" in err + _ and not (tmp_path / "out").exists()


RIDGE = Path(__file__).resolve().parents[1] / "fixtures" / "ridge"
EVERY_TABLE = ["crt", "results", "units", "terrain", "sequence", "per_turn", "turn_track", "tracks", "setup",
               "markers", "places", "cards", "deck_rules", "draw_table"]


def test_another_game_prints_the_tables_it_has_and_is_told_about_the_rest(tmp_path):
    """The tables are generic: the second game (no cards, no tracks, no per-turn numbers) gets
    every table it has data for, and a finding for each one it has nothing to show in."""
    import shutil
    from genkit.model.load import load_game
    from genkit.pack.printable import build_kit
    from genkit.render.rules_tables import TABLES
    assert sorted(EVERY_TABLE) == sorted(TABLES)
    game = tmp_path / "ridge"
    shutil.copytree(RIDGE, game)
    lines = ["# 1.0 Tables", ""] + [f"[[{name}]]\n" for name in EVERY_TABLE]
    found = _rules_findings(game, "\n".join(lines) + "\n")
    empty = {f[3].split("'")[1] for f in found}
    content = load_game(game)
    expected = {"cards", "draw_table"} if not content.decks else set()
    expected |= {"deck_rules"} if not any(d.hand_limit is not None for d in content.decks) else set()
    expected |= {"per_turn"} if not content.turn_track.per_turn else set()
    expected |= {"tracks"} if not content.tracks else set()
    expected |= {"markers"} if not content.counters.markers else set()
    expected |= {"places"} if not content.map.places else set()
    assert expected and empty == expected and all(f[2] == "rules-table" for f in found)
    kept = [f"[[{name}]]\n" for name in EVERY_TABLE if name not in expected]
    (game / "rules.md").write_text("# 1.0 Tables\n\n" + "\n".join(kept))
    manifest = build_kit(game, tmp_path / "kit", only=["rules"])
    assert manifest["components"][0]["file"] == "rules.pdf"
