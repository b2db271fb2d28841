"""The legal choices of Modern Land Battles' decisions: buying the starting army, the actions of
a turn and the reactions to an enemy action. Actions name Action cards by kind (copies of a kind
are alike), forces by their index in the force deck, areas by index (:data:`.state.AREAS`)."""
from __future__ import annotations

from . import cards as cd
from .formation import best_weapon, dice_left, in_area, places
from .state import BREAKTHROUGH, FLANKING, RESERVE, TERRAIN

ATTACKS = ("fire", "assault", "raid")


def held(s, side: int) -> list:
    """The action cards ``side`` may play: its hand and its pool (optional rule 8.3)."""
    pool = s.pools[side]
    return s.hands[side] + pool if pool else s.hands[side]


def buy_choices(g, s) -> list:
    """Set-up 3: ("buy", force, row) for each reserve force of the buying side's nation that fits
    the VP left, into a row of its Breakthrough Area (an existing row or a new one behind); with
    the action card pool (8.3), ("pool", kind) for each action card in the deck whose
    reinforcement value fits."""
    side = s.actor
    left = g.section.army_vp - s.bought[side]
    out = []
    for f in s.side_forces[side]:
        if s.area[f] == RESERVE and g.forces[f].vp <= left:
            out += [("buy", f, r) for r in places(g, s, side, BREAKTHROUGH, f)]
    if g.card_pool:
        out += [("pool", k) for k in sorted(set(s.pile)) if 0 < g.actions[k].reinforce <= left]
    return out


def terrain_up(g, s) -> bool:
    """A Terrain card is face up (the deck is not used up)."""
    return s.terrain_at < len(s.terrain_order)


def action_choices(g, s) -> list:
    """The turn's actions: ("prepare",), ("reinforce",), ("maneuver", f, area, row, kind or -1),
    ("artillery", f, area, row, target), ("play", kind, f, area, row, target) for an attack card,
    ("regroup", kind, f, area), ("engineers", kind, +1 toward oneself / -1 away)."""
    side = s.actor
    cards = held(s, side)
    hand = sorted(set(cards))
    acts = g.actions
    out = [("prepare",)]
    if any(acts[k].reinforce > 0 for k in hand):
        budget = sum(acts[k].reinforce for k in cards)
        if any(s.area[f] == RESERVE and g.forces[f].vp <= budget for f in s.side_forces[side]):
            out.append(("reinforce",))
    man_cards = [-1] + [k for k in hand if acts[k].maneuver > 0]
    man_areas = (FLANKING, TERRAIN) if terrain_up(g, s) else (FLANKING,)
    attack_cards = [k for k in hand if acts[k].attack in ATTACKS]
    regroup = [k for k in hand if acts[k].attack == "regroup"]
    enemies = [in_area(g, s, 1 - side, a) for a in range(3)]
    for f in s.side_forces[side]:
        if s.area[f] < 0 or s.acted[f] or not dice_left(g, s, f):
            continue
        force = g.forces[f]
        for area in range(3):
            rows = places(g, s, side, area, f)
            if force.maneuver and area in man_areas:
                out += [("maneuver", f, area, r, k) for r in rows for k in man_cards]
            out += [("regroup", k, f, area) for k in regroup]
            targets = [(q, s.row[q]) for q in enemies[area]]
            if not targets:
                continue
            for r in rows:
                if force.mods[cd.ARTILLERY] is not None:
                    ok = g.artillery_reach[f][r]
                    out += [("artillery", f, area, r, q) for q, t in targets if ok[t]]
                for k in attack_cards:
                    a = acts[k]
                    if a.attack == "assault" and area == s.area[f]:
                        continue
                    if a.attack == "raid":
                        if r == 0 and force.mods[cd.SMALL_ARMS] is not None:
                            out += [("play", k, f, area, r, q) for q, _ in targets]
                    else:
                        ok = g.card_reach[k][f][r]
                        out += [("play", k, f, area, r, q) for q, t in targets if ok[t]]
    if terrain_up(g, s):
        out += [("engineers", k, d) for k in hand if acts[k].attack == "engineers" for d in (1, -1)]
    return out


def reaction_choices(g, s) -> list:
    """The one card the side that did not act may play on the pending action (besides "pass"):
    ("react", kind, defending force or -1, row or -1) (:mod:`.resolve` says what each does)."""
    side = s.actor
    kind, _mover, f, q, area, n = s.pending
    hits = kind in ("attack", "artillery")
    out = []
    for k in sorted(set(held(s, side))):
        a = g.actions[k]
        d = a.defence
        if d == "stop" and n > 0 and kind != "regroup":
            for df in s.side_forces[side]:
                if s.area[df] < 0 or s.acted[df]:
                    continue
                for r in places(g, s, side, area, df):
                    if best_weapon(g, df, a.needs, r, s.row[f]) is not None:
                        out.append(("react", k, df, r))
        elif d == "cover" and hits and n > 0:
            out.append(("react", k, -1, -1))
        elif d == "counter_fire" and kind == "artillery":
            out.append(("react", k, -1, -1))
        elif d == "close_air_support":
            out.append(("react", k, -1, -1))
        elif d == "minefield" and kind == "maneuver" and n > 0:
            out.append(("react", k, -1, -1))
        elif d == "pull_back" and hits and n > 0 and s.row[q] < 2 and not s.acted[q]:
            out.append(("react", k, q, -1))
        elif d == "reaction_force" and n > 0 and kind != "regroup":
            out += [("react", k, df, -1) for df in s.side_forces[side]
                    if s.area[df] == area and s.row[df] >= 1 and not s.acted[df]]
        elif d == "screening" and hits and n > 0:
            out += [("react", k, df, -1) for df in s.side_forces[side]
                    if df != q and s.area[df] == area and s.row[df] == s.row[q]]
    return out
