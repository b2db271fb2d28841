"""Checks of how the game fights: the CRT (complete, monotonic, every column reachable), the
units' strengths and attack distances a CRT game reads, and the symbol dice a dice game rolls.
(Registered with :func:`genkit.model.check_context.check`.)"""
from __future__ import annotations

from .check_context import Context, check

@check
def unit_strengths(ctx: Context):
    """A CRT game reads each unit type's strength and attack distance per attack type."""
    crt = ctx.content.crt
    for i, u in enumerate(ctx.content.unit_types):
        if crt is not None and u.strength is None:
            yield ctx.error("strength", ("unit_types", i),
                            f"{u.name}: a game with a crt needs the unit's strength (strength: {{full: N, reduced: N}})")
            continue
        if u.strength is not None:
            yield from _reduced_values(ctx, i, u)
        if crt is not None:
            yield from _attack_distances(ctx, i, u, crt.attack_types)


def _reduced_values(ctx: Context, i: int, u):
    if u.halved_strength and u.strength.reduced != u.strength.full // 2:
        yield ctx.error("reduced-strength", ("unit_types", i, "strength", "reduced"),
                        f"{u.name}: reduced strength {u.strength.reduced} should be full strength "
                        f"{u.strength.full} halved and rounded down = {u.strength.full // 2} "
                        "(or set halved_strength: false)")
    if u.strength.reduced > u.strength.full:
        yield ctx.error("reduced-strength", ("unit_types", i, "strength", "reduced"),
                        f"{u.name}: reduced strength is above full strength")
    if u.defence is not None and u.defence.reduced > u.defence.full:
        yield ctx.error("reduced-strength", ("unit_types", i, "defence", "reduced"),
                        f"{u.name}: reduced defence is above full defence")


def _attack_distances(ctx: Context, i: int, u, types: list):
    if list(u.attack_distance) != list(types):
        yield ctx.error("attack-distance", ("unit_types", i, "attack_distance"),
                        f"{u.name}: attack_distance needs one entry per crt attack type, in crt order "
                        f"({', '.join(types)}); it has {', '.join(u.attack_distance) or 'none'}")
        return
    for a, b in zip(types, types[1:]):
        if u.attack_distance[b] < u.attack_distance[a]:
            yield ctx.error("attack-distance", ("unit_types", i, "attack_distance", b),
                            f"{u.name}: {b} distance {u.attack_distance[b]} is shorter than "
                            f"{a} distance {u.attack_distance[a]}")


@check
def dice(ctx: Context):
    """Symbol dice: faces that hit known unit types, and units that roll some (unique ids:
    :func:`~.check.unique_ids`)."""
    c = ctx.content
    types = {u.id for u in c.unit_types}
    for i, die in enumerate(c.dice):
        for j, face in enumerate(die.faces):
            for k, t in enumerate(face.hits):
                if t not in types:
                    yield ctx.error("unknown-unit-type", ("dice", i, "faces", j, "hits", k),
                                    f"die '{die.id}' face {j + 1} hits '{t}', which is not a unit type "
                                    f"({', '.join(sorted(types))})")
    for i, u in enumerate(c.unit_types):
        if u.battle_dice and not c.dice:
            yield ctx.error("no-dice", ("unit_types", i, "battle_dice"),
                            f"{u.name} rolls battle dice but the game defines no dice (a dice: section)")
        if u.figures is not None and u.battle_dice and not any(u.battle_dice):
            yield ctx.warning("no-battle", ("unit_types", i, "battle_dice"), f"{u.name} rolls no die at any range")


