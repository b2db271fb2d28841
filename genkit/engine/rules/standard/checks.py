"""``genkit check`` for games on the standard rules: the section's own checks
(:mod:`.section`) and those of what this module can run (cases 8.3, 8.4 and 10.1)."""
from __future__ import annotations

from .section import SECTION, Section
from .section import content_checks as section_checks
from .section_cards import cards_terms


def reserve_enters(ctx, section: Section):
    """Case 10.1: a piece off the map comes on only as a reinforcement, so every group with
    reserve pieces says when and where they enter."""
    for i, grp in enumerate(ctx.content.counters.units):
        if grp.reserve and grp.enters is None:
            yield ctx.error("rules-reserve", ("counters", "units", i, "reserve"),
                            f"counters.units: {grp.reserve} {grp.side} {grp.type} start in reserve but nothing "
                            f"brings them on in the standard rules: give them enters: {{turn: N, hexes: [...]}}")


def reinforcement_phase(ctx, section: Section):
    """Case 10.1: reserve pieces come on in a reinforcement phase acting for their side (naming
    it, or naming no side); without one they would wait for ever."""
    phases = ctx.content.game.sequence_of_play
    for i, grp in enumerate(ctx.content.counters.units):
        if grp.reserve and grp.enters is not None and not any(
                p.kind == "reinforcement" and p.side in (None, "", grp.side) for p in phases):
            yield ctx.error("rules-reserve", ("counters", "units", i, "enters"),
                            f"counters.units: {grp.side} {grp.type} enter on turn {grp.enters.turn}, but no "
                            f"reinforcement phase acts for side '{grp.side}' in game.sequence_of_play")


def defender_rounding(ctx, section: Section):
    """Case 8.4: odds and differentials between two columns are read in the defender's favour."""
    if ctx.content.crt.between_columns != "round_down":
        yield ctx.error("rules-limit", ("crt", "between_columns"),
                        "crt.between_columns: the standard rules read a value between two columns in the "
                        "defender's favour (round_down); this CRT asks for round_up")


def one_attack_type(ctx, section: Section):
    """Case 8.3: one CRT attack type (its first) is read in combat, and a second one only by
    bombardment (case 8.10); more would be printed but never used."""
    types = ctx.content.crt.attack_types
    bomb = section.bombardment
    if len(types) == 2 and bomb is not None and bomb.attack_type == types[1]:
        return
    if len(types) > 1:
        yield ctx.error("rules-attack-types", ("crt", "attack_types"),
                        f"crt.attack_types: the standard rules read one attack type; this CRT has "
                        f"{len(types)} ({', '.join(types)})")


def stacking_points_fit(ctx, section: Section):
    """Case 7: a unit type worth more stacking points than the limit could never end a move."""
    st = section.stacking
    if st.count != "points":
        return
    for t in ctx.content.unit_types:
        if st.points.get(t.id, 1) > st.limit:
            yield ctx.error("rules-stacking", SECTION + ("stacking", "points", t.id),
                            f"rules.stacking.points: {t.id} counts {st.points.get(t.id, 1)} points, more than the "
                            f"limit {st.limit}: it could never move")


def zoc_leave_cost_used(ctx, section: Section):
    """Case 6.3: zoc_leave_cost is read only with zoc: stop_and_leave."""
    mv = section.movement
    if mv.zoc_leave_cost and mv.zoc != "stop_and_leave":
        yield ctx.warning("rules-unused", SECTION + ("movement", "zoc_leave_cost"),
                          f"rules.movement.zoc_leave_cost is used only with zoc: stop_and_leave (zoc is {mv.zoc})")


def line_of_sight_terms(ctx, section: Section):
    """Case 8.8: the heights name terrains of the map; a hexside that blocks sight needs the
    game to have line of sight at all."""
    los = section.line_of_sight
    terrain = [t.id for t in ctx.content.map.terrain]
    for t in (los.heights if los else ()):
        if t not in terrain:
            yield ctx.error("rules-reference", SECTION + ("line_of_sight", "heights", t),
                            f"rules.line_of_sight.heights: no terrain '{t}' on the map (known: {', '.join(terrain)})")
    if los is None:
        for k, eff in section.hexsides.items():
            if eff.blocks_los:
                yield ctx.warning("rules-unused", SECTION + ("hexsides", k, "blocks_los"),
                                  f"rules.hexsides.{k}.blocks_los is read only with rules.line_of_sight")


