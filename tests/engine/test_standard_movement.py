"""Movement, zones of control and stacking of the standard rules (docs/standard-rules.md cases
5, 6 and 7), on tests/fixtures/standard_mini. Each test is named after the case it proves."""
from __future__ import annotations

import heapq
import random

from test_standard_position import Pos, game

from genkit.engine.rules.standard.state import DEST, PICK


def mp(g, type_id: str) -> int:
    return next(t.movement for t in g.types if t.id == type_id)


def cost(g, hex_id: str) -> int:
    """The terrain cost of a hex, in whole MP."""
    return g.board.cost[g.board.grid.index_of(hex_id)]


def rules(g):
    return g.section


# --------------------------------------------------------------------------- 5.1 allowance

def test_std_5_1_every_unit_may_move_once_per_phase():
    pos = Pos(game(), "blue_movement")
    a, b = pos.put("blue", "inf", "0303"), pos.put("blue", "inf", "0306")
    pos.start()
    assert {("move", a), ("move", b)} <= set(pos.legal())
    pos.move(a, "0302")
    assert ("move", a) not in pos.legal() and ("move", b) in pos.legal()
    assert pos.at(a) == "0302"


def test_std_5_1_units_per_phase_limits_how_many_move():
    g = game("rules.movement={zoc: stop, units_per_phase: 1}")
    pos = Pos(g, "blue_movement")
    a, _ = pos.put("blue", "inf", "0303"), pos.put("blue", "inf", "0306")
    pos.start()
    pos.move(a, "0302")
    assert g.units_per_phase == 1
    assert pos.s.phase != g.phase_ids.index("blue_movement")     # nothing left to choose: the phase ended


def test_std_5_1_the_allowance_is_spent_in_half_points():
    g = game()
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0103")
    # straight down column 1: all clear hexes, one MP each
    reach = {f"01{r:02d}" for r in range(1, 9) if abs(r - 3) <= mp(g, "inf")}
    assert reach - {"0103"} <= pos.dests(p)
    assert not any(h.startswith("01") and abs(int(h[2:]) - 3) > mp(g, "inf") for h in pos.dests(p))


# --------------------------------------------------------------------------- 5.2 terrain

def test_std_5_2_woods_cost_their_move_cost():
    g = game("unit_types.inf.movement=1")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0502")            # next to the woods of 0501
    assert cost(g, "0501") > 1 and "0501" not in pos.dests(p)
    g2 = game(f"unit_types.inf.movement={cost(g, '0501')}")
    pos2 = Pos(g2, "blue_movement")
    p2 = pos2.put("blue", "inf", "0502")
    assert "0501" in pos2.dests(p2)


def test_std_5_2_impassable_terrain_is_never_entered():
    g = game()
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "arm", "0704")
    assert cost(g, "0804") == 0 and "0804" not in pos.dests(p)


def _reference(g, s, p) -> set:
    """A plain Dijkstra of cases 5-7 (stop ZOC), written from the rules document."""
    b, side = g.board, g.p_side[p]
    enemy = {s.loc[q] for q in range(g.npieces) if s.loc[q] >= 0 and g.p_side[q] != side}
    friends = {s.loc[q] for q in range(g.npieces) if s.loc[q] >= 0 and g.p_side[q] == side and q != p}
    zoc = {j for e in enemy for d, j in enumerate(b.neighbours[e]) if j >= 0 and (g.zoc_from[e] >> j) & 1}
    start, ma = s.loc[p], 2 * g.types[g.p_type[p]].movement
    best, heap, out = {start: 0}, [(0, start)], set()
    while heap:
        spent, h = heapq.heappop(heap)
        if spent > best[h] or (h != start and (h in zoc or (h in friends and not g.t_pass[g.p_type[p]]))):
            continue
        for d, j in enumerate(b.neighbours[h]):
            c = g.ecost[h * 6 + d]
            if j < 0 or not c or j in enemy or spent + c > ma or spent + c >= best.get(j, 99):
                continue
            best[j] = spent + c
            heapq.heappush(heap, (spent + c, j))
    for h in best:
        if h != start and g._load(s, h) + g.t_stack[g.p_type[p]] <= g.limit:
            out.add(b.grid.id_of(h))
    return out


