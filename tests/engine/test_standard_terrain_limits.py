"""Case 5.8 of docs/standard-rules.md: the terrain a unit type may enter
(``rules.unit_types.<id>.terrain``), on The Brannock Ford. Every number is read from the model."""
from __future__ import annotations

from pathlib import Path

from test_standard_position import Pos

from genkit.engine.rules.standard import Game
from genkit.model.load import load_game
from genkit.pack.printable import check_path

BRANNOCK = Path(__file__).resolve().parents[2] / "content" / "brannock_ford"


def _terrain(g: Game, hex_id: str) -> str:
    return g.board.terrain[g.board.grid.index_of(hex_id)]


def test_std_5_8_a_type_moves_only_onto_the_terrain_it_may_enter():
    free = Game(load_game(BRANNOCK))
    pos = Pos(free, "carrow_movement")
    a = pos.put("carrow", "arm", "0205")
    pos.start()
    anywhere = pos.dests(a)
    kinds = {_terrain(free, h) for h in anywhere}
    assert len(kinds) > 1                      # unrestricted, the armour reaches several terrains
    allowed = sorted(kinds)[:1] + [_terrain(free, "0205")]
    g = Game(load_game(BRANNOCK, overrides=[f"rules.unit_types.arm.terrain=[{','.join(allowed)}]"]))
    pos = Pos(g, "carrow_movement")
    a = pos.put("carrow", "arm", "0205")
    pos.start()
    limited = pos.dests(a)
    assert limited and limited < anywhere
    assert {_terrain(g, h) for h in limited} <= set(allowed)


def test_std_5_8_check_refuses_a_set_up_on_terrain_the_type_may_not_enter():
    findings = [f for f in check_path(BRANNOCK, ["rules.unit_types.inf.terrain=[woods]"]) if f.severity == "error"]
    assert findings and all(f.code == "setup-space" for f in findings)
    assert all("rules.unit_types.inf.terrain" in f.message for f in findings)
    assert all(f.file.endswith("units.yaml") and f.line for f in findings)


def test_std_5_8_check_refuses_a_terrain_the_map_does_not_have():
    findings = check_path(BRANNOCK, ["rules.unit_types.arm.terrain=[clear,swamp]"])
    bad = [f for f in findings if f.code == "rules-reference"]
    assert len(bad) == 1 and "swamp" in bad[0].message and "rules.unit_types.arm.terrain" in bad[0].message
