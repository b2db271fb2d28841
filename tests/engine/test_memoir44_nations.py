"""The help's nations and special forces (docs/memoir44-rules.md case 10): a side's unit type
given a rule of its own in ``rules.unit_rules`` (set here with ``--set``; Vereux Crossing gives
none). Named after the help's sections."""
from __future__ import annotations

import json

from test_memoir44_position import Pos, open_content

from genkit.engine.rules.memoir44.state import S_BATTLE, S_RETREAT


def rule(side: str, type_id: str, **fields) -> str:
    return f"rules.unit_rules={json.dumps({side: {type_id: fields}})}"


def no_ambush(pos: Pos) -> None:
    g, s = pos.g, pos.s
    for hand in s.hands:
        hand[:] = [k for k in hand if g.card_kind[g.c_card[k]] != "ambush"]


def battle(c, attacker: str = "allies"):
    pos = Pos(c, attacker, "battle", "battle")
    no_ambush(pos)
    other = "axis" if attacker == "allies" else "allies"
    pos.put(attacker, "armour", "1206")                    # a second battle keeps the phase open
    pos.put(other, "infantry", "1205" if attacker == "allies" else "1207")
    return pos


def test_m44_10_1_nations_yamato_spirit_infantry_ignores_a_flag_and_one_more_in_cover():
    c = open_content(features={"sandbags": ["0605"]}, extra=(rule("axis", "infantry", ignore_flags=1),))
    pos = battle(c)
    g, s = pos.g, pos.s
    p = pos.put("allies", "infantry", "0606")
    q = pos.put("axis", "infantry", "0605")
    g.f_side = [-1] * len(g.f_side)                        # the sandbags protect whoever stands there
    assert g.ignored_flags(s, q) == 2                       # the sandbags' one and its own
    r = pos.put("axis", "infantry", "0305")
    assert g.ignored_flags(s, r) == 1
    pos.faces("flag", "flag", "star")
    pos.apply(("fire", p, q))
    assert pos.at(q) == "0605" and s.stage == S_BATTLE


def test_m44_10_2_nations_french_resistance_battles_after_entering_any_terrain():
    c = open_content({"0606": "forest"}, extra=(rule("allies", "infantry", battle_after_entering=True),))
    pos = Pos(c, "allies", "movement", "move_unit")
    g, s = pos.g, pos.s
    p = pos.put("allies", "infantry", "0607")
    pos.put("allies", "infantry", "1208")
    pos.apply(("move", p))
    pos.apply(("to", pos.hex("0606")))                     # into the forest: it stops, and may battle
    assert not (s.nobattle >> p) & 1
    plain = Pos(open_content({"0606": "forest"}), "allies", "movement", "move_unit")
    p2 = plain.put("allies", "infantry", "0607")
    plain.put("allies", "infantry", "1208")
    plain.apply(("move", p2))
    plain.apply(("to", plain.hex("0606")))
    assert (plain.s.nobattle >> p2) & 1


def test_m44_10_3_nations_seishin_kyoiku_full_strength_close_assault_rolls_one_more():
    c = open_content(extra=(rule("axis", "infantry", full_strength_close_dice=1),))
    pos = battle(c, "axis")
    g, s = pos.g, pos.s
    p = pos.put("axis", "infantry", "0605")
    near = pos.put("allies", "infantry", "0606")
    far = pos.put("allies", "infantry", "0607")
    dice = list(c.unit_types[0].battle_dice)
    assert g.battle_dice(s, p, near, 1) == dice[0] + 1
    assert g.battle_dice(s, p, far, 2) == dice[1]
    s.figs[p] -= 1
    assert g.battle_dice(s, p, near, 1) == dice[0]


