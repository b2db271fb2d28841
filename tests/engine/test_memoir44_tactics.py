"""The tactic cards of the Memoir '44 rules (docs/memoir44-rules.md cases 3.7-3.16; the help's
"play a command card" and the star of "resolving battles", which misses "unless used in a
limited number of tactical command cards"). Every number is read from content/memoir44's
rules.tactics and its deck."""
from __future__ import annotations

import shutil

import pytest
from test_memoir44_position import M44, Pos, card_copy, command, content, open_content, orderable, play

from genkit.engine import play_game
from genkit.engine.rules.memoir44 import DONE, Game
from genkit.engine.rules.memoir44.state import S_AIM, S_AMBUSH, S_BATTLE, S_KEEP, S_ORDER, S_RETREAT
from genkit.pack.printable import check_path
from genkit.sim.bots import make_bot

C = content()
G = Game(C)
OPEN = open_content()
TACTICS = C.rules["tactics"]
DICE = {t.id: list(t.battle_dice) for t in C.unit_types}


def tactic_in_effect(pos: Pos, card_id: str) -> None:
    """The card ``card_id`` is in effect this player turn (as if played)."""
    pos.s.eff = pos.g.card_ids.index(card_id)
    pos.s.legal = None


def hands_without(pos: Pos, kind: str) -> None:
    """No hand holds a card of procedure ``kind`` (they go to the deck)."""
    g, s = pos.g, pos.s
    for hand in s.hands:
        for c in [c for c in hand if g.card_kind[g.c_card[c]] == kind]:
            hand.remove(c)
            s.deck.insert(0, c)


def give(pos: Pos, side: str, card_id: str) -> int:
    """``side`` holds a copy of ``card_id``; the copy."""
    g, s = pos.g, pos.s
    k = card_copy(g, card_id)
    for pile in (s.deck, s.discard, *s.hands):
        if k in pile:
            pile.remove(k)
    s.hands[g.side_ids.index(side)].append(k)
    s.legal = None
    return k


def order(pos: Pos, *units: int) -> None:
    """Order ``units``, then be done ordering (unless the engine was: nothing else to order)."""
    for p in units:
        pos.apply(("order", p))
    if pos.s.stage == S_ORDER:
        pos.apply(DONE)


def to_phase(pos: Pos, kind: str) -> None:
    """Say done until ``kind``'s phase of the position's side, or the other side's turn."""
    g, s = pos.g, pos.s
    while g.phase_kind[s.phase] != kind and s.actor == pos.side:
        pos.apply(DONE)


# --------------------------------------------------------------------------- 3.7 recon

def test_m44_3_7_play_a_command_card_recon_draws_two_and_keeps_one():
    pos = command(OPEN)
    pos.put("allies", "infantry", "0208", ordered=False)
    play(pos, "patrol_left")
    to_phase(pos, "draw")
    g, s = pos.g, pos.s
    assert s.stage == S_KEEP and len(s.pend) == TACTICS["recon"]["draw"]
    drawn = list(s.pend)
    hand = len(s.hands[pos.side])
    keep = next(a for a in pos.legal() if a[1] == drawn[0])
    pos.apply(keep)
    assert len(s.hands[pos.side]) == hand + 1 and drawn[0] in s.hands[pos.side]
    assert drawn[1] in s.discard and g.phase_kind[s.phase] == "command"


def test_m44_3_7_play_a_command_card_a_section_card_draws_one_without_a_decision():
    pos = command(OPEN)
    pos.put("allies", "infantry", "0208", ordered=False)
    play(pos, "push_left")
    hand = len(pos.s.hands[pos.side])
    to_phase(pos, "draw")
    assert pos.g.phase_kind[pos.s.phase] == "command" and pos.s.actor == 1 and len(pos.s.hands[0]) == hand + 1


# --------------------------------------------------------------------------- 3.8 counter-attack

