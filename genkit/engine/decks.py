"""Cards in play, for any rules module: draw piles, hands (secret or open), discards, cards laid
in table areas, counters on cards. Records and pure functions: each function takes a
:class:`Cards` and returns a new one (nothing is changed in place), and whatever is random comes
from the game's seeded chance (:func:`genkit.engine.chance.shuffle`) through the ``state`` the
caller passes, so the same seed deals the same cards.

A card in play is an int: its index in the deck's list of copies (:func:`copies`), so piles are
tuples of ints and a position hashes and copies cheaply. The top of a pile is its last card.
A table area is a plain id string (a space or area of the board, e.g. ``"centre"`` or a
hex id), so a rules module names it as its board names it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .chance import shuffle


@dataclass(frozen=True)
class Cards:
    """Where every copy of one deck is: the draw pile, each holder's hand, the discards, the
    cards laid in table areas, and the counters lying on cards."""
    pile: tuple = ()                                # the draw pile; its top is the last card
    hands: tuple = ()                               # one tuple per holder (side index)
    discard: tuple = ()
    table: dict = field(default_factory=dict)       # area id -> cards laid there, in order
    counters: dict = field(default_factory=dict)    # card -> counters on it (e.g. a control track)
    open_hands: bool = False                        # False: a hand is secret to the other holders

    def everywhere(self) -> list:
        """Every card, wherever it is (each once: the deck is conserved)."""
        return sorted(list(self.pile) + [c for h in self.hands for c in h] + list(self.discard)
                      + [c for cs in self.table.values() for c in cs])

    def visible_to(self, holder: int) -> dict:
        """What ``holder`` sees: the pile and other secret hands as counts, the rest as cards."""
        return {"pile": len(self.pile), "discard": self.discard, "table": dict(self.table),
                "hands": [h if (i == holder or self.open_hands) else len(h) for i, h in enumerate(self.hands)]}


def copies(deck) -> list[str]:
    """The card id of every copy of ``deck`` (a model Deck), in the deck's order: card ``k`` in
    play is a copy of card ``copies(deck)[k]``."""
    return [card.id for card in deck.cards for _ in range(deck.copy_count(card))]


def new_cards(n: int, holders: int, state, open_hands: bool = False) -> Cards:
    """A shuffled draw pile of ``n`` cards and ``holders`` empty hands (``state``: the seeded
    chance the game rolls with)."""
    pile = list(range(n))
    shuffle(state, pile)
    return Cards(pile=tuple(pile), hands=((),) * holders, open_hands=open_hands)


def shuffled_under(state, pile, discards) -> list:
    """A new draw pile: the ``discards`` shuffled (with the game's seeded chance) and put under
    the cards left in ``pile`` (the top is the end). For rules modules that keep their piles as
    lists in their state: Bering Land (4.1.1) and the command cards (3.6) remake theirs so."""
    under = list(discards)
    shuffle(state, under)
    return under + list(pile)


def reshuffle(cards: Cards, state) -> Cards:
    """The discards shuffled under the draw pile (the cards left stay on top)."""
    return replace(cards, pile=tuple(shuffled_under(state, cards.pile, cards.discard)), discard=())


def draw(cards: Cards, holder: int, state, reshuffle_at: int = 0) -> tuple[Cards, int | None]:
    """``holder`` draws the top card into the hand; when the pile is down to ``reshuffle_at``
    cards (or empty) and there are discards, they are shuffled in first. Returns the cards and
    the card drawn (None: nothing left to draw)."""
    if len(cards.pile) <= reshuffle_at and cards.discard:
        cards = reshuffle(cards, state)
    if not cards.pile:
        return cards, None
    card = cards.pile[-1]
    hands = list(cards.hands)
    hands[holder] = hands[holder] + (card,)
    return replace(cards, pile=cards.pile[:-1], hands=tuple(hands)), card


def deal(cards: Cards, sizes, state, reshuffle_at: int = 0) -> Cards:
    """Each holder draws ``sizes[holder]`` cards, one holder after the other."""
    for holder, n in enumerate(sizes):
        for _ in range(n):
            cards, _ = draw(cards, holder, state, reshuffle_at)
    return cards


def _take(cards: Cards, card: int) -> Cards:
    """``cards`` without ``card``, wherever it was (a hand, the pile, the discards, the table);
    its counters go with it."""
    hands = tuple(tuple(c for c in h if c != card) for h in cards.hands)
    table = {a: tuple(c for c in cs if c != card) for a, cs in cards.table.items()}
    return replace(cards, pile=tuple(c for c in cards.pile if c != card), hands=hands,
                   discard=tuple(c for c in cards.discard if c != card),
                   table={a: cs for a, cs in table.items() if cs})


def discard(cards: Cards, card: int) -> Cards:
    """``card`` goes to the discards (played from a hand, or removed from the table); the
    counters on it are taken off."""
    out = _take(cards, card)
    return replace(out, discard=out.discard + (card,),
                   counters={c: n for c, n in cards.counters.items() if c != card})


def lay(cards: Cards, card: int, area: str) -> Cards:
    """``card`` is laid face up in the table area ``area`` (an area or space id of the board)."""
    out = _take(cards, card)
    table = dict(out.table)
    table[area] = table.get(area, ()) + (card,)
    return replace(out, table=table, counters=dict(cards.counters))


def turn_up(cards: Cards, area: str) -> tuple[Cards, int | None]:
    """The top card of the draw pile is turned face up into ``area`` (a terrain card turned one
    by one); None when the pile is empty."""
    if not cards.pile:
        return cards, None
    card = cards.pile[-1]
    return lay(cards, card, area), card


def in_area(cards: Cards, area: str) -> tuple:
    return cards.table.get(area, ())


def put_counters(cards: Cards, card: int, n: int) -> Cards:
    """Set the counters on ``card`` (a marker's place on a track, hits taken...) to
    ``n``; 0 takes them off."""
    counters = dict(cards.counters)
    if n:
        counters[card] = n
    else:
        counters.pop(card, None)
    return replace(cards, counters=counters)


def counters_on(cards: Cards, card: int) -> int:
    return cards.counters.get(card, 0)


def over_limit(cards: Cards, holder: int, hand_limit: int) -> int:
    """How many cards ``holder`` holds beyond the hand limit (0 when within it)."""
    return max(0, len(cards.hands[holder]) - hand_limit)
