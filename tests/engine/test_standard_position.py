"""Positions by hand for the standard rules' case tests (tests/engine/test_standard_*.py), on
tests/fixtures/standard_mini, and the tests of the stacks themselves (case 7). Every number a
test expects is read from the model (or the override the test gives), never copied from it."""
from __future__ import annotations

from pathlib import Path

from genkit.engine import check_invariants
from genkit.engine.rules.standard import Game
from genkit.engine.rules.standard import combat as std_combat
from genkit.engine.state import RESERVE
from genkit.model.load import load_game

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "standard_mini"


def content(*overrides: str, units: dict | None = None, rules: dict | None = None):
    """The mini game with ``--set`` style ``overrides``; ``units``: type id -> fields to change
    (those the YAML leaves out); ``rules``: keys of ``rules:`` to replace."""
    c = load_game(MINI, overrides=list(overrides))
    if units:
        c = c.model_copy(update={"unit_types": [t.model_copy(update=units.get(t.id, {})) for t in c.unit_types]})
    if rules:
        c = c.model_copy(update={"rules": {**c.rules, **rules}})
    return c


def game(*overrides: str, **kw) -> Game:
    return Game(content(*overrides, **kw))


class Pos:
    """A position by hand: every piece off the map, the game at ``phase`` of ``turn``; then
    ``put`` what the test needs."""

    def __init__(self, g: Game, phase: str, turn: int = 1, events: bool = True):
        self.g = g
        self.s = s = g.initial_state(0, events=[] if events else None)
        for p in range(g.npieces):
            if s.loc[p] >= 0:
                g._lift(s, p)
                s.loc[p] = RESERVE
            s.reduced[p] = 0
        s.ended, s.winner, s.reason = 0, -1, ""
        s.turn, s.phase, s.marched = turn, g.phase_ids.index(phase), 0
        self.phase = phase

    def start(self) -> Pos:
        """Open the phase (its forced decisions taken) once the pieces are put."""
        self.g._enter_phase(self.s)
        self.s.legal = None
        if not self.s.ended:
            self.g._settle(self.s)
        return self

    def h(self, hex_id: str) -> int:
        return self.g.board.grid.index_of(hex_id)

    def id(self, h: int) -> str:
        return self.g.board.grid.id_of(h)

    def put(self, side: str, type_id: str, hex_id: str, reduced: bool = False) -> int:
        g, s = self.g, self.s
        p = next(p for p in range(g.npieces) if g.side_ids[g.p_side[p]] == side
                 and g.type_ids[g.p_type[p]] == type_id and s.loc[p] == RESERVE and not g.p_enter_turn[p])
        g._put(s, p, self.h(hex_id))
        s.reduced[p] = int(reduced)
        s.legal = None
        return p

    def at(self, p: int) -> str | None:
        return self.id(self.s.loc[p]) if self.s.loc[p] >= 0 else None

    def dests(self, p: int, march: bool = False) -> set:
        return {self.id(h) for h in self.g.destinations(self.s, p, march)}

    def legal(self) -> list:
        return self.g.legal_actions(self.s)

    def act(self, *action) -> Pos:
        self.g.apply(self.s, tuple(action), check=True)
        return self

    def move(self, p: int, hex_id: str) -> Pos:
        return self.act("move", p).act("to", self.h(hex_id))

    def events(self, kind: str) -> list:
        return [e for e in self.s.events if e.kind == kind]

    def problems(self) -> list:
        return check_invariants(self.s)


def fixed_dice(monkeypatch):
    """``dice(f1, f2, ...)``: the next combat rolls come out as given, in order (the ``dice``
    fixture of the test modules)."""
    queue = []

    def fake(state, faces, purpose):
        assert queue, f"unexpected die roll for {purpose}"
        state.nrolls += 1
        return queue.pop(0)

    monkeypatch.setattr(std_combat, "roll_die", fake)
    return lambda *faces: queue.extend(faces)


# --------------------------------------------------------------------------- case 7: stacks

def test_std_7_stacks_hold_several_pieces_and_the_invariants_accept_them():
    pos = Pos(game(), "blue_movement")
    a, b = pos.put("blue", "inf", "0303"), pos.put("blue", "art", "0303")
    assert set(pos.g.stack(pos.s, pos.h("0303"))) == {a, b}
    assert pos.problems() == []
    pos.g._lift(pos.s, b)
    pos.g._put(pos.s, b, pos.h("0304"))
    assert pos.g.stack(pos.s, pos.h("0303")) == [a] and pos.problems() == []


def test_std_7_1_a_stack_over_the_limit_is_an_invariant_violation():
    pos = Pos(game(), "blue_movement")
    limit = pos.g.section.stacking.limit
    for _ in range(limit + 1):
        pos.put("blue", "inf", "0303") if _ < 3 else pos.put("blue", "arm", "0303")
    assert any("stacking limit" in m for m in pos.problems())


def test_std_7_1_units_of_both_sides_in_one_hex_is_an_invariant_violation():
    pos = Pos(game(), "blue_movement")
    pos.put("blue", "inf", "0303")
    pos.put("grey", "inf", "0303")
    assert any("both sides" in m for m in pos.problems())


def test_std_7_the_quick_stack_check_passes_no_state_the_detailed_one_faults():
    import random

    g = game()
    rng = random.Random(3)
    caught = 0
    for seed in range(4):
        s = g.initial_state(seed)
        while not s.ended:
            acts = g.legal_actions(s)
            g.apply(s, acts[rng.randrange(len(acts))])
            assert g._stacks_hold(s) and g._stack_problems(s) == []
            bad = s.copy()
            on = [p for p in range(g.npieces) if bad.loc[p] >= 0]
            p, q = rng.choice(on), rng.randrange(g.npieces)
            kind = rng.randrange(5)
            if kind == 0:
                bad.loc[p] = rng.randrange(g.board.n)
            elif kind == 1:
                bad.occ[bad.loc[p]] = q
            elif kind == 2:
                bad.nxt[p] = q
            elif kind == 3:
                bad.loc[q] = bad.loc[p]
            else:
                bad.occ[rng.randrange(g.board.n)] = rng.choice([-1, q])
            if g._stack_problems(bad):
                caught += 1
                assert not g._stacks_hold(bad), kind
    assert caught > 50
