"""Review tests of the Memoir '44 rules (docs/memoir44-rules.md): each pins down a rule that a
small change of the rules code used to leave untested (found by mutating the code one change at
a time), or a bug found by comparing the engine with independent implementations. Every number
is read from content/memoir44 or set here with ``--set``-style overrides."""
from __future__ import annotations

import json
import math
import random
from types import SimpleNamespace

import pytest
from test_memoir44_position import Pos, content, open_content

from genkit.engine.chance import seed_rng, shuffle
from genkit.engine.rules.memoir44 import Game
from genkit.engine.rules.memoir44.orders import overflow
from genkit.sightline import crossing
from genkit.engine.rules.memoir44.state import S_BATTLE, S_CARD, S_MOVE_UNIT, S_OVERRUN, S_RETREAT, S_TAKE
from genkit.engine.rules.memoir44.view import determinise
from genkit.engine.state import ELIMINATED
from genkit.hexes import offset_to_axial

C = content()
FIGS = {t.id: t.figures for t in C.unit_types}


def fire(pos: Pos, p: int, q: int, *faces: str):
    pos.faces(*faces)
    return pos.apply(("fire", p, q))


def with_effect(kind: str, eid: str, **fields) -> str:
    """A ``--set`` giving terrain or feature ``eid`` its scenario effect plus ``fields``."""
    return f"rules.{kind}.{eid}={json.dumps({**C.rules[kind][eid], **fields})}"


def medals(pos: Pos, side: str, n: int) -> None:
    """``side`` holds ``n`` medals: ``n`` enemy units (not on the map) eliminated."""
    g, s = pos.g, pos.s
    enemy = 1 - g.side_ids.index(side)
    spare = [p for p in g.side_pieces[enemy] if s.loc[p] < 0][-n:]
    for p in spare:
        s.loc[p] = ELIMINATED


# --------------------------------------------------------------------------- 2-3 command

def test_m44_2_4_command_the_first_side_is_dealt_first():
    g = Game(C)
    for seed in range(5):
        s = g.initial_state(seed)
        first = g.first
        fresh = SimpleNamespace(rng=seed_rng(seed), nrolls=0)
        deck = list(range(g.ncards))
        shuffle(fresh, deck)
        dealt = deck[len(deck) - g.hand_size[first]:]
        assert sorted(s.hands[first]) == sorted(dealt)
        assert s.deck == deck[:len(s.deck)]


def test_m44_3_1_command_a_side_without_cards_skips_its_command_phase():
    g = Game(C)
    s = g.initial_state(1)
    assert s.stage == S_CARD
    side = s.actor
    s.discard += s.hands[side]
    s.hands[side] = []
    g._enter_phase(s)
    assert s.stage == S_MOVE_UNIT and s.actor == side and g.phase_kind[s.phase] == "movement"


def test_m44_3_2_command_a_unit_in_none_of_the_cards_sections_never_fits():
    # one unit in no section of the card, one in section 0 that takes one unit
    assert overflow([(), (0,)], {0: 1}) == 1
    assert overflow([(0,), (0, 1)], {0: 1, 1: 1}) == 0
    assert overflow([(0,), (0,), (0, 1)], {0: 1, 1: 1}) == 1


def test_m44_3_6_command_an_empty_deck_is_remade_shuffled():
    g = Game(C)
    s = g.initial_state(3)
    s.discard = sorted(s.deck + s.discard)
    s.deck = []
    before = list(s.discard)
    g._draw(s, 0)
    assert s.discard == [] and sorted(s.deck + [s.hands[0][-1]]) == before
    assert s.deck + [s.hands[0][-1]] != before         # shuffled, not the discards' order


# --------------------------------------------------------------------------- 5 battle

def test_m44_5_5_battle_never_fewer_than_no_dice_and_no_battle_without_dice():
    # armour out of a town (battle_out) at a target in a town: 3 - 2 - 2 < 0
    pos = Pos(open_content({"0505": "town", "0605": "town"}), "allies", "battle", "battle")
    p = pos.put("allies", "armour", "0505")
    q = pos.put("axis", "infantry", "0605")
    assert pos.g.battle_dice(pos.s, p, q, 1) == 0
    assert ("fire", p, q) not in pos.legal()


