"""The help's terrain cases the scenario's own terrain does not show (docs/memoir44-rules.md
cases 4.5-4.6 and 8.4): beaches and the ocean limit a move, the ocean forbids battle and
retreat onto it, a steep hill's climb counts two hexes. Each test gives a terrain of the
scenario (town, hills) the effect under test with a ``--set``, so the numbers are set here."""
from __future__ import annotations

import json
import shutil

import pytest
from test_memoir44_position import M44, Pos, open_content

from genkit.engine.rules.memoir44 import DONE
from genkit.engine.rules.memoir44.movement import reach, reach_limited
from genkit.pack.printable import check_path


def as_terrain(tid: str, **effect) -> str:
    return f"rules.terrain.{tid}={json.dumps(effect)}"


def rows_of(tid: str, *rows: int) -> dict:
    return {f"{c:02d}{r:02d}": tid for r in rows for c in range(1, 14)}


def test_m44_4_5_terrain_beaches_a_move_onto_a_beach_covers_at_most_two_hexes():
    pos = Pos(open_content(rows_of("town", 4, 5), extra=(as_terrain("town", move_limit=2),)), "allies", "movement",
              "move_unit")
    g, s = pos.g, pos.s
    p = pos.put("allies", "armour", "0607")               # armour moves 3
    dests = g.destinations(s, p)
    beach = {h: d for h, d in dests.items() if g.board.terrain[h] == "town"}
    assert beach and max(beach.values()) == 2              # row 5 reached, row 4 (3 hexes) not
    assert max(dests.values()) == 3                        # 3 hexes elsewhere on open ground


