"""Game-independent procedures of hex-and-counter games, read from the content model.

Nothing here knows Bering Land: a :class:`Board` is built once per content
(hex grid, terrain cost and line-of-sight arrays) and the
functions below (movement search, zones of control, line of sight, combat
results table, dice) work on integer hex indices and
on the flat lists of :class:`~genkit.engine.state.State`.

Speed notes: the Board also holds per-content tables for the hot paths (hex bit
masks of neighbours, per-node move tables for facing units, shared
``("to", hex, facing)`` / ``("at", hex)`` action tuples); :func:`reach_hexes` (bit
masks) and :func:`reach_nodes` (the position worked into an entry-cost table) are
the two halves of :func:`move_targets`, called directly by the rules with tables
built once per position. tests/engine/reference_search.py keeps a plain Dijkstra
of the same rules as the oracle they are tested against.
"""
from __future__ import annotations

import math

from ..hexes import DIRECTIONS, HexGrid
from .state import State

IMPASSABLE = 0          # Board.cost value of a hex no unit may enter

_M64 = (1 << 64) - 1
_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_SQ3 = math.sqrt(3.0)


# --------------------------------------------------------------------------- board

class Board:
    """Per-content geometry and terrain, built once and shared by all states."""

    def __init__(self, content):
        m = content.map
        g = m.grid
        self.grid = grid = HexGrid(g.columns, g.rows, g.orientation, g.shift)
        self.n = n = grid.n
        self.neighbours = grid.neighbours          # 6-tuples, -1 off the map
        self.adjacent = tuple(grid.adjacent(i) for i in range(n))
        self._dist = grid._dist                     # flat distance table (read-only use)
        by_code = content.terrain_by_code()
        self.cost = [IMPASSABLE] * n
        self.blocks = bytearray(n)
        self.terrain = [""] * n
        for r, row in enumerate(m.rows, start=1):
            for c, code in enumerate(row, start=1):
                if c > g.columns or r > g.rows:
                    continue
                t = by_code[code]
                i = grid.index_of(grid.id_format.format(col=c, row=r))
                self.cost[i] = t.move_cost if t.move_cost is not None else IMPASSABLE
                self.blocks[i] = 1 if t.blocks_los else 0
                self.terrain[i] = t.id
        for f in m.features:                        # a feature that blocks sight, on any terrain
            for h in f.hexes if f.blocks_los else ():
                self.blocks[grid.index_of(h)] = 1
        # map.lines run along a column on flat grids, a row on pointy ones: each hex's coordinate across them
        along = 0 if g.orientation == "flat" else 1
        self.line_coord = [grid.col_row(i)[along] for i in range(n)]
        # (hex, facing) nodes for facing units: node = hex * 6 + facing
        self.node_hex = [k // 6 for k in range(n * 6)]
        self.node_fwd = [(self.neighbours[k // 6][k % 6] * 6 + k % 6) if self.neighbours[k // 6][k % 6] >= 0
                         else -1 for k in range(n * 6)]
        self.node_left = [(k // 6) * 6 + (k % 6 + 5) % 6 for k in range(n * 6)]
        self.node_right = [(k // 6) * 6 + (k % 6 + 1) % 6 for k in range(n * 6)]
        self._areas: dict = {}
        # ---- precomputed tables for the hot paths (bit masks over hex indices, shared tuples)
        self.bit = tuple(1 << h for h in range(n))
        self.adj_mask = tuple(sum(1 << j for j in self.adjacent[h]) for h in range(n))
        self.passable_mask = sum(1 << h for h in range(n) if self.cost[h] != IMPASSABLE)
        # per node (hex * 6 + facing): (forward node or -1, its hex or -1, left node, right node)
        self.node_moves = tuple((self.node_fwd[k], self.node_hex[self.node_fwd[k]] if self.node_fwd[k] >= 0 else -1,
                                 self.node_left[k], self.node_right[k]) for k in range(n * 6))
        # shared action tuples: ("to", hex, facing) per node and ("at", hex) per hex
        self.to_action = tuple(("to", k // 6, k % 6) for k in range(n * 6))
        self.at_action = tuple(("at", h) for h in range(n))
        self._within_masks: dict = {}
        self._bits_fmt = "0%db" % n
        # (cost, mask of the hexes with that entry cost) for every positive cost, ascending
        self.cost_masks = tuple((c, sum(1 << h for h in range(n) if self.cost[h] == c))
                                for c in sorted(set(self.cost) - {IMPASSABLE}))

    def mask_bytes(self, mask: int) -> bytes:
        """A bit mask over hex indices as one byte (0/1) per hex."""
        return format(mask, self._bits_fmt)[::-1].encode().translate(_BIT_BYTES)

    def within_mask(self, r: int) -> tuple:
        """Per hex: bit mask of the hexes at distance <= ``r`` (itself included)."""
        hit = self._within_masks.get(r)
        if hit is None:
            hit = self._within_masks[r] = tuple(sum(1 << j for j in self.within(h, r)) for h in range(self.n))
        return hit

    def distance(self, i: int, j: int) -> int:
        return self._dist[i * self.n + j]

    def within(self, i: int, r: int) -> tuple:
        return self.grid.within(i, r)

    def facing_toward(self, a: int, b: int) -> int:
        """The direction (0..5) from hex ``a`` closest in angle to hex ``b`` (ties: lowest index)."""
        qa, ra = self.grid.axial(a)
        qb, rb = self.grid.axial(b)
        dq, dr = qb - qa, rb - ra
        # Angles between axial vectors do not depend on the orientation, so one
        # (flat-top) embedding serves both.
        x, y = 1.5 * dq, _SQ3 * (dr + dq / 2)
        best, best_dot = 0, None
        for d, (vq, vr) in enumerate(DIRECTIONS):
            dot = x * 1.5 * vq + y * _SQ3 * (vr + vq / 2)
            if best_dot is None or dot > best_dot + 1e-9:
                best, best_dot = d, dot
        return best

    def line_from(self, start: int, d: int, size: int) -> tuple | None:
        """``size`` hexes in a straight line in direction ``d``, beginning next to ``start``.

        None if the line leaves the map.
        """
        out = []
        h = start
        nb = self.neighbours
        for _ in range(size):
            h = nb[h][d]
            if h < 0:
                return None
            out.append(h)
        return tuple(out)

    def areas(self, center: int, size: int) -> tuple:
        """Every set of ``size`` connected hexes, at least one next to ``center``, ``center`` excluded.

        Sorted tuples of hex indices, in sorted order; cached per (center, size).
        """
        key = (center, size)
        hit = self._areas.get(key)
        if hit is not None:
            return hit
        adj = self.adjacent
        frontier = {frozenset((h,)) for h in adj[center]}
        for _ in range(size - 1):
            nxt = set()
            for s in frontier:
                for h in s:
                    for j in adj[h]:
                        if j != center and j not in s:
                            nxt.add(s | {j})
            frontier = nxt
        hit = self._areas[key] = tuple(sorted(tuple(sorted(s)) for s in frontier)) if size > 0 else ()
        return hit


# --------------------------------------------------------------------------- ZOC, LOS

def los_clear(board: Board, a: int, b: int, occ: list) -> bool:
    """Line of sight from ``a`` to ``b``: open when either nudged line has no blocking hex.

    Hexes next to each other always see each other. An intermediate hex blocks
    when it holds any piece or its terrain ``blocks_los``; so a hex edge on the
    line blocks only when both hexes beside it block. The lines are the sampled ones of
    :meth:`HexGrid.los_lines`, nudged to either side: from 4 hexes on they can differ from the
    exact segment (:mod:`genkit.sightline`), which a game whose rule follows the segment reads.
    """
    if board._dist[a * board.n + b] <= 1:
        return True
    first, second = board.grid.los_lines(a, b)
    blocks = board.blocks
    for h in first:
        if occ[h] >= 0 or blocks[h]:
            break
    else:
        return True
    for h in second:
        if occ[h] >= 0 or blocks[h]:
            return False
    return True


# --------------------------------------------------------------------------- movement

def move_targets(board: Board, start: int, facing: int, ma: int, occ: list, piece_side: list,
                 side: int, passes_friends: bool, has_facing: bool, turn_cost: int,
                 zoc) -> list:
    """Where a unit may end its move: a sorted list of (hex, facing).

    Dijkstra over (hex, facing) with movement points: entering a hex costs its
    terrain cost (impassable never enterable); an enemy-occupied hex is never
    entered; a friend-occupied hex only by ``passes_friends`` units and never
    as the end; entering an enemy zone of control ends the move (the start hex
    is no restriction). A unit with facing only steps into the hex it faces and
    pays ``turn_cost`` per 60 degrees turned; turning in place is a move. Units
    without facing report their unchanged ``facing``. ``zoc``: per hex a true
    value in an enemy zone of control (every hex next to an enemy unit).
    """
    if not has_facing:
        stop = 0
        for h, z in enumerate(zoc):
            if z:
                stop |= 1 << h
        own = enemy = 0
        for h, p in enumerate(occ):
            if p >= 0:
                if piece_side[p] == side:
                    own |= 1 << h
                else:
                    enemy |= 1 << h
        enter = board.passable_mask & ~(enemy if passes_friends else own | enemy)
        return [(h, facing) for h in reach_hexes(board, start, ma, enter, stop, ~(own | enemy))]
    entry = list(board.cost)
    for h, p in enumerate(occ):
        if p >= 0 and (piece_side[p] != side or not passes_friends):
            entry[h] = 0
    return [(k // 6, k % 6) for k in reach_nodes(board, start, facing, ma, turn_cost, entry, zoc, occ)]


def bit_indices(mask: int) -> list:
    """The indices of the set bits of ``mask``, ascending (hex masks -> sorted hex lists).
    (Scanning the binary digits with str.find beats peeling bits off the int.)"""
    digits = bin(mask)[:1:-1]           # least significant first, "0b" dropped
    out = []
    i = digits.find("1")
    while i >= 0:
        out.append(i)
        i = digits.find("1", i + 1)
    return out


def reach_hexes(board: Board, start: int, ma: int, enter: int, stop: int, ends: int) -> list:
    """:func:`move_targets` for a unit without facing, on bit masks over hex indices: the
    sorted end hexes.

    ``enter``: the hexes the unit may step into (passable, no enemy, a friend's hex
    only for units that pass through friends); ``stop``: the enemy zones of control
    (entering one ends the move; the start hex is no restriction); ``ends``: the hexes
    a move may end in (the empty ones). Breadth-first by movement points spent: the
    hexes first reached after ``k`` points are those next to a hex first reached after
    ``k - c`` points (that the move may go on from) whose entry cost is ``c``.
    """
    adj = board.adj_mask
    cms = board.cost_masks
    sb = 1 << start
    seen = sb
    nbs = [adj[start]]             # per level: the hexes next to the hexes a move goes on from
    for k in range(1, ma + 1):
        new = 0
        for c, cm in cms:
            if c > k:
                break
            new |= nbs[k - c] & cm
        new &= enter & ~seen
        seen |= new
        if k < ma:
            go = new & ~stop
            nb = 0
            while go:
                low = go & -go
                nb |= adj[low.bit_length() - 1]
                go ^= low
            nbs.append(nb)
    return bit_indices(seen & ends & ~sb)


def reach_nodes(board: Board, start: int, facing: int, ma: int, turn_cost: int, entry: list,
                stop, occ: list) -> list:
    """:func:`move_targets` for a unit with facing, the position worked into two tables: the
    sorted end nodes ``hex * 6 + facing``.

    ``entry``: per hex the points it costs this unit to step into it, 0 when it may not
    (impassable, an enemy, a friend the unit cannot pass); ``stop``: per hex a true
    value in an enemy zone of control (the start hex is no restriction); ``ends``: per
    hex a true value when a move may end there (empty, or the start hex).
    """
    moves = board.node_moves
    s0 = start * 6 + facing
    big = ma + 1
    best = [big] * (board.n * 6)
    best[s0] = 0
    reached = []
    buckets = [[] for _ in range(big)]
    buckets[0].append(s0)
    for spent in range(big):
        bucket = buckets[spent]
        t = spent + turn_cost
        turn = t <= ma
        tb = buckets[t] if turn else None
        for node in bucket:          # turn_cost 0 appends to the bucket being read
            if best[node] != spent:
                continue
            h = node // 6
            if stop[h] and h != start:
                continue
            fwd, j, left, right = moves[node]
            if turn:
                if t < best[left]:
                    if best[left] == big:
                        reached.append(left)
                    best[left] = t
                    tb.append(left)
                if t < best[right]:
                    if best[right] == big:
                        reached.append(right)
                    best[right] = t
                    tb.append(right)
            if j < 0:
                continue
            c = entry[j]
            if not c:
                continue
            tf = spent + c
            if tf >= best[fwd]:
                continue
            if best[fwd] == big:
                reached.append(fwd)
            best[fwd] = tf
            buckets[tf].append(fwd)
    reached.sort()
    return [k for k in reached if k // 6 == start or occ[k // 6] < 0]


# --------------------------------------------------------------------------- combat results

EFFECT_NONE, EFFECT_STEP, EFFECT_ELIMINATE, EFFECT_ATTACKER_STEP = 0, 1, 2, 3
EFFECT_ATTACKER_ELIMINATE, EFFECT_RETREAT, EFFECT_ATTACKER_RETREAT, EFFECT_EXCHANGE = 4, 5, 6, 7
#: every result effect of the content model (crt.results[].effect), as its code; a rules module
#: applies those it names in its Requirements (crt_effects) and refuses the others
EFFECT_NAMES = ("none", "step_loss", "eliminate", "attacker_step_loss", "attacker_eliminate", "retreat",
                "attacker_retreat", "exchange")
_EFFECTS = {name: code for code, name in enumerate(EFFECT_NAMES)}
FORBIDDEN = -1          # CrtTable.column(): the battle may not be fought
AUTO_MISS = -2          # CrtTable.column(): the battle misses without a roll


class CrtTable:
    """The combat results table as int lookups.

    Columns are differentials (attack minus defence) or odds ("3:1", attack to defence).
    Column choice: a value between printed columns uses the one below (``round_down``) or
    above (``round_up``); above the highest uses the highest; below the lowest is
    ``forbidden``, ``use_lowest`` or ``miss``. :meth:`pick` takes the two strengths and
    serves both kinds; :meth:`column` takes a differential.

    Results: :meth:`result` gives the effect code (EFFECT_*, every effect of
    :data:`EFFECT_NAMES`), ``codes`` the printed result codes, and per code ``effect_of``
    (its effect code) and ``hexes_of`` (the hexes a retreat result moves, 0 none).
    """

    def __init__(self, crt):
        self.type_names = list(crt.attack_types)
        self.faces = crt.die_faces
        self.effect_of = effect_of = {r.code: _EFFECTS[r.effect] for r in crt.results}
        self.hexes_of = {r.code: r.hexes or 0 for r in crt.results}
        self.odds = crt.uses_odds
        if self.odds:
            ratio = [tuple(int(x) for x in c.odds.split(":")) for c in crt.columns]
            order = sorted(range(len(ratio)), key=lambda k: ratio[k][0] / ratio[k][1])
            cols = [crt.columns[k] for k in order]
            self.ratios = [ratio[k] for k in order]
            self.labels = [c.odds for c in cols]
            self.differentials = []
        else:
            cols = sorted(crt.columns, key=lambda c: c.differential)
            self.differentials = self.labels = [c.differential for c in cols]
            self.lowest = self.differentials[0]
            self.highest = self.differentials[-1]
        self.round_down = crt.between_columns == "round_down"
        self.below_lowest = crt.below_lowest
        self.table = [[[effect_of[code] for code in c.rows[t]] for t in self.type_names] for c in cols]
        self.codes = [[list(c.rows[t]) for t in self.type_names] for c in cols]   # result codes
        self.top = len(cols) - 1
        self._picked: dict = {}
        self._col = {}
        for d in (range(self.lowest, self.highest + 1) if not self.odds else ()):
            if self.round_down:
                idx = max(k for k, v in enumerate(self.differentials) if v <= d)
            else:
                idx = min(k for k, v in enumerate(self.differentials) if v >= d)
            self._col[d] = idx

    def column(self, differential: int) -> int:
        """Column index for ``differential``, or FORBIDDEN / AUTO_MISS below the lowest
        (a differential table: :meth:`pick` serves both kinds)."""
        if self.odds:
            raise ValueError("an odds CRT has no differential columns: use pick(attack, defence)")
        if differential >= self.highest:
            return self.top
        if differential < self.lowest:
            return self._below()
        return self._col[differential]

    def pick(self, attack: int, defence: int) -> int:
        """Column index for these strengths (a differential or odds table), or FORBIDDEN /
        AUTO_MISS below the lowest column."""
        if not self.odds:
            return self.column(attack - defence)
        k = self._picked.get((attack, defence))
        if k is None:
            k = self._picked[attack, defence] = self._odds_column(attack, defence)
        return k

    def _odds_column(self, attack: int, defence: int) -> int:
        """:meth:`pick` of an odds table (remembered per pair of strengths by ``_picked``)."""
        if attack <= 0:                     # nothing to attack with: below every column
            return self._below()
        # attack:defence against each printed a:d, exactly: attack * d versus defence * a
        # (a defence of 0 meets every column: the highest)
        at_or_below = [k for k, (a, d) in enumerate(self.ratios) if attack * d >= defence * a]
        if not at_or_below:
            return self._below()
        k = at_or_below[-1]
        if self.round_down or k == self.top:
            return k
        a, d = self.ratios[k]
        return k if attack * d == defence * a else k + 1

    def _below(self) -> int:
        if self.below_lowest == "use_lowest":
            return 0
        return FORBIDDEN if self.below_lowest == "forbidden" else AUTO_MISS

    def allowed(self, differential: int) -> bool:
        """May a battle at this differential be fought (a differential table)?"""
        return differential >= self.lowest or self.below_lowest != "forbidden"

    def result(self, column: int, type_index: int, face: int) -> int:
        return self.table[column][type_index][face - 1]


# --------------------------------------------------------------------------- chance

def seed_rng(seed: int) -> int:
    """A 64-bit generator state from any int seed (splitmix64 finaliser)."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return (z ^ (z >> 31)) or 1


def rand_below(state: State, n: int) -> int:
    """Uniform-enough int in 0..n-1 from the state's generator (64-bit LCG, high bits)."""
    s = (state.rng * 6364136223846793005 + 1442695040888963407) & _M64
    state.rng = s
    return ((s >> 32) * n) >> 32


def roll_die(state: State, faces: int, purpose: str) -> int:
    """Roll one die of ``faces`` faces, counting it and recording it in ``state.trace``."""
    s = (state.rng * 6364136223846793005 + 1442695040888963407) & _M64
    state.rng = s
    face = (((s >> 32) * faces) >> 32) + 1
    state.nrolls += 1
    if state.trace is not None:
        state.trace.append((face, purpose))
    return face


def shuffle(state: State, items: list) -> None:
    """Fisher-Yates shuffle in place with the state's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = rand_below(state, i + 1)
        items[i], items[j] = items[j], items[i]
