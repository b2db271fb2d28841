"""Per-content tables of the standard rules, built once per game: every connection slot of the
board as an *edge* ``space * degree + slot`` (on hexes ``hex * 6 + direction``) with what it
costs to step across it (in half movement points: the terrain of the space entered, a road, the
hexside features and the kind of connection crossed), which features lie on it, whether a zone
of control reaches across it; per space its stacking limit and the unit types that may not enter
it or end a move in it (its kind's, ``rules.spaces``); per unit type the movement allowance,
strengths and stacking points. Hot paths read flat lists of ints."""
from __future__ import annotations

import itertools

from ...board import IMPASSABLE
from ...movement import compiled_picker

from ...crt import (

    CrtTable,

    EFFECT_ATTACKER_ELIMINATE,

    EFFECT_ATTACKER_RETREAT,

    EFFECT_ATTACKER_STEP,

    EFFECT_ELIMINATE,

    EFFECT_EXCHANGE,

    EFFECT_NAMES,

    EFFECT_NONE,

    EFFECT_RETREAT,

    EFFECT_STEP,

)

ZOC_NONE, ZOC_STOP, ZOC_STOP_LEAVE, ZOC_LOCKING = range(4)
ZOC_KINDS = ("none", "stop", "stop_and_leave", "locking")

EFFECTS = EFFECT_NAMES                     # the standard rules apply every result effect
(E_NONE, E_STEP, E_ELIM, E_ATT_STEP, E_ATT_ELIM, E_RETREAT, E_ATT_RETREAT, E_EXCHANGE) = (
    EFFECT_NONE, EFFECT_STEP, EFFECT_ELIMINATE, EFFECT_ATTACKER_STEP, EFFECT_ATTACKER_ELIMINATE, EFFECT_RETREAT,
    EFFECT_ATTACKER_RETREAT, EFFECT_EXCHANGE)


def half(mp: float) -> int:
    """Movement points as half points (the unit of every cost here)."""
    return round(mp * 2)


def indices_of(n: int, items=None):
    """A function listing the set bits of a mask over ``n`` hexes, ascending: byte by byte from
    a table of each byte's bits (several times faster than peeling bits off for the dense masks
    of movement ranges), or the compiled picker where it was built (the same lists, faster
    again). ``items``: list ``items[h]`` for each set bit ``h`` instead."""
    item = (lambda h: h) if items is None else items.__getitem__
    compiled = compiled_picker(tuple(item(h) for h in range(n)))
    if compiled is not None:
        return compiled
    nbytes = (n + 7) // 8
    table = [[tuple(item(o * 8 + b) for b in range(8) if v >> b & 1 and o * 8 + b < n) for v in range(256)]
             for o in range(nbytes)]

    def indices(mask: int) -> list:
        out = []
        if mask:                # the bytes from the lowest set bit's to the highest's
            o = ((mask & -mask).bit_length() - 1) >> 3
            for v in (mask >> (o << 3)).to_bytes(((mask.bit_length() + 7) >> 3) - o, "little"):
                if v:
                    out += table[o][v]
                o += 1
        return out

    return indices


def other_reading(crt, choice):
    """Case 8.13: the CRT read the other way (``rules.combat.choice``): a :class:`CrtTable` of the
    same rows under the other headings, its columns in the same order; None without a choice."""
    if choice is None:
        return None
    heads = choice.differential if choice.differential is not None else choice.odds
    if heads is None or len(heads) != len(crt.columns):
        return None                     # (refused by genkit check)
    by_odds = choice.odds is not None
    columns = [c.model_copy(update={"odds": h if by_odds else None, "differential": None if by_odds else h})
               for c, h in zip(crt.columns, heads)]
    return CrtTable(crt.model_copy(update={"columns": columns}))


