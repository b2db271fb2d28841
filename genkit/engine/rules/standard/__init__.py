"""The standard rules of classic hex-and-counter wargames, configured by a game's ``rules:``
section (:mod:`.section`) and written up case by case in docs/standard-rules.md. A game on
these rules is a folder of YAML: no Python of its own."""
from .charts import charts
from .section import Section, content_checks

__all__ = ["Section", "charts", "content_checks"]
