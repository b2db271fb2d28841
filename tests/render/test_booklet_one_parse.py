"""Issue 29: the booklet reads the Markdown tokens its check parsed when each [[table]] line of
rules.md stands alone, instead of parsing the text again with a mark for each table; its pages
are those the marks give, and a table line that does not stand alone still goes by the marks."""
from __future__ import annotations

from pathlib import Path

import pytest

from genkit.model.load import load_game
from genkit.render import booklet, rules_markdown
from genkit.render.layout import SheetStyle

ROOT = Path(__file__).resolve().parents[2]
PACKS = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "rules.md").is_file())


def _layout(pack: Path, text: str | None = None):
    content = load_game(pack)
    if text is None:
        text = (pack / "rules.md").read_text(encoding="utf-8")
    return booklet.booklet_layout(content, SheetStyle("letter"), text, str(pack / "rules.md"), pack)


@pytest.mark.parametrize("pack", PACKS)
def test_each_bundled_booklet_lays_out_from_one_parse_the_pages_the_marks_give(pack, monkeypatch):
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")
    parsed = []
    real = rules_markdown._parsed.__wrapped__
    monkeypatch.setattr(rules_markdown, "_parsed", lambda text: parsed.append(text) or real(text))
    one = _layout(ROOT / "content" / pack)
    assert len(set(parsed)) == 1                     # the rendered text alone, for check and booklet
    monkeypatch.setattr(booklet, "_tables_standing_alone", lambda text: None)
    parsed.clear()
    marked = _layout(ROOT / "content" / pack)
    assert len(set(parsed)) == 2                     # the rendered text, and the text with marks
    assert one.pages == marked.pages and one.outline == marked.outline


@pytest.mark.parametrize("text, alone", [
    ("# 1.0 A\n\nText.\n\n[[crt]]\n\nMore.\n", {4: 0}),
    ("[[crt]]\n\n[[units]]", {0: 0, 2: 1}),
    ("```\n[[crt]]\nx\n```\n\n[[units]]\n", {5: 0}),             # in a fence it prints as written
    ("Text right above it.\n[[crt]]\n", None),                     # a paragraph's line
    ("[[crt]]\nright under it\n", None),
    ("- an item\n\n  [[crt]]\n", None),                             # inside a list item
    ("Text GENKITTABLE0END.\n\n[[crt]]\n", None),                  # a mark's own text
])
def test_a_table_line_stands_alone_at_its_lines_start_between_blank_lines(text, alone):
    assert booklet._tables_standing_alone(text) == alone


def test_a_table_line_inside_a_list_item_is_drawn_there_by_its_mark(game_copy, monkeypatch):
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")
    text = "# 1.0 Units\n\n- the units:\n\n  [[units]]\n\n- then the table again:\n[[units]]\n"
    pages = _layout(game_copy, text).pages
    drawn = [t.text for p in pages for t in _texts(p.items)]
    assert drawn.count("Infantry (INF)") == 2 and not [t for t in drawn if "[[" in t]


def _texts(items):
    from genkit.render.draw import Group, Text
    for it in items:
        if isinstance(it, Group):
            yield from _texts(it.items)
        elif isinstance(it, Text):
            yield it


def _drawn(pack: Path, text: str) -> list[str]:
    return [t.text for p in _layout(pack, text).pages for t in _texts(p.items)]


@pytest.mark.parametrize("around", ["\u00a0", "\u3000"])
def test_a_line_of_unicode_spaces_beside_a_table_line_is_text_to_markdown_and_the_table_still_drawn(
        game_copy, monkeypatch, around):
    # Markdown's blank line holds spaces and tabs only: a no-break space joins the table line to
    # the paragraph above, which the marks split off, as they always did
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")
    text = f"# 1.0 Units\n\nThe units:\n{around}\n[[units]]\n{around}\nAfter the table.\n"
    assert booklet._tables_standing_alone(text) is None
    drawn = _drawn(game_copy, text)
    assert drawn.count("Infantry (INF)") == 1 and "After the table." in drawn
    assert not [t for t in drawn if "[[" in t]


