"""Cards on the standard rules (docs/standard-rules.md case 13), on the designer's game
(tests/fixtures/designer_game): decks by side, hands dealt and drawn to the hand limit,
discards reshuffled, and the events the rules run from data."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_standard_position import Pos, fixed_dice

from genkit.engine import check_invariants
from genkit.engine.rules.standard import Game
from genkit.engine.state import RESERVE
from genkit.model.load import load_game
from genkit.pack.printable import check_path

DESIGNER = Path(__file__).resolve().parents[1] / "fixtures" / "designer_game"
RED, TEAL = 0, 1


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def _game(*overrides: str) -> Game:
    return Game(load_game(DESIGNER, overrides=list(overrides)))


def _card(g: Game, card_id: str, nth: int = 0) -> int:
    """The ``nth`` copy of ``card_id`` among the game's cards."""
    return [c for c, k in enumerate(g.cards.card_id) if k == card_id][nth]


def _hold(pos: Pos, side: int, *card_ids: str) -> None:
    """``side`` holds exactly those cards (taken from wherever they are; its old hand goes to
    its discards), and has played none this phase."""
    g, s = pos.g, pos.s
    want = [_card(g, k, card_ids[:i].count(k)) for i, k in enumerate(card_ids)]
    d = g.cards.side_deck[side]
    piles, discards, hands = list(s.piles), list(s.discards), list(s.hands)
    piles[d] = tuple(c for c in piles[d] if c not in want)
    discards[d] = tuple(c for c in discards[d] if c not in want) + tuple(c for c in hands[side] if c not in want)
    hands[side] = tuple(sorted(want))
    s.piles, s.discards, s.hands, s.plays = tuple(piles), tuple(discards), tuple(hands), (0, 0)
    s.legal = None


def _deck_conserved(g: Game, s) -> bool:
    every = sorted([c for p in s.piles for c in p] + [c for p in s.discards for c in p]
                   + [c for h in s.hands for c in h])
    return every == list(range(len(g.cards.card_id)))


def _to_discards(g: Game, s) -> None:
    """Every hand goes to its deck's discards."""
    discards = list(s.discards)
    for side, hand in enumerate(s.hands):
        d = g.cards.side_deck[side]
        discards[d] = discards[d] + hand
    s.discards, s.hands = tuple(discards), ((),) * len(s.hands)


def _errors(*overrides: str) -> list:
    return [f for f in check_path(DESIGNER, list(overrides)) if f.severity == "error"]


# --------------------------------------------------------------------------- 13.1 the decks

def test_std_13_1_check_accepts_decks_by_side_with_an_event_for_every_card():
    assert _errors() == []


def test_std_13_1_check_refuses_decks_never_played_and_cards_without_events():
    found = _errors("rules.cards=null")                             # decks with a hand limit
    assert any(f.code == "rules-missing" and "never played" in f.message for f in found)
    found = _errors("rules.cards=null", "decks.red_orders.hand_limit=null", "decks.teal_orders.hand_limit=null",
                    "decks.red_orders.held_by=table", "decks.teal_orders.held_by=table")
    assert found == []                                              # reference decks, printed only
    found = _errors("rules.cards.events={creeping_barrage: {effect: shift}, dug_in: {effect: shift, value: -1, "
                    "when: defence}, ghost: {effect: drm}}")
    assert any(f.code == "rules-missing" and "'second_wave'" in f.message for f in found)
    assert any(f.code == "rules-reference" and "'ghost'" in f.message for f in found)


def test_std_13_1_a_deck_on_the_table_is_printed_only_and_a_movement_is_never_played_in_defence():
    found = _errors("decks.teal_orders.held_by=table")             # teal's deck, printed only
    assert any(f.code == "rules-cards" and "'teal' draws cards but holds no deck" in f.message for f in found)
    assert any(f.code == "rules-reference" and "'dug_in'" in f.message for f in found)
    found = _errors("rules.cards.events.forced_march={effect: movement, when: defence}")
    assert found and "defence" in found[0].message


# --------------------------------------------------------------------------- 13.2 dealing and drawing

