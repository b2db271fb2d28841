"""The tables a rules booklet draws from the model, each asked for by a line ``[[name]]`` or
``[[name id]]`` in rules.md (see :mod:`.rules_text`); the registry of tables and
:class:`TableData`, what the booklet draws of each, live here too.  Every cell comes from the model; the
words around the numbers are the generic ones the player aid uses.

=================  ==========================================================================
``[[crt]]``        the combat results table: a block per attack type, a row per die face
``[[results]]``    the results key: code, name and what happens
``[[units]]``      the unit chart: strength, defence, movement, attack distances, facing...
``[[terrain]]``    the terrain chart: colour, movement cost, line of sight
``[[sequence]]``   the sequence of play: phase, who acts
``[[per_turn]]``   each per-turn number of the turn track, turn by turn and side
                   (``[[per_turn ID]]``: one of them)
``[[turn_track]]`` the game turn track: each turn's box, its per-turn numbers and reinforcements
``[[tracks]]``     the tracks printed on the player aid, their boxes (``[[tracks ID]]``)
``[[setup]]``      the counter mix: each side's units, their set-up hexes and reserve
``[[markers]]``    the markers of the counter mix
``[[places]]``     the map's named places, their hexes and owners
``[[cards]]``      the deck: each card, its copies and the rolls that make it work
``[[deck_rules]]`` a deck's hand limit, plays per phase and reshuffle (``[[deck_rules ID]]``)
``[[draw_table]]`` the card draw table (die face -> card)
``[[chart:ID]]``   a chart of the game's rules module (:func:`.charts.module_charts`), e.g. its
                   terrain effects chart (``[[chart]]``: every chart)
=================  ==========================================================================
"""

from __future__ import annotations

from ..model.schema import Content
from .aid import aid_style
from .aid_text import Style
from .rules_markdown import RulesError
from .tables import TableData
from .tables_model import TABLES, chart_ids, chart_table


#: ``[[chart:ID]]`` draws a chart of the game's rules module (``[[chart]]``: all of them)
CHART = "chart"


def lookup_table(name: str):
    """The builder, id lister and description of table ``name`` (the rules module's charts too)."""
    if name == CHART:
        return chart_table, chart_ids, "a chart of the game's rules module"
    return TABLES[name]


def table_style(content: Content, content_root=None) -> Style:
    """The style the tables are built in: the player aid's (genkit's templates/aid.yaml.j2 with
    the pack's own laid over it), its ``words`` and result colours, so that a restyle or a
    translation changes the aid and the booklet alike."""
    return aid_style(content, content_root)


def table_problem(content: Content, name: str, arg: str | None, st: Style | None = None) -> str | None:
    """Why ``[[name arg]]`` draws nothing, or None."""
    if name not in TABLES and name != CHART:
        return f"no table '{name}'; tables: {', '.join(TABLES)}, {CHART}:ID"
    fn, args, what = lookup_table(name)
    if arg is not None and args is None:
        return f"table '{name}' takes no id, got '{arg}'"
    if arg is not None and arg not in args(content):
        return f"table '{name}' has no '{arg}'; known: {', '.join(args(content)) or 'none'}"
    ids = [arg] if args is None or arg is not None else args(content)
    st = st or table_style(content)
    if not any(fn(content, i, st).rows for i in ids):   # it would print an empty head
        return f"table '{name}' ({what}) has nothing to show: this game has none"
    return None


def table_data(content: Content, name: str, arg: str | None, st: Style | None = None) -> list[TableData]:
    """The tables ``[[name arg]]`` draws, in the style ``st`` (:func:`table_style`)."""
    st = st or table_style(content)
    problem = table_problem(content, name, arg, st)
    if problem:
        raise RulesError(problem)
    fn, args, _ = lookup_table(name)
    if args is not None and arg is None:
        return [fn(content, a, st) for a in args(content)]
    return [fn(content, arg, st)]


class TableCache:
    """The tables of one content model, each built once however often rules.md asks for it
    (20,000 ``[[units]]`` lines build one unit chart)."""

    def __init__(self, content: Content, content_root=None):
        self.content = content
        self.style = table_style(content, content_root)
        self.problems: dict[tuple[str, str | None], str | None] = {}
        self.tables: dict[tuple[str, str | None], list[TableData]] = {}

    def problem(self, name: str, arg: str | None) -> str | None:
        key = (name, arg)
        if key not in self.problems:
            self.problems[key] = table_problem(self.content, name, arg, self.style)
        return self.problems[key]

    def data(self, name: str, arg: str | None) -> list[TableData]:
        key = (name, arg)
        if key not in self.tables:
            self.tables[key] = table_data(self.content, name, arg, self.style)
        return self.tables[key]

    def height(self, name: str, arg: str | None, row: float) -> float:
        """About the height ``[[name arg]]`` prints at least, ``row`` points a line (0: nothing)."""
        if self.problem(name, arg):
            return 0.0
        face = self.content.game.components.counter_in * 72.0 + 9.0   # a face and its padding
        return sum(t.least_height(row, face) for t in self.data(name, arg))

