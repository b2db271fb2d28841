"""Modern Land Battles in words: each decision as a player would say it, and a position as text."""
from __future__ import annotations

from .state import AREAS, BREAKTHROUGH, DESTROYED, RESERVE

ROW_WORDS = ("1st", "2nd", "3rd", "4th", "5th")


def force_text(g, s, f: int) -> str:
    """A force by its nation and name, and where it stands ("USSR T-72 Tank Platoon, Breakthrough 1st row")."""
    force = g.forces[f]
    where = s.area[f]
    at = (f"{AREAS[where]} {ROW_WORDS[s.row[f]]} row" if where >= 0
          else {RESERVE: "in reserve", DESTROYED: "destroyed"}.get(where, "out of play"))
    return f"{g.nation_names[force.nation]} {force.name}, {at}"


def _to(area: int, r: int) -> str:
    return f"{AREAS[area]} {ROW_WORDS[r]} row"


def action_text(g, s, a) -> str:
    """``a`` in the game's words: "Prepare", "M1A1 Tank Platoon ... plays Cannon from Breakthrough
    1st row at ...", "react with Overwatch: ... stops hits" and so on."""
    verb = a[0]
    card = (lambda k: g.actions[k].name)
    f_ = (lambda f: force_text(g, s, f))
    if verb == "buy":
        return f"buy {f_(a[1])}, {g.forces[a[1]].vp} VP, into the {_to(BREAKTHROUGH, a[2])}"
    if verb == "pool":
        return f"buy {card(a[1])} into the action card pool, {g.actions[a[1]].reinforce} VP"
    if verb == "prepare":
        return "Prepare: remove every Acted counter"
    if verb == "reinforce":
        return "Reinforce from the reserve"
    if verb == "maneuver":
        _, f, area, r, k = a
        kind = "Terrain" if area == 2 else "Flanking"
        with_card = f" with {card(k)} at {g.actions[k].maneuver:+d}" if k >= 0 else ""
        return f"{kind} Maneuver: {f_(f)} to the {_to(area, r)}{with_card}"
    if verb == "artillery":
        _, f, area, r, q = a
        return f"Artillery Attack: {f_(f)} from the {_to(area, r)} at {f_(q)}"
    if verb == "play":
        _, k, f, area, r, q = a
        return f"play {card(k)}: {f_(f)} from the {_to(area, r)} at {f_(q)}"
    if verb == "regroup":
        return f"play {card(a[1])}: {f_(a[2])} to the {AREAS[a[3]]} rear row, its damage removed"
    if verb == "engineers":
        return f"play {card(a[1])}: the control counter 1 square {'toward you' if a[2] > 0 else 'away from you'}"
    if verb == "react":
        _, k, df, r = a
        who = f" by {f_(df)}" + (f" from the {_to(s.pending[4], r)}" if r >= 0 else "") if df >= 0 else ""
        return f"react with {card(k)}{who}"
    if verb == "pass":
        return "no card played"
    if verb == "again":
        return f"play {card(a[1])}: another action at once"
    if verb == "discard":
        return f"discard {card(a[1])}"
    if verb == "draw":
        return "draw up to the hand size"
    if verb == "spend":
        return f"discard {card(a[1])} for {g.actions[a[1]].reinforce} reinforcement points"
    if verb == "take" and len(a) == 1:
        return "choose the reinforcements"
    if verb == "take":
        return f"bring {f_(a[1])}, {g.forces[a[1]].vp} VP, into the {_to(BREAKTHROUGH, a[2])}"
    return "reinforcements done"


def render_lines(g, s) -> list:
    """The table as text: each side's points, hand, superior counters, and its forces by area and row."""
    out = [f"turn {s.turn}, {g.side_ids[s.actor] if s.actor >= 0 else '-'} to decide"]
    if s.terrain_at < len(s.terrain_order):
        t = g.terrains[s.terrain_order[s.terrain_at]]
        out.append(f"terrain: {t.name} ({t.vp} VP), control {s.control:+d} of {t.reach}")
    for side, sid in enumerate(g.side_ids):
        sup = max(0, s.superior if side == 0 else -s.superior)
        out.append(f"{sid} ({s.nations[side]}): {g.points(s, side)} VP, {len(s.hands[side])} cards, "
                   f"{sup} superior")
        for area, name in enumerate(("Breakthrough", "Flanking", "Terrain")):
            for r in range(g.rows):
                here = [f for f in s.side_forces[side] if s.area[f] == area and s.row[f] == r]
                if here:
                    out.append(f"  {name} {ROW_WORDS[r]}: " + ", ".join(
                        g.forces[f].name + ("*" if s.acted[f] else "") + ("!" * s.hits[f]) for f in here))
    return out
