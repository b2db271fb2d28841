"""8.0 movement and 7.1 zones of control, on small fixture maps (numbers from the model)."""
from engine_helpers import Pos, bering, open_map, terrain_code, tundra_code

from genkit.hexes import turn_cost

T = tundra_code()
W = terrain_code(lambda t: t.move_cost is None)          # impassable, does not matter which


def corridor(extra_row3: str = W * 9):
    """Row 02 is open ground, everything else impassable (except what row 03 opens)."""
    return open_map(W * 9, T * 9, extra_row3, W * 9, W * 9, W * 9)


def ground_cost(content):
    return next(t.move_cost for t in content.map.terrain if t.code == T)


def type_where(content, pred):
    return next(t for t in content.unit_types if pred(t))


def test_8_1_1_cannot_enter_enemy_hex():
    c = corridor()
    ut = type_where(c, lambda t: t.passes_through_friends and not t.facing)
    pos = Pos(c, "us_movement")
    p = pos.add("us", ut.id, "0102")
    pos.add("ru", ut.id, "0202")
    assert pos.dests(p) == set()                      # the only way on is through the enemy
    assert ("move", p) not in pos.legal()


def test_8_1_1_enemy_hex_never_a_destination_on_open_ground():
    c = open_map()
    ut = type_where(c, lambda t: t.passes_through_friends and not t.facing)
    pos = Pos(c, "us_movement")
    p = pos.add("us", ut.id, "0303")
    e = pos.add("ru", ut.id, "0304")
    assert pos.hid(pos.s.loc[e]) not in pos.dest_hexes(p)


def test_8_1_2_infantry_passes_through_friend_but_cannot_stop():
    c = corridor()
    ut = type_where(c, lambda t: t.passes_through_friends and not t.facing)
    cost = ground_cost(c)
    assert 2 * cost <= ut.movement
    pos = Pos(c, "us_movement")
    p = pos.add("us", ut.id, "0102")
    pos.add("us", ut.id, "0202")
    reach = min(ut.movement // cost, 8)
    expected = {f"{1 + k:02d}02" for k in range(2, reach + 1)}
    assert pos.dest_hexes(p) == expected
    assert "0202" not in pos.dest_hexes(p)


def test_8_1_2_vehicle_cannot_enter_friend_hex():
    c = corridor()
    foot = type_where(c, lambda t: t.passes_through_friends)
    veh = type_where(c, lambda t: not t.passes_through_friends)
    pos = Pos(c, "us_movement")
    p = pos.add("us", veh.id, "0102")
    pos.add("us", foot.id, "0202")
    assert pos.dest_hexes(p) <= {"0102"}              # at most turning in place


def test_8_2_entering_ezoc_ends_movement():
    c = corridor(W * 2 + T + W * 6)                   # 0303 open: an enemy there watches 0202, 0302, 0402
    ut = type_where(c, lambda t: not t.facing)
    cost = ground_cost(c)
    assert 2 * cost <= ut.movement
    pos = Pos(c, "us_movement")
    p = pos.add("us", ut.id, "0102")
    free = pos.dest_hexes(p)
    assert "0302" in free                             # reachable without the enemy
    pos.add("ru", ut.id, "0303")
    assert pos.dest_hexes(p) == {"0202"}


def test_7_1_leaving_ezoc_is_free():
    c = corridor(W * 4 + T + W * 4)                   # enemy at 0503 watches 0402, 0502, 0602
    ut = type_where(c, lambda t: not t.facing)
    cost = ground_cost(c)
    pos = Pos(c, "us_movement")
    p = pos.add("us", ut.id, "0402")
    pos.add("ru", ut.id, "0503")
    steps = min(ut.movement // cost, 3)
    assert steps >= 1
    left = {f"{4 - k:02d}02" for k in range(1, steps + 1)}
    assert pos.dest_hexes(p) == left | {"0502"}       # away at full allowance, toward: stops on entry


def test_8_3_movement_points_limit_the_move():
    c = corridor()
    ut = type_where(c, lambda t: not t.facing)
    cost = ground_cost(c)
    pos = Pos(c, "us_movement")
    p = pos.add("us", ut.id, "0102")
    far = max(int(h[:2]) for h in pos.dest_hexes(p))
    assert far - 1 == min(ut.movement // cost, 8)


def test_8_4_turning_costs_movement():
    c = open_map(*([W + T + W * 7] * 6))              # column 02 is a straight corridor (direction 3 = down)
    ut = type_where(c, lambda t: t.facing and t.turn_cost > 0)
    cost = ground_cost(c)
    rows = c.map.grid.rows
    pos = Pos(c, "us_movement")
    p = pos.add("us", ut.id, "0201", facing=3)
    d = pos.dests(p)
    ahead = min(ut.movement // cost, rows - 1)
    assert max(int(h[2:]) for h, f in d if f == 3) == 1 + ahead
    # facing up (away from the corridor): three 60-degree turns first
    pos2 = Pos(c, "us_movement")
    q = pos2.add("us", ut.id, "0201", facing=0)
    d2 = pos2.dests(q)
    left = ut.movement - turn_cost(0, 3) * ut.turn_cost
    assert max((int(h[2:]) for h, f in d2 if f == 3), default=1) == 1 + min(max(left, 0) // cost, rows - 1)
    # turning in place is a move, paid per 60 degrees
    for f in range(6):
        assert (("0201", f) in d) == (f != 3 and turn_cost(3, f) * ut.turn_cost <= ut.movement)


def test_8_4_facing_unit_only_steps_into_faced_hex():
    c = open_map()
    ut = type_where(c, lambda t: t.facing and t.turn_cost > 0)
    cost = ground_cost(c)
    pos = Pos(c, "us_movement")
    start = pos.h("0303")
    p = pos.add("us", ut.id, "0303", facing=0)
    g = pos.g
    for h, f in g.destinations(pos.s, p):
        if g.board.distance(h, start) == 1:
            d = g.board.neighbours[start].index(h)
            # to step there it had to face it first, then it may turn again
            assert turn_cost(0, d) * ut.turn_cost + cost + turn_cost(d, f) * ut.turn_cost <= ut.movement
    ahead = g.board.neighbours[start][0]
    assert (pos.hid(ahead), 0) in pos.dests(p)


def test_8_0_one_unit_moves_per_phase():
    c = open_map()
    pos = Pos(c, "us_movement")
    a = pos.add("us", "inf", "0102")
    pos.add("us", "inf", "0106")
    pos.add("ru", "inf", "0906")
    pos.apply(("move", a))
    pos.apply(pos.g.legal_actions(pos.s)[0])
    assert pos.g.phase_ids[pos.s.phase] != "us_movement"


def test_8_0_setup_faces_enemy_base():
    c = bering()
    from genkit.engine import rules_for
    g = rules_for(c)
    s = g.initial_state(0)
    b = g.board
    for p in range(g.npieces):
        if s.loc[p] >= 0:
            enemy_base = g.base[1 - g.p_side[p]]
            nb = b.neighbours[s.loc[p]][s.facing[p]]
            if nb >= 0:
                # the faced neighbour is no farther from the enemy base than the unit itself
                assert b.distance(nb, enemy_base) <= b.distance(s.loc[p], enemy_base)