@check
def crt_complete(ctx: Context):
    crt = ctx.content.crt
    if crt is None:
        return
    codes = {r.code for r in crt.results}
    for i, col in enumerate(crt.columns):
        for t in crt.attack_types:
            if t not in col.rows:
                yield ctx.error("crt-missing", ("crt", "columns", i, "rows"),
                                f"CRT column {col.label} has no row for attack type '{t}'")
        for t, cells in col.rows.items():
            path = ("crt", "columns", i, "rows", t)
            if t not in crt.attack_types:
                yield ctx.error("crt-attack-type", path, f"CRT column {col.label}: attack type '{t}' "
                                f"is not in attack_types ({', '.join(crt.attack_types)})")
            if len(cells) != len(crt.rolls):
                expected = (f"one per die face ({crt.die_faces})" if crt.dice == 1 else
                            f"one per roll of {crt.roll_text}, {crt.rolls[0]} to {crt.rolls[-1]} ({len(crt.rolls)})")
                yield ctx.error("crt-missing", path, f"CRT column {col.label} {t}: {len(cells)} results, "
                                f"expected {expected}")
            for face, code in enumerate(cells, start=crt.rolls[0]):
                if code not in codes:
                    yield ctx.error("crt-result", path, f"CRT column {col.label} {t} die {face}: "
                                    f"result '{code}' is not defined ({', '.join(sorted(codes))})")
    for i, col in enumerate(crt.columns):
        if (col.odds is None) == (col.differential is None):
            yield ctx.error("crt-column", ("crt", "columns", i),
                            f"CRT column {i + 1} needs either differential or odds (not both, not neither)")
        elif (col.odds is not None) != crt.uses_odds:
            yield ctx.error("crt-column", ("crt", "columns", i),
                            f"CRT column {col.label}: all columns must be the same kind, differential or odds")
    keys = [c.key for c in crt.columns]
    if keys != sorted(keys):
        yield ctx.warning("crt-order", ("crt", "columns"), "CRT columns are not in ascending order")
    for t in crt.attack_types:
        if t not in crt.attack_type_names:
            yield ctx.error("crt-attack-type", ("crt", "attack_type_names"), f"attack type '{t}' has no name")


def on_a(face: int) -> str:
    """'on a 6', 'on an 8', 'on an 11', 'on an 18': the article as the number is read aloud."""
    spoken_vowel = str(face).startswith("8") or face in (11, 18)
    return f"on {'an' if spoken_vowel else 'a'} {face}"


@check
def crt_monotonic(ctx: Context):
    """A better column, or a stronger attack type, never gives a worse result on the same roll.
    Results rank by the order of ``crt.results``, worst to best for the attacker; a table that
    is not monotonic on purpose says ``crt.check_monotonic: false``. An attack type the rules
    read on its own table (``ctx.separate_attack_types``: a bombardment's) is no weaker attack:
    it is judged along its columns only."""
    crt = ctx.content.crt
    if crt is None or not crt.check_monotonic:
        return
    rank = {r.code: i for i, r in enumerate(crt.results)}
    cols = sorted(enumerate(crt.columns), key=lambda ic: ic[1].key)

    def cell(col, t, face):
        cells = col.rows.get(t, [])
        return cells[face] if face < len(cells) and cells[face] in rank else None

    for t in crt.attack_types:
        for (_, lo), (j, hi) in zip(cols, cols[1:]):
            for face in range(len(crt.rolls)):
                a, b = cell(lo, t, face), cell(hi, t, face)
                if a and b and rank[b] < rank[a]:
                    yield ctx.warning("crt-monotonic", ("crt", "columns", j, "rows", t, face),
                                      f"CRT not monotonic: {t} at {hi.label} gives {b} {on_a(crt.rolls[face])} "
                                      f"but {lo.label} gives {a}")
    ranked = [t for t in crt.attack_types if t not in ctx.separate_attack_types]
    for i, col in cols:
        for strong, weak in zip(ranked, ranked[1:]):
            for face in range(len(crt.rolls)):
                a, b = cell(col, strong, face), cell(col, weak, face)
                if a and b and rank[a] < rank[b]:
                    yield ctx.warning("crt-monotonic", ("crt", "columns", i, "rows", weak, face),
                                      f"CRT not monotonic: at {col.label} {on_a(crt.rolls[face])}, {weak} gives "
                                      f"{b} but the stronger {strong} gives {a}")


@check
def crt_reachable(ctx: Context):
    """Columns no battle can ever reach are dead cells on the player aid."""
    c = ctx.content
    if c.crt is None or c.crt.uses_odds or any(u.strength is None for u in c.unit_types):
        return
    lowest_attack = min(u.strength.reduced for u in c.unit_types)
    strongest_defence = max(u.defence_of().full for u in c.unit_types)
    floor = lowest_attack - strongest_defence
    for i, col in enumerate(c.crt.columns):
        if col.differential is not None and col.differential < floor:
            yield ctx.warning("crt-unreachable", ("crt", "columns", i, "differential"),
                              f"CRT column {col.label} can never be used: the worst possible "
                              f"differential is {floor:+d}")
