"""The air rules (docs/memoir44-rules.md section 11; the help's airfields and its Air Sortie card)
on Corval Shore, whose sides each have an aircraft: the Axis takes off from its airfield, the
Allies from their own edge. Every number is read from content/corval_shore."""
from __future__ import annotations

import json
import shutil
from functools import lru_cache
from pathlib import Path

import pytest
from test_memoir44_position import Pos, card_copy

from genkit.engine import play_game
from genkit.engine.rules.memoir44 import DONE, Game
from genkit.engine.rules.memoir44.state import S_BATTLE, S_MOVE_UNIT, S_ORDER, S_SORTIE
from genkit.engine.state import ELIMINATED, RESERVE
from genkit.model.load import load_game
from genkit.pack.printable import check_path
from genkit.sim.bots import make_bot

ROOT = Path(__file__).resolve().parents[2]
CS = ROOT / "content" / "corval_shore"


@lru_cache(maxsize=None)
def corval(*overrides: str):
    return load_game(CS, overrides=list(overrides))


C = corval()
AIR = C.rules["air"]
PLANE = C.unit_type("aircraft")


def airfield_hexes() -> set:
    return {h for f in C.map.features if f.id in AIR["airfields"] for h in f.hexes}


def sortie(pos: Pos) -> int:
    """``pos``'s side plays an Air Sortie card; the copy played."""
    g, s = pos.g, pos.s
    k = card_copy(g, "air_sortie")
    for pile in (s.deck, s.discard, *s.hands):
        if k in pile:
            pile.remove(k)
    s.hands[pos.side].append(k)
    s.legal = None
    pos.apply(("card", k))
    return k


def plane_of(pos: Pos, side: str) -> int:
    g = pos.g
    return g.air_pieces[g.side_ids.index(side)][0]


def fly(pos: Pos, plane: int, hid: str) -> None:
    pos.apply(("move", plane))
    pos.apply(("to", pos.hex(hid)))


def no_ambush(pos: Pos) -> None:
    g, s = pos.g, pos.s
    for hand in s.hands:
        hand[:] = [k for k in hand if g.card_kind[g.c_card[k]] != "ambush"]


# --------------------------------------------------------------------------- 11.1 air units

def test_m44_11_1_air_units_start_off_the_map_with_their_figures():
    g = Game(C)
    s = g.initial_state(1)
    planes = [p for side in g.air_pieces for p in side]
    assert len(planes) == 2 and {g.p_side[p] for p in planes} == {0, 1}
    assert all(s.loc[p] == RESERVE and s.figs[p] == PLANE.figures for p in planes)
    assert g.state_problems(s) == []


def test_m44_11_1_a_plane_holds_no_objective():
    objective = C.rules["objectives"][0]
    pos = Pos(C, objective["side"], "battle", "battle")
    g, s = pos.g, pos.s
    p = plane_of(pos, objective["side"])
    s.loc[p], s.occ[pos.hex(objective["hex"])] = pos.hex(objective["hex"]), p
    assert g.scores(s)[objective["side"]] == 0
    inf = pos.put(objective["side"], "infantry", "0101")
    s.occ[s.loc[p]], s.loc[p] = -1, RESERVE
    s.occ[s.loc[inf]], s.loc[inf] = -1, pos.hex(objective["hex"])
    s.occ[s.loc[inf]] = inf
    assert g.scores(s)[objective["side"]] == objective.get("medals", 1)


# --------------------------------------------------------------------------- 11.2 air sortie

def test_m44_11_2_air_sortie_the_plane_takes_off_from_an_own_airfield():
    pos = Pos(C, "axis", "command", "card")
    g, s = pos.g, pos.s
    pos.put("allies", "infantry", "0607")
    sortie(pos)
    assert s.stage == S_SORTIE
    hexes = {g.board.grid.id_of(a[1]) for a in pos.legal()}
    assert hexes == airfield_hexes()
    p = plane_of(pos, "axis")
    first = sorted(airfield_hexes())[0]
    pos.put("axis", "infantry", first)                     # a unit on one airfield hex: the other
    assert {g.board.grid.id_of(a[1]) for a in pos.legal()} == airfield_hexes() - {first}
    pos.apply(pos.legal()[0])
    assert pos.at(p) in airfield_hexes() and (s.ordered >> p) & 1
    assert s.stage == S_MOVE_UNIT and ("move", p) in pos.legal()


def test_m44_11_2_air_sortie_without_an_airfield_takes_off_from_the_own_edge():
    pos = Pos(C, "allies", "command", "card")
    g, s = pos.g, pos.s
    assert not g.airfields[0]
    pos.put("allies", "infantry", "0309")                  # one edge hex taken
    sortie(pos)
    rows = {g.board.grid.id_of(a[1])[2:] for a in pos.legal()}
    edge = "09" if C.rules["own_edges"]["allies"] == "south" else "01"
    assert rows == {edge} and ("take_off", pos.hex("0309")) not in pos.legal()
    assert len(pos.legal()) == C.map.grid.columns - 1


