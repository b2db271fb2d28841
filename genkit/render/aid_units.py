"""The player aid's unit chart and counter key: each unit type's counters drawn by the counters'
own template (:func:`.counters.unit_face`), its numbers beside them, and one face enlarged with its
parts named (how to read a counter). A unit type prints what it has: strength and defence (a CRT
game), or figures and the dice it rolls at each range (a symbol-dice game)."""

from __future__ import annotations

import math
from ..model.schema import Content
from .aid_text import Style, note_row, para, record_table, with_heading
from .counters import counter_size, unit_face
from .draw import Circle, Group, Line, Polygon, Rect, Text
from .geometry import bounds, iter_primitives
from .layout import MIN_TEXT, Row
from .tables_model import units_table

CHART_COUNTER = 120.0  #: the largest a counter is drawn on the unit chart, points
def _min_text(items) -> float:
    sizes = [p.size * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
             for p, m in iter_primitives(items) if isinstance(p, Text)]
    return min(sizes, default=MIN_TEXT)


def chart_text_size(content: Content, side_id: str, type_id: str, root=None) -> float:
    """The smallest text of a unit type's counters as the unit chart prints them."""
    s = counter_size(content)
    small = min(_min_text(unit_face(content, side_id, type_id, r, root)) for r in (False, True))
    return small * min(MIN_TEXT / small, max(1.0, CHART_COUNTER / s))


def counter_pair(content: Content, side_id: str, type_id: str, root=None) -> tuple:
    """A unit type's full and reduced counters side by side, drawn by the counters' template,
    scaled so that their smallest text prints at 6 pt (Bering Land's at 80%), but no larger
    than :data:`CHART_COUNTER` (``genkit check`` reports a counter whose text stays under 6 pt)."""
    s = counter_size(content)
    front = unit_face(content, side_id, type_id, False, root)
    back = unit_face(content, side_id, type_id, True, root)
    k = min(MIN_TEXT / min(_min_text(front), _min_text(back)), max(1.0, CHART_COUNTER / s))
    edge = [Rect(0, 0, s, s, fill=None, stroke="#000000", stroke_width=0.4)]
    items = (Group(tuple(front + edge), scale=k), Group(tuple(back + edge), translate=(s * k + 3, 0), scale=k))
    return items, 2 * s * k + 3, s * k


def _owner(content: Content, type_id: str) -> str:
    return next((g.side for g in content.counters.units if g.type == type_id), content.game.sides[0].id)


def units_section(content: Content, st: Style, width: float, title: str, root):
    """The unit chart: the booklet's record (:func:`.tables_model.units_table`), each unit
    type's counter drawn as its full and reduced faces side by side (:func:`counter_pair`)."""
    data = units_table(content, None, st)
    pictures = {cell: counter_pair(content, side, type_id, root) for cell, (side, type_id) in data.counters.items()}
    rows = record_table(st, data, width, pictures=pictures)
    if any(u.battle_dice for u in content.unit_types):
        rows.append(note_row(st, st.word("dice_note"), width))
    yield "units", with_heading(st, title, width, rows)


def face_numbers(unit, reduced: bool) -> tuple[str, str]:
    """The numbers line the default counter template prints and the word key naming it:
    attack-defence-movement, strength-movement, or the dice by range of a symbol-dice game."""
    if unit.strength is None:
        return ("-".join(map(str, unit.battle_dice)) or str(unit.movement)), "key_dice"
    s = unit.strength.reduced if reduced else unit.strength.full
    if unit.defence is not None:          # attack-defence-movement
        d = unit.defence.reduced if reduced else unit.defence.full
        return f"{s}-{d}-{unit.movement}", "key_numbers_adm"
    return f"{s}-{unit.movement}", "key_numbers"


def _parts(face: list, unit, reduced: bool) -> list[tuple[str, tuple]]:
    """Where the counter template put each part of a face, found in its drawing (a restyled
    template may leave some out): (word key, bounding box)."""
    numbers, numbers_key = face_numbers(unit, reduced)
    size = max((it.h for it in face if isinstance(it, Rect)), default=0.0)   # the face's edge
    out = []
    for it in face:
        if isinstance(it, Text) and it.text == unit.short:
            out.append(("key_type", bounds([it])))
        elif isinstance(it, Group):
            out.append(("key_symbol", bounds([it])))
        elif isinstance(it, Text) and it.text == numbers:
            out.append((numbers_key, bounds([it])))
        elif isinstance(it, Polygon) and not reduced and unit.facing:
            out.append(("key_facing", bounds([it])))
        elif isinstance(it, Rect) and reduced and it.y > 0 and it.w > size / 2:
            out.append(("key_reduced", bounds([it])))          # a wide bar off the top edge
    pips = [it for it in face if isinstance(it, Circle)]      # figures: a pip per figure
    if unit.figures and len(pips) == unit.figures:
        out.append(("key_figures", bounds(pips)))
    seen: set = set()
    return [(k, bx) for k, bx in out if bx and not (k in seen or seen.add(k))]


def _callouts(st: Style, content: Content, unit, side_id: str, reduced: bool, width: float, root) -> Row:
    """One face of ``unit`` enlarged, each of its parts named beside it with a leader line."""
    s = counter_size(content)
    face = unit_face(content, side_id, unit.id, reduced, root)
    k = min(2.0, 80.0 / s) if s < 80 else 1.0
    cw = s * k
    items = [Group(tuple(face + [Rect(0, 0, s, s, fill=None, stroke="#000000", stroke_width=0.4)]), scale=k)]
    lx = cw + 12
    y_next = 0.0
    for key, (x0, y0, x1, y1) in sorted(_parts(face, unit, reduced), key=lambda p: p[1][1]):
        its, h = para(st.note, st.word(key), width - lx, lx, 0)
        ay = (y0 + y1) / 2 * k
        ty = max(ay - h / 2, y_next)
        items.append(Group(tuple(its), translate=(0, ty)))
        items.append(Line(x1 * k + 1, ay, lx - 2, ty + h / 2, "#404040", 0.5))
        items.append(Circle(x1 * k + 1, ay, 1.3, fill="#404040", stroke=None))
        y_next = ty + h + 2
    return Row(tuple(items), max(cw, y_next) + 4)


def key_rows(content: Content, st: Style, width: float, root=None) -> list[Row]:
    """How to read a counter: a unit's full and reduced faces enlarged, their parts named (a
    unit with a facing when there is one), and the facing rule."""
    unit = next((u for u in content.unit_types if u.facing), content.unit_types[0])
    side = _owner(content, unit.id)
    gap = 12.0
    half = (width - gap) / 2
    if unit.strength is None:      # no reduced face (a unit that counts figures): its front alone
        rows = [_callouts(st, content, unit, side, False, width, root)]
    else:
        faces = [_callouts(st, content, unit, side, r, half if width > 300 else width, root) for r in (False, True)]
        rows = ([Row((Group(faces[0].items), Group(faces[1].items, translate=(half + gap, 0))),
                     max(f.height for f in faces))] if width > 300 else faces)
    if unit.figures:
        rows.append(note_row(st, st.word("figures_key"), width, st.body))
    if any(u.facing for u in content.unit_types):
        rows.append(note_row(st, st.word("facing_key"), width, st.body))
    rows.append(note_row(st, st.word("side_key"), width, st.body))
    return rows


def counter_key_section(content: Content, st: Style, width: float, title: str, root):
    """How to read a counter (:func:`key_rows`), the aid's section (none without unit counters)."""
    if not content.unit_types:
        return
    yield "counter_key", with_heading(st, title, width, key_rows(content, st, width, root))