def test_m44_5_5_battle_a_from_below_feature_spares_an_attacker_on_the_same_feature():
    c = open_content(features={"sandbags": ["0505", "0605", "0405"]},
                     extra=(with_effect("features", "sandbags", from_below_only=True),))
    pos = Pos(c, "allies", "battle", "battle")
    on = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", "infantry", "0605")
    d = content().unit_types[0].battle_dice[0]
    assert pos.g.battle_dice(pos.s, on, q, 1) == d
    pos.s.occ[pos.hex("0505")] = -1
    pos.s.loc[on] = pos.hex("0604")                     # next to the target, off the sandbags
    pos.s.occ[pos.hex("0604")] = on
    assert pos.g.battle_dice(pos.s, on, q, 1) == d - 1


# --------------------------------------------------------------------------- 6 retreat

def test_m44_6_1_retreat_never_into_a_hex_impassable_for_the_type():
    # the two hexes behind the allied armour (toward row 9) hold bunkers (impassable for armour)
    pos = Pos(open_content(features={"bunker": ["0406", "0506"]}), "axis", "battle", "battle")
    a = pos.put("allies", "armour", "0505")
    p = pos.put("axis", "infantry", "0605")
    fire(pos, p, a, "flag", "star", "star")
    assert pos.at(a) == "0505" and pos.s.figs[a] == FIGS["armour"] - 1


def test_m44_6_2_retreat_terrain_and_feature_flags_ignored_the_best_not_the_sum():
    c = open_content({"0605": "forest"}, features={"sandbags": ["0605"]},
                     extra=(with_effect("terrain", "forest", ignore_flags=1),))
    pos = Pos(c, "allies", "battle", "battle")
    p = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", "infantry", "0605")
    assert pos.g.ignored_flags(pos.s, q) == 1
    fire(pos, p, q, "flag", "flag")                     # 3 - 1 = 2 dice: two flags, one ignored
    assert pos.s.stage == S_RETREAT and pos.s.pend[:2] == (q, 1)


# --------------------------------------------------------------------------- 7 taking ground

def test_m44_7_1_taking_ground_never_into_a_hex_impassable_for_the_type():
    for t, offered in (("armour", False), ("infantry", True)):
        pos = Pos(open_content(features={"bunker": ["0605"]}), "allies", "battle", "battle")
        p = pos.put("allies", t, "0505")
        q = pos.put("axis", "infantry", "0605", figs=1)
        pos.put("axis", "infantry", "1301")
        fire(pos, p, q, *["grenade"] + ["star"] * (pos.g.battle_dice(pos.s, p, q, 1) - 1))
        assert pos.s.loc[q] == ELIMINATED
        assert (pos.s.stage == S_TAKE) == offered, t


# --------------------------------------------------------------------------- 9 medals

def objs(*pairs):
    return [{"hex": h, "side": s, "medals": 1} for h, s in pairs]


def test_m44_9_2_medals_an_objective_held_by_the_enemy_gives_nothing():
    pos = Pos(open_content(objectives=objs(("0505", "allies"))), "allies", "battle", "battle")
    pos.put("axis", "infantry", "0505")
    assert pos.g.scores(pos.s) == {"allies": 0, "axis": 0}


def test_m44_9_3_medals_six_at_once_on_moving_onto_an_objective():
    pos = Pos(open_content(objectives=objs(("0605", "allies"))), "allies", "movement", "move_unit")
    medals(pos, "allies", 5)
    p = pos.put("allies", "infantry", "0505")
    pos.put("allies", "infantry", "0109")
    pos.put("axis", "infantry", "1301")
    pos.apply(("move", p))
    pos.apply(("to", pos.hex("0605")))
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == "allies"


def test_m44_9_3_medals_six_at_once_on_retreating_onto_an_objective():
    pos = Pos(open_content(objectives=objs(("0504", "axis"))), "allies", "battle", "battle")
    medals(pos, "axis", 5)
    p = pos.put("allies", "infantry", "0505")
    pos.put("allies", "infantry", "0109")
    q = pos.put("axis", "infantry", "0605")
    pos.put("axis", "infantry", "0604")                 # the other hex behind is taken
    fire(pos, p, q, "flag", "star", "star")              # the one open hex: a forced retreat
    assert pos.at(q) == "0504"
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == "axis"


