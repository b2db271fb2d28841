"""Movement in Memoir '44 (docs/memoir44-rules.md cases 4.1-4.4), each terrain's and feature's
effect on it read from content/memoir44's rules section."""
from __future__ import annotations

import pytest
from test_memoir44_position import Pos, content, open_content

from genkit.engine.rules.memoir44 import DONE
from genkit.engine.rules.memoir44.movement import reach
from genkit.engine.rules.memoir44.state import S_BATTLE, S_MOVE_DEST, S_MOVE_UNIT

SEC = content().rules
TYPES = [t.id for t in content().unit_types]
MOVES = {t.id: t.movement for t in content().unit_types}


def corridor(cells: dict | None = None, features: dict | None = None):
    """A board of river with one open row (row 5): a unit moves along it only."""
    c = content()
    river = {f"{col:02d}{row:02d}": "river" for col in range(1, c.map.grid.columns + 1)
             for row in range(1, c.map.grid.rows + 1) if row != 5}
    return open_content({**river, **(cells or {})}, features)


def dests(pos: Pos, p: int) -> dict:
    return {pos.g.board.grid.id_of(h): n for h, n in pos.g.destinations(pos.s, p).items()}


def effects(*fields):
    """(kind, id) of every terrain and feature of the scenario whose effect sets one of ``fields``."""
    out = []
    for kind in ("terrain", "features"):
        for eid, eff in SEC[kind].items():
            if any(eff.get(f) for f in fields):
                out.append((kind, eid))
    return out


def on(kind: str, eid: str, hid: str, **kw):
    """A corridor with terrain or feature ``eid`` on ``hid``."""
    if kind == "terrain":
        return corridor(cells={hid: eid}, **kw)
    return corridor(features={eid: [hid]})


def test_m44_4_1_movement_one_unit_at_a_time_each_once():
    pos = Pos(open_content(), "allies", "movement", "move_unit")
    a = pos.put("allies", "infantry", "0505")
    b = pos.put("allies", "armour", "0905")
    pos.put("allies", "infantry", "1205", ordered=False)
    pos.put("axis", "infantry", "1105")
    assert set(pos.legal()) == {("move", a), ("move", b), DONE}
    pos.apply(("move", a))
    assert pos.s.stage == S_MOVE_DEST
    assert max(dests(pos, a).values()) == MOVES["infantry"]
    pos.apply(("to", pos.hex("0305")))
    assert pos.at(a) == "0305" and pos.s.mv[a] == 2
    assert set(pos.legal()) == {("move", b), DONE}
    pos.apply(("move", b))
    pos.apply(("to", pos.hex("0905")))                 # staying is a move of 0 hexes
    assert pos.s.mv[b] == 0 and pos.s.stage == S_BATTLE


def test_m44_4_1_movement_up_to_the_movement_allowance():
    for t in TYPES:
        pos = Pos(corridor(), "allies", "movement", "move_unit")
        p = pos.put("allies", t, "0105")
        assert sorted(dests(pos, p)) == [f"{col:02d}05" for col in range(1, MOVES[t] + 2)]


def test_m44_4_2_movement_never_into_or_through_a_unit():
    pos = Pos(corridor(), "allies", "movement", "move_unit")
    p = pos.put("allies", "armour", "0105")
    pos.put("allies", "infantry", "0305", ordered=False)
    assert dests(pos, p) == {"0105": 0, "0205": 1}
    pos = Pos(corridor(), "allies", "movement", "move_unit")
    p = pos.put("allies", "armour", "0105")
    pos.put("axis", "infantry", "0205")
    assert dests(pos, p) == {"0105": 0}


def test_m44_4_2_movement_river_without_move_cost_is_impassable():
    assert next(t for t in content().map.terrain if t.id == "river").move_cost is None
    pos = Pos(corridor(cells={"0305": "river"}), "allies", "movement", "move_unit")
    p = pos.put("allies", "armour", "0105")
    assert set(dests(pos, p)) == {"0105", "0205"}


@pytest.mark.parametrize("kind,eid", effects("impassable_for"))
def test_m44_4_2_movement_impassable_for_its_types(kind, eid):
    barred = set(SEC[kind][eid]["impassable_for"])
    for t in TYPES:
        pos = Pos(on(kind, eid, "0205"), "allies", "movement", "move_unit")
        p = pos.put("allies", t, "0105")
        assert ("0205" in dests(pos, p)) == (t not in barred)


@pytest.mark.parametrize("kind,eid", effects("stop"))
def test_m44_4_3_movement_stop_ends_the_move(kind, eid):
    pos = Pos(on(kind, eid, "0205"), "allies", "movement", "move_unit")
    p = pos.put("allies", "armour", "0105")
    assert dests(pos, p) == {"0105": 0, "0205": 1}


@pytest.mark.parametrize("kind,eid", [e for e in effects("enter_from_adjacent")])
def test_m44_4_3_movement_enter_from_adjacent_only_as_first_hex(kind, eid):
    pos = Pos(on(kind, eid, "0305"), "allies", "movement", "move_unit")
    far = pos.put("allies", "armour", "0105")
    near = pos.put("allies", "armour", "0405")
    assert "0305" not in dests(pos, far)
    assert "0305" in dests(pos, near)


def test_m44_4_3_movement_reach_is_a_pure_search():
    adjacent = ((1,), (0, 2), (1, 3), (2,))
    yes = [True] * 4
    assert reach(0, 3, adjacent, yes, [False] * 4, [False] * 4) == {0: 0, 1: 1, 2: 2, 3: 3}
    assert reach(0, 3, adjacent, yes, [False, True, False, False], [False] * 4) == {0: 0, 1: 1}
    assert reach(0, 3, adjacent, yes, [False] * 4, [False, False, True, False]) == {0: 0, 1: 1}


@pytest.mark.parametrize("t", TYPES)
def test_m44_4_4_movement_farther_than_move_and_battle_forbids_battle(t):
    limit = SEC["move_and_battle"][t]
    for n in range(0, MOVES[t] + 1):
        pos = Pos(corridor(), "allies", "movement", "move_unit")
        p = pos.put("allies", t, "0105")
        pos.put("axis", "infantry", "1305")
        pos.put("allies", "infantry", "1205", ordered=True)     # keeps the movement phase open
        pos.apply(("move", p))
        pos.apply(("to", pos.hex(f"{1 + n:02d}05")))
        assert bool(pos.s.nobattle >> p & 1) == (n > limit), (t, n)


@pytest.mark.parametrize("kind,eid", effects("no_battle_on_entry"))
def test_m44_4_4_movement_no_battle_on_entry(kind, eid):
    pos = Pos(on(kind, eid, "0205"), "allies", "movement", "move_unit")
    p = pos.put("allies", "armour", "0105")
    pos.put("allies", "infantry", "1205", ordered=True)         # keeps the movement phase open
    pos.apply(("move", p))
    pos.apply(("to", pos.hex("0205")))
    assert pos.s.nobattle >> p & 1 and pos.s.stage == S_MOVE_UNIT
