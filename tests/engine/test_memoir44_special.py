"""The help's special forces and its rarer terrain, each on a small board of its own (a copy of
Vereux Crossing's open countryside with the unit types and terrain added here;
docs/memoir44-rules.md rows 11, 40, 43, 51, 67-69 and 72). Every effect is data of the board,
written as the help describes it, and every number a test checks is read from that data."""
from __future__ import annotations

import json

from test_memoir44_position import Pos, content

from genkit.engine.rules.memoir44.state import S_RETREAT

# the help's special forces: types of their own, on the system's numbers
SPECIAL = [
    {"id": "special_forces", "name": "Special Forces", "short": "SF", "symbol": "infantry", "figures": 4,
     "movement": 2, "battle_dice": [3, 2, 1], "points": 1, "badge": "SF"},
    {"id": "resistance", "name": "French Resistance", "short": "FR", "symbol": "infantry", "figures": 3,
     "movement": 2, "battle_dice": [3, 2, 1], "points": 1},
    {"id": "elite_armour", "name": "Elite Armour", "short": "EA", "symbol": "armour", "figures": 4,
     "movement": 3, "battle_dice": [3, 3, 3], "points": 1},
]
MOVE_AND_BATTLE = {"special_forces": 2, "resistance": 1, "elite_armour": 3}
# the help's rarer terrain (terrain code, id, blocks sight) and what each does
TERRAIN = [
    ("b", "barracks", True), ("k", "factory", True), ("c", "cemetery", False), ("u", "church", True),
    ("d", "dam", False), ("x", "hedgehog", False), ("v", "caves", True),
]
TOWN = {"stop": True, "no_battle_on_entry": True, "dice": {"infantry": -1, "armour": -2},
        "battle_out": {"armour": -2}}
EFFECTS = {
    "barracks": TOWN,
    "factory": TOWN,
    "cemetery": {"ignore_flags": 1},
    "church": {**TOWN, "ignore_flags": 1},
    "dam": {"impassable_for": ["armour", "artillery"], "ignore_flags": 1},
    "hedgehog": {"impassable_for": ["armour", "artillery"], "ignore_flags": 1},
}
FIELD_BUNKER = {"dice": {"infantry": -1, "armour": -2}, "impassable_for": ["armour", "artillery"],
                "ignore_flags": 1, "protects": "all", "no_retreat_for": ["armour", "artillery"]}


def board(cells: dict | None = None, field_bunkers: tuple = (), extra: tuple = ()):
    """Open countryside with the special forces (one piece of each in reserve per side), the
    rarer terrain at ``cells`` (hex id -> terrain id) and field bunkers on ``field_bunkers``."""
    base = content()
    types = [t.model_dump(exclude_unset=True) for t in base.unit_types] + SPECIAL
    dice = [d.model_dump(exclude_unset=True) for d in base.dice]
    for face in dice[0]["faces"]:       # a special force is hit as the kind of unit it is
        hits = face.get("hits", [])
        face["hits"] = hits + [t["id"] for t in SPECIAL if t["symbol"] in hits or len(hits) > 2]
    terrain = [t.model_dump(exclude_unset=True) for t in base.map.terrain]
    terrain += [{"code": code, "id": tid, "name": tid.title(), "colour": "#a0a0a0", "pattern": "none",
                 "move_cost": 1, "blocks_los": los} for code, tid, los in TERRAIN]
    code = {t["id"]: t["code"] for t in terrain}
    rows = [["."] * base.map.grid.columns for _ in range(base.map.grid.rows)]
    for hid, tid in (cells or {}).items():
        rows[int(hid[2:]) - 1][int(hid[:2]) - 1] = code[tid]
    units = [g.model_dump(exclude_unset=True) for g in base.counters.units]
    units += [{"side": side, "type": t["id"], "reserve": 1} for side in ("allies", "axis") for t in SPECIAL]
    feats = [{"id": "field_bunker", "name": "Field bunker", "colour": "#6e6e6e", "mark": "FB",
              "hexes": list(field_bunkers), "blocks_los": True}] if field_bunkers else []
    rules_terrain = {**base.rules["terrain"], **EFFECTS}
    sets = (f"unit_types={json.dumps(types)}", f"dice={json.dumps(dice)}", f"map.terrain={json.dumps(terrain)}",
            f"map.rows={json.dumps([''.join(r) for r in rows])}", f"map.features={json.dumps(feats)}",
            f"counters.units={json.dumps(units)}", "rules.objectives=[]",
            f"rules.move_and_battle={json.dumps({**base.rules['move_and_battle'], **MOVE_AND_BATTLE})}",
            f"rules.terrain={json.dumps(rules_terrain)}",
            f"rules.features={json.dumps({'field_bunker': FIELD_BUNKER} if field_bunkers else {})}") + extra
    return content(*sets)


