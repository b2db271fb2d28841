"""The production review of 2026-11-27 (issue 28), findings 8, 10 and 11, measured on the bundled
kits' booklets and player aids as printed: pdftotext's words and their boxes, the SVG pages."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from genkit.model.load import load_game
from genkit.pack.printable import build_kit
from render_helpers import need_tool

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("bering_land", "brannock_ford", "memoir44")
MARGIN_TOP, MARGIN_BOTTOM = 56.0, 52.0     # the booklet's text frame (booklet_style)


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[tuple[str, str], Path]:
    out = {}
    for game in GAMES:
        for paper in ("letter", "a4"):
            dest = tmp_path_factory.mktemp(f"{game}-{paper}") / "kit"
            build_kit(ROOT / "content" / game, dest, paper=paper, only=["rules", "player-aid"])
            out[(game, paper)] = dest
    return out


def _words(pdf: Path) -> list[list[tuple[str, float, float]]]:
    """Per page: (word, yMin, yMax) from the top of the page, in reading order."""
    xml = subprocess.run([need_tool("pdftotext"), "-bbox", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    pages = []
    for page in xml.split("<page ")[1:]:
        pages.append([(m.group(3), float(m.group(1)), float(m.group(2))) for m in
                      re.finditer(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>',
                                  page)])
    return pages


def _page_height(pdf: Path) -> float:
    xml = subprocess.run([need_tool("pdftotext"), "-bbox", "-l", "1", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    return float(re.search(r'<page width="[\d.]+" height="([\d.]+)"', xml).group(1))


def _text(pdf: Path) -> str:
    return " ".join(subprocess.run([need_tool("pdftotext"), str(pdf), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())


def _layout_lines(pdf: Path) -> list[str]:
    return subprocess.run([need_tool("pdftotext"), "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout.splitlines()


def _section(pdf: Path, heading: str) -> str:
    """The text of the player aid's section ``heading``, to the next section's heading."""
    text = _text(pdf)
    start = text.index(heading) + len(heading)
    following = re.search(r"\b[A-Z][A-Z]{3,}(?: [A-Z()0-9-]+)* [A-Z]{3,}\b", text[start:])
    return text[start:start + following.start()] if following else text[start:]


def _page_of(pages, phrase: str) -> int:
    """The first page (1-based) whose words hold ``phrase``."""
    for n, words in enumerate(pages, 1):
        if phrase in " ".join(w for w, _, _ in words):
            return n
    raise AssertionError(f"{phrase!r} is printed nowhere")


# --------------------------------------------------------------------------- finding 8: booklets

@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAMES)
def test_the_last_page_of_a_booklet_is_at_least_a_third_full(kits, game, paper):
    """Bering Land's last page was 36% full on Letter and 15% on A4: a sheet printed for a few
    lines. The booklet tightens its spacing when that would save the page."""
    pdf = kits[(game, paper)] / "rules.pdf"
    height = _page_height(pdf)
    frame = height - MARGIN_TOP - MARGIN_BOTTOM
    last = [y1 for _, y0, y1 in _words(pdf)[-1] if MARGIN_TOP < y0 and y1 < height - MARGIN_BOTTOM]
    used = (max(last) - MARGIN_TOP) / frame
    assert used >= 1 / 3, f"{game} {paper}: the last page is {used:.0%} full"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_table_is_on_the_page_of_the_text_that_introduces_it(kits, paper):
    """"Each side starts with the units below" and the set-up table; the sequence of play and
    "the phases below"."""
    pages = _words(kits[("bering_land", paper)] / "rules.pdf")
    assert _page_of(pages, "keeps the rest in reserve") == _page_of(pages, "Set up in hexes")
    assert _page_of(pages, "played in this order") == _page_of(pages, "Who acts")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_crt_and_its_results_key_share_a_page(kits, paper):
    crt = load_game(ROOT / "content" / "brannock_ford").crt
    first = min(crt.columns, key=lambda c: c.key).label
    pages = _words(kits[("brannock_ford", paper)] / "rules.pdf")
    assert _page_of(pages, f"Die {first}") == _page_of(pages, "Result Name What happens")


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAMES)
def test_no_designers_note_opens_a_page(kits, game, paper):
    """A designer's note stays with the text it comments on: none is the first thing on a page."""
    pdf = kits[(game, paper)] / "rules.pdf"
    for n, words in enumerate(_words(pdf)[1:], 2):
        body = [w for w, y0, _ in words if y0 > MARGIN_TOP - 4]
        assert body and body[0] != "Designer's", f"{game} {paper}: page {n} opens with a designer's note"