def test_m44_3_8_play_a_command_card_counter_attack_gives_the_orders_of_the_enemys_last_card():
    pos = command(OPEN)
    g, s = pos.g, pos.s
    units = [pos.put("allies", "infantry", h, ordered=False) for h in ("0608", "0708", "0808")]
    k = give(pos, "allies", "riposte")
    assert ("card", k) not in pos.legal()               # the Axis has had no card in effect yet
    s.last = (-1, g.card_ids.index("push_centre"))      # the Axis last played Push Centre
    play(pos, "riposte")
    assert s.eff == g.card_ids.index("push_centre") and s.stage == S_ORDER
    pos.apply(("order", units[0]))
    pos.apply(("order", units[1]))
    assert ("order", units[2]) not in pos.legal()       # Push Centre orders 2 in the centre
    assert s.last[0] == s.eff                           # the next riposte of the Axis copies it again


def test_m44_3_8_play_a_command_card_marines_counter_attack_with_one_unit_more_not_the_other_way():
    # the Allies are the Marines (extra orders 1); the Axis, without extra orders, stand for the
    # Japanese: a riposte of either copies Push Centre (2 in the centre)
    c = open_content(extra=("rules.extra_orders={allies: 1}",))
    for side, most in (("allies", 3), ("axis", 2)):
        pos = command(c, side)
        g, s = pos.g, pos.s
        row = "08" if side == "allies" else "02"
        units = [pos.put(side, "infantry", f"{col}{row}", ordered=False) for col in ("06", "07", "08", "09")]
        give(pos, side, "riposte")
        last = [-1, -1]
        last[1 - g.side_ids.index(side)] = g.card_ids.index("push_centre")
        s.last = tuple(last)
        play(pos, "riposte")
        for p in units[:most]:
            pos.apply(("order", p))
        assert ("order", units[most]) not in pos.legal()


# --------------------------------------------------------------------------- 3.9 ambush

def keep_battling(pos: Pos) -> None:
    """One more ordered allied unit with a target, so that the battle phase stays open."""
    pos.put("allies", "armour", "1208")
    pos.put("axis", "infantry", "1207")


def ambush_position():
    pos = Pos(OPEN, "allies", "battle", "battle")
    hands_without(pos, "ambush")
    p = pos.put("allies", "infantry", "0606")
    q = pos.put("axis", "infantry", "0605")
    keep_battling(pos)
    k = give(pos, "axis", "ambush")
    return pos, p, q, k


def test_m44_3_9_play_a_command_card_ambush_the_defender_battles_first_and_a_retreat_cancels():
    pos, p, q, k = ambush_position()
    g, s = pos.g, pos.s
    hand = len(s.hands[1])
    pos.apply(("fire", p, q))
    assert s.stage == S_AMBUSH and s.actor == 1
    pos.faces("flag", "star", "star")                   # the Axis infantry's close assault: one flag
    pos.apply(("ambush", k))
    assert pos.rolled == [DICE["infantry"][0]]
    # the allied infantry falls back (its owner chooses the hex), and its attack is cancelled
    assert s.stage != S_AMBUSH and k in s.discard and len(s.hands[1]) == hand   # a card drawn in its place
    while s.stage != S_BATTLE:
        pos.apply(pos.legal()[0])
    assert pos.at(p) != "0606" and pos.rolled == [DICE["infantry"][0]] and (s.battled >> p) & 1
    assert s.figs[q] == g.t_figs[g.p_type[q]]


def test_m44_3_9_play_a_command_card_ambush_the_attacker_still_in_place_battles_after():
    pos, p, q, k = ambush_position()
    s = pos.s
    pos.apply(("fire", p, q))
    pos.faces("star", "star", "star", "star", "star", "star")
    pos.apply(("ambush", k))
    assert pos.rolled == [DICE["infantry"][0]] * 2 and (s.battled >> p) & 1 and s.stage == S_BATTLE


def test_m44_3_9_play_a_command_card_ambush_declined_the_battle_goes_on():
    pos, p, q, k = ambush_position()
    pos.apply(("fire", p, q))
    pos.faces("star", "star", "star")
    pos.apply(("no_ambush",))
    assert pos.rolled == [DICE["infantry"][0]] and k in pos.s.hands[1]


