"""Looking at a state: pieces on the map for renderers, and a text drawing for humans."""
from __future__ import annotations

from .state import STAGE_NAMES, State


def pieces_on_map(state: State) -> list:
    """(piece_id, hex_id, side_id, type_id, reduced, facing) for every piece on the map, by piece id;
    facing is None for unit types without one (8.4)."""
    g = state.game
    grid = g.board.grid
    out = []
    for p, h in enumerate(state.loc):
        if h >= 0:
            unit_type = g.types[g.p_type[p]]
            out.append((p, grid.id_of(h), g.side_ids[g.p_side[p]], unit_type.id,
                        bool(state.reduced[p]), state.facing[p] if unit_type.facing else None))
    return out


def render_text(state: State) -> str:
    """The map as rows of cells: a unit shows side letter + type short (lower case when reduced),
    an empty hex its terrain code. Columns are printed left to right as on the hex ids."""
    g = state.game
    b = g.board
    grid = b.grid
    code_of = {t.id: t.code for t in g.content.map.terrain}
    width = 5
    lines = [f"turn {state.turn} phase {g.phase_ids[state.phase]} stage {STAGE_NAMES[state.stage]}"
             f" actor {g.side_id(state.actor) or '-'}"
             + (f"  ENDED winner={g.side_id(state.winner) or 'draw'} ({state.reason})" if state.ended else "")]
    lines.append("    " + "".join(f"{c:02d}".center(width) for c in range(1, grid.columns + 1)))
    for r in range(1, grid.rows + 1):
        cells = []
        for c in range(1, grid.columns + 1):
            h = grid.index_of(grid.id_format.format(col=c, row=r))
            p = state.occ[h]
            if p >= 0:
                label = g.side_ids[g.p_side[p]][0].upper() + g.types[g.p_type[p]].short
                cells.append((label.lower() if state.reduced[p] else label)[:width - 1].center(width))
            else:
                cells.append(code_of.get(b.terrain[h], "?").center(width))
        lines.append(f"{r:02d}  " + "".join(cells))
    for side, sid in enumerate(g.side_ids):
        off = [f"{g.types[g.p_type[p]].short}{'(R)' if state.loc[p] == -1 else '(E)' if state.loc[p] == -2 else '(X)'}"
               for p in g.side_pieces[side] if state.loc[p] < 0]
        streak = state.streak[side * g.ntypes:(side + 1) * g.ntypes]
        lines.append(f"{sid}: off-map {' '.join(off) or '-'}; streaks {streak}; hand {state.hands[side]}")
    return "\n".join(lines)