def test_m44_11_2_air_sortie_with_no_plane_left_orders_one_unit_anywhere_without_extra_orders():
    pos = Pos(C, "allies", "command", "card")
    g, s = pos.g, pos.s
    s.loc[plane_of(pos, "allies")] = ELIMINATED
    a = pos.put("allies", "infantry", "0207", ordered=False)
    b = pos.put("allies", "infantry", "1207", ordered=False)
    assert C.rules["extra_orders"]["allies"] >= 1           # the landing parties' extra order
    sortie(pos)
    assert s.stage == S_ORDER
    pos.apply(("order", a))
    assert ("order", b) not in pos.legal()                  # the fallback only: no extra orders
    assert C.rules["tactics"]["air_sortie"]["fallback"] == 1


# --------------------------------------------------------------------------- 11.3 flight

def test_m44_11_3_a_plane_flies_over_units_and_terrain_and_battles_where_it_ends():
    pos = Pos(C, "allies", "command", "card")
    g, s = pos.g, pos.s
    for h in ("0508", "0608", "0708", "0507", "0607", "0707"):
        pos.put("allies", "infantry", h, ordered=False)       # a wall of units in front of the edge
    q = pos.put("axis", "infantry", "0605")                # on the bluffs
    pos.put("axis", "infantry", "1201")
    sortie(pos)
    pos.apply(("take_off", pos.hex("0609")))
    p = plane_of(pos, "allies")
    dests = g.destinations(s, p)
    assert pos.hex("0606") in dests and dests[pos.hex("0606")] == 3      # over the units
    assert max(dests.values()) == PLANE.movement
    assert all(s.occ[h] < 0 for h in dests if h != s.loc[p])
    fly(pos, p, "0606")
    assert s.stage == S_BATTLE and ("fire", p, q) in pos.legal()
    pos2 = Pos(C, "allies", "battle", "battle")
    g2, s2 = pos2.g, pos2.s
    p2 = plane_of(pos2, "allies")
    s2.loc[p2], s2.occ[pos2.hex("0608")] = pos2.hex("0608"), p2       # over the ocean
    s2.ordered |= 1 << p2
    q2 = pos2.put("axis", "infantry", "0607")
    assert g2.can_battle(s2, p2) and ("fire", p2, q2) in pos2.legal()


# --------------------------------------------------------------------------- 11.4 battle

def test_m44_11_4_planes_battle_without_sight_get_no_cover_ignore_flags_block_no_sight():
    pos = Pos(C, "axis", "battle", "battle")
    g, s = pos.g, pos.s
    no_ambush(pos)
    p = plane_of(pos, "allies")
    s.loc[p], s.occ[pos.hex("0506")] = pos.hex("0506"), p    # behind the sea wall (map.yaml)
    ground = pos.put("allies", "infantry", "0606")          # behind it too
    inf = pos.put("axis", "infantry", "0605")               # across it, next to both
    full = C.unit_type("infantry").battle_dice[0]
    assert g.battle_dice(s, inf, ground, 1) == full - 1      # the wall covers the infantry
    assert g.battle_dice(s, inf, p, 1) == full               # not the plane
    assert g.ignored_flags(s, p) > AIR["landing_dice"] + full
    pos.faces("flag", "flag", "star")
    pos.apply(("fire", inf, p))
    assert pos.at(p) == "0506" and s.figs[p] == PLANE.figures
    assert C.rules["needs_los"]["aircraft"] is False and g.t_los[g.p_type[p]] is False
    # a plane on the line between a unit and its target does not cut the line of sight
    s.occ[s.loc[p]] = -1
    s.loc[p], s.occ[pos.hex("0703")] = pos.hex("0703"), p  # open ground, rows 3 and 4
    sight = pos.put("axis", "infantry", "0603")
    target = pos.put("allies", "infantry", "0903")
    assert not g.line_of_sight(s.loc[sight], s.loc[target], s.occ)
    assert g.line_of_sight(s.loc[sight], s.loc[target], g.ground_occ(s))


def test_m44_11_4_the_only_face_that_hits_a_plane_is_the_one_that_lists_it():
    g = Game(C)
    t = g.type_index["aircraft"]
    hitting = [g.face_symbols[f] for f in range(g.die_faces) if (g.face_hits[f] >> t) & 1]
    assert hitting == [f.symbol for f in C.dice[0].faces if "aircraft" in f.hits] == ["grenade"]


# --------------------------------------------------------------------------- 11.5 landing

