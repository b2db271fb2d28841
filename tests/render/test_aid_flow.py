"""The player aid's page filling (render/aid_flow.py) on sections of known heights, and the
re-wrapping of a grid record (a turn track) to the boxes a row the aid holds."""
from pathlib import Path

from genkit.model.load import load
from genkit.render.aid import aid_layout
from genkit.render.aid_flow import KEEP, flow
from genkit.render.layout import Block, Row, SheetStyle
from genkit.render.tables import Mark, TableData

TOP, BOTTOM, WIDTH, GUTTER, GAP = 0.0, 100.0, 200.0, 10.0, 0.0


def block(key: str, *heights: float, span: str = "half") -> Block:
    return Block(key, tuple(Row((key,), h) for h in heights), span)


def placed(pages) -> list[list[tuple[float, str]]]:
    """Per page, (x, section) of each row placed."""
    return [[(x, row.items[0]) for x, _, row in page] for page in pages]


def test_half_sections_that_cannot_be_split_in_order_go_whole_into_the_column_where_they_fit():
    """60 + 60 + 40 + 40: in order, no split into two columns of at most 100 exists (60 | 60 + 40
    + 40, 60 + 60 | ...); whole, tallest first, 60 + 40 and 60 + 40 fit one page."""
    blocks = [block("a", 30, 30), block("b", 30, 30), block("c", 20, 20), block("d", 20, 20)]
    pages = placed(flow(blocks, WIDTH, GUTTER, GAP, TOP, BOTTOM))
    assert len(pages) == 1
    columns = {}
    for x, key in pages[0]:
        columns.setdefault(x, []).append(key)
    assert sorted(tuple(dict.fromkeys(v)) for v in columns.values()) == [("a", "c"), ("b", "d")]


def test_a_section_splits_at_a_pages_foot_when_moving_it_whole_costs_a_page():
    """70 on the first page leaves 30; a 40-high section (four rows of 10) would move on whole
    (less than 2/3 of it fits), and then the 80-high section after it would need a third page.
    Split, two of its rows stay (not three: its last row is never alone at the next page's head)."""
    blocks = [block("a", 70, span="full"), block("b", 10, 10, 10, 10, span="full"),
              block("c", 40, 40, span="full")]
    pages = placed(flow(blocks, WIDTH, GUTTER, GAP, TOP, BOTTOM))
    assert len(pages) == 2
    assert [k for _, k in pages[0]] == ["a", "b", "b"]


def test_no_sections_heading_row_is_left_alone_at_a_pages_foot():
    """90 leaves 10: a section whose first row is 10 high moves on whole, never its first row alone."""
    blocks = [block("a", 90, span="full"), block("b", 10, 10, 10, span="full")]
    pages = placed(flow(blocks, WIDTH, GUTTER, GAP, TOP, BOTTOM))
    assert [k for _, k in pages[0]] == ["a"] and [k for _, k in pages[1]] == ["b", "b", "b"]


def rows_of(key: str, *heights: float, notes: tuple[float, ...] = (), cont: float = 0.0) -> tuple:
    """A section's rows, each item (key, index); ``notes`` kept with the row before them; each
    row after the first ``cont`` high "continued" repeat above it when it opens a page."""
    rows = [Row((key, i), h) for i, h in enumerate(heights)]
    rows += [Row((key, len(heights) + j), h, keep_with_previous=True) for j, h in enumerate(notes)]
    if cont:
        rows[1:] = [Row(r.items, r.height, Row(("continued", key), cont), r.keep_with_previous)
                    for r in rows[1:]]
    return tuple(rows)


def parts(pages, key: str) -> list[list[int]]:
    """Per page (and column), the indices of ``key``'s rows placed there, in placing order."""
    out = []
    for page in pages:
        for x in sorted({x for x, _, row in page if row.items[0] == key}):
            out.append([row.items[1] for px, _, row in page if row.items[0] == key and px == x])
    return out


def test_a_section_whose_last_two_rows_would_spill_breaks_earlier_keeping_three_together():
    """40 on the first page leaves 60: six rows of an eight-row section fit, the last two would
    open the next page alone.  The break moves up: five rows stay, three go on."""
    blocks = [block("a", 40, span="full"), Block("b", rows_of("b", *[10] * 8), "full")]
    pages = flow(blocks, WIDTH, GUTTER, GAP, TOP, BOTTOM)
    assert parts(pages, "b") == [[0, 1, 2, 3, 4], [5, 6, 7]]
    assert KEEP == 3


def test_a_tables_note_stays_with_its_last_row_and_is_not_counted_as_a_row():
    """Seven rows of 10 and a note: 40 above leaves room for six; with the note counted a row,
    five and three; kept with the last row, the break leaves three rows and the note."""
    blocks = [block("a", 40, span="full"), Block("b", rows_of("b", *[10] * 7, notes=(10,)), "full")]
    pages = flow(blocks, WIDTH, GUTTER, GAP, TOP, BOTTOM)
    assert parts(pages, "b") == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_a_short_section_that_does_not_fit_moves_on_whole_rather_than_split_into_stubs():
    """Five rows of 10 with 40 left: four would fit (more than 2/3 of it), but no break keeps
    three rows on both sides, so the section moves on whole (it costs no page: the next holds it
    and what follows)."""
    blocks = [block("a", 60, span="full"), Block("b", rows_of("b", *[10] * 5), "full"),
              block("c", 20, span="full")]
    pages = flow(blocks, WIDTH, GUTTER, GAP, TOP, BOTTOM)
    assert parts(pages, "b") == [[0, 1, 2, 3, 4]]
    assert len(pages) == 2 and pages[1][0][2].items[0] == "b"


