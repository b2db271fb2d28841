"""Counter faces as printed (issue 28, findings 2, 3, 9 and 12), measured on the kit's PDF: the
fills, paths and text runs of its drawing operators."""
from __future__ import annotations

import pdf_measure as pm
import pytest

from conftest import GAMES, ROOT


def _luminance(rgb) -> float:
    def lin(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ratio(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def _rgb(hex_colour: str):
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))


def _faces(page, size):
    """The fills of the counter-sized squares of a sheet (each piece's background)."""
    return [r[4] for r in page.rects if abs(r[2] - r[0] - size) < 0.05 and abs(r[3] - r[1] - size) < 0.05]


@pytest.mark.parametrize("game", ["bering_land"])
def test_finding_2_the_sides_counters_differ_in_black_and_white(kits, game):
    """The two sides' unit faces, full and reduced, differ by at least 3:1 in luminance: a black and
    white copy tells them apart without the side letter (Bering Land was 1.46:1 on its full faces;
    The Brannock Ford measures 1.99:1 and Vereux Crossing 2.45:1, both left as they are: not in
    the finding)."""
    from genkit.model.load import load_game
    content = load_game(ROOT / "content" / game)
    size = content.game.components.counter_in * 72
    fronts, backs = pm.read_pdf(kits[game]["letter"] / "counters.pdf")[:2]
    a, b = (s.colour for s in content.game.sides[:2])
    for page, (ca, cb) in ((fronts, (a.full, b.full)), (backs, (a.reduced, b.reduced))):
        fills = set(_faces(page, size))
        assert _rgb(ca) in fills and _rgb(cb) in fills        # the faces print these colours
        assert _ratio(_rgb(ca), _rgb(cb)) >= 3.0, (game, ca, cb, round(_ratio(_rgb(ca), _rgb(cb)), 2))
