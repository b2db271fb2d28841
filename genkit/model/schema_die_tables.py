"""Die-roll tables as data (docs/standard-rules.md, case 14): a table the players roll on
outside combat (weather, supply, reinforcements, objectives ...), as rows of rolls -> results
with named die-roll modifiers. The rules read a table through
:mod:`genkit.engine.die_tables`; the player aid and the booklet print it from the same data.

A row's ``roll`` is one total (``"7"``), a range (``"2-4"``) or an open end (``"12+"``,
``"1-"``); the rows of a table cover every total the dice can give, once each, and any total a
modifier can push beyond reads the first or the last row (the genre's usual reading).
"""
# (no "from __future__ import annotations": pydantic then reads each annotation as the object it
# is, rather than evaluate it from a string, at every command's start)

import re
from typing import Annotated, Optional

from pydantic import Field, model_validator

from .schema_base import Id, Line, Paragraph, Strict

ROLL = re.compile(r"^\s*(-?\d+)\s*(?:(\+|-)|-\s*(-?\d+))?\s*$")


def roll_bounds(text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """(first, last) total a row's ``roll`` covers, open ends reaching ``lo`` / ``hi``; None when
    ``text`` is not a roll."""
    m = ROLL.match(text)
    if m is None:
        return None
    first = int(m.group(1))
    if m.group(2) == "+":
        return first, max(first, hi)
    if m.group(2) == "-":
        return min(first, lo), first
    last = int(m.group(3)) if m.group(3) is not None else first
    return first, last


class DieModifier(Strict):
    """A die-roll modifier a table names: the rules say when it applies."""
    id: Id
    name: Line = Field(description="when it applies, printed under the table")
    value: int = Field(ge=-99, le=99, description="added to the total rolled")


class DieTableRow(Strict):
    roll: Annotated[str, Field(min_length=1, max_length=12, description="a total '7', a range '2-4' or an "
                                                                          "open end '12+' / '1-'")]
    results: list[Line] = Field(min_length=1, description="one result per column of the table")


def result_column() -> list[str]:
    """A die table's columns when it names none: one, Result (a function, not a lambda, so the
    model's validator can be kept on disk: :mod:`genkit.pack.schema_cache`)."""
    return ["Result"]


class DieTable(Strict):
    """One die-roll table: ``dice`` dice of ``faces`` faces added up, the modifiers named in
    ``drms`` added, the row of that total read in the column the rules ask for."""
    id: Id
    name: Line
    dice: int = Field(1, ge=1, le=4, description="how many dice are rolled and added")
    faces: int = Field(6, ge=2, le=100)
    columns: list[Line] = Field(default_factory=result_column, min_length=1,
                                description="the result columns' headings (one column: Result)")
    column_ids: list[Id] = Field(default_factory=list, description="ids the rules name the columns by (default: "
                                                                   "the headings in lower case)")
    rows: list[DieTableRow] = Field(min_length=1)
    drms: list[DieModifier] = Field(default_factory=list, description="the modifiers the rules may add")
    text: Paragraph = Field("", description="how the table is used, printed under it")

    @property
    def low(self) -> int:
        return self.dice

    @property
    def high(self) -> int:
        return self.dice * self.faces

    def ids_of_columns(self) -> list[str]:
        return list(self.column_ids) or [re.sub(r"[^a-z0-9_]+", "_", c.lower()).strip("_") for c in self.columns]

    @model_validator(mode="after")
    def _rows_cover_the_dice(self):
        """Every row's roll reads, gives a result per column, and the rows cover each total
        ``dice`` .. ``dice * faces`` exactly once."""
        if self.column_ids and len(self.column_ids) != len(self.columns):
            raise ValueError(f"die table {self.id}: {len(self.column_ids)} column_ids for {len(self.columns)} columns")
        seen: dict[int, str] = {}
        for row in self.rows:
            span = roll_bounds(row.roll, self.low, self.high)
            if span is None:
                raise ValueError(f"die table {self.id}: roll '{row.roll}' is not a total, a range (2-4) or an open "
                                 f"end (12+, 1-)")
            if len(row.results) != len(self.columns):
                raise ValueError(f"die table {self.id}: roll {row.roll} gives {len(row.results)} results for "
                                 f"{len(self.columns)} columns ({', '.join(self.columns)})")
            for total in range(max(span[0], self.low), min(span[1], self.high) + 1):
                if total in seen:
                    raise ValueError(f"die table {self.id}: the total {total} is in two rows ({seen[total]} and "
                                     f"{row.roll})")
                seen[total] = row.roll
        missing = [t for t in range(self.low, self.high + 1) if t not in seen]
        if missing:
            raise ValueError(f"die table {self.id}: no row for the total{'s' if len(missing) > 1 else ''} "
                             f"{', '.join(map(str, missing))} ({self.dice}d{self.faces} gives {self.low}-{self.high})")
        return self


def die_table(tables: list[DieTable], table_id: str) -> Optional[DieTable]:
    """The table ``table_id`` of ``tables``, or None."""
    return next((t for t in tables if t.id == table_id), None)
