"""Battle in Memoir '44 (docs/memoir44-rules.md case 5): small positions, the battle dice fixed
face by face, exact outcomes; every number read from content/memoir44. Retreat, taking ground
and overrun (cases 6-7): test_memoir44_retreat.py."""
from __future__ import annotations

import json

import pytest
from test_memoir44_movement import corridor, effects
from test_memoir44_position import Pos, content, open_content

from genkit.engine.rules.memoir44 import DONE
from genkit.engine.state import ELIMINATED
from genkit.sightline import sight_line

C = content()
SEC = C.rules
TYPES = [t.id for t in C.unit_types]
DICE = {t.id: list(t.battle_dice) for t in C.unit_types}
FIGS = {t.id: t.figures for t in C.unit_types}
FACES = C.dice[0].faces


def fire(pos: Pos, p: int, q: int, *faces: str):
    pos.faces(*faces)
    return pos.apply(("fire", p, q))


def battle(cells=None, features=None) -> Pos:
    return Pos(open_content(cells, features), "allies", "battle", "battle")


# --------------------------------------------------------------------------- 5 battle

def test_m44_5_1_battle_each_ordered_unit_battles_once():
    pos = battle()
    a = pos.put("allies", "infantry", "0505")
    b = pos.put("allies", "armour", "0905")
    idle = pos.put("allies", "infantry", "0305", ordered=False)
    e1 = pos.put("axis", "infantry", "0605")
    e2 = pos.put("axis", "infantry", "1005")
    e3 = pos.put("axis", "infantry", "0205")
    acts = set(pos.legal())
    assert acts == {("fire", a, e1), ("fire", b, e2), DONE} and not any(x[1] == idle for x in acts if x != DONE)
    assert e3 >= 0
    fire(pos, a, e1, "star", "star", "star")
    assert set(pos.legal()) == {("fire", b, e2), DONE}


@pytest.mark.parametrize("t", TYPES)
def test_m44_5_2_battle_range_and_dice_by_distance(t):
    for d in range(1, len(DICE[t]) + 2):
        pos = Pos(corridor(), "allies", "battle", "battle")
        p = pos.put("allies", t, "0105")
        q = pos.put("axis", "armour" if t != "armour" else "infantry", f"{1 + d:02d}05")
        in_range = ("fire", p, q) in pos.legal()
        assert in_range == (d <= len(DICE[t])), (t, d)
        if in_range:
            fire(pos, p, q, *["star"] * DICE[t][d - 1])
            assert pos.rolled == [DICE[t][d - 1]]


def test_m44_5_3_battle_an_adjacent_enemy_forces_close_assault():
    pos = battle()
    p = pos.put("allies", "armour", "0505")
    near = pos.put("axis", "infantry", "0605")
    far = pos.put("axis", "infantry", "0305")
    assert {a for a in pos.legal() if a != DONE} == {("fire", p, near)}
    assert far >= 0


@pytest.mark.parametrize("tid", [t.id for t in C.map.terrain if t.blocks_los])
def test_m44_5_4_battle_los_blocked_by_terrain_and_by_units(tid):
    pos = battle({"0305": tid})
    p = pos.put("allies", "infantry", "0205")
    q = pos.put("axis", "armour", "0405")
    assert ("fire", p, q) not in pos.legal()
    pos = battle()
    p = pos.put("allies", "infantry", "0205")
    pos.put("allies", "infantry", "0305", ordered=False)
    q = pos.put("axis", "armour", "0405")
    assert ("fire", p, q) not in pos.legal()
    pos = battle()
    p = pos.put("allies", "infantry", "0205")
    q = pos.put("axis", "armour", "0405")
    assert ("fire", p, q) in pos.legal()


@pytest.mark.parametrize("fid", [f.id for f in C.map.features])
def test_m44_5_4_battle_los_blocked_by_a_feature_that_blocks_sight(fid):
    """A feature with ``blocks_los`` blocks the line on open countryside; one without does not."""
    pos = battle(features={fid: ["0305"]})
    p = pos.put("allies", "infantry", "0205")
    q = pos.put("axis", "armour", "0405")
    blocks = next(f.blocks_los for f in C.map.features if f.id == fid)
    assert (("fire", p, q) in pos.legal()) != blocks