def test_std_13_2_each_side_is_dealt_its_hand_then_draws_at_the_start_of_each_turn():
    g = _game()
    ct = g.cards
    s = g.initial_state(5)
    for side in (RED, TEAL):
        want = min(ct.hand[side] + ct.drawn[1][side], ct.hand_limit[side])
        assert len(s.hands[side]) == want
        assert all(ct.card_deck[c] == ct.side_deck[side] for c in s.hands[side])     # its own deck
    _to_discards(g, s)
    g._draw_cards(s, ct.drawn[2])
    assert [len(h) for h in s.hands] == ct.drawn[2] and _deck_conserved(g, s)


def test_std_13_2_a_game_with_cards_deals_the_same_cards_from_the_same_seed():
    g = _game()
    assert g.initial_state(7).hands == g.initial_state(7).hands
    assert len({g.initial_state(seed).hands for seed in range(8)}) > 1


# --------------------------------------------------------------------------- 13.3 hand limit, discards, reshuffle

def test_std_13_3_a_side_at_its_hand_limit_draws_nothing():
    g = _game()
    s = g.initial_state(1)
    limit = g.cards.hand_limit[RED]
    while len(s.hands[RED]) < limit:
        g._draw_cards(s, [1, 0])
    pile = s.piles[g.cards.side_deck[RED]]
    g._draw_cards(s, [3, 0])
    assert len(s.hands[RED]) == limit and s.piles[g.cards.side_deck[RED]] == pile


def test_std_13_3_an_empty_pile_takes_its_discards_reshuffled():
    g = _game()
    s = g.initial_state(2)
    d = g.cards.side_deck[RED]
    piles, discards = list(s.piles), list(s.discards)
    discards[d], piles[d] = piles[d], ()
    s.piles, s.discards = tuple(piles), tuple(discards)
    _to_discards(g, s)
    g._draw_cards(s, [1, 0])
    assert len(s.hands[RED]) == 1 and s.discards[d] == () and _deck_conserved(g, s)


# --------------------------------------------------------------------------- 13.4 playing a card

def _attack(g: Game, cards_red=(), cards_teal=()):
    """Red's combat: a red rifle next to a teal militia in the open (4 against 3: 1:1), attacked
    (the dice to roll are queued first: a decision with one choice is taken at once)."""
    pos = Pos(g, "red_combat")
    rif = pos.put("red", "rifles", "0404")
    mil = pos.put("teal", "militia", "0504")
    _hold(pos, RED, *cards_red)
    _hold(pos, TEAL, *cards_teal)
    pos.start()
    pos.act("attack", pos.h("0504"))
    return pos, rif, mil


def test_std_13_4_a_card_played_goes_to_the_discards_and_one_a_phase(dice):
    g = _game()
    pos, rif, _ = _attack(g, ("creeping_barrage", "assault_engineers"))
    dice(1)
    plays = [a for a in pos.legal() if a[0] == "play"]
    assert {g.cards.card_id[a[1]] for a in plays} == {"creeping_barrage", "assault_engineers"}
    card = plays[0][1]
    pos.act("play", card)                   # then the roll, the only choice left, is taken
    d = g.cards.side_deck[RED]
    assert card in pos.s.discards[d] and card not in pos.s.hands[RED]
    assert len(pos.events("battle")) == 1                          # plays_per_phase: 1
    [played] = pos.events("card_played")
    assert played.card == g.cards.card_id[card] and played.side == "red"


def test_std_13_4_only_one_copy_of_a_card_is_offered():
    g = _game()
    pos, _, _ = _attack(g, ("creeping_barrage", "creeping_barrage"))
    assert len([a for a in pos.legal() if a[0] == "play"]) == 1


# --------------------------------------------------------------------------- 13.5 the attacker's shift and DRM

def test_std_13_5_an_attackers_shift_card_moves_the_column_of_that_battle_only(dice):
    g = _game()
    pos, _, _ = _attack(g, ("creeping_barrage",))
    raw = g.crt.pick(4, 3)
    dice(1)
    pos.act("play", _card(g, "creeping_barrage"))
    [battle] = pos.events("battle")
    assert battle.column == g.crt.labels[raw + g.cards.value[_card(g, "creeping_barrage")]]
    assert pos.s.cshift == 0 and pos.s.cdrm == 0


