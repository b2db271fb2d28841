"""The commissar in the Strike the Bear system (docs/strike-the-bear-rules.md, 7.0): placed at
the end of his side's movement in the ox nearest a rolled one where both sides' units stand;
there his side's defenders ignore withdrawal results and its units must attack, and when they
survive an enemy attack there they strike back at once. A mixin of :class:`~.rules.Game`.

Decisions: among oxes equally near the one rolled the first in the board's order is taken (the
seed lets the enemy choose); the counter-attack (7.2.1 b) comes before the battle's
continuation (11.10) and is read by differential, never continued by itself, and its defenders
commit no reserves; the second time his units survive in one battle (a continuation), he leaves
the map instead of striking back again."""
from __future__ import annotations

from ...chance import roll_die
from ..standard.rules import COMBAT
from ..standard.tables import E_NONE, E_RETREAT
from .state import StbState

#: 7.2.1 b: the counter-attack of the battle being fought (StbState.counter)
NO_COUNTER, COUNTERING, COUNTERED = 0, 1, 2


class Commissar:
    """The commissar half of the system's :class:`~.rules.Game` (reads the game's tables)."""

    def _commissar_tables(self) -> None:
        sec = self.section.commissar
        #: 7.0: the side the commissar serves (-1: none)
        self.commissar_side = self.side_ids.index(sec.side) if sec is not None else -1
        if sec is None:
            self.results_held = None
            return
        #: 7.2.1 a: the CRT's results with the defenders' withdrawals ignored
        self.results_held = [[(E_NONE, 0, code) if eff == E_RETREAT else (eff, n, code) for eff, n, code in col]
                             for col in self.results]

    def _place_commissar(self, s: StbState) -> None:
        """7.1.1-7.1.3: a die for the ox column (a second die, odd or even, between two named),
        two dice for its row; the commissar goes to the nearest ox holding units of both sides,
        off the map when there is none."""
        sec, board = self.section.commissar, self.board
        cell = self.tables[sec.table].roll(s, None, (), "commissar column").result
        names = [c.strip() for c in cell.split(" or ")]
        column = names[0] if len(names) == 1 or roll_die(s, 6, "commissar column") % 2 else names[1]
        row = roll_die(s, 6, "commissar row") + roll_die(s, 6, "commissar row") - 1
        rolled = board.index_of(f"{column}{row}")
        best = None
        for h in range(board.n):
            if board.spaces.spaces[h].kind != "ox":
                continue
            sides = {self.p_side[q] for q in self.stack(s, h) if self.p_unit[q]}
            if len(sides) == 2:
                key = (board.distance(rolled, h), h)
                if best is None or key < best:
                    best = key
        s.commissar = best[1] if best is not None else -1

    def commissar_holds(self, s: StbState, h: int) -> bool:
        """7.2.1 a: the defenders of ``h`` are the commissar's side and he stands there (the
        attacker is the side acting in the battle)."""
        return h == s.commissar and s.actor != self.commissar_side

    def counter_attackers(self, s: StbState, h: int) -> int:
        """7.2.1 b: after an enemy attack on the commissar's ox ``h``, the bit mask of his side's
        combat units there that strike back: all of them, when one has a combat strength and
        an enemy combat unit is left to attack (0: no counter-attack)."""
        if h != s.commissar or self.phase_kind[s.phase] != COMBAT or self.phase_actor(s) == self.commissar_side:
            return 0
        mine, theirs, strong = 0, False, False
        for q in self.stack(s, h):
            if self.p_unit[q]:
                if self.p_side[q] == self.commissar_side:
                    mine |= 1 << q
                    strong = strong or self.t_attack[self.p_type[q]][s.reduced[q]] > 0
                else:
                    theirs = True
        return mine if strong and theirs else 0

    def _counter_attack(self, s: StbState, h: int, units: int) -> None:
        """7.2.1 b: the commissar's units in ``h`` attack the enemy there at once, by
        differential (at worst on the lowest column, 11.2.3). (A second time in the same battle
        he is removed instead, to be placed again after his side's next movement, 7.1.5:
        ``battle.py`` ``_to_pick``.)"""
        s.counter = COUNTERING
        s.actor, s.attackers, s.by = self.commissar_side, units, 0
        self._battle(s)

    def _commissar_check(self, s: StbState) -> None:
        """7.1.4: when no unit of his side is left in his ox, he is placed anew at once."""
        h = s.commissar
        if h >= 0 and not any(self.p_side[q] == self.commissar_side and self.p_unit[q] for q in self.stack(s, h)):
            self._place_commissar(s)
