"""Tests for genkit.hexes. Expected values were worked out by hand on paper grids.

Paper model used for the flat-top 5x4 grids (size 1 across the flats):
even-down -> columns 01, 03, 05 high (row r centred at y = r - 0.5), 02, 04 low (y = r);
odd-down  -> the other way round.
"""
import math

import pytest

from genkit.hexes import (
    DIRECTIONS, HexGrid, axial_to_offset, direction_between, distance, format_hex_id,
    grid_extent, hex_center, hex_corners, hex_range, line, line_pair, neighbour, neighbours,
    offset_to_axial, parse_hex_id, ring, turn_cost,
)

CONVENTIONS = [("flat", "even-down"), ("flat", "odd-down"),
               ("pointy", "even-right"), ("pointy", "odd-right")]
SQ3 = math.sqrt(3)


def nb_ids(g, hex_id):
    """Neighbour ids of hex_id in DIRECTIONS order, None where off-map."""
    return [g.id_of(j) if j >= 0 else None for j in g.neighbours[g.index_of(hex_id)]]


# ----------------------------------------------------------------- directions, facings

def test_directions_are_the_six_unit_vectors_clockwise_from_up():
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    # clockwise on screen (y down) for flat-top: screen angle grows by 60 degrees per step
    g = HexGrid(5, 5)
    cx, cy = hex_center(3, 3, "flat", "even-down", 1.0)
    angles = []
    for j in g.neighbours[g.index_of("0303")]:
        x, y = hex_center(*g.col_row(j), "flat", "even-down", 1.0)
        angles.append(round(math.degrees(math.atan2(y - cy, x - cx))) % 360)
    assert angles == [270, 330, 30, 90, 150, 210]  # up, upper-right, lower-right, down, ...


def test_turn_cost_values():
    assert turn_cost(0, 0) == 0
    assert turn_cost(0, 1) == 1
    assert turn_cost(0, 5) == 1
    assert turn_cost(0, 2) == 2
    assert turn_cost(4, 0) == 2
    assert turn_cost(0, 3) == 3
    assert turn_cost(1, 4) == 3
    assert turn_cost(5, 2) == 3


def test_turn_cost_symmetric_and_bounded():
    for a in range(6):
        for b in range(6):
            assert turn_cost(a, b) == turn_cost(b, a)
            assert 0 <= turn_cost(a, b) <= 3
            assert (turn_cost(a, b) == 0) == (a == b)


def test_direction_between():
    assert direction_between((0, 0), (0, -1)) == 0
    assert direction_between((0, 0), (1, -1)) == 1
    assert direction_between((2, 3), (1, 3)) == 5
    assert direction_between((2, 3), (1, 4)) == 4
    assert direction_between((0, 0), (2, -1)) is None  # distance 2
    assert direction_between((0, 0), (1, 1)) is None   # distance 2
    assert direction_between((0, 0), (0, 0)) is None
    for d in range(6):
        h = neighbour((3, -2), d)
        assert direction_between((3, -2), h) == d
        assert direction_between(h, (3, -2)) == (d + 3) % 6


def test_neighbour_and_neighbours():
    assert neighbour((2, 1), 0) == (2, 0)
    assert neighbour((2, 1), 4) == (1, 2)
    assert neighbours((2, 1)) == ((2, 0), (3, 0), (3, 1), (2, 2), (1, 2), (1, 1))


# ----------------------------------------------------------------- distance, ring, range

def test_distance_known_values():
    assert distance((0, 0), (0, 0)) == 0
    assert distance((0, 0), (3, 0)) == 3
    assert distance((0, 0), (4, -2)) == 4
    assert distance((0, 0), (4, 1)) == 5
    assert distance((-2, 3), (1, -1)) == 4
    assert distance((1, -1), (-2, 3)) == 4


def test_ring_sizes_and_members():
    c = (2, -1)
    assert ring(c, 0) == [c]
    assert ring(c, 1) == list(neighbours(c))  # starts at direction 0, goes clockwise
    for r in range(1, 6):
        hs = ring(c, r)
        assert len(hs) == 6 * r
        assert len(set(hs)) == 6 * r
        assert all(distance(c, h) == r for h in hs)
        assert hs[0] == (c[0], c[1] - r)
        # consecutive ring hexes touch, including last -> first
        assert all(distance(hs[k], hs[(k + 1) % len(hs)]) == 1 for k in range(len(hs)))