def no_ambush(pos: Pos) -> None:
    g, s = pos.g, pos.s
    for hand in s.hands:
        hand[:] = [k for k in hand if g.card_kind[g.c_card[k]] != "ambush"]


def fire(pos: Pos, p: int, q: int, *faces: str) -> None:
    """``p`` battles ``q`` with these faces rolled; a retreat goes to the first hex offered."""
    pos.faces(*faces)
    pos.apply(("fire", p, q))
    while pos.s.stage == S_RETREAT:
        pos.apply(pos.legal()[0])


def keep_open(pos: Pos, side: str) -> None:
    """Another pair of units next to each other far off, so the phase does not end when
    ``side``'s battle under test is done."""
    other = "axis" if side == "allies" else "allies"
    pos.put(side, "armour", "1208")
    pos.put(other, "infantry", "1207")


# --------------------------------------------------------------------------- special forces (case 10)

def test_m44_10_special_forces_infantry_moves_two_hexes_and_still_battles():
    c = board()
    pos = Pos(c, "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    sf = pos.put("allies", "special_forces", "0608")
    inf = pos.put("allies", "infantry", "0208")
    pos.put("axis", "infantry", "0605")
    pos.put("axis", "infantry", "0205")
    pos.apply(("move", sf))
    pos.apply(("to", pos.hex("0606")))                     # 2 hexes
    pos.apply(("move", inf))
    pos.apply(("to", pos.hex("0206")))                     # 2 hexes: the battle phase
    assert g.move_and_battle(s, sf) == MOVE_AND_BATTLE["special_forces"] == g.t_move[g.p_type[sf]]
    assert g.can_battle(s, sf) and not g.can_battle(s, inf)
    assert any(a[0] == "fire" and a[1] == sf for a in pos.legal())


def test_m44_10_french_resistance_starts_with_three_figures_and_the_third_hit_eliminates():
    pos = Pos(board(), "axis", "battle", "battle")
    g, s = pos.g, pos.s
    no_ambush(pos)
    fr = pos.put("allies", "resistance", "0606")
    assert s.figs[fr] == 3 == next(t["figures"] for t in SPECIAL if t["id"] == "resistance")
    a = pos.put("axis", "infantry", "0605")
    b = pos.put("axis", "armour", "0705")
    keep_open(pos, "axis")
    fire(pos, a, fr, "infantry", "infantry", "star")
    assert s.figs[fr] == 1 and pos.at(fr) == "0606"
    fire(pos, b, fr, "grenade", "star", "star")
    assert pos.at(fr) == "off" and g.scores(s)["axis"] == 1


def test_m44_10_elite_armour_starts_with_four_figures():
    pos = Pos(board(), "axis", "battle", "battle")
    g, s = pos.g, pos.s
    no_ambush(pos)
    ea = pos.put("allies", "elite_armour", "0606")
    arm = pos.put("allies", "armour", "0806")
    assert s.figs[ea] == 4 and s.figs[arm] == 3 == g.t_figs[g.p_type[arm]]
    a = pos.put("axis", "armour", "0605")
    keep_open(pos, "axis")
    fire(pos, a, ea, "armour", "armour", "armour")          # what destroys a tank unit
    assert s.figs[ea] == 1 and pos.at(ea) == "0606"


# --------------------------------------------------------------------------- terrain (cases 8.1-8.2)

def test_m44_8_1_terrain_barracks_factories_and_churches_are_towns():
    for tid in ("barracks", "factory", "church"):
        row = {f"{c:02d}06": tid for c in range(1, 14)}
        pos = Pos(board(row), "allies", "movement", "move_unit")
        g, s = pos.g, pos.s
        arm = pos.put("allies", "armour", "0608")
        dests = g.destinations(s, arm)
        assert dests[pos.hex("0606")] == 2 and not any(pos.hex(f"{c:02d}05") in dests for c in range(1, 14))
        pos.apply(("move", arm))
        pos.apply(("to", pos.hex("0606")))
        assert not g.can_battle(s, arm)                     # no battle on entry
        pos = Pos(board(row), "allies", "battle", "battle")
        g, s = pos.g, pos.s
        inf = pos.put("allies", "infantry", "0607")
        arm = pos.put("allies", "armour", "0807")
        q = pos.put("axis", "infantry", "0606")             # in the building
        out = pos.put("allies", "armour", "0806")            # tanks in the building battle out
        far = pos.put("axis", "infantry", "0805")
        assert g.battle_dice(s, inf, q, 1) == 3 - 1
        assert g.battle_dice(s, arm, q, 1) == 3 - 2
        assert g.battle_dice(s, out, far, 1) == 3 - 2


def test_m44_6_2_retreat_cemeteries_churches_and_dams_ignore_a_flag():
    for tid in ("cemetery", "church", "dam"):
        pos = Pos(board({"0606": tid}), "axis", "battle", "battle")
        g, s = pos.g, pos.s
        no_ambush(pos)
        p = pos.put("allies", "infantry", "0606")
        q = pos.put("axis", "infantry", "0604")
        keep_open(pos, "axis")
        assert g.ignored_flags(s, p) == 1
        fire(pos, q, p, "flag", "star")
        assert pos.at(p) == "0606"                          # the one flag ignored
        fire(pos, pos.put("axis", "artillery", "0505"), p, "flag", "flag", "star")   # no cover from guns
        assert pos.at(p) != "0606"                          # a second flag is not
    c = board({"0606": "dam"})
    pos = Pos(c, "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    arm = pos.put("allies", "armour", "0607")
    art = pos.put("allies", "artillery", "0507")
    inf = pos.put("allies", "infantry", "0707")
    assert pos.hex("0606") not in g.destinations(s, arm) and pos.hex("0606") not in g.destinations(s, art)
    assert pos.hex("0606") in g.destinations(s, inf)


def test_m44_8_1_terrain_hedgehogs_bar_armour_and_artillery_and_infantry_ignores_a_flag():
    c = board({"0606": "hedgehog", "0605": "hedgehog"})
    pos = Pos(c, "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    arm = pos.put("allies", "armour", "0607")
    art = pos.put("allies", "artillery", "0807")
    inf = pos.put("allies", "infantry", "0707")
    assert pos.hex("0606") not in g.destinations(s, arm) and pos.hex("0606") not in g.destinations(s, art)
    dests = g.destinations(s, inf)
    assert dests[pos.hex("0605")] == 2                      # in and through
    pos.apply(("move", inf))
    pos.apply(("to", pos.hex("0606")))
    assert g.can_battle(s, inf)                             # may move in and battle
    pos = Pos(c, "axis", "battle", "battle")
    g, s = pos.g, pos.s
    no_ambush(pos)
    p = pos.put("allies", "infantry", "0606")
    q = pos.put("axis", "infantry", "0603")                 # two hexes off: sight across a hedgehog
    keep_open(pos, "axis")
    assert g.battle_dice(s, q, p, 3) == 1 and g.line_of_sight(s.loc[q], s.loc[p], s.occ)
    fire(pos, q, p, "flag")
    assert pos.at(p) == "0606"


def test_m44_8_2_terrain_field_bunkers_protect_any_occupant_and_hold_armour_and_artillery():
    c = board(field_bunkers=("0606", "0806"))
    pos = Pos(c, "allies", "battle", "battle")
    g, s = pos.g, pos.s
    axis_inf = pos.put("axis", "infantry", "0606")
    allied_art = pos.put("allies", "artillery", "0806")
    a = pos.put("allies", "infantry", "0607")
    b = pos.put("axis", "armour", "0805")
    assert g.battle_dice(s, a, axis_inf, 1) == 3 - 1      # either side's occupant is protected
    assert g.battle_dice(s, b, allied_art, 1) == 3 - 2
    assert g.ignored_flags(s, axis_inf) == 1 == g.ignored_flags(s, allied_art)
    assert g.retreat_hexes(s, allied_art) == []             # artillery holds: a figure a flag
    pos = Pos(c, "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    arm = pos.put("allies", "armour", "0607")
    inf = pos.put("allies", "infantry", "0707")
    assert pos.hex("0606") not in g.destinations(s, arm) and pos.hex("0606") in g.destinations(s, inf)


def test_m44_10_1_nations_yamato_spirit_infantry_in_caves_ignores_every_flag():
    rule = "rules.unit_rules=" + json.dumps({"axis": {"infantry": {"ignore_flags": 1,
                                                                   "ignore_all_flags_in": ["caves"]}}})
    pos = Pos(board({"0605": "caves"}, extra=(rule,)), "allies", "battle", "battle")
    g, s = pos.g, pos.s
    no_ambush(pos)
    cave = pos.put("axis", "infantry", "0605")
    open_ = pos.put("axis", "infantry", "0805")
    a = pos.put("allies", "artillery", "0607")
    b = pos.put("allies", "artillery", "0807")
    fire(pos, a, cave, "flag", "flag", "flag")
    assert pos.at(cave) == "0605" and s.figs[cave] == g.t_figs[g.p_type[cave]]
    fire(pos, b, open_, "flag", "flag", "star")
    assert pos.at(open_) != "0805"                          # in the open: one flag ignored, not two


def test_m44_10_1_check_refuses_ignore_all_flags_in_a_place_the_map_lacks():
    from genkit.engine.rules.memoir44.checks import sides

    class Ctx:
        content = board()

        def error(self, code, path, message):
            return message
    from genkit.engine.rules.memoir44.section import Section
    sec = Section.model_validate({**Ctx.content.rules,
                                  "unit_rules": {"axis": {"infantry": {"ignore_all_flags_in": ["grotto"]}}}})
    errors = list(sides(Ctx(), sec))
    assert any("ignore_all_flags_in: 'grotto'" in e for e in errors), errors


def test_m44_10_special_forces_badge_is_printed_on_their_counters_only():
    from genkit.render.counters import unit_face
    from genkit.render.draw import Text
    from genkit.render.geometry import iter_primitives
    c = board()

    def words(type_id):
        return [p.text for p, _ in iter_primitives(unit_face(c, "allies", type_id)) if isinstance(p, Text)]
    assert words("special_forces").count("SF") == 2          # its short name and its badge
    assert "SF" not in words("infantry") and c.unit_type("infantry").badge is None


def test_m44_5_2_battle_a_unit_in_a_bunker_battles_all_round():
    """The help's 360 degree arc of fire of bunkers and field bunkers: the module gives no unit an
    arc, so a unit in one battles an enemy on any of its six sides (and fires any way)."""
    for bunkers in ((), ("0605",)):
        pos = Pos(board(field_bunkers=bunkers), "allies", "battle", "battle")
        g, s = pos.g, pos.s
        p = pos.put("allies", "infantry", "0605")
        around = [pos.put("axis", t, g.board.grid.id_of(h)) for t, h in
                  zip(("infantry",) * 4 + ("armour", "artillery"), g.board.adjacent[s.loc[p]])]
        assert len(around) == 6
        assert {q for q, d in g.targets(s, p)} == set(around)
        for q in around:
            s.occ[s.loc[q]], s.loc[q] = -1, -1
        far = [pos.put("axis", "infantry", hid) for hid in ("0603", "0607", "0405", "0805")]
        assert {q for q, d in g.targets(s, p)} == set(far)