def test_m44_8_4_terrain_oceans_one_hex_no_battle_no_retreat_onto():
    c = open_content(rows_of("town", 8, 9), extra=(as_terrain("town", move_limit=1, no_battle_in=True,
                                                                no_retreat_onto=True),))
    pos = Pos(c, "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    p = pos.put("allies", "armour", "0609")               # in the ocean
    assert max(g.destinations(s, p).values()) == 1
    pos = Pos(c, "allies", "battle", "battle")
    g, s = pos.g, pos.s
    p = pos.put("allies", "infantry", "0608")              # in the ocean, next to an enemy
    q = pos.put("axis", "infantry", "0607")
    pos.put("allies", "armour", "1206")                    # another unit keeps the phase open
    pos.put("axis", "infantry", "1205")
    assert not g.can_battle(s, p) and all(a == DONE or a[1] != p for a in pos.legal())
    pos = Pos(c, "axis", "battle", "battle")
    g, s = pos.g, pos.s
    hands = s.hands
    hands[0][:] = [k for k in hands[0] if g.card_kind[g.c_card[k]] != "ambush"]
    p = pos.put("allies", "infantry", "0607")              # its retreat hexes (row 8) are ocean
    q = pos.put("axis", "infantry", "0606")
    pos.put("axis", "armour", "1205")
    pos.put("allies", "infantry", "1206")
    figs = s.figs[p]
    pos.faces("flag", "star", "star")
    pos.apply(("fire", q, p))
    assert s.figs[p] == figs - 1 and pos.at(p) == "0607"


def test_m44_4_6_terrain_steep_hills_moving_up_is_a_two_hex_move():
    c = open_content(rows_of("hills", 4, 5), extra=(as_terrain("hills", climb=2),))
    pos = Pos(c, "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    p = pos.put("allies", "infantry", "0606")              # below the hill (row 5)
    dests = g.destinations(s, p)
    up = {d for h, d in dests.items() if g.board.terrain[h] == "hills"}
    assert up == {2}                                        # onto the hill: 2; no further up
    q = pos.put("allies", "infantry", "0605")              # on the hill: hill to hill is 1 hex
    near = g.board.adjacent[s.loc[q]]
    assert {d for h, d in g.destinations(s, q).items() if h in near and g.board.terrain[h] == "hills"} == {1}


def test_m44_4_5_terrain_limited_reach_equals_reach_without_limits():
    # a line of 6 hexes: the search of limits gives the plain search's answer when nothing limits
    adjacent = tuple(tuple(j for j in (i - 1, i + 1) if 0 <= j < 6) for i in range(6))
    flags = [False] * 6
    for start in range(6):
        plain = reach(start, 3, adjacent, [True] * 6, flags, flags)
        assert reach_limited(start, 3, adjacent, [True] * 6, flags, flags, [0] * 6, [0] * 6, [0] * 6) == plain


def test_m44_4_5_terrain_the_landing_scenario_checks_clean_and_plays_to_the_end():
    """content/corval_shore: the beach, the ocean, the bluffs' climb and two nation rules in a
    scenario of its own; greedy games end with no invariant broken."""
    from test_memoir44_position import ROOT

    from genkit.engine import play_game
    from genkit.engine.rules.memoir44 import Game
    from genkit.model.load import load_game
    from genkit.pack.printable import check_path
    from genkit.sim.bots import make_bot

    pack = ROOT / "content" / "corval_shore"
    assert [f for f in check_path(pack) if f.severity == "error"] == []
    c = load_game(pack)
    g = Game(c)
    assert g.h_limit_any and any(g.h_nobattle_in) and any(g.h_noretreat_onto) and any(g.h_climb)
    for seed in range(2):
        r = play_game(c, seed, bots=[make_bot("greedy", g, side, seed + side) for side in range(2)],
                      check_invariants=True)
        assert r.reason in ("points", "turn_limit")


# --------------------------------------------------------------------------- 8.5 wire and bridges

def test_m44_8_5_terrain_infantry_clears_wire_instead_of_battling():
    pos = Pos(open_content(features={"wire": ["0505", "0705"]}), "allies", "battle", "battle")
    g, s = pos.g, pos.s
    inf = pos.put("allies", "infantry", "0505")
    gun = pos.put("allies", "artillery", "0705")
    pos.put("axis", "infantry", "0504")
    legal = pos.legal()
    assert ("clear", inf) in legal and any(a[0] == "fire" and a[1] == inf for a in legal)
    assert ("clear", gun) not in legal                      # artillery does not clear wire
    pos.apply(("clear", inf))
    assert s.feat[pos.hex("0505")] < 0 and s.feat[pos.hex("0705")] >= 0
    assert not any(a != DONE and a[1] == inf for a in pos.legal())   # that was its battle
    assert g.action_text(s, ("clear", gun)).endswith("clears barbed wire")


def test_m44_8_5_terrain_armour_clears_wire_as_it_moves_in_and_still_battles():
    pos = Pos(open_content(features={"wire": ["0505"]}), "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    tank = pos.put("allies", "armour", "0507")
    inf = pos.put("allies", "infantry", "0305")
    pos.put("axis", "infantry", "0504")
    pos.apply(("move", tank))
    pos.apply(("to", pos.hex("0505")))
    assert s.feat[pos.hex("0505")] < 0                     # removed as it moved in
    pos.apply(("move", inf))
    assert pos.hex("0405") in dict(s.pend[1])
    pos.apply(("to", pos.hex("0305")))                   # the battle phase begins
    assert any(a[0] == "fire" and a[1] == tank for a in pos.legal())   # it still battles


def blown_bridge_content():
    """A river along row 5 with a bridge at 0505 that is destroyed (a feature no unit enters)."""
    from test_memoir44_position import content, flow, terrain_code
    base = content()
    rows = [[terrain_code("countryside")] * base.map.grid.columns for _ in range(base.map.grid.rows)]
    rows[4] = [terrain_code("river")] * base.map.grid.columns
    rows[4][4] = terrain_code("bridge")
    feats = [{"id": "destroyed_bridge", "name": "Destroyed bridge", "colour": "#444444", "mark": "X",
              "hexes": ["0505"]}]
    return content(f"map.rows={flow([''.join(r) for r in rows])}", f"map.features={flow(feats)}",
                   "rules.objectives=[]", "rules.features={destroyed_bridge: {impassable_for: [infantry, armour, "
                   "artillery]}}")


def test_m44_8_5_terrain_a_destroyed_bridge_is_crossed_by_no_unit():
    c = blown_bridge_content()
    pos = Pos(c, "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    for t in ("infantry", "armour", "artillery"):
        p = pos.put("allies", t, "0506" if t == "armour" else ("0406" if t == "infantry" else "0606"))
        assert pos.hex("0505") not in g.destinations(s, p)
    whole = Pos(open_content(cells={f"{c:02d}05": "river" for c in range(1, 14)} | {"0505": "bridge"}),
                "allies", "movement", "move_unit")
    p = whole.put("allies", "armour", "0506")
    assert whole.hex("0504") in whole.g.destinations(whole.s, p)   # a standing bridge is crossed


# --------------------------------------------------------------------------- 8.6 sea walls

WALL = ('map.hexsides=[{id: sea_wall, name: Sea wall, colour: "#777777", directed: true, '
        'edges: ["0505/0504", "0505/0404"]}]',
        "rules.hexsides={sea_wall: {dice: {infantry: -1, armour: -1}, ignore_flags: 1}}")


def test_m44_8_6_terrain_sea_wall_protects_only_the_unit_behind_it_from_across():
    pos = Pos(open_content(extra=WALL), "axis", "battle", "battle")
    g, s = pos.g, pos.s
    behind = pos.put("allies", "infantry", "0505")
    across = pos.put("axis", "infantry", "0504")
    far_across = pos.put("axis", "armour", "0503")
    beside = pos.put("axis", "infantry", "0405")
    from_behind = pos.put("axis", "infantry", "0506")
    assert g.battle_dice(s, across, behind, 1) == g.t_dice[g.p_type[across]][0] - 1
    assert g.battle_dice(s, far_across, behind, 2) == g.t_dice[g.p_type[far_across]][1] - 1
    assert g.battle_dice(s, beside, behind, 1) == g.t_dice[g.p_type[beside]][0]          # along the wall
    assert g.battle_dice(s, from_behind, behind, 1) == g.t_dice[g.p_type[from_behind]][0]  # from its own side
    assert g.battle_dice(s, behind, across, 1) == g.t_dice[g.p_type[behind]][0]          # nothing for the far side
    assert g.ignored_flags(s, behind) == 1 and g.ignored_flags(s, across) == 0
    plain = Pos(open_content(), "axis", "battle", "battle")
    q = plain.put("allies", "infantry", "0505")
    assert plain.g.ignored_flags(plain.s, q) == 0


@pytest.mark.parametrize("directed, words", [("false", "must say directed: true"), ("true", None)])
def test_m44_8_6_terrain_check_a_sea_wall_must_face_one_way(tmp_path, directed, words):
    pack = tmp_path / "m44"
    shutil.copytree(M44, pack)
    with (pack / "map.yaml").open("a") as f:
        f.write(f'  hexsides:\n    - {{id: sea_wall, name: Sea wall, colour: "#777777", directed: {directed},\n'
                f'       edges: ["0505/0504"]}}\n')
    with (pack / "rules.yaml").open("a") as f:
        f.write("  hexsides:\n    sea_wall: {dice: {infantry: -1}, ignore_flags: 1}\n")
    found = [f for f in check_path(pack) if f.severity == "error"]
    if words is None:
        assert found == []
    else:
        assert any(words in f.message and "rules.yaml" in str(f) for f in found), found


# --------------------------------------------------------------------------- 8.7 cliffs

CLIFF = ('map.hexsides=[{id: cliff, name: Cliff, colour: "#555555", directed: true, '
         'edges: ["0505/0506", "0605/0506", "0605/0606", "0705/0606"]}]',
         "rules.hexsides={cliff: {impassable_for: [armour, artillery], climb: 2, no_take_ground_up: true}}")


def test_m44_8_7_terrain_cliffs_infantry_climbs_two_hexes_armour_never_crosses():
    pos = Pos(open_content(extra=CLIFF), "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    inf = pos.put("allies", "infantry", "0506")
    tank = pos.put("allies", "armour", "0606")
    up = g.destinations(s, inf)
    assert up[pos.hex("0505")] == 2 and up[pos.hex("0406")] == 1      # the climb counts 2, along the foot 1
    reach = g.destinations(s, tank)
    assert reach[pos.hex("0605")] == 3 and reach[pos.hex("0705")] == 2   # not across the cliff: round its ends
    plain = Pos(open_content(), "allies", "movement", "move_unit")
    assert plain.g.destinations(plain.s, plain.put("allies", "armour", "0606"))[plain.hex("0605")] == 1


def test_m44_8_7_terrain_cliffs_no_taking_ground_up_from_below():
    for at, target, takes in (("0506", "0505", False), ("0505", "0506", True)):
        pos = Pos(open_content(extra=CLIFF), "allies", "battle", "battle")
        g, s = pos.g, pos.s
        a = pos.put("allies", "infantry", at)
        q = pos.put("axis", "infantry", target, figs=1)
        pos.put("axis", "infantry", "1301")
        pos.faces(*["grenade"] * g.battle_dice(s, a, q, 1))
        pos.apply(("fire", a, q))
        assert (("take", pos.hex(target)) in pos.legal()) == takes