def test_std_5_2_destinations_match_a_plain_search_of_the_rules():
    g = game()
    rng = random.Random(5)
    hexes = [g.board.grid.id_of(h) for h in range(g.board.n) if g.board.cost[h]]
    for _ in range(40):
        pos = Pos(g, "blue_movement", events=False)
        spots = rng.sample(hexes, 9)
        mine = [pos.put("blue", t, spots[k]) for k, t in enumerate(("inf", "inf", "arm", "art"))]
        for k, t in enumerate(("inf", "inf", "inf", "arm", "art")):
            pos.put("grey", t, spots[4 + k])
        for p in mine:
            assert pos.dests(p) == _reference(g, pos.s, p)


# --------------------------------------------------------------------------- 5.3 roads

def test_std_5_3_a_road_costs_its_own_cost_whatever_the_terrain():
    g = game()
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0404")              # on the road, next to the woods of 0504
    road = rules(g).roads["road"].cost
    along = ["0504", "0604", "0704"]                # road hexes east of 0404 (woods, bridge, clear)
    k = int(mp(g, "inf") / road)
    assert {h for h in along[:k]} <= pos.dests(p)
    g2 = game("rules.roads.road.cost=2")
    pos2 = Pos(g2, "blue_movement")
    p2 = pos2.put("blue", "inf", "0404")
    assert "0704" not in pos2.dests(p2)


# --------------------------------------------------------------------------- 5.4 hexsides

def test_std_5_4_river_costs_extra():
    g = game()
    extra = rules(g).hexsides["river"].cross_cost
    need = cost(g, "0602") + extra                  # 0502 -> 0602 crosses the river
    ok = game(f"unit_types.inf.movement={int(need)}")
    pos = Pos(ok, "blue_movement")
    p = pos.put("blue", "inf", "0502")
    assert "0602" in pos.dests(p)
    short = game(f"unit_types.inf.movement={int(need) - 1}")
    pos = Pos(short, "blue_movement")
    p = pos.put("blue", "inf", "0502")
    assert "0602" not in pos.dests(p) and "0503" in pos.dests(p)


def test_std_5_4_an_impassable_river_is_crossed_only_at_the_bridge():
    g = game("rules.hexsides.river={impassable: true}")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "arm", "0503")
    east = {h for h in pos.dests(p) if int(h[:2]) >= 6}
    assert east and "0604" in east               # over the bridge (0504/0604)
    q = pos.put("blue", "inf", "0502")
    assert not {h for h in pos.dests(q) if h in ("0601", "0602")}


def test_std_5_4_a_crossing_lifts_the_river_cost():
    g = game("unit_types.inf.movement=1", "rules.roads.road.cost=1")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0504")            # 0504/0604 is the bridge
    assert cost(g, "0604") == 1 and "0604" in pos.dests(p)
    g2 = game("unit_types.inf.movement=1", "rules.roads.road.cost=1", "rules.hexsides.bridge={crossing: false}")
    pos2 = Pos(g2, "blue_movement")
    p2 = pos2.put("blue", "inf", "0504")
    assert "0604" not in pos2.dests(p2)


# --------------------------------------------------------------------------- 5.5 friends

def test_std_5_5_a_unit_stops_in_a_friends_hex_unless_it_passes_through_friends():
    g = game("unit_types.inf.movement=2")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0103")
    pos.put("blue", "inf", "0104")
    pos.put("blue", "inf", "0203")
    assert "0104" in pos.dests(p)                 # may end with a friend (within the limit)
    assert not g.t_pass[g.type_index["inf"]] and "0105" not in pos.dests(p)
    g2 = game("unit_types.inf.movement=2", units={"inf": {"passes_through_friends": True}})
    pos2 = Pos(g2, "blue_movement")
    p2 = pos2.put("blue", "inf", "0103")
    pos2.put("blue", "inf", "0104")
    assert "0105" in pos2.dests(p2)


