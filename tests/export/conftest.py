"""Exports of every bundled game, made once per test session (both VASSAL and TTS).

The exports take every image from the kit renderer and draw nothing of their own. A game whose
counters or cards the renderer cannot draw yet is exported with stand-in faces
(:func:`placeholder_faces`), so everything else about its exports is still checked."""
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
        out = tmp_path_factory.mktemp(f"export-{game}") / "online"
        with pytest.MonkeyPatch.context() as mp:
            if renderer_problem(game):
                placeholder_faces(mp)
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


def placeholder_faces(monkeypatch) -> None:
    """Stand-in counter and card faces (plain coloured squares with the type's id) for a game the
    kit renderer cannot draw yet, so the rest of its export (the grid, set-up stacks, the deck,
    the dice, the turns) can still be proven in the engine."""
    from genkit.render import cards, counters
    from genkit.render.draw import Rect, Text

    def face(w, h, fill, label):
        return (Rect(0, 0, w, h, fill=fill, stroke="#000000"), Text(4, 12, label, size=7))

    def pieces(content, root=None):
        s = counters.counter_size(content)
        out = []
        for side in content.game.sides:
            for g in (u for u in content.counters.units if u.side == side.id):
                for i in range(len(g.setup) + g.reserve):
                    out.append(counters.Piece(f"{side.id}-{g.type}-{i + 1}", "unit", f"unit:{side.id}", side.id,
                                              face(s, s, side.colour.full, g.type),
                                              face(s, s, side.colour.reduced, g.type)))
        for m in content.counters.markers:
            for i in range(m.count):
                out.append(counters.Piece(f"{m.id}-{i + 1}", "marker", "markers", m.side,
                                          face(s, s, "#ffffff", m.front.label), face(s, s, "#dddddd", m.back.label)))
        return out

    def all_cards(content, root=None):
        w, h = cards.card_size(content)
        return [cards.Card(f"{c.id}-{i + 1}", c.id, face(w, h, "#ffffff", c.name))
                for c in content.cards.deck for i, _ in enumerate(c.all_copies())]

    monkeypatch.setattr(counters, "pieces", pieces)
    monkeypatch.setattr(cards, "cards", all_cards)
    monkeypatch.setattr(cards, "card_back", lambda content, root=None: list(face(*cards.card_size(content), "#333333", "")))
