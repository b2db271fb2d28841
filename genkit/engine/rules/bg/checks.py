"""BG's checks of a content model's ``rules:`` section against the rest of the model (run by
``genkit check``; each error's path locates the file and line): every side is made of nations;
the areas named are spaces of the map (land areas, not sea zones); every unit type has its entry;
the nations named exist; the areas overseas (5.2 special) are areas of land; a type that
carries others is a ship (6.1.3 A); a nation at war starts with the production its areas give
(7.2)."""
from __future__ import annotations


def nations_and_areas(ctx, sec):
    content = ctx.content
    nations = {n.id: n for _, n in content.nations()}
    for i, side in enumerate(content.game.sides):
        if not side.nations:
            yield ctx.error("rules-reference", ("game", "sides", i), f"game.sides: the BG system plays alliances "
                                                                     f"of nations; side '{side.id}' has none")
    kinds = {s.id: s.kind for s in content.map.spaces}
    for a in sec.areas:
        if a not in kinds:
            yield ctx.error("rules-reference", ("rules", "areas", a), f"rules.areas: '{a}' is not a space of the map")
        elif kinds[a] == "sea":
            yield ctx.error("rules-reference", ("rules", "areas", a), f"rules.areas: '{a}' is a sea zone; "
                                                                      f"sea zones produce nothing")
    for key in ("outside", "peace", "war_not_before", "overseas"):
        for nid in getattr(sec, key):
            if nid not in nations:
                yield ctx.error("rules-reference", ("rules", key, nid), f"rules.{key}: no nation '{nid}'")
    for nid, areas in sec.overseas.items():             # 5.2 special: areas of land of the map
        for j, a in enumerate(areas):
            if kinds.get(a, "sea") == "sea":
                yield ctx.error("rules-reference", ("rules", "overseas", nid, j),
                                f"rules.overseas.{nid}: '{a}' is not an area of land of the map")
    for i, d in enumerate(sec.deliveries):
        for f in ("giver", "receiver"):
            if getattr(d, f) not in nations:
                yield ctx.error("rules-reference", ("rules", "deliveries", i, f),
                                f"rules.deliveries: no nation '{getattr(d, f)}'")
    for i, e in enumerate(sec.timetable):
        nid = e.enters_war or e.aid
        if nid not in nations:
            yield ctx.error("rules-reference", ("rules", "timetable", i), f"rules.timetable: no nation '{nid}'")
    sides = {s.id for s in content.game.sides}
    for key in ("conquests", "economic", "at_end"):
        for sid in getattr(sec.victory, key) or {}:
            if sid not in sides:
                yield ctx.error("rules-reference", ("rules", "victory", key, sid), f"rules.victory.{key}: no side '{sid}'")
    if sec.victory.at_end is not None and len(sec.victory.at_end) != 1:
        yield ctx.error("rules-reference", ("rules", "victory", "at_end"), "rules.victory.at_end: name one side")


def unit_rules(ctx, sec):
    types = [t.id for t in ctx.content.unit_types]
    for tid in types:
        if tid not in sec.units:
            yield ctx.error("rules-reference", ("rules", "units"), f"rules.units: unit type '{tid}' has no entry")
    for tid in sec.units:
        if tid not in types:
            yield ctx.error("rules-reference", ("rules", "units", tid), f"rules.units: no unit type '{tid}'")
    for tid, rule in sec.units.items():
        if rule.carries is not None and not rule.sea:
            yield ctx.error("rules-reference", ("rules", "units", tid, "carries"),
                            f"rules.units.{tid}: a type that carries (a convoy, 6.1.3 A) is a ship: give it sea: true")
    kinds = {s.id: s.kind for s in ctx.content.map.spaces}
    for gi, grp in enumerate(ctx.content.counters.units):
        rule = sec.units.get(grp.type)
        if rule is None:
            continue
        for j, h in enumerate(grp.setup):
            if (kinds.get(h) == "sea") != rule.sea:
                where = "a sea zone" if rule.sea else "an area of land"
                yield ctx.error("rules-reference", ("counters", "units", gi, "setup", j),
                                f"counters.units: a {grp.type} sets up in {where}; '{h}' is not one")


def starting_production(sec, n) -> int:
    """7.2: a major nation's production at the start: at war, the build points of its home and
    held areas plus its production from off the maps; neutral, its peace production."""
    if n.at_war:
        return sum(sec.areas.get(a, [0, 0])[0] for a in n.home + n.holds) + sec.outside.get(n.id, 0)
    return sec.peace.get(n.id, 0)


def production(ctx, sec):
    """7.2: a major nation's production, when the pack writes it, is the one its areas give
    (:func:`starting_production`); left unwritten, the kit prints the one worked out."""
    for si, side in enumerate(ctx.content.game.sides):
        for ni, n in enumerate(side.nations):
            if n.kind != "major" or n.production is None:
                continue
            want = starting_production(sec, n)
            if n.production != want:
                how = "its areas' build points and outside production" if n.at_war else "its peace production"
                yield ctx.error("rules-production", ("game", "sides", si, "nations", ni, "production"),
                                f"nation '{n.id}': production {n.production}, but {how} make {want} "
                                f"(or leave production out: it is worked out)")


content_checks = (nations_and_areas, unit_rules, production)
