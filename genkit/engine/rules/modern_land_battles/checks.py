"""Modern Land Battles' checks of a model's ``rules:`` section (run by ``genkit check``): each side
draws from nations that have Force cards, the two sides' draws can never meet, and a nation's
cards can buy a starting army."""
from __future__ import annotations

from ....model.card_values import deck_values_ok, nearest

FORCE_DECK = "force"


def nations(ctx, sec):
    """Set-up 1: every side names the nations of the force deck it draws from (at least one);
    the side drawing after another is never left without a nation (its list is not one nation
    the earlier side may draw); each nation's cards are worth at least the starting army's VP."""
    content = ctx.content
    sides = [s.id for s in content.game.sides]
    deck = next((d for d in content.decks if d.id == FORCE_DECK), None)
    if deck is None:
        yield ctx.error("rules-reference", ("rules", "nations"), f"rules.nations: no deck '{FORCE_DECK}' of Force cards")
        return
    for sid in sides:
        if not sec.nations.get(sid):
            yield ctx.error("rules-reference", ("rules", "nations"), f"rules.nations: side '{sid}' commands no nation")
    known = content.symbol_names(deck.fields["nation"].set) if "nation" in deck.fields else {}
    totals = {}
    if deck_values_ok(content, deck):
        for c in deck.cards:
            n = c.values.get("nation")
            totals[n] = totals.get(n, 0) + c.values.get("vp", 0)
    earlier = {}                              # nation -> the first side that may draw it
    for sid in [s for s in sides if s in sec.nations] + [s for s in sec.nations if s not in sides]:
        options = sec.nations[sid]
        if sid not in sides:
            yield ctx.error("rules-reference", ("rules", "nations", sid), f"rules.nations: no side '{sid}'{nearest(sid, sides)}")
            continue
        for i, nation in enumerate(options):
            where = ("rules", "nations", sid, i) if len(options) > 1 else ("rules", "nations", sid)
            if nation not in known:
                yield ctx.error("rules-reference", where,
                                f"rules.nations.{sid}: '{nation}' is not a nation ({', '.join(known)}){nearest(nation, known)}")
            elif totals and totals.get(nation, 0) < sec.army_vp:
                yield ctx.error("rules-reference", where,
                                f"rules.nations.{sid}: {nation}'s Force cards are worth {totals.get(nation, 0)} VP, less "
                                f"than the starting army's {sec.army_vp}")
        if len(set(options)) == 1 and options[0] in earlier:
            yield ctx.error("rules-reference", ("rules", "nations", sid),
                            f"rules.nations.{sid}: '{options[0]}' may be {earlier[options[0]]}'s, drawn first, and "
                            f"it is this side's only nation; each side commands its own nation: name more")
        for nation in options:
            earlier.setdefault(nation, sid)
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
