"""Outputs never touch inputs: no command's --out, --json, --report, --log or --svg may write over
or delete the content it reads, nor a folder holding files genkit did not write (issue 23)."""
from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest

from genkit import atomic
from genkit.atomic import OutputRefused, replaced_folder
from tests.conftest import ROOT

BRANNOCK = ROOT / "content" / "brannock_ford"


@pytest.fixture
def pack(tmp_path, monkeypatch):
    """A copy of brannock_ford as ``mygame`` in the current folder (tmp_path)."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(BRANNOCK, tmp_path / "mygame")
    return Path("mygame")


def tree(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def refused(result, *words) -> None:
    code, _, err = result
    assert code == 2, err
    for word in words:
        assert word in err, err


@pytest.mark.parametrize("command", ["build", "export"])
def test_out_the_content_folder_is_refused_and_the_pack_is_kept(genkit, pack, command):
    before = tree(pack)
    refused(genkit(command, str(pack), "--out", str(pack)), "--out mygame", "outside the content")
    assert tree(pack) == before


@pytest.mark.parametrize("out", ["mygame/kit", "mygame/a/b"])
def test_out_inside_the_content_folder_is_refused_and_nothing_is_made_there(genkit, pack, out):
    before = sorted(p.name for p in pack.iterdir())
    refused(genkit("build", str(pack), "--out", out), f"--out {out}", "inside the input mygame")
    assert sorted(p.name for p in pack.iterdir()) == before


def test_out_the_folder_that_holds_the_pack_is_refused_with_its_notes(genkit, pack, tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    shutil.move(pack, games / "mygame")
    (games / "notes.txt").write_text("mine")
    before = tree(games)
    refused(genkit("build", "games/mygame", "--out", "games"), "--out games")
    assert tree(games) == before


def test_out_a_folder_of_files_genkit_did_not_write_is_refused(genkit, pack, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "letter.pdf").write_bytes(b"%PDF mine")
    refused(genkit("export", str(pack), "--tts", "--out", "mine"), "--out mine", "no manifest.json")
    (mine / "notes.txt").write_text("mine")
    refused(genkit("build", str(pack), "--out", "mine"), "notes.txt", "genkit did not write")
    assert (mine / "letter.pdf").read_bytes() == b"%PDF mine"


@pytest.mark.parametrize("out", [".", ".."])
def test_out_the_current_folder_or_one_holding_it_is_refused_and_leaves_no_lock(genkit, pack, tmp_path, out):
    refused(genkit("build", str(pack), "--out", out), "current folder")
    assert not [p for p in tmp_path.parent.iterdir() if p.name.startswith(f".{tmp_path.name}.")]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_mount_point_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    mount = tmp_path / "mnt"
    mount.mkdir()
    monkeypatch.setattr(os.path, "ismount", lambda p: Path(p) == mount)
    with pytest.raises(OutputRefused, match="mount point"):
        with replaced_folder(mount):
            pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mnt"]


def test_a_rebuild_replaces_the_kit_genkit_wrote(genkit, pack):
    assert genkit("build", str(pack), "--only", "player-aid", "--out", "kit")[0] == 0
    assert genkit("build", str(pack), "--only", "map", "--out", "kit")[0] == 0
    assert sorted(p.name for p in Path("kit").glob("*.pdf")) == ["map.pdf"]


def test_out_a_symlink_builds_into_its_target_and_again(genkit, pack, tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "kit").symlink_to("real")
    for _ in range(2):
        code, _, err = genkit("build", str(pack), "--only", "player-aid", "--out", "kit")
        assert code == 0, err
    assert (tmp_path / "kit").is_symlink() and (tmp_path / "real" / "player-aid.pdf").is_file()
    assert not [p for p in tmp_path.iterdir() if ".building-" in p.name or ".previous-" in p.name]


def test_a_temporary_link_an_older_build_left_is_cleaned_up(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / ".kit.building-123").symlink_to("real")
    (tmp_path / "kit").mkdir()
    with replaced_folder(tmp_path / "kit") as folder:
        (folder / "manifest.json").write_text("{}")
    assert (tmp_path / "real").is_dir() and not (tmp_path / ".kit.building-123").is_symlink()


@pytest.mark.parametrize("args", [
    ("sim", "mygame", "--games", "1", "--json", "mygame/game.yaml"),
    ("sim", "mygame", "--games", "1", "--report", "mygame/figures.html"),
    ("compare", "mygame", "--against", "other", "--games", "1", "--report", "other/rules.md"),
    ("play", "mygame", "--log", "mygame/sub/game.jsonl"),
    ("schema", "--out", "mygame/units.yaml"),
])
def test_a_file_output_never_overwrites_the_content(genkit, pack, args):
    shutil.copytree(pack, "other")
    before = tree(pack), tree(Path("other"))
    refused(genkit(*args), "write to a new file outside the content")
    assert (tree(pack), tree(Path("other"))) == before


def test_two_outputs_of_one_command_never_share_a_file(genkit, pack):
    refused(genkit("sim", "mygame", "--games", "1", "--json", "f.json", "--report", "./f.json"),
            "f.json is given to two options that write a file")
    assert not Path("f.json").exists()


def test_replay_never_draws_over_its_own_log(genkit, pack):
    assert genkit("play", str(pack), "--log", "game.jsonl")[0] == 0
    log = Path("game.jsonl").read_bytes()
    refused(genkit("replay", "game.jsonl", "--svg", "game.jsonl"), "is the input game.jsonl")
    assert Path("game.jsonl").read_bytes() == log


def test_the_library_refuses_too(pack):
    from genkit.export import export_game
    with pytest.raises(OutputRefused):
        export_game(pack, pack, vassal=False)
    assert atomic.output_folder("kit", [pack]) == Path("kit").resolve()