def test_m44_3_9_play_a_command_card_no_ambush_against_fire_from_afar():
    pos = Pos(OPEN, "allies", "battle", "battle")
    hands_without(pos, "ambush")
    p = pos.put("allies", "infantry", "0607")
    q = pos.put("axis", "infantry", "0605")
    keep_battling(pos)
    give(pos, "axis", "ambush")
    pos.faces("star", "star")
    pos.apply(("fire", p, q))
    assert pos.rolled == [DICE["infantry"][1]] and pos.s.stage == S_BATTLE


# --------------------------------------------------------------------------- 3.10 air power, barrage

def test_m44_3_10_resolving_battles_air_power_stars_hit_a_group_of_adjacent_targets():
    pos = command(OPEN)
    g, s = pos.g, pos.s
    a = pos.put("axis", "infantry", "0303")
    b = pos.put("axis", "infantry", "0403")             # next to a
    far = pos.put("axis", "armour", "1003")             # next to neither
    play(pos, "air_strike")
    assert s.stage == S_AIM
    pos.apply(("aim", a))
    assert ("aim", b) in pos.legal() and ("aim", far) not in pos.legal()
    n = TACTICS["air_power"]["dice"]["allies"]
    pos.faces(*(["star"] * n + ["grenade"] * n))
    pos.apply(("aim", b))                               # no third one next to them: struck at once
    assert pos.rolled == [n, n] and s.figs[a] == g.t_figs[g.p_type[a]] - n and s.figs[b] == g.t_figs[g.p_type[b]] - n
    assert s.actor == 1 and g.phase_kind[s.phase] == "command"     # the card ordered nobody: turn over


def test_m44_3_10_resolving_battles_air_power_rolls_each_sides_own_dice():
    pos = command(OPEN, "axis")
    q = pos.put("allies", "infantry", "0606")
    pos.faces(*["star"] * TACTICS["air_power"]["dice"]["axis"])
    play(pos, "air_strike")                             # the only enemy: struck at once
    assert pos.rolled == [TACTICS["air_power"]["dice"]["axis"]] and pos.s.figs[q] < pos.g.t_figs[0]


def test_m44_3_10_resolving_battles_barrage_ignores_cover_and_its_stars_miss():
    pos = command(open_content({"0303": "forest"}))
    g, s = pos.g, pos.s
    q = pos.put("axis", "infantry", "0303")
    pos.put("axis", "infantry", "0305")
    play(pos, "saturation_fire")
    n = TACTICS["barrage"]["dice"]["allies"]
    pos.faces("star", "infantry", "infantry", "flag")
    pos.apply(("aim", q))                               # one target: struck at once
    assert pos.rolled == [n] and s.figs[q] == g.t_figs[g.p_type[q]] - 2
    assert s.stage == S_RETREAT and s.actor == 1        # the flag pushes it back


# --------------------------------------------------------------------------- 3.11 bombard

def test_m44_3_11_move_artillery_bombard_moves_three_or_battles_twice():
    pos = command(OPEN)
    g, s = pos.g, pos.s
    gun = pos.put("allies", "artillery", "0608", ordered=False)
    other = pos.put("allies", "artillery", "0208", ordered=False)
    q = pos.put("axis", "infantry", "0604")
    play(pos, "massed_guns")
    order(pos, gun, other)
    pos.apply(("move", other))
    far = max(d for _, d in s.pend[1])
    assert far == g.t_move[g.p_type[other]] + TACTICS["bombard"]["extra_move"]
    pos.apply(("to", pos.hex("0205")))                  # 3 hexes: no battle
    pos.apply(DONE)
    assert all(a[1] != other for a in pos.legal() if a != DONE)
    pos.faces("star", "star", "star", "star")
    pos.apply(("fire", gun, q))
    assert ("fire", gun, q) in pos.legal()              # the gun that stayed battles again
    pos.faces("star", "star", "star", "star")
    pos.apply(("fire", gun, q))
    assert ("fire", gun, q) not in pos.legal() and len(pos.rolled) == 2


# --------------------------------------------------------------------------- 3.12 close assault

