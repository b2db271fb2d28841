"""The player aid, measured on its drawing: the unit chart, sections left out without data, track
lanes a side plays, boxes that hold a counter, and a pack's own style template."""
import json
import math
import re
import shutil
from pathlib import Path

import pytest

from genkit.model.load import load
from genkit.render.aid import aid_pages, aid_style
from genkit.render.tables_tracks import lanes_of
from genkit.render.counter_sheets import counter_key
from genkit.render.counters import counter_size, unit_face
from genkit.render.draw import Group, Line, Rect, Text
from genkit.render.geometry import apply, bounds, iter_primitives
from genkit.render.layout import SheetStyle
from genkit.render.templates import TemplateError

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"
RIDGE = ROOT / "tests" / "fixtures" / "ridge"


def style(paper="letter"):
    return SheetStyle(paper, 0, "1", "0" * 64, "t")


def pages_of(path, sets=(), paper="letter"):
    content, _ = load(path, list(sets))
    return content, aid_pages(content, style(paper), path)


def texts(pages):
    """(page, x, y, text, size) of every text, in page coordinates."""
    out = []
    for n, page in enumerate(pages):
        for t, m in iter_primitives(page.items):
            if isinstance(t, Text):
                x, y = apply(m, t.x, t.y)
                out.append((n, x, y, t.text, t.size * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))))
    return out


def words(pages) -> str:
    return " ".join(t[3] for t in texts(pages))


def boxes(pages):
    """Track and turn boxes: rects with a number printed in their top-left corner."""
    out = []
    for page in pages:
        prims = list(iter_primitives(page.items))
        for (r, m), (t, _) in zip(prims, prims[1:]):
            if isinstance(r, Rect) and isinstance(t, Text) and t.text.isdigit() and \
                    0 < t.x - r.x < 4 and 0 < t.y - r.y < 12 and r.stroke:
                out.append((int(t.text), r.w, r.h))
    return out


def test_unit_chart_prints_every_unit_types_values():
    for path in (BERING, RIDGE):
        content, pages = pages_of(path)
        said = words(pages)
        for u in content.unit_types:
            assert f"{u.name} ({u.short})" in said
            assert f"{u.strength.full} / {u.strength.reduced}" in said
            if u.defence:
                assert f"{u.defence.full} / {u.defence.reduced}" in said
            for a, n in u.attack_distance.items():
                assert f"{n} hex" in said
            if u.facing:   # the unit chart's record says it in the style's words
                cost = aid_style(content).word("t_facing_cost").replace("{cost}", str(u.turn_cost))
                assert cost in said
        for a in content.crt.attack_types:
            assert content.crt.attack_type_names[a] in said


def test_unit_chart_draws_the_counters_with_the_counter_template():
    content, pages = pages_of(BERING)
    groups = [g for page in pages for g, _ in _groups(page.items)]
    for u in content.unit_types:
        side = next(g.side for g in content.counters.units if g.type == u.id)
        for reduced in (False, True):
            face = tuple(unit_face(content, side, u.id, reduced))
            assert any(g.items[:len(face)] == face for g in groups), (u.id, reduced)


def _groups(items, m=(1, 0, 0, 1, 0, 0)):
    for it in items:
        if isinstance(it, Group):
            yield it, m
            yield from _groups(it.items)


def test_the_counter_key_names_each_part_of_a_counter_and_the_facing_tick_only_with_facing():
    for path, facing in ((BERING, True), (RIDGE, False)):
        content, pages = pages_of(path)
        st = aid_style(content, path)
        said = words(pages)
        for key in ("key_type", "key_symbol", "key_numbers", "key_reduced"):
            assert st.word(key).split()[0] in said, (path.name, key)
        assert (st.word("key_facing").split(":")[0] in said) is facing
        assert (st.word("facing_key").split("(")[0] in said) is facing
    items, h = counter_key(load(BERING)[0], 300)
    assert h > 0 and [t for t, _ in iter_primitives(items) if isinstance(t, Text)]


def test_each_counter_key_leader_starts_at_the_part_it_names():
    """Every leader line starts on the enlarged counter and ends at its label, right of it."""
    content, pages = pages_of(BERING)
    page = next(p for p in pages if "HOW TO READ A COUNTER" in words([p]))
    lines = [(apply(m, ln.x1, ln.y1), apply(m, ln.x2, ln.y2)) for ln, m in iter_primitives(page.items)
             if isinstance(ln, Line) and ln.stroke == "#404040"]
    assert len(lines) >= 8  # four parts on the front (facing included), four on the back
    for (x1, _), (x2, _) in lines:
        assert x2 > x1


