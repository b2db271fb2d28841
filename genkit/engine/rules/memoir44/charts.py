"""Memoir '44's charts for the kit (:class:`genkit.engine.rules.Chart`), every entry drawn from the
model and its ``rules:`` section (:mod:`.section`): the terrain effects chart (each terrain and hex
feature: moving in, battling a unit there, battling out of it, flags, line of sight; it takes the
place of the generic terrain chart), how each unit type moves and battles, and command and medals
(hands, objectives, the medals that win). The player aid prints them in its ``rules_charts``
section, the rules booklet with ``[[chart:ID]]``. Imports nothing of the engine."""
from __future__ import annotations

from .. import Chart
from .section import HexEffect, Section


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _type_name(content, type_id: str) -> str:
    return next((u.name for u in content.unit_types if u.id == type_id), type_id)


def _dice(content, changes: dict) -> str:
    """{infantry: -1, armour: -2} -> "infantry -1, armour -2" (unit types in model order)."""
    order = [u.id for u in content.unit_types]
    ids = sorted(changes, key=lambda t: order.index(t) if t in order else len(order))
    return ", ".join(f"{_type_name(content, t).lower()} {changes[t]:+d}" for t in ids)


def _movement(content, eff: HexEffect | None, move_cost) -> str:
    if move_cost is None:
        return "impassable"
    if eff is None:
        return "no effect"
    out = []
    if eff.impassable_for:
        out.append(f"{_and([_type_name(content, t).lower() for t in eff.impassable_for])} may not enter")
    if eff.enter_from_adjacent:
        out.append("enter only from the next hex (a move's first hex)")
    if eff.stop:
        out.append("a unit moving in stops")
    if eff.no_battle_on_entry:
        out.append("no battle the turn it moves in")
    if eff.move_limit:
        out.append(f"a move into or out of it covers at most {eff.move_limit} hex{'es' if eff.move_limit != 1 else ''}")
    if eff.climb:
        out.append(f"moving up onto it from other terrain counts {eff.climb} hexes")
    return "; ".join(out) or "no effect"


def _battle_in(content, eff: HexEffect | None, owner: str | None) -> str:
    if eff is None or not eff.dice:
        return "full dice"
    text = _dice(content, eff.dice)
    if eff.from_below_only:
        text += " (not from the same terrain)"
    if eff.protects == "owner" and owner:
        text += f" ({owner} units only)"
    return text


def _other(content, eff: HexEffect | None, owner: str | None) -> str:
    if eff is None:
        return "-"
    out = []
    if eff.battle_out:
        out.append(f"battling out: {_dice(content, eff.battle_out)}")
    if eff.ignore_flags:
        who = f"an {owner} unit" if eff.protects == "owner" and owner else "a unit"
        out.append(f"{who} here may ignore {eff.ignore_flags} flag{'s' if eff.ignore_flags != 1 else ''}")
    if eff.no_retreat_for:
        names = _and([_type_name(content, t).lower() for t in eff.no_retreat_for])
        out.append(f"{names} here may not retreat: each flag costs a figure")
    if eff.removed_when_left:
        out.append("removed when its unit leaves")
    if eff.cleared_instead_of_battle:
        names = _and([_type_name(content, t).lower() for t in eff.cleared_instead_of_battle])
        out.append(f"{names} in it may remove it instead of battling")
    if eff.cleared_on_entry:
        names = _and([_type_name(content, t).lower() for t in eff.cleared_on_entry])
        out.append(f"{names} removes it on moving in and may still battle")
    if eff.no_battle_in:
        out.append("a unit in it cannot battle")
    if eff.no_retreat_onto:
        out.append("no retreat onto it: each flag with no other hex costs a figure")
    return "; ".join(out) or "-"


def _crossing(content, eff) -> str:
    """8.7: what a one-way hexside does to moves across it."""
    out = []
    if eff.climb > 1:
        out.append(f"crossing it counts {eff.climb} hexes")
    if eff.impassable_for:
        out.append(f"{_and([_type_name(content, t).lower() for t in eff.impassable_for])} may not cross it")
    if eff.no_take_ground_up:
        out.append("no taking ground up it")
    return "; ".join(out) or "no effect"


def _sight(terrain, eff: HexEffect | None) -> str:
    """5.4: "blocks" or "clear"; a blocking terrain whose effect says ``see_across_from_same``
    adds that a unit on it sees across its own contiguous group."""
    if not terrain.blocks_los:
        return "clear"
    if eff is not None and eff.see_across_from_same:
        return f"blocks, except from the same connected {terrain.name.lower()} (see below)"
    return "blocks"