def _edge_pair(g):
    """Two hexes two apart whose line runs along the edge between two hexes, and those two."""
    grid = g.board.grid
    for a in range(g.board.n):
        for b in range(g.board.n):
            if g.board.distance(a, b) == 2:
                first, second = grid.los_lines(a, b)
                if first != second and len(first) == 1 == len(second):
                    return a, b, first[0], second[0]
    raise AssertionError("no edge line on the board")


def test_m44_5_4_battle_los_along_an_edge_needs_both_sides_blocked():
    blocker = next(t.id for t in C.map.terrain if t.blocks_los)
    g = Pos(open_content()).g
    a, b, x, y = (g.board.grid.id_of(h) for h in _edge_pair(g))
    for blocked, seen in (((x,), True), ((y,), True), ((x, y), False)):
        pos = battle({h: blocker for h in blocked})
        p = pos.put("allies", "infantry", a)
        q = pos.put("axis", "armour", b)
        assert (("fire", p, q) in pos.legal()) == seen, blocked


def test_m44_5_4_battle_los_not_needed_by_types_that_fire_over_everything():
    blind = [t for t, need in SEC["needs_los"].items() if not need]
    assert blind
    for t in blind:
        pos = battle({"0305": "forest"})
        p = pos.put("allies", t, "0205")
        pos.put("allies", "infantry", "0405", ordered=False)
        q = pos.put("axis", "armour", "0605")
        pos.s.legal = None
        assert ("fire", p, q) in pos.legal()


# 5.4 sight across a contiguous group of a ``see_across_from_same`` terrain (hills in the scenario)
HILL = next(t for t, e in SEC["terrain"].items() if e.get("see_across_from_same"))
OTHER_BLOCKER = next(t.id for t in C.map.terrain if t.blocks_los and t.id != HILL)


def _without_see_across() -> str:
    return f"rules.terrain.{HILL}={json.dumps({**SEC['terrain'][HILL], 'see_across_from_same': False})}"


def _across_own_group(g, reach: int):
    """On the scenario map: a hex of a group of HILL, a hex in ``reach`` whose line crosses
    blocking hexes of that same group only (and runs along no edge), and those hexes."""
    b = g.board
    for i in range(b.n):
        if g.los_group[i] < 0 or b.terrain[i] != HILL:
            continue
        for j in range(b.n):
            if 2 <= b.distance(i, j) <= reach and g.passable[j]:
                inside, pairs = sight_line(b.grid, i, j)
                crossed = [h for h in inside if b.blocks[h]]
                if crossed and not pairs and all(g.los_group[h] == g.los_group[i] and b.terrain[h] == HILL
                                                 for h in crossed):
                    return i, j, crossed
    raise AssertionError(f"no line across a group of {HILL} on the map")


def sight(cells: dict, shooter: str, target: str, others: tuple = (), features=None) -> bool:
    """On open countryside with ``cells``: may an Allied armour on ``shooter`` fire at an Axis
    unit on ``target`` (with Allied units, not ordered, on ``others``)?"""
    pos = Pos(open_content(cells, features), "allies", "battle", "battle")
    p = pos.put("allies", "armour", shooter)
    q = pos.put("axis", "infantry", target)
    for h in others:
        pos.put("allies", "infantry", h, ordered=False)
    return ("fire", p, q) in pos.legal()


def test_m44_5_4_hill_sees_across_its_own_hill():
    """On the scenario's own map: a unit on a hill fires across hexes of its own hill mass;
    without ``see_across_from_same`` the same line is blocked."""
    g = Pos(content()).g
    i, j, _ = _across_own_group(g, len(DICE["armour"]))
    i, j = g.board.grid.id_of(i), g.board.grid.id_of(j)
    for c, seen in ((content(), True), (content(_without_see_across()), False)):
        pos = Pos(c, "allies", "battle", "battle")
        p = pos.put("allies", "armour", i)
        q = pos.put("axis", "infantry", j)
        assert (("fire", p, q) in pos.legal()) == seen, (i, j)


def test_m44_5_4_hill_sees_across_its_own_hill_to_a_target_on_it_or_beyond():
    hill = {"0205": HILL, "0305": HILL, "0405": HILL}
    assert sight(hill, "0205", "0405") and sight(hill, "0205", "0505")
    assert sight({"0205": HILL, "0305": HILL}, "0205", "0405")        # the target's hex never blocks


