"""Memoir '44's checks: of a content model's ``rules:`` section against the rest of the model
(:data:`content_checks`, run by ``genkit check``: each yields an error whose path locates
the file and line), and of a position (:func:`state_problems`, the game's own invariants)."""
from __future__ import annotations

from ....hexes import format_hex_id
from ....model.card_orders import section_orders
from ....model.card_values import deck_values_ok
from .state import S_KEEP
from .section import EDGES, NEEDS_NUMBERS, ORDERS_OTHERWISE, TACTICS


def effect_ids(ctx, sec):
    """2.2 / 8.1: every terrain and feature the section gives effects to exists on the map, and
    every unit type an effect names exists."""
    content = ctx.content
    terrains = {t.id for t in content.map.terrain}
    feats = {f.id for f in content.map.features}
    types = {t.id for t in content.unit_types}
    for key, known, what in (("terrain", terrains, "map.terrain"), ("features", feats, "map.features")):
        for eid, eff in getattr(sec, key).items():
            if eid not in known:
                yield ctx.error("rules-reference", ("rules", key, eid), f"rules.{key}: '{eid}' is not in {what} ({', '.join(sorted(known))})")
            for field in ("dice", "battle_out"):
                for tid in getattr(eff, field):
                    if tid not in types:
                        yield ctx.error("rules-reference", ("rules", key, eid, field, tid), f"rules.{key}.{eid}.{field}: no unit type '{tid}'")
            if key == "features" and eff.see_across_from_same:
                yield ctx.error("rules-reference", ("rules", key, eid, "see_across_from_same"), f"rules.features.{eid}.see_across_from_same: read for terrain only (a contiguous group of a terrain)")
            for field in ("impassable_for", "no_retreat_for"):
                for tid in getattr(eff, field):
                    if tid not in types:
                        yield ctx.error("rules-reference", ("rules", key, eid, field), f"rules.{key}.{eid}.{field}: no unit type '{tid}'")
    for fi, f in enumerate(content.map.features):
        eff = sec.features.get(f.id)
        if eff is not None and eff.protects == "owner" and not f.side:
            yield ctx.error("rules-reference", ("map", "features", fi), f"map.features: {f.id} protects its owner's units only (rules.yaml) but has no side")


def wall_hexsides(ctx, sec):
    """8.6: every ``rules.hexsides`` entry names a hexside feature of the map that faces one way
    (``directed``), and its dice name unit types; the map has no roads (the module plays none)."""
    content = ctx.content
    sides_ = {x.id: x for x in content.map.hexsides}
    types = {t.id for t in content.unit_types}
    for xid, eff in sec.hexsides.items():
        if xid not in sides_:
            yield ctx.error("rules-reference", ("rules", "hexsides", xid), f"rules.hexsides: '{xid}' is not in "
                            f"map.hexsides ({', '.join(sorted(sides_)) or 'none'})")
        elif not sides_[xid].directed:
            yield ctx.error("rules-reference", ("rules", "hexsides", xid), f"rules.hexsides: '{xid}' protects the "
                            f"units behind it, so map.hexsides {xid} must say directed: true (the first hex of "
                            f"each edge is behind it)")
        for tid in eff.impassable_for:
            if tid not in types:
                yield ctx.error("rules-reference", ("rules", "hexsides", xid, "impassable_for"),
                                f"rules.hexsides.{xid}.impassable_for: no unit type '{tid}'")
        for tid in eff.dice:
            if tid not in types:
                yield ctx.error("rules-reference", ("rules", "hexsides", xid, "dice", tid),
                                f"rules.hexsides.{xid}.dice: no unit type '{tid}'")
    for i, x in enumerate(content.map.hexsides):
        if x.id not in sec.hexsides:
            yield ctx.error("rules-reference", ("map", "hexsides", i), f"map.hexsides: {x.id} has no entry in "
                            f"rules.hexsides; it would be printed but never played")
    if content.map.roads:
        yield ctx.error("rules-reference", ("map", "roads"), "map.roads: rules module memoir44 applies no roads; "
                        "they would be printed but never played")


