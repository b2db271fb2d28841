"""rules.pdf, the rules booklet: built from content/<game>/rules.md, measured on the PDF."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from genkit.pack.printable import check_path
from genkit.model.load import load_game
from genkit.pack.printable import build_kit
from genkit.render.sheets import page_size
from render_helpers import need_tool

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"
RIDGE = ROOT / "tests" / "fixtures" / "ridge"


def _build(tmp: Path, content=BERING, *sets: str, paper: str = "letter") -> Path:
    build_kit(content, tmp, paper=paper, only=["rules"], overrides=sets)
    return tmp / "rules.pdf"


@pytest.fixture(scope="module")
def booklet(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("booklet") / "out")


def _pages(pdf: Path) -> list[str]:
    return [p.extract_text() for p in PdfReader(str(pdf)).pages]


def _contents(first_page: str) -> list[tuple[str, int]]:
    """(heading, page) of each table-of-contents line: pypdf reads a line as the heading, its dot
    leader and the page number, one after the other."""
    lines = [ln.strip() for ln in first_page.splitlines()]
    return [(title, int(number)) for title, leader, number in zip(lines, lines[1:], lines[2:])
            if re.fullmatch(r"\.{3,}", leader) and number.isdigit()]


def _headings(rules_md: Path, levels: int) -> list[str]:
    return [m.group(2).strip() for m in re.finditer(r"^(#{1,%d}) (.+)$" % levels, rules_md.read_text(), re.M)]


def test_contents_lists_every_rule_and_case_at_the_page_it_starts_on(booklet):
    pages = _pages(booklet)
    toc = _contents(pages[0])
    assert [title for title, _ in toc] == _headings(BERING / "rules.md", 2)
    for title, page in toc:
        lines = [ln.strip() for ln in pages[page - 1].splitlines()]
        assert title in lines, f"{title!r} is not on page {page}"


def test_every_page_carries_the_kit_footer_and_its_number(booklet):
    game = load_game(BERING).game
    for n, text in enumerate(_pages(booklet), 1):
        assert "Print at 100%" in text and f"version {game.version}" in text
        assert f"rules page {n}" in text


def test_a_changed_hand_limit_changes_every_mention(tmp_path, booklet):
    limit = load_game(BERING).deck("ability").hand_limit
    # the sentences of rules.md that name the hand limit, as printed with the model's value
    mentions = [r"at most {} ability cards", r"while holding {}\s+is lost"]
    before = " ".join(_pages(booklet))
    changed = " ".join(_pages(_build(tmp_path / "six", BERING, f"decks.ability.hand_limit={limit - 1}")))
    for pattern in mentions:
        assert re.search(pattern.format(limit), before) and not re.search(pattern.format(limit - 1), before)
        assert re.search(pattern.format(limit - 1), changed), pattern
        assert not re.search(pattern.format(limit), changed), pattern


def test_crt_prints_every_cell_of_the_model(booklet):
    crt = load_game(BERING).crt
    cols = sorted(crt.columns, key=lambda c: c.key)
    expected = ["Die"] + [c.label for c in cols]
    for at in crt.attack_types:
        expected += f"{crt.attack_type_names[at]} attack".split()
        for face in range(crt.die_faces):
            expected += [str(face + 1)] + [c.rows[at][face] for c in cols]
    tokens = " ".join(_pages(booklet)).split()
    starts = [i for i, t in enumerate(tokens) if t == "Die"]
    assert any(tokens[i:i + len(expected)] == expected for i in starts), "no CRT with every cell found"


def test_unit_chart_prints_every_unit_types_numbers(booklet):
    text = " ".join(" ".join(_pages(booklet)).split())
    for u in load_game(BERING).unit_types:
        # the counter face, then the chart's row: the space a PDF reader puts between two runs of
        # text is its own guess (pypdf 4.0 leaves some out), so the pattern does not depend on it
        assert re.search(rf"{u.short} ?{u.strength.full}-{u.movement} ?{re.escape(u.name)} ?\({u.short}\) ?"
                         rf"{u.strength.full} / {u.strength.reduced} {u.movement} ", text), u.name


def test_fonts_are_all_embedded_and_qpdf_accepts_it(booklet):
    fonts = subprocess.run([need_tool("pdffonts"), str(booklet)], capture_output=True, text=True,
                           check=True).stdout.splitlines()[2:]
    assert fonts and all(re.search(r"\byes\s+yes\s+yes\b", ln) for ln in fonts), fonts
    assert not any("Helvetica" in ln for ln in fonts)
    subprocess.run([need_tool("qpdf"), "--check", str(booklet)], check=True, capture_output=True)


def test_rebuild_is_byte_identical(tmp_path, booklet):
    assert _build(tmp_path / "again").read_bytes() == booklet.read_bytes()


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_pages_are_the_papers_size(tmp_path, paper):
    w, h = page_size(paper)
    pdf = _build(tmp_path / paper, paper=paper)
    for page in PdfReader(str(pdf)).pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((w, h), abs=0.01)


def _text_sizes(pdf: Path) -> dict[str, set[float]]:
    """Font name -> the sizes its text is set in (points, on the page)."""
    sizes: dict[str, set[float]] = {}

    def visit(text, cm, tm, font, size):
        if text.strip() and font:
            sizes.setdefault(font["/BaseFont"].split("+")[-1], set()).add(round(abs(size * (tm[3] or 1)), 2))
    for page in PdfReader(str(pdf)).pages:
        page.extract_text(visitor_text=visit)
    return sizes


def test_text_is_at_least_8_points_and_counters_at_least_6(booklet):
    sizes = _text_sizes(booklet)
    counters = sizes.pop("DejaVuSansCondensed-Bold")   # the counter faces of the unit chart, as printed
    text = set().union(*sizes.values())
    # the kit's footer (6.5 pt, as on every sheet) is the only text below 8 pt
    assert min(text - {6.5}) >= 8 and min(counters) >= 6, (sorted(text), sorted(counters))


def test_a_game_without_rules_md_builds_no_booklet(tmp_path):
    manifest = build_kit(RIDGE, tmp_path / "ridge", only=["rules", "player-aid"])
    assert not (tmp_path / "ridge" / "rules.pdf").exists()
    assert [c["kind"] for c in manifest["components"]] == ["player-aid"]


def test_booklet_is_in_the_manifest_with_its_pages(tmp_path):
    manifest = build_kit(BERING, tmp_path / "k", only=["rules"])
    (entry,) = manifest["components"]
    assert entry["file"] == "rules.pdf"
    assert entry["pages"] == len(PdfReader(str(tmp_path / "k" / "rules.pdf")).pages)


def test_unknown_placeholder_is_a_check_error_with_file_and_line(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(BERING, game)
    rules = game / "rules.md"
    lines = rules.read_text().splitlines()
    lines.insert(30, "The hand holds {{ decks.ability.hand_limt }} cards.")
    rules.write_text("\n".join(lines) + "\n")
    errors = [f for f in check_path(game) if f.severity == "error"]
    assert [(Path(f.file).name, f.line, f.code) for f in errors] == [("rules.md", 31, "rules-placeholder")]
    assert "hand_limt" in errors[0].message and "hand_limit" in errors[0].message


def test_tables_longer_than_a_page_break_between_rows(tmp_path):
    game = tmp_path / "g"
    shutil.copytree(BERING, game)
    rows = "\n".join(f"| {i} | row {i} |" for i in range(150))
    (game / "rules.md").write_text("# 1.0 Long\n\n[[per_turn]]\n\n| n | text |\n|---|---|\n" + rows + "\n")
    pdf = _build(tmp_path / "out", game, "turn_track.turns=400")
    text = " ".join(_pages(pdf))
    assert "row 149" in text and re.search(r"\b400\b", text)
    assert len(PdfReader(str(pdf)).pages) >= 4


def test_poppler_and_ghostscript_render_every_page(booklet, tmp_path):
    pages = len(PdfReader(str(booklet)).pages)
    subprocess.run([need_tool("pdftoppm"), "-r", "20", "-png", str(booklet), str(tmp_path / "p")],
                   check=True, capture_output=True)
    assert len(list(tmp_path.glob("p-*.png"))) == pages
    res = subprocess.run([need_tool("gs"), "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=nullpage", str(booklet)],
                         capture_output=True, text=True)
    assert res.returncode == 0 and "Error" not in res.stdout + res.stderr


def test_the_kit_hash_follows_the_rules_text(tmp_path):
    """Editing only rules.md changes the hash every sheet and the manifest print (the booklet
    prints from it), while the model's own hash, which game logs check, stays."""
    import json
    import shutil
    from genkit.model.load import load
    from genkit.pack.printable import build_kit
    dest = tmp_path / "game"
    shutil.copytree(BERING, dest)
    before = build_kit(dest, tmp_path / "a", only="map")["content_sha256"]
    (dest / "rules.md").write_text((dest / "rules.md").read_text() + "\nOne more sentence of our own.\n")
    after = json.loads((build_kit(dest, tmp_path / "b", only="map") and
                        (tmp_path / "b" / "manifest.json")).read_text())["content_sha256"]
    assert before != after and load(dest)[1].sha256 == load(BERING)[1].sha256


