import itertools

import pytest

from genkit.render.draw import Group, Line, Rect, Text
from genkit.render.fonts import text_width
from genkit.render.geometry import bounds
from genkit.render.sheets import (A4, FOOTER_BAND, FOOTER_TOP, LETTER, SAFE_MARGIN, LETTER_LANDSCAPE, PAGE_SIZES,
                                  PRINT_AT_100, TABLOID, TABLOID_LANDSCAPE, Slot,
                                  calibration_square, crop_marks, cut_lines, duplex_axis,
                                  duplex_back_rotation, extend_to_bleed, footer, grid_layout,
                                  landscape, mirror_for_duplex, page_size, page_with_bleed,
                                  place_item, version_label)
from genkit.render.tiles import tile, tile_count

POKER = (180, 252)


def _overlap(a, b, eps=1e-6):
    return (a.x < b.x + b.w - eps and b.x < a.x + a.w - eps
            and a.y < b.y + b.h - eps and b.y < a.y + a.h - eps)


def test_page_sizes():
    assert LETTER == (612, 792) and TABLOID == (792, 1224)
    assert A4 == pytest.approx((595.276, 841.89))
    assert landscape(LETTER) == LETTER_LANDSCAPE == (792, 612)
    assert TABLOID_LANDSCAPE == (1224, 792)
    assert page_size("A4-landscape") == (841.89, 595.276)
    assert set(PAGE_SIZES) >= {"letter", "a4", "tabloid", "letter-landscape"}
    with pytest.raises(ValueError):
        page_size("legal-ish")


@pytest.mark.parametrize("margin,reserved", [(18, 0), ((9, 18, 9, 18), FOOTER_BAND)])
def test_nine_poker_cards_on_letter(margin, reserved):
    W, H = LETTER
    slots = grid_layout(W, H, *POKER, margin=margin, gap=0, reserved_bottom=reserved)
    assert len(slots) == 9
    top, right, bottom, left = (margin,) * 4 if isinstance(margin, int) else margin
    for s in slots:
        assert (s.w, s.h) == POKER
        assert s.x >= left - 1e-9 and s.x + s.w <= W - right + 1e-9
        assert s.y >= top - 1e-9 and s.y + s.h <= H - bottom - reserved + 1e-9
    for a, b in itertools.combinations(slots, 2):
        assert not _overlap(a, b)
    assert [(s.row, s.col) for s in slots[:4]] == [(0, 0), (0, 1), (0, 2), (1, 0)]
    # centred horizontally
    assert slots[0].x == pytest.approx(W - (slots[2].x + slots[2].w))


def test_grid_gap_and_errors():
    slots = grid_layout(*LETTER, 45, 45, margin=18, gap=9)
    xs = sorted({s.x for s in slots})
    assert xs[1] - xs[0] == pytest.approx(54)
    assert len(grid_layout(*LETTER, 45, 45, margin=18, max_rows=2, max_cols=3)) == 6
    with pytest.raises(ValueError):
        grid_layout(*LETTER, 700, 100)


def test_mirror_long_edge_top_left_goes_top_right():
    W, H = LETTER
    slots = grid_layout(W, H, *POKER, margin=18)
    backs = mirror_for_duplex(slots, W, H, flip="long")
    front_tl = slots[0]
    assert (front_tl.row, front_tl.col) == (0, 0)
    back = backs[0]
    top_right = max((s for s in slots if s.row == 0), key=lambda s: s.x)
    assert (back.x, back.y) == pytest.approx((top_right.x, top_right.y))
    assert (back.row, back.col) == (0, 0)      # still identifies its front
    # the set of back positions is the same grid (centred layout)
    # pytest.approx takes flat sequences only (pytest 9.2 refuses nested tuples)
    assert [c for s in sorted((s.x, s.y) for s in backs) for c in s] == pytest.approx(
        [c for s in sorted((s.x, s.y) for s in slots) for c in s])
    # without page_h for portrait long edge, and with plain (x, y) positions
    assert mirror_for_duplex([(18, 18)], W, item_w=180, item_h=252)[0][:2] == (W - 18 - 180, 18)


