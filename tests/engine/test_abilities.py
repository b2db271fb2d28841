"""11.0 killstreaks, cards and each ability; 4.1.1 reshuffle (numbers from the model)."""

from engine_helpers import Pos, bering, face_for, open_map, with_spectators

from types import SimpleNamespace

from genkit.engine.rules.bering_land.abilities import abilities
from genkit.engine.crt import EFFECT_ELIMINATE, EFFECT_NONE, EFFECT_STEP
from genkit.engine.rules.bering_land.state import S_DRONE, S_JOIN
from genkit.engine.state import ELIMINATED


def ability(c, kind=None, shape=None):
    """The first ability card of the kind and shape, as the rules read it, with its copies."""
    deck = c.play_deck()
    a = next(a for a in abilities(deck)
             if (kind is None or a.effect.kind == kind) and (shape is None or a.target.shape == shape))
    return SimpleNamespace(id=a.id, name=a.name, target=a.target, effect=a.effect,
                           copies=deck.copies_of(deck.card(a.id)))


def hit_face(card_copy, faces=6):
    return sorted(card_copy.roll)[0]


def miss_face(card_copy, faces=6):
    return next(f for f in range(1, faces + 1) if f not in card_copy.roll)


def parity_face(parity, success=True):
    want_even = (parity == "even") == success
    return 2 if want_even else 1


def streak(pos, side, type_id):
    g = pos.g
    return pos.s.streak[pos.side(side) * g.ntypes + g.type_index[type_id]]


def fight(pos, dice, lead, tgt, effect, attackers=None):
    g = pos.g
    diff, col, ti = g.battle_column(pos.s, lead, attackers or (lead,), tgt)
    dice(face_for(g, diff, ti, effect))
    pos.apply(("battle", lead, tgt))


# ------------------------------------------------------------------ killstreaks

def test_11_0_killstreak_advances_resets_and_holds(dice):
    c = open_map()
    hm = c.unit_type("hvy_mobile")
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    lead = pos.add("us", hm.id, "0303")

    def battle(effect):
        pos.phase("us_combat")
        tgt = pos.add("ru", "hvy_mobile", "0304")
        fight(pos, dice, lead, tgt, effect)
        pos.g.put(pos.s, tgt, -1)                        # back to the box for the next battle

    battle(EFFECT_ELIMINATE)
    assert streak(pos, "us", hm.id) == 1
    battle(EFFECT_STEP)                                   # a loss that only flips: no change
    assert streak(pos, "us", hm.id) == 1
    battle(EFFECT_NONE)                                   # a miss: back to 0
    assert streak(pos, "us", hm.id) == 0
    for k in range(pos.g.t_ks[pos.g.type_index[hm.id]]):
        battle(EFFECT_ELIMINATE)
    assert streak(pos, "us", hm.id) == pos.g.t_ks[pos.g.type_index[hm.id]]
    assert pos.s.due[pos.side("us")] == 1
    battle(EFFECT_ELIMINATE)                              # already at the end: holds, one more card
    assert streak(pos, "us", hm.id) == pos.g.t_ks[pos.g.type_index[hm.id]]
    assert pos.s.due[pos.side("us")] == 2


def test_11_6_only_lead_type_advances(dice):
    c = open_map()
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    lead = pos.add("us", "inf", "0303")
    joiner = pos.add("us", "hvy_mobile", "0203")
    tgt = pos.add("ru", "inf", "0304")
    g = pos.g
    diff, col, ti = g.battle_column(pos.s, lead, (lead, joiner), tgt)
    dice(face_for(g, diff, ti, EFFECT_ELIMINATE))
    pos.apply(("battle", lead, tgt))
    assert pos.s.stage == S_JOIN and pos.legal()[0] == ("join", joiner)
    pos.apply(("join", joiner))
    assert pos.s.loc[tgt] == ELIMINATED
    assert streak(pos, "us", "inf") == 1
    assert streak(pos, "us", "hvy_mobile") == 0


def test_11_1_cards_due_are_drawn_in_housekeeping():
    c = open_map()
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    pos.s.due[pos.side("us")] = 2
    deck = len(pos.s.deck)
    pos.phase("housekeeping")
    assert len(pos.s.hands[pos.side("us")]) == 2
    assert pos.s.due == [0, 0]
    assert len(pos.s.deck) + len(pos.s.discard) == deck - 2