def test_m44_10_4_nations_motorized_retreats_one_to_three_hexes_a_flag():
    c = open_content(extra=(rule("axis", "infantry", retreat_hexes=3),))
    pos = battle(c)
    g, s = pos.g, pos.s
    p = pos.put("allies", "infantry", "0607")
    q = pos.put("axis", "infantry", "0606")
    pos.faces("flag", "star", "star")
    pos.apply(("fire", p, q))
    assert s.stage == S_RETREAT and ("halt",) not in pos.legal()    # the first hex is due
    pos.apply(next(a for a in pos.legal() if a[0] == "retreat"))
    assert ("halt",) in pos.legal()
    pos.apply(next(a for a in pos.legal() if a[0] == "retreat"))
    pos.apply(next(a for a in pos.legal() if a[0] == "retreat"))
    assert s.stage != S_RETREAT and pos.at(q)[2:] == "03"            # 3 hexes: no more for one flag
    pos2 = battle(c)
    p = pos2.put("allies", "infantry", "0607")
    q = pos2.put("axis", "infantry", "0606")
    pos2.faces("flag", "star", "star")
    pos2.apply(("fire", p, q))
    pos2.apply(next(a for a in pos2.legal() if a[0] == "retreat"))
    pos2.apply(("halt",))
    assert pos2.at(q)[2:] == "05" and pos2.s.stage != S_RETREAT and ("stay",) in pos2.legal()   # take ground next


def test_m44_10_5_nations_stiff_upper_lip_a_last_figure_battles_back_with_one_die():
    c = open_content({"0605": "forest"}, extra=(rule("axis", "infantry", battle_back=1),))
    pos = battle(c)
    g, s = pos.g, pos.s
    p = pos.put("allies", "infantry", "0606")
    q = pos.put("axis", "infantry", "0605", figs=2)          # in a forest: the battle back ignores it
    assert g.battle_dice(s, p, q, 1) == 2                    # the forest takes a die from the assault
    pos.faces("infantry", "star", "grenade")                # the assault's 2 dice (1 hit), the battle back's 1
    pos.apply(("fire", p, q))
    assert s.figs[q] == 1 and pos.rolled == [2, 1] and s.figs[p] == g.t_figs[g.p_type[p]] - 1
    assert s.stage == S_BATTLE and s.actor == 0


def test_m44_10_5_nations_stiff_upper_lip_not_after_a_retreat_nor_against_an_ambush():
    c = open_content(extra=(rule("axis", "infantry", battle_back=1), rule("allies", "infantry", battle_back=1)))
    pos = battle(c)
    s = pos.s
    p = pos.put("allies", "infantry", "0606")
    q = pos.put("axis", "infantry", "0605", figs=2)
    pos.faces("infantry", "flag", "star")                    # one figure left, but it falls back
    pos.apply(("fire", p, q))
    while s.stage == S_RETREAT:
        pos.apply(next(a for a in pos.legal() if a[0] == "retreat"))
    assert pos.rolled == [3]
    pos = battle(c)
    g, s = pos.g, pos.s
    p = pos.put("allies", "infantry", "0606", figs=2)
    q = pos.put("axis", "infantry", "0605")
    k = g.c_card.index(next(i for i, kd in enumerate(g.card_kind) if kd == "ambush"))
    for pile in (s.deck, s.discard, *s.hands):
        if k in pile:
            pile.remove(k)
    s.hands[1].append(k)
    pos.apply(("fire", p, q))
    pos.faces("infantry", "star", "star", "star", "star", "star")   # the ambush leaves it one figure
    pos.apply(("ambush", k))
    assert s.figs[p] == 1 and pos.rolled == [3, 3]          # no battle back against the ambush


def test_m44_10_6_nations_italian_high_command_the_hand_shrinks_with_losses_to_a_floor():
    c = open_content(extra=('rules.hand_floor={"axis": 3}',))
    pos = battle(c)
    g, s = pos.g, pos.s
    size = g.hand_size[1]
    axis = g.side_pieces[1]
    assert g.hand_size_now(s, 1) == size and g.hand_size_now(s, 0) == g.hand_size[0]
    from genkit.engine.state import ELIMINATED
    s.loc[axis[-1]] = ELIMINATED
    assert g.hand_size_now(s, 1) == size - 1
    for p in axis[:-1]:
        s.loc[p] = ELIMINATED
    assert g.hand_size_now(s, 1) == 3
    s.hands[1] = s.hands[1][:3]
    deck = len(s.deck)
    g._draw(s, 1)                                             # at its floor: no card drawn
    assert len(s.hands[1]) == 3 and len(s.deck) == deck