def test_mirror_short_edge_and_landscape():
    W, H = LETTER
    s = Slot(18, 18, 180, 252)
    assert mirror_for_duplex([s], W, H, "short")[0][:2] == (18, H - 18 - 252)
    assert duplex_axis(W, H, "long") == "x" and duplex_axis(W, H, "short") == "y"
    LW, LH = LETTER_LANDSCAPE
    assert duplex_axis(LW, LH, "long") == "y" and duplex_axis(LW, LH, "short") == "x"
    assert duplex_back_rotation(W, H, "long") == 0
    assert duplex_back_rotation(W, H, "short") == 180
    with pytest.raises(ValueError):
        mirror_for_duplex([s], W, None, "short")
    with pytest.raises(ValueError):
        duplex_axis(W, H, "sideways")


def test_crop_marks_outside_art():
    W, H = LETTER
    slots = grid_layout(W, H, *POKER, margin=18)
    marks = crop_marks(slots)
    assert marks and all(isinstance(m, Line) for m in marks)
    for m in marks:
        for s in slots:  # no mark touches any card
            mx0, mx1 = sorted((m.x1, m.x2))
            my0, my1 = sorted((m.y1, m.y2))
            assert mx1 <= s.x or mx0 >= s.x + s.w or my1 <= s.y or my0 >= s.y + s.h
    # every cut line (4 distinct x, 4 distinct y) is marked in the margin
    xs = {m.x1 for m in marks if m.x1 == m.x2}
    ys = {m.y1 for m in marks if m.y1 == m.y2}
    assert xs == {s.x for s in slots} | {s.x + s.w for s in slots}
    assert ys == {s.y for s in slots} | {s.y + s.h for s in slots}
    # no duplicates
    assert len({(m.x1, m.y1, m.x2, m.y2) for m in marks}) == len(marks)


def test_crop_marks_respect_bleed():
    slots = grid_layout(*LETTER, *POKER, margin=18, gap=18, max_rows=1, max_cols=2)
    marks = crop_marks(slots, bleed=9, offset=3)
    for m in marks:
        for s in slots:
            mx0, mx1 = sorted((m.x1, m.x2))
            my0, my1 = sorted((m.y1, m.y2))
            assert (mx1 <= s.x - 9 or mx0 >= s.x + s.w + 9 or my1 <= s.y - 9
                    or my0 >= s.y + s.h + 9)


def test_cut_lines_merge_shared_edges():
    slots = grid_layout(*LETTER, 45, 45, margin=36)
    lines = cut_lines(slots)
    rows = max(s.row for s in slots) + 1
    cols = max(s.col for s in slots) + 1
    assert len(lines) == (rows + 1) + (cols + 1)
    assert all(ln.dash and ln.stroke_width <= 0.5 for ln in lines)


def test_place_item_rotation_and_bleed_clip():
    item = [Rect(0, 0, 40, 60, fill="#ff0000", stroke=None)]
    s = Slot(100, 100, 40, 60)
    assert bounds(place_item(item, s)) == pytest.approx((100, 100, 140, 160))
    assert bounds(place_item(item, s, rotate=180)) == pytest.approx((100, 100, 140, 160))
    s90 = Slot(100, 100, 60, 40)
    assert bounds(place_item(item, s90, rotate=90)) == pytest.approx((100, 100, 160, 140))
    assert bounds(place_item(item, s90, rotate=270)) == pytest.approx((100, 100, 160, 140))
    bled = extend_to_bleed(item, 40, 60, 9)
    assert bounds(bled) == (-9, -9, 49, 69)
    assert bounds(place_item(bled, s, bleed=3)) == pytest.approx((97, 97, 143, 163))
    # inner art is untouched
    assert extend_to_bleed([Rect(5, 5, 10, 10)], 40, 60, 9) == [Rect(5, 5, 10, 10)]


def test_page_with_bleed_boxes():
    p = page_with_bleed([Rect(-9, -9, 630, 810, fill="#eeeeee", stroke=None)], 612, 792, 9)
    assert (p.width, p.height) == (630, 810)
    assert p.trim_box == (9, 9, 612, 792)
    assert p.bleed_box == (0, 0, 630, 810)


