"""The board maths: layouts, connections, distance, paths with costs, line of sight."""
from __future__ import annotations

import pytest

from genkit import hexes
from genkit.board import (
    BoardError,
    Connection,
    NoGeometry,
    Sheet,
    Space,
    cheapest_path,
    costs_from,
    crossed,
    drawn_board,
    hex_board,
    octagon_board,
    sight_lines,
    square_board,
)


@pytest.mark.parametrize("orientation,shift", [("flat", "even-down"), ("flat", "odd-down"),
                                               ("pointy", "even-right"), ("pointy", "odd-right")])
def test_hex_layout_is_the_hex_grid(orientation, shift):
    grid = hexes.HexGrid(7, 5, orientation, shift)
    b = hex_board(7, 5, orientation, shift, 0.75)
    assert b.ids == grid.ids and b.degree == 6
    assert b.neighbours == grid.neighbours
    for i in range(b.n):
        for j in range(b.n):
            assert b.distance(i, j) == grid.distance(i, j) == b._hop_table()[i * b.n + j]
    w, h = hexes.grid_extent(7, 5, orientation, shift, 0.75)
    assert (b.sheets[0].width_in, b.sheets[0].height_in) == (w, h)
    s = b.space("0302")
    assert s.centre == hexes.hex_center(3, 2, orientation, shift, 0.75) and len(s.outline) == 6
    assert sight_lines(b, b.index_of("0101"), b.index_of("0505")) == grid.los_lines(grid.index_of("0101"),
                                                                                     grid.index_of("0505"))


def test_hex_layout_other_id_scheme():
    b = hex_board(3, 2, id_format="{col}.{row}")
    assert b.ids[:3] == ("1.1", "1.2", "2.1")


def test_square_layout_with_and_without_diagonals():
    b4 = square_board(5, 4, 1.0)
    b8 = square_board(5, 4, 1.0, diagonals=True)
    a, z = b4.index_of("0101"), b4.index_of("0504")
    assert b4.distance(a, z) == 4 + 3          # orthogonal steps only
    assert b8.distance(a, z) == 4              # a diagonal step is one step
    assert [b4.id_of(j) for j in b4.adjacent[b4.index_of("0202")]] == ["0201", "0302", "0203", "0102"]
    assert len(b8.adjacent[b8.index_of("0202")]) == 8 and len(b8.adjacent[a]) == 3
    assert b4.space("0201").outline[0] == (1.0, 0.0)


def test_octagon_layout_oxes_and_diamonds():
    b = octagon_board(8, 11, 1.5)
    assert b.n == 8 * 11 + 7 * 10
    assert {b.space(x).kind for x in ("A1", "O11", "E4")} == {"ox"}
    assert {b.space(x).kind for x in ("B1", "D7", "H3", "F10", "N10")} == {"diamond"}
    # D7 sits where oxes C7, E7, C8 and E8 meet, and touches only them
    assert sorted(b.id_of(j) for j in b.adjacent[b.index_of("D7")]) == ["C7", "C8", "E7", "E8"]
    # an ox touches the oxes beside, above and below and the diamonds at its corners
    assert sorted(b.id_of(j) for j in b.adjacent[b.index_of("E4")]) == \
        sorted(["E3", "G4", "E5", "C4", "D3", "F3", "F4", "D4"])
    assert b.distance(b.index_of("C7"), b.index_of("E8")) == 2        # through the diamond
    d = b.space("D7")
    assert d.centre == (2 * 1.5, 7 * 1.5) and len(d.outline) == 4 and len(b.space("C7").outline) == 8


def _two_maps():
    sheets = [Sheet("west", "West", 10, 8), Sheet("east", "East", 10, 8)]
    spaces = [
        Space("Plain", "area", sheet="west", centre=(2, 2), outline=((0, 0), (4, 0), (4, 4), (0, 4))),
        Space("Hills", "area", sheet="west", centre=(6, 2), outline=((4, 0), (8, 0), (8, 4), (4, 4))),
        Space("North Sea", "sea", sheet="west", centre=(4, 6), outline=((0, 4), (8, 4), (8, 8), (0, 8))),
        Space("Port", "area", sheet="east", centre=(2, 2), outline=((0, 0), (4, 0), (4, 4), (0, 4))),
        Space("Eliminated", "box", sheet="east", centre=(8, 7), outline=((7, 6), (9, 6), (9, 8), (7, 8))),
    ]
    conns = [Connection("Plain", "Hills", "land"), Connection("Plain", "North Sea", "sea"),
             Connection("Hills", "North Sea", "sea"), Connection("Hills", "Port", "strait"),
             Connection("North Sea", "Port", "sea")]
    return drawn_board(sheets, spaces, conns)