def test_m44_9_3_medals_six_at_once_on_taking_ground_onto_an_objective():
    pos = Pos(open_content(objectives=objs(("0605", "allies"))), "allies", "battle", "battle")
    medals(pos, "allies", 5)
    p = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", "infantry", "0605")
    pos.put("axis", "infantry", "1301")
    fire(pos, p, q, "flag", "star", "star")
    pos.apply(("retreat", pos.legal()[0][1]))
    assert pos.s.stage == S_TAKE and not pos.s.ended
    pos.apply(("take", pos.hex("0605")))
    assert pos.s.ended and pos.g.side_ids[pos.s.winner] == "allies"


# --------------------------------------------------------------------------- 5.4 line of sight

def _centre(col: int, row: int) -> tuple:
    q, r = offset_to_axial(col, row, C.map.grid.orientation, C.map.grid.shift)
    return (math.sqrt(3) * (q + r / 2), 1.5 * r) if C.map.grid.orientation == "pointy" else \
        (1.5 * q, math.sqrt(3) * (r + q / 2))


def _poly(c: tuple) -> list:
    start = 30 if C.map.grid.orientation == "pointy" else 0
    return [(c[0] + math.cos(math.radians(start + 60 * k)), c[1] + math.sin(math.radians(start + 60 * k)))
            for k in range(6)]


def _sides(poly):
    """(point, outward normal) of each edge of a convex polygon."""
    cx, cy = sum(p[0] for p in poly) / 6, sum(p[1] for p in poly) / 6
    out = []
    for k in range(6):
        (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % 6]
        nx, ny = y1 - y0, x0 - x1
        if (cx - x0) * nx + (cy - y0) * ny > 0:
            nx, ny = -nx, -ny
        out.append(((x0, y0), (nx, ny)))
    return out


def los_independent(cr: list, i: int, j: int, blocked: list, near=None) -> bool:
    """Case 5.4 in floating point, hex by hex: the centre-to-centre segment; a hex whose inside it
    crosses blocks when ``blocked``; a stretch it runs along an edge is blocked when both hexes of
    that edge are ``blocked``."""
    a, b = _centre(*cr[i]), _centre(*cr[j])
    runs: dict = {}
    for h, colrow in enumerate(cr):
        if h in (i, j) or (near is not None and h not in near):
            continue
        poly = _poly(_centre(*colrow))
        t0, t1 = 0.0, 1.0
        for (x0, y0), (nx, ny) in _sides(poly):
            num = (a[0] - x0) * nx + (a[1] - y0) * ny
            den = (b[0] - a[0]) * nx + (b[1] - a[1]) * ny
            if abs(den) < 1e-12:
                t0, t1 = (t0, t1) if num <= 1e-9 else (1.0, 0.0)
            elif den < 0:
                t0 = max(t0, -num / den)
            else:
                t1 = min(t1, -num / den)
        if t1 - t0 < 1e-7:
            continue
        tm = (t0 + t1) / 2
        m = (a[0] + tm * (b[0] - a[0]), a[1] + tm * (b[1] - a[1]))
        inside = all(((m[0] - x0) * nx + (m[1] - y0) * ny) / math.hypot(nx, ny) < -1e-7
                     for (x0, y0), (nx, ny) in _sides(poly))
        if inside and blocked[h]:
            return False
        if not inside:
            runs.setdefault((round(t0, 6), round(t1, 6)), []).append(h)
    return not any(len(hs) == 2 and all(blocked[h] for h in hs) for hs in runs.values())


def near(b, i: int, j: int) -> set:
    """The hexes that may meet the segment between the centres of ``i`` and ``j``: a generous
    bound (within the pair's distance of both ends), only to save time."""
    d = b.distance(i, j)
    return {h for h in range(b.n) if b.distance(i, h) <= d and b.distance(h, j) <= d}


def los_pos(cells=None) -> Pos:
    """Artillery that needs line of sight (its range is the longest) on an open board."""
    return Pos(open_content(cells, extra=("rules.needs_los.artillery=true",)), "allies", "battle", "battle")


