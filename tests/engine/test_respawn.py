"""10.0 respawning: steps, placement (10.1), declining (10.2), combining (10.3)."""
from engine_helpers import Pos, bering, open_map

from genkit.engine import rules_for
from genkit.engine.rules.bering_land import PASS
from genkit.engine.state import ELIMINATED, REMOVED, RESERVE


def col(hex_id):
    return int(hex_id[:2])


def placement(pos, side="us"):
    return {pos.hid(h) for h in pos.g._placement_hexes(pos.s, pos.side(side))}


def neighbours(pos, hex_id):
    return {pos.hid(j) for j in pos.g.board.adjacent[pos.h(hex_id)]}


def own_half(c, side, hex_id):
    """10.1: the side of the half-way line that holds the side's base."""
    line = c.map.line('halfway').at
    low = col(c.map.owned_places(side)[0].hex) < line
    return col(hex_id) < line if low else col(hex_id) > line


def test_10_0_steps_come_from_the_turn_track():
    c = open_map()
    for turn in (1, 2):
        pos = Pos(c, "respawn", turn=turn)
        pos.add("us", "inf", "0302")
        steps = c.turn_value("replacements", turn, "us")
        assert pos.s.steps_left == steps
        assert (pos.legal() == [PASS]) == (steps == 0)


def test_10_1_respawn_next_to_friend_on_own_half():
    c = open_map()
    pos = Pos(c, "respawn")
    anchor = f"{c.map.line('halfway').at - 1:02d}02"                   # next to the half-way line
    pos.add("us", "inf", anchor)
    expected = {h for h in neighbours(pos, anchor) if own_half(c, "us", h)}
    assert placement(pos) == expected
    assert any(col(h) == c.map.line('halfway').at for h in neighbours(pos, anchor))   # the line itself is excluded
    acts = pos.legal()
    place = next(a for a in acts if a[0] == "place")
    pos.apply(place)
    assert {pos.hid(a[1]) for a in pos.g.legal_actions(pos.s)} == expected
    target = sorted(expected)[0]
    pos.apply(("at", pos.h(target)))
    assert pos.s.loc[place[1]] == pos.h(target) and pos.s.reduced[place[1]] == 0


def test_10_1_1_never_next_to_enemy():
    c = open_map()
    pos = Pos(c, "respawn")
    pos.add("us", "inf", "0303")
    enemy = pos.add("ru", "inf", "0305")
    got = placement(pos)
    assert got
    assert not got & neighbours(pos, pos.hid(pos.s.loc[enemy]))
    assert got == {h for h in neighbours(pos, "0303")
                   if own_half(c, "us", h) and h not in neighbours(pos, "0305") and h != "0305"}


def test_10_1_2_unit_on_the_halfway_line_anchors_placement():
    c = open_map()
    pos = Pos(c, "respawn")
    on_line = f"{c.map.line('halfway').at:02d}03"
    pos.add("us", "inf", on_line)
    got = placement(pos)
    assert got and got == {h for h in neighbours(pos, on_line) if own_half(c, "us", h)}


def test_10_1_all_units_beyond_the_line_place_next_to_the_one_closest_to_base():
    c = open_map()
    pos = Pos(c, "respawn")
    near = pos.add("us", "inf", f"{c.map.line('halfway').at + 1:02d}02")
    pos.add("us", "inf", f"{c.map.line('halfway').at + 3:02d}05")
    b = pos.g.board
    base = pos.g.base[pos.side("us")]
    d = {p: b.distance(pos.s.loc[p], base) for p in (near,)}
    assert d[near] < b.distance(pos.h(f"{c.map.line('halfway').at + 3:02d}05"), base)
    got = placement(pos)
    assert got == {h for h in neighbours(pos, pos.hid(pos.s.loc[near]))}
    assert any(not own_half(c, "us", h) for h in got)       # any half when everything is beyond


def test_10_2_declining_is_legal_and_steps_are_lost():
    c = open_map()
    pos = Pos(c, "respawn")
    pos.add("us", "inf", "0302")
    pos.add("ru", "inf", "0805")
    assert pos.s.steps_left == c.turn_value("replacements", 2, "us") > 0
    pos.apply(PASS)
    assert pos.s.actor == pos.side("ru") or pos.g.phase_ids[pos.s.phase] != "respawn"
    # 10.2: the declined steps are gone; next turn's respawn gives only that turn's steps
    while not (pos.g.phase_ids[pos.s.phase] == "respawn" and pos.s.turn == 3 and pos.s.actor == pos.side("us")):
        pos.apply(PASS if PASS in pos.legal() else pos.legal()[0])
    assert pos.s.steps_left == c.turn_value("replacements", 3, "us")


def test_10_0_flip_a_reduced_unit():
    c = open_map()
    pos = Pos(c, "respawn")
    p = pos.add("us", "hvy_inf", "0302", reduced=True)
    pos.add("ru", "inf", "0805")
    assert ("flip", p) in pos.legal()
    pos.apply(("flip", p))
    assert pos.s.reduced[p] == 0


def test_10_0_place_eliminated_unit_full_strength():
    c = open_map()
    pos = Pos(c, "respawn")
    pos.add("us", "inf", "0302")
    dead = pos.off("us", "hvy_mobile", ELIMINATED, lost=c.unit_type("hvy_mobile").strength.reduced)
    place = next(a for a in pos.legal() if a[0] == "place" and pos.g.p_type[a[1]] == pos.g.p_type[dead])
    pos.apply(place)
    hexes = [a for a in pos.legal() if a[0] == "at"]
    assert hexes, "a placed unit needs a hex"
    pos.apply(hexes[0])
    piece = place[1]
    assert pos.s.loc[piece] == hexes[0][1] and pos.s.reduced[piece] == 0  # on the map, full strength