def test_std_13_5_an_attackers_drm_card_adds_to_the_roll(dice):
    g = _game()
    pos, _, _ = _attack(g, ("assault_engineers",))
    col = g.crt.pick(4, 3)
    dice(5)
    pos.act("play", _card(g, "assault_engineers"))
    [battle] = pos.events("battle")
    code = g.results[col][5 + g.cards.value[_card(g, "assault_engineers")] - 1][2]
    assert battle.result == code


# --------------------------------------------------------------------------- 13.6 the defender's reaction

def test_std_13_6_the_defender_reacts_once_the_attacker_rolls(dice):
    g = _game()
    pos, _, _ = _attack(g, (), ("dug_in",))      # red holds nothing: it rolls at once
    raw = g.crt.pick(4, 3)
    assert pos.s.actor == TEAL and ("pass",) in pos.legal() and pos.problems() == []
    assert pos.events("battle") == []
    dice(1)
    pos.act("play", _card(g, "dug_in"))
    [battle] = pos.events("battle")
    assert battle.column == g.crt.labels[max(raw + g.cards.value[_card(g, "dug_in")], 0)]


def test_std_13_6_a_defender_with_no_reaction_is_not_asked(dice):
    g = _game()
    dice(1)
    pos, _, _ = _attack(g, (), ("field_dressing",))
    assert len(pos.events("battle")) == 1


def test_std_13_6_a_defender_may_pass(dice):
    g = _game()
    pos, _, _ = _attack(g, (), ("counter_fire",))
    dice(1)
    pos.act("pass")
    [battle] = pos.events("battle")
    assert battle.column == g.crt.labels[g.crt.pick(4, 3)]
    assert _card(g, "counter_fire") in pos.s.hands[TEAL]


# --------------------------------------------------------------------------- 13.7 a second movement

def test_std_13_7_a_second_movement_lets_the_units_that_moved_move_again():
    g = _game()
    pos = Pos(g, "red_movement")
    rif = pos.put("red", "rifles", "0204")
    pos.put("teal", "militia", "1207")
    _hold(pos, RED, "forced_march")
    pos.start()
    assert not [a for a in pos.legal() if a[0] == "play"]          # nothing has moved yet
    pos.move(rif, "0404")
    assert ("move", rif) not in pos.legal()
    pos.act("play", _card(g, "forced_march"))
    assert ("move", rif) in pos.legal()
    pos.move(rif, "0604")
    assert pos.at(rif) == "0604" and pos.problems() == []


# --------------------------------------------------------------------------- 13.8 a reinforcement brought early

def test_std_13_8_a_reinforcement_card_brings_the_next_reserve_unit_on_now():
    g = _game()
    pos = Pos(g, "red_movement")
    pos.put("red", "rifles", "0204")
    pos.put("teal", "militia", "1207")
    _hold(pos, RED, "second_wave")
    pos.start()
    due = sorted((g.p_enter_turn[p], p) for p in g.side_arrivals[RED])
    first = due[0][1]
    assert g.p_enter_turn[first] > pos.s.turn
    pos.act("play", _card(g, "second_wave"))
    entry = pos.legal()
    assert entry and all(a[0] == "enter" for a in entry)
    pos.act(*entry[0])
    assert pos.s.loc[first] >= 0 and pos.problems() == []
    assert ("move", first) in pos.legal()                          # it may move in the same phase
    assert pos.s.loc[due[1][1]] == RESERVE


# --------------------------------------------------------------------------- 13.9 a replacement

def test_std_13_9_a_replacement_card_restores_a_reduced_unit_then_the_phase_goes_on():
    g = _game()
    pos = Pos(g, "teal_movement")
    mil = pos.put("teal", "militia", "1005", reduced=True)
    pos.put("red", "rifles", "0204")
    _hold(pos, TEAL, "field_dressing")
    pos.start()
    pos.act("play", _card(g, "field_dressing"))
    assert ("restore", mil) in pos.legal()
    pos.act("restore", mil)
    assert pos.s.reduced[mil] == 0 and ("move", mil) in pos.legal() and pos.problems() == []


