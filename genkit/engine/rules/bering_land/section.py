"""Bering Land's own part of the model: the ``rules:`` section (:class:`Section`) and the
checks of what only this game needs (:data:`content_checks`), run by ``genkit check``
after the core checks. Imports nothing of the engine, so the model layer can read it."""
from __future__ import annotations

from collections import deque
from typing import Literal, Optional

from pydantic import Field

from ....hexes import parse_hex_id
from ....model.schema_base import Id, Strict
from .card_checks import ability_cards


class Options(Strict):
    """Readings of ambiguous rules; each value names the reading used."""
    battle_joiners: Literal["in_range", "adjacent_to_lead"] = Field(
        description="who may join the moved unit's battle")
    lead_without_move: bool = Field(description="may a battle be fought when no unit moved")
    combine_counts: Literal["strength_when_lost", "full"] = Field(
        description="how an eliminated unit counts toward combining (10.3)")


class Section(Strict):
    """The ``rules:`` section of a game run by the bering_land rules module."""
    halfway_line: Id = Field(description="map.lines id of the half-way line (10.1); each side's half holds its base")
    killstreaks: Id = Field(description="tracks id of the killstreak tracks: one lane per unit type, "
                                        "last space = kills in a row to complete it")
    replacements: Id = Field(description="turn_track.per_turn id of the replacement steps per turn and side (10.0)")
    stopped_marker: Optional[Id] = Field(
        None, description="counters.markers id of the Air Drone Stopped markers (11.3): no more units are stopped "
                          "at once than it has markers; omitted: no limit")
    options: Options


SECTION = ("rules",)


def references(ctx, section: Section):
    """The section's ids name a map line, a track, a per-turn entry and a marker of the model."""
    c = ctx.content
    for field, what, known in (("halfway_line", "map line", [ln.id for ln in c.map.lines]),
                               ("killstreaks", "track", [t.id for t in c.tracks]),
                               ("replacements", "turn_track.per_turn entry", [e.id for e in c.turn_track.per_turn]),
                               ("stopped_marker", "marker", [m.id for m in c.counters.markers])):
        value = getattr(section, field)
        if value is not None and value not in known:
            yield ctx.error("rules-reference", SECTION + (field,),
                            f"rules.{field}: no {what} '{value}' (known: {', '.join(sorted(known)) or 'none'})")


def phases(ctx, section: Section):
    """4.0: movement and combat phases name the side acting; one housekeeping phase ends the turn.
    (One movement phase per side is the module's ``requires``, checked as a rules limit.)"""
    c = ctx.content
    for i, p in enumerate(c.game.sequence_of_play):
        if p.kind in ("movement", "combat") and not p.side:
            yield ctx.error("phase-side", ("game", "sequence_of_play", i),
                            f"phase '{p.id}' is a {p.kind} phase: it needs the side that acts")
    if sum(p.kind == "housekeeping" for p in c.game.sequence_of_play) != 1:
        yield ctx.error("housekeeping", ("game", "sequence_of_play"),
                        "the sequence of play needs exactly one housekeeping phase: the turn ends there")


def _bases(ctx) -> dict:
    """side id -> (hex, path) of its base: the one map place it owns."""
    out = {}
    for i, p in enumerate(ctx.content.map.places):
        if p.side is not None and p.side not in out:
            out[p.side] = (p.hex, ("map", "places", i, "hex"))
    return out


def bases(ctx, section: Section):
    """5.0: each side has exactly one base, the map place it owns."""
    places = ctx.content.map.places
    for side in sorted(ctx.side_ids):
        owned = [i for i, p in enumerate(places) if p.side == side]
        if not owned:
            yield ctx.error("missing-base", ("map", "places"),
                            f"side '{side}' has no base: give one map place 'side: {side}'")
        for i in owned[1:]:
            yield ctx.error("two-bases", ("map", "places", i, "side"),
                            f"side '{side}' owns more than one place; its base is the one place it owns")


