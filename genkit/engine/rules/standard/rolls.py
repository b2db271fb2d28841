"""Die-roll tables rolled at a phase (docs/standard-rules.md case 14.5): ``rules.rolls`` names a
table of the model's ``die_tables``, the phase at whose start it is rolled every game turn, and
what its results do until it is rolled again: a column shift and a die-roll modifier in every
battle (weather), or reinforcements held back (late arrivals). The tables are rolled with the
state's seeded generator (:mod:`genkit.engine.die_tables`) and printed on the player aid with what
their results do (:func:`.charts.rolled_charts`)."""
from __future__ import annotations

from ...die_tables import DieTableReader
from ...view import View
from .events import TableRolled


class RollTables:
    """The phase rolls of one game: per roll its reader, column, phase index, the sides whose
    arrivals it may hold back, and per result what it does."""

    def __init__(self, game, rolls):
        tables = {t.id: t for t in game.content.die_tables}
        self.reader = [DieTableReader(tables[r.table]) for r in rolls]
        self.column = [r.column for r in rolls]
        self.phase = [game.phase_ids.index(r.phase) for r in rolls]
        self.sides = [(game.phase_side[k],) if game.phase_side[k] >= 0 else tuple(range(len(game.side_ids)))
                      for k in self.phase]
        #: per roll: result -> its :class:`~.section.RollEffect` (shift, drm, arrive)
        self.effects = [dict(r.results) for r in rolls]
        self.names = [f"roll:{r.table}" for r in rolls]
        #: phase index -> the rolls made at its start
        self.at = {k: [i for i, ph in enumerate(self.phase) if ph == k] for k in set(self.phase)}


class RollsView(View):
    """What a side sees in a game with phase rolls: the standard view and the results in force."""
    __slots__ = ("rolled",)

    def __init__(self, state, side: int):
        View.__init__(self, state, side)
        self.rolled = state.rolled


class PhaseRolls:
    """The phase rolls half of :class:`~.rules.Game` (a mixin: reads ``self.rolls``, a
    :class:`RollTables`, None in a game without them)."""

    def _roll_tables(self, s) -> None:
        """Case 14.5: at the start of a phase (its first side's turn), each table rolled there."""
        rt = self.rolls
        todo = rt.at.get(s.phase)
        if not todo:
            return
        rolled = list(s.rolled)
        for i in todo:
            r = rt.reader[i].roll(s, rt.column[i], (), rt.reader[i].id)
            rolled[i] = r.result
            if s.events is not None:
                s.events.append(TableRolled(table=rt.reader[i].id, total=r.total, result=r.result))
        s.rolled = tuple(rolled)

    def rolled_modifiers(self, rolled) -> list:
        """(source, shift, drm) of the results in force (``rolled``: per roll its result) that
        shift the column or modify the die roll of every battle (case 14.5)."""
        out = []
        for i, result in enumerate(rolled):
            eff = self.rolls.effects[i].get(result)
            if eff is not None and (eff.shift or eff.drm):
                out.append((f"{self.rolls.names[i]}:{result}", eff.shift, eff.drm))
        return out

    def arrivals_held(self, s, side: int) -> bool:
        """Case 14.5: a result in force holds back the reinforcements of ``side``."""
        rt = self.rolls
        for i, result in enumerate(s.rolled):
            eff = rt.effects[i].get(result)
            if eff is not None and not eff.arrive and side in rt.sides[i]:
                return True
        return False

    def observe(self, state, side: int):
        if self.rolls is None:
            return super().observe(state, side)
        return RollsView(state, side)