def test_std_13_9_no_replacement_card_is_offered_with_nothing_reduced():
    g = _game()
    pos = Pos(g, "teal_movement")
    pos.put("teal", "militia", "1005")
    pos.put("red", "rifles", "0204")
    _hold(pos, TEAL, "field_dressing")
    pos.start()
    assert not [a for a in pos.legal() if a[0] == "play"]


# --------------------------------------------------------------------------- 13.10 hidden hands

def test_std_13_10_a_side_sees_its_own_hand_and_only_the_size_of_the_others():
    g = _game()
    s = g.initial_state(3)
    seen = {g.determinise(s, RED, random.Random(k)).hands[TEAL] for k in range(12)}
    assert len(seen) > 1                                           # teal's hand re-dealt
    for k in range(12):
        c = g.determinise(s, RED, random.Random(k))
        assert c.hands[RED] == s.hands[RED] and len(c.hands[TEAL]) == len(s.hands[TEAL])
        assert _deck_conserved(g, c)


def test_std_13_games_with_cards_keep_every_invariant_with_every_bot():
    from genkit.engine.bots import RandomBot
    from genkit.sim.bots import make_players
    g = _game()
    played = 0
    for seed in range(4):
        s = g.initial_state(seed, events=[])
        bots = [RandomBot(seed), RandomBot(seed + 9)] if seed % 2 else make_players(["greedy", "greedy"], g, seed)
        while not s.ended:
            g.apply(s, bots[s.actor].choose(g.observe(s, s.actor), g.legal_actions(s)), check=True)
            assert check_invariants(s) == [] and _deck_conserved(g, s)
        played += sum(e.kind == "card_played" for e in s.events)
    assert played > 0


# --------------------------------------------------------------------------- 13.11 cards drawn by the turn track

def test_std_13_11_the_cards_drawn_each_turn_are_read_from_the_turn_track():
    g = _game()
    content = g.content
    assert g.section.cards.draw == "cards"
    for turn in range(1, content.turn_track.turns + 1):
        assert g.cards.drawn[turn] == [content.turn_value("cards", turn, sid) for sid in g.side_ids]
    assert g.cards.drawn[3] == [2, 1] and g.cards.drawn[2] == [1, 1]
    pos = Pos(g, "teal_combat", turn=2)     # empty hands; the phase ends at once: turn 3 begins
    pos.put("red", "rifles", "0104")
    pos.put("teal", "militia", "1005")
    _to_discards(g, pos.s)
    pos.start()
    assert pos.s.turn == 3 and [len(h) for h in pos.s.hands] == [2, 1]
    assert [e.side for e in pos.events("card_drawn")][-3:] == ["red", "red", "teal"]
    g2 = _game("turn_track.per_turn.cards.changes={3: {red: 0, teal: 3}}")
    assert g2.cards.drawn[3] == [0, 3]


def test_std_13_11_check_refuses_a_draw_naming_no_turn_track_entry():
    found = _errors("rules.cards.draw=orders")
    assert any(f.code == "rules-reference" and "no turn_track.per_turn entry 'orders'" in f.message for f in found)
    table = ("decks.teal_orders.held_by=table", "rules.cards.hand={red: 2}")   # teal holds no deck
    found = _errors("turn_track.per_turn.cards.each_turn={red: 1}", "turn_track.per_turn.cards.changes={}", *table)
    assert not any("'teal' draws cards" in f.message for f in found)
    found = _errors("turn_track.per_turn.cards.each_turn={red: 1}", *table)       # teal draws on turn 3
    assert any("rules.cards.draw: side 'teal' draws cards but holds no deck" in f.message for f in found)


# --------------------------------------------------------------------------- 13.12 a step loss