def test_a_table_cell_with_a_word_wider_than_the_page_leaves_the_other_columns_their_width(tmp_path):
    """A CRT result whose text is one 600-letter word (found by a structural fuzz): check passed,
    then the booklet's results table scaled every column down with it, leaving the code column
    narrower than its padding, and the build stopped on reportlab's "flowable given negative
    availWidth" with no file or line. Now the short columns keep their width and the word breaks."""
    from genkit.render.booklet_style import TABLE_LOOK
    from genkit.render.rules_tables import table_style
    from genkit.render.tables_model import results_table
    from genkit.render.tables_layout import data_table
    game = tmp_path / "brannock_ford"
    shutil.copytree(ROOT / "content" / "brannock_ford", game)
    crt = (game / "crt.yaml").read_text()
    assert 'text: "Nothing happens."' in crt
    (game / "crt.yaml").write_text(crt.replace('text: "Nothing happens."', 'text: "' + "x" * 600 + '"'))
    manifest = build_kit(game, tmp_path / "kit", only=["rules"])
    assert [c["file"] for c in manifest["components"]] == ["rules.pdf"]
    content = load_game(game)
    (head_and_first, *_) = data_table(TABLE_LOOK, results_table(content, None, table_style(content)), 400, 400)
    grid = next(g for g in head_and_first.items[0].items if type(g).__name__ == "Rect" and g.stroke)
    lines = sorted(g.x1 for g in head_and_first.items[0].items if type(g).__name__ == "Line")
    widths = [b - a for a, b in zip([0.0] + lines, lines + [grid.w])]
    assert abs(grid.w - 400) < 1e-6 and min(widths) > 8 + 10   # padding 2 x 4 pt, and a letter or two


