"""Memoir '44's position: the generic pieces and sequence (:class:`genkit.engine.state.State`)
plus what only this game has, and the decision stages of a player's turn
(docs/memoir44-rules.md, case numbers in brackets).

Per piece: ``figs`` (figures left, 2.1), ``mv`` (hexes moved this player turn, -1 not moved,
4.1). Per hex: ``feat`` (index of the hex feature standing on it, -1 none; 8.3 removes some).
Cards: ``deck`` (top = last element), ``discard`` (oldest first), ``hands`` (card copy ids per
side), ``card`` (the copy played this player turn, -1 none).

The player turn's bookkeeping, bit masks over piece ids: ``ordered`` (3.2), ``moved``
(finished its move, 4.1), ``battled`` (5.1), ``nobattle`` (may not battle this turn, 4.4),
``overran`` (made its overrun battle, 7.2).

Tactic cards (3.7-3.16): ``eff`` (the card whose orders are in effect this player turn: the one
played, or for a counter-attack the one it copies; -1 none), ``last`` (per side, the card last in
effect for it), ``allow`` (rally: units it may order per unit type, then of any type), ``second``
(units that made the first of two battles), ``ambush`` (an ambushed close assault waiting:
attacker, target, the attacker's hex, whether an overrun), ``queue`` (strike targets still to
be struck), ``back`` (a battle back's flags being resolved, 10.5), ``chip`` (per side, the card under its
commissar chip, -1 none; 10.7).

Decisions: ``stage`` (which decision is pending) and ``pend`` (an immutable tuple describing it):
S_ORDER (last piece ordered), S_MOVE_DEST (piece, ((hex, hexes moved), ...)), S_RETREAT
(target, flags left, attacker, distance, the target's hex before the battle, hexes taken for this flag), S_TAKE
(attacker, hex), S_OVERRUN (attacker), S_KEEP (cards drawn, one to keep), S_AMBUSH (attacker, target, overrun),
S_AIM (targets chosen so far), S_SORTIE (the plane taking off).
"""
from __future__ import annotations

from ...state import State

DONE = ("done",)      # the action that ends a step: ordering, moving, battling, an overrun

S_OVER = 0
S_CARD = 1            # choose the command card to play
S_ORDER = 2           # order one more unit, or done
S_MOVE_UNIT = 3       # choose an ordered unit to move, or done
S_MOVE_DEST = 4       # choose the chosen unit's destination
S_BATTLE = 5          # choose an ordered unit and its target, or done
S_RETREAT = 6         # the target's owner chooses the hex of one retreat move
S_TAKE = 7            # the attacker takes the emptied hex, or stays
S_OVERRUN = 8         # the armour that took ground battles once more, or not
S_KEEP = 9            # recon: keep one of the cards drawn
S_AMBUSH = 10         # the defender of a close assault plays an ambush, or not
S_AIM = 11            # a strike: choose one more enemy unit to strike, or done
S_SORTIE = 12         # an air sortie: choose the hex the plane takes off from

STAGE_NAMES = {S_OVER: "over", S_CARD: "card", S_ORDER: "order", S_MOVE_UNIT: "move_unit",
               S_MOVE_DEST: "move_dest", S_BATTLE: "battle", S_RETREAT: "retreat", S_TAKE: "take_ground",
               S_OVERRUN: "overrun", S_KEEP: "keep", S_AMBUSH: "ambush", S_AIM: "aim",
               S_SORTIE: "sortie"}


class M44State(State):
    """A Memoir '44 position (fields: the module docstring)."""

    __slots__ = ("figs", "mv", "feat", "deck", "discard", "hands", "card", "ordered", "moved", "battled",
                 "nobattle", "overran", "stage", "pend",
                 "eff", "last", "allow", "second", "ambush", "queue", "back", "chip")
    LISTS = State.LISTS + ("figs", "mv", "feat", "deck", "discard")
    NESTED = State.NESTED + ("hands",)
    VALUES = State.VALUES + ("card", "ordered", "moved", "battled", "nobattle", "overran", "stage", "pend",
                 "eff", "last", "allow", "second", "ambush", "queue", "back", "chip")

    def __repr__(self) -> str:
        return (f"M44State(turn={self.turn}, phase={self.phase}, stage={STAGE_NAMES.get(self.stage)}, "
                f"actor={self.actor}, ended={bool(self.ended)}, winner={self.winner})")
