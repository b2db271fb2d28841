"""Card rows from a spreadsheet: a deck's ``rows: forces.csv`` read into the deck's ``cards`` list
before validation, so a CSV row meets the same schema and checks as a YAML card.

The header row names the columns: ``id``, ``name``, ``text``, ``count`` and the deck's declared
fields. A cell becomes the value its declared type takes: a whole number for an integer or number
field (a word such as ``all`` stays a word), a list for a list field (the cell's items separated
by spaces, commas or semicolons); an empty cell gives no value (the field's default). Every value
keeps its file and row, and :class:`Cell` its column, so a finding names all three.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from .source import Finding

CORE_COLUMNS = ("id", "name", "text", "count")
_INT = re.compile(r"^[+-]?[0-9]{1,9}$")
_SPLIT = re.compile(r"[\s,;]+")
MAX_ROWS = 10_000


@dataclass(frozen=True)
class Cell:
    """Where a value of a CSV-kept card came from: the row (the file's line) and the column."""
    file: str
    row: int
    column: int
    header: str

    def __str__(self) -> str:
        return f"row {self.row}, column {self.column} ({self.header})"


def _number(text: str):
    return int(text) if _INT.match(text) else text


def _value(text: str, spec) -> object:
    """The cell ``text`` as the declared field ``spec`` (a raw mapping: it is not validated yet) takes it."""
    kind = spec.get("type") if isinstance(spec, dict) else None
    many = isinstance(spec, dict) and (spec.get("many") is True or kind == "symbols")
    numeric = kind in ("integer", "number")
    if many:
        items = [t for t in _SPLIT.split(text.strip()) if t]
        return [_number(t) if numeric else t for t in items]
    return _number(text.strip()) if numeric else text


def read_rows(text: str, file: str, fields: dict, base: tuple) -> tuple[list[dict], dict, dict, list[Finding]]:
    """The cards of one CSV file (as raw mappings), the (file, line) of each value under
    ``base`` (the deck's path + ``cards``), the :class:`Cell` of each, and the findings."""
    errors: list[Finding] = []
    positions: dict = {}
    cells: dict = {}
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
    except csv.Error as exc:
        return [], {}, {}, [Finding("error", file, 1, "csv", f"not a readable CSV header: {exc}")]
    if not header:
        return [], {}, {}, [Finding("error", file, 1, "csv", "the CSV file is empty; its first row names the fields")]
    header = [h.strip() for h in header]
    for k, h in enumerate(header, start=1):
        if not h:
            errors.append(Finding("error", file, 1, "csv", f"column {k} of the header row has no field name"))
        elif header.index(h) != k - 1:
            errors.append(Finding("error", file, 1, "csv", f"column {k} repeats the field name '{h}'"))
    cards: list[dict] = []
    start = reader.line_num + 1
    try:
        for row in reader:
            line, start = start, reader.line_num + 1
            if not any(c.strip() for c in row):
                continue                      # a blank line of the spreadsheet
            if len(cards) >= MAX_ROWS:
                errors.append(Finding("error", file, line, "csv", f"more than {MAX_ROWS:,} card rows"))
                break
            if len(row) > len(header):
                errors.append(Finding("error", file, line, "csv", f"row {line} has {len(row)} cells; the header "
                                                                  f"names {len(header)} columns"))
            j = len(cards)
            card: dict = {}
            positions[base + (j,)] = (file, line)
            for k, (h, cell) in enumerate(zip(header, row), start=1):
                if not h or not cell.strip():
                    continue
                value = _number(cell.strip()) if h == "count" else (
                    cell.strip() if h in ("id", "name") else cell if h == "text" else _value(cell, fields.get(h)))
                card[h] = value
                positions[base + (j, h)] = (file, line)
                cells[base + (j, h)] = Cell(file, line, k, h)
                if isinstance(value, list):
                    positions.update((base + (j, h, n), (file, line)) for n in range(len(value)))
            cards.append(card)
    except csv.Error as exc:
        errors.append(Finding("error", file, reader.line_num, "csv", f"not readable as CSV: {exc}"))
    return cards, positions, cells, errors
