"""Helpers for rules-engine tests: hand-made positions on the real board or a small fixture.

Every expected number is read from the model (``content``) in the tests; the
fixture under tests/fixtures/engine/skirmish is Bering Land's units, CRT and
cards on a 9 x 6 map, and ``open_map(rows)`` re-loads it with other terrain.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from genkit.engine import rules_for
from genkit.engine.state import RESERVE
from genkit.model.load import load_game

ROOT = Path(__file__).resolve().parents[2]
BERING = ROOT / "content" / "bering_land"
SKIRMISH = ROOT / "tests" / "fixtures" / "engine" / "skirmish"


@lru_cache(maxsize=None)
def bering():
    return load_game(BERING)


@lru_cache(maxsize=None)
def skirmish(*overrides: str):
    return load_game(SKIRMISH, overrides=list(overrides))


def open_map(*rows: str, extra: tuple = ()):
    """The skirmish fixture with ``rows`` as terrain (9 columns; default: all the first 1-cost terrain)."""
    if not rows:
        rows = (tundra_code() * 9,) * 6
    text = "[" + ", ".join(f'"{r}"' for r in rows) + "]"
    return skirmish(f"map.rows={text}", *extra)


def tundra_code() -> str:
    """Code of the cheapest passable terrain that does not block LOS (the plain ground)."""
    ts = [t for t in bering().map.terrain if t.move_cost is not None and not t.blocks_los]
    return min(ts, key=lambda t: (t.move_cost, t.code)).code


def terrain_code(pred) -> str:
    return next(t.code for t in bering().map.terrain if pred(t))


class Pos:
    """A position built by hand: every piece off the map, then ``add`` what the test needs."""

    def __init__(self, content, phase: str, turn: int = 2, seed: int = 0):
        self.content = content
        self.g = g = rules_for(content)
        self.s = s = g.initial_state(seed)
        for p in range(g.npieces):
            g.put(s, p, RESERVE)
        s.turn = turn
        s.ended = 0
        s.winner = -1
        s.reason = ""
        self.phase(phase)

    def phase(self, phase: str) -> None:
        self.s.phase = self.g.phase_ids.index(phase)
        self.g._enter_phase(self.s)
        self.s.legal = None

    def side(self, side_id: str) -> int:
        return self.g.side_ids.index(side_id)

    def h(self, hex_id: str) -> int:
        return self.g.board.grid.index_of(hex_id)

    def hid(self, i: int) -> str:
        return self.g.board.grid.id_of(i)

    def add(self, side_id: str, type_id: str, hex_id: str, reduced: bool = False, facing=None) -> int:
        """Put the lowest reserve piece of that side and type on ``hex_id``; returns its id."""
        g = self.g
        si, ti = self.side(side_id), g.type_index[type_id]
        p = next(p for p in g.side_pieces[si] if g.p_type[p] == ti and self.s.loc[p] == RESERVE)
        g.put(self.s, p, self.h(hex_id), reduced=reduced, facing=facing)
        return p

    def off(self, side_id: str, type_id: str, where: int, lost: int | None = None) -> int:
        """Move the lowest reserve piece of that side and type to ``where`` (ELIMINATED, ...)."""
        g = self.g
        si, ti = self.side(side_id), g.type_index[type_id]
        p = next(p for p in g.side_pieces[si] if g.p_type[p] == ti and self.s.loc[p] == RESERVE)
        g.put(self.s, p, where)
        if lost is not None:
            self.s.lost[p] = lost
        return p

    def give(self, side_id: str, ability_id: str, copy: int = 0) -> int:
        """Move copy number ``copy`` of an ability from the deck into a hand; returns the card id."""
        g = self.g
        ai = g.ability_index[ability_id]
        c = [k for k in range(g.ncards) if g.c_ab[k] == ai][copy]
        self.s.deck.remove(c)
        self.s.hands[self.side(side_id)].append(c)
        self.s.legal = None
        return c

    def legal(self) -> list:
        self.s.legal = None
        return self.g.legal_actions(self.s)

    def apply(self, action) -> None:
        self.g.apply(self.s, action, check=True)

    def dests(self, p: int) -> set:
        """(hex id, facing) where piece ``p`` may end a move now."""
        return {(self.hid(h), f) for h, f in self.g.destinations(self.s, p)}

    def dest_hexes(self, p: int) -> set:
        return {h for h, _ in self.dests(p)}


def face_for(g, diff, ti, effect):
    col = g.crt.column(diff)
    faces = [f for f in range(1, g.faces + 1) if g.crt.result(col, ti, f) == effect]
    if not faces:
        pytest.skip(f"no face gives effect {effect} at differential {diff}")
    return faces[0]


def with_spectators(pos):
    """One unit per side far from the action, so that the game goes on after a battle."""
    pos.add("us", "inf", "0101")
    pos.add("ru", "inf", "0906")