def test_a_section_taller_than_a_page_breaks_keeping_every_row_once_in_order():
    """50 above, then 16 rows of 10 (and a 5-high "continued" over each part after the first):
    it must break twice; every row is placed once, in order, and no part holds fewer than
    three rows (5, 9 and 2 would fill the pages best), with no more pages than that."""
    blocks = [block("a", 50, span="full"), Block("b", rows_of("b", *[10] * 16, cont=5.0), "full")]
    pages = flow(blocks, WIDTH, GUTTER, GAP, TOP, BOTTOM)
    got = parts(pages, "b")
    assert [i for part in got for i in part] == list(range(16))
    assert len(pages) == 3 and min(len(p) for p in got) >= KEEP
    for page in pages:           # a "continued" only ever above a row of its section
        for (_, _, row), (_, _, nxt) in zip(page, page[1:] + [(0, 0, Row(("end",), 0))]):
            if row.items[0] == "continued":
                assert nxt.items[0] == row.items[1]
        assert page[-1][2].items[0] != "continued"


def test_a_half_sections_notes_go_into_the_column_of_its_rows():
    """Three rows and three notes of 10 (60 high) beside nothing: balanced, three and three,
    the notes would stand in the right column alone under "continued"; kept with their row,
    the section stays whole in one column."""
    blocks = [Block("b", rows_of("b", 10, 10, 10, notes=(10, 10, 10)), "half")]
    pages = flow(blocks, WIDTH, GUTTER, GAP, TOP, BOTTOM)
    assert parts(pages, "b") == [[0, 1, 2, 3, 4, 5]]


def test_a_break_counts_the_rows_of_the_table_it_breaks_not_those_of_a_table_before_it():
    """Review: a section of three setting rows, then a table of nine (its first row with its
    head, 20 high), too tall for one page; 40 above leaves 60: room for the settings, the
    table's first row and one more. Counted by section, that break kept five rows at the foot,
    but of the table only its head and one row. Counted by table, the break goes between the
    two tables, and the table fills the next page whole (two pages either way)."""
    settings = [Row(("b", i), 10) for i in range(3)]
    table = [Row(("b", 3), 20, opens_table=True)] + [Row(("b", i), 10) for i in range(4, 12)]
    blocks = [block("a", 40, span="full"), Block("b", tuple(settings + table), "full")]
    pages = flow(blocks, WIDTH, GUTTER, GAP, TOP, BOTTOM)
    assert parts(pages, "b") == [[0, 1, 2], list(range(3, 12))]


STRIKE_THE_BEAR = Path(__file__).resolve().parents[2] / "content" / "strike_the_bear"


def test_strike_the_bears_operations_tables_are_not_broken_leaving_a_row_or_two_alone():
    """The German Operations table (eleven rows and a note) broke after its tenth row, rows 11
    and 12 alone at the head of the next page.  Read from the aid's layout: each part of it, and
    of every section broken, holds at least KEEP rows (its note not counted apart), and every
    row of every section is placed once, in order."""
    content, _ = load(STRIKE_THE_BEAR, [])
    layout = aid_layout(content, SheetStyle("letter", 0, "1", "0" * 64, "t"), STRIKE_THE_BEAR)
    where = {id(row): (blk.key, i) for blk in layout.blocks for i, row in enumerate(blk.rows)}
    placed: dict[str, list] = {}
    for n, page in enumerate(layout.pages):
        for x, _, row in page:
            if id(row) in where:
                key, i = where[id(row)]
                placed.setdefault(key, []).append((n, x, i, row))
    assert {blk.key: len(blk.rows) for blk in layout.blocks} == {k: len(v) for k, v in placed.items()}
    for blk in layout.blocks:
        rows = placed[blk.key]
        assert [i for _, _, i, _ in rows] == list(range(len(blk.rows)))
        columns = {}
        for n, x, i, row in rows:
            columns[n, x] = columns.get((n, x), 0) + (i == 0 or not row.keep_with_previous)
        if blk.key == "chart:table_ops_german":
            assert len(blk.rows) == 12 and blk.rows[-1].keep_with_previous
        assert len(columns) == 1 or min(columns.values()) >= KEEP, (blk.key, columns)


def test_a_grid_record_rewraps_in_reading_order_with_its_marks():
    data = TableData([], [["1", "2", "3"], ["4", "5", ""]], [1.0] * 3, {(1, 1): "#ff0000"},
                     roles=["box"] * 3, marks={(1, 0): (Mark("+1", "us", "per_turn"),)})
    two = data.rewrapped(2)
    assert two.rows == [["1", "2"], ["3", "4"], ["5", ""]]
    assert two.fills == {(2, 0): "#ff0000"} and two.marks == {(1, 1): (Mark("+1", "us", "per_turn"),)}
    assert two.roles == ["box", "box"]
