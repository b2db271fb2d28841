"""The player aid's numbered lists, in the words of the style (``words`` of
``templates/aid.yaml.j2``) filled from the model: the victory conditions (``game.victory``, in
the order they are checked) and the battle sequence.  (The sequence of play is the booklet's
record, :func:`.tables_model.sequence_table`.)"""

from __future__ import annotations

from ..model.schema import DRAW, MOST_POINTS, Content
from .aid_text import Style, para, with_heading
from .draw import Text
from .fonts import ascent, text_width
from .layout import Row
from .tables import fill_words, joined


def numbered(st: Style, steps: list[str], width: float) -> list[Row]:
    """Each step on its own row, after its number."""
    rows = []
    b = st.bold
    num_w = text_width(f"{len(steps)}.", b["font"], b["size"]) + 4
    for i, text in enumerate(steps):
        items = [Text(num_w - 4, ascent(b["font"], b["size"]), f"{i + 1}.", b["size"], b["font"], b["fill"], "end")]
        its, h = para(st.body, text, width - num_w, num_w, 0)
        rows.append(Row(tuple(items + its), h + 2.5))
    return rows


def victory_text(content: Content, st: Style, v) -> str:
    """One victory condition (5.0) in the style's words, its numbers from the model."""
    w = st.word
    when = w(f"when_{getattr(v, 'at', 'game_end')}")
    if v.kind == "hold":
        hexes = joined(list(v.hexes), w("and"))
        if getattr(v, "side", None):            # a hold by one side: only that side wins by it
            return fill_words(w("victory_hold_side"), side=content.side(v.side).adjective, hexes=hexes, when=when)
        return fill_words(w("victory_hold"), hexes=hexes, when=when)
    if v.kind == "points":
        points = v.at_least if isinstance(v.at_least, int) else joined(
            [f"{n} ({content.side(sid).adjective})" for sid, n in v.at_least.items()], w("t_or"))
        return fill_words(w("victory_points"), points=points, when=when)
    if v.kind == "turn_limit":
        if v.winner == DRAW:
            winner = w("winner_draw")
        elif v.winner == MOST_POINTS:
            winner = w("winner_most_points")
        else:
            winner = fill_words(w("winner_side"), side=content.side(v.winner).adjective)
        return fill_words(w("victory_turn_limit"), turns=content.turn_track.turns, winner=winner)
    return w(f"victory_{v.kind}")


def victory_section(content: Content, st: Style, width: float, title: str, root):
    steps = [victory_text(content, st, v) for v in content.game.victory]
    yield "victory", with_heading(st, title, width, numbered(st, steps, width))