def test_std_13_12_a_step_loss_card_takes_a_step_from_the_enemy_unit_its_holder_names():
    g = _game()
    pos = Pos(g, "teal_combat")                 # the phase the designer's Ambush names (case 13.14)
    pos.put("teal", "militia", "1005")
    rif = pos.put("red", "rifles", "0204")
    tnk = pos.put("red", "tanks", "0305", reduced=True)
    hq = pos.put("red", "hq", "0905")                               # next to the militia: an attack to make
    _hold(pos, TEAL, "ambush")
    pos.start()
    pos.act("play", _card(g, "ambush"))
    assert sorted(pos.legal()) == sorted([("hit", rif), ("hit", tnk), ("hit", hq)])
    pos.act("hit", tnk)                                            # reduced: eliminated
    assert pos.s.loc[tnk] < 0 and pos.problems() == []
    [gone] = pos.events("eliminated")
    assert gone.card == "ambush" and gone.by_side == "teal"
    assert ("attack", pos.h("0905")) in pos.legal() and g.phase_ids[pos.s.phase] == "teal_combat"   # it goes on


def test_std_13_12_no_step_loss_card_is_offered_with_no_enemy_unit_on_the_map():
    g = _game()
    pos = Pos(g, "teal_combat")
    pos.put("teal", "militia", "1005")
    _hold(pos, TEAL, "ambush")
    pos.start()
    assert not [a for a in pos.legal() if a[0] == "play"]


# --------------------------------------------------------------------------- 13.13 a blocked space

def test_std_13_13_a_blocked_space_is_closed_to_enemy_moves_retreats_and_arrivals_for_the_turn():
    g = _game()
    pos = Pos(g, "red_movement")
    pos.put("red", "rifles", "0204")
    mil = pos.put("teal", "militia", "0805")
    _hold(pos, RED, "demolition")
    pos.start()
    pos.act("play", _card(g, "demolition"))
    spaces = pos.legal()
    assert spaces and all(a[0] == "block" for a in spaces) and ("block", pos.h("0805")) not in spaces
    before = pos.dests(mil)
    pos.act("block", pos.h("0705"))
    [blocked] = pos.events("space_blocked")
    assert blocked.hex == "0705" and blocked.card == "demolition"
    assert "0705" not in pos.dests(mil) and ("0705" in before)
    assert pos.s.blocked[TEAL] == 1 << pos.h("0705") and pos.s.blocked[RED] == 0
    rif = pos.s.occ[pos.h("0204")]
    pos.move(rif, "0404")                                          # red's own units are not kept out
    s = pos.s
    g._lift(s, rif)
    g._put(s, rif, pos.h("0705"))
    assert pos.problems() == []
    g._lift(s, rif)
    g._put(s, rif, pos.h("0204"))
    g._lift(s, mil)
    g._put(s, mil, pos.h("0705"))
    assert any("blocked to its side" in x for x in pos.problems())   # an invariant
    g._lift(s, mil)
    g._put(s, mil, pos.h("0805"))
    assert not g._room(s, pos.h("0705"), mil)                      # no retreat, advance or arrival
    while s.turn == 1:
        g.apply(s, ("end",) if ("end",) in g.legal_actions(s) else g.legal_actions(s)[0])
    assert s.blocked == (0, 0)                                     # the next game turn: open again


def test_std_13_13_the_bot_blocks_only_before_an_enemy_movement_phase():
    from genkit.sim.bots import make_players
    g = _game()
    pos = Pos(g, "red_movement")
    pos.put("red", "rifles", "0204")
    pos.put("teal", "militia", "0805")
    _hold(pos, RED, "demolition")
    pos.start()
    bots = make_players(["greedy", "greedy"], g, 1)
    legal = pos.legal()
    assert bots[RED].choose(g.observe(pos.s, RED), legal) == ("play", _card(g, "demolition"))
    late = Pos(g, "red_movement")
    late.put("red", "rifles", "0204")
    late.put("teal", "militia", "0805")
    _hold(late, RED, "demolition")
    late.start()
    g.phase_kind = list(g.phase_kind)
    teal_move = g.phase_ids.index("teal_movement")
    g.phase_kind[teal_move] = "combat"                             # no teal movement phase after red's
    assert bots[RED].choose(g.observe(late.s, RED), late.legal())[0] != "play"


