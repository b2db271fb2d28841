"""Die-roll tables read by the rules (docs/standard-rules.md, case 14): a model table
(:class:`genkit.model.schema_die_tables.DieTable`) built once into a look-up from the total
rolled to the row, rolled with the state's seeded generator so games replay exactly, and
printed as a :class:`~genkit.engine.rules.Chart` for the player aid and the booklet."""
from __future__ import annotations

from typing import NamedTuple

from ..model.schema_die_tables import roll_bounds
from .chance import roll_die
from .rules import Chart


class DieRoll(NamedTuple):
    """One roll on a table: the dice's total, the total with the modifiers (read between the
    table's first and last row), and the cell read."""
    total: int
    modified: int
    result: str


class DieTableReader:
    """Case 14.1-14.3: the table's rows by total; a modified total beyond the table reads its
    first or last row."""

    __slots__ = ("column_of", "dice", "drm", "faces", "high", "id", "low", "rows")

    def __init__(self, table):
        self.id, self.dice, self.faces = table.id, table.dice, table.faces
        self.low, self.high = table.low, table.high
        self.column_of = {c: i for i, c in enumerate(table.ids_of_columns())}
        self.drm = {m.id: m.value for m in table.drms}
        by_total: dict = {}
        for row in table.rows:
            first, last = roll_bounds(row.roll, self.low, self.high)
            for t in range(max(first, self.low), min(last, self.high) + 1):
                by_total[t] = tuple(row.results)
        #: per total low .. high, the row's results
        self.rows = [by_total[t] for t in range(self.low, self.high + 1)]

    def read(self, total: int, column: str | None = None) -> str:
        """The result of the (modified) ``total`` in ``column`` (the first when None)."""
        row = self.rows[min(max(total, self.low), self.high) - self.low]
        return row[self.column_of[column] if column is not None else 0]

    def modifier(self, drm_id: str) -> int:
        """The value of the table's modifier ``drm_id`` (KeyError names a modifier it lacks)."""
        return self.drm[drm_id]

    def roll(self, state, column: str | None = None, drms: tuple = (), purpose: str = "") -> DieRoll:
        """Roll the table's dice, add the modifiers named ``drms``, read the row (case 14.2)."""
        total = sum(roll_die(state, self.faces, purpose or self.id) for _ in range(self.dice))
        modified = total + sum(self.drm[d] for d in drms)
        return DieRoll(total, modified, self.read(modified, column))


def readers(content) -> dict:
    """table id -> :class:`DieTableReader` for every table of the model."""
    return {t.id: DieTableReader(t) for t in content.die_tables}


def die_table_chart(table) -> Chart:
    """Case 14.4: a table as the player aid and the booklet print it: the roll, then one column
    per result column; the modifiers and the table's text under it."""
    label = f"{table.dice}d{table.faces}" if table.dice > 1 else f"d{table.faces}"
    notes = tuple(f"{'+' if m.value > 0 else ''}{m.value}: {m.name}." for m in table.drms)
    notes += (table.text,) if table.text else ()
    rows = tuple((row.roll,) + tuple(row.results) for row in table.rows)
    span = "half" if len(table.columns) <= 2 else "full"
    return Chart("table_" + table.id, table.name, (label,) + tuple(table.columns), rows, notes, span=span)


def die_table_charts(content) -> list:
    """Every die-roll table of the model as a chart, in the model's order."""
    return [die_table_chart(t) for t in content.die_tables]
