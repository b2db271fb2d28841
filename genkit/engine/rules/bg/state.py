"""The BG position (:class:`BgState`) and the stages of a decision.

Per space: ``ctl`` (6.4: the index of the nation controlling it, -1 none: a sea zone, or an
area left neutral by a conquest, 7.1). Per nation: ``war`` (1 at war, 0 neutral), ``fallen``
(1 conquered, 7.1), ``bp`` (saved build points, 7.2), ``aid`` (build points per quarter from the
time table, 5.1). Per piece: ``due`` (7.2.6: the turn a unit in production arrives, 0 none; its
``loc`` is RESERVE meanwhile), ``led`` (6.1.6 / 6.3: the units an HQ has sent or led this
phase), ``came`` (6.1.3 B: the sea zone a task force in a land combat came from, -1 none), ``aboard``
(6.1.3 A: the convoy a land unit or aircraft rides in, -1 none; its ``loc`` is the convoy's sea
zone). The pending decision: ``stage``, ``chosen`` (the unit picked, or
the combat's space), ``moved`` (bit mask of the units moved this phase, 6.1.1), ``rnd`` (the
combat round), ``asked`` (whose retreat is being asked, 6.2.3: 0 the phasing side, 1 the other),
``builder`` (the index of the nation producing, 7.2), ``shipped`` (bit mask of the units that
changed convoys this phase, 6.1.3 A: once a phase), ``aloft`` (bit mask of the aircraft
flying back after a combat, each waiting for its owner to choose where it lands, 6.1.1 air; the
one deciding is ``chosen`` at the stage LAND)."""
from __future__ import annotations

from ...state import State

# stages of the pending decision
PICK, DEST, FIGHT, RETREAT, BUILD, LAND = 0, 1, 2, 3, 4, 5


class BgState(State):
    __slots__ = ("ctl", "war", "fallen", "bp", "aid", "due", "led", "came", "aboard", "stage", "chosen", "moved", "rnd", "asked",
                 "builder", "shipped", "aloft")
    LISTS = State.LISTS + ("ctl", "war", "fallen", "bp", "aid", "due", "led", "came", "aboard")
    NESTED = State.NESTED
    VALUES = State.VALUES + ("stage", "chosen", "moved", "rnd", "asked", "builder", "shipped", "aloft")
