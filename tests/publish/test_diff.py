"""genkit diff: two versions of a game compared as model and as kit (issue 28)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from publish_helpers import ROOT, pdf_words

BERING = ROOT / "content" / "bering_land"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) >= 1, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


def _update(folder: Path) -> None:
    """Bering Land 1.0 -> an update: the Light Heavy Mobile moves 5 (was 6), Air Strike's first copy
    hits on 1 and 3 (was 1 and 2), and the 0 column's Primary attack kills on a 4 (was a loss)."""
    _edit(folder / "units.yaml", "    movement: 6\n", "    movement: 5\n")
    _edit(folder / "cards.yaml", "          - {roll: [1, 2]}\n          - {roll: [3, 4]}\n          - {roll: [5, 6]}\n      - id: pave_low",
          "          - {roll: [1, 3]}\n          - {roll: [3, 4]}\n          - {roll: [5, 6]}\n      - id: pave_low")
    _edit(folder / "crt.yaml", "rows: {primary:   [K, K, K, L, L, M],", "rows: {primary:   [K, K, K, K, L, M],")


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """`genkit diff` of Bering Land before and after the update, plus a design note (printed
    nowhere): exit status, stdout, the output folder."""
    base = tmp_path_factory.mktemp("diff")
    old, new = base / "old", base / "new"
    shutil.copytree(BERING, old)
    shutil.copytree(BERING, new)
    _update(new)
    _edit(new / "game.yaml", "  first_side:", "  notes: [Killstreaks measured over 500 simulated games.]\n  first_side:")
    out = base / "out"
    result = subprocess.run([sys.executable, "-m", "genkit.cli", "diff", str(old), str(new), "--out", str(out)], capture_output=True,
                            text=True, cwd=base)
    assert "Traceback" not in result.stderr
    return result, out


def test_diff_names_every_changed_value_with_old_new_and_line(compared):
    result, out = compared
    assert result.returncode == 0, result.stderr
    changes = {c["path"]: c for c in json.loads((out / "changes.json").read_text())["changes"]}
    assert set(changes) == {"unit_types.lt_mobile.movement", "decks.ability.cards.air_strike.copies.0.roll",
                            "crt.columns.0.rows.primary", "game.notes"}
    mv = changes["unit_types.lt_mobile.movement"]
    assert (mv["old"], mv["new"]) == (6, 5)
    assert mv["file"].endswith("units.yaml")
    lines = (out.parent / "new" / "units.yaml").read_text().splitlines()
    assert lines[mv["line"] - 1].strip() == "movement: 5"
    assert changes["decks.ability.cards.air_strike.copies.0.roll"]["new"] == [1, 3]
    crt = changes["crt.columns.0.rows.primary"]
    assert crt["old"][3] == "L" and crt["new"][3] == "K"


def test_reprint_lists_counters_cards_and_player_aid_not_the_map(compared):
    _, out = compared
    reprint = {r["kind"]: r for r in json.loads((out / "reprint.json").read_text())["reprint"]}
    assert {"counters", "cards", "player-aid"} <= set(reprint)
    assert "map" not in reprint and "map-tiled" not in reprint
    assert reprint["counters"]["pages"] == [1, 2]          # the LHM's sheet, fronts and backs
    assert reprint["cards"]["pages"] == [1]                # Air Strike's first copy: sheet 1 fronts, not its back
    assert reprint["cards"]["words"] == "cards, sheet 1 fronts"
    assert reprint["counters"]["words"] == "counters, sheet 1 fronts and backs"


def test_each_change_names_the_pages_it_alone_touches(compared):
    _, out = compared
    changes = {c["path"]: c for c in json.loads((out / "changes.json").read_text())["changes"]}

    def kinds(path):
        return {t["kind"] for t in changes[path]["touches"]}
    assert "counters" in kinds("unit_types.lt_mobile.movement")
    assert "cards" not in kinds("unit_types.lt_mobile.movement")
    assert kinds("decks.ability.cards.air_strike.copies.0.roll") >= {"cards"}
    assert "counters" not in kinds("decks.ability.cards.air_strike.copies.0.roll")
    assert "player-aid" in kinds("crt.columns.0.rows.primary")
    # a note printed nowhere touches only the simulation, listed apart
    assert changes["game.notes"]["simulation_only"] and changes["game.notes"]["touches"] == []
    assert not any(c["simulation_only"] for p, c in changes.items() if p != "game.notes")