class Tables:
    """The map and unit tables of one game (see the module docstring)."""

    def __init__(self, game, section):
        content, board = game.content, game.board
        grid, n, deg = board.grid, board.n, board.degree
        nb = board.neighbours
        self.n = n
        #: per edge: the hex across it, -1 off the map
        self.nbr = [nb[h][d] for h in range(n) for d in range(deg)]
        feats = content.map.hexsides
        eff = [section.hexsides.get(f.id, None) for f in feats]
        #: per edge: bit mask of the map.hexsides features on it
        self.efeat = efeat = [0] * (deg * n)
        for fi, f in enumerate(feats):
            for e in f.edges:
                a, b = (grid.index_of(x) for x in e.split("/"))
                if b in nb[a]:
                    efeat[a * deg + nb[a].index(b)] |= 1 << fi
                    efeat[b * deg + nb[b].index(a)] |= 1 << fi
        self.feat_shift = [e.shift if e else 0 for e in eff]
        self.feat_drm = [e.drm if e else 0 for e in eff]
        self.feat_ids = [f.id for f in feats]
        #: per feature: its combat modifier as the battle lists it (source, shift, drm)
        self.feat_modifier = [("hexside:" + f.id, sh, dr) for f, sh, dr in zip(feats, self.feat_shift, self.feat_drm)]
        #: per edge: the road cost (half MP) of moving along a road across it, 0 no road
        eroad = [0] * (deg * n)
        for r in content.map.roads:
            cost = half(section.roads[r.id].cost) if r.id in section.roads else 0
            if not cost:
                continue
            for path in r.paths:
                idx = [grid.index_of(x) for x in path]
                for a, b in itertools.pairwise(idx):
                    if b in nb[a]:
                        for x, y in ((a, b), (b, a)):
                            k = x * deg + nb[x].index(y)
                            eroad[k] = min(eroad[k], cost) if eroad[k] else cost
        self.eroad = eroad
        #: per edge: half MP to step across it into the hex beyond, 0 when it may not be crossed
        self.ecost = ecost = [0] * (deg * n)
        #: per hex: bit mask of the hexes its zone of control reaches (not across blocks_zoc)
        self.zoc_from = [0] * n
        spaces = board.spaces
        kinds = [section.connections.get(spaces.connections[c].kind) if c >= 0 else None
                 for c in spaces.slot_connection]
        only_own = section.movement.zoc_reach == "space"
        for k in range(deg * n):
            j = self.nbr[k]
            if j < 0:
                continue
            mine = [eff[fi] for fi in range(len(feats)) if (efeat[k] >> fi) & 1 and eff[fi] is not None]
            ck = kinds[k]
            if not only_own and not any(e.blocks_zoc for e in mine) and not (ck is not None and ck.blocks_zoc):
                self.zoc_from[k // deg] |= 1 << j
            if board.cost[j] == IMPASSABLE or (ck is not None and ck.impassable):
                continue
            crossing = any(e.crossing for e in mine)
            if not crossing and any(e.impassable for e in mine):
                continue
            extra = 0 if crossing else sum(half(e.cross_cost) for e in mine)
            ecost[k] = (eroad[k] or half(board.cost[j])) + extra + (half(ck.cost) if ck is not None else 0)
        if only_own or section.combat.where == "same_space":       # case 6.1: its own space too
            for h in range(n):
                self.zoc_from[h] |= 1 << h
        #: per hex: (half MP, bit mask of the hexes one step away at that cost), ascending costs
        self.step_masks = []
        for h in range(n):
            by_cost: dict = {}
            for k in range(h * deg, h * deg + deg):
                if ecost[k]:
                    by_cost[ecost[k]] = by_cost.get(ecost[k], 0) | 1 << self.nbr[k]
            self.step_masks.append(tuple(sorted(by_cost.items())))
        #: the steps out of a set of hexes packed into one int, a slot of ``n`` bits per cost:
        #: slot c holds the hexes one step of c half MP away -- per hex keyed by its own bit
        #: (``steps_of_bit``), and per byte of a hex mask per value of that byte (``byte_steps``:
        #: a whole frontier a byte at a time, one ``|`` per byte)
        packed = [sum(m << (c * n) for c, m in st) for st in self.step_masks]
        self.steps_of_bit = {1 << h: x for h, x in enumerate(packed)}
        self.byte_steps = []
        for o in range((n + 7) // 8):
            row = [0] * 256
            for v in range(1, 256):
                low = (v & -v).bit_length() - 1
                row[v] = row[v & (v - 1)] | (packed[o * 8 + low] if o * 8 + low < n else 0)
            self.byte_steps.append(row)
        # ---- combat: terrain of the defender's hex
        terr = section.terrain
        self.h_mult = [terr[t].multiplier if t in terr else 1 for t in board.terrain]
        self.h_shift = [terr[t].shift if t in terr else 0 for t in board.terrain]
        self.h_drm = [terr[t].drm if t in terr else 0 for t in board.terrain]
        #: per hex: its terrain's combat modifier as the battle lists it (source, shift, drm)
        self.h_modifier = [("terrain:" + t, sh, dr) for t, sh, dr in zip(board.terrain, self.h_shift, self.h_drm)]
        # ---- the CRT (CrtTable reads the columns and every result effect)
        self.crt = crt = CrtTable(content.crt)
        #: case 8.13: the CRT read the other way at the attacker's choice, or None
        self.crt_alt = other_reading(content.crt, section.combat.choice)
        #: per column, per die face (1-based, index face - 1): (effect, retreat hexes, code)
        self.results = [[(crt.effect_of[code], crt.hexes_of[code], code) for code in col[0]] for col in crt.codes]
        # ---- case 8.10: bombardment reads its own attack type's rows; it hurts the defender only
        bomb = section.bombardment
        k = crt.type_names.index(bomb.attack_type) if bomb is not None and bomb.attack_type in crt.type_names else -1
        harmless = {EFFECT_ATTACKER_STEP, EFFECT_ATTACKER_ELIMINATE, EFFECT_ATTACKER_RETREAT}
        self.bomb_results = [[(EFFECT_STEP if crt.effect_of[c] == EFFECT_EXCHANGE else
                               EFFECT_NONE if crt.effect_of[c] in harmless else crt.effect_of[c],
                               crt.hexes_of[c], c) for c in col[k]] for col in crt.codes] if k >= 0 else None
        # ---- units
        ts = game.types
        a0 = self.crt.type_names[0]
        self.t_ma2 = [t.movement * 2 for t in ts]
        self.t_pass = [t.passes_through_friends for t in ts]
        self.t_attack = [(t.strength.full, t.strength.reduced) for t in ts]
        self.t_defence = [(t.defence_of().full, t.defence_of().reduced) for t in ts]
        never = {k for k, r in section.unit_types.items() if not r.attacks}         # case 8.9
        self.t_reach = [0 if t.id in never else t.attack_distance.get(a0, 0) for t in ts]
        self.t_within = [board.within_mask(r) if r else (0,) * n for r in self.t_reach]
        fires = set(bomb.unit_types) if k >= 0 else set()
        #: per unit type: the hexes it bombards from each hex (case 8.10)
        self.t_bomb_within = [board.within_mask(t.attack_distance.get(bomb.attack_type, 0))
                              if t.id in fires and t.attack_distance.get(bomb.attack_type, 0) else (0,) * n
                              for t in ts]
        st = section.stacking
        self.t_stack = [st.points.get(t.id, 1) if st.count == "points" else 1 for t in ts]
        self.limit = st.limit
        # ---- kinds of space (cases 12.2, 12.3): per space its limit; per type the spaces it may
        # not enter (t_avoid) and those it may only pass through (t_no_end), as bit masks
        sk = [section.spaces.get(sp.kind) for sp in spaces.spaces]
        self.h_limit = [e.stacking if e is not None and e.stacking is not None else st.limit for e in sk]
        self.min_limit = min(self.h_limit, default=st.limit)
        self.t_avoid = [sum(1 << h for h, e in enumerate(sk) if e is not None and e.units is not None
                            and t.id not in e.units and t.id not in e.pass_through) for t in ts]
        self.t_no_end = [sum(1 << h for h, e in enumerate(sk) if e is not None and t.id in e.pass_through)
                         for t in ts]
        # case 5.8: the terrain a unit type may enter (rules.unit_types.<id>.terrain): the rest avoided too
        for i, t in enumerate(ts):
            rule = section.unit_types.get(t.id)
            if rule is not None and rule.terrain is not None:
                allowed = set(rule.terrain)
                self.t_avoid[i] |= sum(1 << h for h, sp in enumerate(spaces.spaces) if sp.terrain not in allowed)
        #: units of two sides may share a space and fight in it (case 12.5, combat.where)
        self.shared = section.combat.where == "same_space"
        if self.shared:                 # a battle inside the attackers' own space
            self.t_within = [tuple(1 << h for h in range(n)) for _ in ts]
        for name in BOARD_TABLES:       # read by the movement and combat mixins
            setattr(game, name, getattr(self, name))


#: the tables of kinds of space and shared spaces, set on the game by :class:`Tables`
BOARD_TABLES = ("h_limit", "min_limit", "t_avoid", "t_no_end", "shared")
