"""``genkit check`` for games on the Strike the Bear system: the standard rules' own checks of
the section (but reserve pieces: here they wait in the breakdown boxes), and the tables and
names this system reads."""
from __future__ import annotations

from ..standard.checks import content_checks as standard_checks
from ..standard.checks import reserve_enters
from .section import SECTION, Section

TABLES = ("weather", "objectives")


def tables_present(ctx, section: Section):
    """3.1, 3.3, 13.2: the die tables the mutual phases roll on: weather (with the columns
    weather, combat and ops, and the modifier transition), ops_<side> per side, objectives."""
    have = {t.id: t for t in ctx.content.die_tables}
    need = list(TABLES) + ["ops_" + s.id for s in ctx.content.game.sides]
    for tid in need:
        if tid not in have:
            yield ctx.error("rules-reference", ("die_tables",), f"die_tables: no table '{tid}' (this system rolls "
                                                                f"on {', '.join(need)})")
    wt = have.get("weather")
    if wt is not None:
        for col in ("weather", "combat", "ops"):
            if col not in wt.ids_of_columns():
                yield ctx.error("rules-reference", ("die_tables",), f"die_tables: weather has no column '{col}'")
        if "transition" not in {m.id for m in wt.drms}:
            yield ctx.error("rules-reference", ("die_tables",), "die_tables: weather has no modifier 'transition'")


def objective_names(ctx, section: Section):
    """13.1-13.3: every objective the tables or the default set name is a named space of the map
    or an edge objective."""
    named = {sp.name for sp in ctx.content.map.spaces if sp.name} | set(section.objectives.edges)
    for k, name in enumerate(section.objectives.default):
        if name not in named:
            yield ctx.error("rules-reference", SECTION + ("objectives", "default", k),
                            f"rules.objectives.default: no space named '{name}' on the map")
    for t in ctx.content.die_tables:
        if t.id == "objectives":
            for row in t.rows:
                for name in row.results[0].split(","):
                    if name.strip() not in named:
                        yield ctx.error("rules-reference", ("die_tables",),
                                        f"die_tables: objectives roll {row.roll} names '{name.strip()}', no space "
                                        f"of the map")


def breakdown_types(ctx, section: Section):
    """10.1.2: every army type and corps type of ``breakdown`` is a unit type."""
    types = {t.id for t in ctx.content.unit_types}
    for army, corps in section.breakdown.items():
        for tid in (army, corps):
            if tid not in types:
                yield ctx.error("rules-reference", SECTION + ("breakdown", army),
                                f"rules.breakdown: no unit type '{tid}' (known: {', '.join(sorted(types))})")


def river_feature(ctx, section: Section):
    """11.4.2: the river names a feature of the map."""
    if section.river is not None and section.river.feature not in {f.id for f in ctx.content.map.features}:
        yield ctx.error("rules-reference", SECTION + ("river", "feature"),
                        f"rules.river.feature: no map feature '{section.river.feature}'")


def side_and_table(ctx, option: str, side: str, table_id: str):
    """Yields an error for a side or a die table ``rules.<option>`` names that the content
    lacks; returns the table, or None (``table = yield from side_and_table(...)``)."""
    if side not in {s.id for s in ctx.content.game.sides}:
        yield ctx.error("rules-reference", SECTION + (option, "side"), f"rules.{option}.side: no side '{side}'")
    table = next((t for t in ctx.content.die_tables if t.id == table_id), None)
    if table is None:
        yield ctx.error("rules-reference", SECTION + (option, "table"), f"rules.{option}.table: no die table '{table_id}'")
    return table


def partisan_names(ctx, section: Section):
    """8.0: the partisans' side, table and hunter types exist."""
    par = section.partisans
    if par is None:
        return
    yield from side_and_table(ctx, "partisans", par.side, par.table)
    types = {t.id for t in ctx.content.unit_types}
    for k, tid in enumerate(par.hunters):
        if tid not in types:
            yield ctx.error("rules-reference", SECTION + ("partisans", "hunters", k),
                            f"rules.partisans.hunters: no unit type '{tid}'")