def test_11_3_hand_limit():
    c = open_map()
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    us = pos.side("us")
    limit = c.play_deck().hand_limit
    while len(pos.s.hands[us]) < limit:
        pos.s.hands[us].append(pos.s.deck.pop())
    pos.s.due[us] = 1
    pos.phase("housekeeping")
    assert len(pos.s.hands[us]) == limit
    assert len(pos.s.discard) == 1                        # the card due to a full hand is lost


def test_4_1_1_reshuffle():
    c = open_map()
    at = c.play_deck().reshuffle_at
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    s = pos.s
    # everything but at + 1 cards is in the discard pile; one draw brings the deck down to `at`
    keep = at + 1
    s.discard, s.deck = s.deck[:-keep], s.deck[-keep:]
    total = len(s.discard) + len(s.deck)
    s.due[pos.side("us")] = 1
    pos.phase("housekeeping")
    assert len(s.hands[pos.side("us")]) == 1
    assert s.discard == [] and len(s.deck) == total - 1


# ------------------------------------------------------------------ using cards

def _after_battle(pos, dice, lead_type="hvy_mobile", lead_hex="0303", tgt_hex="0304"):
    """A us battle that misses, so a card may follow (the lead is the attacking unit)."""
    lead = pos.add("us", lead_type, lead_hex)
    tgt = pos.add("ru", "hvy_mobile", tgt_hex)
    fight(pos, dice, lead, tgt, EFFECT_NONE)
    return lead, tgt


def test_11_2_cards_need_an_attacking_unit(dice):
    c = open_map()
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    card = pos.give("us", ability(c, shape="hex").id)
    pos.add("ru", "inf", "0505")
    pos.add("us", "inf", "0404")
    assert ("card", card) not in pos.legal()
    pos.g.put(pos.s, pos.s.occ[pos.h("0404")], -1)
    _after_battle(pos, dice)
    assert ("card", card) in pos.legal()
    assert not any(a[0] == "battle" for a in pos.legal())


def test_11_2_predator_missile_targets_and_effect(dice):
    c = open_map()
    pred = ability(c, shape="hex")
    rng = pred.target.range
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    card = pos.give("us", pred.id)
    lead, first = _after_battle(pos, dice, lead_hex="0402", tgt_hex="0403")
    inside = pos.add("ru", "inf", f"04{2 + rng:02d}")
    outside = pos.add("ru", "hvy_inf", f"04{3 + rng:02d}") if 3 + rng <= c.map.grid.rows else None
    pos.apply(("card", card))
    hexes = {pos.hid(a[1]) for a in pos.legal()}
    assert pos.hid(pos.s.loc[inside]) in hexes
    if outside is not None:
        assert pos.hid(pos.s.loc[outside]) not in hexes
    ks = list(pos.s.streak)
    dice(hit_face(pred.copies[0]))
    pos.apply(("hex", pos.s.loc[inside]))
    assert pos.s.loc[inside] == ELIMINATED
    assert pos.s.streak == ks                              # ability kills do not move markers
    assert card in pos.s.discard and pos.s.playing == -1


def test_11_2_failed_roll_does_nothing_but_card_is_used(dice):
    c = open_map()
    pred = ability(c, shape="hex")
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    card = pos.give("us", pred.id)
    lead, tgt = _after_battle(pos, dice)
    dice(miss_face(pred.copies[0]))
    pos.apply(("card", card))                                 # one target only: chosen at once
    assert pos.s.loc[tgt] == pos.h("0304")
    assert card in pos.s.discard


def _beside_the_base(pos, reach):
    """Hexes ``near`` (2 from the Russian base, within ``reach``) and ``mid`` (next to both)."""
    base = pos.content.map.owned_places("ru")[0].hex
    b = pos.g.board
    near = next(pos.hid(h) for h in b.within(pos.h(base), reach)
                if b.distance(h, pos.h(base)) == 2 and pos.s.occ[h] < 0)
    mid = next(pos.hid(h) for h in b.adjacent[pos.h(base)] if b.distance(h, pos.h(near)) == 1
               and pos.s.occ[h] < 0)
    return base, near, mid


def test_11_4_no_predator_target_in_a_base_hex(dice):
    c = open_map()
    pred = ability(c, shape="hex")
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    base, near, mid = _beside_the_base(pos, pred.target.range)
    card = pos.give("us", pred.id)
    lead, tgt = _after_battle(pos, dice, lead_hex=near, tgt_hex=mid)
    pos.add("ru", "hvy_inf", base)
    assert pos.g._eliminate_choices(pos.s, card) == (("hex", pos.h(mid)),)
    pos.g.put(pos.s, tgt, -1)                 # only the unit in its base is left in range
    assert ("card", card) not in pos.legal()  # the card could do nothing: not playable


