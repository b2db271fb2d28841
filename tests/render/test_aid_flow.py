"""The player aid's page filling (render/aid_flow.py) on sections of known heights, and the
re-wrapping of a grid record (a turn track) to the boxes a row the aid holds."""
from genkit.render.aid_flow import flow
from genkit.render.layout import Block, Row
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


def test_a_grid_record_rewraps_in_reading_order_with_its_marks():
    data = TableData([], [["1", "2", "3"], ["4", "5", ""]], [1.0] * 3, {(1, 1): "#ff0000"},
                     roles=["box"] * 3, marks={(1, 0): (Mark("+1", "us", "per_turn"),)})
    two = data.rewrapped(2)
    assert two.rows == [["1", "2"], ["3", "4"], ["5", ""]]
    assert two.fills == {(2, 0): "#ff0000"} and two.marks == {(1, 1): (Mark("+1", "us", "per_turn"),)}
    assert two.roles == ["box", "box"]
