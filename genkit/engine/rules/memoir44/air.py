"""The air rules (case 11): air units that an Air Sortie card launches from an airfield, that fly
over everything, battle and land again in the same player turn. A part of Memoir '44's
:class:`~.rules.Game`; the numbers are the scenario's ``rules.air`` (:class:`~.section.AirRules`).

The help names the air rules without giving them (airfields are where planes take off and land;
Air Sortie is a card; Gung-Ho does not touch it), so what they do here is our design, written
up in docs/memoir44-rules.md section 11:

* 11.1 an air unit (a unit type in ``rules.air.types``) starts off the map and stands on it only
  in its own side's player turn, from its take-off to its landing; it holds no objective;
* 11.2 an Air Sortie card (``tactic: air_sortie``) puts one of the side's air units off the map
  on an empty airfield of the side (a map feature in ``rules.air.airfields`` with that side), or
  with none free on an empty hex of the side's own edge, and orders it; with no air unit left to
  launch, the card orders its ``fallback`` units of any type instead;
* 11.3 it flies: up to its movement over any hex and any unit, terrain and hexsides ignored,
  ending on an empty hex a unit may stand on; nothing stops it battling where it ends;
* 11.4 it battles with its dice by range (its ``needs_los`` and ``move_and_battle`` are data);
  nothing covers it from dice, it ignores every flag and it never blocks a line of sight;
* 11.5 at its side's draw phase it lands: ``landing_dice`` dice are rolled at it, each face that
  hits its type costs a figure (the last one a medal for the other side), then it leaves the map
  with the figures it has left.
"""
from __future__ import annotations

from ...state import RESERVE
from . import events as mev
from .state import S_SORTIE
from .state import M44State as State


class Air:
    """The air rules' procedures (mixed into ``Game``)."""

    def _read_air(self, content, sec) -> None:
        """11.1-11.2: which unit types fly, each side's airfield hexes and own edge (hexes with
        no neighbour nearer that edge), the landing dice."""
        air = sec.air
        types = set(air.types) if air else set()
        self.t_air = [t in types for t in self.type_ids]
        self.p_air = [self.t_air[t] for t in self.p_type]
        self.air_pieces = [[p for p in self.side_pieces[side] if self.p_air[p]] for side in range(2)]
        self.landing_dice = air.landing_dice if air else 0
        fields = set(air.airfields) if air else set()
        grid = self.board.grid
        self.airfields = [[], []]
        for f in content.map.features:
            if f.id in fields and f.side in self.side_ids:
                self.airfields[self.side_ids.index(f.side)] += [grid.index_of(h) for h in f.hexes]
        self.baseline = [[h for h in range(self.board.n) if not self.back[side][h]] for side in range(2)]

    # ------------------------------------------------------------------ take-off (11.2)

    def spare_plane(self, s, side: int) -> int:
        """11.2: the first of ``side``'s air units off the map and not eliminated (-1: none)."""
        return next((p for p in self.air_pieces[side] if s.loc[p] == RESERVE), -1)

    def take_off_hexes(self, s, side: int) -> list:
        """11.2: the side's empty airfield hexes; with none, the empty hexes of its own edge."""
        occ = s.occ
        free = [h for h in self.airfields[side] if occ[h] < 0]
        return free or [h for h in self.baseline[side] if occ[h] < 0]

    def sortie_flies(self, s, side: int) -> bool:
        """11.2: an Air Sortie played now launches a plane (else it orders its fallback units)."""
        return self.spare_plane(s, side) >= 0 and bool(self.take_off_hexes(s, side))

    def _air_sortie(self, s: State) -> bool:
        """11.2: the card just played is an Air Sortie: the side chooses where its plane takes
        off (S_SORTIE). False when it has no plane to launch (the card's orders follow)."""
        if not self.sortie_flies(s, s.actor):
            return False
        s.stage, s.pend = S_SORTIE, (self.spare_plane(s, s.actor),)
        return True

    def _take_off_actions(self, s: State) -> list:
        return [("take_off", h) for h in sorted(self.take_off_hexes(s, s.actor))]

    def _take_off(self, s: State, h: int) -> None:
        """11.2: the plane is put on hex ``h`` and ordered; the command phase ends."""
        p = s.pend[0]
        s.loc[p], s.occ[h] = h, p
        s.ordered |= 1 << p
        if s.events is not None:
            s.events.append(mev.TookOff(side=self.side_ids[self.p_side[p]], type=self.type_ids[self.p_type[p]],
                                        piece=p, hex=self.board.grid.id_of(h)))
        s.pend = ()
        self._next_phase(s)

    # ------------------------------------------------------------------ flight (11.3-11.4)

    def flight(self, s, p: int, allowance: int) -> dict:
        """11.3: the empty hexes plane ``p`` may end its flight on -> hexes flown (its own hex at
        0): every hex a unit may stand on within ``allowance``, whatever lies on or between them."""
        b = self.board
        h0 = s.loc[p]
        dist, n = b._dist, b.n
        occ = s.occ
        out = {h0: 0}
        for h in range(n):
            d = dist[h0 * n + h]
            if 0 < d <= allowance and occ[h] < 0 and self.passable[h]:
                out[h] = d
        return out

    def ground_occ(self, s) -> list:
        """11.4: the units that block a line of sight: every unit but the planes in the air."""
        occ = s.occ
        if not any(s.loc[p] >= 0 for side in self.air_pieces for p in side):
            return occ
        return [-1 if q >= 0 and self.p_air[q] else q for q in occ]

    # ------------------------------------------------------------------ landing (11.5)

    def _land(self, s: State, side: int) -> None:
        """11.5: each of ``side``'s planes in the air lands: ``landing_dice`` dice rolled at it
        (each face that hits its type a figure lost, the last a medal), then it leaves the map
        with the figures it has left."""
        for p in self.air_pieces[side]:
            h = s.loc[p]
            if h < 0 or s.ended:
                continue
            faces = self.roll_faces(s, self.landing_dice) if self.landing_dice else []
            hits = sum(1 for f in faces if (self.face_hits[f] >> self.p_type[p]) & 1)
            if s.events is not None:
                s.events.append(mev.Landed(side=self.side_ids[side], type=self.type_ids[self.p_type[p]], piece=p,
                                           hex=self.board.grid.id_of(h),
                                           faces=tuple(self.face_symbols[f] for f in faces), hits=hits))
            if hits and self.lose_figures(s, p, hits, "landing"):
                continue
            s.occ[h] = -1
            s.loc[p] = RESERVE
            s.reduced[p] = 0            # off the map no counter shows a face: its losses stay in figs


__all__ = ["Air"]