def test_11_4_base_hex_takes_no_damage(dice):
    c = open_map()
    pave = ability(c, shape="area")
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    base, near, mid = _beside_the_base(pos, 2)
    card = pos.give("us", pave.id)
    lead, tgt = _after_battle(pos, dice, lead_hex=near, tgt_hex=mid)
    in_base = pos.add("ru", "hvy_inf", base)
    pos.apply(("card", card))
    both = next(a for a in pos.legal() if pos.h(base) in a[1] and pos.h(mid) in a[1])
    dice(hit_face(pave.copies[0]))
    pos.apply(both)
    assert pos.s.loc[tgt] == ELIMINATED                    # the area is hit ...
    assert pos.s.loc[in_base] == pos.h(base)               # ... but not the unit in its base


def test_11_2_no_line_or_area_where_the_card_hits_nobody(dice):
    c = open_map()
    strike, pave = ability(c, shape="line"), ability(c, shape="area")
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    cards = [pos.give("us", strike.id), pos.give("us", pave.id)]
    lead, tgt = _after_battle(pos, dice, lead_hex="0401", tgt_hex="0402")
    assert all(("card", k) in pos.legal() for k in cards)
    pos.g.put(pos.s, tgt, -1)                              # no enemy left within their reach
    assert all(pos.g._eliminate_choices(pos.s, k) == () for k in cards)
    assert all(("card", k) not in pos.legal() for k in cards)


def test_11_3_no_target_where_juggernaut_protects_everyone(dice):
    c = open_map()
    pred, jug = ability(c, shape="hex"), ability(c, kind="invulnerable")
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    card = pos.give("us", pred.id)
    lead, tgt = _after_battle(pos, dice)
    foot = pos.add("ru", jug.effect.unit_types[0], "0305")
    pos.s.invuln[pos.side("ru")] = pos.g.a_invuln_mask[pos.g.ability_index[jug.id]]
    assert pos.g._eliminate_choices(pos.s, card) == (("hex", pos.s.loc[tgt]),)
    pos.g.put(pos.s, tgt, -1)
    assert ("card", card) not in pos.legal() and pos.s.loc[foot] >= 0


def test_11_5_air_strike_line_hits_enemies_not_friends(dice):
    c = open_map()
    strike = ability(c, shape="line")
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    card = pos.give("us", strike.id)
    line = pos.g.board.line_from(pos.h("0401"), 3, strike.target.size)
    assert line is not None                                 # straight down column 04
    enemy = pos.add("ru", "inf", pos.hid(line[-1]))
    lead, tgt = _after_battle(pos, dice, lead_hex="0401", tgt_hex="0501")
    friend = pos.add("us", "hvy_inf", pos.hid(line[0]))
    assert pos.g._eliminate_choices(pos.s, card) == (("line", 3),)   # the one line with an enemy
    dice(hit_face(strike.copies[0]))
    pos.apply(("card", card))                                        # one target: taken at once
    assert pos.s.loc[enemy] == ELIMINATED
    assert pos.s.loc[friend] == line[0]


def test_11_2_pave_low_area(dice):
    c = open_map()
    pave = ability(c, shape="area")
    size = pave.target.size
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    card = pos.give("us", pave.id)
    lead, tgt = _after_battle(pos, dice, lead_hex="0303", tgt_hex="0304")
    other = pos.add("ru", "inf", "0305")
    pos.apply(("card", card))
    b = pos.g.board
    areas = [a[1] for a in pos.legal()]
    assert areas
    for hs in areas:
        assert len(set(hs)) == size and pos.h("0303") not in hs
        assert any(b.distance(h, pos.h("0303")) == 1 for h in hs)
        assert any(pos.s.occ[h] >= 0 and pos.g.p_side[pos.s.occ[h]] == pos.side("ru") for h in hs)
        seen, todo = {hs[0]}, [hs[0]]                        # connected
        while todo:
            h = todo.pop()
            for j in b.adjacent[h]:
                if j in hs and j not in seen:
                    seen.add(j)
                    todo.append(j)
        assert seen == set(hs)
    both = next(hs for hs in areas if pos.h("0304") in hs and pos.h("0305") in hs)
    dice(hit_face(pave.copies[0]))
    pos.apply(("area", both))
    assert pos.s.loc[tgt] == ELIMINATED and pos.s.loc[other] == ELIMINATED