def test_m44_3_12_battle_close_assault_card_orders_units_next_to_an_enemy_that_stay_and_roll_more():
    pos = command(OPEN)
    g, s = pos.g, pos.s
    near = pos.put("allies", "infantry", "0606", ordered=False)
    away = pos.put("allies", "infantry", "0208", ordered=False)
    q = pos.put("axis", "infantry", "0605")
    play(pos, "storm_the_line")
    assert ("order", near) in pos.legal() and ("order", away) not in pos.legal()
    order(pos, near)
    assert g.destinations(s, near) == {pos.hex("0606"): 0}         # it may not move
    assert g.battle_dice(s, near, q, 1) == DICE["infantry"][0] + TACTICS["close_assault"]["extra_dice"]


# --------------------------------------------------------------------------- 3.13 rally

def test_m44_3_13_resolving_battles_rally_dice_order_units_by_symbol_and_star():
    pos = command(OPEN)
    g, s = pos.g, pos.s
    inf = [pos.put("allies", "infantry", h, ordered=False) for h in ("0208", "0408", "0608")]
    arm = pos.put("allies", "armour", "0808", ordered=False)
    n = len(s.hands[0]) + 1 - (card_copy(g, "hour_of_need") in s.hands[0])
    pos.faces(*(["infantry", "star"] + ["flag"] * (n - 2)))
    play(pos, "hour_of_need")
    assert pos.rolled == [n]
    pos.apply(("order", inf[0]))
    pos.apply(("order", inf[1]))                        # the star orders the second
    assert ("order", inf[2]) not in pos.legal() and ("order", arm) not in pos.legal()
    q = pos.put("axis", "infantry", "0207")
    assert g.battle_dice(s, inf[0], q, 1) == DICE["infantry"][0] + TACTICS["rally"]["extra_dice"]


def test_m44_3_13_resolving_battles_rally_shuffles_the_discards_back_before_the_draw():
    pos = command(OPEN)
    s = pos.s
    pos.put("allies", "infantry", "0208", ordered=False)
    s.discard += s.deck[:10]
    del s.deck[:10]
    pos.faces(*["flag"] * 9)
    play(pos, "hour_of_need")
    to_phase(pos, "draw")
    assert s.discard == [] and sum(map(len, s.hands)) + len(s.deck) == pos.g.ncards


# --------------------------------------------------------------------------- 3.14 infantry and armour assault

def test_m44_3_14_move_infantry_assault_one_section_moves_two_and_battles():
    pos = command(OPEN)
    g, s = pos.g, pos.s
    left = pos.put("allies", "infantry", "0208", ordered=False)
    centre = pos.put("allies", "infantry", "0708", ordered=False)
    pos.put("axis", "infantry", "0204")
    play(pos, "infantry_rush")
    pos.apply(("order", left))
    assert ("order", centre) not in pos.legal()        # all in one section
    order(pos)
    pos.apply(("move", left))
    far = max(d for _, d in s.pend[1])
    t = TACTICS["infantry_assault"]
    assert far == g.t_move[g.p_type[left]] + t["extra_move"]
    pos.apply(("to", pos.hex("0206")))                  # 2 hexes, next to nothing yet in range 2
    assert not (s.nobattle >> left) & 1                 # 2 hexes and still battles


def test_m44_3_14_battle_armour_assault_adds_dice_in_close_assault_only():
    pos = Pos(OPEN, "allies", "battle", "battle")
    tactic_in_effect(pos, "armour_thrust")
    g, s = pos.g, pos.s
    p = pos.put("allies", "armour", "0606")
    near = pos.put("axis", "infantry", "0605")
    far = pos.put("axis", "infantry", "0603")
    extra = TACTICS["armour_assault"]["extra_dice"]
    assert g.battle_dice(s, p, near, 1) == DICE["armour"][0] + extra
    assert g.battle_dice(s, p, far, 3) == DICE["armour"][2]
    enemy = pos.put("axis", "armour", "0905")
    assert g.battle_dice(s, enemy, p, 3) == DICE["armour"][2]     # the other side's units gain nothing


