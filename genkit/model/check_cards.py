"""Checks of the cards: the deck's size, rolls and draw table for cards that attack, the orders of
command cards. (Registered with :func:`genkit.model.check_context.check`.)"""
from __future__ import annotations

from .check_context import Context, check


@check
def card_count(ctx: Context):
    c = ctx.content
    cards = sum(len(a.all_copies()) for a in c.cards.deck) if c.cards else 0
    if cards != c.game.components.cards:
        yield ctx.error("card-count", ("game", "components", "cards"),
                        f"the deck has {cards} cards but the game states {c.game.components.cards}")
    if c.cards is not None and c.cards.reshuffle_at >= cards:
        yield ctx.error("reshuffle", ("cards", "reshuffle_at"),
                        f"reshuffling at {c.cards.reshuffle_at} cards left is not below the deck size {cards}")


@check
def cards(ctx: Context):
    a = ctx.content.cards
    if a is None:
        return
    ids = {card.id for card in a.deck}
    faces = ctx.content.crt.die_faces if ctx.content.crt is not None else 6
    for face, ref in a.draw_table.items():
        if face > faces:
            yield ctx.error("roll-range", ("cards", "draw_table", face),
                            f"draw table face {face} is above the die's {faces} faces")
        if ref not in ids:
            yield ctx.error("unknown-card", ("cards", "draw_table", face),
                            f"draw table face {face} names '{ref}', which is not a card of the deck")
        elif _kind(next(c for c in a.deck if c.id == ref)) == "draw_from_table":
            yield ctx.warning("draw-loop", ("cards", "draw_table", face),
                              f"draw table face {face} gives another draw from the table")
    missing = [f for f in range(1, faces + 1) if f not in a.draw_table]
    if missing and any(_kind(c) == "draw_from_table" for c in a.deck):
        yield ctx.error("draw-table", ("cards", "draw_table"),
                        f"draw table has no entry for die face(s) {', '.join(map(str, missing))}")
    for i, card in enumerate(a.deck):
        if card.effect is not None and card.target is not None:
            yield from _attack_card(ctx, i, card, faces)
        if card.orders is not None:
            yield from _orders(ctx, i, card)
    if a.hand_limit < a.plays_per_phase:
        yield ctx.warning("hand-limit", ("cards", "hand_limit"), "the hand limit is below the plays per phase")


def _kind(card) -> str:
    return card.effect.kind if card.effect is not None else ""


def _orders(ctx: Context, i: int, card):
    """A command card orders units in sections that exist, of unit types that exist."""
    sections = {s.id for s in ctx.content.map.sections}
    types = {u.id for u in ctx.content.unit_types}
    for sid in card.orders.sections:
        if sid not in sections:
            yield ctx.error("unknown-section", ("cards", "deck", i, "orders", "sections", sid),
                            f"{card.name}: orders units in section '{sid}', which is not a map section "
                            f"({', '.join(sorted(sections)) or 'map.sections is empty'})")
    for k, t in enumerate(card.orders.unit_types):
        if t not in types:
            yield ctx.error("unknown-unit-type", ("cards", "deck", i, "orders", "unit_types", k),
                            f"{card.name}: unit type '{t}' is not defined in unit_types ({', '.join(sorted(types))})")
    if not card.orders.anywhere and not any(card.orders.sections.values()):
        yield ctx.error("orders-none", ("cards", "deck", i, "orders"), f"{card.name}: orders no unit")


def _attack_card(ctx: Context, i: int, card, faces: int):
    """Checks of a card that attacks (its copies' rolls, target and effect)."""
    for j, copy in enumerate(card.all_copies()):
        path = ("cards", "deck", i, "copies", j)
        if any(r > faces for r in copy.roll):
            yield ctx.error("roll-range", path, f"{card.name}: roll {copy.roll} has faces above {faces}")
        if len(set(copy.roll)) != len(copy.roll):
            yield ctx.warning("roll-repeat", path, f"{card.name}: roll {copy.roll} repeats a face")
        if len(copy.roll) == faces:
            yield ctx.warning("roll-always", path, f"{card.name}: every face works, the roll is a formality")
        if card.effect.kind in ("stop", "draw_from_table") and copy.parity is None:
            yield ctx.error("parity", path, f"{card.name}: this effect needs a parity printed on the card")
        if card.effect.kind == "draw_from_table" and copy.roll:
            yield ctx.warning("roll-unused", path, f"{card.name}: roll numbers are unused; the parity decides")
    if card.target.shape in ("line", "area") and card.target.size < 1:
        yield ctx.error("target-size", ("cards", "deck", i, "target", "size"),
                        f"{card.name}: a {card.target.shape} needs at least one hex")
    if card.target.shape == "hex" and card.target.range < 1:
        yield ctx.error("target-range", ("cards", "deck", i, "target", "range"),
                        f"{card.name}: a hex target needs a range of at least 1")
    if card.effect.kind in ("stop", "invulnerable") and card.effect.turns < 1:
        yield ctx.error("effect-turns", ("cards", "deck", i, "effect", "turns"),
                        f"{card.name}: a {card.effect.kind} effect must last at least one turn")
