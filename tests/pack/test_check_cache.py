"""Issue 29: ``genkit check`` keeps a clean check's findings on disk (genkit/pack/check_cache.py)
and prints them again while no file of the pack, --set value, limit, genkit template or genkit
code has changed; what it prints is what a check without the cache prints, before and after
an edit. Each command runs as a designer runs it, a process of its own, with its own cache."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from genkit.model.limits import parse_limits, set_limits
from genkit.pack import check_cache, printable
from tests.conftest import ROOT, edit


def check(game: Path, cache: Path | None, *more: str) -> tuple[int, str]:
    """(exit status, output) of ``genkit check GAME`` in a process of its own (cache None: off)."""
    env = dict(os.environ, GENKIT_CACHE_DIR=str(cache) if cache is not None else "off")
    done = subprocess.run([sys.executable, "-m", "genkit.cli", "check", str(game), *more], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert "Traceback" not in done.stderr
    return done.returncode, done.stdout


def kept(cache: Path) -> list[Path]:
    return sorted((cache / check_cache.KIND).glob("*.pickle")) if (cache / check_cache.KIND).is_dir() else []


def test_a_check_read_back_prints_what_a_check_without_the_cache_prints(game_copy, tmp_path):
    cache = tmp_path / "cache"
    first = check(game_copy, cache)
    assert len(kept(cache)) == 1
    again = check(game_copy, cache)
    off = check(game_copy, None)
    assert first == again == off
    assert off[0] == 0 and "5 warnings" in off[1]
    assert check(game_copy, cache, "--format", "json") == check(game_copy, None, "--format", "json")


def test_an_edited_pack_is_checked_afresh(game_copy, tmp_path):
    cache = tmp_path / "cache"
    before = check(game_copy, cache)
    # a number printed on the counters: the same findings as before, as a check without cache says
    edit(game_copy / "units.yaml", "movement: 3", "movement: 4")
    assert check(game_copy, cache) == check(game_copy, None) == before
    # the +4 column made monotonic: its two warnings go, in the cached check as in the uncached one
    edit(game_copy / "crt.yaml", "rows: {primary:   [K, K, K, K, L, M],", "rows: {primary:   [K, K, K, K, L, L],")
    after = check(game_copy, cache)
    assert after == check(game_copy, None)
    assert after != before and "3 warnings" in after[1]
    assert len(kept(cache)) == 3


def test_an_edited_pack_template_is_checked_afresh(game_copy, tmp_path):
    cache = tmp_path / "cache"
    before = check(game_copy, cache)
    aid = game_copy / "templates" / "aid.yaml.j2"
    aid.write_text(aid.read_text() + "\n{{ no_such_value.field }}\n")
    after = check(game_copy, cache)
    assert after == check(game_copy, None)
    assert before[0] == 0 and after[0] == 1 and "aid.yaml.j2" in after[1]


def test_a_check_with_errors_is_not_kept(game_copy, tmp_path):
    cache = tmp_path / "cache"
    edit(game_copy / "units.yaml", "movement: 3", "movement: three")
    status, out = check(game_copy, cache)
    assert status == 1 and "units.yaml" in out
    assert kept(cache) == []
    assert check(game_copy, cache) == (status, out)


def test_a_kept_check_is_printed_without_loading_the_pack(game_copy, tmp_path, monkeypatch):
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path / "cache"))
    findings = check_cache.check_findings(game_copy)
    assert findings == printable.check_path(game_copy)

    def refuse(*args):
        raise AssertionError("the pack was checked again")
    monkeypatch.setattr(printable, "check_path", refuse)
    assert check_cache.check_findings(game_copy) == findings
    with pytest.raises(AssertionError, match="checked again"):       # another --set: another check
        check_cache.check_findings(game_copy, ["unit_types.0.movement=5"])


def test_the_key_holds_sets_limits_and_the_named_folder(game_copy, tmp_path, monkeypatch):
    from genkit.model import limits
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(limits, "_limits", limits.current_limits())
    key = check_cache.findings_key(game_copy)
    assert key == check_cache.findings_key(game_copy)
    assert key != check_cache.findings_key(game_copy, ["unit_types.0.movement=5"])
    link = tmp_path / "link"
    link.symlink_to(game_copy)                  # the same files, printed under another name
    assert key != check_cache.findings_key(link)
    set_limits(parse_limits(["depth=100"]))
    assert key != check_cache.findings_key(game_copy)


def test_no_key_without_a_cache_or_for_a_single_file(game_copy, monkeypatch, tmp_path):
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")
    assert check_cache.findings_key(game_copy) is None
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path / "cache"))
    assert check_cache.findings_key(game_copy / "game.yaml") is None


def test_findings_of_a_pack_edited_while_it_was_checked_are_not_kept(game_copy, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(cache))
    real = printable.check_path

    def check_then_edit(path, overrides):
        found = real(path, overrides)
        edit(game_copy / "units.yaml", "movement: 3", "movement: 4")     # same size, the same tick maybe
        return found
    monkeypatch.setattr(printable, "check_path", check_then_edit)
    check_cache.check_findings(game_copy)
    assert kept(cache) == []
