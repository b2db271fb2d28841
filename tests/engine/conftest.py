"""Fixtures of the rules-engine tests (helpers live in engine_helpers.py)."""
import pytest

from genkit.engine.rules.bering_land import cards, combat


@pytest.fixture
def dice(monkeypatch):
    """``dice(f1, f2, ...)``: the next rolls come out as given, in order (and are recorded)."""
    queue = []
    rolled = []

    def fake(state, faces, purpose):
        assert queue, f"unexpected die roll for {purpose}"
        face = queue.pop(0)
        rolled.append((face, purpose))
        state.nrolls += 1
        return face

    for module in (combat, cards):        # the two parts of the rules that roll dice
        monkeypatch.setattr(module, "roll_die", fake)

    def set_faces(*faces):
        queue.extend(faces)
        return rolled

    return set_faces
