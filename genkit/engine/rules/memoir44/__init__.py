"""Memoir '44's procedures (command cards by board section, battle dice with symbols, figures,
flags and retreats, taking ground and armour overrun, medals), configured by a game's
``rules:`` section (:mod:`.section`) and written up case by case in docs/memoir44-rules.md."""
from .charts import charts  # noqa: F401 (the kit's charts: genkit.render.charts looks it up)
from .rules import Game
from .section import Section

__all__ = ["Game", "Section"]
