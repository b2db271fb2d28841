"""Positions of Iron Quarters (content/bg) built by hand for the BG rules tests."""
from __future__ import annotations

from pathlib import Path

from genkit.engine import rules_for
from genkit.engine.rules.bg.state import PICK
from genkit.engine.state import RESERVE
from genkit.model.load import load_game

ROOT = Path(__file__).resolve().parents[2]
BG = ROOT / "content" / "bg"
_content = load_game(BG)


def game():
    return rules_for(_content)


def empty(phase: str = "axis_movement", turn: int = 1):
    """A position of the scenario's start with every unit off the map, in ``phase``."""
    g = game()
    s = g.initial_state(1)
    s.loc = [RESERVE] * g.npieces
    s.occ = [-1] * g.board.n
    s.reduced = [0] * g.npieces
    s.due = [0] * g.npieces
    s.turn, s.phase = turn, g.phase_ids.index(phase)
    s.actor = max(g.phase_side[s.phase], 0)
    s.stage, s.moved, s.chosen, s.legal = PICK, 0, -1, None
    return g, s


def nation(g, nid: str) -> int:
    return g.nation_ids.index(nid)


def area(g, name: str) -> int:
    return g.board.grid.index_of(name)


def place(g, s, nid: str, type_id: str, where: str, reduced: bool = False) -> int:
    """Put the first counter of nation ``nid`` and type ``type_id`` not on the map at ``where``."""
    k, t = nation(g, nid), g.type_index[type_id]
    p = next(q for q in g.nation_pieces[k] if g.p_type[q] == t and s.loc[q] < 0 and not s.due[q])
    g.put(s, p, area(g, where))
    s.reduced[p] = 1 if reduced else 0
    s.legal = None
    return p


def names(g, spaces) -> set:
    return {g.hex_text(h) for h in spaces}
