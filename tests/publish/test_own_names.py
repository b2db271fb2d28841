"""Bundled games print their own titles and names (issue 28, finding 13), read from the PDFs with
pdftotext: no other publisher's game on a component; the system a game follows named in its
booklet's credits only."""
from __future__ import annotations

import subprocess

import pytest

from publish_helpers import GAMES, ROOT

#: names of other publishers' games (and of their ability cards) that once printed on the kits
OTHERS = ("Memoir '44", "Memoir \u201944", "Days of Wonder", "Predator Missile", "Pave Low", "Care Package",
          "Juggernaut", "Call of Duty")


def _pages(pdf) -> list[str]:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split("\f")


@pytest.mark.parametrize("game", GAMES)
def test_finding_13_components_print_the_games_own_title_and_names(kits, game):
    from genkit.model.load import load_game
    title = load_game(ROOT / "content" / game).game.title
    folder = kits[game]["letter"]
    for pdf in sorted(folder.glob("*.pdf")):
        pages = _pages(pdf)
        if pdf.name == "rules.pdf":
            assert title in pages[0]                                   # the booklet's title page
            credits = next((i for i, p in enumerate(pages) if "\nCredits\n" in f"\n{p}"), len(pages))
            pages = pages[:credits]                                    # the credits may name the system
        for n, text in enumerate(pages, 1):
            for name in OTHERS:
                assert name not in text, f"{pdf.name} page {n}: {name}"
    if (folder / "cards.pdf").exists():
        backs = _pages(folder / "cards.pdf")[1::2]
        assert all(title in b for b in backs if b.strip())             # card backs: the game's own title


def test_finding_13_the_system_is_named_in_the_credits():
    text = (ROOT / "content" / "memoir44" / "rules.md").read_text()
    credits = text[text.index("# Credits"):]
    assert "Memoir '44" in credits and "Memoir '44" not in text[:text.index("# Credits")].split("#}", 1)[1]
