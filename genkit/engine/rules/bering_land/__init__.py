"""Battlefield Bering Land: its rules (:mod:`.rules`, with :mod:`.respawn`, :mod:`.movement`,
:mod:`.combat` and :mod:`.cards` for the procedures of each part), and beside them everything
else that only this game knows, declared once in :data:`RULES`. Nothing outside this package
names it, but the one registration line in :data:`genkit.engine.rules.RULES_MODULES`."""
from .. import Requirements, RulesModule
from .abilities import FIELDS as ABILITY_FIELDS
from .bots import GreedyBot, SearchBot
from .rules import Game
from .section import Section, content_checks
from .state import PASS

#: Bering Land's rules module. It runs two sides; phases of the four kinds below, respawn and
#: housekeeping acting for both sides, each side moving in one phase; cards; facing; reserve.
RULES = RulesModule(
    name="bering_land", game=Game, section=Section, checks=content_checks, charts=None,
    bots={"greedy": GreedyBot, "search": SearchBot},
    requires=Requirements(sides=2, phase_kinds=("respawn", "movement", "combat", "housekeeping"),
                          shared_kinds=("respawn", "housekeeping"), one_per_side=("movement",),
                          crt_above_highest=("use_highest", "last_row"), cards="required", facing=True,
                          reserve=True, card_fields=tuple(ABILITY_FIELDS.items()),
                          phase_runs=(("movement", "combat"),)))

__all__ = ["Game", "PASS", "RULES", "Section", "content_checks"]
