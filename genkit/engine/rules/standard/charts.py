"""The standard rules' charts for the kit (:class:`genkit.engine.rules.Chart`): the terrain
effects chart (it takes the place of the generic terrain chart), the combat modifiers and the
stacking and zones of control summary. Every number comes from the model and its ``rules:``
section; the player aid prints them in its ``rules_charts`` section, the rules booklet with
``[[chart:ID]]``. Imports nothing of the engine but the die-roll tables' chart (case 14.4)."""
from __future__ import annotations

from ...die_tables import die_table_chart
from .. import Chart
from .section import Section


def mp(value: float) -> str:
    """Movement points as a player reads them: 1, 1/2, 1 1/2."""
    whole, half = divmod(round(value * 2), 2)
    if not half:
        return str(whole)
    return f"{whole} 1/2" if whole else "1/2"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _shift(n: int) -> str:
    way = "right" if n > 0 else "left"
    return f"{abs(n)} column{'s' if abs(n) != 1 else ''} {way}"


def _combat(multiplier: int = 1, shift: int = 0, drm: int = 0) -> list[str]:
    out = []
    if multiplier > 1:
        out.append(f"defence x{multiplier}")
    if shift:
        out.append(_shift(shift))
    if drm:
        out.append(f"DRM {_signed(drm)}")
    return out


def _labelled(name: str, what: str) -> str:
    return name if what in name.lower() else f"{name} {what}"


