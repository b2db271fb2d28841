"""Every way a command ends maps to one exit status: 0 ok, 1 content or data, 2 usage or
environment, 3 a bug, 130 interrupted.

The commands run in-process through genkit.cli.main, so a full disk or a read-only folder can be
simulated by making one write raise the OSError the system would (the tests run as root, which
ignores permissions)."""
from __future__ import annotations

import errno
import hashlib
import os
import sys
from pathlib import Path

import pytest

from genkit import cli
from genkit.pack.printable import build_kit

from tests.conftest import BERING


def fail_with(code: int, filename: str | None = None):
    """A replacement for a writing function that fails as the system would."""
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code), filename)
    return fail


def digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# --------------------------------------------------------------------------- 2: the environment

def test_a_full_disk_during_a_build_names_the_output_folder_and_keeps_the_old_kit(genkit, monkeypatch, tmp_path):
    out = tmp_path / "kit"
    build_kit(BERING, out, only=["player-aid"])
    before = digest(out)
    monkeypatch.setattr(Path, "write_bytes", fail_with(errno.ENOSPC))   # write() names no file
    code, stdout, stderr = genkit("build", BERING, "--out", out, "--only", "player-aid")
    assert code == 2
    assert stderr == f"genkit: cannot write {out}: No space left on device\n"
    assert digest(out) == before


class _FullDisk:
    def write(self, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    def close(self):
        pass


def test_a_full_disk_while_logging_a_game(genkit, monkeypatch, tmp_path):
    from genkit.engine import log
    monkeypatch.setattr(log, "open", lambda *a, **k: _FullDisk(), raising=False)
    code, _, stderr = genkit("play", BERING, "--bots", "random", "--log", tmp_path / "g.jsonl")
    assert code == 2 and stderr == f"genkit: cannot write {tmp_path / 'g.jsonl'}: No space left on device\n"


def test_a_quota_on_the_json_figures_and_a_read_only_report(genkit, monkeypatch, tmp_path):
    figures = tmp_path / "figures.json"
    with monkeypatch.context() as m:
        m.setattr(Path, "write_bytes", fail_with(errno.EDQUOT))
        code, _, stderr = genkit("sim", BERING, "--games", 2, "--workers", 1, "--bots", "random",
                                 "--json", figures)
    assert code == 2 and stderr == f"genkit: cannot write {figures}: Disk quota exceeded\n"
    assert not figures.exists() and not list(tmp_path.iterdir())         # no temporary file either
    monkeypatch.setattr(Path, "write_bytes", fail_with(errno.EROFS))
    report = tmp_path / "report.html"
    code, _, stderr = genkit("sim", BERING, "--games", 2, "--workers", 1, "--bots", "random", "--report", report)
    assert code == 2 and stderr == f"genkit: cannot write {report}: Read-only file system\n"


def test_no_permission_for_the_board_svg_names_it_not_its_temporary_file(genkit, monkeypatch, tmp_path):
    log = tmp_path / "g.jsonl"
    assert genkit("play", BERING, "--bots", "random", "--log", log)[0] == 0
    from genkit import atomic
    board = tmp_path / "board.svg"
    monkeypatch.setattr(atomic.os, "replace", fail_with(errno.EACCES, f"{tmp_path}/.board.svg.tmp-1"))
    code, _, stderr = genkit("replay", log, "--at", 3, "--svg", board)
    assert code == 2 and stderr == f"genkit: cannot write {board}: Permission denied\n"


def test_another_build_writing_the_folder_is_an_environment_error(genkit, monkeypatch, tmp_path):
    from genkit.atomic import OutputBusy
    from genkit.pack import printable as kit

    def busy(*args, **kwargs):
        raise OutputBusy("another genkit process is writing x")
    monkeypatch.setattr(kit, "build_kit", busy)
    code, _, stderr = genkit("build", BERING, "--out", tmp_path / "x")
    assert code == 2 and stderr == "genkit: another genkit process is writing x\n"


# --------------------------------------------------------------------------- 2: usage, as click prints it

def clicks_own(capsys, *args) -> tuple[int, str, str]:
    """What click itself prints and exits with (standalone mode) for ``genkit ARGS``."""
    with pytest.raises(SystemExit) as exc:
        cli.cli.main([str(a) for a in args], standalone_mode=True)
    out = capsys.readouterr()
    return exc.value.code or 0, out.out, out.err


@pytest.mark.parametrize("args", [("build", BERING, "--only", "posters"), ("nosuchcommand",),
                                  ("sim", BERING, "--games", 2, "--precision", 0.1),
                                  ("play", BERING, "--bots", "random,nobody"), ("replay", "/no/such/log"),
                                  ("--help",), ("build", "--help"), ("--version",)])
def test_usage_errors_help_and_version_are_as_click_prints_them(genkit, capsys, args):
    ours = genkit(*args)
    assert ours == clicks_own(capsys, *args)
    assert ours[0] == (0 if args[-1] in ("--help", "--version") else 2)


def test_the_build_help_says_a_second_build_is_refused(genkit):
    code, stdout, _ = genkit("build", "--help")
    assert code == 0 and "A second build into the same folder while one is running is refused (exit 2)" \
        in " ".join(stdout.split())


# --------------------------------------------------------------------------- 3: a bug

def test_a_bug_is_exit_3_with_a_request_to_report_it(genkit, monkeypatch, tmp_path):
    from genkit.pack import printable as kit

    def bug(*args, **kwargs):
        raise OSError(errno.ENOENT, "No such file or directory", "/genkit/internal")  # not the environment
    monkeypatch.setattr(kit, "build_kit", bug)
    code, _, stderr = genkit("build", BERING, "--out", tmp_path / "x")
    assert code == 3
    assert "genkit: internal error: FileNotFoundError" in stderr
    assert "please report it" in stderr and "GENKIT_DEBUG=1" in stderr


def test_genkit_debug_shows_the_traceback_of_a_bug(monkeypatch, capsys, tmp_path):
    from genkit.pack import printable as kit
    monkeypatch.setattr(kit, "build_kit", lambda *a, **k: 1 / 0)
    monkeypatch.setenv("GENKIT_DEBUG", "1")
    monkeypatch.setattr(sys, "argv", ["genkit", "build", str(BERING), "--out", str(tmp_path / "x")])
    with pytest.raises(SystemExit) as exc:
        cli.main()
    err = capsys.readouterr().err
    assert exc.value.code == 3 and "Traceback" in err and "ZeroDivisionError" in err


# --------------------------------------------------------------------------- 130: interrupted

def test_ctrl_c_in_any_command_is_130(genkit, monkeypatch):
    import genkit.engine as engine

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(engine, "play_game", interrupted)
    code, _, stderr = genkit("play", BERING)
    assert code == 130 and stderr.strip() == "interrupted"
