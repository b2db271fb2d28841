"""Battlefield Bering Land: its rules (:mod:`.rules`, with :mod:`.respawn`, :mod:`.movement`,
:mod:`.combat` and :mod:`.cards` for the procedures of each part), and beside them everything
else that only this game knows. Nothing outside this package names it, but the one
registration line in :data:`genkit.engine.rules.RULES_MODULES`."""
from .rules import Game
from .state import PASS
from .section import Section, content_checks

__all__ = ["Game", "PASS", "Section", "content_checks"]
