"""Memoir '44's procedures (command cards by board section, battle dice with symbols, figures,
flags and retreats, taking ground and armour overrun, medals), configured by a game's
``rules:`` section (:mod:`.section`) and written up case by case in docs/memoir44-rules.md,
declared once in :data:`RULES`. Nothing outside this package names it, but the one
registration line in :data:`genkit.engine.rules.RULES_MODULES`."""
from .. import Requirements, RulesModule
from .bot_search import SearchBot
from .bots import GreedyBot
from .charts import charts
from .checks import content_checks
from .rules import Game
from .section import Section
from .state import DONE

#: Memoir '44's rules module: two sides, each with one command, movement, battle and draw
#: phase; command cards giving orders; symbol dice instead of a CRT; sections, features, figures;
#: pieces off the map (the air units of case 11, launched by air sortie cards).
RULES = RulesModule(
    name="memoir44", game=Game, section=Section, checks=content_checks, charts=charts,
    bots={"greedy": GreedyBot, "search": SearchBot},
    requires=Requirements(sides=2, phase_kinds=("command", "movement", "battle", "draw"),
                          one_per_side=("command", "movement", "battle", "draw"), cards="required",
                          crt=False, dice=True, sections=True, hex_features=True, map_features=True,
                          figures=True, reserve=True, phase_runs=(("command", "movement", "battle", "draw"),)))

__all__ = ["DONE", "Game", "RULES", "Section", "charts", "content_checks"]
