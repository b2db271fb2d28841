"""A deck's list as plain data rows, for the booklet's ``[[cards]]`` / ``[[cards DECK]]`` table and
the player aid: one row per card with its copies and the fields the deck lists (``list_fields``),
the card's text last. The booklet and aid draw it as they draw any table; nothing here draws.

Two kinds of deck keep the columns they had: a command deck (fields named after map sections)
lists its orders in words, a deck whose copies print a ``roll`` lists each copy's roll."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..model.card_orders import orders_deck
from ..model.schema import Content
from ..model.schema_cards import Deck
from .orders import orders_words
from .tables import fill_words

WIDTHS = [1.5, 0.8, 1.9, 4.6]


@dataclass(frozen=True)
class DeckList:
    """The deck's list: its header, one row per card (all text), relative column widths."""
    header: list
    rows: list
    widths: list
    align: list


def ranges(faces) -> str:
    """[1, 2, 3, 5] -> "1-3, 5"."""
    out, run = [], []
    for f in sorted(faces):
        if run and f == run[-1] + 1:
            run.append(f)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
        run = [f]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
    return ", ".join(out)


def shown(content: Content, spec, value) -> str:
    """A declared value in words: a symbol by its name, a list joined, a unit after a number."""
    if isinstance(value, (list, tuple)):
        return ", ".join(shown(content, spec, v) for v in value) or "-"
    if spec.set is not None:
        return content.symbol_names(spec.set).get(value, str(value))
    if value in ("", None):
        return "-"
    return f"{value} {spec.unit}" if spec.unit and isinstance(value, int) else str(value)


def deck_list(content: Content, deck: Deck | None, word: Callable[[str], str]) -> DeckList:
    """The list of ``deck`` (None: an empty list with the generic columns), its headings in the
    words of the style's ``word`` (the player aid's ``words``, as every table's)."""
    w = word
    align = ["LEFT", "CENTER", "LEFT", "LEFT"]
    if deck is not None and orders_deck(content, deck):      # command cards: the units each orders
        rows = [[c.name, str(deck.copy_count(c)), orders_words(content, c) or w("none"), c.text] for c in deck.cards]
        return DeckList([w("card"), w("copies"), w("t_orders"), w("t_what_it_does")], rows, WIDTHS, align)
    if deck is not None and "roll" in deck.fields and not deck.list_fields:
        rows = []
        for c in deck.cards:
            rolls = "; ".join(filter(None, (
                " ".join(filter(None, [ranges(cp.roll) if cp.roll else "",
                                       fill_words(w("t_then"), parity=cp.get("parity")) if cp.roll and cp.get("parity")
                                       else (cp.get("parity") or "")]))
                for cp in deck.copies_of(c))))
            rows.append([c.name, str(deck.copy_count(c)), rolls or w("t_always"), c.text])
        return DeckList([w("card"), w("copies"), w("t_rolls"), w("t_what_it_does")], rows, WIDTHS, align)
    names = list(deck.list_fields) if deck is not None else []
    header = [w("card"), w("copies")] + [(deck.fields[n].label or n.replace("_", " ").capitalize())
                                         if n in deck.fields else n.capitalize() for n in names] + [w("t_what_it_does")]
    rows = []
    for c in deck.cards if deck is not None else ():
        v = deck.values(c)
        rows.append([c.name, str(deck.copy_count(c))]
                    + [shown(content, deck.fields[n], v[n]) if n in deck.fields else str(getattr(c, n, ""))
                       for n in names] + [c.text])
    widths = [1.5, 0.8] + [1.1] * len(names) + [max(2.0, 6.5 - 1.1 * len(names))]
    return DeckList(header, rows, widths, ["LEFT", "CENTER"] + ["CENTER"] * len(names) + ["LEFT"])


def deck_ids(content: Content) -> list[str]:
    """The ids ``[[cards ID]]`` may name."""
    return [d.id for d in content.decks]


def named_deck(content: Content, deck_id: str | None) -> Deck | None:
    """The deck ``deck_id`` (None: the one the rules deal hands from, else the first)."""
    if deck_id is not None:
        return next((d for d in content.decks if d.id == deck_id), None)
    return content.play_deck() or (content.decks[0] if content.decks else None)