def _names(items) -> str:
    names = [i.name for i in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def terrain_chart(content, section: Section) -> Chart:
    m = content.map
    rows, keys = [], []
    for t in m.terrain:
        keys.append(f"terrain:{t.id}")
        eff = section.terrain.get(t.id)
        move = "impassable" if t.move_cost is None else f"{mp(t.move_cost)} MP to enter"
        combat = ", ".join(_combat(eff.multiplier, eff.shift, eff.drm)) if eff else ""
        rows.append((t.name, move, combat or "none", "blocks" if t.blocks_los else "clear"))
    edges = {f.id: set(f.edges) for f in m.hexsides}
    for f in m.hexsides:
        eff = section.hexsides.get(f.id)
        if eff is None:
            continue
        move = []
        if eff.impassable:
            move.append("impassable")
        elif eff.cross_cost:
            move.append(f"+{mp(eff.cross_cost)} MP to cross")
        if eff.crossing:
            under = [g for g in m.hexsides if g.id != f.id and edges[g.id] & edges[f.id]
                     and g.id in section.hexsides and (section.hexsides[g.id].cross_cost
                                                       or section.hexsides[g.id].impassable)]
            move.append(f"cross without the {_names(under)} cost" if under
                        else "lifts the movement cost of other hexside features")
        if eff.blocks_zoc:
            move.append("no zone of control across it")
        combat = _combat(shift=eff.shift, drm=eff.drm)
        keys.append(f"hexside:{f.id}")
        rows.append((_labelled(f.name, "hexside"), ", ".join(move) or "none",
                     ", ".join(combat) + " if every attacker is across it" if combat else "none", "-"))
    for r in m.roads:
        eff = section.roads.get(r.id)
        if eff is None:
            continue
        keys.append(f"road:{r.id}")
        rows.append((_labelled(r.name, "road"), f"{mp(eff.cost)} MP a hex along it, whatever the terrain", "none", "-"))
    notes = [("Combat effects of a hex count for the defender's hex. A hexside's combat effect counts only "
             "when every attacking unit attacks across that hexside.")]
    if any(section.hexsides[f.id].crossing for f in m.hexsides if f.id in section.hexsides):
        notes.append("A crossing (bridge) lifts movement costs only; combat effects of the hexside still count.")
    los = section.line_of_sight
    if los is not None:                                 # case 8.8
        walls = [f for f in m.hexsides if f.id in section.hexsides and section.hexsides[f.id].blocks_los]
        also = [f"{_names(walls)} hexsides" if walls else "", "units" if los.units_block else ""]
        also = " and ".join(a for a in also if a)
        notes.append("An attack from two or more hexes away needs a line of sight from centre to centre: a hex "
                     "between that blocks" + (f" (and {also})" if also else "") + " hides the defender; the "
                     "attacker's and the defender's own hexes never block."
                     + (" A hex between blocks only when it is higher than the lower end, or as high and "
                        "blocking (heights: " + ", ".join(f"{t} {h}" for t, h in los.heights.items()) + ")."
                        if los.heights else ""))
    return Chart("terrain_effects", "Terrain effects chart", ("Terrain", "Movement", "Combat", "Line of sight"),
                 tuple(rows), tuple(notes), replaces="terrain", keys=tuple(keys))


def modifiers_chart(content, section: Section) -> Chart:
    rows = []
    for t in content.map.terrain:
        eff = section.terrain.get(t.id)
        if eff is None:
            continue
        if eff.multiplier > 1:
            rows.append((t.name, f"defence x{eff.multiplier}", f"defending hex: {t.name.lower()}"))
        if eff.shift:
            rows.append((t.name, _shift(eff.shift), f"defending hex: {t.name.lower()}"))
        if eff.drm:
            rows.append((t.name, f"DRM {_signed(eff.drm)}", f"defending hex: {t.name.lower()}"))
    for f in content.map.hexsides:
        eff = section.hexsides.get(f.id)
        if eff is None:
            continue
        when = f"every attacker across a {f.name} hexside"
        if eff.shift:
            rows.append((f.name, _shift(eff.shift), when))
        if eff.drm:
            rows.append((f.name, f"DRM {_signed(eff.drm)}", when))
    names = {u.id: u.name for u in content.unit_types}
    for m in section.combat.modifiers:                  # case 8.11
        when = "; ".join(w for w in (
            "attackers include " + " and ".join(names.get(t, t) for t in m.attackers_include) if m.attackers_include
            else "", "defenders include " + " and ".join(names.get(t, t) for t in m.defenders_include)
            if m.defenders_include else "") if w)
        for what in _combat(shift=m.shift, drm=m.drm):
            rows.append((m.name, what, when))
    sup = section.supply
    if sup is not None:                                 # case 8.14
        for who, eff in (("an attacker", sup.attacking), ("a defender", sup.defending)):
            for what in _combat(shift=eff.shift, drm=eff.drm):
                rows.append(("Out of supply", what, f"{who} out of supply"))
    crt = content.crt
    notes = []
    if crt.uses_odds:
        cols = sorted(crt.columns, key=lambda c: c.key)
        notes.append("Odds (attack to defence) round in the defender's favour"
                     + (f": 5 to 2 reads {_down(cols, 5, 2)}" if _down(cols, 5, 2) else "") + ".")
    else:
        notes.append("The column is attack minus defence strength, rounded in the defender's favour.")
    never = [u for u in content.unit_types if u.id in section.unit_types and not section.unit_types[u.id].attacks]
    if never:                                           # case 8.9
        notes.append(f"{_names(never)} never attack{'s' if len(never) == 1 else ''}; "
                     f"{'it defends' if len(never) == 1 else 'they defend'} only.")
    if sup is not None:                                 # case 8.14
        sides = {s.id: s for s in content.game.sides}
        where = "; ".join(f"{sides[k].adjective if k in sides else k} {', '.join(v)}" for k, v in sup.sources.items())
        notes.append(f"Supply: a unit is in supply within {sup.distance} hexes of a source of its side ({where}), "
                     "traced through no enemy unit and no enemy zone of control (a friendly unit there lifts it).")
    if crt.dice > 1:                                    # case 8.12
        notes.append(f"Roll {crt.roll_text}: {crt.dice} dice added; the CRT is read on their sum.")
    notes.append("All modifiers that apply add up. Left shifts and negative DRMs favour the defender.")
    notes.append(f"Shifts stop at the table's ends (never forbidding an attack); the modified roll stays "
                 f"within {crt.rolls[0]}-{crt.rolls[-1]}.")
    if not rows:
        rows.append(("-", "none", "this game has no terrain modifiers"))
    return Chart("combat_modifiers", "Combat modifiers", ("Source", "Modifier", "When"), tuple(rows), tuple(notes),
                 span="half")


def _down(cols, attack: int, defence: int) -> str:
    """The odds column that ``attack`` to ``defence`` reads when rounded down, or ""."""
    fit = [c for c in cols if c.odds is not None and _ratio(c.odds) <= attack / defence]
    return fit[-1].label if fit else ""


def _ratio(odds) -> float:
    a, d = (int(x) for x in str(odds).split(":"))
    return a / d


def stacking_chart(content, section: Section) -> Chart:
    st, mv, cb = section.stacking, section.movement, section.combat
    grid = content.map.grid
    cell = "hex" if grid is not None and grid.kind == "hex" else "space"     # the board's own word
    rows = []
    if st.count == "points":
        pts = ", ".join(f"{u.short} {st.points.get(u.id, 1)}" for u in content.unit_types)
        rows.append(("Stacking", (f"At most {st.limit} stacking points in a {cell} ({pts}) at the end of every "
                                 "move, retreat and advance.")))
    else:
        rows.append(("Stacking", (f"At most {st.limit} unit{'s' if st.limit != 1 else ''} in a {cell} at the end of "
                                 "every move, retreat and advance.")))
    for kind, eff in section.spaces.items():           # case 12.2: a kind of space with its own limits
        kept = [] if eff.units is None else [u.short for u in content.unit_types if u.id in eff.units]
        limit = f"at most {eff.stacking} stacking points" if eff.stacking is not None else ""
        enter = ("no unit enters but by the rules" if eff.units == [] else
                 f"only {', '.join(kept)} may enter" if eff.units is not None else "")
        said = "; ".join(x for x in (limit, enter) if x)
        if said:
            rows.append((f"In a {kind.replace('_', ' ')}", said[:1].upper() + said[1:] + "."))
    blocked = [f for f in content.map.hexsides if f.id in section.hexsides and section.hexsides[f.id].blocks_zoc]
    cells = "hexes" if cell == "hex" else "spaces"
    reach = (f"The {cells} next to a unit are its zone of control." if mv.zoc_reach == "adjacent" else
             "A unit's zone of control is the space it stands in.")
    zoc = {"none": "Units have no zone of control: move freely past the enemy.",
           "stop": f"{reach} An enemy unit that enters one stops there.",
           "stop_and_leave": f"{reach} An enemy unit that enters one "
                             f"stops there; leaving one at the start of a move costs +{mp(mv.zoc_leave_cost)} MP, "
                             "and never straight into another.",
           "locking": f"{reach} An enemy unit that enters one stops "
                      "there; a unit that starts its move in one may not move."}[mv.zoc]
    if blocked and mv.zoc != "none" and mv.zoc_reach == "adjacent":
        zoc += f" Zones of control do not extend across {_names(blocked)} hexsides."
    rows.append(("Zones of control", zoc))
    if mv.units_per_phase:
        rows.append(("Movement", (f"At most {mv.units_per_phase} unit{'s' if mv.units_per_phase != 1 else ''} "
                                 "move in a movement phase.")))
    if section.strategic:
        sg = section.strategic
        rows.append(("Strategic march", (f"A unit that starts, moves and ends more than {sg.enemy_distance} "
                                        f"{cell if sg.enemy_distance == 1 else cells} from every enemy unit may "
                                        f"march: movement x{sg.multiplier}. It may not attack that turn.")))
    rows.append(("Retreat blocked", "A unit that cannot retreat the full distance "
                 + ("loses a step and stays." if cb.retreat_blocked == "step_loss" else "is eliminated.")))
    if cb.advance and cb.advance_distance:
        names = {u.id: u.name for u in content.unit_types}
        far = ", ".join(f"{names.get(k, k)} {n}" for k, n in sorted(cb.advance_distance.items()))
        advance = (f"When no defender is left, attackers may advance the way the defenders left, as far as their "
                   f"type allows ({far}; others 1), each stopping where its owner chooses, at the latest in a "
                   f"{cell} holding enemy units (stacking counts).")
    elif cb.advance:
        advance = (f"When the defenders' {cell} is left empty, attackers that were next to it may move "
                   "into it (stacking counts, zones of control do not).")
    else:
        advance = "No advance after combat: attackers stay where they are."
    rows.append(("Advance", advance))
    return Chart("stacking_zoc", "Stacking and zones of control", ("Rule", "What it means"), tuple(rows))


def crt_choice_chart(content, section: Section) -> Chart:
    """Case 8.13: each CRT column's heading by odds and by differential, side by side."""
    crt, choice = content.crt, section.combat.choice
    heads = choice.differential if choice.differential is not None else choice.odds
    order = sorted(range(len(crt.columns)), key=lambda k: crt.columns[k].key)
    rows = []
    for k in order:
        own, other = crt.columns[k].label, heads[k]
        rows.append((own, _signed(other)) if choice.differential is not None else (other, own))
    notes = ("Before rolling, the attacker chooses to read the battle by odds (attack to defence) or by "
             "differential (attack minus defence): either way it is the CRT column on the same line. A value "
             "between two lines reads the lower (the defender's favour); shifts and DRMs then apply to the column "
             "chosen.",
             "A bombardment is read by the CRT's own columns only.")
    return Chart("crt_choice", "Odds or differential: the attacker's choice", ("By odds", "By differential"),
                 tuple(rows), notes, span="half")


def _effect_text(eff, phase_side: str) -> str:
    what = []
    if eff.shift:
        what.append(f"{abs(eff.shift)} column{'s' if abs(eff.shift) != 1 else ''} "
                    f"{'right' if eff.shift > 0 else 'left'}")
    if eff.drm:
        what.append(f"DRM {'+' if eff.drm > 0 else ''}{eff.drm}")
    out = []
    if what:
        out.append(" and ".join(what) + " in every battle")
    if not eff.arrive:
        out.append(f"{phase_side} reinforcements do not enter")
    return "; ".join(out) or "no effect"


def rolled_charts(content, section) -> list:
    """Case 14.5: each table ``rules.rolls`` names, as the player aid prints it (case 14.4), with
    when it is rolled and what each result does under it."""
    tables = {t.id: t for t in content.die_tables}
    phases = {p.id: p for p in content.game.sequence_of_play}
    sides = {sd.id: sd for sd in content.game.sides}
    out: dict = {}
    for r in section.rolls:
        table, phase = tables.get(r.table), phases.get(r.phase)
        if table is None or phase is None:
            continue                    # (refused by genkit check)
        whose = sides[phase.side].adjective if phase.side in sides else "Both sides'"
        notes = [f"Rolled at the start of the {phase.name} phase every game turn; the result holds until the "
                 "next roll."]
        notes += [f"{result}: {_effect_text(eff, whose)}." for result, eff in r.results.items()]
        chart = out.get(table.id) or die_table_chart(table)
        out[table.id] = chart._replace(notes=chart.notes + tuple(notes))
    return list(out.values())


def charts(content) -> list[Chart]:
    """The standard rules' charts, drawn from the model (see the module's comment); the choice of
    reading (case 8.13) when the game gives one; the tables rolled at a phase (case 14.5)."""
    section = Section.model_validate(content.rules or {})
    out = [terrain_chart(content, section), stacking_chart(content, section), modifiers_chart(content, section)]
    choice = section.combat.choice
    if choice is not None and len(choice.differential or choice.odds or ()) == len(content.crt.columns):
        out.append(crt_choice_chart(content, section))
    return out + rolled_charts(content, section)                # case 14.5