def test_m44_11_5_planes_land_at_the_draw_phase_and_the_landing_dice_may_cost_figures():
    pos = Pos(C, "allies", "battle", "battle")
    g, s = pos.g, pos.s
    p = plane_of(pos, "allies")
    s.loc[p], s.occ[pos.hex("0604")] = pos.hex("0604"), p
    s.ordered |= 1 << p
    s.battled |= 1 << p
    pos.faces(*(["grenade"] + ["star"] * (AIR["landing_dice"] - 1)))
    pos.apply(DONE)                                          # the battle phase ends: the draw phase
    assert pos.rolled == [AIR["landing_dice"]]
    assert s.loc[p] == RESERVE and s.occ[pos.hex("0604")] < 0 and s.figs[p] == PLANE.figures - 1
    assert g.state_problems(s) == []
    pos = Pos(C, "allies", "battle", "battle")
    g, s = pos.g, pos.s
    p = plane_of(pos, "allies")
    s.loc[p], s.occ[pos.hex("0604")] = pos.hex("0604"), p
    s.figs[p] = 1
    pos.faces(*(["grenade"] * AIR["landing_dice"]))
    pos.apply(DONE)
    assert s.loc[p] == ELIMINATED and g.scores(s)["axis"] == PLANE.points


def test_m44_11_5_a_plane_on_the_map_outside_its_turn_breaks_an_invariant():
    pos = Pos(C, "axis", "battle", "battle")
    g, s = pos.g, pos.s
    p = plane_of(pos, "allies")
    s.loc[p], s.occ[pos.hex("0604")] = pos.hex("0604"), p
    assert any("air unit" in e for e in g.state_problems(s))


# --------------------------------------------------------------------------- 11.6 checks and bots

@pytest.mark.parametrize("file, old, new, words", [
    ("rules.yaml", "air: {types: [aircraft], airfields: [airfield], landing_dice: 2}", "air_none: 1",
     "rules has no air section"),
    ("rules.yaml", "airfields: [airfield]", "airfields: [runway]", "'runway' is not in map.features"),
    ("map.yaml", 'side: axis, hexes: ["0801", "0901"]', 'hexes: ["0801", "0901"]', "needs a side"),
    ("units.yaml", "{side: axis, type: aircraft, reserve: 1}", '{side: axis, type: aircraft, setup: ["0801"]}',
     "starts off the map"),
    ("units.yaml", "{side: axis, type: aircraft, reserve: 1}", "{side: axis, type: armour, reserve: 1}",
     "would never enter"),
])
def test_m44_11_6_check_refuses_air_rules_it_cannot_play(tmp_path, file, old, new, words):
    folder = tmp_path / "cs"
    shutil.copytree(CS, folder)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    if new == "air_none: 1":
        path.write_text(text.replace("  " + old + "\n", ""))
    errors = [f.message for f in check_path(folder) if f.severity == "error"]
    assert any(words in m for m in errors), errors


def test_m44_11_6_bots_greedy_plays_the_air_sortie_and_planes_fly_and_battle():
    g = Game(C)
    kinds = set()
    for seed in range(6):
        events: list = []
        play_game(C, seed, bots=[make_bot("greedy", g, side, seed + side) for side in range(2)], events=events)
        kinds |= {(e.kind, e.side) for e in events if e.kind in ("took_off", "landed")}
        kinds |= {("air_battle", e.side) for e in events if e.kind == "dice_battle" and e.type == "aircraft"}
    assert {(k, side) for k in ("took_off", "landed", "air_battle") for side in ("allies", "axis")} <= kinds


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_m44_11_6_bots_play_the_air_sortie_when_nothing_else_fights(bot):
    pos = Pos(C, "allies", "command", "card")
    g, s = pos.g, pos.s
    pos.put("allies", "infantry", "0109", ordered=False)
    for h in ("0605", "0705", "0604"):
        pos.put("axis", "infantry", h, figs=1)
    s.deck += s.hands[0]
    s.hands[0] = []
    for card_id in ("patrol_right", "air_sortie"):
        k = card_copy(g, card_id)
        for pile in (s.deck, s.discard, *s.hands):
            if k in pile:
                pile.remove(k)
        s.hands[0].append(k)
    s.legal = None
    b = make_bot(bot, g, 0, 1)
    assert b.choose(g.observe(s, 0), pos.legal()) == ("card", card_copy(g, "air_sortie"))


def test_m44_11_6_no_air_rules_no_change_to_vereux_crossing():
    """Vereux Crossing has no air section: no plane, no sortie, and its check stays clean."""
    from test_memoir44_position import content
    g = Game(content())
    assert g.air_pieces == [[], []] and "air" not in (content().rules or {})
    assert json.dumps(sorted(k for k in g.card_kind if k)).count("air_sortie") == 0


def test_m44_11_6_the_command_chart_says_the_air_rules_from_the_data():
    from test_memoir44_position import content

    from genkit.engine.rules.memoir44.charts import charts

    def rows(c):
        return dict(next(ch for ch in charts(c) if ch.id == "command_medals").rows)
    air = rows(C)["Air units"]
    assert PLANE.name in air and all(h in air for h in airfield_hexes()) and f"{AIR['landing_dice']} dice" in air
    assert "1 die rolled" in rows(corval("rules.air.landing_dice=1"))["Air units"]
    assert "Air units" not in rows(content())
