"""Exports of every bundled game, made once per test session (both VASSAL and TTS).

The exports take every image from the kit renderer and draw nothing of their own."""
import fcntl
import hashlib
import io
import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest
import yaml

from . import vassal_engine


ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))


def _on_hexes(game: str) -> bool:
    grid = yaml.safe_load((ROOT / "content" / game / "map.yaml").read_text())["map"].get("grid")
    return grid is not None and grid.get("kind", "hex") == "hex"


#: the bundled games on a hex grid (the others are on boards of spaces: issue 24)
HEX_GAMES = [g for g in GAMES if _on_hexes(g)]
_CACHE: dict = {}


def export_of(game: str, tmp_path_factory, **options) -> dict:
    """``export_game``'s result for the bundled ``game`` (cached per options), with "path".

    Made once per test session: pytest-xdist's workers share the folder of the exports, and the
    first worker to ask for one makes it (under a lock) while the others wait and read it back."""
    key = (game, tuple(sorted(options.items())))
    if key not in _CACHE:
        _CACHE[key] = _shared_export(game, options, key, tmp_path_factory)
    return _CACHE[key]


def _shared_export(game: str, options: dict, key: tuple, tmp_path_factory) -> dict:
    from genkit.export import export_game
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "exports"
    shared.mkdir(exist_ok=True)
    name = f"{game}-{hashlib.sha256(repr(key).encode()).hexdigest()[:12]}"
    folder, made = shared / name, shared / name / "result.json"
    with open(shared / f"{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.is_file():
            shutil.rmtree(folder, ignore_errors=True)           # what a failed export left
            folder.mkdir()
            result = export_game(ROOT / "content" / game, folder / "online", **options)
            made.write_text(json.dumps(result))
    result = json.loads(made.read_text())
    result["path"] = folder / "online"
    return result


def vmod_files(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def png_size(data: bytes) -> tuple[int, int]:
    from PIL import Image
    return Image.open(io.BytesIO(data)).size


@pytest.fixture(scope="session")
def engine(tmp_path_factory):
    """The real VASSAL engine's command (installed once per test process), or a skip naming why
    it cannot run here."""
    cmd, why = vassal_engine.engine(tmp_path_factory.mktemp("vassal"))
    if cmd is None:
        pytest.skip(why)
    return cmd