def test_m44_5_4_battle_los_blocked_by_a_hex_the_line_crosses_beside_a_corner():
    # 0101 -> 0304: the line crosses 0202 and 0203 (inside each), through the point where the
    # two meet; the forest on 0202 blocks
    pos = los_pos({"0202": "forest"})
    p = pos.put("allies", "artillery", "0101")
    q = pos.put("axis", "infantry", "0304")
    assert ("fire", p, q) not in pos.legal()
    pos = los_pos()
    p = pos.put("allies", "artillery", "0101")
    q = pos.put("axis", "infantry", "0304")
    assert ("fire", p, q) in pos.legal()


def test_m44_5_4_battle_los_each_edge_stretch_judged_on_its_own():
    # 0104 -> 0406 runs along the 0204|0205 edge, crosses 0305, then runs along 0306|0405: one
    # blocking hex beside each edge, on opposite sides, blocks neither edge
    pos = los_pos({"0205": "forest", "0405": "forest"})
    p = pos.put("allies", "artillery", "0104")
    q = pos.put("axis", "infantry", "0406")
    assert ("fire", p, q) in pos.legal()
    pos = los_pos({"0205": "forest", "0204": "forest"})
    p = pos.put("allies", "artillery", "0104")
    q = pos.put("axis", "infantry", "0406")
    assert ("fire", p, q) not in pos.legal()


def _mass(b, h: int, across: set) -> set:
    """The hexes of hex ``h``'s terrain joined to it through hexes of that terrain, when that
    terrain is in ``across`` (its effect says ``see_across_from_same``), else none."""
    if b.terrain[h] not in across:
        return set()
    out, todo = {h}, [h]
    while todo:
        x = todo.pop()
        for y in range(b.n):
            if y not in out and b.terrain[y] == b.terrain[h] and b.distance(x, y) == 1:
                out.add(y)
                todo.append(y)
    return out


def test_m44_5_4_battle_los_agrees_with_an_independent_geometry_on_every_pair():
    """The engine's line of sight against :func:`los_independent` on the scenario's map, units
    standing on a random third of the hexes, every pair 2..6 hexes apart (both ways from a hex
    whose terrain sees across its own mass: there the hexes of that mass without a unit or a
    blocking feature do not block)."""
    g = Game(content())
    b = g.board
    rng = random.Random(7)
    occ = [0 if rng.random() < 0.3 else -1 for _ in range(b.n)]
    blocked = [bool(b.blocks[h]) or occ[h] >= 0 for h in range(b.n)]
    across = {t for t, e in C.rules["terrain"].items() if e.get("see_across_from_same")}
    fortified = {g.board.grid.index_of(h) for f in C.map.features if f.blocks_los for h in f.hexes}
    assert across
    cr = [b.grid.col_row(h) for h in range(b.n)]
    bad, seen_across = [], 0
    for i in range(b.n):
        mass = _mass(b, i, across) - fortified
        sees = [False if occ[h] < 0 and h in mass else blocked[h] for h in range(b.n)]
        for j in range(b.n):
            if 2 <= b.distance(i, j) <= 6 and (j > i or mass):
                los = g.line_of_sight(i, j, occ)
                if los != los_independent(cr, i, j, sees, near(b, i, j)):
                    bad.append((b.grid.id_of(i), b.grid.id_of(j)))
                seen_across += los and not los_independent(cr, i, j, blocked, near(b, i, j))
    assert bad == [] and seen_across > 0


def test_m44_5_4_battle_los_a_hex_touched_at_a_corner_only_is_not_crossed():
    # the integer frame of genkit/sightline.py (pointy): the hex around (0, 0) has a corner at (1, 1); the
    # segment (2, -1) -> (0, 3) passes through that corner and nowhere else of the hex
    assert crossing((2, -1), (0, 3), (0, 0), "pointy") is None
    assert crossing((2, 1), (0, 1), (0, 0), "pointy")[0] == "inside"
    assert crossing((2, 0), (0, 2), (0, 0), "pointy")[0] == "edge"


# --------------------------------------------------------------------------- 6.3 no retreat

def no_retreat_effects():
    """(kind, id, unit type) of every terrain and feature of the scenario whose units of a type
    may not retreat from it."""
    return [(kind, eid, t) for kind in ("terrain", "features") for eid, eff in C.rules[kind].items()
            for t in eff.get("no_retreat_for", [])]