def test_hex_range_is_union_of_rings():
    c = (-1, 4)
    for n in range(5):
        hs = hex_range(c, n)
        assert len(hs) == 1 + 3 * n * (n + 1)
        assert set(hs) == {h for r in range(n + 1) for h in ring(c, r)}
    assert hex_range(c, 0) == [c]


# ----------------------------------------------------------------- lines

def test_line_between_distant_hexes():
    # cube points at t = k/5 round cleanly, no ties anywhere
    expected = [(0, 0), (1, 0), (2, -1), (3, -1), (4, -2), (5, -2)]
    assert line((0, 0), (5, -2)) == expected
    assert line((5, -2), (0, 0)) == expected[::-1]
    assert line((0, 0), (3, -1)) == [(0, 0), (1, 0), (2, -1), (3, -1)]
    assert line((0, 0), (0, 4)) == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
    assert line((7, 7), (7, 7)) == [(7, 7)]


def test_line_is_contiguous_and_right_length():
    for b in hex_range((0, 0), 6):
        hs = line((0, 0), b)
        assert len(hs) == distance((0, 0), b) + 1
        assert hs[0] == (0, 0) and hs[-1] == b
        assert all(distance(hs[k], hs[k + 1]) == 1 for k in range(len(hs) - 1))


def test_line_pair_non_edge_line_gives_identical_lines():
    a, b = line_pair((0, 0), (5, -2))
    assert a == b == line((0, 0), (5, -2))
    a, b = line_pair((1, 1), (1, 5))
    assert a == b


@pytest.mark.parametrize("end, side_a, side_b", [
    # the three edge-aligned "diagonals": each tie at half-way falls between two hexes
    ((2, -1), (1, 0), (1, -1)),
    ((1, 1), (0, 1), (1, 0)),
    ((-1, 2), (0, 1), (-1, 1)),
])
def test_line_pair_on_exact_edge_gives_both_sides(end, side_a, side_b):
    a, b = line_pair((0, 0), end)
    assert {a[1], b[1]} == {side_a, side_b}
    assert a[0] == b[0] == (0, 0) and a[-1] == b[-1] == end


def test_line_pair_long_edge_line():
    a, b = line_pair((0, 0), (4, -2))
    assert a == [(0, 0), (1, 0), (2, -1), (3, -1), (4, -2)]
    assert b == [(0, 0), (1, -1), (2, -1), (3, -2), (4, -2)]
    # both sides stay on the same side all the way: the two lines share only
    # the hexes the true line passes through the centre of
    assert set(a) & set(b) == {(0, 0), (2, -1), (4, -2)}


def test_line_pair_reversed_is_the_same_pair_reversed():
    for end in hex_range((0, 0), 5):
        fwd = line_pair((0, 0), end)
        back = line_pair(end, (0, 0))
        assert back[0] == fwd[0][::-1]
        assert back[1] == fwd[1][::-1]


# ----------------------------------------------------------------- offset coordinates

@pytest.mark.parametrize("orientation, shift", CONVENTIONS)
def test_offset_axial_round_trip_whole_grid(orientation, shift):
    seen = set()
    for col in range(1, 8):
        for row in range(1, 7):
            qr = offset_to_axial(col, row, orientation, shift)
            assert axial_to_offset(*qr, orientation, shift) == (col, row)
            seen.add(qr)
    assert len(seen) == 7 * 6
    assert offset_to_axial(1, 1, orientation, shift) == (0, 0)


def test_offset_to_axial_known_values():
    assert offset_to_axial(2, 2, "flat", "even-down") == (1, 1)
    assert offset_to_axial(2, 2, "flat", "odd-down") == (1, 0)
    assert offset_to_axial(3, 2, "flat", "even-down") == (2, 0)
    assert offset_to_axial(5, 4, "flat", "even-down") == (4, 1)
    assert offset_to_axial(2, 2, "pointy", "even-right") == (1, 1)
    assert offset_to_axial(2, 2, "pointy", "odd-right") == (0, 1)
    assert offset_to_axial(1, 3, "pointy", "even-right") == (-1, 2)


def test_bad_orientation_or_shift():
    with pytest.raises(ValueError):
        offset_to_axial(1, 1, "flat", "even-right")
    with pytest.raises(ValueError):
        offset_to_axial(1, 1, "pointy", "even-down")
    with pytest.raises(ValueError):
        HexGrid(3, 3, "square", "even-down")


def test_parse_and_format_hex_id():
    assert parse_hex_id("0305") == (3, 5)
    assert parse_hex_id("1207") == (12, 7)
    assert parse_hex_id("012034") == (12, 34)
    assert format_hex_id(3, 5) == "0305"
    assert format_hex_id(12, 7) == "1207"
    for bad in ["305", "03a5", "", "03 05", "０３０５"]:
        with pytest.raises(ValueError):
            parse_hex_id(bad)


