"""The standard rules of classic hex-and-counter wargames, configured by a game's ``rules:``
section (:mod:`.section`) and written up case by case in docs/standard-rules.md. A game on
these rules is a folder of YAML: no Python of its own."""
from .charts import charts
from .checks import content_checks
from .rules import Game
from .section import Section

__all__ = ["Game", "Section", "charts", "content_checks"]