def test_m44_6_3_retreat_the_scenario_bunker_holds_its_artillery():
    # the seed: artillery in a bunker may not retreat and takes losses instead
    assert ("features", "bunker", "artillery") in no_retreat_effects()


def test_m44_6_3_retreat_a_unit_that_may_not_retreat_loses_a_figure_a_flag():
    for kind, eid, t in no_retreat_effects():
        cells, feats = ({"0605": eid}, None) if kind == "terrain" else (None, {eid: ["0605"]})
        pos = Pos(open_content(cells, feats), "allies", "battle", "battle")
        p = pos.put("allies", "infantry", "0505")
        side = next((f.side for f in C.map.features if f.id == eid), None) or "axis"
        assert side == "axis"                           # a target the feature protects
        q = pos.put("axis", t, "0605")
        pos.put("axis", "infantry", "1301")
        g = pos.g
        ignored = g.ignored_flags(pos.s, q)
        n = g.battle_dice(pos.s, p, q, 1)
        flags = min(n, ignored + 1)
        assert flags == ignored + 1, "needs dice enough for a flag not ignored"
        fire(pos, p, q, *["flag"] * flags + ["star"] * (n - flags))
        assert pos.at(q) == "0605" and pos.s.figs[q] == FIGS[t] - 1, (eid, t)
        # the same unit elsewhere retreats
        pos = Pos(open_content(), "allies", "battle", "battle")
        p = pos.put("allies", "infantry", "0505")
        q = pos.put("axis", t, "0605")
        pos.put("axis", "infantry", "1301")
        fire(pos, p, q, "flag", "star", "star")
        assert pos.s.stage == S_RETREAT


# --------------------------------------------------------------------------- more survivors

def test_m44_3_1_command_copies_of_one_card_are_one_choice():
    g = Game(C)
    for seed in range(20):
        s = g.initial_state(seed)
        acts = g.legal_actions(s)
        held = {g.c_card[c] for c in s.hands[s.actor] if g.card_kind[g.c_card[c]] != "counter_attack"}
        assert sorted(g.c_card[a[1]] for a in acts) == sorted(held)   # no counter-attack before a card (3.8)


def test_m44_8_2_terrain_a_feature_that_protects_all_protects_either_side():
    c = open_content(features={"sandbags": ["0605"]}, extra=(with_effect("features", "sandbags", protects="all"),))
    pos = Pos(c, "axis", "battle", "battle")
    p = pos.put("axis", "infantry", "0505")
    q = pos.put("allies", "infantry", "0605")                # not the sandbags' side
    base = C.unit_types[0].battle_dice[0]
    assert pos.g.battle_dice(pos.s, p, q, 1) == base + C.rules["features"]["sandbags"]["dice"]["infantry"]


def test_m44_7_2_overrun_once_a_turn_not_once_a_game():
    pos = Pos(open_content(), "allies", "battle", "battle")
    g, s = pos.g, pos.s
    p = pos.put("allies", "armour", "0505")
    q = pos.put("axis", "infantry", "0605", figs=1)
    pos.put("axis", "infantry", "0705")                  # the overrun's target
    s.overran |= 1 << p                                  # it overran in an earlier turn
    # a new player turn of the Allies: their command phase resets the turn's bookkeeping
    s.phase = next(k for k, (kd, sd) in enumerate(zip(g.phase_kind, g.phase_side)) if kd == "command" and sd == 0)
    g._enter_phase(s)
    assert s.overran == 0
    s.phase = next(k for k, (kd, sd) in enumerate(zip(g.phase_kind, g.phase_side)) if kd == "battle" and sd == 0)
    s.stage, s.ordered, s.legal = S_BATTLE, 1 << p, None
    fire(pos, p, q, "grenade", "star", "star")
    pos.apply(("take", pos.hex("0605")))
    assert s.stage == S_OVERRUN


def test_m44_simulation_determinise_redeals_the_hidden_hand():
    g = Game(C)
    s = g.initial_state(4)
    seen = {tuple(sorted(determinise(s, 0, random.Random(k)).hands[1])) for k in range(10)}
    assert len(seen) > 1
    for k in range(3):
        d = determinise(s, 0, random.Random(k))
        assert d.hands[0] == s.hands[0] and sorted(d.deck + d.hands[1]) == sorted(s.deck + s.hands[1])