# ----------------------------------------------------------------- pixels

def test_hex_center_flat_spacing():
    f = 1.0
    width = 2 * f / SQ3  # corner to corner
    x11, y11 = hex_center(1, 1, "flat", "even-down", f)
    assert (x11, y11) == pytest.approx((width / 2, 0.5))
    x21, y21 = hex_center(2, 1, "flat", "even-down", f)
    assert x21 - x11 == pytest.approx(0.75 * width)
    assert y21 - y11 == pytest.approx(f / 2)           # column 02 sits low
    x31, y31 = hex_center(3, 1, "flat", "even-down", f)
    assert (x31 - x11, y31 - y11) == pytest.approx((1.5 * width, 0.0))
    x12, y12 = hex_center(1, 2, "flat", "even-down", f)
    assert (x12 - x11, y12 - y11) == pytest.approx((0.0, f))  # row step = across flats
    # odd-down: column 01 is the low one, 02 touches the top
    assert hex_center(1, 1, "flat", "odd-down", f) == pytest.approx((width / 2, 1.0))
    assert hex_center(2, 1, "flat", "odd-down", f) == pytest.approx((width / 2 + 0.75 * width, 0.5))


def test_hex_center_scales_with_size():
    x, y = hex_center(4, 3, "flat", "even-down", 0.6)
    x1, y1 = hex_center(4, 3, "flat", "even-down", 1.0)
    assert (x, y) == pytest.approx((0.6 * x1, 0.6 * y1))


def test_hex_center_pointy_spacing():
    f = 1.0
    height = 2 * f / SQ3
    assert hex_center(1, 1, "pointy", "even-right", f) == pytest.approx((0.5, height / 2))
    assert hex_center(2, 1, "pointy", "even-right", f) == pytest.approx((1.5, height / 2))
    assert hex_center(1, 2, "pointy", "even-right", f) == pytest.approx((1.0, height / 2 + 0.75 * height))
    assert hex_center(1, 1, "pointy", "odd-right", f) == pytest.approx((1.0, height / 2))


def test_hex_00_bbox_touches_origin_for_even_conventions():
    for orientation, shift in [("flat", "even-down"), ("pointy", "even-right")]:
        pts = hex_corners(*hex_center(1, 1, orientation, shift, 0.75), orientation, 0.75)
        assert min(x for x, _ in pts) == pytest.approx(0.0, abs=1e-12)
        assert min(y for _, y in pts) == pytest.approx(0.0, abs=1e-12)


def test_hex_corners_shape():
    f = 0.8
    pts = hex_corners(2.0, 3.0, "flat", f)
    assert len(pts) == 6
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert max(xs) - min(xs) == pytest.approx(2 * f / SQ3)
    assert max(ys) - min(ys) == pytest.approx(f)
    assert pts[0][1] == pytest.approx(3.0 - f / 2) and pts[1][1] == pytest.approx(3.0 - f / 2)
    assert pts[2] == pytest.approx((2.0 + f / SQ3, 3.0))
    pts = hex_corners(2.0, 3.0, "pointy", f)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert max(xs) - min(xs) == pytest.approx(f)
    assert max(ys) - min(ys) == pytest.approx(2 * f / SQ3)
    assert pts[1] == pytest.approx((2.0, 3.0 - f / SQ3))  # the top point


@pytest.mark.parametrize("orientation, shift", CONVENTIONS)
def test_edge_d_faces_direction_d_and_neighbours_are_one_flat_apart(orientation, shift):
    f = 0.9
    g = HexGrid(5, 5, orientation, shift)
    i = g.index_of("0303")
    cx, cy = hex_center(3, 3, orientation, shift, f)
    pts = hex_corners(cx, cy, orientation, f)
    for d, j in enumerate(g.neighbours[i]):
        nx, ny = hex_center(*g.col_row(j), orientation, shift, f)
        assert math.hypot(nx - cx, ny - cy) == pytest.approx(f)
        edge_mid = ((pts[d][0] + pts[(d + 1) % 6][0]) / 2, (pts[d][1] + pts[(d + 1) % 6][1]) / 2)
        assert edge_mid == pytest.approx(((cx + nx) / 2, (cy + ny) / 2))