def bombardment_terms(ctx, section: Section):
    """Case 8.10: bombardment phases need rules.bombardment, which names the CRT's second attack
    type and unit types of the model."""
    c = ctx.content
    phases = [i for i, p in enumerate(c.game.sequence_of_play) if p.kind == "bombardment"]
    bomb = section.bombardment
    if phases and bomb is None:
        yield ctx.error("rules-missing", ("game", "sequence_of_play", phases[0], "kind"),
                        "a bombardment phase needs rules.bombardment: {attack_type: <crt attack type>, "
                        "unit_types: [...]}")
    if bomb is None:
        return
    if not phases:
        yield ctx.warning("rules-unused", SECTION + ("bombardment",),
                          "rules.bombardment is read only in bombardment phases; game.sequence_of_play has none")
    types = c.crt.attack_types
    if bomb.attack_type not in types[1:2]:
        yield ctx.error("rules-reference", SECTION + ("bombardment", "attack_type"),
                        f"rules.bombardment.attack_type: the CRT's second attack type is read by bombardment; "
                        f"'{bomb.attack_type}' is not it (crt.attack_types: {', '.join(types)})")
    known = [t.id for t in c.unit_types]
    for i, k in enumerate(bomb.unit_types):
        if k not in known:
            yield ctx.error("rules-reference", SECTION + ("bombardment", "unit_types", i),
                            f"rules.bombardment.unit_types: no unit type '{k}' (known: {', '.join(known)})")


def bombardment_rows(ctx, section: Section):
    """Case 8.10: a bombardment row is judged as fire, not as a weaker assault (the CRT check
    compares it along its columns only, :func:`separate_attack_types`); a result against the
    attacker in it does nothing, so it is warned of where it is printed."""
    bomb = section.bombardment
    crt = ctx.content.crt
    if bomb is None or bomb.attack_type not in crt.attack_types:
        return
    idle = {r.code for r in crt.results if r.effect.startswith("attacker_")}
    for i, col in enumerate(crt.columns):
        for face, code in enumerate(col.rows.get(bomb.attack_type, ())):
            if code in idle:
                yield ctx.warning("rules-bombardment", ("crt", "columns", i, "rows", bomb.attack_type, face),
                                  f"CRT column {col.label} {bomb.attack_type} roll {crt.rolls[0] + face}: result "
                                  f"'{code}' falls on the attacker, which a bombardment never suffers (case 8.10)")


def crt_choice_terms(ctx, section: Section):
    """Case 8.13: the other reading of the CRT gives one heading per column, of the kind the CRT's
    columns are not, rising as the CRT's columns rise (the same row read either way)."""
    choice = section.combat.choice
    if choice is None:
        return
    path = SECTION + ("combat", "choice")
    crt = ctx.content.crt
    want = "differential" if crt.uses_odds else "odds"
    given = [k for k in ("odds", "differential") if getattr(choice, k) is not None]
    if given != [want]:
        yield ctx.error("rules-crt-choice", path,
                        f"rules.combat.choice: this CRT's columns are {'odds' if crt.uses_odds else 'differentials'}; "
                        f"give the other reading, {want}: [one per CRT column]")
        return
    heads = getattr(choice, want)
    if len(heads) != len(crt.columns):
        yield ctx.error("rules-crt-choice", path + (want,),
                        f"rules.combat.choice.{want}: {len(heads)} headings for the CRT's {len(crt.columns)} columns "
                        "(one per column, in the CRT's order)")
        return
    key = (lambda h: h) if want == "differential" else (lambda h: int(h.split(":")[0]) / int(h.split(":")[1]))
    order = sorted(range(len(heads)), key=lambda k: crt.columns[k].key)
    values = [key(heads[k]) for k in order]
    if any(b <= a for a, b in zip(values, values[1:])):
        yield ctx.error("rules-crt-choice", path + (want,),
                        f"rules.combat.choice.{want}: the headings must rise as the CRT's columns rise "
                        f"({', '.join(str(heads[k]) for k in order)} against {', '.join(crt.columns[k].label for k in order)})")


