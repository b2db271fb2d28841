"""An independent movement oracle: where a unit may end its move, read straight from the rules.

Written from the rules text (7.1, 8.0-8.4) and the content model alone, with no code shared
with the engine's search (genkit.engine.movement); only genkit.hexes' coordinate maths is used, to
find the hex next to a hex. Hexes are named by their printed ids ("0305"), facings by the
direction numbers of genkit.hexes (0..5, clockwise), and the search is a plain Dijkstra over
the unit's situation: where it is, which way it faces, and whether its move has ended.

The rules it follows:

* 8.0 a unit spends movement points up to its movement allowance; entering a hex costs the
  hex's terrain cost; impassable terrain (no cost) is never entered.
* 8.1.1 a unit never enters a hex holding an enemy unit.
* 8.1.2 only a unit whose type passes through friends enters a hex holding a friendly unit,
  and no unit ends its move in a hex holding another unit.
* 7.1 / 8.2 a zone of control is the six hexes around a unit; a unit entering a hex in an
  enemy zone of control ends its move there. Leaving one costs nothing (so the hex a unit
  starts in never holds it back).
* 8.4 a unit with a facing moves only into the hex it faces, and each turn to an adjacent
  hexside costs its type's turn cost; turning in place is a move. A unit without facing moves
  in any direction and keeps its facing.
"""
from __future__ import annotations

import heapq

from genkit import hexes


class MovementOracle:
    """The terrain and the hex neighbours of one content model, and the search over them."""

    def __init__(self, content):
        grid = content.map.grid
        self.content = content
        self.orientation, self.shift = grid.orientation, grid.shift
        self.columns, self.rows = grid.columns, grid.rows
        by_code = {t.code: t for t in content.map.terrain}
        self.cost = {}                   # hex id -> movement points to enter it, None: impassable
        for row_no, row in enumerate(content.map.rows, start=1):
            for col_no, code in enumerate(row, start=1):
                if col_no <= self.columns and row_no <= self.rows:
                    self.cost[hexes.format_hex_id(col_no, row_no)] = by_code[code].move_cost

    def next_hex(self, hex_id: str, direction: int) -> str | None:
        """The hex across the hexside ``direction`` of ``hex_id``, None off the map."""
        col, row = hexes.parse_hex_id(hex_id)
        here = hexes.offset_to_axial(col, row, self.orientation, self.shift)
        q, r = hexes.neighbour(here, direction)
        col, row = hexes.axial_to_offset(q, r, self.orientation, self.shift)
        if 1 <= col <= self.columns and 1 <= row <= self.rows:
            return hexes.format_hex_id(col, row)
        return None

    def move_ends(self, units: list, mover: int) -> set:
        """Every (hex id, facing) where ``units[mover]`` may end a move.

        ``units``: every unit on the map as (side id, unit type id, hex id, facing).
        """
        side, type_id, start, facing = units[mover]
        ut = self.content.unit_type(type_id)
        holder = {u[2]: u[0] for k, u in enumerate(units) if k != mover}       # hex -> side there
        enemy_zoc = {self.next_hex(u[2], d) for u in units if u[0] != side for d in range(6)}

        def may_enter(h):
            if h is None or self.cost[h] is None:
                return False
            return h not in holder or (holder[h] == side and ut.passes_through_friends)

        def choices(h, f):
            """(hex, facing, points) of each next step from hex ``h`` facing ``f``."""
            if not ut.facing:
                return [(j, f, self.cost[j]) for j in (self.next_hex(h, d) for d in range(6)) if may_enter(j)]
            out = [(h, (f + 1) % 6, ut.turn_cost), (h, (f - 1) % 6, ut.turn_cost)]
            ahead = self.next_hex(h, f)
            if may_enter(ahead):
                out.append((ahead, f, self.cost[ahead]))
            return out

        first = (start, facing, False)                        # (hex, facing, move ended)
        spent = {first: 0}
        queue = [(0, first)]
        while queue:
            points, here = heapq.heappop(queue)
            h, f, ended = here
            if ended or points > spent[here]:
                continue
            for j, g, c in choices(h, f):
                node = (j, g, j != h and j in enemy_zoc)     # entering an enemy ZOC ends the move
                total = points + c
                if total <= ut.movement and total < spent.get(node, total + 1):
                    spent[node] = total
                    heapq.heappush(queue, (total, node))
        return {(h, f) for h, f, _ in spent if (h, f) != (start, facing) and (h == start or h not in holder)}
