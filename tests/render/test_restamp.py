"""Issue 29: after an edit, a component whose pages did not change but for the content stamp is
read back from the cache with the new stamp written into its bytes (genkit/render/restamp.py),
not drawn again; the kit is byte for byte the one a build without the cache writes."""
import dataclasses
import pickle
from pathlib import Path

import pytest

from genkit.render import kit, restamp

from tests.conftest import edit


def kit_files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def drawn(monkeypatch):
    """The PDF files drawn afresh by each build (``written`` calls), cleared by the test."""
    files: list[str] = []
    real = kit.written

    def counting(comp, *args, **kw):
        files.append(comp["file"])
        return real(comp, *args, **kw)
    monkeypatch.setattr(kit, "written", counting)
    return files


def build(game: Path, out: Path, cache, monkeypatch) -> dict[str, bytes]:
    from genkit.pack.printable import build_kit
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(cache) if cache is not None else "off")
    build_kit(game, out)
    return kit_files(out)


def test_after_a_units_movement_changed_only_the_components_printing_it_are_drawn(game_copy, tmp_path,
                                                                                  monkeypatch, drawn):
    cache = tmp_path / "cache"
    build(game_copy, tmp_path / "first", cache, monkeypatch)
    assert set(drawn) >= {"map.pdf", "map-tiled.pdf", "cards.pdf", "counters.pdf"}
    edit(game_copy / "units.yaml", "movement: 3", "movement: 4")
    drawn.clear()
    edited = build(game_copy, tmp_path / "edited", cache, monkeypatch)
    # the counters print the movement; the map, its tiles and the cards do not
    assert "counters.pdf" in drawn
    assert not {"map.pdf", "map-tiled.pdf", "cards.pdf"} & set(drawn)
    fresh = build(game_copy, tmp_path / "fresh", None, monkeypatch)
    assert edited == fresh
    assert edited["map.pdf"] != kit_files(tmp_path / "first")["map.pdf"]     # the stamp changed


def test_a_comment_added_restamps_every_component(game_copy, tmp_path, monkeypatch, drawn):
    cache = tmp_path / "cache"
    build(game_copy, tmp_path / "first", cache, monkeypatch)
    path = game_copy / "units.yaml"
    path.write_text(path.read_text() + "# a comment: the content's hash changes, no drawing does\n")
    drawn.clear()
    edited = build(game_copy, tmp_path / "edited", cache, monkeypatch)
    assert drawn == []
    assert edited == build(game_copy, tmp_path / "fresh", None, monkeypatch)


def kept_map(cache: Path) -> restamp.Kept:
    for path in (cache / "kit-written").glob("*.pickle"):
        kept = pickle.loads(path.read_bytes())
        if kept.written.file == "map.pdf":
            return kept
    raise AssertionError("no map kept")


