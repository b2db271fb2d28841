"""Decks the designer declares: typed fields, rows from CSV with file, row and column in every
message, the nearest declared field for an unknown one, copies that add up, a face template that
reads only declared fields, text that fits; the Modern Land Battles fixture's five kinds of card
check and build on decks alone."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from genkit.pack.printable import build_kit, check_path
from tests.conftest import ROOT, edit

MLB = Path(__file__).resolve().parents[1] / "fixtures" / "decks_mlb"


@pytest.fixture
def mlb(tmp_path):
    """The fixture's decks laid over a copy of The Brannock Ford (its map, units and rules)."""
    dest = tmp_path / "mlb"
    shutil.copytree(ROOT / "content" / "brannock_ford", dest)
    for name in ("decks.yaml", "forces.csv", "actions.csv"):
        shutil.copy(MLB / name, dest / name)
    shutil.copytree(MLB / "templates", dest / "templates", dirs_exist_ok=True)
    edit(dest / "game.yaml", "    card_in: [2.5, 3.5]", "    card_in: [2.5, 3.5]\n    cards: 33")
    return dest


def errors(path):
    return [f for f in check_path(path) if f.severity == "error"]


def test_five_kinds_of_card_check_and_build_one_sheet_set_per_deck(mlb, tmp_path):
    assert errors(mlb) == []
    manifest = build_kit(mlb, tmp_path / "kit", only="cards")
    decks = [(c["file"], c["deck"], c["cards"], c["card_in"]) for c in manifest["components"]]
    assert decks == [("cards-force.pdf", "force", 12, [2.5, 3.5]), ("cards-action.pdf", "action", 16, [2.25, 3.5]),
                     ("cards-terrain.pdf", "terrain", 3, [2.75, 4.75]),
                     ("cards-breakthrough.pdf", "breakthrough", 1, [2.5, 2.5]),
                     ("cards-flanking.pdf", "flanking", 1, [2.5, 2.5])]
    written = json.loads((tmp_path / "kit" / "manifest.json").read_text())
    assert [c["deck"] for c in written["components"]] == ["force", "action", "terrain", "breakthrough", "flanking"]
    for c in manifest["components"]:                # each sheet of fronts is followed by its backs
        assert c["pages"] % 2 == 0 and (tmp_path / "kit" / c["file"]).stat().st_size > 0


def test_a_csv_value_of_the_wrong_type_names_the_file_row_and_column(mlb):
    edit(mlb / "forces.csv", "n_mbt,Heavy Tanks,northland,armour,8,", "n_mbt,Heavy Tanks,northland,armour,12,")
    [f] = errors(mlb)
    assert f.file.endswith("forces.csv") and f.line == 4 and f.code == "field-value"
    assert "row 4, column 5 (armour)" in f.message and "12" in f.message and "1 to 10" in f.message


def test_a_symbol_not_in_its_set_is_named_with_the_nearest(mlb):
    edit(mlb / "actions.csv", "gun_duel,Gun Duel,cannon,", "gun_duel,Gun Duel,canon,")
    [f] = errors(mlb)
    assert f.file.endswith("actions.csv") and f.line == 4 and "did you mean 'cannon'" in f.message


def test_an_unknown_field_is_named_with_the_nearest_declared_one(mlb):
    edit(mlb / "decks.yaml", "ground: open, control: 5", "ground: open, contrl: 5")
    found = errors(mlb)
    unknown = next(f for f in found if f.code == "unknown-field")
    assert unknown.file.endswith("decks.yaml") and unknown.line > 0 and "did you mean 'control'" in unknown.message
    assert any(f.code == "missing-field" and "control" in f.message for f in found)


def test_an_unknown_csv_column_names_its_row_and_column(mlb):
    edit(mlb / "actions.csv", "id,name,weapon,maneuver,reinforce,text", "id,name,weapon,manoeuvre,reinforce,text")
    found = [f for f in errors(mlb) if f.code == "unknown-field"]
    assert len(found) == 8 and found[0].file.endswith("actions.csv") and found[0].line == 2
    assert "column 4 (manoeuvre)" in found[0].message and "did you mean 'maneuver'" in found[0].message


def test_copies_add_up_per_deck_and_to_the_stated_total(mlb):
    edit(mlb / "decks.yaml", "    copies: 2\n    total: 16", "    copies: 2\n    total: 17")
    found = [f for f in errors(mlb) if f.code == "card-count"]
    assert len(found) == 1 and "add up to 16, not the stated 17" in found[0].message
    edit(mlb / "game.yaml", "    cards: 33", "    cards: 30")
    found = [f for f in errors(mlb) if f.code == "card-count" and f.file.endswith("game.yaml")]
    assert found and "33 cards" in found[0].message and "force: 12" in found[0].message


