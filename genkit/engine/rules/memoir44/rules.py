"""Memoir '44's sequence of play and the game interface (being written)."""
from __future__ import annotations

from ...game import GameRules
from .. import Requirements


class Game(GameRules):
    name = "memoir44"
    REQUIRES = Requirements(sides=2, phase_kinds=("command", "movement", "battle", "draw"),
                            one_per_side=("command", "movement", "battle", "draw"), cards="required",
                            crt=False, dice=True, card_fields=("orders",), sections=True, hex_features=True,
                            figures=True)