def halves(ctx, section: Section):
    """10.1: the half-way line lies inside the map, and each side's base and set-up lie on its own
    half (the one holding its base); the two bases lie on opposite halves."""
    m = ctx.content.map
    line = next((ln for ln in m.lines if ln.id == section.halfway_line), None)
    if line is None:
        return
    i_line = m.lines.index(line)
    pos = 0 if m.grid.orientation == "flat" else 1
    limit = m.grid.columns if m.grid.orientation == "flat" else m.grid.rows
    if not 1 < line.at < limit:
        yield ctx.error("halfway", ("map", "lines", i_line, "at"),
                        f"the half-way line {line.at} must lie inside the map (2..{limit - 1})")
        return

    def half(h: str) -> str:
        n = parse_hex_id(h)[pos]
        return "line" if n == line.at else ("low" if n < line.at else "high")

    own = {}
    for side, (h, path) in sorted(_bases(ctx).items()):
        if h not in ctx.grid:
            continue
        own[side] = half(h)
        if own[side] == "line":
            yield ctx.error("base-half", path, f"the base of {side} ({h}) is on the half-way line, not on a half")
    claimed = [s for s in own.values() if s != "line"]
    if len(set(claimed)) < len(claimed):
        yield ctx.error("shared-half", ("map", "lines", i_line),
                        "the bases lie on the same half of the map: each side's half is the one holding its base")
        return
    for side, type_, h, path in ctx.setup():
        if h in ctx.grid and own.get(side) in ("low", "high") and half(h) != own[side]:
            yield ctx.error("setup-half", path, f"set-up hex {h} of a {side} {type_} is not on the {side} half")


def bases_reachable(ctx, section: Section):
    """Each side can reach the other's base over passable terrain (ignoring units)."""
    grid = ctx.grid
    passable = {h for h, t in ctx.terrain_at.items() if t.move_cost is not None}
    base = _bases(ctx)
    starts = {}
    for side, _, h, _ in ctx.setup():
        starts.setdefault(side, set()).add(h)
    for side, (h, _) in base.items():
        starts.setdefault(side, set()).add(h)
    for side, own in sorted(starts.items()):
        for other, (target, path) in sorted(base.items()):
            if other == side or target not in grid:
                continue
            frontier = deque(h for h in own if h in passable)
            seen = set(frontier)
            while frontier:
                h = frontier.popleft()
                for n in grid.adjacent(grid.index_of(h)):
                    nid = grid.id_of(n)
                    if nid in passable and nid not in seen:
                        seen.add(nid)
                        frontier.append(nid)
            if target not in seen:
                yield ctx.error("unreachable-base", path,
                                f"no {side} unit can reach the {other} base {target} over passable terrain")


def killstreak_lanes(ctx, section: Section):
    """6.0: the killstreak track has one lane per unit type, per side."""
    c = ctx.content
    i = next((i for i, t in enumerate(c.tracks) if t.id == section.killstreaks), None)
    if i is None:
        return
    track = c.tracks[i]
    types = [u.id for u in c.unit_types]
    for t in types:
        if t not in track.lanes:
            yield ctx.error("killstreak-lane", ("tracks", i, "lanes"),
                            f"track '{track.id}' has no lane for unit type '{t}': its last space is the "
                            "kills that complete that type's killstreak")
    for lane in track.lanes:
        if lane not in types:
            yield ctx.error("killstreak-lane", ("tracks", i, "lanes", lane),
                            f"track '{track.id}' lane '{lane}' is not a unit type ({', '.join(types)})")
    if not track.per_side:
        yield ctx.error("killstreak-lane", ("tracks", i, "per_side"),
                        f"track '{track.id}': each side keeps its own killstreaks (per_side: true)")


def replacement_sides(ctx, section: Section):
    """10.0: every side gets replacement steps (a missing side counts 0)."""
    c = ctx.content
    i = next((i for i, e in enumerate(c.turn_track.per_turn) if e.id == section.replacements), None)
    if i is None:
        return
    entry = c.turn_track.per_turn[i]
    for side in sorted(ctx.side_ids):
        if side not in entry.each_turn:
            yield ctx.warning("no-replacements", ("turn_track", "per_turn", i, "each_turn"),
                              f"side '{side}' gets no replacement steps (missing: counts as 0)")


content_checks = (references, phases, bases, halves, bases_reachable, killstreak_lanes, replacement_sides,
                  ability_cards)