def unit_type_ids(ctx, sec):
    """2.1 / 4.4 / 5.4 / 7: the unit types the section names exist; every unit type has a
    ``move_and_battle`` entry."""
    content = ctx.content
    types = [t.id for t in content.unit_types]
    for key in ("move_and_battle", "needs_los"):
        for tid in getattr(sec, key):
            if tid not in types:
                yield ctx.error("rules-reference", ("rules", key, tid), f"rules.{key}: no unit type '{tid}'")
    for key in ("take_ground", "overrun"):
        for i, tid in enumerate(getattr(sec, key)):
            if tid not in types:
                yield ctx.error("rules-reference", ("rules", key, i), f"rules.{key}: no unit type '{tid}'")
    for tid in types:
        if tid not in sec.move_and_battle:
            yield ctx.error("rules-reference", ("rules", "move_and_battle"), f"rules.move_and_battle: unit type '{tid}' has no entry")


def sides(ctx, sec):
    """2.4 / 3.5 / 6.1 / 9.2: a hand for every side and for sides only; extra orders, own edges
    and objectives name sides; an own edge is one the grid's orientation has (rows on a pointy
    grid, columns on a flat one); objectives stand on the map, on passable hexes."""
    content = ctx.content
    side_ids = [s.id for s in content.game.sides]
    for sid in side_ids:
        if sid not in sec.hands:
            yield ctx.error("rules-reference", ("rules", "hands"), f"rules.hands: side '{sid}' has no hand size")
    for i, sid in enumerate(sec.commissar):
        if sid not in side_ids:
            yield ctx.error("rules-reference", ("rules", "commissar", i), f"rules.commissar: no side '{sid}'")
    for key in ("hands", "extra_orders", "own_edges", "unit_rules", "hand_floor"):
        for sid in getattr(sec, key):
            if sid not in side_ids:
                yield ctx.error("rules-reference", ("rules", key, sid), f"rules.{key}: no side '{sid}'")
    places = {x.id for x in content.map.terrain} | {f.id for f in content.map.features}
    for sid, by_type in sec.unit_rules.items():
        for tid, rule in by_type.items():
            for pid in rule.ignore_all_flags_in:
                if pid not in places:
                    yield ctx.error("rules-reference", ("rules", "unit_rules", sid, tid, "ignore_all_flags_in"),
                                    f"rules.unit_rules.{sid}.{tid}.ignore_all_flags_in: '{pid}' is neither a "
                                    f"terrain nor a feature of the map ({', '.join(sorted(places))})")
    orientation = content.map.grid.orientation
    for sid, edge in sec.own_edges.items():
        if edge not in EDGES[orientation]:
            yield ctx.error("rules-reference", ("rules", "own_edges", sid), f"rules.own_edges.{sid}: a {orientation} grid has no {edge} edge (its own edges are {' or '.join(EDGES[orientation])})")
    deck = content.play_deck()
    n = deck.size_of_deck if deck else 0
    if sum(sec.hands.values()) > n:
        yield ctx.error("rules-reference", ("rules", "hands"), f"rules.hands: {sum(sec.hands.values())} cards dealt from a deck of {n}")
    if deck:
        for sid, size in sec.hands.items():
            if size > deck.hand_limit:
                yield ctx.error("rules-reference", ("rules", "hands", sid), f"rules.hands: {size} cards for {sid}, over the hand limit {deck.hand_limit}")
    cells = _cells(content)
    for i, o in enumerate(sec.objectives):
        if o.side not in side_ids:
            yield ctx.error("rules-reference", ("rules", "objectives", i, "side"), f"rules.objectives: no side '{o.side}'")
        if o.hex not in cells:
            yield ctx.error("rules-reference", ("rules", "objectives", i, "hex"), f"rules.objectives: hex {o.hex} is not on the map")
        elif cells[o.hex] is None:
            yield ctx.error("rules-reference", ("rules", "objectives", i, "hex"), f"rules.objectives: hex {o.hex} is impassable")


