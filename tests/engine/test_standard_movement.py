"""Movement, zones of control and stacking of the standard rules (docs/standard-rules.md cases
5, 6 and 7), on tests/fixtures/standard_mini. Each test is named after the case it proves."""
from __future__ import annotations

import heapq
import itertools
import random
from pathlib import Path

import pytest

from test_standard_position import Pos, content, game

from genkit.engine.rules.standard.state import DEST, PICK
from genkit.model.load import ContentError
from genkit.pack.printable import check_path


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


ROAD = ["0104", "0204", "0304", "0404", "0504", "0604", "0704"]    # the road of the mini map, west to east


def test_std_5_1_the_allowance_is_spent_in_half_points():
    g = game()
    road = rules(g).roads["road"].cost
    assert g.content.map.roads[0].paths[0] == ROAD
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "art", ROAD[0])
    ma = mp(g, "art")
    k = int(ma / road)                              # road steps the whole allowance pays for
    assert road != int(road) and 0 < k < len(ROAD) and k * road == ma
    # k half-point steps spend exactly the allowance: only counting halves gets there
    assert ROAD[k] in pos.dests(p)
    past = [pos.id(j) for j in g.board.neighbours[pos.h(ROAD[k])]
            if j >= 0 and pos.id(j) not in ROAD and cost(g, pos.id(j))]      # off the road, enterable
    assert past and not set(past) & pos.dests(p)   # nothing left for a step beyond
    # straight down column 1 (clear hexes, whole points): as far as the allowance and no farther
    pos = Pos(g, "blue_movement")
    q = pos.put("blue", "inf", "0101")
    assert all(cost(g, f"01{r:02d}") == 1 for r in range(1, 9)) and mp(g, "inf") < 7
    down = {h for h in pos.dests(q) if h.startswith("01")}
    assert down == {f"01{r:02d}" for r in range(2, 2 + mp(g, "inf"))}


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


def _model_edges(c) -> tuple:
    """From the model alone: hex id -> terrain cost (half MP, None: never entered); the features
    and the road cost (half MP) of each edge {a, b}."""
    m, r = c.map, c.rules
    by_code = {t.code: t.move_cost for t in m.terrain}
    terrain = {f"{col + 1:02d}{row + 1:02d}": (None if by_code[ch] is None else 2 * by_code[ch])
               for row, line in enumerate(m.rows) for col, ch in enumerate(line)}
    feats: dict = {}
    for f in m.hexsides:
        for e in f.edges:
            feats.setdefault(frozenset(e.split("/")), []).append(r.get("hexsides", {}).get(f.id, {}))
    road: dict = {}
    for rd in m.roads:
        if rd.id in r.get("roads", {}):
            for path in rd.paths:
                for a, b in itertools.pairwise(path):
                    road[frozenset((a, b))] = 2 * r["roads"][rd.id]["cost"]
    return terrain, feats, road


def _reference(g, s, p) -> set:
    """A plain Dijkstra of cases 5-7 (stop ZOC, stacking in units), written from the rules
    document and the model (content.map and content.rules), not the engine's tables."""
    c = g.content
    terrain, feats, road = _model_edges(c)
    grid, nb = g.board.grid, g.board.neighbours
    ids = {q: grid.id_of(s.loc[q]) for q in range(g.npieces) if s.loc[q] >= 0}
    side, me = g.p_side[p], ids[p]
    enemy = {h for q, h in ids.items() if g.p_side[q] != side}
    friends = [h for q, h in ids.items() if g.p_side[q] == side and q != p]
    utype = next(t for t in c.unit_types if t.id == g.type_ids[g.p_type[p]])

    def around(h):
        return [grid.id_of(j) for j in nb[grid.index_of(h)] if j >= 0]

    def step(a, b):
        fx = feats.get(frozenset((a, b)), [])
        crossing = any(f.get("crossing") for f in fx)
        if terrain[b] is None or (not crossing and any(f.get("impassable") for f in fx)):
            return None
        extra = 0 if crossing else sum(2 * f.get("cross_cost", 0) for f in fx)
        return road.get(frozenset((a, b)), terrain[b]) + extra

    zoc = {j for e in enemy for j in around(e)
           if not any(f.get("blocks_zoc") for f in feats.get(frozenset((e, j)), []))}
    ma = 2 * utype.movement
    best, heap = {me: 0}, [(0, me)]
    while heap:
        spent, h = heapq.heappop(heap)
        if spent > best[h] or (h != me and (h in zoc or (h in friends and not utype.passes_through_friends))):
            continue
        for j in around(h):
            cst = step(h, j)
            if cst is None or j in enemy or spent + cst > ma or spent + cst >= best.get(j, 99):
                continue
            best[j] = spent + cst
            heapq.heappush(heap, (spent + cst, j))
    limit = c.rules["stacking"]["limit"]
    return {h for h in best if h != me and friends.count(h) + 1 <= limit}


def test_std_5_2_destinations_match_a_plain_search_of_the_rules():
    rng = random.Random(5)
    for overrides, n in (((), 30), (("rules.hexsides.river={cross_cost: 1, blocks_zoc: true}",), 15),
                         (("rules.hexsides.river={impassable: true}",), 15)):
        g = game(*overrides)
        assert g.content.rules["stacking"].get("count", "units") == "units"
        hexes = [g.board.grid.id_of(h) for h in range(g.board.n) if g.board.cost[h]]
        for _ in range(n):
            pos = Pos(g, "blue_movement", events=False)
            spots = rng.sample(hexes, 9)
            mine = [pos.put("blue", t, spots[k]) for k, t in enumerate(("inf", "inf", "arm", "art"))]
            for k, t in enumerate(("inf", "inf", "inf", "arm", "art")):
                pos.put("grey", t, spots[4 + k])
            for p in mine:
                assert pos.dests(p) == _reference(g, pos.s, p), (overrides, pos.id(pos.s.loc[p]))


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