def supply_terms(ctx, section: Section):
    """Case 8.14: the supply sources are sides of the game and spaces of the map."""
    sup = section.supply
    if sup is None:
        return
    sides = [s.id for s in ctx.content.game.sides]
    spaces = {sp.id for sp in ctx.board.spaces}
    for sid, hexes in sup.sources.items():
        path = SECTION + ("supply", "sources", sid)
        if sid not in sides:
            yield ctx.error("rules-reference", path, f"rules.supply.sources: no side '{sid}' (known: {', '.join(sides)})")
        for j, h in enumerate(hexes):
            if h not in spaces:
                yield ctx.error("rules-reference", path + (j,), f"rules.supply.sources: {sid}'s source '{h}' is not a "
                                                               f"space of the map")
        if not hexes:
            yield ctx.error("rules-supply", path, f"rules.supply.sources: side '{sid}' has no source: its units would "
                                                  "never be in supply (leave the side out to keep it always supplied)")


def rolls_terms(ctx, section: Section):
    """Case 14.5: a table rolled at a phase is a table of the model, rolled at a phase of the
    sequence of play, read in one of its columns; each result given an effect is one the table can
    give there."""
    c = ctx.content
    tables = {t.id: t for t in c.die_tables}
    phases = [p.id for p in c.game.sequence_of_play]
    for i, r in enumerate(section.rolls):
        path = SECTION + ("rolls", i)
        table = tables.get(r.table)
        if table is None:
            yield ctx.error("rules-reference", path + ("table",), f"rules.rolls: no die table '{r.table}' (known: "
                                                                  f"{', '.join(tables) or 'none'}; die_tables: [...])")
        if r.phase not in phases:
            yield ctx.error("rules-reference", path + ("phase",), f"rules.rolls: no phase '{r.phase}' in "
                                                                  f"game.sequence_of_play (known: {', '.join(phases)})")
        if table is None:
            continue
        ids = table.ids_of_columns()
        if r.column is not None and r.column not in ids:
            yield ctx.error("rules-reference", path + ("column",), f"rules.rolls: die table '{r.table}' has no column "
                                                                   f"'{r.column}' (known: {', '.join(ids)})")
            continue
        k = ids.index(r.column) if r.column is not None else 0
        can = list(dict.fromkeys(row.results[k] for row in table.rows if len(row.results) > k))
        for result in r.results:
            if result not in can:
                yield ctx.error("rules-reference", path + ("results", result),
                                f"rules.rolls: die table '{r.table}' gives no result '{result}' (it gives "
                                f"{', '.join(can)})")


def tables_rolled(ctx, section: Section):
    """Case 14.5: a die table the standard rules never roll would be printed and never read."""
    rolled = {r.table for r in section.rolls}
    for i, t in enumerate(ctx.content.die_tables):
        if t.id not in rolled:
            yield ctx.warning("rules-unused", ("die_tables", i), f"die_tables: '{t.id}' is never rolled: the standard "
                                                                 f"rules roll a table that rules.rolls names (case 14.5)")


def separate_attack_types(content) -> tuple:
    """The attack types the standard rules read on a table of their own: the bombardment's
    (case 8.10), none when the game has no valid ``rules.bombardment``."""
    try:
        bomb = Section.model_validate(content.rules or {}).bombardment
    except ValueError:
        return ()
    return (bomb.attack_type,) if bomb is not None else ()


def setup_apart(content) -> bool:
    """Whether the sides must set up apart (never in one space, never next to an enemy): yes
    unless zones of control reach only the occupied space (``rules.movement.zoc_reach: space``,
    case 12.5), where both sides may start inside one space and fight there."""
    movement = (content.rules or {}).get("movement") if isinstance(content.rules, dict) else None
    return not (isinstance(movement, dict) and movement.get("zoc_reach") == "space")


