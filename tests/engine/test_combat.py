"""9.0 combat: lead, targets, joiners, LOS, CRT columns and results (numbers from the model)."""
import pytest
from engine_helpers import (
    Pos,
    bering,
    face_for,
    open_map,
    terrain_code,
    tundra_code,
    with_spectators,
)

from genkit.engine import events as ev
from genkit.engine import rules_for
from genkit.engine.crt import AUTO_MISS, CrtTable, EFFECT_ELIMINATE, EFFECT_NONE, EFFECT_STEP
from genkit.engine.rules.bering_land.state import S_JOIN
from genkit.engine.state import ELIMINATED

T = tundra_code()


def battles(pos):
    return [a for a in pos.legal() if a[0] == "battle"]


def longest(c):
    return max(c.unit_types, key=lambda t: (t.attack_distance["secondary"], t.strength.full))


def test_9_0_los_blocked_only_when_both_edge_hexes_occupied():
    c = open_map()
    ut = longest(c)
    pos = Pos(c, "us_combat")
    g, b = pos.g, pos.g.board
    # a pair two hexes apart whose line runs along the edge between two hexes
    pair = None
    for a in range(b.n):
        for z in b.within(a, 2):
            if b.distance(a, z) == 2:
                l1, l2 = b.grid.los_lines(a, z)
                if l1 != l2 and min(b.grid.col_row(a)[0], b.grid.col_row(z)[0]) > 1:
                    pair = (a, z, l1[0], l2[0])
                    break
        if pair:
            break
    a, z, x, y = pair
    lead = pos.add("us", ut.id, pos.hid(a))
    tgt = pos.add("ru", "inf", pos.hid(z))
    assert ("battle", lead, tgt) in battles(pos)
    blocker = pos.add("ru", "inf", pos.hid(x))
    assert ("battle", lead, tgt) in battles(pos)          # one side of the edge blocked: still open
    g.put(pos.s, blocker, -1)
    pos.add("us", "inf", pos.hid(y))
    assert ("battle", lead, tgt) in battles(pos)
    pos.add("ru", "inf", pos.hid(x))
    assert ("battle", lead, tgt) not in battles(pos)      # both sides blocked (friend and foe alike)


def test_9_0_los_blocked_by_hills():
    c0 = open_map()
    ut = longest(c0)
    d = min(ut.attack_distance["secondary"], c0.map.grid.rows - 1)
    assert d >= 2
    hill = terrain_code(lambda t: t.blocks_los)
    rows = [T * 9] * 6
    rows[1] = T + hill + T * 7                              # hex 0202 blocks
    for content, open_los in ((c0, True), (open_map(*rows), False)):
        pos = Pos(content, "us_combat")
        lead = pos.add("us", ut.id, "0201")
        tgt = pos.add("ru", "inf", f"02{1 + d:02d}")
        assert (("battle", lead, tgt) in battles(pos)) == open_los


def test_9_0_targets_within_lead_secondary_distance():
    c = open_map()
    ut = longest(c)
    d = ut.attack_distance["secondary"]
    assert d + 1 <= c.map.grid.rows - 1
    pos = Pos(c, "us_combat")
    pos.add("us", ut.id, "0201")
    near = pos.add("ru", "inf", f"02{1 + d:02d}")
    pos.add("ru", "inf", f"02{2 + d:02d}")
    assert [a[2] for a in battles(pos)] == [near]


def test_9_0_attack_type_from_lead_distance():
    c = open_map()
    ut = longest(c)
    prim, sec = ut.attack_distance["primary"], ut.attack_distance["secondary"]
    for d in range(1, sec + 1):
        pos = Pos(c, "us_combat")
        g = pos.g
        lead = pos.add("us", ut.id, "0201")
        tgt = pos.add("ru", "inf", f"02{1 + d:02d}")
        joiner = pos.add("us", "inf", f"02{d:02d}") if d >= 2 else None   # a joiner next to the target
        attackers = (lead,) if joiner is None else (lead, joiner)
        _, _, ti = g.battle_column(pos.s, lead, attackers, tgt)
        assert ti == (g.prim_idx if d <= prim else g.sec_idx)


def test_9_1_differential_above_highest_uses_last_column():
    crt = CrtTable(open_map().crt)
    assert crt.column(crt.highest) == crt.top
    assert crt.column(crt.highest + 5) == crt.top


def _open_triangle(pos):
    """Three mutually adjacent passable hexes of the real map that block no line of sight."""
    b = pos.g.board
    ok = [h for h in range(b.n) if b.cost[h] and not b.blocks[h]]
    for a in ok:
        for t in b.adjacent[a]:
            if t in ok:
                j = next((j for j in b.adjacent[t] if j in ok and j in b.adjacent[a]), None)
                if j is not None:
                    return pos.hid(a), pos.hid(t), pos.hid(j)
    raise AssertionError("no open triangle on the map")