def test_errata_sheet_names_each_change_draws_it_both_ways_and_lists_the_reprint(compared):
    _, out = compared
    text = " ".join(w.text for w in pdf_words(out / "errata.pdf"))
    for said in ("Light Heavy Mobile (counter)", "movement: 6 \u2192 5", "Air Strike (card)", "[1, 2] \u2192 [1, 3]",
                 "Combat Results Table, column 0", "counters, sheet 1 fronts and backs", "cards, sheet 1 fronts",
                 "player aid, pages 1 and 2", "Simulation only", "game.notes"):
        assert said in text, said
    # the counter is drawn both ways: was 4-6 (front) and 2-6 (back), now 4-5 and 2-5
    words = [w.text for w in pdf_words(out / "errata.pdf")]
    assert {"4-6", "2-6", "4-5", "2-5"} <= set(words)
    # the rule cases that print the changed values (the units chart, the CRT, the ability cards)
    cases = {c["number"] for c in json.loads((out / "changes.json").read_text())["rule_cases"]}
    assert cases == {"3.3", "9.0.1", "11.3.1"}
    assert subprocess.run(["qpdf", "--check", str(out / "errata.pdf")], capture_output=True).returncode == 0


def test_diff_of_a_folder_at_a_git_revision(tmp_path, genkit):
    repo = tmp_path / "repo"
    shutil.copytree(BERING, repo / "game")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "1.0"], check=True)
    _edit(repo / "game" / "units.yaml", "    movement: 6\n", "    movement: 5\n")
    code, out, err = genkit("diff", f"{repo / 'game'}@HEAD", repo / "game", "--out", tmp_path / "d")
    assert code == 0, err
    assert "unit_types.lt_mobile.movement: 6 -> 5" in out
    assert "print again: counters, sheet 1 fronts and backs" in out
    assert "@HEAD: building the kit" in err           # progress on stderr


def test_a_revision_that_does_not_exist_is_refused_naming_it(tmp_path, genkit):
    code, out, err = genkit("diff", f"{BERING}@no-such-rev", BERING, "--out", tmp_path / "d")
    assert code == 2 and "no-such-rev" in err
    assert not (tmp_path / "d").exists()
    code, out, err = genkit("diff", tmp_path / "nothing", BERING, "--out", tmp_path / "d")
    assert code == 2 and "no such folder" in err


def test_a_version_with_errors_names_the_file_and_line_and_writes_nothing(tmp_path, genkit):
    bad = tmp_path / "bad"
    shutil.copytree(BERING, bad)
    _edit(bad / "units.yaml", "    movement: 6\n", "    movement: fast\n")
    code, out, err = genkit("diff", BERING, bad, "--out", tmp_path / "d")
    assert code == 1
    assert "units.yaml:35" in out + err
    assert str(bad) in err and "Nothing was written" in err
    assert not (tmp_path / "d").exists()


def test_the_manifest_hashes_each_page_without_the_version_stamp(tmp_path):
    """Two builds of the same content that differ only in version print different stamps on every
    page, and list the same page hashes."""
    from genkit.pack.printable import build_kit
    a = build_kit(BERING, tmp_path / "a", only="counters,player-aid,rules")
    b = build_kit(BERING, tmp_path / "b", only="counters,player-aid,rules", overrides=['game.version="1.1"'])
    for ca, cb in zip(a["components"], b["components"]):
        assert len(ca["sheets"]) == ca["pages"]
        hashes = [s["sha256"] for s in ca["sheets"]]
        assert len(set(hashes)) == len(hashes)           # each page its own
        if ca["kind"] != "rules":                        # the booklet's title page prints the version
            assert hashes == [s["sha256"] for s in cb["sheets"]]
    assert (tmp_path / "a" / "counters.pdf").read_bytes() != (tmp_path / "b" / "counters.pdf").read_bytes()
