"""Checks of the decks: every card gives a value of its declared type for each field the deck
declares (and no other: an unknown field is named with the nearest declared one), the copies add
up per deck and to the stated totals, the draw table names cards of its deck. A value read from a
CSV file is named by its row and column too. (Registered with
:func:`genkit.model.check_context.check`.)"""
from __future__ import annotations

from .check_context import Context, check
from .card_values import nearest as _nearest, value_problem
from .csv_rows import CORE_COLUMNS


def _declared(known) -> str:
    return ", ".join(sorted(known)) or "the deck declares no fields"


@check
def card_count(ctx: Context):
    c = ctx.content
    total = sum(d.size_of_deck for d in c.decks)
    stated = c.game.components.cards
    if total != stated and (stated or c.decks):
        yield ctx.error("card-count", ("game", "components", "cards"),
                        f"the decks have {total} cards but the game states {stated}"
                        + (f" ({', '.join(f'{d.id}: {d.size_of_deck}' for d in c.decks)})" if len(c.decks) > 1 else ""))
    for i, d in enumerate(c.decks):
        if d.total is not None and d.total != d.size_of_deck:
            yield ctx.error("card-count", ("decks", i, "total"),
                            f"deck {d.id}: its cards' copies add up to {d.size_of_deck}, not the stated {d.total}")
        if d.hand_limit is not None and d.reshuffle_at >= d.size_of_deck:
            yield ctx.error("reshuffle", ("decks", i, "reshuffle_at"),
                            f"reshuffling at {d.reshuffle_at} cards left is not below the deck size {d.size_of_deck}")
        if d.hand_limit is not None and d.hand_limit < d.plays_per_phase:
            yield ctx.warning("hand-limit", ("decks", i, "hand_limit"), "the hand limit is below the plays per phase")


@check
def deck_ids(ctx: Context):
    seen: dict = {}
    for i, d in enumerate(ctx.content.decks):
        if d.id in seen:
            yield ctx.error("duplicate-id", ("decks", i, "id"), f"deck id '{d.id}' is used twice")
        seen[d.id] = i
        cards: dict = {}
        for j, card in enumerate(d.cards):
            if card.id in cards:
                path = ("decks", i, "cards", j, "id")
                yield ctx.error("duplicate-id", path, f"deck {d.id}: card id '{card.id}' is used twice"
                                + ctx.source.cell(path))
            cards[card.id] = j
    holders = ctx.side_ids | {"both", "table"}
    for i, d in enumerate(ctx.content.decks):
        if d.held_by not in holders:
            yield ctx.error("deck-holder", ("decks", i, "held_by"),
                            f"deck {d.id}: held_by '{d.held_by}' is not a side, both or table"
                            + _nearest(d.held_by, holders))


@check
def symbol_sets(ctx: Context):
    sets = {s.id for s in ctx.content.symbol_sets} | {"unit_types", "sides"}
    for i, d in enumerate(ctx.content.decks):
        for name, spec in d.fields.items():
            if name in CORE_COLUMNS + ("copies",):
                yield ctx.error("deck-field", ("decks", i, "fields", name),
                                f"deck {d.id}: '{name}' is every card's own key, not a field to declare")
            if spec.set is not None and spec.set not in sets:
                yield ctx.error("unknown-symbol-set", ("decks", i, "fields", name, "set"),
                                f"deck {d.id}: field {name} names the symbol set '{spec.set}', which is not "
                                f"declared (symbol_sets: {', '.join(sorted(sets))}){_nearest(spec.set, sets)}")
            if spec.default not in (None, "", []):
                problem = value_problem(ctx.content, spec, spec.default)
                if problem:
                    yield ctx.error("deck-field", ("decks", i, "fields", name, "default"),
                                    f"deck {d.id}: field {name}'s default {problem}")
        for name in d.list_fields:
            if name not in d.fields and name not in CORE_COLUMNS:
                yield ctx.error("unknown-field", ("decks", i, "list_fields"),
                                f"deck {d.id}: list_fields names '{name}', not a field of the deck "
                                f"({_declared(d.fields)}){_nearest(name, d.fields)}")


@check
def card_values(ctx: Context):
    """Every value of its declared type; every field without a default given; nothing undeclared."""
    for i, d in enumerate(ctx.content.decks):
        shared = {k for k, f in d.fields.items() if not f.per_copy}
        for j, card in enumerate(d.cards):
            base = ("decks", i, "cards", j)
            yield from _values(ctx, d, card.id, card.values, base, d.fields)
            for k, cp in enumerate(card.copies):
                yield from _values(ctx, d, card.id, cp, base + ("copies", k),
                                   {n: f for n, f in d.fields.items() if f.per_copy}, shared)
            given = [set(card.values) | set(cp) for cp in card.copies] or [set(card.values)]
            for name, spec in d.fields.items():
                if spec.default is None and any(name not in g for g in given):
                    path = base + (("copies",) if spec.per_copy and card.copies else ())
                    yield ctx.error("missing-field", path,
                                    f"deck {d.id}, card {card.id}: gives no {name} ({spec.type}), and the field "
                                    f"has no default" + ctx.source.cell(base))


def _values(ctx: Context, deck, card_id: str, values: dict, base: tuple, fields: dict, shared=frozenset()):
    for name, value in values.items():
        path = base + (name,)
        where = ctx.source.cell(path)
        if name not in fields:
            if name in shared:
                yield ctx.error("unknown-field", path, f"deck {deck.id}, card {card_id}: {name} is the same for "
                                                       "every copy; give it on the card, not per copy")
                continue
            known = set(fields) | {"id", "name", "text", "count", "copies"}
            yield ctx.error("unknown-field", path,
                            f"deck {deck.id}, card {card_id}: unknown field '{name}'{where} (declared: "
                            f"{_declared(fields)}){_nearest(name, known)}")
            continue
        problem = value_problem(ctx.content, fields[name], value)
        if problem:
            spec = fields[name]
            yield ctx.error("field-value", path,
                            f"deck {deck.id}, card {card_id}: {name}{where} {problem} (declared {spec.type}"
                            + (", a list" if spec.is_list and spec.type != "symbols" else "") + ")")


@check
def draw_tables(ctx: Context):
    """A deck's draw table names cards of that deck, on faces of the game's die."""
    faces = ctx.content.crt.die_faces if ctx.content.crt is not None else 6
    for i, d in enumerate(ctx.content.decks):
        ids = {card.id for card in d.cards}
        for face, ref in d.draw_table.items():
            if face > faces:
                yield ctx.error("roll-range", ("decks", i, "draw_table", face),
                                f"draw table face {face} is above the die's {faces} faces")
            if ref not in ids:
                yield ctx.error("unknown-card", ("decks", i, "draw_table", face),
                                f"draw table face {face} names '{ref}', which is not a card of deck {d.id}"
                                + _nearest(ref, ids))
