"""Modern Land Battles' procedures (a card game with no map: Force cards in rows in three areas
of the table, Action cards held in hand, Terrain cards secured with a control counter, d10
rolls), configured by a game's ``rules:`` section (:mod:`.section`) and declared once in
:data:`RULES`. Nothing outside this package names it, but the one registration line in
:data:`genkit.engine.rules.RULES_MODULES`."""
from .. import Requirements, RulesModule
from .bot_search import SearchBot
from .bots import GreedyBot
from .charts import charts
from .checks import content_checks
from .rules import Game
from .section import Section

#: Modern Land Battles' rules module: two sides taking one action each in turn (one shared
#: "action" phase); Action cards dealt into hands; no CRT, no symbol dice, no unit counters.
RULES = RulesModule(
    name="modern_land_battles", game=Game, section=Section, checks=content_checks, charts=charts,
    bots={"greedy": GreedyBot, "search": SearchBot},
    requires=Requirements(sides=2, phase_kinds=("action",), shared_kinds=("action",), cards="required",
                          crt=False, card_fields=(("needs", "symbols"), ("attack", "choice"), ("defence", "choice"),
                                                  ("stops", "integer"), ("extra_dice", "choice"),
                                                  ("maneuver", "integer"), ("reinforce", "integer"))))

__all__ = ["Game", "RULES", "Section", "content_checks"]
