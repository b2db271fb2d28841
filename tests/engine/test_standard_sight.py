"""Line of sight for attacks from two hexes away on the standard rules (docs/standard-rules.md
case 8.8), on tests/fixtures/standard_mini: its artillery attacks 2 hexes away; woods and hills
block sight. Pairs of hexes are found on the board by what lies between them, not copied."""
from __future__ import annotations

from test_standard_position import Pos, content

from genkit.engine.rules.standard import Game

LOS = {"line_of_sight": {}}


def _game(rules: dict | None = None, terrain: dict | None = None) -> Game:
    """The mini game with ``rules`` keys replaced and ``terrain`` (hex id -> terrain code) redrawn."""
    c = content(rules=rules)
    if terrain:
        rows = [list(r) for r in c.map.rows]
        for hex_id, code in terrain.items():
            rows[int(hex_id[2:]) - 1][int(hex_id[:2]) - 1] = code
        c = c.model_copy(update={"map": c.map.model_copy(update={"rows": ["".join(r) for r in rows]})})
    return Game(c)


def _pairs(g: Game, between) -> list:
    """(a, b, lines) of hexes two apart, both clear, whose two sight lines each pass a hex for
    which ``between(hex)`` holds (ids)."""
    b, out = g.board, []
    for a in range(b.n):
        for t in range(b.n):
            if b.distance(a, t) != 2 or b.terrain[a] != "clear" or b.terrain[t] != "clear":
                continue
            lines = b.grid.los_lines(a, t)
            if all(line and all(between(h) for h in line) for line in lines):
                out.append((b.grid.id_of(a), b.grid.id_of(t)))
    return out


def _attack(g: Game, art_at: str, target: str, others: tuple = ()) -> Pos:
    pos = Pos(g, "blue_combat")
    pos.art = pos.put("blue", "art", art_at)
    pos.put("grey", "inf", target)
    for side, hex_id in others:
        pos.put(side, "inf", hex_id)
    return pos.start()


def _may_attack(pos: Pos, target: str) -> bool:
    return pos.art in pos.g.eligible(pos.s, 0, pos.h(target))


def test_std_8_8_blocking_terrain_between_hides_the_defender():
    hill = _game(terrain={})
    pairs = _pairs(hill, lambda h: hill.board.blocks[h])
    assert pairs
    a, t = pairs[0]
    assert _may_attack(_attack(_game(), a, t), t)                  # without the option: no sight needed
    pos = _attack(_game(LOS), a, t)
    assert not _may_attack(pos, t) and ("attack", pos.h(t)) not in pos.legal()


def test_std_8_8_the_defenders_own_hex_never_blocks():
    g = _game(LOS, terrain={})
    pairs = _pairs(g, lambda h: not g.board.blocks[h])
    a, t = pairs[0]
    woods = _game(LOS, terrain={t: "w"})
    assert woods.board.blocks[woods.board.grid.index_of(t)]
    assert _may_attack(_attack(woods, a, t), t)


def test_std_8_8_units_between_block_only_when_the_game_says_so():
    g = _game(LOS)
    a, t = _pairs(g, lambda h: not g.board.blocks[h])[0]
    mid = [g.board.grid.id_of(h) for h in g.board.grid.los_lines(g.board.grid.index_of(a), g.board.grid.index_of(t))[0]]
    screen = tuple(("grey", h) for h in dict.fromkeys(mid + [g.board.grid.id_of(h) for h in g.board.grid.los_lines(
        g.board.grid.index_of(a), g.board.grid.index_of(t))[1]]))
    assert _may_attack(_attack(g, a, t, screen), t)
    assert not _may_attack(_attack(_game({"line_of_sight": {"units_block": True}}), a, t, screen), t)


def test_std_8_8_a_hexside_that_blocks_sight():
    """Across the river two hexes away: open, until the river's hexsides block sight."""
    g = _game(LOS)
    river = {e for e, f in enumerate(g.efeat) if f & 1}            # the river is map.hexsides[0]
    grid, nb = g.board.grid, g.board.neighbours

    def crosses(a, t):
        for line in grid.los_lines(a, t):
            path = (a,) + line + (t,)
            if not any(y in nb[x] and x * 6 + nb[x].index(y) in river for x, y in zip(path, path[1:])):
                return False
        return True
    a, t = next((grid.id_of(a), grid.id_of(t)) for a, t in ((grid.index_of(x), grid.index_of(y))
                                                             for x, y in _pairs(g, lambda h: not g.board.blocks[h]))
                if crosses(a, t))
    assert _may_attack(_attack(g, a, t), t)
    hexsides = {**content().rules["hexsides"], "river": {**content().rules["hexsides"]["river"], "blocks_los": True}}
    assert not _may_attack(_attack(_game({**LOS, "hexsides": hexsides}), a, t), t)


def test_std_8_8_heights_see_over_lower_blocks_and_a_hill_hides_the_plain():
    """Two hill hexes see each other over woods between them; from the plain the same woods block."""
    g = _game(LOS)
    a, t = _pairs(g, lambda h: not g.board.blocks[h])[0]
    grid = g.board.grid
    mid = {grid.id_of(h): "w" for line in grid.los_lines(grid.index_of(a), grid.index_of(t)) for h in line}
    high = {"line_of_sight": {"heights": {"hill": 1}}}
    assert not _may_attack(_attack(_game(high, terrain=mid), a, t), t)          # plain to plain over woods
    hills = _game(high, terrain={**mid, a: "h", t: "h"})
    pos = Pos(hills, "blue_combat")
    pos.art = pos.put("blue", "art", a)
    pos.put("grey", "inf", t)
    pos.start()
    assert _may_attack(pos, t)                                                  # hill to hill over woods
    one_hill = {h: "h" for h in mid}
    assert not _may_attack(_attack(_game(high, terrain={**one_hill}), a, t), t)  # a hill between hides


def test_std_8_8_check_refuses_heights_of_an_unknown_terrain_and_warns_of_an_unread_block():
    from test_standard_position import MINI

    from genkit.pack.printable import check_path
    found = check_path(MINI, ["rules.line_of_sight={heights: {mountain: 2}}"])
    assert any(f.code == "rules-reference" and "mountain" in f.message and f.severity == "error" for f in found)
    found = check_path(MINI, ["rules.hexsides.river.blocks_los=true"])
    assert [f.code for f in found if "blocks_los" in f.message] == ["rules-unused"]


def test_std_8_8_the_brannock_ford_plays_the_line_of_sight_its_kit_prints():
    """Issue 26 item 1: The Brannock Ford's map and aid say woods and hills block sight; its
    artillery then never fires two hexes over them, and does once they are made clear."""
    from pathlib import Path

    from genkit.model.load import load_game
    brannock = Path(__file__).resolve().parents[2] / "content" / "brannock_ford"
    clear = ["map.terrain.woods.blocks_los=false", "map.terrain.hills.blocks_los=false"]
    games = [Game(load_game(brannock)), Game(load_game(brannock, overrides=clear))]
    b = games[0].board
    pairs = _pairs(games[0], lambda h: b.terrain[h] in ("woods", "hills"))
    assert pairs

    def may(g, a, t):
        pos = Pos(g, "carrow_combat")
        art = pos.put("carrow", "art", a)
        pos.put("vell", "inf", t)
        pos.start()
        return art in g.eligible(pos.s, 0, pos.h(t))
    for a, t in pairs[:4]:
        assert not may(games[0], a, t) and may(games[1], a, t), (a, t)
