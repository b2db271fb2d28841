"""Memoir '44's procedures (command cards by board section, battle dice with symbols, figures,
flags and retreats, taking ground and armour overrun, medals), configured by a game's
``rules:`` section (:mod:`.section`) and written up case by case in docs/memoir44-rules.md.
Nothing outside this package names it, but the one registration line in
:data:`genkit.engine.rules.RULES_MODULES`."""
from .charts import charts
from .checks import content_checks
from .rules import Game
from .section import Section
from .state import DONE

__all__ = ["DONE", "Game", "Section", "charts", "content_checks"]