def test_footer_and_calibration_square():
    W, H = LETTER
    f = footer(W, H, PRINT_AT_100, version_label("1.2.0", "abc1234def567"))
    assert [t.text for t in f] == [PRINT_AT_100, "version 1.2.0 - content abc1234"]
    assert f[0].anchor == "start" and f[1].anchor == "end"
    b = bounds(f)
    # under FOOTER_TOP, and out of the quarter inch home printers leave blank (finding 1)
    assert b[1] >= H - FOOTER_TOP and b[3] <= H - SAFE_MARGIN
    long = footer(200, 100, "x" * 80, "y" * 40)
    assert long[0].size < 6.5
    assert text_width(long[0].text, "sans", long[0].size) + \
        text_width(long[1].text, "sans", long[1].size) <= 200 - 36
    sq = calibration_square(36, 36)
    assert sq[0] == Rect(36, 36, 72, 72, fill=None, stroke="#000000", stroke_width=0.25)
    assert any(isinstance(t, Text) and "inch" in t.text for t in sq)
    bx = bounds(sq)
    assert bx == pytest.approx((36, 36, 108, 108))     # the label stays inside


def _visible_window(page):
    content = page.items[0]
    assert isinstance(content, Group) and content.clip is not None
    c = content.clip
    tx, ty = content.translate
    return c.x, c.y, c.w, c.h, tx + c.x, ty + c.y


def test_tile_covers_big_page_with_overlap():
    big_w, big_h = TABLOID_LANDSCAPE
    W, H = LETTER
    overlap, margin = 36, 18
    big = [Rect(0, 0, big_w, big_h, fill="#f0e0c0", stroke=None)]
    pages = tile(big, big_w, big_h, W, H, overlap=overlap, margin=margin)
    rows, cols = tile_count(big_w, big_h, W, H, overlap, margin)
    assert len(pages) == rows * cols > 1
    wins = []
    for p in pages:
        assert (p.width, p.height) == (W, H)
        x, y, w, h, px, py = _visible_window(p)
        # 1:1, centred across the paper and placed inside the margins
        assert p.items[0].scale == 1
        assert px == pytest.approx((W - w) / 2) and px >= margin and py >= margin
        assert px + w <= W - margin + 1e-9 and py + h <= H - margin + 1e-9
        wins.append((x, y, w, h))
        labels = [t.text for t in p.items if isinstance(t, Text)]
        assert any(f"of {rows * cols}" in t and "tile " in t for t in labels)
    # union covers the big page: check a grid of sample points
    for sx in range(0, int(big_w) + 1, 6):
        for sy in range(0, int(big_h) + 1, 6):
            assert any(x <= sx <= x + w and y <= sy <= y + h for x, y, w, h in wins), (sx, sy)
    # neighbours overlap by exactly `overlap`
    by_rc = {(i // cols, i % cols): win for i, win in enumerate(wins)}
    for (r, c), (x, y, w, h) in by_rc.items():
        if (r, c + 1) in by_rc:
            assert x + w - by_rc[(r, c + 1)][0] == pytest.approx(overlap)
        if (r + 1, c) in by_rc:
            assert y + h - by_rc[(r + 1, c)][1] == pytest.approx(overlap)
    # registration ticks: a tile and its right neighbour carry a tick at the same big-page x,
    # in the paper margin above the window (never on the art)
    def tick_xs(page):
        x, y, w, h, px, py = _visible_window(page)
        return {round(it.x1 - px + x, 3) for it in page.items
                if isinstance(it, Line) and it.x1 == it.x2 and max(it.y1, it.y2) < py}
    assert tick_xs(pages[0]) & tick_xs(pages[1])


def test_tile_auto_orient_and_single():
    big_w, big_h = TABLOID_LANDSCAPE
    portrait = tile([], big_w, big_h, *LETTER)
    auto = tile([], big_w, big_h, *LETTER, auto_orient=True)
    assert len(auto) < len(portrait)
    assert (auto[0].width, auto[0].height) == LETTER_LANDSCAPE
    assert len(tile([], 300, 300, *LETTER)) == 1
    with pytest.raises(ValueError):
        tile([], 1000, 1000, 100, 100, overlap=80, margin=18)


def test_mirror_positional_flip_argument():
    s = Slot(18, 18, 180, 252)
    assert mirror_for_duplex([s], 612, "long")[0][:2] == (612 - 18 - 180, 18)