def feature_hexes(ctx, sec):
    """8.1: at most one feature on a hex."""
    content = ctx.content
    seen = {}
    for fi, f in enumerate(content.map.features):
        for k, hid in enumerate(f.hexes):
            if hid in seen:
                yield ctx.error("rules-reference", ("map", "features", fi, "hexes", k), f"map.features: hex {hid} has {seen[hid]} and {f.id}")
            seen[hid] = f.id


def card_orders(ctx, sec):
    """2.4: the command deck declares a field for every map section (the units a card orders
    there: a number or all), and anywhere and unit_types if it orders units anywhere; every card
    orders somebody. (The unit types it names are checked as symbols of unit_types.)"""
    content = ctx.content
    deck = content.play_deck()
    if deck is None or not deck_values_ok(content, deck):
        return                  # the model's checks name the values that are wrong
    d = content.decks.index(deck)
    for s in content.map.sections:
        spec = deck.fields.get(s.id)
        if spec is None or spec.type != "integer" or spec.is_list:
            yield ctx.error("rules-reference", ("decks", d, "fields"), f"decks.{deck.id}: a command deck declares "
                            f"the field {s.id} (an integer, words [all]: the units a card orders in map section {s.id})")
    for name, kind in (("anywhere", "integer"), ("unit_types", "symbols")):
        spec = deck.fields.get(name)
        if spec is not None and spec.type != kind:
            yield ctx.error("rules-reference", ("decks", d, "fields", name), f"decks.{deck.id}: field {name} must "
                            f"be declared {kind}")
    for i, card in enumerate(deck.cards):
        o = section_orders(content, card, deck)
        if "tactic" in deck.fields and deck.values(card)["tactic"] in ORDERS_OTHERWISE:
            continue
        if o is not None and not o.anywhere and not o.sections:
            yield ctx.error("rules-reference", ("decks", d, "cards", i), f"cards: {card.id} orders no unit"
                            + ctx.source.cell(("decks", d, "cards", i, "id")))


def tactic_cards(ctx, sec):
    """3.7-3.16: a command deck's ``tactic`` field is a choice among the procedures the module
    knows (or none); every procedure a card names that reads numbers has them in rules.tactics;
    the sides of a strike's dice exist."""
    content = ctx.content
    deck = content.play_deck()
    side_ids = [s.id for s in content.game.sides]
    for kind, tac in sec.tactics.items():
        for sid in tac.dice:
            if sid not in side_ids:
                yield ctx.error("rules-reference", ("rules", "tactics", kind, "dice", sid), f"rules.tactics.{kind}.dice: no side '{sid}'")
    if deck is None or "tactic" not in deck.fields or not deck_values_ok(content, deck):
        return
    d = content.decks.index(deck)
    spec = deck.fields["tactic"]
    known = set(TACTICS) | {"none"}
    if spec.type != "choice" or not set(spec.options) <= known:
        yield ctx.error("rules-reference", ("decks", d, "fields", "tactic"), f"decks.{deck.id}: field tactic must be "
                        f"a choice among none, {', '.join(TACTICS)}")
        return
    for i, card in enumerate(deck.cards):
        kind = deck.values(card)["tactic"]
        if kind in NEEDS_NUMBERS and kind not in sec.tactics:
            yield ctx.error("rules-reference", ("decks", d, "cards", i), f"cards: {card.id} is a {kind} card but "
                            f"rules.tactics has no {kind} entry (its numbers)" + ctx.source.cell(("decks", d, "cards", i, "id")))


