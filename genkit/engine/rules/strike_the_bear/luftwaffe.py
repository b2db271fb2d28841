"""The Luftwaffe in the Strike the Bear system (docs/strike-the-bear-rules.md, 9.0): its units
stand on spaces of the map and fly (9.1) in their side's redeployment (each flight one of the
units redeployed) and movement phases, up to ``range`` spaces. Where a unit lands sets its
mission until it flies again:

* on an enemy rail line (a rail space free of its own side's units, east of its railhead) it
  interdicts (9.2.1): the enemy's rail and truck supply and lines of communication do not pass
  there, an enemy leader there commands only his own space, an enemy unit entering it stops
  and no enemy rail move enters or leaves it (6.4.2);
* in a space both sides hold it supplies its own side's units there (9.2.4, 11.5.5): an army,
  a panzer group or two corps (``supplies`` stacking points), free of OPs, all turn;
* elsewhere it flies support: it joins the first battle of the turn within its range (9.2.3),
  bombing a truck first (9.2.2, battle.py).

Decisions: the range counts spaces of the board (an ox or a diamond each), as the seed's five
oxes in any direction; a unit sets up flying support; a mission is one unit's for the turn
("functions in one of four ways"). A mixin of :class:`~.rules.Game`."""
from __future__ import annotations

from ...board import IMPASSABLE
from ..standard.state import PICK
from .state import FLY, StbState

#: a Luftwaffe unit's mission, set by where it lands
SUPPORT, INTERDICTION, AIR_SUPPLY = 0, 1, 2
MISSIONS = ("support", "interdiction", "air supply")


class Luftwaffe:
    """The Luftwaffe half of the system's :class:`~.rules.Game` (reads the game's tables)."""

    def _luftwaffe_tables(self) -> None:
        sec, board = self.section.luftwaffe, self.board
        #: 9.2.3: the side the Luftwaffe flies for (-1 none), its units and their shift
        self.air_side = self.side_ids.index(sec.side) if sec is not None else -1
        self.air_units = sec.units if sec is not None else 0
        self.air_shift = sec.shift if sec is not None else 0
        self.air_range = sec.range if sec is not None else 0
        #: 14.2: where each unit sets up
        self.air_setup = tuple(board.index_of(i) for i in sec.setup) if sec is not None else ()
        #: 9.1: the spaces a unit may land in (land oxes and diamonds, not the boxes)
        self.air_lands = [h for h in range(board.n) if board.spaces.spaces[h].kind != "box"
                          and board.cost[h] != IMPASSABLE]
        #: 9.2.1: the spaces a rail line runs through
        self.rail_mask = sum(1 << h for h in range(board.n) if self.rail[h])

    def railhead(self, s: StbState) -> int:
        """6.4.1: the last column (A = 0, the diamonds' B = 1 ...) the western side's converted
        rail reaches: one ox column a turn from the edge."""
        return 2 * s.turn

    def mission_at(self, s: StbState, h: int) -> int:
        """The mission of a Luftwaffe unit landing in ``h`` (module docstring)."""
        sides = {self.p_side[q] for q in self.stack(s, h) if self.p_unit[q]}
        if self.air_side in sides and len(sides) > 1:
            return AIR_SUPPLY
        if (self.rail_mask >> h) & 1 and self.air_side not in sides and self.column_of[h] > self.railhead(s):
            return INTERDICTION
        return SUPPORT

    def air_cut(self, s: StbState, side: int) -> int:
        """9.2.1: the spaces the interdicting Luftwaffe units stand in, for ``side`` their enemy
        (0 for the Luftwaffe's own side)."""
        if side == self.air_side or self.air_side < 0:
            return 0
        out = 0
        for k, h in enumerate(s.air_at):
            if s.air_role[k] == INTERDICTION:
                out |= 1 << h
        return out

    def air_joiner(self, s: StbState, h: int) -> int:
        """9.2.3: the Luftwaffe unit that joins the battle in ``h``: the first flying support
        that has not joined one this turn, within its range; -1 none."""
        dist = self.board.distance
        for k, at in enumerate(s.air_at):
            if s.air_role[k] == SUPPORT and not (s.sorties >> k) & 1 and dist(at, h) <= self.air_range:
                return k
        return -1

    def air_supplied(self, s: StbState, h: int) -> int:
        """9.2.4: the stacking points of the Luftwaffe's side that its units in ``h`` supply."""
        return self.section.luftwaffe.supplies * sum(
            1 for k, at in enumerate(s.air_at) if at == h and s.air_role[k] == AIR_SUPPLY) if self.air_units else 0

    def mask_inputs(self, s: StbState, side: int) -> tuple:
        """The interdicted spaces enter the movement masks (:meth:`_masks`)."""
        return (self.air_cut(s, side),)

    def _masks(self, s: StbState, side: int) -> tuple:
        """9.2.1: an enemy unit entering an interdicted space stops there (and withdraws not
        into it, as into an enemy-held space)."""
        own, enemy, zoc, cache = super()._masks(s, side)
        return own, enemy, zoc | self.air_cut(s, side), cache

    def _near_enemy(self, s: StbState, side: int) -> int:
        """6.4.2 b: no rail move of the enemy enters or leaves an interdicted space."""
        return super()._near_enemy(s, side) | self.air_cut(s, side)

    # ------------------------------------------------------------------ 9.1 flying

    def flights(self, s: StbState) -> list:
        """("fly", unit) for each Luftwaffe unit of the acting side not yet flown this phase."""
        if s.actor != self.air_side:
            return []
        return [("fly", k) for k in range(self.air_units) if not (s.flown >> k) & 1]

    def landings(self, s: StbState) -> list:
        """9.1.1: ("land", space) for each space within range of the flying unit but its own."""
        at, dist, most = s.air_at[s.chosen], self.board.distance, self.air_range
        return [("land", h) for h in self.air_lands if h != at and dist(at, h) <= most]

    def _fly(self, s: StbState, a) -> None:
        """("fly", unit): choose where it lands; ("land", space): it lands and takes the
        mission of the space; in a redeployment it counts as a unit moved (9.0). ("refit",
        unit): 9.3.3, a reduced unit rebuilt for its OPs in a reorganization (12.3)."""
        if a[0] == "refit":
            s.ops[s.actor] -= self.section.luftwaffe.ops
            s.spent[s.actor] += self.section.luftwaffe.ops
            s.lw[a[1]] = 0
            return
        if a[0] == "fly":
            s.stage, s.chosen = FLY, a[1]
            return
        k = s.chosen
        s.air_at[k] = a[1]
        s.air_role[k] = self.mission_at(s, a[1])
        s.flown |= 1 << k
        s.nmoved += 1
        s.stage, s.chosen = PICK, -1
        self._mc = None

    def air_problems(self, s: StbState) -> list:
        """The invariants of the Luftwaffe: one place, mission and step per unit, on land."""
        out = []
        if len(s.lw) != self.air_units or any(r not in (0, 1) for r in s.lw):
            out.append(f"Luftwaffe units {s.lw}, {self.air_units} expected")
        if len(s.air_at) != self.air_units or len(s.air_role) != self.air_units:
            out.append(f"Luftwaffe places {s.air_at} and missions {s.air_role}, {self.air_units} expected")
        lands = set(self.air_lands)
        out += [f"Luftwaffe unit {k + 1} in space {h}, not a land space of the map"
                for k, h in enumerate(s.air_at) if h not in lands]
        out += [f"Luftwaffe unit {k + 1} on mission {r}" for k, r in enumerate(s.air_role) if r not in (0, 1, 2)]
        return out