def test_9_1_above_highest_column_uses_last_row(dice):
    """9.1: above +6 the last row printed (+6 Secondary) is read, even by a Primary attack."""
    c = bering()
    crt = CrtTable(c.crt)
    top = crt.top
    last = len(crt.type_names) - 1
    # a die face where the last row and the highest column's Primary row differ
    face = next(f for f in range(1, crt.faces + 1)
                if crt.result(top, last, f) == EFFECT_ELIMINATE and crt.result(top, 0, f) == EFFECT_STEP)
    pos = Pos(c, "us_combat")
    g = pos.g
    lead_hex, tgt_hex, join_hex = _open_triangle(pos)
    lead = pos.add("us", "hvy_mobile", lead_hex)
    joiner = pos.add("us", "lt_mobile", join_hex)
    tgt = pos.add("ru", "inf", tgt_hex)
    pos.s.moved = lead
    diff, col, row = g.battle_column(pos.s, lead, (lead, joiner), tgt)
    assert diff > crt.highest and col == top and row == last
    assert g.board.distance(pos.s.loc[lead], pos.s.loc[tgt]) <= g.t_prim[g.p_type[lead]]   # a Primary attack
    events = pos.s.events = []
    dice(face)
    pos.apply(("battle", lead, tgt))
    pos.apply(("join", joiner))
    assert pos.s.loc[tgt] == ELIMINATED                    # K; the +6 Primary row gives only L
    battle = next(e for e in events if e.kind == ev.BATTLE)
    assert (battle.attack_type, battle.column, battle.face, battle.result) == (c.crt.attack_types[last], crt.highest,
                                                                              face, "K")
    old = Pos(open_map(extra=("crt.above_highest=use_highest",)), "us_combat")
    lead = old.add("us", "hvy_mobile", "0303")
    joiner = old.add("us", "lt_mobile", "0403")
    tgt = old.add("ru", "inf", "0304")
    assert old.g.battle_column(old.s, lead, (lead, joiner), tgt)[1:] == (top, old.g.prim_idx)


def test_9_0_between_columns_rounds_down():
    c = open_map()
    assert c.crt.between_columns == "round_down"
    crt = CrtTable(c.crt)
    gaps = [(k, a, b) for k, (a, b) in enumerate(zip(crt.differentials, crt.differentials[1:])) if b - a > 1]
    assert gaps
    for k, a, b in gaps:
        for d in range(a, b):
            assert crt.column(d) == k
    up = CrtTable(open_map(extra=("crt.between_columns=round_up",)).crt)
    for k, a, b in gaps:
        assert up.column(a + 1) == k + 1


def _weak_vs_strong(c):
    weakest = min(c.unit_types, key=lambda t: t.strength.reduced)
    strongest = max(c.unit_types, key=lambda t: t.strength.full)
    diff = weakest.strength.reduced - strongest.strength.full
    lowest = min(col.differential for col in c.crt.columns)
    if diff >= lowest:
        pytest.skip("no battle falls below the lowest column")
    return weakest, strongest


def test_9_0_below_lowest_forbidden_battle_not_listed():
    c = open_map()
    assert c.crt.below_lowest == "forbidden"
    weak, strong = _weak_vs_strong(c)
    pos = Pos(c, "us_combat")
    lead = pos.add("us", weak.id, "0303", reduced=True)
    tgt = pos.add("ru", strong.id, "0304")
    assert ("battle", lead, tgt) not in battles(pos)
    pos2 = Pos(open_map(extra=("crt.below_lowest=use_lowest",)), "us_combat")
    lead = pos2.add("us", weak.id, "0303", reduced=True)
    tgt = pos2.add("ru", strong.id, "0304")
    assert ("battle", lead, tgt) in battles(pos2)


def test_9_0_below_lowest_miss_needs_no_roll(dice):
    c = open_map(extra=("crt.below_lowest=miss",))
    weak, strong = _weak_vs_strong(c)
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    lead = pos.add("us", weak.id, "0303", reduced=True)
    tgt = pos.add("ru", strong.id, "0304")
    assert pos.g.crt.column(pos.g.battle_column(pos.s, lead, (lead,), tgt)[0]) == AUTO_MISS
    rolled = dice()
    pos.apply(("battle", lead, tgt))
    assert rolled == [] and pos.s.loc[tgt] == pos.h("0304")


def test_9_0_joiner_needed_for_a_legal_battle_cannot_skip(dice):
    c = open_map()
    weak, strong = _weak_vs_strong(c)
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    lead = pos.add("us", weak.id, "0303", reduced=True)
    tgt = pos.add("ru", strong.id, "0304")
    helper = pos.add("us", strong.id, "0305")
    assert ("battle", lead, tgt) in battles(pos)
    dice(*range(1, 2))
    pos.apply(("battle", lead, tgt))                       # the only choice, join, is taken at once
    assert pos.s.stage != S_JOIN
    assert (pos.s.attacked >> helper) & 1