def test_the_unit_chart_draws_each_unit_in_its_own_sides_colours(kits):
    """The Brannock Ford's Cavalry is Vellish: its counter on the unit chart is drawn in the
    Vellish colour, as on the counter sheet (it was drawn as a Carrowan counter)."""
    content = load_game(ROOT / "content" / "brannock_ford")
    svg_dir = kits[("brannock_ford", "letter")] / "svg"
    page = next(p.read_text() for p in sorted(svg_dir.glob("rules-*.svg")) if "Cavalry (CAV)" in p.read_text())
    owners = {g.type: g.side for g in content.counters.units}
    assert owners["cav"] != content.game.sides[0].id
    for side in content.game.sides:
        assert f'fill="{side.colour.full.lower()}"' in page, side.id


def test_set_up_lists_each_reinforcement_with_its_turn_and_entry_hex(kits):
    content = load_game(ROOT / "content" / "brannock_ford")
    text = _text(kits[("brannock_ford", "letter")] / "rules.pdf")
    arrivals = [g for g in content.counters.units if g.enters is not None and g.reserve]
    assert arrivals
    for g in arrivals:
        assert f"{g.reserve} enter on turn {g.enters.turn} at {g.enters.hexes[0]}" in text, (g.side, g.type)


# --------------------------------------------------------------------------- finding 10: the player aid

@pytest.mark.parametrize("game", GAMES)
def test_the_player_aid_prints_every_victory_condition(kits, game):
    """Each condition of game.victory, in the order checked, with its numbers from the model."""
    content = load_game(ROOT / "content" / game)
    text = _section(kits[(game, "letter")] / "player-aid.pdf", "VICTORY")
    items = re.split(r"\b\d\. ", text)[1:]
    assert len(items) == len(content.game.victory), text
    for v, item in zip(content.game.victory, items):
        if v.kind == "hold":
            assert all(h in item for h in v.hexes)
        elif v.kind == "points":
            assert re.search(rf"\b{v.at_least} \w+ wins", item), item
        elif v.kind == "turn_limit":
            assert f"turn {content.turn_track.turns}" in item
        elif v.kind == "enter_enemy_place":
            assert "enters a place the enemy owns" in item
        elif v.kind == "no_units":
            assert "no unit on the map loses" in item


@pytest.mark.parametrize("game", GAMES)
def test_the_sequence_of_play_says_what_happens_in_each_phase(kits, game):
    """Each phase's name is printed with what is done in it (the style's words for its kind),
    not bare, in the player aid and in the booklet alike."""
    from genkit.render.aid import aid_style
    from genkit.render.tables_model import phase_text
    content = load_game(ROOT / "content" / game)
    st = aid_style(content, ROOT / "content" / game)
    aid = _text(kits[(game, "letter")] / "player-aid.pdf")
    booklet = _text(kits[(game, "letter")] / "rules.pdf")
    for phase in content.game.sequence_of_play:
        said = phase_text(content, phase, st.word)
        assert len(said.split()) >= 2, phase.kind
        for text in (aid, booklet):
            assert phase.name in text and said in text, (phase.name, said)


# --------------------------------------------------------------------------- finding 11: players' words

@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAMES)
def test_no_simulator_note_or_repository_file_reaches_the_players(kits, game, paper):
    for name in ("rules.pdf", "player-aid.pdf"):
        text = _text(kits[(game, paper)] / name)
        assert not re.search(r"simulat", text, re.I), f"{game} {name}"
        assert not re.search(r"\bdocs/|\w+\.md\b", text), f"{game} {name}"