def test_m44_10_7_nations_commissar_plays_the_card_under_the_chip_and_recon_at_once():
    from genkit.engine.rules.memoir44 import Game
    from genkit.engine.rules.memoir44.state import S_ORDER

    c = open_content(extra=('rules.commissar=["allies"]',))
    g = Game(c)
    s = g.initial_state(4)
    assert s.chip[0] >= 0 and s.chip[1] == -1 and g.state_problems(s) == []
    acts = g.legal_actions(s)
    assert {a[0] for a in acts} <= {"chip", "card"}
    straight = {a[1] for a in acts if a[0] == "card"}
    assert all(g.card_kind[g.c_card[k]] in ("recon", "counter_attack", "ambush") for k in straight)
    chip, put = s.chip[0], next(a for a in acts if a[0] == "chip")
    g.apply(s, put)
    assert s.chip[0] == put[1] and s.card == chip and chip in s.discard and put[1] not in s.hands[0]
    assert g.state_problems(s) == []
    # a recon card goes straight from the hand: the chip keeps its card
    s2 = g.initial_state(4)
    k = next(c for c in range(g.ncards) if g.c_id[c] == "patrol_left" and c != s2.chip[0])
    for pile in (s2.deck, s2.discard, *s2.hands):
        if k in pile:
            pile.remove(k)
    s2.hands[0].append(k)
    s2.legal = None
    before = s2.chip[0]
    assert ("card", k) in g.legal_actions(s2)
    g.apply(s2, ("card", k))
    assert s2.chip[0] == before and s2.card == k and s2.stage == S_ORDER


def test_m44_10_7_nations_commissar_games_end_with_every_card_accounted_for():
    from genkit.engine import play_game
    from genkit.engine.rules.memoir44 import Game
    from genkit.sim.bots import make_bot

    c = open_content(extra=('rules.commissar=["axis"]',))
    g = Game(c)
    for seed in range(2):
        r = play_game(c, seed, bots=[make_bot("greedy", g, side, seed + side) for side in range(2)],
                      check_invariants="step")
        assert r.reason in ("points", "turn_limit")


def test_m44_10_8_nations_banzai_infantry_moves_two_hexes_into_a_close_assault():
    for rule, battles in (("rules.unit_rules={axis: {infantry: {close_assault_move: 2}}}", True),
                          ("rules.unit_rules={}", False)):
        pos = Pos(open_content(extra=(rule,)), "axis", "movement", "move_unit")
        g, s = pos.g, pos.s
        p = pos.put("axis", "infantry", "0503")
        near = pos.put("allies", "infantry", "0506")
        far = pos.put("allies", "infantry", "0508")
        pos.apply(("move", p))
        pos.apply(("to", pos.hex("0505")))                    # 2 hexes, next to ``near``, 3 from ``far``
        fires = {a[2] for a in pos.legal() if a[0] == "fire" and a[1] == p}
        assert fires == ({near} if battles else set())        # close assault only, and only under Banzai


def banzai_move(start: str) -> tuple:
    """An axis infantry with Banzai moves from ``start`` to 0505, an enemy at 0507 (2 away);
    an axis tank that stays keeps the battle phase open. The position, the infantry."""
    pos = Pos(open_content(extra=("rules.unit_rules={axis: {infantry: {close_assault_move: 2}}}",)), "axis",
              "movement", "move_unit")
    p = pos.put("axis", "infantry", start)
    pos.put("allies", "infantry", "0507")
    tank = pos.put("axis", "armour", "1201")
    pos.put("allies", "infantry", "1203")
    pos.apply(("move", p))
    pos.apply(("to", pos.hex("0505")))
    pos.apply(("move", tank))
    pos.apply(("to", pos.hex("1201")))
    assert pos.s.stage == S_BATTLE
    return pos, p


def test_m44_10_8_nations_banzai_no_firing_after_the_longer_move():
    pos, p = banzai_move("0503")                               # 2 hexes: close assault only
    assert not any(a[0] == "fire" and a[1] == p for a in pos.legal())
    pos, p = banzai_move("0504")                               # 1 hex: it fires as usual
    assert any(a[0] == "fire" and a[1] == p for a in pos.legal())
