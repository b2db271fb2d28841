"""The standard rules of classic hex-and-counter wargames, configured by a game's ``rules:``
section (:mod:`.section`) and written up case by case in docs/standard-rules.md, declared once
in :data:`RULES`. A game on these rules is a folder of YAML: no Python of its own."""
from .. import Requirements, RulesModule
from .bots import GreedyBot
from .charts import charts
from .checks import content_checks, separate_attack_types, setup_apart, tables_rolled
from .section import Section
from .rules import BOMBARDMENT, COMBAT, MOVEMENT, REINFORCEMENT, REPLACEMENT, Game
from .tables import EFFECTS

#: The standard rules module: two sides; movement and combat phases of one side, reinforcement
#: and replacement phases of one side or of each in turn; every CRT effect of the genre; pieces
#: in reserve, hexsides and roads, reinforcements; several pieces may share a hex; cards by side
#: or shared, their events as data (case 13); die-roll tables rolled at a phase (case 14.5; a
#: table never rolled is warned of here, not in the checks a module extending these rules reuses).
RULES = RulesModule(
    name="standard", game=Game, section=Section, checks=content_checks + (tables_rolled,), charts=charts,
    bots={"greedy": GreedyBot},
    requires=Requirements(sides=2, phase_kinds=(MOVEMENT, COMBAT, BOMBARDMENT, REINFORCEMENT,
                                                        REPLACEMENT),
                          any_side_kinds=(REINFORCEMENT, REPLACEMENT), crt_effects=EFFECTS,
                          crt_columns=("differential", "odds"), crt_above_highest=("use_highest",),
                          reserve=True, map_features=True, reinforcements=True,
                          half_costs=True, cards="optional", dice_sums=True),
    stacks=True, separate_attack_types=separate_attack_types, setup_apart=setup_apart)

__all__ = ["Game", "RULES", "Section", "charts", "content_checks"]
