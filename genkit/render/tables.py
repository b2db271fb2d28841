"""A table drawn from the model, as plain data: what the rules booklet (``[[crt]]``, built by
:mod:`.rules_tables`) and the player aid print, laid out by the one table layout of
:mod:`.tables_layout`.  No drawing here, no words of its own: the builders take their words from
the style's ``words`` (:func:`table_words`), the same the player aid prints."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TableData:
    """A table drawn from the model: header rows, body rows (text) and what each cell or column
    is (its relative width, alignment, fill, a counter face drawn in it), with a title above and
    notes below."""

    header: list[list[str]]
    rows: list[list[str]]
    widths: list[float]                      # relative column widths
    fills: dict[tuple[int, int], str] = field(default_factory=dict)   # (row, col) of body -> #rrggbb
    spans: list[tuple[int, int, int]] = field(default_factory=list)   # (body row, col from, col to)
    bands: list[int] = field(default_factory=list)                    # body rows drawn as sub-headings
    notes: list[str] = field(default_factory=list)
    align: list[str] = field(default_factory=list)                    # per column: LEFT / CENTER
    title: str = ""                                                   # printed above the table
    markup: bool = False                                              # cells hold Markdown inline runs
    counters: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)  # (row, col) -> (side, unit type)

    def least_height(self, row: float, counter: float) -> float:
        """About the height the table prints at least (points), its head, body, title and
        notes ``row`` points a line, a row with a counter face of ``counter`` points its face."""
        faces = len({r for r, _ in self.counters})
        lines = len(self.header) + len(self.rows) + len(self.notes) + bool(self.title)
        return lines * row + faces * max(counter - row, 0.0)
