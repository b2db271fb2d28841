"""The BG system's procedures (a strategic game of alliances of nations on maps of areas and sea
zones: rolls against strength, exploitation, control, conquest, production, war entry),
configured by a game's ``rules:`` section (:mod:`.section`) and written up case by case in
docs/bg-rules.md, declared once in :data:`RULES`. Nothing outside this package names it, but the
one registration line in :data:`genkit.engine.rules.RULES_MODULES`."""
from .. import Requirements, RulesModule
from .bots import GreedyBot
from .charts import charts
from .checks import content_checks
from .rules import Game
from .section import Section

#: BG's rules module: two alliances; a shared quarter phase and turn end; each side's movement,
#: combat and exploitation phases, and the other side's reaction phases (6.1.6); no CRT, no dice symbols, no cards; units built from the pool.
RULES = RulesModule(
    name="bg", game=Game, section=Section, checks=content_checks, charts=charts,
    bots={"greedy": GreedyBot},
    requires=Requirements(sides=2, phase_kinds=("quarter", "movement", "reaction", "combat", "exploitation",
                                                 "turn_end"),
                          shared_kinds=("quarter", "turn_end"), crt=False, reserve=True, reinforcements=True),
    stacks=True, setup_apart=False)

__all__ = ["Game", "RULES", "Section", "charts", "content_checks"]