def test_grid_extent_known_values():
    w = 2 / SQ3
    assert grid_extent(5, 4, "flat", "even-down", 1.0) == pytest.approx((w + 4 * 0.75 * w, 4.5))
    assert grid_extent(1, 3, "flat", "even-down", 1.0) == pytest.approx((w, 3.0))
    assert grid_extent(5, 4, "flat", "odd-down", 2.0) == pytest.approx((2 * (w + 3 * w), 9.0))
    assert grid_extent(4, 3, "pointy", "even-right", 1.0) == pytest.approx((4.5, w + 2 * 0.75 * w))


@pytest.mark.parametrize("orientation, shift", CONVENTIONS)
@pytest.mark.parametrize("cols, rows", [(5, 4), (1, 3), (3, 1), (1, 1)])
def test_grid_extent_is_bounding_box_of_all_corners(orientation, shift, cols, rows):
    f = 0.7
    pts = [p for c in range(1, cols + 1) for r in range(1, rows + 1)
           for p in hex_corners(*hex_center(c, r, orientation, shift, f), orientation, f)]
    w, h = grid_extent(cols, rows, orientation, shift, f)
    assert max(x for x, _ in pts) == pytest.approx(w)
    assert max(y for _, y in pts) == pytest.approx(h)
    # The box starts at (0, 0). Only a grid whose single column (row) is a
    # shifted one leaves a half-hex margin, on the shifted axis.
    lines = cols if orientation == "flat" else rows
    margin = f / 2 if (lines == 1 and shift.startswith("odd")) else 0.0
    min_x, min_y = min(x for x, _ in pts), min(y for _, y in pts)
    if orientation == "flat":
        assert (min_x, min_y) == pytest.approx((0.0, margin), abs=1e-12)
    else:
        assert (min_x, min_y) == pytest.approx((margin, 0.0), abs=1e-12)


# ----------------------------------------------------------------- HexGrid

def test_grid_indexing_is_column_major():
    g = HexGrid(5, 4)
    assert g.n == len(g) == 20
    assert g.ids[:5] == ("0101", "0102", "0103", "0104", "0201")
    assert g.index_of("0101") == 0
    assert g.index_of("0102") == 1
    assert g.index_of("0201") == 4
    assert g.index_of("0504") == 19
    assert g.id_of(6) == "0203"
    assert g.col_row(6) == (2, 3)
    assert g.axial(6) == (1, 2)
    assert g.index_at_axial((1, 2)) == 6
    assert g.index_at_axial((-1, 0)) is None
    assert g.index_at_axial((1, -1)) is None  # would be 0200
    assert "0305" not in g and "0304" in g


def test_index_of_unknown_id_raises_clear_keyerror():
    g = HexGrid(5, 4)
    with pytest.raises(KeyError, match="0605"):
        g.index_of("0605")
    with pytest.raises(KeyError, match="not on this 5x4 map"):
        g.index_of("x")


def test_custom_id_format():
    g = HexGrid(3, 12, id_format="{col}.{row}")
    assert g.ids[0] == "1.1"
    assert g.index_of("2.10") == 12 + 9


def test_neighbours_even_down():
    g = HexGrid(5, 4, "flat", "even-down")
    #                        up      UR      LR      down    LL      UL
    assert nb_ids(g, "0202") == ["0201", "0302", "0303", "0203", "0103", "0102"]
    assert nb_ids(g, "0303") == ["0302", "0402", "0403", "0304", "0203", "0202"]
    assert nb_ids(g, "0101") == [None, None, "0201", "0102", None, None]
    assert nb_ids(g, "0501") == [None, None, None, "0502", "0401", None]
    assert nb_ids(g, "0104") == ["0103", "0203", "0204", None, None, None]
    assert nb_ids(g, "0504") == ["0503", None, None, None, "0404", "0403"]
    assert nb_ids(g, "0404") == ["0403", "0504", None, None, None, "0304"]
    assert nb_ids(g, "0301") == [None, None, "0401", "0302", "0201", None]
    assert g.neighbours[0] == (-1, -1, 4, 1, -1, -1)
    assert g.adjacent(0) == (4, 1)


def test_neighbours_odd_down():
    g = HexGrid(5, 4, "flat", "odd-down")
    assert nb_ids(g, "0202") == ["0201", "0301", "0302", "0203", "0102", "0101"]
    assert nb_ids(g, "0101") == [None, "0201", "0202", "0102", None, None]
    assert nb_ids(g, "0501") == [None, None, None, "0502", "0402", "0401"]
    assert nb_ids(g, "0504") == ["0503", None, None, None, None, "0404"]
    assert nb_ids(g, "0404") == ["0403", "0503", "0504", None, "0304", "0303"]