def air_rules(ctx, sec):
    """11.1-11.2: the air types are unit types and start off the map (no set-up hex); each
    airfield is a map feature with a side; a deck with an air sortie card has rules.air."""
    content = ctx.content
    types = {t.id for t in content.unit_types}
    air = sec.air
    if air is not None:
        for i, tid in enumerate(air.types):
            if tid not in types:
                yield ctx.error("rules-reference", ("rules", "air", "types", i), f"rules.air.types: no unit type '{tid}'")
        feats = {f.id: f for f in content.map.features}
        for i, fid in enumerate(air.airfields):
            if fid not in feats:
                yield ctx.error("rules-reference", ("rules", "air", "airfields", i), f"rules.air.airfields: '{fid}' is "
                                f"not in map.features ({', '.join(sorted(feats)) or 'none'})")
            elif not feats[fid].side:
                yield ctx.error("rules-reference", ("rules", "air", "airfields", i), f"rules.air.airfields: map "
                                f"feature {fid} needs a side (the side whose air units take off from it)")
        for gi, group in enumerate(content.counters.units):
            if group.type in air.types and group.setup:
                yield ctx.error("rules-reference", ("counters", "units", gi, "setup"), f"counters.units: {group.type} "
                                f"flies (rules.air.types), so it starts off the map: give it reserve, not setup hexes")
    flying = set(air.types) if air else set()
    for gi, group in enumerate(content.counters.units):
        if group.reserve and group.type not in flying:
            yield ctx.error("rules-reference", ("counters", "units", gi, "reserve"), f"counters.units: only air units "
                            f"(rules.air.types) start off the map and come onto it; {group.reserve} {group.side} "
                            f"{group.type} in reserve would never enter")
    deck = content.play_deck()
    if air is None and deck is not None and "tactic" in deck.fields and deck_values_ok(content, deck):
        d = content.decks.index(deck)
        for i, card in enumerate(deck.cards):
            if deck.values(card)["tactic"] == "air_sortie":
                yield ctx.error("rules-reference", ("decks", d, "cards", i), f"cards: {card.id} is an air sortie "
                                f"card but rules has no air section (rules.air: the unit types that fly)"
                                + ctx.source.cell(("decks", d, "cards", i, "id")))


def _cells(content) -> dict:
    """Hex id -> its terrain's move cost (None: impassable), for every hex of the map."""
    g = content.map.grid
    by_code = content.terrain_by_code()
    out = {}
    for r, row in enumerate(content.map.rows, start=1):
        for c, code in enumerate(row, start=1):
            if c <= g.columns and r <= g.rows and code in by_code:
                out[format_hex_id(c, r)] = by_code[code].move_cost
    return out


content_checks = (effect_ids, wall_hexsides, unit_type_ids, sides, feature_hexes, card_orders, tactic_cards, air_rules)


def state_problems(g, s) -> list:
    """The game's own invariants of a position, as sentences: every card once in the deck, the
    discards or a hand (or being played, or drawn by a recon card and not yet kept, 3.7); units on the map have 1..figures figures; features
    only where the set-up put them."""
    errs = []
    drawn = list(s.pend) if s.stage == S_KEEP else []
    chips = [c for c in s.chip if c >= 0]
    cards = sorted(s.deck + s.discard + [c for hand in s.hands for c in hand] + drawn + chips)
    if cards != g.all_cards:
        errs.append(f"cards not conserved: {len(cards)} found, {g.ncards} in the deck")
    for p, h in enumerate(s.loc):
        if h >= 0 and not 1 <= s.figs[p] <= g.t_figs[g.p_type[p]]:
            errs.append(f"piece {p} on the map with {s.figs[p]} figures")
    for h, f in enumerate(s.feat):
        if f >= 0 and g.feat_setup[h] != f:
            errs.append(f"feature {f} on hex {g.board.grid.id_of(h)} where none was set up")
    turn_side = g.phase_side[s.phase] if s.phase < len(g.phase_side) else -1
    for side, planes in enumerate(g.air_pieces):
        for p in planes:
            if s.loc[p] >= 0 and not s.ended and (side != turn_side or g.phase_kind[s.phase] == "draw"):
                errs.append(f"air unit {p} on the map outside its side's command, movement and battle phases")
    return errs
