"""The Strike the Bear system's rules module (docs/strike-the-bear-rules.md): the standard
rules extended with operations points, weather, leaders' command, rail supply and objectives
rolled, declared once in :data:`RULES`."""
from .. import Requirements, RulesModule
from ..standard.checks import setup_apart
from ..standard.rules import BOMBARDMENT, COMBAT, MOVEMENT, REINFORCEMENT, REPLACEMENT
from ..standard.tables import EFFECTS
from .bots import ObjectiveBot
from .charts import charts
from .checks import content_checks
from .redeployment import REDEPLOYMENT
from .rules import MUTUAL, Game
from .section import Section

#: two sides; the mutual phases (acting for both), then each side's reinforcement, movement,
#: combat and reorganization (a replacement phase naming its side); a differential CRT.
RULES = RulesModule(
    name="strike_the_bear", game=Game, section=Section, checks=content_checks, charts=charts,
    bots={"greedy": ObjectiveBot},
    requires=Requirements(sides=2, phase_kinds=(MUTUAL, REDEPLOYMENT, MOVEMENT, COMBAT, BOMBARDMENT, REINFORCEMENT, REPLACEMENT),
                          shared_kinds=(MUTUAL, REDEPLOYMENT), any_side_kinds=(REINFORCEMENT, REPLACEMENT),
                          crt_effects=EFFECTS, crt_columns=("differential",), crt_above_highest=("use_highest",),
                          reserve=True, reinforcements=True, hex_features=True),
    stacks=True, setup_apart=setup_apart)

__all__ = ["Game", "RULES", "Section"]
