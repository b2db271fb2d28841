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