def unit_type_rules(ctx, section: Section):
    """Cases 5.8, 8.9, 8.11 and 9.5: rules.unit_types, the combat modifiers and the advance
    distances name unit types of the model (and terrain of the map); a modifier names at least one."""
    types = [t.id for t in ctx.content.unit_types]
    for k in section.unit_types:
        if k not in types:
            yield ctx.error("rules-reference", SECTION + ("unit_types", k),
                            f"rules.unit_types: no unit type '{k}' (known: {', '.join(types)})")
    terrains = [t.id for t in ctx.content.map.terrain]
    for k, rule in section.unit_types.items():
        for j, tid in enumerate(rule.terrain or ()):
            if tid not in terrains:
                yield ctx.error("rules-reference", SECTION + ("unit_types", k, "terrain", j),
                                f"rules.unit_types.{k}.terrain: no terrain '{tid}' (known: {', '.join(terrains)})")
    for k in section.combat.advance_distance or {}:               # case 9.5
        if k not in types:
            yield ctx.error("rules-reference", SECTION + ("combat", "advance_distance", k),
                            f"rules.combat.advance_distance: no unit type '{k}' (known: {', '.join(types)})")
    for i, m in enumerate(section.combat.modifiers):
        path = SECTION + ("combat", "modifiers", i)
        if not m.attackers_include and not m.defenders_include:
            yield ctx.error("rules-modifier", path, f"rules.combat.modifiers: '{m.id}' names no unit type: it would "
                                                    "apply to every battle (put it on the terrain instead)")
        for key in ("attackers_include", "defenders_include"):
            for j, t in enumerate(getattr(m, key)):
                if t not in types:
                    yield ctx.error("rules-reference", path + (key, j),
                                    f"rules.combat.modifiers: '{m.id}' names no unit type '{t}' "
                                    f"(known: {', '.join(types)})")


def _pieces_per_side(content) -> dict:
    """side id -> how many units it has (on the map at set-up and in reserve)."""
    out = dict.fromkeys((s.id for s in content.game.sides), 0)
    for grp in content.counters.units:
        if grp.side in out:
            out[grp.side] += len(grp.setup) + grp.reserve
    return out


def _points_at_stake(content) -> dict:
    """side id -> the most victory points it could score: the points of every other side's unit."""
    types = {t.id: t.point_value() for t in content.unit_types}
    total = dict.fromkeys((s.id for s in content.game.sides), 0)
    for grp in content.counters.units:
        value = types.get(grp.type, 0) * (len(grp.setup) + grp.reserve)
        for sid in total:
            if sid != grp.side:
                total[sid] += value
    return total


def victory_met_at_setup(ctx, section: Section):
    """Case 11.6: a ``hold`` checked every turn (or at once) that one side already meets with its
    set-up would hand it the game in the first turn."""
    at_start = {}
    for side, _type, hex_id, _path in ctx.setup():
        at_start.setdefault(hex_id, set()).add(side)
    for i, v in enumerate(ctx.content.game.victory):
        if v.kind != "hold" or v.at == "game_end":
            continue
        holders = set.union(*(at_start.get(h, set()) for h in v.hexes))
        if len(holders) == 1 and all(h in at_start for h in v.hexes) and v.side in (None, *holders):
            who = holders.pop()
            when = "at its first action" if v.at == "at_once" else "at the end of turn 1"
            yield ctx.warning("victory-at-setup", ("game", "victory", i),
                              f"hold {', '.join(v.hexes)} is met at set-up: side '{who}' starts on every hex and "
                              f"wins {when} unless it moves off; check it at game_end, or give it a side")


def victory_never_met(ctx, section: Section):
    """Case 11.6: a ``hold`` needing more hexes than its side has units, or a ``points`` threshold
    above every point the enemy units are worth, can never decide a game."""
    pieces, stake = _pieces_per_side(ctx.content), _points_at_stake(ctx.content)
    for i, v in enumerate(ctx.content.game.victory):
        if v.kind == "hold":
            sides = [v.side] if v.side else list(pieces)
            if all(pieces.get(sid, 0) < len(v.hexes) for sid in sides):
                who = f"side '{v.side}' has" if v.side else "no side has"
                yield ctx.error("victory-never", ("game", "victory", i, "hexes"),
                                f"hold {', '.join(v.hexes)} can never be met: {who} {len(v.hexes)} units to stand "
                                "on every hex")
        elif v.kind == "points":
            for sid, most in stake.items():
                need = v.threshold(sid)
                if need is not None and need > most:
                    path = ("game", "victory", i, "at_least") + (() if isinstance(v.at_least, int) else (sid,))
                    yield ctx.error("victory-never", path,
                                    f"points: side '{sid}' needs {need} points but every enemy unit eliminated "
                                    f"gives it only {most}: the condition can never be met for it")


content_checks = section_checks + (reserve_enters, reinforcement_phase, defender_rounding, one_attack_type,
                                   stacking_points_fit, zoc_leave_cost_used, line_of_sight_terms, unit_type_rules,
                                   bombardment_terms, bombardment_rows, crt_choice_terms, rolls_terms,
                                   supply_terms,
                                   victory_met_at_setup,
                                   victory_never_met, cards_terms)