def test_std_5_3_a_half_point_road_takes_a_unit_farther_than_the_terrain():
    g = game()
    road, ma = rules(g).roads["road"].cost, mp(g, "inf")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", ROAD[0])
    end = ROAD[-1]
    cheapest = min(t.move_cost for t in g.content.map.terrain if t.move_cost)
    off_road = g.board.distance(pos.h(ROAD[0]), pos.h(end)) * cheapest
    assert off_road > ma >= road * (len(ROAD) - 1)  # the terrain alone never gets there, the road does
    assert end in pos.dests(p)
    whole = game("rules.roads={road: {cost: 1}}")  # the same road at a whole point a hex
    pos2 = Pos(whole, "blue_movement")
    p2 = pos2.put("blue", "inf", ROAD[0])
    assert (len(ROAD) - 1) * 1 > ma and end not in pos2.dests(p2)


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
    mult, m = g.section.strategic.multiplier, mp(g, "inf")
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0101")
    pos.put("grey", "inf", "1008")
    assert all(cost(g, f"01{r:02d}") == 1 for r in range(1, 9))       # column 1: clear
    k = min(m * mult, 7)                            # hexes down column 1 the march allowance pays for
    assert k > m
    far = pos.dests(p, march=True)
    target = f"01{1 + k:02d}"
    assert far > pos.dests(p)
    assert target in far and target not in pos.dests(p)        # beyond the plain allowance
    pos.start()
    assert ("march", p) in pos.legal()
    pos.act("march", p).act("to", pos.h(target))
    assert (pos.s.marched >> p) & 1


def test_std_5_6_a_march_keeps_its_distance_from_the_enemy():
    g = game(rules={"strategic": STRAT})
    keep = g.section.strategic.enemy_distance
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0101")
    e = pos.put("grey", "inf", "0105")
    d = g.board.distance
    assert d(pos.s.loc[p], pos.s.loc[e]) > keep
    march = pos.dests(p, march=True)
    assert march and all(d(pos.h(h), pos.s.loc[e]) > keep for h in march)
    near = {h for h in pos.dests(p) if d(pos.h(h), pos.s.loc[e]) <= keep}
    assert near and not near & march                # a plain move may go there, a march may not
    q = pos.put("blue", "inf", "0103")            # starts within the distance: no march at all
    assert d(pos.s.loc[q], pos.s.loc[e]) <= keep and pos.dests(q, march=True) == set()


def test_std_5_6_a_march_may_not_pass_through_the_enemys_distance():
    # 0101 -> 0201 -> 0301: the only way to 0301 on two clear hexes of march
    g = game("unit_types.inf.movement=1", "rules.movement={zoc: none}",
             rules={"strategic": {"multiplier": 2, "enemy_distance": 2}})
    keep, allowance = g.section.strategic.enemy_distance, mp(g, "inf") * g.section.strategic.multiplier
    start, mid, end = "0101", "0201", "0301"
    assert allowance == cost(g, mid) + cost(g, end) and all(cost(g, h) >= 1 for h in (mid, end))
    b = g.board
    assert [j for j in b.neighbours[b.grid.index_of(start)] if b.grid.index_of(end) in b.neighbours[j]] \
        == [b.grid.index_of(mid)]
    for enemy, blocked in (("0203", True), ("0204", False)):
        pos = Pos(g, "blue_movement")
        p = pos.put("blue", "inf", start)
        e = pos.put("grey", "inf", enemy)
        d = {h: b.distance(pos.h(h), pos.s.loc[e]) for h in (start, mid, end)}
        assert d[start] > keep and d[end] > keep            # start and end both keep their distance
        assert (d[mid] <= keep) == blocked                  # the way between is near only when blocked
        assert (end in pos.dests(p, march=True)) != blocked
        assert end not in pos.dests(p)                      # beyond the plain allowance


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


def _farthest(*overrides: str) -> int:
    g = game(*overrides)
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0901")
    pos.put("grey", "inf", "0108")
    pos.start()
    return max(g.board.distance(pos.h("0901"), pos.h(d)) for d in pos.dests(p))


def test_std_1_2_terrain_may_cost_half_a_point():
    """Clear at half a point a hex takes an infantry farther than clear at one point."""
    clear = next(t for t in content().map.terrain if t.id == "clear")
    assert clear.move_cost == 1 and isinstance(clear.move_cost, int)     # whole costs stay whole
    halved = content("map.terrain.clear.move_cost=0.5")
    assert next(t for t in halved.map.terrain if t.id == "clear").move_cost == 0.5
    assert _farthest("map.terrain.clear.move_cost=0.5") > _farthest()


def test_std_1_2_a_cost_that_is_not_a_half_is_refused_and_whole_rules_refuse_halves():
    with pytest.raises(ContentError) as exc:
        content("map.terrain.clear.move_cost=0.3")
    assert "map.terrain.clear.move_cost" in str(exc.value)
    bering = Path(__file__).resolve().parents[2] / "content" / "bering_land"
    found = [f for f in check_path(bering, ["map.terrain.0.move_cost=0.5"]) if f.severity == "error"]
    assert [f.code for f in found] == ["rules-limit"] and "whole movement points" in found[0].message