def test_11_3_air_drone_stops_units(dice):
    c = open_map()
    drone = ability(c, kind="stop")
    cp = drone.copies[0]
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    a = pos.add("ru", "inf", "0805")
    b2 = pos.add("ru", "hvy_inf", "0802")
    card = pos.give("us", drone.id)
    pos.apply(("card", card))                                 # no attacking unit needed
    assert pos.s.stage == S_DRONE
    dice(hit_face(cp))                                        # printed number: a second pick
    pos.apply(("stop", a))
    assert pos.s.stage == S_DRONE and ("stop", a) not in pos.legal()
    dice(parity_face(cp.parity, success=False))               # parity fails: done
    pos.apply(("stop", b2))
    assert pos.s.stage != S_DRONE or pos.g.phase_ids[pos.s.phase] != "us_combat"
    turn = pos.s.turn
    assert pos.s.stopped[a] == turn and pos.s.stopped[b2] == turn
    pos.phase("ru_movement")
    movers = {x[1] for x in pos.legal() if x[0] == "move"}
    assert a not in movers and b2 not in movers
    pos.phase("ru_combat")
    assert not any(x[0] == "battle" and x[1] in (a, b2) for x in pos.legal())
    pos.phase("housekeeping")
    assert pos.s.stopped[a] == 0


def test_11_3_air_drone_parity_keeps_picking(dice):
    c = open_map()
    drone = ability(c, kind="stop")
    cp = drone.copies[0]
    pos = Pos(c, "us_combat")
    pos.add("us", "inf", "0101")
    units = [pos.add("ru", t, h) for t, h in (("inf", "0805"), ("inf", "0905"), ("hvy_inf", "0802"))]
    # a protected Russian unit that can still move keeps the game waiting in ru_movement
    mover = pos.add("ru", "lt_mobile", "0702")
    pos.s.invuln[pos.side("ru")] = 1 << pos.g.p_type[mover]
    card = pos.give("us", drone.id)
    pos.apply(("card", card))
    dice(hit_face(cp), parity_face(cp.parity, True))
    pos.apply(("stop", units[0]))
    pos.apply(("stop", units[1]))
    # one unit left: the last pick needs no choice and is taken at once; the roll after it
    # finds nobody left, so no further roll is made
    assert pos.g.phase_ids[pos.s.phase] == "ru_movement"
    assert all(pos.s.stopped[u] == pos.s.turn for u in units)
    assert [a for a in pos.legal() if a[0] == "move"] == [("move", mover)]
    assert card in pos.s.discard


def _stopped_markers(c):
    return sum(m.count for m in c.counters.markers if m.id == "stopped")


def _spread(pos, side, n):
    """``n`` units of ``side`` on the Russian half's open hexes, two hexes apart (piece ids)."""
    b = pos.g.board
    free = [h for h in range(b.n) if b.cost[h] and pos.s.occ[h] < 0
            and pos.g.own_half[pos.side("ru")][h] and not pos.g.is_base[h]]
    hexes = []
    for h in free:
        if all(b.distance(h, k) > 1 for k in hexes):
            hexes.append(h)
    types = [t.id for t in pos.content.unit_types]
    return [pos.add(side, types[k % len(types)], pos.hid(h)) for k, h in enumerate(hexes[:n])]


def test_11_3_air_drone_stops_no_more_units_than_stopped_markers(dice):
    c = bering()
    markers = _stopped_markers(c)
    drone = ability(c, kind="stop")
    cp = drone.copies[0]
    pos = Pos(c, "us_combat")
    pos.add("us", "inf", c.counters.units[0].setup[0])
    units = _spread(pos, "ru", markers + 2)
    card = pos.give("us", drone.id)
    pos.apply(("card", card))
    # every roll succeeds; once the markers are all on units, nobody is left to stop and
    # no further roll is made (the dice fixture fails on an unexpected roll)
    dice(hit_face(cp), *[parity_face(cp.parity, True)] * (markers - 2))
    for k in range(markers):
        assert pos.s.stage == S_DRONE and len(pos.legal()) == len(units) - k
        pos.apply(("stop", units[k]))
    assert pos.s.stage != S_DRONE
    assert sum(1 for u in units if pos.s.stopped[u]) == markers
    assert card in pos.s.discard


