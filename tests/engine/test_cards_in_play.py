"""genkit.engine.decks: draw piles, hands, discards, table areas and counters on cards, for any
rules module; the same seed deals the same cards."""
from __future__ import annotations

from types import SimpleNamespace

from genkit.engine import decks
from genkit.engine.chance import shuffle


def chance(seed=7):
    return SimpleNamespace(rng=seed, nrolls=0, trace=None)


def test_a_new_deck_is_shuffled_from_the_seed_and_conserved():
    a, b = decks.new_cards(20, 2, chance()), decks.new_cards(20, 2, chance())
    assert a.pile == b.pile and a.pile != tuple(range(20))
    assert a.everywhere() == list(range(20)) and a.hands == ((), ())


def test_deal_draws_from_the_top_into_each_hand_in_turn():
    c = decks.new_cards(10, 2, chance())
    top = c.pile[::-1]
    dealt = decks.deal(c, [3, 2], chance())
    assert dealt.hands == (top[:3], top[3:5]) and len(dealt.pile) == 5
    assert dealt.everywhere() == list(range(10))


def test_an_empty_pile_is_remade_from_the_shuffled_discards_under_the_cards_left():
    c = decks.Cards(pile=(1,), hands=((), ()), discard=(4, 5, 6))
    s = chance(3)
    out, card = decks.draw(c, 0, s, reshuffle_at=1)
    expect = [4, 5, 6]
    shuffle(chance(3), expect)
    assert out.discard == () and card == 1 and out.pile == tuple(expect) and out.hands[0] == (1,)


def test_nothing_to_draw_gives_none():
    out, card = decks.draw(decks.Cards(hands=((),)), 0, chance())
    assert card is None and out.hands == ((),)


def test_secret_hands_show_as_counts_to_the_other_holder_open_hands_as_cards():
    c = decks.Cards(pile=(0,), hands=((1, 2), (3,)))
    assert c.visible_to(0)["hands"] == [(1, 2), 1] and c.visible_to(1)["hands"] == [2, (3,)]
    assert decks.Cards(hands=((1, 2), (3,)), open_hands=True).visible_to(0)["hands"] == [(1, 2), (3,)]


def test_cards_laid_in_areas_carry_counters_until_discarded():
    c = decks.Cards(pile=(0, 1, 2), hands=((), ()))
    c, terrain = decks.turn_up(c, "terrain")
    assert terrain == 2 and decks.in_area(c, "terrain") == (2,)
    c = decks.put_counters(c, terrain, 3)              # the control counter three spaces along
    c = decks.lay(c, 1, "breakthrough")
    assert decks.counters_on(c, terrain) == 3 and decks.in_area(c, "breakthrough") == (1,)
    c = decks.discard(c, terrain)
    assert decks.in_area(c, "terrain") == () and decks.counters_on(c, terrain) == 0 and c.discard == (2,)
    assert c.everywhere() == [0, 1, 2]


def test_copies_name_each_card_of_a_model_deck():
    from genkit.model.load import load
    from pathlib import Path
    content, _ = load(Path(__file__).resolve().parents[2] / "content" / "memoir44")
    deck = content.deck("command")
    ids = decks.copies(deck)
    assert len(ids) == deck.size_of_deck == 41 and ids[:2] == ["patrol_left", "patrol_left"]


def test_hand_limit_counts_the_cards_over_it():
    c = decks.Cards(hands=((1, 2, 3), ()))
    assert decks.over_limit(c, 0, 2) == 1 and decks.over_limit(c, 1, 2) == 0