def test_a_stamp_that_cannot_be_written_in_place_is_drawn_afresh(game_copy, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    build(game_copy, tmp_path / "first", cache, monkeypatch)
    kept = kept_map(cache)
    new_hash = "0123456789ab"
    new_stamp = kept.stamp.replace(kept.hash12[:7], new_hash[:7])
    assert restamp.restamped(kept, new_stamp, new_hash) is not None
    assert restamp.restamped(kept, kept.stamp, kept.hash12) is kept.written
    # XML would escape it, or it is not ASCII (not in the font's first subset)
    for stamp in ("version 1 & 2 - content 0123456", "versión 1 - content 0123456"):
        assert restamp.restamped(kept, stamp, new_hash) is None
    # a stamp printed by a line the entry does not know of is never left unchanged
    assert restamp.restamped(dataclasses.replace(kept, lines=kept.lines[1:]), new_stamp, new_hash) is None


@pytest.mark.parametrize("version", ["1.0 (playtest)", "1.0 \\\\ beta"])
def test_a_version_a_pdf_string_escapes_is_never_left_with_the_old_stamp(game_copy, tmp_path, monkeypatch, version):
    # a PDF string writes ( ) and \\ escaped, so the stamp is not found as printed: drawn afresh
    edit(game_copy / "game.yaml", 'version: "1.0"', f'version: "{version}"')
    cache = tmp_path / "cache"
    build(game_copy, tmp_path / "first", cache, monkeypatch)
    edit(game_copy / "units.yaml", "movement: 3", "movement: 4")
    assert build(game_copy, tmp_path / "edited", cache, monkeypatch) == build(game_copy, tmp_path / "fresh", None,
                                                                             monkeypatch)


def test_the_booklets_pages_the_edit_did_not_change_are_written_from_their_last_operators(game_copy, tmp_path,
                                                                                         monkeypatch):
    from genkit.render import pdf_pages
    reused: list[str] = []
    real = pdf_pages.PageReuse.draw

    def counting(self, n, page, c, writer):
        before = self.reused
        real(self, n, page, c, writer)
        if self.reused > before:
            reused.append(page.title)
    monkeypatch.setattr(pdf_pages.PageReuse, "draw", counting)
    svgs: list[str] = []
    real_svg = kit.svg_string

    def counting_svg(page):
        svgs.append(page.title)
        return real_svg(page)
    monkeypatch.setattr(kit, "svg_string", counting_svg)
    cache = tmp_path / "cache"
    build(game_copy, tmp_path / "first", cache, monkeypatch)
    assert reused == []
    edit(game_copy / "units.yaml", "movement: 3", "movement: 4")
    svgs.clear()
    edited = build(game_copy, tmp_path / "edited", cache, monkeypatch)
    rules = [t for t in reused if t.startswith("rules")]
    assert 0 < len(rules) < 10            # the booklet's page printing the movement is drawn
    assert not any(t.startswith("counters") for t in reused)
    # each page's SVG likewise: written afresh for the pages drawn afresh alone
    assert not set(svgs) & set(reused)
    assert len([t for t in svgs if t.startswith("rules")]) == 10 - len(rules)
    assert edited == build(game_copy, tmp_path / "fresh", None, monkeypatch)


def test_the_booklets_paragraphs_the_edit_did_not_change_are_not_wrapped_again(game_copy, tmp_path, monkeypatch):
    from genkit.render import booklet_blocks
    wrapped: list[str] = []
    real = booklet_blocks.rich_lines

    def counting(runs, size, width):
        wrapped.append("".join(text for text, _ in runs))
        return real(runs, size, width)
    monkeypatch.setattr(booklet_blocks, "rich_lines", counting)
    cache = tmp_path / "cache"
    build(game_copy, tmp_path / "first", cache, monkeypatch)
    first = len(wrapped)
    assert first > 100
    edit(game_copy / "units.yaml", "movement: 3", "movement: 4")
    wrapped.clear()
    edited = build(game_copy, tmp_path / "edited", cache, monkeypatch)
    # rules.md prints the infantry's movement in one paragraph: that one alone is wrapped again
    assert len(wrapped) == 1 and "4 movement points" in wrapped[0]
    assert edited == build(game_copy, tmp_path / "fresh", None, monkeypatch)
    # what the last booklet wrapped is kept, not what it no longer prints
    kept = [pickle.loads(p.read_bytes()) for p in (cache / "booklet-lines").glob("*.pickle")]
    assert len(kept) == 1
    texts = ["".join(text for text, _ in key[1]) for key in kept[0]]
    assert len(texts) == first and any("4 movement points" in t for t in texts)
    assert not any("3 movement points" in t for t in texts)


def test_a_stamp_lines_run_is_replaced_where_its_pattern_would_match_and_nowhere_else():
    # the literal search stands for the pattern head, /FontName, tail (left to right, not
    # overlapping), as reportlab writes a text run
    import re
    head, tail = b"BT 1 0 0 -1 10 20 Tm ", b" 6 Tf 7.2 TL (v1.0 abc) Tj T* ET"
    run = restamp._Run(head, tail, b"BT 1 0 0 -1 9 20 Tm ", b" 6 Tf 7.2 TL (v1.1 def) Tj T* ET")
    data = (b"q " + head + b"/F1" + tail + b" Q " + head + b"/F2+x" + tail + head + b"/F3 junk"
            + head + head + b"/F4" + tail + head + b"/" + tail + b" " + head + b"/F5" + tail[:-1])
    pattern = re.compile(re.escape(head) + rb"(/[A-Za-z0-9+]+)" + re.escape(tail))
    expected = pattern.subn(run.new_head + rb"\1" + run.new_tail, data)
    assert run.subn(data) == expected and expected[1] == 3


def test_a_components_key_leaves_no_cycle_for_a_build_without_the_collector():
    # issue 29: a build runs with the cycle collector off, so a cycle made per component (the
    # key's recursive reader holding its pickler and buffer) stayed in memory to the end
    import gc
    from genkit.render.draw import Group, Page, Rect, Text
    inner = (Rect(0, 0, 10, 10), Text(1, 2, "version 1.0 - content abcdef123456", 6, "sans"))
    pages = [Page(100, 100, [Group((Group(inner, translate=(5, 5)), *inner), translate=(1, 1))], title="p")]
    was = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        key = restamp.unstamped_key(("parts",), pages, "version 1.0 - content abcdef123456", "abcdef123456")
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
    assert len(key) == 64