def test_m44_5_4_hill_of_another_mass_still_blocks():
    """A hill hex not connected to the shooter's hill (countryside between) blocks; fill the gap
    with hill and the two masses are one."""
    apart = {"0205": HILL, "0405": HILL}
    assert not sight(apart, "0205", "0505")
    assert sight({**apart, "0305": HILL}, "0205", "0505")
    g = Pos(open_content(apart)).g
    assert g.los_group[g.board.grid.index_of("0205")] != g.los_group[g.board.grid.index_of("0405")] >= 0


def test_m44_5_4_hill_unit_on_the_plateau_still_blocks():
    hill = {"0205": HILL, "0305": HILL, "0405": HILL}
    assert not sight(hill, "0205", "0505", others=("0305",))
    assert not sight(hill, "0205", "0505", others=("0405",))


def test_m44_5_4_hill_from_below_the_hill_still_blocks():
    """Below the hill, the hill blocks; the unit up on it sees down to the one below."""
    hill = {"0305": HILL, "0405": HILL, "0505": HILL}
    assert not sight(hill, "0205", "0505") and not sight(hill, "0205", "0605")
    assert sight(hill, "0505", "0205")


def test_m44_5_4_hill_other_blocking_terrain_and_features_still_block():
    """Only hexes of the shooter's own group are seen across: other blocking terrain, and a
    blocking feature standing on the hill itself, still block."""
    assert not sight({"0205": HILL, "0305": OTHER_BLOCKER}, "0205", "0405")
    blocker = next((f.id for f in C.map.features if f.blocks_los), None)
    assert blocker is not None
    hill = {"0205": HILL, "0305": HILL, "0405": HILL}
    assert not sight(hill, "0205", "0505", features={blocker: ["0305"]})


def test_m44_5_4_hill_along_an_edge_each_hex_judged_with_the_exception():
    g = Pos(open_content()).g
    a, b, x, y = (g.board.grid.id_of(h) for h in _edge_pair(g))
    assert sight({a: HILL, x: HILL, y: HILL}, a, b)                      # both sides: own hill
    assert not sight({x: HILL, y: HILL}, a, b)                            # from below: both block
    assert sight({a: HILL, x: HILL, y: OTHER_BLOCKER}, a, b)              # one side blocks only
    assert sight({a: HILL, x: HILL, y: HILL}, a, b, others=(x,))          # a unit one side only
    assert not sight({a: HILL, x: HILL, y: HILL}, a, b, others=(x, y))    # units both sides


def test_m44_5_4_hill_the_terrain_effects_chart_says_it():
    """The chart's line of sight column and notes carry the exception from the data, and drop it
    when the flag is off."""
    from genkit.render.charts import module_charts
    name = next(t.name for t in C.map.terrain if t.id == HILL)
    for c, said in ((content(), True), (content(_without_see_across()), False)):
        chart = next(ch for ch in module_charts(c) if ch.id == "terrain_effects")
        cell = next(r for r in chart.rows if r[0] == name)[4]
        assert cell.startswith("blocks") and ("except from the same connected" in cell) == said
        assert (f"A unit standing on {name.lower()} sees across" in " ".join(chart.notes)) == said


def _dice_against(kind, eid, attacker, target_side="axis", attacker_on=None):
    where = {"terrain": {"cells": {"0605": eid}}, "features": {"features": {eid: ["0605"]}}}[kind]
    if attacker_on:
        key = "cells" if attacker_on[0] == "terrain" else "features"
        extra = {"0505": attacker_on[1]} if key == "cells" else {attacker_on[1]: ["0505"]}
        where = {k: dict(v) for k, v in where.items()}
        where.setdefault(key, {}).update(extra)
    pos = battle(**where)
    pos.side = 0 if target_side == "axis" else 1
    p = pos.put("allies" if target_side == "axis" else "axis", attacker, "0505")
    q = pos.put(target_side, "infantry", "0605")
    return pos.g.battle_dice(pos.s, p, q, 1)


@pytest.mark.parametrize("kind,eid", effects("dice"))
def test_m44_5_5_battle_dice_reduced_by_the_target_hex(kind, eid):
    eff = SEC[kind][eid]
    for t in TYPES:
        assert _dice_against(kind, eid, t) == max(0, DICE[t][0] + min(0, eff["dice"].get(t, 0))), (eid, t)


@pytest.mark.parametrize("kind,eid", [e for e in effects("dice") if SEC[e[0]][e[1]].get("from_below_only")])
def test_m44_5_5_battle_from_below_only_not_from_the_same_height(kind, eid):
    for t in TYPES:
        assert _dice_against(kind, eid, t, attacker_on=(kind, eid)) == \
            max(0, DICE[t][0] + SEC[kind][eid].get("battle_out", {}).get(t, 0))


