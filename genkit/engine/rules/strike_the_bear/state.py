"""A position of a game on the Strike the Bear system: the standard rules' position plus the
turn's weather, each side's operations points and objectives, and who controls each objective
space (docs/strike-the-bear-rules.md, cases 3, 11.5 and 13)."""
from __future__ import annotations

from ..standard.state import STAGE_NAMES, StandardState

#: the system's own stages of a pending decision, after the standard ones: the defender
#: commits reserves (11.8.2); a side decides whether the battle goes on (11.10); the
#: partisans are placed (8.1); a Luftwaffe unit lands (9.1)
COMMIT, CONTINUE, PARTISAN, FLY = (len(STAGE_NAMES) + k for k in range(4))
STB_STAGE_NAMES = STAGE_NAMES + ("commit", "continue", "partisan", "fly")


class StbState(StandardState):
    """``weather``: the turn's weather (a row of the weather table). ``ops``: per side, its OPs
    left this turn (3.3). ``objectives``: per side, the names of its objectives, the last set
    rolled (13.2; empty: none rolled yet, the default set counts). ``ctrl``: per objective space
    (:attr:`Game.obj_spaces`), the side that controls it, -1 none (13.1). ``spent``: per side,
    the OPs spent in the game (a statistic). Per Luftwaffe unit (9.0): ``air_at`` the space it
    stands in, ``air_role`` its mission there (luftwaffe.py); ``sorties``: bit mask of the units
    that joined a battle this turn (9.2.3); ``flown``: of those that flew this phase (9.1). ``tried``: bit mask of the pieces that tried to join a battle as reserves
    this combat phase (11.8.2); ``ncommit``: reserves tried in the battle being fought.
    ``read_by``: the reading of the battle being fought (11.1.6: 1 by odds, kept for its
    continuation). ``partisan``: the space whose rail line the partisans cut this turn (-1 none); ``raids``:
    the partisans still to place (1 rail, 2 truck, 8.1.2). ``commissar``: the ox where the
    commissar stands (-1 off the map, 7.1). ``redeploy``: per side, the units it may
    redeploy this turn; ``first``: the side redeploying first (3.2.1). ``lw``: per Luftwaffe
    unit, 1 when reduced (9.3). ``counter``: the commissar's counter-attack in the battle
    being fought (7.2.1 b): 0 none yet, 1 being fought, 2 fought (a second survival removes him).
    ``battling``: 1 while a battle's own steps are resolved (its combat result, then its OPs,
    Luftwaffe and leader steps); ``counter_due``: bit mask of the commissar's units whose
    counter-attack waits for those steps to end (7.2.1 b; 0 none).
    ``wpath``: the path of withdrawal of the battle being fought, the spaces in order (11.9.5);
    ``blitz``: bit mask of the spaces with enemy units its armour advanced into (11.10.1).
    ``arrived``: bit mask of the reinforcements that have come on (one boxed later by a
    breakdown, 10.0, waits in the breakdown box, never to arrive again)."""
    __slots__ = ("air_at", "air_role", "arrived", "battling", "commissar", "counter", "counter_due", "ctrl", "wpath", "blitz", "first", "flown", "lw", "redeploy", "ncommit", "objectives", "ops", "partisan", "raids", "read_by", "sorties", "spent", "tried",
                 "weather")
    LISTS = StandardState.LISTS + ("ctrl", "ops", "spent", "redeploy", "lw", "air_at", "air_role")
    NESTED = StandardState.NESTED
    VALUES = StandardState.VALUES + ("weather", "objectives", "sorties", "flown", "tried", "ncommit", "partisan", "raids", "read_by",
                                          "commissar", "counter", "first", "arrived", "battling", "counter_due", "wpath", "blitz")