def test_a_carriage_return_a_placeholder_writes_leaves_every_later_table_drawn(game_copy, monkeypatch):
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")
    text = '# 1.0 Units\n\nA Russian{{ "\\r" }}cell.\n\n[[units]]\n\nThen the results.\n\n[[crt]]\n'
    drawn = _drawn(game_copy, text)
    assert drawn.count("Infantry (INF)") == 1 and not [t for t in drawn if "[[" in t]
    assert "Then the results." in drawn


def test_a_paragraph_the_parser_reads_otherwise_than_the_text_shows_leaves_the_tables_to_the_marks():
    tokens = rules_markdown.parse_markdown("A line\n\u00a0\n[[crt]]\n")
    assert not booklet._each_a_paragraph(tokens, {2: 0})
    assert booklet._each_a_paragraph(rules_markdown.parse_markdown("A line\n\n[[crt]]\n"), {2: 0})


@pytest.mark.parametrize("fence", [("~~~", "~~~"), ("````", "````"), ("````", "`````")])
def test_a_fence_closes_only_on_its_own_kind_as_long_or_longer(fence):
    opening, closing = fence
    text = "\n".join([opening, "```", "", "[[crt]]", "", "```", closing, "", "[[units]]"])
    assert [n for n, _ in rules_markdown.outside_code(text)] == [8, 9]


# where the parser reads code, as markdown-it does (review): a fence opening a list item, a fence
# left open in a list item (closed where the item ends), a fence line indented 4 spaces inside a
# fence (text, not its end), a table line in an indented code block
CODE_CASES = {
    "fence opening a list item": ("- ```\n  x\n  ```\n\n[[units]]\n", [4, 5, 6]),
    "fence open to the item's end": ("- item\n\n  ```\n  code\n\nText.\n\n[[units]]\n", [1, 2, 6, 7, 8, 9]),
    "indented fence line inside a fence": ("```\ncode\n    ```\nmore\n```\n\n[[units]]\n", [6, 7, 8]),
    "indented code block": ("Text.\n\n    [[crt]]\n\n[[units]]\n", [1, 2, 4, 5, 6]),
    "a lone carriage return": ("A\rB\n\n```\n[[crt]]\n```\n\n[[units]]\n", [1, 2, 6, 7, 8]),
}


@pytest.mark.parametrize("case", sorted(CODE_CASES))
def test_code_is_where_the_markdown_parser_reads_code(case):
    text, outside = CODE_CASES[case]
    assert [n for n, _ in rules_markdown.outside_code(text)] == outside


@pytest.mark.parametrize("case", sorted(set(CODE_CASES) - {"a lone carriage return"}))
def test_a_table_after_code_the_parser_closed_is_drawn(game_copy, monkeypatch, case):
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")
    drawn = _drawn(game_copy, "# 1.0 Code\n\n" + CODE_CASES[case][0])
    assert drawn.count("Infantry (INF)") == 1
    assert not [t for t in drawn if "GENKITTABLE" in t or t.strip() == "[[units]]"]


def test_check_reads_a_table_line_after_a_fence_opening_a_list_item(game_copy):
    from genkit.pack.printable import check_path
    (game_copy / "rules.md").write_text("# 1.0 Code\n\n- ```\n  x\n  ```\n\n[[resultz]]\n")
    found = [(f.line, f.code) for f in check_path(game_copy) if f.code.startswith("rules")]
    assert found == [(7, "rules-table")]


def test_change_bars_read_a_table_after_a_fence_opening_a_list_item(game_copy):
    from genkit.model.load import load_game
    from genkit.publish.changes import with_tables
    text = with_tables("# 1.0 Code\n\n- ```\n  x\n  ```\n\n[[units]]\n", load_game(game_copy))
    assert "[[units]]" not in text and "Infantry" in text


def test_a_table_line_inside_a_fence_holding_another_fences_mark_prints_as_written(game_copy, monkeypatch):
    monkeypatch.setenv("GENKIT_CACHE_DIR", "off")
    text = "# 1.0 Code\n\n~~~\n```\n\n[[crt]]\n\n```\n~~~\n\n[[units]]\n"
    drawn = _drawn(game_copy, text)
    assert "[[crt]]" in drawn and drawn.count("Infantry (INF)") == 1
    assert not [t for t in drawn if "GENKITTABLE" in t]