def test_m44_5_5_battle_best_reduction_only():
    terrain = [e for e in effects("dice") if e[0] == "terrain" and not SEC["terrain"][e[1]].get("from_below_only")]
    feats = [e for e in effects("dice") if e[0] == "features"]
    assert terrain and feats
    for _, tid in terrain:
        for _, fid in feats:
            pos = battle({"0605": tid}, {fid: ["0605"]})
            for t in TYPES:
                p = pos.put("allies", t, "0505")
                q = pos.put("axis", "infantry", "0605") if pos.s.occ[pos.hex("0605")] < 0 else pos.s.occ[pos.hex("0605")]
                both = (SEC["terrain"][tid]["dice"].get(t, 0), SEC["features"][fid]["dice"].get(t, 0))
                assert pos.g.battle_dice(pos.s, p, q, 1) == max(0, DICE[t][0] + min(0, *both)), (tid, fid, t)
                pos.s.occ[pos.s.loc[p]] = -1
                pos.s.loc[p] = -1


@pytest.mark.parametrize("kind,eid", effects("battle_out"))
def test_m44_5_5_battle_out_of_the_attackers_hex(kind, eid):
    where = {"cells": {"0505": eid}} if kind == "terrain" else {"features": {eid: ["0505"]}}
    for t in TYPES:
        pos = battle(**where)
        p = pos.put("allies", t, "0505")
        q = pos.put("axis", "infantry", "0605")
        assert pos.g.battle_dice(pos.s, p, q, 1) == max(0, DICE[t][0] + SEC[kind][eid]["battle_out"].get(t, 0))


@pytest.mark.parametrize("k", range(len(FACES)))
@pytest.mark.parametrize("target", TYPES)
def test_m44_5_6_battle_hits_per_matching_symbol(k, target):
    """One die (artillery at its last range) with face ``k`` against each type."""
    art = next(t for t in TYPES if DICE[t][-1] == 1 and not SEC["needs_los"].get(t, True))
    d = len(DICE[art])
    pos = battle()
    p = pos.put("allies", art, "0105")
    q = pos.put("axis", target, f"{1 + d:02d}05")
    fire(pos, p, q, FACES[k].symbol)
    lost = FIGS[target] - pos.s.figs[q]
    matching = [f for f in FACES if f.symbol == FACES[k].symbol]
    assert lost == (1 if target in matching[0].hits else 0)
    assert pos.rolled == [1]


def test_m44_5_6_battle_grenade_hits_all_star_misses():
    grenade = next(f for f in FACES if f.symbol == "grenade")
    star = next(f for f in FACES if f.symbol == "star")
    assert set(grenade.hits) == set(TYPES) and star.hits == [] and star.retreats == 0


def test_m44_5_6_battle_hits_before_flags_and_last_figure_eliminates():
    pos = battle()
    p = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", "infantry", "0605", figs=2)
    fire(pos, p, q, "infantry", "grenade", "flag")
    assert pos.s.loc[q] == ELIMINATED


@pytest.mark.parametrize("old, new", [("battle_out: {armour: -2}}", "battle_out: {armour: 1000000000}}"),
                                      ("dice: {infantry: -1, armour: -2}}", "dice: {infantry: -1, armour: -100}}")])
def test_a_dice_change_beyond_what_a_unit_may_roll_is_refused_by_check(tmp_path, old, new):
    """A feature's battle_out of 1000000000 (found by a structural fuzz) passed check, and `genkit
    sim` then rolled that many dice in one battle (hung past its 60 s timeout). A dice change is
    at most 99 either way, the most battle dice a unit may roll."""
    import shutil
    from pathlib import Path
    from genkit.pack.printable import check_path
    game = tmp_path / "memoir44"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content" / "memoir44", game)
    text = (game / "rules.yaml").read_text()
    assert old in text
    (game / "rules.yaml").write_text(text.replace(old, new, 1))
    [finding] = [f for f in check_path(game) if f.severity == "error"]
    assert finding.code == "schema" and "99" in finding.message and "rules.terrain." in finding.message
    assert finding.file == str(game / "rules.yaml") and new.split(":")[0] in text.splitlines()[finding.line - 1]
    (game / "rules.yaml").write_text(text.replace(old, new.replace("1000000000", "99").replace("-100", "-99"), 1))
    assert not [f for f in check_path(game) if f.severity == "error"]
