"""Helpers of the Modern Land Battles tests: the bundled pack's game, a table laid out by hand
(forces by id in areas and rows, hands by card id), dice that come out as given."""
from __future__ import annotations

from genkit.engine import rules_for
from genkit.engine.rules.modern_land_battles import resolve
from genkit.engine.rules.modern_land_battles.state import ACTION, RESERVE
from genkit.model.load import load_game
from tests.conftest import ROOT

PACK = ROOT / "content" / "modern_land_battles"
AREA = {"breakthrough": 0, "flanking": 1, "terrain": 2}


#: the nations the hand-laid tables use unless a test sets its own (the pack draws at random)
PINNED = ("rules.nations.north=us", "rules.nations.south=su")


def game(*overrides: str, pinned: bool = True):
    """The bundled pack's game, north the United States and south the USSR unless ``overrides``
    set the nations (or ``pinned`` is False: drawn at random, as the pack plays)."""
    own = [o for o in PINNED if pinned and not any(x.startswith(o.split("=")[0] + "=") for x in overrides)]
    return rules_for(load_game(PACK, overrides=own + list(overrides)))


class Table:
    """A position laid out by hand: every force in reserve, empty hands, north to act."""

    def __init__(self, g, seed: int = 1):
        self.g = g
        s = self.s = g.initial_state(seed)
        for f in range(len(g.forces)):
            if s.area[f] >= 0:
                s.area[f] = RESERVE
            s.row[f] = s.hits[f] = s.acted[f] = 0
        s.pile = s.pile + s.discard + s.hands[0] + s.hands[1]
        s.pile.sort()
        s.discard, s.hands = [], [[], []]
        s.bought = [0, 0]
        s.stage, s.actor, s.first, s.legal, s.superior, s.control = ACTION, 0, 0, None, 0, 0

    def f(self, force_id: str) -> int:
        return next(i for i, f in enumerate(self.g.forces) if f.id == force_id)

    def k(self, card_id: str) -> int:
        return next(i for i, a in enumerate(self.g.actions) if a.id == card_id)

    def put(self, force_id: str, area: str, row: int = 0, hits: int = 0, acted: int = 0) -> int:
        f = self.f(force_id)
        s = self.s
        s.area[f], s.row[f], s.hits[f], s.acted[f] = AREA[area], row, hits, acted
        s.legal = None
        return f

    def hand(self, side: int, *card_ids: str) -> None:
        for c in card_ids:
            k = self.k(c)
            self.s.pile.remove(k)
            self.s.hands[side].append(k)
        self.s.hands[side].sort()
        self.s.legal = None

    def legal(self) -> list:
        return self.g.legal_actions(self.s)

    def do(self, action) -> None:
        self.g.apply(self.s, action, check=True)


def fixed_dice(monkeypatch):
    """``set(f1, f2, ...)``: the next d10 rolls come out as given, in order."""
    queue = []

    def fake(state, faces, purpose):
        assert queue, f"unexpected die roll for {purpose}"
        state.nrolls += 1
        return queue.pop(0)

    monkeypatch.setattr(resolve, "roll_die", fake)
    return lambda *faces: queue.extend(faces)