def test_drawn_board_on_two_sheets():
    b = _two_maps()
    assert b.layout == "drawn" and b.geometry
    assert [s.id for s in b.spaces_on("east")] == ["Port", "Eliminated"]
    assert b.connection(b.index_of("Hills"), b.index_of("Port")).kind == "strait"   # a map crossing
    assert b.distance(b.index_of("Plain"), b.index_of("Port")) == 2
    assert b.distance(b.index_of("Plain"), b.index_of("Eliminated")) == -1
    assert not b.connected() and b.connected([0, 1, 2, 3])
    assert b.connected([0, 1, 3], kinds={"land", "strait"}) and not b.connected([0, 2], kinds={"land"})
    k = b.slot(b.index_of("Hills"), b.index_of("Port"))
    assert b.connections[b.slot_connection[b.index_of("Hills") * b.degree + k]].kind == "strait"


def test_paths_by_connection_costs_and_forbidden_kinds():
    b = _two_maps()
    land = {"land": 1, "strait": 2}

    def step(i, j, c):                      # a land unit: no sea zone, straits cost 2
        return None if b.spaces[j].kind == "sea" else land.get(c.kind)

    p = cheapest_path(b, b.index_of("Plain"), b.index_of("Port"), step)
    assert [b.id_of(i) for i in p.spaces] == ["Plain", "Hills", "Port"] and p.cost == 3
    assert costs_from(b, b.index_of("Plain"), step) == {0: 0, 1: 1, 3: 3}
    assert costs_from(b, b.index_of("Plain"), step, limit=2) == {0: 0, 1: 1}
    assert cheapest_path(b, 0, b.index_of("Eliminated")) is None


def test_sight_needs_geometry():
    pts = drawn_board([Sheet("map", "Map", 5, 5)], [Space("a", "point", centre=(1, 1)), Space("b", "point", centre=(3, 3))],
                      [Connection("a", "b")])
    assert not pts.geometry
    with pytest.raises(NoGeometry):
        sight_lines(pts, 0, 1)


def test_sight_on_squares_crosses_only_insides():
    b = square_board(5, 5, 1.0)
    line = crossed(b, b.index_of("0101"), b.index_of("0501"))
    assert [b.id_of(i) for i in line] == ["0201", "0301", "0401"]
    # the exact diagonal only touches the corners of the squares beside it
    assert [b.id_of(i) for i in crossed(b, b.index_of("0101"), b.index_of("0303"))] == ["0202"]


def test_bad_boards_are_refused():
    sheet = [Sheet("map", "Map", 5, 5)]
    with pytest.raises(BoardError):
        drawn_board(sheet, [Space("a", "area")], [Connection("a", "nowhere")])
    with pytest.raises(BoardError):
        drawn_board(sheet, [Space("a", "area"), Space("a", "area")], [])
    with pytest.raises(BoardError):
        drawn_board(sheet, [Space("a", "area", sheet="other")], [])
    with pytest.raises(BoardError):
        drawn_board(sheet, [Space("a", "area"), Space("b", "area")], [Connection("a", "b"), Connection("b", "a")])


def test_board_of_map_reads_grids_and_drawn_boards():
    """The content model's map: a hex grid as the bundled games have it (owners from places),
    an octagon grid with its diamond rows, and a grid with a box and kinds of connection added."""
    from pathlib import Path

    from genkit.board import board_of_map
    from genkit.model.load import load_game
    from genkit.model.schema_map import ConnectionEntry, SpaceEntry
    root = Path(__file__).resolve().parents[2]
    bering = load_game(root / "content" / "bering_land")
    b = board_of_map(bering.map)
    g = bering.map.grid
    assert b.layout == "hex" and b.n == g.columns * g.rows and b.grid is not None and b.degree == 6
    owned = [p for p in bering.map.places if p.side]
    assert owned and all(b.space(p.hex).owner == p.side for p in owned)
    octa = load_game(root / "tests" / "fixtures" / "octagon_mini")
    o = board_of_map(octa.map)
    assert o.layout == "octagon" and o.space("D2").terrain == "woods" and o.space("B1").terrain == "clear"
    assert o.space("I2").terrain == "city" and o.connection(o.index_of("E1"), o.index_of("G1")).kind == "rail"
    box = SpaceEntry.model_validate({"id": "Eliminated", "kind": "box", "box": [0.1, 6.1, 1.0, 0.5]})
    road = ConnectionEntry.model_validate({"a": "A5", "b": "Eliminated", "kind": "road"})
    boxed = octa.map.model_copy(update={"spaces": [box], "connections": [*octa.map.connections, road]})
    ob = board_of_map(boxed)
    e = ob.space("Eliminated")
    assert e.kind == "box" and e.shape == "box" and e.centre == (0.6, 6.35) and ob.n == o.n + 1
    assert ob.degree == 9 and ob.connection(ob.index_of("A5"), ob.index_of("Eliminated")).kind == "road"
    assert not ob.geometry or len(e.outline) == 4
    tallis = load_game(root / "content" / "tallis_gap")
    t = board_of_map(tallis.map)
    assert t.layout == "drawn" and [s.id for s in t.sheets] == ["west", "east"] and t.geometry
    crossing = t.connection(t.index_of("Greyfield"), t.index_of("Kestrel Heights"))
    assert crossing.kind == "pass" and t.space("Greyfield").sheet != t.space("Kestrel Heights").sheet
    assert t.space("Vorn").owner == "ost" and t.connected()