def test_std_13_11_the_turn_track_prints_the_cards_drawn_and_each_entrys_initial_where_a_turn_has_two():
    from genkit.render.aid import aid_pages, aid_style
    from genkit.render.draw import Text
    from genkit.render.geometry import iter_primitives
    from genkit.render.layout import SheetStyle
    from genkit.render.tables_tracks import turn_track_table
    content = load_game(DESIGNER)
    marks = turn_track_table(content, None, aid_style(content, DESIGNER)).marks
    chips = [m for ms in marks.values() for m in ms if m.kind == "per_turn"]
    assert sorted({m.text for m in chips}) == ["+1", "+2"]                 # one entry: numbers alone
    two = load_game(DESIGNER, overrides=["turn_track.per_turn=[{id: cards, name: Cards drawn, each_turn: {red: 1, "
                                         "teal: 1}}, {id: replacements, name: Replacement points, changes: {4: "
                                         "{teal: 1}}}]"])
    data = turn_track_table(two, None, aid_style(two, DESIGNER))
    by_turn = {data.rows[r][c].split(":")[0]: [m.text for m in ms if m.kind == "per_turn"]
               for (r, c), ms in data.marks.items()}
    assert by_turn["4"] == ["+1 C", "+1 C", "+1 R"] and by_turn["3"] == ["+1", "+1"]
    pages = aid_pages(two, SheetStyle("letter", 0, "1", "0" * 64, "t"), DESIGNER)
    said = [p.text for page in pages for p, _ in iter_primitives(page.items) if isinstance(p, Text)]
    assert said.count("+1 R") == 1 and said.count("+1 C") == 2
    assert "Cards drawn (C); Replacement points (R)" in " ".join(said)
    alike = load_game(DESIGNER, overrides=["turn_track.per_turn=[{id: rep, name: Replacements, changes: {4: {teal: 1}}}, "
                                           "{id: rei, name: Reinforcements, changes: {4: {red: 2}}}]"])
    data = turn_track_table(alike, None, aid_style(alike, DESIGNER))
    assert sorted(m.text for ms in data.marks.values() for m in ms if m.kind == "per_turn") == ["+1 Rep", "+2 Rei"]


# --------------------------------------------------------------------------- 13.14 a card's own phase

def test_std_13_14_a_card_is_played_in_the_phase_it_names_and_in_no_other():
    g = _game()
    for phase, offered in (("teal_movement", False), ("teal_combat", True)):
        pos = Pos(g, phase)
        pos.put("teal", "militia", "0504")
        pos.put("red", "rifles", "0404")
        _hold(pos, TEAL, "ambush", "field_dressing")
        pos.start()
        plays = {g.cards.card_id[a[1]] for a in pos.legal() if a[0] == "play"}
        assert ("ambush" in plays) == offered and "field_dressing" not in plays, phase
        if offered:                                                 # beside the phase's attacks
            assert ("attack", pos.h("0404")) in pos.legal()
    g2 = _game("rules.cards.events.ambush={effect: step_loss}")        # no phase named: a movement phase
    pos = Pos(g2, "teal_movement")
    pos.put("teal", "militia", "0504")
    pos.put("red", "rifles", "0404")
    _hold(pos, TEAL, "ambush")
    pos.start()
    assert [g2.cards.card_id[a[1]] for a in pos.legal() if a[0] == "play"] == ["ambush"]


def test_std_13_14_check_refuses_a_phase_of_no_name_of_the_wrong_kind_or_of_the_other_side():
    found = _errors("rules.cards.events.ambush.phase=teal_charge")
    assert any("no phase 'teal_charge'" in f.message for f in found)
    found = _errors("rules.cards.events.forced_march.phase=red_combat")
    assert any("a movement card is played in a movement phase; red_combat is a combat phase" in f.message
               for f in found)
    found = _errors("rules.cards.events.ambush.phase=teal_reinforcement")
    assert any("teal_reinforcement is a reinforcement phase" in f.message for f in found)
    found = _errors("rules.cards.events.ambush.phase=red_combat")
    assert any("red_combat is side 'red''s phase, but the card is held by teal" in f.message for f in found)
    found = _errors("rules.cards.events.dug_in.phase=teal_combat")
    assert found and "not in a named phase" in found[0].message
