"""The movement rules (8.0-8.4) as a plain Dijkstra: the oracle the engine's bit-mask and
entry-table searches (genkit.engine.core.reach_hexes / reach_nodes) are tested against.

Entering a hex costs its terrain cost (0 = impassable); never an enemy's hex (8.1.1); a
friend's hex only for units that pass through friends, and never as the end (8.1.2);
entering an enemy zone of control ends the move, the start hex is no restriction (8.2);
a unit with facing steps only into the hex it faces and pays ``turn_cost`` per turn (8.4).
"""
from __future__ import annotations

from genkit.engine.core import Board  # noqa: F401  (annotations)


def move_hexes(board: Board, start: int, ma: int, occ: list, piece_side: list, side: int,
               passes_friends: bool, zoc) -> list:
    """The sorted end hexes of a unit without facing, by a plain Dijkstra over hexes."""
    cost = board.cost
    adj = board.adjacent
    big = ma + 1
    best = [big] * board.n
    best[start] = 0
    reached = []
    buckets = [[] for _ in range(big)]
    buckets[0].append(start)
    for spent in range(big):
        for h in buckets[spent]:
            if best[h] != spent or (zoc[h] and h != start):
                continue
            for j in adj[h]:
                t = spent + cost[j]
                if t >= best[j] or t == spent:     # t == spent: impassable (cost 0)
                    continue
                p = occ[j]
                if p >= 0:
                    if piece_side[p] != side or not passes_friends:
                        continue
                elif best[j] == big:
                    reached.append(j)
                best[j] = t
                buckets[t].append(j)
    reached.sort()
    return reached


def move_nodes(board: Board, start: int, facing: int, ma: int, occ: list, piece_side: list,
               side: int, passes_friends: bool, turn_cost: int, zoc) -> list:
    """The sorted end nodes ``hex * 6 + facing`` of a unit with facing, by a plain Dijkstra."""
    cost = board.cost
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
            if zoc[h] and h != start:
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
            tf = spent + cost[j]
            if tf >= best[fwd] or tf == spent:   # tf == spent: impassable (cost 0)
                continue
            p = occ[j]
            if p >= 0 and (piece_side[p] != side or not passes_friends):
                continue
            if best[fwd] == big:
                reached.append(fwd)
            best[fwd] = tf
            buckets[tf].append(fwd)
    reached.sort()
    return [k for k in reached if k // 6 == start or occ[k // 6] < 0]
