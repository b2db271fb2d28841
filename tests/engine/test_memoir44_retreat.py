"""Retreat, taking ground and overrun in Memoir '44 (docs/memoir44-rules.md cases 6-7): small
positions, the battle dice fixed face by face, exact outcomes; every number read from
content/memoir44."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_memoir44_battle import DICE, FIGS, SEC, TYPES, C, battle, fire
from test_memoir44_movement import effects
from test_memoir44_position import M44, Pos, content, open_content

from genkit.engine.game import RulesError
from genkit.engine.rules.memoir44 import DONE, Game
from genkit.engine.rules.memoir44.section import EDGES
from genkit.engine.rules.memoir44.state import S_BATTLE, S_OVERRUN, S_RETREAT, S_TAKE
from genkit.engine.state import ELIMINATED
from genkit.pack.printable import check_path

# --------------------------------------------------------------------------- 6 retreat

def test_m44_6_1_retreat_toward_own_edge_owner_chooses():
    pos = battle()
    p = pos.put("allies", "infantry", "0505")
    keep = pos.put("allies", "infantry", "0909")
    q = pos.put("axis", "infantry", "0605")
    e = pos.put("axis", "infantry", "1005")
    fire(pos, p, q, "flag", "star", "star")
    assert pos.s.stage == S_RETREAT and pos.g.side_ids[pos.s.actor] == "axis"
    rows = {int(pos.g.board.grid.id_of(a[1])[2:]) for a in pos.legal()}
    assert rows == {4} and len(pos.legal()) == 2
    to = pos.legal()[0][1]
    pos.apply(pos.legal()[0])
    assert pos.s.loc[q] == to and pos.s.figs[q] == FIGS["infantry"]
    assert keep >= 0 and e >= 0


def test_m44_6_1_retreat_allies_fall_back_toward_row_9():
    pos = Pos(open_content(), "axis", "battle", "battle")
    p = pos.put("axis", "infantry", "0505")
    pos.put("axis", "infantry", "0101")
    q = pos.put("allies", "infantry", "0605")
    pos.put("allies", "infantry", "1109", ordered=False)
    fire(pos, p, q, "flag", "flag", "star")
    while pos.s.stage == S_RETREAT:
        pos.apply(pos.legal()[0])
    assert pos.at(q)[2:] == "07"


def _retreat_rows(*extra: str) -> set:
    """The rows an Axis infantry on 0605 may fall back to after one flag (overrides ``extra``)."""
    pos = Pos(open_content(extra=extra), "allies", "battle", "battle")
    p = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", "infantry", "0605")
    fire(pos, p, q, "flag", "star", "star")
    assert pos.s.stage == S_RETREAT
    return {int(pos.g.board.grid.id_of(a[1])[2:]) for a in pos.legal()}


def test_m44_6_1_own_edges_read_from_the_data():
    """``rules.own_edges`` names each side's edge: flipping the Axis edge turns its retreats
    around."""
    edges = SEC["own_edges"]
    assert set(edges) == {s.id for s in C.game.sides}
    first, last = EDGES[C.map.grid.orientation]
    flipped = last if edges["axis"] == first else first
    before, after = _retreat_rows(), _retreat_rows(f"rules.own_edges.axis={flipped}")
    assert before == {4 if edges["axis"] == first else 6} and after == {6 if flipped == last else 4}


def test_m44_6_1_own_edges_default_to_the_edge_nearer_the_set_up():
    """Without ``rules.own_edges`` each side's edge is the one nearer its set-up: the same edges
    the scenario names, so naming them changed no play; naming one side leaves the other derived."""
    named = Game(C).back
    assert Game(content("rules.own_edges={}")).back == named
    first, last = EDGES[C.map.grid.orientation]
    g = Game(content(f"rules.own_edges={{\"axis\": \"{last}\"}}"))
    assert g.back[g.side_ids.index("allies")] == named[g.side_ids.index("allies")]
    assert g.back[g.side_ids.index("axis")] == named[g.side_ids.index("allies")]


def test_m44_6_1_own_edges_check_refuses_an_edge_or_side_the_model_lacks(tmp_path):
    """``genkit check`` refuses an edge the grid's orientation does not have (rows on a pointy
    grid, columns on a flat one) and a side that does not exist, naming file and line."""
    other = next(e for o, edges in EDGES.items() if o != C.map.grid.orientation for e in edges)
    pack = tmp_path / "m44"
    shutil.copytree(M44, pack)
    text = (pack / "rules.yaml").read_text()
    assert "own_edges: {axis: north, allies: south}" in text
    text = text.replace("own_edges: {axis: north, allies: south}",
                        f"own_edges:\n    axis: {other}\n    allies: south\n    nobody: north\n")
    (pack / "rules.yaml").write_text(text)
    lines = text.splitlines()
    errors = [f for f in check_path(pack) if f.severity == "error"]
    edge = next(f for f in errors if "own_edges.axis" in f.message)
    assert Path(edge.file).name == "rules.yaml" and f"axis: {other}" in lines[edge.line - 1]
    assert C.map.grid.orientation in edge.message and other in edge.message
    side = next(f for f in errors if "nobody" in f.message)
    assert Path(side.file).name == "rules.yaml" and "nobody:" in lines[side.line - 1]
    with pytest.raises(RulesError):
        Game(content(f"rules.own_edges.axis={other}"))


@pytest.mark.parametrize("kind,eid", effects("ignore_flags"))
def test_m44_6_2_retreat_ignore_flags(kind, eid):
    eff = SEC[kind][eid]
    n = eff["ignore_flags"]
    owner = [f.side for f in C.map.features if f.id == eid and eff.get("protects") == "owner"]
    for target_side in ("axis", "allies"):
        attacker = "allies" if target_side == "axis" else "axis"
        where = {"cells": {"0605": eid}} if kind == "terrain" else {"features": {eid: ["0605"]}}
        pos = Pos(open_content(**where), attacker, "battle", "battle")
        p = pos.put(attacker, "artillery", "0505")
        q = pos.put(target_side, "infantry", "0605")
        pos.put(attacker, "infantry", "1309", ordered=True)
        fire(pos, p, q, *(["flag"] * (n + 1) + ["star"] * 5)[:pos.g.battle_dice(pos.s, p, q, 1)])
        while pos.s.stage == S_RETREAT:
            pos.apply(pos.legal()[0])
        protected = not owner or owner[0] == target_side
        moved = abs(int(pos.at(q)[2:]) - 5)
        assert moved == (1 if protected else n + 1), (target_side, pos.at(q))


def test_m44_6_3_retreat_blocked_costs_a_figure_per_flag():
    pos = battle()
    p = pos.put("allies", "armour", "0502")
    q = pos.put("axis", "infantry", "0501")          # on its own edge: nowhere to go
    fire(pos, p, q, "flag", "flag", "star")
    assert pos.s.figs[q] == FIGS["infantry"] - 2 and pos.at(q) == "0501"


def test_m44_6_3_retreat_blocked_by_units_then_eliminated():
    pos = battle()
    p = pos.put("allies", "armour", "0505")
    q = pos.put("axis", "infantry", "0605", figs=2)
    for h in pos.g.back[1][pos.hex("0605")]:
        pos.put("axis", "infantry", pos.g.board.grid.id_of(h))
    fire(pos, p, q, "flag", "flag", "flag")
    assert pos.s.loc[q] == ELIMINATED and pos.g.scores(pos.s)["allies"] == 1


def test_m44_6_3_retreat_river_behind_blocks():
    pos = battle({"0504": "river", "0604": "river"})
    p = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", "infantry", "0605")
    assert all(pos.g.board.grid.id_of(h) in ("0504", "0604") for h in pos.g.back[1][pos.hex("0605")])
    fire(pos, p, q, "flag", "star", "star")
    assert pos.s.figs[q] == FIGS["infantry"] - 1 and pos.at(q) == "0605"


# --------------------------------------------------------------------------- 7 taking ground, overrun

@pytest.mark.parametrize("t", TYPES)
def test_m44_7_1_taking_ground_after_a_close_assault_that_empties_the_hex(t):
    pos = battle()
    p = pos.put("allies", t, "0505")
    q = pos.put("axis", "infantry", "0605", figs=1)
    pos.put("axis", "infantry", "1301")
    fire(pos, p, q, *["grenade"] + ["star"] * (DICE[t][0] - 1))
    assert pos.s.loc[q] == ELIMINATED
    assert (pos.s.stage == S_TAKE) == (t in SEC["take_ground"])
    if pos.s.stage == S_TAKE:
        pos.apply(("take", pos.hex("0605")))
        assert pos.at(p) == "0605"


def test_m44_7_1_taking_ground_after_a_retreat_not_after_fire():
    pos = battle()
    p = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", "infantry", "0605")
    pos.put("axis", "infantry", "1301")
    fire(pos, p, q, "flag", "star", "star")
    while pos.s.stage == S_RETREAT:
        pos.apply(pos.legal()[0])
    assert pos.s.stage == S_TAKE and set(pos.legal()) == {("take", pos.hex("0605")), ("stay",)}
    pos = battle()
    p = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", "infantry", "0705", figs=1)
    pos.put("axis", "infantry", "1301")
    fire(pos, p, q, "grenade", "star")
    assert pos.s.loc[q] == ELIMINATED and pos.s.stage != S_TAKE


def test_m44_7_2_overrun_armour_battles_again_once():
    tank = SEC["overrun"][0]
    pos = battle()
    p = pos.put("allies", tank, "0505")
    q1 = pos.put("axis", "infantry", "0605", figs=1)
    q2 = pos.put("axis", "infantry", "0705", figs=1)
    q3 = pos.put("axis", "infantry", "0805", figs=4)
    other = pos.put("allies", "infantry", "1205")          # keeps the battle phase open
    pos.put("axis", "infantry", "1305")
    fire(pos, p, q1, "grenade", "star", "star")
    pos.apply(("take", pos.hex("0605")))
    assert pos.s.stage == S_OVERRUN and set(pos.legal()) == {("fire", p, q2), DONE}
    fire(pos, p, q2, "grenade", "star", "star")
    assert pos.s.stage == S_TAKE
    pos.apply(("take", pos.hex("0705")))
    assert pos.s.stage == S_BATTLE and ("fire", p, q3) not in pos.legal()
    assert {a[1] for a in pos.legal() if a != DONE} == {other}


def test_m44_7_2_overrun_not_for_infantry_nor_out_of_no_battle_terrain():
    pos = battle()
    p = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", "infantry", "0605", figs=1)
    pos.put("axis", "infantry", "0705")
    fire(pos, p, q, "grenade", "star", "star")
    pos.apply(("take", pos.hex("0605")))
    assert pos.s.stage != S_OVERRUN
    tid = next(eid for kind, eid in effects("no_battle_on_entry") if kind == "terrain")
    pos = battle({"0605": tid})
    p = pos.put("allies", "armour", "0505")
    q = pos.put("axis", "infantry", "0605", figs=1)
    pos.put("axis", "infantry", "0705")
    n = pos.g.battle_dice(pos.s, p, q, 1)
    fire(pos, p, q, *["grenade"] + ["star"] * (n - 1))
    pos.apply(("take", pos.hex("0605")))
    assert pos.s.stage != S_OVERRUN and pos.at(p) == "0605"
