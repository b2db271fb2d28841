"""A table drawn from the model, as plain data: what the rules booklet (``[[crt]]``, built by
:mod:`.rules_tables`) and the player aid print, laid out by the one table layout of
:mod:`.tables_layout`.  No drawing here, and no words of its own: the words around the model's
values are the style's ``words`` (``templates/aid.yaml.j2``, a pack's own laid over them), the
same for the player aid and the booklet, so a restyle or a translation changes both."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, NamedTuple


class Mark(NamedTuple):
    """A small label in a cell, in a side's colours: a turn's per-turn number ("+1", kind
    "per_turn") or the reinforcements that enter on it ("2 INF", kind "arrival").  A layout that
    draws boxes draws it as a chip; another prints the cell's text, which says the same."""
    text: str
    side: str
    kind: str


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
    # per column, what it is to a layout that draws it its own way (the player aid), words
    # separated by spaces: "key" a code printed on its fill (a chip), "flex" the text that takes
    # the width to spare, "strong" bold text, "aside" a column the player aid leaves out (a
    # card's own words, printed on the card); "" plain text
    roles: list[str] = field(default_factory=list)
    # (row, col) -> the map item a cell stands for, as a chart key ("terrain:ID"): a layout that
    # draws swatches (the player aid's) draws it as on the map, another prints the cell's fill
    things: dict[tuple[int, int], str] = field(default_factory=dict)
    marks: dict[tuple[int, int], tuple[Mark, ...]] = field(default_factory=dict)

    def without(self, role: str) -> "TableData":
        """The table without its columns of ``role`` (the player aid leaves out an "aside"),
        every cell's position kept in step; its sub-head bands span what is left."""
        roles = self.roles or [""] * len(self.widths)
        keep = [j for j, r in enumerate(roles) if role not in r.split()]
        if len(keep) == len(roles):
            return self
        at = {j: k for k, j in enumerate(keep)}

        def cells(d: dict) -> dict:
            return {(r, at[c]): v for (r, c), v in d.items() if c in at}
        return TableData([[h[j] for j in keep] for h in self.header], [[r[j] for j in keep] for r in self.rows],
                         [self.widths[j] for j in keep], cells(self.fills),
                         [(r, 0, len(keep) - 1) for r, _, _ in self.spans], list(self.bands), list(self.notes),
                         [self.align[j] for j in keep] if self.align else [], self.title, self.markup,
                         cells(self.counters), [roles[j] for j in keep], cells(self.things), cells(self.marks))

    def rewrapped(self, columns: int) -> "TableData":
        """A grid without head or sub-heads whose cells run in reading order (a turn track's
        boxes) with ``columns`` cells a row; the empty cells that end it are left out."""
        flat = [(r, c) for r, row in enumerate(self.rows) for c, text in enumerate(row) if text]
        at = {old: divmod(k, columns) for k, old in enumerate(flat)}
        rows = [[""] * columns for _ in range(-(-len(flat) // columns))]
        for (r, c), (r2, c2) in at.items():
            rows[r2][c2] = self.rows[r][c]

        def cells(d: dict) -> dict:
            return {at[k]: v for k, v in d.items() if k in at}
        role = (self.roles or [""])[0]
        return TableData([], rows, [1.0] * columns, cells(self.fills), align=[(self.align or ["LEFT"])[0]] * columns,
                         title=self.title, roles=[role] * columns, marks=cells(self.marks))

    def least_height(self, row: float, counter: float) -> float:
        """About the height the table prints at least (points), its head, body, title and
        notes ``row`` points a line, a row with a counter face of ``counter`` points its face."""
        faces = len({r for r, _ in self.counters})
        lines = len(self.header) + len(self.rows) + len(self.notes) + bool(self.title)
        return lines * row + faces * max(counter - row, 0.0)


# --------------------------------------------------------------------------- words from the model

Words = Callable[[str], str]     # a key of the style's words -> its text (templates/aid.yaml.j2)


def fill_words(text: str, **values) -> str:
    """``text`` (a style's words) with each ``{name}`` replaced by its value."""
    for k, v in values.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def joined(items: list[str], word: str) -> str:
    """``items`` as a list in words: "a", "a or b", "a, b or c" (``word``: the style's "or",
    "and"...)."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def crt_notes(content, w: Words) -> list[str]:
    """How the CRT resolves differentials it does not print, in the style's words ``w``, from the
    model: the player aid prints them under its CRT, the booklet under its own."""
    crt = content.crt
    cols = [c.label for c in sorted(crt.columns, key=lambda c: c.key)]
    what = w("t_odds" if crt.uses_odds else "t_differential")
    between = "t_between_round_down" if crt.between_columns == "round_down" else "t_between_round_up"
    out = [fill_words(w(between), what=what)]
    if crt.above_highest == "last_row":
        attack = crt.attack_type_names.get(crt.attack_types[-1], crt.attack_types[-1])
        out.append(fill_words(w("t_above_last_row"), last=cols[-1], attack=attack))
    else:
        out.append(fill_words(w("t_above_last_column"), last=cols[-1]))
    out.append(fill_words(w(f"t_below_{crt.below_lowest}"), first=cols[0]))
    return out


def result_name(r, w: Words) -> str:
    """A result's name, with its distance for a retreat ("Defenders retreat (2 hexes)")."""
    if r.effect in ("retreat", "attacker_retreat") and r.hexes:
        return f"{r.name} ({r.hexes} {w('hex') if r.hexes == 1 else w('hexes')})"
    return r.name