def test_a_packs_words_change_the_tables_of_aid_and_booklet_alike(tmp_path):
    """The tables' words are the style's (templates/aid.yaml.j2 ``words``): a pack that restyles
    or translates them changes the CRT's notes in the player aid and in the booklet, and the
    booklet's table heads."""
    game = tmp_path / "brannock_ford"
    shutil.copytree(ROOT / "content" / "brannock_ford", game)
    crt = load_game(game).crt
    first = min(crt.columns, key=lambda c: c.key).label
    (game / "templates").mkdir(exist_ok=True)
    (game / "templates" / "aid.yaml.j2").write_text(
        'words:\n  t_below_forbidden: "Under {first}: no battle at all."\n  t_what_happens: "Effect"\n')
    build_kit(game, tmp_path / "kit", only=["rules", "player-aid"])
    booklet = " ".join(" ".join(_pages(tmp_path / "kit" / "rules.pdf")).split())
    aid = " ".join(" ".join(_pages(tmp_path / "kit" / "player-aid.pdf")).split())
    said = f"Under {first}: no battle at all."
    assert said in booklet and said in aid
    assert "the battle may not be fought" not in booklet + aid
    assert "Effect" in booklet and "What happens" not in booklet


def test_the_results_key_is_one_record_for_aid_and_booklet(tmp_path):
    """The results key the player aid prints is the booklet's record (tables_model.results_table):
    a result's words changed in the model change both, and both name every result."""
    game = tmp_path / "brannock_ford"
    shutil.copytree(ROOT / "content" / "brannock_ford", game)
    crt = (game / "crt.yaml").read_text()
    (game / "crt.yaml").write_text(crt.replace('text: "Nothing happens."', 'text: "Both sides stand and stare."'))
    build_kit(game, tmp_path / "kit", only=["rules", "player-aid"])
    texts = [" ".join(" ".join(_pages(tmp_path / "kit" / f)).split()) for f in ("rules.pdf", "player-aid.pdf")]
    names = [r.name for r in load_game(game).crt.results]
    for text in texts:
        assert "Both sides stand and stare." in text and "Nothing happens." not in text
        assert all(n in text for n in names), names