def test_sections_without_data_are_left_out():
    bering, b_pages = pages_of(BERING)
    ridge, r_pages = pages_of(RIDGE)
    table = bering.deck("ability").draw_table_name.upper()
    assert table in words(b_pages) and "HAND LIMIT" not in words(r_pages).upper()
    assert not any(table in t[3] or "TABLE (ROLL" in t[3] for t in texts(r_pages))
    assert bering.tracks[0].name.upper() in words(b_pages)
    assert "TRACKS" not in words(r_pages).replace("TURN TRACK", "")


def test_track_lanes_are_printed_for_the_markers_a_side_has(tmp_path):
    dest = tmp_path / "one_less"
    shutil.copytree(BERING, dest)
    units = (dest / "units.yaml").read_text()
    units = re.sub(r"    - \{id: streak_ru_hvy_mobile,.*\n.*\n", "", units)
    (dest / "units.yaml").write_text(units)
    game = (dest / "game.yaml").read_text().replace("pieces: 46", "pieces: 45")
    (dest / "game.yaml").write_text(game)
    content, pages = pages_of(dest)
    track = content.tracks[0]
    us, ru = content.game.sides
    assert len(lanes_of(content, track, us)) == 4 and len(lanes_of(content, track, ru)) == 3
    lane_boxes = sum(last + 1 for sd in (us, ru) for _, last in lanes_of(content, track, sd))
    assert len(boxes(pages)) == content.turn_track.turns + lane_boxes


def test_track_and_turn_boxes_hold_a_counter_with_a_margin():
    for path in (BERING, RIDGE):
        content, pages = pages_of(path)
        s = counter_size(content)
        found = boxes(pages)
        full = content.turn_track.turns + sum(
            last + 1 for t in content.tracks for sd in (content.game.sides if t.per_side else [None])
            for _, last in lanes_of(content, t, sd))
        assert len(found) == full
        assert min(min(w, h) for _, w, h in found) >= s + 4


def test_sixty_turns_flow_onto_the_pages_they_need():
    content, pages = pages_of(BERING, ["turn_track.turns=60"])
    assert sorted(n for n, _, _ in boxes(pages) if n >= 1)[-1] == 60
    assert len(pages) >= 3


def test_a_crt_taller_than_a_page_repeats_its_header_on_each_page(tmp_path):
    content, _ = load(RIDGE)
    sets = ["crt.die_faces=100"] + [
        f"crt.columns.{c.label}.rows={json.dumps({a: (r * 10)[:100] for a, r in c.rows.items()})}"
        for c in content.crt.columns]
    content, pages = pages_of(RIDGE, sets)
    labels = [c.label for c in content.crt.columns]
    said = texts(pages)
    die_x = next(x for _, x, _, t, _ in said if t == "Die")     # the die column (the head centred on it)
    faces = [(p, y) for p, x, y, t, _ in said if re.fullmatch(r"\d+", t) and abs(x - die_x) < 0.5]
    die_pages = {p for p, _ in faces}
    assert len(faces) >= 100 and len(die_pages) >= 2
    for n in die_pages:  # every page with CRT rows shows the columns above its first row
        first_row = min(y for p, y in faces if p == n)
        heads = {t for p, _, y, t, _ in said if p == n and y < first_row}
        assert set(labels) | {"Die"} <= heads


def test_a_pack_restyles_reorders_and_drops_sections(tmp_path):
    dest = tmp_path / "ridge"
    shutil.copytree(RIDGE, dest)
    (dest / "templates").mkdir()
    (dest / "templates" / "aid.yaml.j2").write_text(
        'heading: {band: "#1f4e9c", size: 10}\n'
        "sections:\n"
        "  - {id: units, title: \"Forces of {{ title }}\", span: full}\n"
        "  - {id: crt, title: Fire table, span: full}\n")
    content, pages = pages_of(dest)
    said = [t for t in texts(pages)]
    order = [t[3] for t in said if t[3] in ("FORCES OF RIDGE", "FIRE TABLE")]
    assert order == ["FORCES OF RIDGE", "FIRE TABLE"]
    assert not any("SEQUENCE OF PLAY" in t[3] or "TERRAIN CHART" in t[3] for t in said)
    bands = [r for p in pages for r, _ in iter_primitives(p.items) if isinstance(r, Rect) and r.fill == "#1f4e9c"
             and r.w > 400]
    assert len(bands) == 2
    assert {round(t[4], 2) for t in said if t[3] == "FIRE TABLE"} == {10}


