"""Modern Land Battles' checks of a model's ``rules:`` section (run by ``genkit check``): each side
commands a nation that has Force cards, the two nations differ, and a nation's cards can buy a
starting army."""
from __future__ import annotations

from ....model.card_values import deck_values_ok, nearest

FORCE_DECK = "force"


def nations(ctx, sec):
    """Set-up 1: every side names one nation of the force deck, no two the same; each nation's
    cards are worth at least the starting army's VP."""
    content = ctx.content
    sides = [s.id for s in content.game.sides]
    deck = next((d for d in content.decks if d.id == FORCE_DECK), None)
    if deck is None:
        yield ctx.error("rules-reference", ("rules", "nations"), f"rules.nations: no deck '{FORCE_DECK}' of Force cards")
        return
    for sid in sides:
        if sid not in sec.nations:
            yield ctx.error("rules-reference", ("rules", "nations"), f"rules.nations: side '{sid}' commands no nation")
    known = content.symbol_names(deck.fields["nation"].set) if "nation" in deck.fields else {}
    seen = {}
    for sid, nation in sec.nations.items():
        if sid not in sides:
            yield ctx.error("rules-reference", ("rules", "nations", sid), f"rules.nations: no side '{sid}'{nearest(sid, sides)}")
        elif nation not in known:
            yield ctx.error("rules-reference", ("rules", "nations", sid),
                            f"rules.nations.{sid}: '{nation}' is not a nation ({', '.join(known)}){nearest(nation, known)}")
        elif nation in seen:
            yield ctx.error("rules-reference", ("rules", "nations", sid),
                            f"rules.nations.{sid}: '{nation}' is also {seen[nation]}'s; each side commands its own nation")
        else:
            seen[nation] = sid
            if deck_values_ok(content, deck):
                total = sum(c.values.get("vp", 0) for c in deck.cards if c.values.get("nation") == nation)
                if total < sec.army_vp:
                    yield ctx.error("rules-reference", ("rules", "nations", sid),
                                    f"rules.nations.{sid}: {nation}'s Force cards are worth {total} VP, less than "
                                    f"the starting army's {sec.army_vp}")
    if sec.first_player != "random" and sec.first_player not in sides:
        yield ctx.error("rules-reference", ("rules", "first_player"),
                        f"rules.first_player: '{sec.first_player}' is neither random nor a side ({', '.join(sides)})")


#: the decks the rules read besides the action deck (whose fields the module's Requirements name),
#: with the fields each must declare and their types
READS = {"force": {"nation": ("symbol",), "armour": ("integer", "number"), "maneuver": ("integer", "number"),
                   "small_arms": ("integer",), "cannon": ("integer",), "missile": ("integer",),
                   "artillery": ("integer",), "artillery_range": ("integer",), "hq": ("choice",),
                   "vp": ("integer", "number"), "type": ("choice", "text")},
         "terrain": {"reach": ("integer",), "vp": ("integer", "number"), "benefit": ("choice",)}}
BENEFITS = ("none", "ready", "clear_superior", "repair", "draw")


def deck_fields(ctx, sec):
    """The force and terrain decks exist and declare every field the rules read, of its type;
    a terrain benefit is one the rules know."""
    decks = {d.id: (i, d) for i, d in enumerate(ctx.content.decks)}
    for deck_id, fields in READS.items():
        if deck_id not in decks:
            yield ctx.error("rules-reference", ("decks",), f"decks: the rules read a deck '{deck_id}'; there is none")
            continue
        i, deck = decks[deck_id]
        for name, kinds in fields.items():
            spec = deck.fields.get(name)
            if spec is None or spec.type not in kinds:
                got = "it is not declared" if spec is None else f"it is a {spec.type}"
                yield ctx.error("rules-reference", ("decks", i, "fields"),
                                f"decks: the rules read the field {name} ({' or '.join(kinds)}) of deck {deck_id}; {got}")
        if deck_id == "terrain" and "benefit" in deck.fields:
            for opt in deck.fields["benefit"].options:
                if opt not in BENEFITS:
                    yield ctx.error("rules-reference", ("decks", i, "fields", "benefit"),
                                    f"decks.terrain.fields.benefit: the rules know no benefit '{opt}' "
                                    f"({', '.join(BENEFITS)}){nearest(opt, BENEFITS)}")


content_checks = (deck_fields, nations)
