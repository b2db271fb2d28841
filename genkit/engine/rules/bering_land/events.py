"""Bering Land's own event kinds (the generic ones: :mod:`genkit.engine.events`).

Conservation (tests/engine/test_events.py): per side, CardDrawn - CardPlayed = cards held at
the end = CardHeld events; Killstreak = cards drawn + lost (source "draw") + cards still due;
ReplReceived = ReplUsed + ReplLost; replaying the Eliminated and ReplUsed events on the set-up
gives every piece's final place.
"""
from __future__ import annotations

from ...events import kind

Killstreak = kind("killstreak", "Killstreak", "side type",
                  """11.0: a kill by ``type`` completed (or was made on a completed) killstreak
                  track: one card more is due to ``side``.""", __name__)
Stopped = kind("stopped", "Stopped", "side type piece until_turn card by_side",
               """11.3 Air Drone: a unit will sit out its side's player turn ``until_turn``.""", __name__)
Invulnerable = kind("invulnerable", "Invulnerable", "side card types",
                    """11.3 Juggernaut: the side's units of ``types`` (tuple of type ids) cannot be
                    attacked or hit until its next combat phase.""", __name__)
InvulnerableEnd = kind("invulnerable_end", "InvulnerableEnd", "side",
                       """That window closed (the side's combat phase began).""", __name__)
ReplReceived = kind("repl_received", "ReplReceived", "side count",
                    """10.0: replacement steps available to the side this turn (``count`` > 0).""", __name__)
ReplUsed = kind("repl_used", "ReplUsed", "side how piece hex consumed",
                """10.0: one step used: ``how`` "place" / "flip" / "combine"; ``hex`` None for a flip;
                ``consumed`` the pieces removed by a combination (10.3), () otherwise.""", __name__)
ReplLost = kind("repl_lost", "ReplLost", "side count",
                """10.2: unused steps lost when the side's respawn step ended.""", __name__)

KILLSTREAK, STOPPED, INVULNERABLE, INVULNERABLE_END = "killstreak", "stopped", "invulnerable", "invulnerable_end"
REPL_RECEIVED, REPL_USED, REPL_LOST = "repl_received", "repl_used", "repl_lost"