def test_a_pack_style_with_text_under_6_pt_is_refused(tmp_path):
    dest = tmp_path / "ridge"
    shutil.copytree(RIDGE, dest)
    (dest / "templates").mkdir()
    (dest / "templates" / "aid.yaml.j2").write_text("body: {size: 5}\n")
    content, _ = load(dest)
    with pytest.raises(TemplateError, match="under 6 pt"):
        aid_pages(content, style(), dest)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_aid_is_the_same_drawing_every_time(paper):
    content, first = pages_of(BERING, paper=paper)
    _, second = pages_of(BERING, paper=paper)
    assert first == second


def test_a_counter_text_the_unit_chart_cannot_print_at_6_pt_is_a_check_finding():
    from genkit.pack.printable import check_path
    long_short = "INFANTRYREGIMENTGROUPNORTH"
    found = [f for f in check_path(BERING, [f"unit_types.inf.short={long_short}"]) if f.code == "unit-chart-text"]
    assert [(f.severity, f.file) for f in found] == [("error", "--set unit_types.inf.short")]
    assert "inf" in found[0].message and "pt" in found[0].message
    assert not [f for f in check_path(BERING) if f.code == "unit-chart-text"]
    # at its own file and line when the YAML holds it
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        dest = Path(tmp) / "b"
        shutil.copytree(BERING, dest)
        units = (dest / "units.yaml").read_text().replace("short: INF\n", f"short: {long_short}\n")
        (dest / "units.yaml").write_text(units)
        found = [f for f in check_path(dest) if f.code == "unit-chart-text"]
        line = units.splitlines().index(f"    short: {long_short}") + 1
        assert [(Path(f.file).name, f.line) for f in found] == [("units.yaml", line)]


@pytest.mark.parametrize("text, says", [
    ("sections:\n  - {id: order_of_battle}\n", "unknown player-aid section 'order_of_battle'"),
    ("margin: {{ 36 \n", "aid.yaml.j2:1"),
    ("sections:\n  - {id: crt, span: third}\n", "span must be full or half"),
])
def test_a_broken_pack_style_names_its_template(tmp_path, text, says):
    dest = tmp_path / "ridge"
    shutil.copytree(RIDGE, dest)
    (dest / "templates").mkdir()
    (dest / "templates" / "aid.yaml.j2").write_text(text)
    content, _ = load(dest)
    with pytest.raises(TemplateError, match=re.escape(says)) as err:
        aid_pages(content, style(), dest)
    assert "aid.yaml.j2" in str(err.value)


def test_the_counter_sheet_carries_the_counter_key_when_there_is_room(tmp_path):
    """The key on the counter sheet is the aid's own (drawn from the counter template), under
    the last sheet's counters, inside the sheet and clear of the footer."""
    from genkit.render.kit import layout_kit
    from genkit.render.sheets import FOOTER_BAND
    content, source = load(BERING)
    sheets = next(c for c in layout_kit(content, source, kinds=("counters",)) if c["kind"] == "counters")
    front = sheets["pages"][0]
    said = " ".join(t.text for t, _ in iter_primitives(front.items) if isinstance(t, Text))
    assert "type symbol" in said and "strength - movement allowance" in said
    x0, y0, x1, y1 = bounds([it for it in front.items if not (isinstance(it, Text) and it.y > front.height - FOOTER_BAND)])
    assert x1 <= front.width - 18 and y1 <= front.height - FOOTER_BAND


def test_a_word_thousands_of_letters_long_breaks_between_letters_in_time(monkeypatch):
    """A 5000-letter word in a narrow column (found by a structural fuzz: a track's count of 5000
    x's hung `genkit build` for minutes in the player aid's lane label): each line fits, no letter
    is lost, and the letters are measured a few times per line, not once per letter per line."""
    from genkit.render import layout
    calls = []
    width_of = layout.text_width
    monkeypatch.setattr(layout, "text_width", lambda *a: calls.append(1) or width_of(*a))
    word = "x" * 5000
    lines = layout.wrap(word, "sans", 7, 40)
    assert "".join(lines) == word and all(width_of(ln, "sans", 7) <= 40 for ln in lines)
    assert 1 < max(map(len, lines)) < 40
    assert len(calls) < 2 * len(word)      # searched from the back: about 5000 * 5000 / 2 / 12