def test_std_5_5_a_full_friendly_hex_is_no_end():
    g = game()
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "arm", "0103")
    for _ in range(g.limit):
        pos.put("blue", "inf", "0104")
    assert "0104" not in pos.dests(p)


# --------------------------------------------------------------------------- 5.6 strategic

STRAT = {"multiplier": 2, "enemy_distance": 3}


def test_std_5_6_a_march_multiplies_the_allowance_far_from_the_enemy():
    g = game(rules={"strategic": STRAT})
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0101")
    pos.put("grey", "inf", "1008")
    far = pos.dests(p, march=True)
    assert far > pos.dests(p)
    assert "0108" in far and "0108" not in pos.dests(p)   # 7 hexes: beyond the plain allowance
    pos.start()
    assert ("march", p) in pos.legal()
    pos.act("march", p).act("to", pos.h("0108"))
    assert (pos.s.marched >> p) & 1


def test_std_5_6_a_march_keeps_its_distance_from_the_enemy():
    g = game(rules={"strategic": STRAT})
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0101")
    e = pos.put("grey", "inf", "0105")
    d = g.board.distance
    assert pos.dests(p, march=True) == set() or all(
        d(pos.h(h), pos.s.loc[e]) > STRAT["enemy_distance"] for h in pos.dests(p, march=True))
    q = pos.put("blue", "inf", "0103")            # starts within the distance: no march at all
    assert pos.dests(q, march=True) == set()


def test_std_5_6_a_unit_that_marched_may_not_attack():
    g = game(rules={"strategic": STRAT})
    pos = Pos(g, "blue_combat")
    p = pos.put("blue", "arm", "0303")
    q = pos.put("blue", "inf", "0403")
    e = pos.put("grey", "inf", "0304")
    pos.s.marched |= 1 << p
    pos.start()
    assert g.eligible(pos.s, 0, pos.s.loc[e]) == [q]


# --------------------------------------------------------------------------- 5.7 enemies

def test_std_5_7_a_unit_never_enters_an_enemy_hex():
    g = game("rules.movement={zoc: none}")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "arm", "0303")
    pos.put("grey", "inf", "0304")
    assert "0304" not in pos.dests(p) and "0305" in pos.dests(p)


# --------------------------------------------------------------------------- 6 zones of control

def test_std_6_1_no_zoc_lets_units_move_past_enemies():
    g = game("rules.movement={zoc: none}")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0303")
    pos.put("grey", "inf", "0305")
    assert "0306" in pos.dests(p)               # through 0304, next to the enemy


def test_std_6_2_entering_an_enemy_zoc_ends_the_move():
    g = game()
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0303")
    pos.put("grey", "inf", "0305")
    d = pos.dests(p)
    assert "0304" in d and "0306" not in d
    # leaving a zone costs nothing more under 'stop', and it may go straight into another
    q = pos.put("blue", "inf", "0204")
    assert "0104" in pos.dests(q)


def test_std_6_3_stop_and_leave_costs_to_leave_and_never_zoc_to_zoc():
    g = game("unit_types.inf.movement=2", "rules.movement={zoc: stop_and_leave, zoc_leave_cost: 1}")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0304")
    e = pos.put("grey", "inf", "0305")
    b = g.board
    zone = {pos.id(j) for j in b.neighbours[pos.s.loc[e]] if j >= 0}
    near = {pos.id(j) for j in b.neighbours[pos.s.loc[p]] if j >= 0 and b.cost[j] == 1}
    leave = g.section.movement.zoc_leave_cost
    # one clear hex out costs 1 + the leave cost = the whole allowance; never into the zone
    assert mp(g, "inf") == 1 + leave
    assert pos.dests(p) == near - zone - {"0305"}
    stop = game("unit_types.inf.movement=2")
    pos2 = Pos(stop, "blue_movement")
    p2 = pos2.put("blue", "inf", "0304")
    pos2.put("grey", "inf", "0305")
    assert (near & zone) - {"0305"} <= pos2.dests(p2)      # under 'stop' the zone hexes are fine


