"""genkit as a print shop or a teammate gets it: a wheel installed into a fresh venv.

The wheel is built from this checkout and installed, with its dependencies from the package index,
into a new virtual environment outside the repository. Every command then runs from another folder
on a copy of the Bering Land pack kept elsewhere, so nothing can be found relative to the checkout:
templates, fonts and the schema must come from inside the installed package.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _run(args, cwd, timeout=300) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "GENKIT_DEBUG")}
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{args} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The bin folder of a fresh venv, outside the repository, with the genkit wheel installed."""
    root = tmp_path_factory.mktemp("wheel")
    dist = root / "dist"
    # built from a copy of the checkout: setuptools works in the source's build/ folder, which a
    # second test process building the wheel at the same time (pytest-xdist) would share
    source = root / "source"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(".venv*", ".git", "build", "dist", "*.egg-info",
                                                                "__pycache__", "*.so"))
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, source], cwd=root)
    # nothing is byte-compiled at install (Python compiles what it imports), and the venv gets no
    # pip of its own (ensurepip takes seconds) where this pip can install into another interpreter
    own_pip = _pip_version() < (22, 3)                      # pip's --python option came in 22.3
    venv.EnvBuilder(with_pip=own_pip, clear=True).create(root / "venv")
    bin_dir = root / "venv" / "bin"
    wheel, = dist.glob("genkit-*.whl")
    pip = [bin_dir / "python", "-m", "pip"] if own_pip else [sys.executable, "-m", "pip", "--python",
                                                             bin_dir / "python"]
    _run([*pip, "install", "-q", "--no-compile", wheel], cwd=root)
    return bin_dir


def _pip_version() -> tuple[int, ...]:
    from importlib.metadata import version
    return tuple(int(part) for part in version("pip").split(".")[:2] if part.isdigit())


def test_wheel_ships_templates_fonts_and_schema(installed):
    wheel, = (installed.parent.parent / "dist").glob("genkit-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for template in (REPO / "templates").glob("*.j2"):
        assert f"genkit/templates/{template.name}" in names
    for font in (REPO / "genkit" / "fonts").glob("*.ttf"):
        assert f"genkit/fonts/{font.name}" in names
    assert "genkit/model/content.schema.json" in names
    if (shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0])           # the compiled search,
            and (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()):  # built where it can be
        assert any(n.startswith("genkit/engine/rules/standard/_reach.") and n.endswith((".so", ".pyd"))
                   for n in names), "the wheel lacks the compiled search (_reach.c)"
    assert not any(n.endswith(".c") for n in names)
    packages = {n.rsplit("/", 1)[0] for n in names if n.endswith(".py")}
    in_repo = {str(p.parent.relative_to(REPO)) for p in (REPO / "genkit").rglob("*.py")}
    assert in_repo <= packages, f"pyproject.toml does not list {sorted(in_repo - packages)}"


def test_installed_genkit_runs_every_command_on_a_pack_kept_elsewhere(installed, tmp_path):
    pack = tmp_path / "packs" / "my_copy"
    shutil.copytree(REPO / "content" / "bering_land", pack)
    work = tmp_path / "elsewhere"
    work.mkdir()
    where = _run([installed / "python", "-c", "import genkit; print(genkit.__file__)"], cwd=work).stdout
    assert str(installed.parent) in where and str(REPO) not in where

    genkit = installed / "genkit"
    assert "0 errors" in _run([genkit, "check", pack], cwd=work).stdout
    _run([genkit, "build", pack, "--out", "kit"], cwd=work)
    for pdf in ("map", "counters", "cards", "player-aid"):
        assert (work / "kit" / f"{pdf}.pdf").stat().st_size > 10_000
    _run([genkit, "export", pack, "--out", "online", "--dpi", "48"], cwd=work)
    assert (work / "online" / "bering_land.vmod").stat().st_size > 10_000
    assert (work / "online" / "tts" / "bering_land.json").is_file()
    _run([genkit, "play", pack, "--seed", "3", "--bots", "random,random", "--log", "game.jsonl"], cwd=work)
    assert "matches" in _run([genkit, "replay", "game.jsonl", "--content", pack], cwd=work).stdout
    _run([genkit, "sim", pack, "--games", "10", "--bots", "random,random", "--workers", "1",
          "--report", "report.html"], cwd=work)
    assert "<svg" in (work / "report.html").read_text()