def test_9_0_joiners_in_range_with_los_and_adjacent_option():
    for option, expect_far in (("in_range", True), ("adjacent_to_lead", False)):
        c = open_map(extra=(f"rules.options.battle_joiners={option}",))
        ut = longest(c)
        pos = Pos(c, "us_combat")
        lead = pos.add("us", "inf", "0303")
        tgt = pos.add("ru", "inf", "0304")
        near = pos.add("us", "inf", "0203")                # next to the lead, target in range
        far = pos.add("us", ut.id, "0306")                 # not next to the lead, target in its range
        out = pos.add("us", "inf", "0101")                 # target out of its range
        joiners = pos.g._joiners(pos.s, lead, tgt, pos.side("us"))
        assert near in joiners and out not in joiners
        assert (far in joiners) == expect_far


def test_4_0_no_battle_without_a_moved_unit():
    """4.0 phases 3 and 5: the unit that moved leads; nobody moved, nobody fights."""
    c = bering()
    assert rules_for(c).section.options.lead_without_move is False
    pos = Pos(c, "us_combat")
    lead_hex, tgt_hex, other_hex = _open_triangle(pos)
    a = pos.add("us", "inf", lead_hex)
    b = pos.add("us", "inf", other_hex)
    tgt = pos.add("ru", "inf", tgt_hex)
    assert battles(pos) == [] and pos.legal() == [("pass",)]
    pos.s.moved = b
    assert battles(pos) == [("battle", b, tgt)]
    assert a != b


def test_9_0_lead_without_move_option_lets_any_unit_lead():
    pos = Pos(open_map(extra=("rules.options.lead_without_move=true",)), "us_combat")
    a = pos.add("us", "inf", "0303")
    b = pos.add("us", "inf", "0305")
    pos.add("ru", "inf", "0304")
    assert {x[1] for x in battles(pos)} == {a, b}          # nobody moved: any unit may lead
    pos.s.moved = b
    assert {x[1] for x in battles(pos)} == {b}


def test_9_0_one_battle_per_phase_each_unit_once(dice):
    c = open_map()
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    g = pos.g
    lead = pos.add("us", "hvy_mobile", "0303")
    t1 = pos.add("ru", "hvy_mobile", "0304")
    pos.add("ru", "hvy_mobile", "0403")
    diff, col, ti = g.battle_column(pos.s, lead, (lead,), t1)
    dice(face_for(g, diff, ti, EFFECT_NONE))
    pos.apply(("battle", lead, t1))
    assert (pos.s.attacked >> lead) & 1 and (pos.s.defended >> t1) & 1
    assert pos.g.phase_ids[pos.s.phase] != "us_combat" or battles(pos) == []


def test_9_2_loss_flips_then_eliminates(dice):
    c = open_map()
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    g = pos.g
    lead = pos.add("us", "hvy_mobile", "0303")
    tgt = pos.add("ru", "hvy_mobile", "0304")
    diff, col, ti = g.battle_column(pos.s, lead, (lead,), tgt)
    dice(face_for(g, diff, ti, EFFECT_STEP))
    pos.apply(("battle", lead, tgt))
    assert pos.s.loc[tgt] == pos.h("0304") and pos.s.reduced[tgt] == 1
    pos.phase("us_combat")
    diff, col, ti = g.battle_column(pos.s, lead, (lead,), tgt)
    dice(face_for(g, diff, ti, EFFECT_STEP))
    pos.apply(("battle", lead, tgt))
    assert pos.s.loc[tgt] == ELIMINATED
    assert pos.s.lost[tgt] == c.unit_type("hvy_mobile").strength.reduced


def test_9_2_kill_eliminates_full_unit(dice):
    c = open_map()
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    g = pos.g
    lead = pos.add("us", "hvy_mobile", "0303")
    tgt = pos.add("ru", "hvy_mobile", "0304")
    diff, col, ti = g.battle_column(pos.s, lead, (lead,), tgt)
    dice(face_for(g, diff, ti, EFFECT_ELIMINATE))
    pos.apply(("battle", lead, tgt))
    assert pos.s.loc[tgt] == ELIMINATED
    assert pos.s.lost[tgt] == c.unit_type("hvy_mobile").strength.full


def test_9_0_stopped_unit_cannot_lead_or_join():
    c = open_map()
    pos = Pos(c, "us_combat")
    a = pos.add("us", "inf", "0303")
    b = pos.add("us", "inf", "0305")
    tgt = pos.add("ru", "inf", "0304")
    pos.s.stopped[b] = pos.s.turn
    assert {x[1] for x in battles(pos)} == {a}
    assert b not in pos.g._joiners(pos.s, a, tgt, pos.side("us"))
