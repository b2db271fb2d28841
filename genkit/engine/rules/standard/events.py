"""The standard rules' own event kinds (besides the generic Battle, Reduced, Eliminated,
PlaceEntered and GameEnd of :mod:`genkit.engine.events`)."""
from __future__ import annotations

from ...events import kind

Retreated = kind("retreated", "Retreated", "side type piece hex",
                 """A unit retreated one hex (case 9.2) into ``hex``.""", __name__)
Advanced = kind("advanced", "Advanced", "side type piece hex",
                """An attacker advanced after combat (case 9.5) into ``hex``.""", __name__)
Arrived = kind("arrived", "Arrived", "side type piece hex",
               """A reinforcement entered the map (case 10.1) at ``hex``.""", __name__)
Restored = kind("restored", "Restored", "side type piece",
                """A replacement point restored a reduced unit to full strength (case 10.2).""", __name__)

SpaceBlocked = kind("space_blocked", "SpaceBlocked", "side card hex",
                    """A card of ``side`` blocked ``hex`` to the enemy until the end of the game turn
                    (case 13.13).""", __name__)
TableRolled = kind("table_rolled", "TableRolled", "table total result",
                   """A die-roll table was rolled at the start of a phase (case 14.5): ``total`` rolled,
                   ``result`` read.""", __name__)

RETREATED, ADVANCED, ARRIVED, RESTORED = "retreated", "advanced", "arrived", "restored"