def commissar_names(ctx, section: Section):
    """7.0: the commissar's side and table exist; the table names ox columns of the map."""
    com = section.commissar
    if com is None:
        return
    table = yield from side_and_table(ctx, "commissar", com.side, com.table)
    if table is None:
        return
    oxes = {sp.id for sp in ctx.board.spaces if sp.kind == "ox"}
    columns = {i[:1] for i in oxes}
    for row in table.rows:
        for name in row.results[0].split(" or "):
            if name.strip() not in columns:
                yield ctx.error("rules-reference", ("die_tables",), f"die_tables: {com.table} roll {row.roll} names "
                                                                    f"'{name.strip()}', no ox column of the map")
            elif missing := [f"{name.strip()}{r}" for r in range(1, 12) if f"{name.strip()}{r}" not in oxes]:
                yield ctx.error("rules-reference", ("die_tables",),
                                f"die_tables: {com.table} roll {row.roll} names column '{name.strip()}', whose oxes "
                                f"must run from row 1 to 11 (two dice less one): the map lacks {', '.join(missing)}")


def redeployment_table(ctx, section: Section):
    """3.2.1: a game with a redeployment phase rolls on ``redeployment_table``, whose every result
    is the number of units a side redeploys."""
    if not any(ph.kind == "redeployment" for ph in ctx.content.game.sequence_of_play):
        return
    table = next((t for t in ctx.content.die_tables if t.id == section.redeployment_table), None)
    if table is None:
        yield ctx.error("rules-reference", SECTION + ("redeployment_table",),
                        f"rules.redeployment_table: no die table '{section.redeployment_table}' (the redeployment "
                        "phase rolls on it)")
        return
    for row in table.rows:
        if not row.results[0].strip().isdigit():
            yield ctx.error("rules-reference", ("die_tables",),
                            f"die_tables: {table.id} roll {row.roll} gives '{row.results[0]}': a whole number of "
                            "units to redeploy is expected")


def partisan_results(ctx, section: Section):
    """8.1.2: each result of the partisans' table says which partisans act by the words 'rail'
    and 'truck' (either, both, or 'none'); any other result would silently place none."""
    par = section.partisans
    table = next((t for t in ctx.content.die_tables if par is not None and t.id == par.table), None)
    for row in table.rows if table is not None else ():
        cell = row.results[0].lower()
        if "rail" not in cell and "truck" not in cell and cell.strip() not in ("none", "-", ""):
            yield ctx.error("rules-reference", ("die_tables",),
                            f"die_tables: {table.id} roll {row.roll} gives '{row.results[0]}': name 'rail', "
                            "'truck', both, or 'none'")


def luftwaffe_bombing(ctx, section: Section):
    """9.2.2: the bombing table and the modifiers the weather names exist."""
    air = section.luftwaffe
    if air is None:
        return
    table = next((t for t in ctx.content.die_tables if t.id == air.bombing_table), None)
    if table is None:
        yield ctx.error("rules-reference", SECTION + ("luftwaffe", "bombing_table"),
                        f"rules.luftwaffe.bombing_table: no die table '{air.bombing_table}'")
        return
    drms = {m.id for m in table.drms}
    for wx, drm in air.bombing_drms.items():
        if drm not in drms:
            yield ctx.error("rules-reference", SECTION + ("luftwaffe", "bombing_drms", wx),
                            f"rules.luftwaffe.bombing_drms: table {table.id} has no modifier '{drm}'")


def box_minimum_at_start(ctx, section: Section):
    """12.5: each side's breakdown box (its pieces off the map with no turn to enter) holds its
    minimum at the start."""
    pts = section.stacking.points if section.stacking.count == "points" else {}
    for sid, least in section.box_minimum.items():
        held = sum(grp.reserve * pts.get(grp.type, 1) for grp in ctx.content.counters.units
                   if grp.side == sid and grp.enters is None)
        if held < least:
            yield ctx.error("rules-reference", SECTION + ("box_minimum", sid),
                            f"rules.box_minimum: side '{sid}' must keep {least} corps in its boxes; its breakdown "
                            f"box starts with {held}")


content_checks = tuple(c for c in standard_checks if c is not reserve_enters) + (tables_present, objective_names,
                                                                                  breakdown_types, box_minimum_at_start,
                                                                                  river_feature, partisan_names,
                                                                                  commissar_names, luftwaffe_bombing,
                                                                                  redeployment_table, partisan_results)