def test_m44_3_14_move_infantry_assault_without_infantry_orders_one_unit_of_any_type_instead():
    for extra in ((), ("rules.extra_orders={allies: 1}",)):        # 3.5: extra orders add nothing here
        pos = command(open_content(extra=extra))
        g, s = pos.g, pos.s
        tank = pos.put("allies", "armour", "0208", ordered=False)
        gun = pos.put("allies", "artillery", "0708", ordered=False)
        pos.put("axis", "infantry", "0204")
        play(pos, "infantry_rush")
        assert orderable(pos) == {tank, gun}                   # any type, any section
        pos.apply(("order", tank))
        assert orderable(pos) == set()                         # the fallback's one unit
        order(pos)
        pos.apply(("move", tank))
        far = max(d for _, d in s.pend[1])
        assert far == g.t_move[g.p_type[tank]]                 # it moves as its type, not as the card says
    pos = command(OPEN)
    inf = pos.put("allies", "infantry", "0708", ordered=False)
    tank = pos.put("allies", "armour", "0208", ordered=False)
    play(pos, "infantry_rush")
    assert orderable(pos) == {inf}                             # infantry on the map: no fallback


def test_m44_3_5_command_cards_extra_orders_raise_armour_thrust_from_four_to_five():
    # the scenario has 3 allied tanks: the count rule (fits) is asked of 6 units directly
    hexes = ("0108", "0308", "0508", "0708", "0908", "1108")
    for extra, most in (((), 4), (("rules.extra_orders={allies: 1}",), 5)):
        pos = command(open_content(extra=extra))
        g = pos.g
        units = [pos.put("allies", "infantry", h, ordered=False) for h in hexes]
        card = g.card_ids.index("armour_thrust")
        assert g.fits(pos.s, units[:most], card)                # Gung-Ho: a tactic card of 1-4 orders 2-5
        assert not g.fits(pos.s, units[:most + 1], card)


# --------------------------------------------------------------------------- 3.15 checks, 3.16 bots

@pytest.mark.parametrize("file, old, new, words", [
    ("cards.yaml", "armour_assault]", "armour_assault, teleport]", "field tactic must be a choice"),
    ("rules.yaml", "    air_power: {targets: 4, grouped: true, dice: {allies: 2, axis: 1}, star_hits: true}\n", "",
     "has no air_power entry"),
    ("rules.yaml", "{allies: 4, axis: 4}", "{allies: 4, martians: 4}", "no side 'martians'"),
])
def test_m44_3_15_play_a_command_card_check_refuses_unknown_or_unnumbered_tactics(tmp_path, file, old, new, words):
    pack = tmp_path / "m44"
    shutil.copytree(M44, pack)
    text = (pack / file).read_text()
    assert old in text
    (pack / file).write_text(text.replace(old, new))
    errors = [f.message for f in check_path(pack) if f.severity == "error"]
    assert any(words in m for m in errors), errors


def test_m44_3_16_bots_greedy_plays_every_tactic_card():
    played = set()
    for seed in range(12):
        events: list = []
        play_game(C, seed, bots=[make_bot("greedy", G, side, seed + side) for side in range(2)], events=events)
        played |= {e.card for e in events if e.kind == "card_played"}
    deck = C.play_deck()
    tactic_cards = {c.id for c in deck.cards if deck.values(c)["tactic"] != "none"}
    assert tactic_cards <= played, tactic_cards - played


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_m44_3_16_bots_play_the_air_strike_when_nothing_else_fights(bot):
    pos = command(OPEN)
    g, s = pos.g, pos.s
    pos.put("allies", "infantry", "0208", ordered=False)
    for h in ("0603", "0703", "0604"):
        pos.put("axis", "infantry", h, figs=1)
    s.deck += s.hands[0]
    s.hands[0] = []
    give(pos, "allies", "patrol_right")
    k = give(pos, "allies", "air_strike")
    b = make_bot(bot, g, 0, 1)
    assert b.choose(g.observe(s, 0), pos.legal()) == ("card", k)
