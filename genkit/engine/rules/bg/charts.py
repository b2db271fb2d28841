"""BG's charts, drawn from the model for the player aid and the booklet: the production chart
(7.2, 7.2.5, 7.2.6: what each unit costs, takes and does), the time table (5.1, with each turn's
quarter and year), the nations (1.0: side, status at the start, production, home) and the areas'
build points (7.2.1)."""
from __future__ import annotations

from .. import Chart
from .checks import starting_production
from .section import Section


def _quarter(sec: Section, turn: int) -> str:
    q = sec.quarter_of_turn_1 - 1 + turn - 1
    return f"{q % 4 + 1}Q{sec.year_of_turn_1 + q // 4}"


def production_chart(content, sec: Section) -> Chart:
    rows = []
    for t in content.unit_types:
        r = sec.units[t.id]
        cost = f"{r.rebuild} BP, once lost" if r.rebuild is not None else f"{r.cost} BP" if r.cost is not None \
            else f"{t.strength.full * (2 if r.double else 1)} BP"
        repair = (t.strength.full - t.strength.reduced) * (2 if r.double else 1)
        dice = {0: "none", 1: "1 die"}.get(r.fires, f"{r.fires} dice")
        rows.append((t.name, f"{t.strength.full} / {t.strength.reduced}", str(t.movement), dice,
                     cost, f"{repair} BP", str(max(1, r.quarters))))
    notes = ("A unit in production arrives at the start of the quarter shown after the one it is paid in.",
             "Build points not spent are saved for later quarters.")
    if any(sec.units[t.id].commands for t in content.unit_types):
        notes += ("An HQ's strength is how many land units with it it sends as reserves or leads in "
                  "exploitation; it never fires. HQs enter on their dates and are never built new.",)
    for t in content.unit_types:
        c = sec.units[t.id].carries
        if c is not None:
            notes += (f"A {t.name.lower()} carries a load of {c.full} on its front and {c.reduced} on its back: "
                      f"a unit on its front weighs 2, one on its back 1. Its load takes the hits it takes.",)
    return Chart("production", "Production chart",
                 ("Unit", "Strength", "Range", "Dice", "Cost", "Repair", "Quarters"), tuple(rows), notes)


def time_table(content, sec: Section) -> Chart:
    names = {n.id: n.name for _, n in content.nations()}
    rows = []
    for e in sec.timetable:
        what = f"{names.get(e.enters_war, e.enters_war)} enters the war" if e.enters_war else \
            f"{names.get(e.aid, e.aid)} gains {e.bp} BP every quarter"
        rows.append((str(e.turn), _quarter(sec, e.turn), what))
    notes = tuple(f"{names.get(n, n)} may go to war of its own will from turn {t} ({_quarter(sec, t)})."
                  for n, t in sec.war_not_before.items())
    return Chart("time_table", "Time table", ("Turn", "When", "Event"), tuple(rows), notes, span="half")


def nations_chart(content, sec: Section) -> Chart:
    rows = []
    for side, n in content.nations():
        status = "at war" if n.at_war else "neutral"
        kind = "major" if n.kind == "major" else f"minor of {content.nation(n.associate).name}"
        rows.append((n.name, side.name, kind, status, str(starting_production(sec, n)) if n.kind == "major" else "-",
                     ", ".join(n.home + n.holds)))
    return Chart("nations", "Nations", ("Nation", "Alliance", "Kind", "At the start", "BP", "Areas"),
                 tuple(rows))


def areas_chart(content, sec: Section) -> Chart:
    rows = tuple((a, str(v[0]), str(v[1])) for a, v in sec.areas.items())
    return Chart("areas", "Build points of the areas", ("Area", "Own", "Conqueror"), rows,
                 ("Own: to its nation and its side. Conqueror: to an enemy who takes it.",), span="half")


def victory_chart(content, sec: Section) -> Chart:
    """8.5 as this game's victory section (it replaces the generic one, which knows only the
    turn limit)."""
    names = {s.id: s.name for s in content.game.sides}
    rows = [("Total", f"{names[s]}: conquer {n} enemy major nation{'s' if n > 1 else ''}", "every turn end")
            for s, n in sec.victory.conquests.items()]
    rows += [("Economic", f"{names[s]}: hold {n} points", "every turn end") for s, n in sec.victory.economic.items()]
    if sec.victory.at_end:
        (s, n), = sec.victory.at_end.items()
        other = next(x for x in names if x != s)
        rows.append(("At the end", f"{names[s]} holds {n} points or more, else {names[other]}",
                     f"after turn {content.turn_track.turns}"))
    else:
        rows.append(("At the end", "a draw", f"after turn {content.turn_track.turns}"))
    return Chart("victory", "Victory", ("Victory", "Who wins", "Checked"), tuple(rows),
                 ("Points: the build points of the areas a side's nations at war hold.",), replaces="victory")


def charts(content) -> list[Chart]:
    sec = Section.model_validate(content.rules or {})
    return [production_chart(content, sec), time_table(content, sec), victory_chart(content, sec),
            nations_chart(content, sec), areas_chart(content, sec)]
