"""Exports of every bundled game, made once per test session (both VASSAL and TTS).

A game whose counters or cards the kit renderer cannot draw yet is skipped with the renderer's
error: the exports take every image from the renderer and draw nothing of their own."""
import io
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))
_CACHE: dict = {}


def renderer_problem(game: str) -> str | None:
    """Why the kit renderer cannot draw this game's counters and cards, or None."""
    from genkit.model.check import load_checked
    from genkit.render import cards, counters
    content, _ = load_checked(ROOT / "content" / game)
    try:
        counters.pieces(content, ROOT / "content" / game)
        cards.cards(content, ROOT / "content" / game)
    except Exception as exc:                      # noqa: BLE001 - any failure of the renderer
        return f"{type(exc).__name__}: {exc}"
    return None


def export_of(game: str, tmp_path_factory, **options) -> dict:
    """``export_game``'s result for the bundled ``game`` (cached per options), with "path"."""
    from genkit.export import export_game
    key = (game, tuple(sorted(options.items())))
    if key not in _CACHE:
        problem = renderer_problem(game)
        if problem:
            pytest.skip(f"the kit renderer cannot draw {game}'s counters or cards yet ({problem}); "
                        "the exports take their images from it")
        out = tmp_path_factory.mktemp(f"export-{game}") / "online"
        result = export_game(ROOT / "content" / game, out, **options)
        result["path"] = out
        _CACHE[key] = result
    return _CACHE[key]


def vmod_files(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def png_size(data: bytes) -> tuple[int, int]:
    from PIL import Image
    return Image.open(io.BytesIO(data)).size