def test_a_face_template_reading_an_undeclared_field_is_an_error_at_its_line(mlb):
    edit(mlb / "templates" / "terrain.yaml.j2", "card.ground | capitalize", "card.terrain | capitalize")
    [f] = errors(mlb)
    assert f.code == "card-template" and f.file.endswith("terrain.yaml.j2") and f.line == 10
    assert "card.terrain" in f.message and "ground" in f.message


def test_text_that_cannot_fit_stops_the_build_naming_the_card(mlb, tmp_path):
    edit(mlb / "decks.yaml", 'text: "Infantry here counts one armour higher."',
         'text: "' + "Infantry here counts one armour higher. " * 30 + '"')
    [f] = errors(mlb)
    assert f.code == "card-face" and "Market Town" in f.message and "decks.terrain.market_town" in f.message
    with pytest.raises(Exception):
        build_kit(mlb, tmp_path / "kit", only="cards")
    assert not (tmp_path / "kit").exists()


def test_a_csv_outside_the_folder_or_missing_is_refused(mlb):
    edit(mlb / "decks.yaml", "rows: forces.csv", "rows: ../forces.csv")
    assert any(f.code == "csv" and "not the name of a .csv file" in f.message for f in errors(mlb))
    edit(mlb / "decks.yaml", "rows: ../forces.csv", "rows: nowhere.csv")
    assert any(f.code == "csv" and "no file nowhere.csv" in f.message for f in errors(mlb))


def test_the_command_deck_is_kept_in_a_csv_file():
    from genkit.model.load import load
    content, source = load(ROOT / "content" / "memoir44")
    deck = content.deck("command")
    assert deck.rows == "command-cards.csv" and deck.size_of_deck == 41
    assert source.where(("decks", 0, "cards", 15, "anywhere")) == (str(ROOT / "content" / "memoir44" / "command-cards.csv"), 17)


def test_a_deck_list_is_plain_rows_for_the_booklet_and_aid(mlb):
    """[[cards force]] in rules.md: the fields the deck lists, symbols by name, units after numbers."""
    from genkit.model.load import load
    from genkit.render.aid import aid_style
    from genkit.render.rules_tables import table_problem
    from genkit.render.tables_model import cards_table
    content, _ = load(mlb)
    table = cards_table(content, "force", aid_style(content))
    assert table.header == [["Card", "Copies", "Flag", "Type", "Armour", "Victory", "What it does"]]
    assert table.rows[2] == ["Heavy Tanks", "1", "Northland", "armour", "8", "4 VP", "Moves and fires in one action."]
    assert table_problem(content, "cards", "force") is None
    assert table_problem(content, "cards", "nosuch") is not None


@pytest.mark.parametrize("paper, bleed, per_sheet", [("a4", "0", 9), ("letter", "0", 8), ("a4", "0.125in", 6),
                                                     ("letter", "0.125in", 6)])
def test_poker_cards_per_sheet_are_as_many_as_the_paper_holds(tmp_path, paper, bleed, per_sheet):
    """Issue 28, finding 6: measured on the PDF (each card prints 'n/m', alone, in its corner): 9 poker cards
    on an A4 sheet and 8 on Letter; with a bleed 6, and no other arrangement holds a seventh: 3
    across (upright) needs 3 cards + 2 gaps of twice the bleed + the bleed, crop-mark offset and
    mark on each side, more than the paper's width inside its quarter-inch margins."""
    import re
    import subprocess
    from genkit.render.sheets import A4, LETTER, MARK_OFFSET, MIN_MARK, SAFE_MARGIN
    b = 9.0 if bleed != "0" else 0.0
    build_kit(ROOT / "content" / "bering_land", tmp_path / "kit", only="cards", paper=paper,
              bleed_in=b / 72)
    page1 = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(tmp_path / "kit" / "cards.pdf"), "-"],
                           capture_output=True, text=True, check=True).stdout
    assert len(re.findall(r"(?m)^\d/\d$", page1)) == per_sheet        # the footer's "cards 1/3" is not alone
    if b:
        w, h = A4 if paper == "a4" else LETTER
        edge = SAFE_MARGIN + b + MARK_OFFSET + MIN_MARK
        assert 3 * 180 + 2 * 2 * b + 2 * edge > w            # no third card across, upright
        assert 3 * 252 + 2 * 2 * b + 2 * edge > w            # nor turned
