"""Checks of the ability deck that only Bering Land's rules need (11.0): each copy's roll on the
die, a printed parity where the effect rolls it, a target with room and an effect that lasts.
Part of :data:`.section.content_checks`; reads the deck through its declared fields."""
from __future__ import annotations

from ....model.card_values import deck_values_ok
from .abilities import FIELDS


def ability_cards(ctx, section):
    content = ctx.content
    deck = content.play_deck()
    if deck is None or any(k not in deck.fields for k in FIELDS) or not deck_values_ok(content, deck):
        return          # the module's requirements and the model's checks name what is wrong
    d = content.decks.index(deck)
    faces = content.crt.die_faces if content.crt is not None else 6
    kinds = {c.id: deck.values(c).effect for c in deck.cards}
    for face, ref in deck.draw_table.items():
        if kinds.get(ref) == "draw_from_table":
            yield ctx.warning("draw-loop", ("decks", d, "draw_table", face),
                              f"draw table face {face} gives another draw from the table")
    missing = [f for f in range(1, faces + 1) if f not in deck.draw_table]
    if missing and "draw_from_table" in kinds.values():
        yield ctx.error("draw-table", ("decks", d, "draw_table"),
                        f"draw table has no entry for die face(s) {', '.join(map(str, missing))}")
    for i, card in enumerate(deck.cards):
        yield from _card(ctx, deck, ("decks", d, "cards", i), card, faces)


def _card(ctx, deck, base: tuple, card, faces: int):
    """11.1-11.3: a card's copies, target and effect."""
    v = deck.values(card)
    for j, copy in enumerate(deck.copies_of(card)):
        path = base + (("copies", j) if card.copies else ())
        roll = list(copy.roll)
        if any(r > faces for r in roll):
            yield ctx.error("roll-range", path, f"{card.name}: roll {roll} has faces above {faces}")
        if len(set(roll)) != len(roll):
            yield ctx.warning("roll-repeat", path, f"{card.name}: roll {roll} repeats a face")
        if len(roll) == faces:
            yield ctx.warning("roll-always", path, f"{card.name}: every face works, the roll is a formality")
        if v.effect in ("stop", "draw_from_table") and not copy.parity:
            yield ctx.error("parity", path, f"{card.name}: this effect needs a parity printed on the card")
        if v.effect == "draw_from_table" and roll:
            yield ctx.warning("roll-unused", path, f"{card.name}: roll numbers are unused; the parity decides")
    if v.target in ("line", "area") and v.size < 1:
        yield ctx.error("target-size", base + ("size",), f"{card.name}: a {v.target} needs at least one hex")
    if v.target == "hex" and v.range < 1:
        yield ctx.error("target-range", base + ("range",), f"{card.name}: a hex target needs a range of at least 1")
    if v.effect in ("stop", "invulnerable") and v.turns < 1:
        yield ctx.error("effect-turns", base + ("turns",),
                        f"{card.name}: a {v.effect} effect must last at least one turn")