def test_std_6_4_locking_zoc_pins_unit():
    g = game("rules.movement={zoc: locking}")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0304")
    q = pos.put("blue", "inf", "0101")
    pos.put("grey", "inf", "0305")
    pos.start()
    assert pos.dests(p) == set() and ("move", p) not in pos.legal() and ("move", q) in pos.legal()


def test_std_6_5_a_hexside_that_blocks_zoc():
    # 0503 is next to 0602 across the river; with 3 MP, 0504 (woods) is reached only through 0503
    for blocks in (False, True):
        g = game("unit_types.inf.movement=3", f"rules.hexsides.river={{cross_cost: 2, blocks_zoc: {str(blocks).lower()}}}")
        pos = Pos(g, "blue_movement")
        p = pos.put("blue", "inf", "0502")
        pos.put("grey", "inf", "0602")
        assert ("0504" in pos.dests(p)) == blocks
        assert "0503" in pos.dests(p)


# --------------------------------------------------------------------------- 7 stacking

def test_std_7_1_a_hex_holds_at_most_the_limit_in_units():
    g = game()
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0103")
    pos.put("blue", "inf", "0104")
    assert "0104" in pos.dests(p)
    for _ in range(g.limit - 1):
        pos.put("blue", "art", "0104")
    assert "0104" not in pos.dests(p)


def test_std_7_2_stacking_points():
    g = game("rules.stacking={limit: 2, count: points, points: {arm: 2}}")
    pos = Pos(g, "blue_movement")
    a = pos.put("blue", "arm", "0103")
    pos.put("blue", "inf", "0104")
    assert "0104" not in pos.dests(a)             # 2 + 1 > 2
    i = pos.put("blue", "inf", "0203")
    assert "0104" in pos.dests(i)                 # 1 + 1


def test_std_5_a_move_is_pick_then_destination():
    pos = Pos(game(), "blue_movement")
    p = pos.put("blue", "inf", "0303")
    pos.start()
    pos.act("move", p)
    assert pos.s.stage == DEST and all(a[0] == "to" for a in pos.legal())
    pos.act("to", pos.h("0302"))
    assert pos.s.stage == PICK


def test_std_6_3_with_no_leave_cost_a_unit_still_never_goes_zone_to_zone():
    g = game("rules.movement={zoc: stop_and_leave}", "unit_types.inf.movement=1")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0304")
    pos.put("grey", "inf", "0305")
    assert 2 * cost(g, "0403") > 2 * mp(g, "inf")    # the hill out of the zone is too dear
    for h, types in (("0303", ("inf", "inf")), ("0203", ("arm", "art"))):   # the other ways out: full
        for t in types:
            pos.put("blue", t, h)
    pos.start()
    assert pos.dests(p) == set() and ("move", p) not in pos.legal()


def test_std_5_1_a_unit_is_offered_exactly_when_it_has_somewhere_to_go():
    """The quick answers of the movement phase agree with the full search, in every zone kind."""
    rng = random.Random(11)
    for zoc in ("none", "stop", "stop_and_leave", "locking"):
        g = game(f"rules.movement={{zoc: {zoc}}}", "unit_types.inf.movement=1", rules={"strategic": STRAT})
        hexes = [g.board.grid.id_of(h) for h in range(g.board.n) if g.board.cost[h]]
        for _ in range(30):
            pos = Pos(g, "blue_movement", events=False)
            spots = rng.sample(hexes, 6) + rng.sample(hexes, 4)
            mine = []
            for k, t in enumerate(("inf", "inf", "arm", "art", "inf")):
                h = spots[k] if k < 4 else spots[0]          # one hex holds two units
                mine.append(pos.put("blue", t, h))
            for t, h in zip(("inf", "inf", "inf", "arm", "art"), spots[4:]):
                top = pos.s.occ[pos.h(h)]
                if top < 0 or g.p_side[top] == 1:          # never into a blue hex
                    pos.put("grey", t, h)
            pos.s.stage, pos.s.actor, pos.s.legal = 0, 0, None
            legal = set(g._movers(pos.s))
            for p in mine:
                assert (("move", p) in legal) == bool(pos.dests(p)), (zoc, p)
                assert (("march", p) in legal) == bool(pos.dests(p, march=True)), (zoc, p)