def test_the_aids_tables_are_the_booklets_records_in_the_same_words(tmp_path):
    """The CRT, unit chart, terrain chart and draw table of the player aid are the booklet's
    records (tables_model): a pack that rewords their heads (templates/aid.yaml.j2 ``words``)
    changes both, and the aid prints genkit's words no more."""
    game = tmp_path / "bering_land"
    shutil.copytree(BERING, game)
    ours = {"t_attack_band": ("{attack} attack", "{attack} fire"), "t_cost_to_enter": ("Cost to enter", "Entry toll"),
            "t_movement": ("Movement points", "Legs"), "t_die": ("Die", "Throw")}
    style = game / "templates" / "aid.yaml.j2"
    style.write_text(style.read_text() + "".join(f'  {k}: "{new}"\n' for k, (_, new) in ours.items()))
    build_kit(game, tmp_path / "kit", only=["rules", "player-aid"])
    texts = [" ".join(" ".join(_pages(tmp_path / "kit" / f)).split()) for f in ("rules.pdf", "player-aid.pdf")]
    for text in texts:
        assert "Primary fire" in text and "Entry toll" in text and "Legs" in text and "Throw" in text
    assert "Cost to enter" not in texts[1] and "Movement points" not in texts[1]   # the aid (no prose)


def test_the_sequence_of_play_is_one_record_in_the_packs_words_for_aid_and_booklet(tmp_path):
    """The sequence of play the player aid prints is the booklet's record
    (tables_model.sequence_table): a pack that rewords a phase's kind and the table's head
    (templates/aid.yaml.j2 ``words``) changes both, and each phase's name and words appear in
    both.  (The aid printed a numbered list of its own, without the table's head.)"""
    from genkit.render.aid import aid_style
    from genkit.render.tables_model import sequence_table
    game = tmp_path / "bering_land"
    shutil.copytree(BERING, game)
    style = game / "templates" / "aid.yaml.j2"
    style.write_text(style.read_text().replace('phase_movement: "move one unit."', 'phase_movement: "shift one piece."')
                     + '  t_phase: "Step no."\n  t_what_happens: "Do this"\n')
    build_kit(game, tmp_path / "kit", only=["rules", "player-aid"])
    texts = [" ".join(" ".join(_pages(tmp_path / "kit" / f)).split()) for f in ("rules.pdf", "player-aid.pdf")]
    content = load_game(game)
    record = sequence_table(content, None, aid_style(content, game))
    assert [r[0] for r in record.rows] == [str(i) for i in range(1, len(content.game.sequence_of_play) + 1)]
    for text in texts:
        assert "Shift one piece." in text and "Move one unit." not in text
        assert "Step no." in text and "Do this" in text
        for _, name, _, what in record.rows:
            assert name in text and what in text, (name, what)


def test_a_decks_rules_are_one_record_in_the_packs_words_for_aid_and_booklet(tmp_path):
    """The hand limit, plays per phase and reshuffle the player aid prints under the deck's
    title are the record the booklet draws for ``[[deck_rules]]`` (tables_model.deck_rules_table):
    the model's numbers and a pack's words change both."""
    game = tmp_path / "bering_land"
    shutil.copytree(BERING, game)
    style = game / "templates" / "aid.yaml.j2"
    style.write_text(style.read_text() + '  hand_limit: "Most cards held"\n')
    rules = game / "rules.md"
    rules.write_text(rules.read_text() + "\n[[deck_rules]]\n")
    build_kit(game, tmp_path / "kit", only=["rules", "player-aid"], overrides=["decks.ability.hand_limit=6"])
    texts = [" ".join(" ".join(_pages(tmp_path / "kit" / f)).split()) for f in ("rules.pdf", "player-aid.pdf")]
    for text in texts:
        assert "Most cards held 6" in text and "Hand limit" not in text


def test_a_build_fills_rules_md_once_and_parses_it_once(tmp_path, monkeypatch):
    # the check that rules.md prints and the booklet read the same filled text and its tokens
    import genkit.render.rules_markdown as rules_markdown
    import genkit.render.rules_text as rules_text
    filled, parsed = [], []
    render, parse = rules_text._render, rules_markdown._parser

    def counted_render(*args):
        filled.append(args[0])
        return render(*args)

    class Parser:
        def parse(self, text):
            parsed.append(text)
            return parse().parse(text)
    monkeypatch.setattr(rules_text, "_render", counted_render)
    monkeypatch.setattr(rules_markdown, "_parser", Parser)
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")     # nothing read back from an earlier build
    rules_markdown._parsed.cache_clear()
    rules_text._RENDERED.clear()
    build_kit(BERING, tmp_path / "k", only=["rules"])
    assert len(filled) == 1
    assert len(parsed) == len(set(parsed))
