"""Movement over a :class:`~.board.Board`: the hexes (and, for units with a facing, the
facings) a unit can end its move in, spending movement points on the terrain costs and
stopping in enemy zones of control.

Speed notes: :func:`reach_hexes` (bit masks) and :func:`reach_nodes` (the position worked into
an entry-cost table) are the two halves of :func:`move_targets`, called directly by the rules
with tables built once per position. tests/engine/reference_search.py keeps a plain Dijkstra
of the same rules as the oracle they are tested against.
"""
from __future__ import annotations

from .board import Board


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
    """:func:`python_reach_hexes`, by the compiled search (:func:`compiled_hexes`) where it was
    built: the same answers."""
    hexes = compiled_hexes(board)
    if hexes is not None and 0 <= ma <= MOST_POINTS:
        full = board._full_mask
        return hexes.reach(start, ma, enter & full, stop & full, ends & full)
    return python_reach_hexes(board, start, ma, enter, stop, ends)


def python_reach_hexes(board: Board, start: int, ma: int, enter: int, stop: int, ends: int) -> list:
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


#: the version of ``_nodes.c`` this module was written for (its ``NODES_VERSION``)
NODES_VERSION = 3
MOST_POINTS = 4096      #: the allowance, turn and entry costs the compiled searches take
_UNBUILT = object()


def _compiled():
    """The compiled searches (``_nodes.c``), or None where that module was not built (genkit
    installed with no C compiler at hand: the searches answer in Python, only slower) or is older
    than this code (genkit updated without reinstalling)."""
    try:
        from . import _nodes
    except ImportError:
        return None
    return _nodes if getattr(_nodes, "VERSION", 0) == NODES_VERSION else None


def compiled_nodes(board: Board):
    """The compiled search of a unit with facing over ``board``'s nodes (``_nodes.c``'s
    ``Nodes``, built once a board), or None (see :func:`_compiled`)."""
    nodes = board.__dict__.get("_compiled_nodes", _UNBUILT)
    if nodes is _UNBUILT:
        module = _compiled()
        nodes = board._compiled_nodes = module.Nodes(board.node_moves) if module and board.node_moves else None
    return nodes


def compiled_picker(items):
    """A function listing ``items[h]`` for each set bit ``h`` of a mask, ascending, compiled
    (``_nodes.c``'s ``Picker``), or None (see :func:`_compiled`)."""
    module = _compiled()
    return module.Picker(items) if module is not None else None


def compiled_hexes(board: Board):
    """The compiled search of a unit without facing over ``board``'s hexes (``_nodes.c``'s
    ``Hexes``, built once a board), or None (see :func:`_compiled`; also for entry costs past
    :data:`MOST_POINTS`)."""
    hexes = board.__dict__.get("_compiled_hexes", _UNBUILT)
    if hexes is _UNBUILT:
        module = _compiled()
        usable = module is not None and all(0 <= c <= MOST_POINTS for c in board.cost)
        hexes = board._compiled_hexes = module.Hexes(board.adjacent, board.cost) if usable else None
        board._full_mask = (1 << board.n) - 1
    return hexes


def reach_nodes(board: Board, start: int, facing: int, ma: int, turn_cost: int, entry: list,
                stop, occ: list) -> list:
    """:func:`move_targets` for a unit with facing, the position worked into two tables: the
    sorted end nodes ``hex * 6 + facing``.

    ``entry``: per hex the points it costs this unit to step into it, 0 when it may not
    (impassable, an enemy, a friend the unit cannot pass); ``stop``: per hex a true
    value in an enemy zone of control (the start hex is no restriction); ``ends``: per
    hex a true value when a move may end there (empty, or the start hex).

    Searched by the compiled search (:func:`compiled_nodes`) where it was built and ``stop`` is
    bytes (the rules' hot path), else by :func:`python_reach_nodes`: the same answers.
    """
    nodes = compiled_nodes(board)
    if nodes is not None and type(stop) is bytes and 0 <= ma <= MOST_POINTS and 0 <= turn_cost <= MOST_POINTS + 1:
        return nodes.reach(start, facing, ma, turn_cost, entry, stop, occ)
    return python_reach_nodes(board, start, facing, ma, turn_cost, entry, stop, occ)


def python_reach_nodes(board: Board, start: int, facing: int, ma: int, turn_cost: int, entry: list,
                       stop, occ: list) -> list:
    """:func:`reach_nodes` in Python: the reference the compiled search is held to."""
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