@pytest.mark.parametrize("text", [
    "sections:\n  - {id: order_of_battle}\n",
    "margin: {{ 36 \n",
    "sections:\n  - {id: crt, span: third}\n",
    "key: [unclosed\n",
])
def test_check_refuses_the_pack_style_a_build_would_refuse(tmp_path, text):
    """What check passes, build builds: a pack's aid.yaml.j2 that the player aid cannot read is a
    check error at the template's file (found by fuzzing templates: check passed, build stopped)."""
    dest = tmp_path / "ridge"
    shutil.copytree(RIDGE, dest)
    (dest / "templates").mkdir()
    (dest / "templates" / "aid.yaml.j2").write_text(text)
    from genkit.pack.printable import check_path
    errors = [f for f in check_path(dest) if f.severity == "error"]
    assert [(Path(f.file).name, f.code) for f in errors] == [("aid.yaml.j2", "template")]


def test_a_track_is_one_record_for_aid_and_booklet(tmp_path):
    """A track of the model (Bering Land's killstreak tracks) is one record
    (tables_tracks.track_table): the aid draws a box for each of its box cells, with the cell's
    tag, and the booklet prints the same cells; a pack's word for the start box changes both."""
    from genkit.pack.printable import build_kit
    from genkit.render.tables_tracks import track_table
    from pypdf import PdfReader
    dest = tmp_path / "bering_land"
    shutil.copytree(BERING, dest)
    style = dest / "templates" / "aid.yaml.j2"
    style.write_text(style.read_text() + '  start: "go"\n')
    content, pages = pages_of(dest)
    data = track_table(content, "killstreak", aid_style(content, dest))
    cells = [c for r, row in enumerate(data.rows) if r not in data.bands for c in row if c]
    lanes = len(data.header[0]) if data.header else len(data.bands)
    assert sum(1 for c in cells if c == "0 go") == lanes == 8
    assert len(boxes(pages)) == content.turn_track.turns + len(cells)
    tags = [t for t in texts(pages) if t[3] in ("go", content.tracks[0].last_label)]
    assert len(tags) == sum(1 for c in cells if " " in c)
    build_kit(dest, tmp_path / "kit", only=["rules"])
    booklet = " ".join(p.extract_text() for p in PdfReader(str(tmp_path / "kit" / "rules.pdf")).pages)
    assert booklet.count("0 go") == lanes and "0 start" not in booklet


def test_the_reinforcement_note_is_in_the_packs_words(tmp_path):
    """The note under the turn track names each reinforcement in the style's words
    (``arrival``, ``t_or``), not in words typed into the code."""
    dest = tmp_path / "brannock_ford"
    shutil.copytree(ROOT / "content" / "brannock_ford", dest)
    (dest / "templates").mkdir(exist_ok=True)
    (dest / "templates" / "aid.yaml.j2").write_text(
        'words:\n  arrival: "T{turn} +{count} {unit} ({side}) @ {hexes}"\n  t_or: "/"\n')
    content, pages = pages_of(dest)
    said = " ".join(words(pages).split())
    grp = next(g for g in content.counters.units if g.enters is not None and g.reserve)
    assert f"T{grp.enters.turn} +{grp.reserve}" in said and " / " in said
    assert f"turn {grp.enters.turn}: {grp.reserve}" not in said


def test_the_turn_track_is_one_record_for_aid_and_booklet(tmp_path):
    """The game turn track is one record (tables_tracks.turn_track_table): the aid draws a box
    for each of its turns with a chip for each of its marks (Bering Land: a replacement step
    per side and turn), re-wrapped to the boxes a row the page holds, and the booklet prints
    the same turns and marks for ``[[turn_track]]``."""
    from genkit.pack.printable import build_kit
    from genkit.render.tables_tracks import turn_track_table
    from pypdf import PdfReader
    dest = tmp_path / "bering_land"
    shutil.copytree(BERING, dest)
    (dest / "rules.md").write_text((dest / "rules.md").read_text() + "\n[[turn_track]]\n")
    content, pages = pages_of(dest)
    data = turn_track_table(content, None, aid_style(content, dest))
    cells = [c for row in data.rows for c in row if c]
    assert [c.split(":")[0] for c in cells] == [str(t) for t in range(1, content.turn_track.turns + 1)]
    steps = [m for ms in data.marks.values() for m in ms]
    assert steps and all(m.kind == "per_turn" for m in steps)
    assert sum(1 for t in texts(pages) if t[3] == "+1") == sum(1 for m in steps if m.text == "+1")
    turn_boxes = [n for n, _, _ in boxes(pages) if n >= 1][:content.turn_track.turns]
    assert turn_boxes == list(range(1, content.turn_track.turns + 1))
    build_kit(dest, tmp_path / "kit", only=["rules"])
    booklet = " ".join(" ".join(p.extract_text() for p in PdfReader(str(tmp_path / "kit" / "rules.pdf")).pages).split())
    for cell in cells:
        if ":" in cell:
            assert cell in booklet, cell