def test_neighbours_pointy():
    g = HexGrid(4, 3, "pointy", "even-right")
    #                        UL      UR      R       LR      LL      L
    assert nb_ids(g, "0202") == ["0201", "0301", "0302", "0303", "0203", "0102"]
    assert nb_ids(g, "0101") == [None, None, "0201", "0102", None, None]
    g = HexGrid(4, 3, "pointy", "odd-right")
    assert nb_ids(g, "0202") == ["0101", "0201", "0302", "0203", "0103", "0102"]
    assert nb_ids(g, "0101") == [None, None, "0201", "0202", "0102", None]
    assert nb_ids(g, "0102") == [None, "0101", "0202", "0103", None, None]


@pytest.mark.parametrize("orientation, shift", CONVENTIONS)
def test_neighbour_table_is_symmetric(orientation, shift):
    g = HexGrid(6, 5, orientation, shift)
    for i in range(g.n):
        for d, j in enumerate(g.neighbours[i]):
            if j >= 0:
                assert g.neighbours[j][(d + 3) % 6] == i
                assert g.direction(i, j) == d
                assert g.distance(i, j) == 1
    assert g.direction(0, 0) is None
    assert g.direction(0, g.n - 1) is None


def test_grid_distance_known_values():
    g = HexGrid(5, 4, "flat", "even-down")
    d = lambda a, b: g.distance(g.index_of(a), g.index_of(b))
    assert d("0101", "0501") == 4   # zig-zag along the top row
    assert d("0101", "0104") == 3
    assert d("0101", "0504") == 5
    assert d("0104", "0501") == 5
    assert d("0201", "0401") == 2
    assert d("0102", "0202") == 1
    assert d("0202", "0101") == 2
    assert d("0201", "0104") == 3
    g = HexGrid(5, 4, "flat", "odd-down")
    assert g.distance(g.index_of("0201"), g.index_of("0104")) == 4
    assert g.distance(g.index_of("0101"), g.index_of("0504")) == 5
    g = HexGrid(4, 3, "pointy", "even-right")
    assert g.distance(g.index_of("0101"), g.index_of("0103")) == 2
    assert g.distance(g.index_of("0101"), g.index_of("0401")) == 3


@pytest.mark.parametrize("orientation, shift", CONVENTIONS)
@pytest.mark.parametrize("cols, rows", [(5, 4), (7, 6), (1, 5), (4, 1), (1, 1)])
def test_grid_distance_table_matches_axial_distance(orientation, shift, cols, rows):
    g = HexGrid(cols, rows, orientation, shift)
    assert len(g._dist) == g.n * g.n
    for i in range(g.n):
        for j in range(g.n):
            assert g.distance(i, j) == distance(g.axial(i), g.axial(j)) == g.distance(j, i)


def test_within():
    g = HexGrid(5, 4, "flat", "even-down")
    assert g.within(0, 0) == (0,)
    assert [g.id_of(j) for j in g.within(0, 1)] == ["0101", "0102", "0201"]
    i = g.index_of("0303")
    assert len(g.within(i, 1)) == 7
    assert g.within(i, 1) is g.within(i, 1)  # cached
    assert g.within(0, 99) == tuple(range(g.n))
    for n in range(4):
        assert set(g.within(i, n)) == {j for j in range(g.n) if g.distance(i, j) <= n}


def test_los_lines():
    g = HexGrid(5, 4, "flat", "even-down")
    ix = g.index_of
    # 0102 -> 0302 runs exactly along the edge between 0201 and 0202
    pair = g.los_lines(ix("0102"), ix("0302"))
    assert set(pair) == {(ix("0201"),), (ix("0202"),)}
    # through hex centres: both lines the same
    assert g.los_lines(ix("0101"), ix("0503")) == ((ix("0201"), ix("0302"), ix("0402")),) * 2
    # along the top edge of the map: the hex beyond the edge is omitted
    assert set(g.los_lines(ix("0101"), ix("0301"))) == {(ix("0201"),), ()}
    # adjacent and same hex: nothing in between
    assert g.los_lines(0, 1) == ((), ())
    assert g.los_lines(0, 0) == ((), ())
    # cached, and the reverse direction sees the same hexes
    assert g.los_lines(ix("0102"), ix("0302")) is pair
    for i in range(g.n):
        for j in range(g.n):
            fwd, back = g.los_lines(i, j), g.los_lines(j, i)
            assert back == (fwd[0][::-1], fwd[1][::-1])