def terrain_chart(content, section: Section) -> Chart:
    """Each terrain of the map, then each hex feature: what it does to movement, to a battle
    against a unit on it (dice taken from the attacker, by attacker type), to a battle out of it,
    to flags, and to line of sight."""
    rows, keys = [], []
    for t in content.map.terrain:
        eff = section.terrain.get(t.id)
        rows.append((t.name, _movement(content, eff, t.move_cost), _battle_in(content, eff, None),
                     _other(content, eff, None), _sight(t, eff)))
        keys.append(f"terrain:{t.id}")
    for f in content.map.features:
        eff = section.features.get(f.id)
        owner = content.side(f.side).adjective if f.side else None
        rows.append((f.name, _movement(content, eff, 1), _battle_in(content, eff, owner),
                     _other(content, eff, owner), "blocks" if f.blocks_los else "as its terrain"))
        keys.append(f"feature:{f.id}")
    for x in content.map.hexsides:          # 8.6-8.7: a one-way hexside (sea wall, cliff)
        eff = section.hexsides.get(x.id)
        if eff is None:
            continue
        rows.append((x.name, _crossing(content, eff),
                     f"{_dice(content, eff.dice)}, only for a unit behind it and an attacker firing across it"
                     if eff.dice else "-",
                     "; ".join(["along hex edges"] + ([f"a unit behind it may ignore {eff.ignore_flags} flag"
                                                        f"{'s' if eff.ignore_flags != 1 else ''}"]
                                                       if eff.ignore_flags else [])), "clear"))
        keys.append(f"hexside:{x.id}")
    notes = ["Dice numbers are dice taken from the attacker's roll, by the attacker's unit type; a type not "
             "named rolls its full dice.",
             "When a hex's terrain and a feature on it both take dice, only the larger reduction counts."]
    notes.append("Line of sight runs from hex centre to hex centre. A hex it crosses that holds a unit or terrain "
                 "that blocks stops it; a line running along hex edges is stopped only when both sides block.")
    for t in content.map.terrain:
        eff = section.terrain.get(t.id)
        if t.blocks_los and eff is not None and eff.see_across_from_same:
            name = t.name.lower()
            notes[-1] += (f" A unit standing on {name} sees across the {name} hexes connected to its own (units on "
                          f"them still block); from anywhere else {name} block as usual.")
    free = [u.name.lower() for u in content.unit_types if not section.needs_los.get(u.id, True)]
    if free:
        notes[-1] += f" {_and(free).capitalize()} needs no line of sight."
    return Chart("terrain_effects", "Terrain effects chart",
                 ("Terrain", "Moving in", "Battling a unit here", "Also", "Line of sight"),
                 tuple(rows), tuple(notes), replaces="terrain", keys=tuple(keys))


def units_chart(content, section: Section) -> Chart:
    """How far each unit type moves, how far it may move and still battle, whether it needs line
    of sight, takes ground and overruns."""
    rows = []
    for u in content.unit_types:
        mb = section.move_and_battle.get(u.id, u.movement)
        battle = ("may not battle after moving" if mb == 0 else
                  f"up to {mb} hex{'es' if mb != 1 else ''}" + (", and battle" if mb >= u.movement else ""))
        rows.append((u.name, f"{u.movement} hex{'es' if u.movement != 1 else ''}", battle,
                     "yes" if section.needs_los.get(u.id, True) else "no",
                     "yes" if u.id in section.take_ground else "no",
                     "yes" if u.id in section.overrun else "no"))
    notes = ["Take ground: after a close assault empties the target's hex, the unit may move into it. "
             "Overrun: having taken ground, it may battle once more (once a turn)."]
    return Chart("moving_battling", "Moving and battling",
                 ("Unit", "Moves", "Moves and still battles", "Needs line of sight", "Takes ground", "Overrun"),
                 tuple(rows), tuple(notes))


def _place_name(content, hex_id: str) -> str:
    return next((p.name for p in content.map.places if p.hex == hex_id), "")


def command_chart(content, section: Section) -> Chart:
    """Hands of command cards, the nation rule when it is on, the medal objectives and the medals
    that win."""
    sides = {s.id: s for s in content.game.sides}
    rows = [("Command cards", "; ".join(f"{sides[s].name}: {n} cards in hand" for s, n in section.hands.items())
             + ". Play one a turn, order the units it names, then draw one.")]
    for sid, n in section.extra_orders.items():
        if n:
            rows.append(("Nation rule", f"{sides[sid].name} order {n} unit{'s' if n != 1 else ''} more than "
                                        f"a section card says."))
    if section.air is not None:             # 11: the air rules in a line
        names = _and([_type_name(content, t) for t in section.air.types])
        fields = {h for f in content.map.features if f.id in section.air.airfields for h in f.hexes}
        land = section.air.landing_dice
        rows.append(("Air units", f"{names}: off the map until an Air Sortie card launches one, from an airfield of "
                                  f"its side{f' ({_and(sorted(fields))})' if fields else ''} or its own edge; "
                                  f"it flies over anything and battles; nothing covers it, "
                                  f"it ignores flags and lands at its side's draw phase"
                                  + (f" ({land} {'die' if land == 1 else 'dice'} rolled at it)." if land else ".")))
    for o in section.objectives:
        where = _place_name(content, o.hex)
        rows.append(("Objective", f"Hex {o.hex}{f' ({where})' if where else ''}: {o.medals} medal"
                                  f"{'s' if o.medals != 1 else ''} to the {sides[o.side].adjective} side while "
                                  f"one of its units stands there."))
    wins = [v.at_least for v in content.game.victory if v.kind == "points"]
    if wins:
        rows.append(("Medals", f"A medal for each enemy unit eliminated; the first side with {wins[0]} "
                               f"medals wins at once."))
    return Chart("command_medals", "Command and medals", ("Rule", "What it means"), tuple(rows), span="half")


def charts(content) -> list[Chart]:
    """Memoir '44's charts, drawn from the model (see the module's comment)."""
    section = Section.model_validate(content.rules or {})
    return [terrain_chart(content, section), units_chart(content, section), command_chart(content, section)]