def _strong_and_parts(c):
    """A type T and a cheaper type U: k >= 2 full-strength U (all in the us mix) reach T's full strength."""
    count = {}
    for g in c.counters.units:
        if g.side == "us":
            count[g.type] = count.get(g.type, 0) + g.reserve + len(g.setup)
    options = []
    for t in c.unit_types:
        for u in c.unit_types:
            if 0 < u.strength.full < t.strength.full:
                k = -(-t.strength.full // u.strength.full)
                if 2 <= k <= count.get(u.id, 0):
                    options.append((k, t.id, u.id))
    assert options, "no combination possible in this model"
    k, t, u = min(options)
    return c.unit_type(t), c.unit_type(u), k


def test_10_3_combining():
    c = open_map()
    t, u, k = _strong_and_parts(c)
    n_u = sum(g.reserve + len(g.setup) for g in c.counters.units if g.side == "us" and g.type == u.id)
    assert n_u >= k
    pos = Pos(c, "respawn")
    pos.add("us", "inf", "0302") if u.id != "inf" else pos.add("us", t.id, "0302")
    parts = [pos.off("us", u.id, ELIMINATED, lost=u.strength.full) for _ in range(k)]
    combos = [a for a in pos.legal() if a[0] == "combine" and pos.g.p_type[a[1]] == pos.g.type_index[t.id]]
    assert combos
    act = next(a for a in combos if set(a[2]) == set(parts))
    pos.apply(act)
    pos.apply(pos.g.legal_actions(pos.s)[0])
    new = act[1]
    assert pos.s.loc[new] >= 0 and pos.s.reduced[new] == 0
    assert all(pos.s.loc[p] == REMOVED for p in parts)


def test_10_3_1_reserve_units_are_not_combined():
    c = open_map()
    t, u, k = _strong_and_parts(c)
    pos = Pos(c, "respawn")
    pos.add("us", "inf", "0302") if u.id != "inf" else pos.add("us", t.id, "0302")
    pos.off("us", u.id, ELIMINATED, lost=u.strength.full)
    # the other pieces of type u stay in reserve: no combination may use them
    for a in pos.legal():
        if a[0] == "combine":
            assert all(pos.s.loc[p] == ELIMINATED for p in a[2])
    assert not any(a[0] == "combine" and pos.g.p_type[a[1]] == pos.g.type_index[t.id]
                   and sum(pos.s.loc[p] == ELIMINATED for p in a[2]) < k for a in pos.legal())
    assert pos.s.loc[next(p for p in pos.g.side_pieces[0] if pos.g.p_type[p] == pos.g.type_index[u.id]
                          and pos.s.loc[p] == RESERVE)] == RESERVE


def test_10_3_counts_strength_when_lost_or_full():
    lost_c = open_map()
    assert rules_for(lost_c).section.options.combine_counts == "strength_when_lost"
    t, u, k = _strong_and_parts(lost_c)
    for content, expect in ((lost_c, u.strength.reduced * k >= t.strength.full),
                            (open_map(extra=("rules.options.combine_counts=full",)), True)):
        pos = Pos(content, "respawn")
        pos.add("us", t.id, "0302")
        parts = [pos.off("us", u.id, ELIMINATED, lost=u.strength.reduced) for _ in range(k)]
        found = any(a[0] == "combine" and set(a[2]) <= set(parts) and pos.g.p_type[a[1]] == pos.g.type_index[t.id]
                    for a in pos.legal())
        assert found == expect


def test_10_3_two_reduced_light_heavies_make_a_heavy():
    """10.3's example: "a heavy unit of 4" from "2 half strength Light Heavy units"."""
    c = bering()
    heavy, light = c.unit_type("hvy_mobile"), c.unit_type("lt_mobile")
    assert light.strength.full >= heavy.strength.full == 2 * light.strength.reduced
    pos = Pos(c, "respawn")
    anchor = c.counters.units[0].setup[0]                   # an American set-up hex
    pos.add("us", "inf", anchor)
    parts = tuple(sorted(pos.off("us", light.id, ELIMINATED, lost=light.strength.reduced) for _ in range(2)))
    g = pos.g
    new = min(p for p in g.side_pieces[pos.side("us")]
              if g.p_type[p] == g.type_index[heavy.id] and pos.s.loc[p] == RESERVE)
    assert ("combine", new, parts) in pos.legal()
    pos.apply(("combine", new, parts))
    pos.apply(pos.g.legal_actions(pos.s)[0])
    assert pos.s.loc[new] >= 0 and pos.s.reduced[new] == 0
    assert all(pos.s.loc[p] == REMOVED for p in parts)


def test_10_3_a_unit_lost_at_full_strength_is_not_lower():
    c = bering()
    heavy, light = c.unit_type("hvy_mobile"), c.unit_type("lt_mobile")
    pos = Pos(c, "respawn")
    pos.add("us", "inf", c.counters.units[0].setup[0])
    pos.off("us", light.id, ELIMINATED, lost=light.strength.full)
    pos.off("us", light.id, ELIMINATED, lost=light.strength.reduced)
    assert light.strength.full >= heavy.strength.full
    assert not any(a[0] == "combine" for a in pos.legal())
