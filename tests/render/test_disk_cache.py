"""Issue 29: what ``check`` and ``build`` lay out is kept on disk (genkit/render/disk_cache.py)
and read back by the next command, but never when anything it was made from has changed: a
template (the face's own file or one it imports), the model, rules.md, the limits. A kit built
from the cache is the kit built without it, byte for byte; a damaged cache is a miss.

Each command runs as a designer runs it, a process of its own, with its own cache folder."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from genkit.render import disk_cache

from tests.conftest import ROOT, edit

def genkit_run(*args, cache: Path | None) -> subprocess.CompletedProcess:
    """``genkit ARGS`` in a process of its own, with the cache in ``cache`` (None: off)."""
    env = dict(os.environ, GENKIT_CACHE_DIR=str(cache) if cache is not None else "off")
    return subprocess.run([sys.executable, "-m", "genkit.cli", *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def kit_files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def entries(cache: Path, kind: str) -> list[Path]:
    return sorted((cache / kind).rglob("*.pickle")) if (cache / kind).is_dir() else []


def build(game: Path, out: Path, cache: Path | None, *only: str) -> dict[str, bytes]:
    args = ["build", game, "--out", out] + (["--only", ",".join(only)] if only else [])
    done = genkit_run(*args, cache=cache)
    assert done.returncode == 0, done.stderr
    return kit_files(out)


def test_a_kit_read_back_from_the_cache_is_the_kit_built_without_it(game_copy, tmp_path):
    cache = tmp_path / "cache"
    cold = build(game_copy, tmp_path / "cold", cache)
    assert entries(cache, "face") and entries(cache, "kit-part")
    warm = build(game_copy, tmp_path / "warm", cache)
    off = build(game_copy, tmp_path / "off", None)
    assert cold == warm == off


def test_an_edited_template_the_face_imports_is_rendered_afresh(game_copy, tmp_path):
    # the pack's own counter face imports the pack's own symbols: only the imported file changes
    templates = game_copy / "templates"
    for name in ("counter.yaml.j2", "_symbols.yaml.j2"):
        shutil.copy(ROOT / "templates" / name, templates / name)
    cache = tmp_path / "cache"
    before = build(game_copy, tmp_path / "before", cache, "counters")
    face = templates / "counter.yaml.j2"
    stamp = face.stat()
    symbols = templates / "_symbols.yaml.j2"
    text = symbols.read_text()
    assert "stroke_width: {{ 1.0 * k }}" in text
    symbols.write_text(text.replace("stroke_width: {{ 1.0 * k }}", "stroke_width: {{ 2.0 * k }}"))
    os.utime(face, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))       # the face's own file is untouched
    after = build(game_copy, tmp_path / "after", cache, "counters")
    uncached = build(game_copy, tmp_path / "off", None, "counters")
    assert after["counters.pdf"] != before["counters.pdf"]
    assert after == uncached


def test_a_changed_model_lays_the_booklet_out_again(game_copy, tmp_path):
    cache = tmp_path / "cache"
    before = build(game_copy, tmp_path / "before", cache, "rules")
    edit(game_copy / "game.yaml", "subtitle: Conflict Alaska", "subtitle: Conflict on the Strait")
    after = build(game_copy, tmp_path / "after", cache, "rules")
    assert after["rules.pdf"] != before["rules.pdf"]
    assert after == build(game_copy, tmp_path / "off", None, "rules")


def test_rules_md_is_compiled_once_for_its_text_whatever_the_model(game_copy, tmp_path):
    # a number edited in the YAML fills rules.md's placeholders afresh from code kept for its
    # text; an edited rules.md is compiled again
    cache = tmp_path / "cache"
    build(game_copy, tmp_path / "first", cache, "rules")
    assert len(entries(cache, "rules-code")) == 1
    edit(game_copy / "units.yaml", "movement: 3", "movement: 5")
    moved = build(game_copy, tmp_path / "moved", cache, "rules")
    assert len(entries(cache, "rules-code")) == 1
    assert moved == build(game_copy, tmp_path / "moved-off", None, "rules")
    edit(game_copy / "rules.md", "on a full {{ inf.name }} counter", "on a whole {{ inf.name }} counter")
    reworded = build(game_copy, tmp_path / "reworded", cache, "rules")
    assert len(entries(cache, "rules-code")) == 2
    assert reworded["rules.pdf"] != moved["rules.pdf"]
    assert reworded == build(game_copy, tmp_path / "reworded-off", None, "rules")


def test_rules_md_placeholders_read_back_are_checked_against_the_edited_model(game_copy, tmp_path):
    # what rules.md's placeholders name is read from its text once; a model that no longer has
    # one of those values is still told so
    cache = tmp_path / "cache"
    assert genkit_run("check", game_copy, cache=cache).returncode == 0
    assert len(entries(cache, "rules-placeholders")) == 1
    edit(game_copy / "units.yaml", "{id: stopped,", "{id: halted,")
    edit(game_copy / "rules.yaml", "stopped_marker: stopped", "stopped_marker: halted")
    broken = genkit_run("check", game_copy, cache=cache)
    assert broken.returncode == 1
    assert "placeholder 'counters.markers.stopped.count' names no value" in broken.stdout
    assert len(entries(cache, "rules-placeholders")) == 1      # rules.md unchanged: read back
    assert broken.stdout == genkit_run("check", game_copy, cache=None).stdout


def test_check_finds_what_an_edit_breaks_after_a_clean_check(game_copy, tmp_path):
    cache = tmp_path / "cache"
    clean = genkit_run("check", game_copy, cache=cache)
    assert clean.returncode == 0, clean.stdout
    assert entries(cache, "rules-check") and entries(cache, "face")
    # rules.md: a placeholder that names no value
    edit(game_copy / "rules.md", "*{{ game.title }}* is a game", "*{{ game.no_such_value }}* is a game")
    # a card's text far too long for its face (the card's face was kept clean before)
    edit(game_copy / "cards.yaml", "text: ", "text: " + "Very long words indeed " * 60 + " ")
    broken = genkit_run("check", game_copy, cache=cache)
    assert broken.returncode == 1
    assert "rules.md" in broken.stdout and "no_such_value" in broken.stdout
    assert "[card-face]" in broken.stdout
    assert broken.stdout == genkit_run("check", game_copy, cache=None).stdout


def test_a_face_that_does_not_fit_is_reported_again_by_the_next_check(game_copy, tmp_path):
    # a face is kept with the check that it fits its card: one that does not is never kept
    cache = tmp_path / "cache"
    edit(game_copy / "cards.yaml", "text: ", "text: " + "Very long words indeed " * 60 + " ")
    first = genkit_run("check", game_copy, cache=cache)
    again = genkit_run("check", game_copy, cache=cache)
    assert first.returncode == again.returncode == 1
    assert "[card-face]" in again.stdout and "past the bottom edge" in again.stdout
    assert again.stdout == first.stdout
    assert entries(cache, "face")           # the faces that fit were kept


def test_tighter_limits_are_not_served_a_face_made_under_the_defaults(game_copy, tmp_path):
    cache = tmp_path / "cache"
    assert genkit_run("check", game_copy, cache=cache).returncode == 0
    tight = genkit_run("--limit", "template_size=1KB", "check", game_copy, cache=cache)
    assert tight.returncode == 1 and "template_size" in tight.stdout


def test_a_damaged_cache_is_a_miss(game_copy, tmp_path):
    cache = tmp_path / "cache"
    good = build(game_copy, tmp_path / "good", cache, "cards", "rules", "counters")
    damaged = [p for kind in ("face", "kit-part", "font-metrics") for p in entries(cache, kind)]
    assert damaged
    for p in damaged:
        p.write_bytes(b"not a pickle")
    assert build(game_copy, tmp_path / "again", cache, "cards", "rules", "counters") == good


def test_no_cache_folder_is_written_when_the_cache_is_off(game_copy, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    build(game_copy, tmp_path / "kit", None, "cards")
    assert not (tmp_path / "home").exists() and not (tmp_path / "xdg").exists()


def test_the_cache_folder_is_the_documented_one(monkeypatch, tmp_path):
    monkeypatch.delenv("GENKIT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert disk_cache.cache_dir() == tmp_path / "xdg" / "genkit"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert disk_cache.cache_dir() == tmp_path / "home" / ".cache" / "genkit"
    for off in ("off", "", "0"):
        monkeypatch.setenv("GENKIT_CACHE_DIR", off)
        assert disk_cache.cache_dir() is None


def test_a_file_changed_in_place_changes_its_folders_digest(tmp_path):
    # the same size and the same time of change, other bytes: a new digest all the same
    (tmp_path / "sub").mkdir()
    part = tmp_path / "sub" / "part.j2"
    part.write_text("- rect: {x: 0}\n")
    first = disk_cache.folder_digest(tmp_path)
    stamp = part.stat()
    part.write_text("- rect: {x: 9}\n")
    os.utime(part, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert disk_cache.folder_digest(tmp_path) != first
    second = disk_cache.folder_digest(tmp_path)
    (tmp_path / "sub" / "new.j2").write_text("")
    assert disk_cache.folder_digest(tmp_path) not in (first, second)


def test_genkits_code_digest_is_kept_and_follows_a_change_to_any_of_its_files(tmp_path, monkeypatch):
    # the digest of the package is kept in the cache by its files' stamps; a file changed in
    # place (same size, same time of modification) still makes a new one
    package = tmp_path / "genkit"
    package.mkdir()
    code = package / "code.py"
    code.write_text("x = 1\n")
    monkeypatch.setattr(disk_cache, "PACKAGE", package)
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(disk_cache, "RACY_NS", 0)        # files changed just now count as settled

    def digest() -> str:
        disk_cache.code_digest.cache_clear()
        disk_cache._hashed.cache_clear()
        return disk_cache.code_digest()
    try:
        first = digest()
        assert entries(tmp_path / "cache", "code-digest")
        assert digest() == first
        stamp = code.stat()
        code.write_text("x = 2\n")
        os.utime(code, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        assert digest() != first
    finally:
        disk_cache.code_digest.cache_clear()


def test_genkits_code_digest_is_not_kept_while_a_file_changed_within_its_stamps_tick(tmp_path, monkeypatch):
    # a file rewritten again within the same tick of its clock (same size) would keep its stamp:
    # a digest found while a file is that fresh is used but not kept
    package = tmp_path / "genkit"
    package.mkdir()
    (package / "code.py").write_text("x = 1\n")
    monkeypatch.setattr(disk_cache, "PACKAGE", package)
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(disk_cache, "RACY_NS", 3600 * 10**9)
    disk_cache.code_digest.cache_clear()
    disk_cache._hashed.cache_clear()
    try:
        assert len(disk_cache.code_digest()) == 64
        assert not entries(tmp_path / "cache", "code-digest")
    finally:
        disk_cache.code_digest.cache_clear()


def test_genkits_code_digest_follows_a_librarys_version_without_importing_it(tmp_path, monkeypatch):
    library = tmp_path / "lib" / "fakelayout"
    library.mkdir(parents=True)
    (library / "__init__.py").write_text("__version__ = '1.0'\n")
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    monkeypatch.setattr(disk_cache, "LIBRARIES", (*disk_cache.LIBRARIES, "fakelayout"))
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")

    def digest() -> str:
        disk_cache.code_digest.cache_clear()
        return disk_cache.code_digest()
    try:
        first = digest()
        (library / "version.py").write_text("VERSION = '1.0'\n")      # pydantic names it here
        second = digest()
        (library / "__init__.py").write_text("__version__ = '1.1'\n")
        assert len({first, second, digest()}) == 3
        assert "fakelayout" not in sys.modules
    finally:
        disk_cache.code_digest.cache_clear()


def test_genkits_code_digest_follows_a_version_kept_in_underscore_version_and_reportlab_settings(tmp_path,
                                                                                                   monkeypatch):
    # Pillow names its version in _version.py alone; reportlab reads RL_ variables as settings
    library = tmp_path / "lib" / "fakeimages"
    library.mkdir(parents=True)
    (library / "__init__.py").write_text("from ._version import __version__\n")
    (library / "_version.py").write_text("__version__ = '1.0'\n")
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    monkeypatch.setattr(disk_cache, "LIBRARIES", (*disk_cache.LIBRARIES, "fakeimages"))
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")
    monkeypatch.delenv("RL_ttfAsciiReadable", raising=False)

    def digest() -> str:
        disk_cache.code_digest.cache_clear()
        return disk_cache.code_digest()
    try:
        first = digest()
        (library / "_version.py").write_text("__version__ = '1.1'\n")
        second = digest()
        monkeypatch.setenv("RL_ttfAsciiReadable", "0")
        assert len({first, second, digest()}) == 3
    finally:
        disk_cache.code_digest.cache_clear()


@pytest.mark.parametrize("size", ["inf", "1e400", "nan", "lots"])
def test_a_cache_size_that_is_no_finite_number_keeps_the_default(monkeypatch, size):
    monkeypatch.setenv("GENKIT_CACHE_MB", size)
    assert disk_cache.most_bytes() == disk_cache.MOST_BYTES


def test_a_cache_folder_that_cannot_be_read_is_a_miss_not_an_error(game_copy, tmp_path):
    # a name past the system's limit: every look-up fails with an OSError
    too_long = tmp_path / ("a" * 300)
    done = genkit_run("build", game_copy, "--out", tmp_path / "kit", "--only", "cards", cache=too_long)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_a_cache_kept_inside_the_pack_folder_still_serves_the_next_check(game_copy):
    from genkit.pack import check_cache
    cache = game_copy / ".cache"
    assert genkit_run("check", game_copy, cache=cache).returncode == 0
    assert genkit_run("check", game_copy, cache=cache).returncode == 0
    assert entries(cache, check_cache.KIND)
    env = dict(os.environ, GENKIT_CACHE_DIR=str(cache))
    key = subprocess.run([sys.executable, "-c", "from genkit.pack.check_cache import findings_key; import sys; "
                          "print(findings_key(sys.argv[1]))", str(game_copy)], env=env, capture_output=True,
                         text=True, cwd=ROOT).stdout.strip()
    assert any(p.stem == key for p in entries(cache, check_cache.KIND))


def test_a_full_cache_folder_loses_the_entries_used_longest_ago(tmp_path, monkeypatch):
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("GENKIT_CACHE_MB", "1")
    disk_cache._pruned.cache_clear()
    for n in range(6):                                   # 6 x 300 kB, each used later than the last
        disk_cache.store("test", f"{n:064x}", b"x" * 300_000)
        os.utime(next((tmp_path / "test").rglob(f"{n:064x}.pickle")), ns=(n * 10**9, n * 10**9))
    (tmp_path / "vassal").mkdir()                       # what else genkit keeps there stays
    (tmp_path / "vassal" / "engine.zip").write_bytes(b"z" * 2_000_000)
    os.utime(tmp_path / "vassal" / "engine.zip", ns=(0, 0))
    disk_cache._pruned.cache_clear()
    disk_cache.store("test", "f" * 64, b"y")
    assert (tmp_path / "vassal" / "engine.zip").stat().st_size == 2_000_000
    kept = {p.stem for p in (tmp_path / "test").rglob("*.pickle")}
    assert sum(p.stat().st_size for p in tmp_path.rglob("*.pickle")) <= 2 ** 20 * 3 // 4
    assert "f" * 64 in kept and f"{5:064x}" in kept and f"{0:064x}" not in kept


def _parsed_texts(game: Path, monkeypatch) -> list[str]:
    """The texts genkit check parses as Markdown for rules.md (its own, the filled one)."""
    from genkit.pack.printable import check_path
    from genkit.render import rules_text
    parsed = []
    real = rules_text.parse_markdown
    monkeypatch.setattr(rules_text, "parse_markdown", lambda text, *a: parsed.append(text) or real(text, *a))
    assert not [f for f in check_path(game) if f.code.startswith("rules")]
    monkeypatch.setattr(rules_text, "parse_markdown", real)
    return parsed


def test_rules_md_is_parsed_again_when_a_table_it_names_grows_not_when_a_number_changes(game_copy, tmp_path,
                                                                                         monkeypatch):
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path / "cache"))
    own = (game_copy / "rules.md").read_text()
    assert own in _parsed_texts(game_copy, monkeypatch)
    edit(game_copy / "units.yaml", "movement: 3", "movement: 4")     # printed in [[units]], filled in the text
    again = _parsed_texts(game_copy, monkeypatch)
    assert own not in again and len(again) == 1                     # the filled text alone
    edit(game_copy / "tracks.yaml", "  turns: 30", "  turns: 31")
    assert own in _parsed_texts(game_copy, monkeypatch)               # [[per_turn replacements]] has rows more


def test_a_cache_folder_under_its_size_is_not_walked_again_until_its_notes_may_add_up_past_it(tmp_path,
                                                                                               monkeypatch):
    walks = []
    real_walk = os.walk
    monkeypatch.setattr(disk_cache.os, "walk",      # (the folder's walks, not their sub-walks)
                        lambda top, *a, **k: (Path(top) == tmp_path and walks.append(top)) or real_walk(top, *a, **k))
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("GENKIT_CACHE_MB", "1")

    def command_stores(name: str, size: int) -> None:    # each command is a process of its own
        disk_cache._pruned.cache_clear()
        disk_cache.store("test", name * 64, b"x" * size)
    command_stores("a", 100_000)
    assert len(walks) == 1                               # no notes yet: walked once
    for name in "bcd":
        command_stores(name, 100_000)
    assert len(walks) == 1                               # 400 kB noted, under 1 MB: not walked
    command_stores("e", 700_000)
    assert len(walks) == 2                               # 1.1 MB noted: walked, and pruned
    assert sum(p.stat().st_size for p in tmp_path.rglob("*.pickle")) <= 2 ** 20 * 3 // 4
    assert "e" * 64 in {p.stem for p in (tmp_path / "test").rglob("*.pickle")}
    command_stores("f", 10)
    assert len(walks) == 2                               # the walk's total kept: not walked again
    (tmp_path / disk_cache.ADDED).write_bytes(b"12\nnot a number\n")
    command_stores("g", 10)
    assert len(walks) == 3                               # notes it cannot read: walked
