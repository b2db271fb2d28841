"""Battlefield Bering Land: its rules (:mod:`.rules`), and beside them everything else
that only this game knows. Nothing outside this package names it, but the one
registration line in :data:`genkit.engine.rules.RULES_MODULES`."""
from .rules import PASS, Game
from .section import Section, content_checks

__all__ = ["Game", "PASS", "Section", "content_checks"]