def test_11_3_air_drone_may_stop_a_marked_unit_again_when_no_marker_is_left(dice):
    c = bering()
    markers = _stopped_markers(c)
    drone = ability(c, kind="stop")
    pos = Pos(c, "ru_combat")
    pos.add("ru", "inf", c.counters.units[-1].setup[0])
    marked = _spread(pos, "us", markers + 1)
    free = marked.pop()
    for u in marked:
        pos.s.stopped[u] = pos.s.turn                       # stopped in this turn's American turn
    card = pos.give("ru", drone.id)
    turn = pos.s.turn
    pos.apply(("card", card))
    assert {a[1] for a in pos.legal()} == set(marked)       # not the unit without a marker
    dice(miss_face(drone.copies[0]))
    pos.apply(("stop", marked[0]))
    assert pos.s.stopped[marked[0]] == turn + 1 and pos.s.stopped[free] == 0


def test_11_3_air_drone_from_later_side_stops_next_turn(dice):
    c = open_map()
    drone = ability(c, kind="stop")
    pos = Pos(c, "ru_combat")
    pos.add("ru", "inf", "0906")
    a = pos.add("us", "inf", "0101")
    pos.add("us", "inf", "0106")
    card = pos.give("ru", drone.id)
    turn = pos.s.turn
    pos.apply(("card", card))
    dice(miss_face(drone.copies[0]))
    pos.apply(("stop", a))
    assert pos.s.stopped[a] == turn + 1


def test_11_3_care_package_fetches_a_card(dice):
    c = open_map()
    care = ability(c, kind="draw_from_table")
    cp = care.copies[0]
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    card = pos.give("us", care.id)
    face = next(f for f, aid in c.play_deck().draw_table.items() if aid != care.id)
    want = c.play_deck().draw_table[face]
    dice(*([hit_face(cp)] if cp.roll else []), parity_face(cp.parity, True), face)
    pos.apply(("card", card))
    hand = pos.s.hands[pos.side("us")]
    assert [pos.g.abilities[pos.g.c_ab[k]].id for k in hand] == [want]
    assert card in pos.s.discard


def test_11_3_care_package_failed_parity_gives_nothing(dice):
    c = open_map()
    care = ability(c, kind="draw_from_table")
    cp = care.copies[0]
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    card = pos.give("us", care.id)
    dice(*([hit_face(cp)] if cp.roll else []), parity_face(cp.parity, False))
    pos.apply(("card", card))
    assert pos.s.hands[pos.side("us")] == []


def test_11_3_juggernaut_protects_listed_types(dice):
    c = open_map()
    jug = ability(c, kind="invulnerable")
    types = jug.effect.unit_types
    other = next(t.id for t in c.unit_types if t.id not in types)
    pos = Pos(c, "us_combat")
    prot = pos.add("us", types[0], "0303")
    bare = pos.add("us", other, "0403")
    foe = pos.add("ru", "hvy_mobile", "0304")
    card = pos.give("us", jug.id)
    dice(hit_face(jug.copies[0]))
    pos.apply(("card", card))
    pos.phase("ru_combat")
    targets = {a[2] for a in pos.legal() if a[0] == "battle"}
    assert prot not in targets and bare in targets
    pos.phase("us_combat")                                     # the playing side's next combat phase
    pos.phase("ru_combat")
    assert prot in {a[2] for a in pos.legal() if a[0] == "battle"}
    assert foe >= 0


def test_11_3_double_barrel_extra_attack(dice):
    c = open_map()
    db = ability(c, kind="extra_attack")
    hm = c.unit_type("hvy_mobile")
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    card = pos.give("us", db.id)
    second = pos.add("ru", "hvy_inf", "0404")
    lead, first = _after_battle(pos, dice)
    g = pos.g
    assert g._extra_targets(pos.s) == (("target", second),)   # not the enemy attacked already
    diff, col, ti = g.battle_column(pos.s, lead, (lead,), second)
    dice(hit_face(db.copies[0]), face_for(g, diff, ti, EFFECT_ELIMINATE))
    pos.apply(("card", card))                                 # one target: the extra battle follows at once
    assert pos.s.loc[second] == ELIMINATED
    assert pos.s.loc[first] >= 0
    assert streak(pos, "us", hm.id) == 1                       # after the first battle's miss: 0 -> 1
    assert card in pos.s.discard
