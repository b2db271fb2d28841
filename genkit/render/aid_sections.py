"""The player aid's sections, each built from the model as unbreakable rows for its column's
width (see :mod:`.aid` for the page flow and :class:`Style` for what the style template gives).

A builder takes ``(content, style, width, title, content_root)`` and yields ``(key, rows)`` for
each section it makes (none when the model has nothing for it; ``tracks`` makes one per track).
"""

from __future__ import annotations

from ..model.card_orders import orders_deck
from ..model.schema import Content
from .aid_text import (
    Style,
    note_row,
    para,
    stack,
    record_table,
    table,
    with_heading,
)
from .aid_play import numbered, victory_section
from .aid_units import counter_key_section, units_section
from .counters import counter_size, side_initial
from .draw import Group, Rect, Text
from .fonts import ascent, text_width
from .layout import MIN_TEXT, Row, readable_ink
from .tables import fill_words, joined
from .geometry import bounds
from .tables_tracks import entry_initials, track_table, turn_track_table
from .tables_model import (cards_table, crt_table, deck_rules_table, draw_table, results_table, sequence_table,
                           terrain_table)
from .map_art import swatch

SMALL_TRACK_ROWS = 3  #: a turn track of up to this many rows (key and boxes) stays on one page

# --------------------------------------------------------------------------- combat

def _crt(content: Content, st: Style, width: float, title: str, root):
    """The CRT: the booklet's record (:func:`.tables_model.crt_table`), each result on its
    effect's fill, a band per attack type, the notes under it (none without a CRT)."""
    if content.crt is not None:   # a game that fights without a CRT (symbol dice) prints none
        yield "crt", with_heading(st, title, width, record_table(st, crt_table(content, None, st), width))


def _results(content: Content, st: Style, width: float, title: str, root):
    """The results key: the booklet's record (:func:`.tables_model.results_table`), each code a chip."""
    data = results_table(content, None, st)
    if data.rows:
        yield "results", with_heading(st, title, width, record_table(st, data, width, header=False))


# --------------------------------------------------------------------------- lists

def _sequence(content: Content, st: Style, width: float, title: str, root):
    """The sequence of play: the booklet's record (:func:`.tables_model.sequence_table`), each
    phase's number a chip of the acting side's colour, "who acts" left aside."""
    data = sequence_table(content, None, st).without("aside")
    if data.rows:
        yield "sequence_of_play", with_heading(st, title, width, record_table(st, data, width))


def _battle(content: Content, st: Style, width: float, title: str, root):
    if content.crt is None or not content.crt.battle_sequence:
        return
    yield "battle_sequence", with_heading(st, title, width, numbered(st, list(content.crt.battle_sequence), width))


def _draw_table(content: Content, st: Style, width: float, title: str, root):
    """The card draw table: the booklet's record (:func:`.tables_model.draw_table`)."""
    data = draw_table(content, None, st)
    if data.rows:
        yield "draw_table", with_heading(st, title, width, record_table(st, data, width))


def _cards(content: Content, st: Style, width: float, title: str, root):
    """The deck dealt into hands: the booklet's record of how it is played
    (:func:`.tables_model.deck_rules_table`), and for command cards the deck's list."""
    ab = content.play_deck()
    if not ab:
        return
    rows = record_table(st, deck_rules_table(content, ab.id, st), width, header=False)
    if orders_deck(content, ab):       # command cards: the booklet's list, each card's copies and orders
        rows += record_table(st, cards_table(content, ab.id, st).without("aside"), width)
    yield "cards", with_heading(st, title, width, rows)


# --------------------------------------------------------------------------- terrain

SWATCH = 15.0   #: a swatch in a table of the aid, points across the flats


def swatches(content: Content, data, sw: float = SWATCH) -> dict:
    """The map items a record's cells stand for (``TableData.things``), each drawn as on the
    map (:func:`.map_art.swatch`): (row, col) -> (items, w, h)."""
    out = {}
    for cell, key in data.things.items():
        art = swatch(content, key, sw)
        if art:
            _, _, x1, y1 = bounds(art)
            out[cell] = (tuple(art), x1, y1)
    return out


def _terrain(content: Content, st: Style, width: float, title: str, root):
    """The terrain chart: the booklet's record (:func:`.tables_model.terrain_table`), each
    terrain's swatch drawn as on the map."""
    data = terrain_table(content, None, st)
    if data.rows:
        yield "terrain", with_heading(st, title, width, record_table(st, data, width, pictures=swatches(content, data)))


# --------------------------------------------------------------------------- the rules module's charts

def chart_rows(content: Content, st: Style, chart, width: float) -> list[Row]:
    """A rules module's chart (:class:`genkit.engine.rules.Chart`) as a table with its notes."""
    cols = [{"title": c} for c in chart.columns]
    cells = [list(r) for r in chart.rows]
    if cols:
        cols[-1]["flex"] = True
    sw = 18.0
    arts = [swatch(content, k, sw) for k in chart.keys] if len(chart.keys) == len(chart.rows) else []
    if any(arts):                      # the map item each row is about, drawn as on the map
        cols.insert(0, {"title": "", "art": sw * 1.16})
        cells = [[(tuple(a), sw * 1.16, sw)] + row for a, row in zip(arts, cells)]
    if cols:
        cols[1 if any(arts) else 0]["strong"] = True
    rows = table(st, cols, cells, width) if chart.rows else []
    rows += [note_row(st, n, width) for n in chart.notes]
    return rows


def _rules_charts(content: Content, st: Style, width: float, title: str, root):
    from .charts import module_charts
    for chart in module_charts(content):
        yield f"chart:{chart.id}", with_heading(st, chart.title, width, chart_rows(content, st, chart, width))


def chart_blocks(content: Content, st: Style, width: float, half: float, spans: dict, new_page: bool) -> list:
    """The ``rules_charts`` section's blocks: one per chart, each at the span the style's
    ``spans`` gives its id, else the one the chart asks for (``Chart.span``)."""
    from .charts import module_charts
    from .layout import Block
    out = []
    for chart in module_charts(content):
        own = spans.get(chart.id, chart.span)
        w = half if own == "half" else width
        rows = with_heading(st, chart.title, w, chart_rows(content, st, chart, w))
        if rows:
            out.append(Block(f"chart:{chart.id}", tuple(rows), own, new_page))
    return out


# --------------------------------------------------------------------------- tracks

def _box(st: Style, content: Content, x: float, y: float, w: float, h: float, label: str,
         fill: str = "#ffffff") -> list:
    s = st.bold
    size = max(MIN_TEXT, float(st.doc["box"]["label_size"]))
    return [Rect(x, y, w, h, fill=fill, stroke=st.doc["box"]["stroke"], stroke_width=0.6),
            Text(x + 2.5, y + 2 + ascent(s["font"], size), label, size, s["font"], readable_ink(fill))]


ARRIVAL_FONT = "sans-bold"
CHIP_FONT = "sans-bold"


def _arrival_w(content: Content, label: str, side) -> tuple[float, float]:
    """An arrival chip's band (the side's initial, as on its counters) and whole width."""
    size = MIN_TEXT + 0.5
    band = text_width(side_initial(content, side.id), ARRIVAL_FONT, size) + 3
    return band, band + text_width(label, ARRIVAL_FONT, size) + 4


def _arrival_chip(content: Content, x: float, y: float, label: str, side) -> list:
    """"2 INF" in the side's colour on white, after a band with the side's initial (greyscale)."""
    size = MIN_TEXT + 0.5
    band, w = _arrival_w(content, label, side)
    base = y + 4.5 + ascent(ARRIVAL_FONT, size) / 2 - 0.6
    return [Rect(x, y, w, 9, fill="#ffffff", stroke=side.colour.full, stroke_width=0.6, radius=1.5),
            Rect(x, y, band, 9, fill=side.colour.full, stroke=None, radius=1.5),
            Text(x + band / 2, base, side_initial(content, side.id), size, ARRIVAL_FONT, side.colour.text, "middle"),
            Text(x + band + 2, base, label, size, ARRIVAL_FONT, side.colour.full)]


def _turn_box_size(content: Content, st: Style, data, width: float) -> tuple[float, float]:
    """A turn's box: a counter with a margin all round, wide enough for its chips (its
    per-turn numbers at the foot, its reinforcements one a line at the top right)."""
    bs = counter_size(content) + 2 * st.box_margin
    chip_s = MIN_TEXT + 0.5
    label_w = text_width(str(content.turn_track.turns), CHIP_FONT, st.doc["box"]["label_size"]) + 6
    marks = list(data.marks.values())
    counts = [[m for m in ms if m.kind == "per_turn"] for ms in marks]
    arriving = [[m for m in ms if m.kind == "arrival"] for ms in marks]
    widest = max([label_w] + [sum(text_width(m.text, CHIP_FONT, chip_s) + 6 for m in ms) for ms in counts]
                 + [label_w + _arrival_w(content, m.text, content.side(m.side))[1] + 3 for ms in arriving for m in ms])
    most = max((len(ms) for ms in arriving), default=0)
    return max(bs, min(widest, width)), max(bs, 2.5 + 10.5 * most + (11.5 if any(counts) else 2))


def _turn_box(content: Content, st: Style, text: str, marks, bw: float, bh: float) -> list:
    """A turn's box: its number, each per-turn number a chip of its side's colour at the
    foot, each reinforcement one a line at the top right."""
    chip_s = MIN_TEXT + 0.5
    items = _box(st, content, 0, 0, bw, bh, text.split(":")[0])
    cx = bw - 2.5
    for m in reversed([m for m in marks if m.kind == "per_turn"]):
        sd = content.side(m.side)
        cw = text_width(m.text, CHIP_FONT, chip_s) + 4
        cx -= cw
        items += [Rect(cx, bh - 11.5, cw, 9, fill=sd.colour.full, stroke=None, radius=1.5),
                  Text(cx + cw / 2, bh - 7 + ascent(CHIP_FONT, chip_s) / 2 - 0.6, m.text, chip_s, CHIP_FONT,
                       sd.colour.text, "middle")]
        cx -= 2
    ay = 2.5
    for m in (m for m in marks if m.kind == "arrival"):
        sd = content.side(m.side)
        items += _arrival_chip(content, bw - 2.5 - _arrival_w(content, m.text, sd)[1], ay, m.text, sd)
        ay += 10.5
    return items


def _turn_key(content: Content, st: Style, width: float) -> Row:
    """What the chips of the turn boxes are: the per-turn numbers' names and each side's colour."""
    tt = content.turn_track
    initials = entry_initials(tt.per_turn) if len(tt.per_turn) > 1 else {}   # several: chips say whose
    legend = "; ".join(f"{e.name} ({initials[e.id]})" if initials else e.name for e in tt.per_turn) \
        + " " + st.word("per_turn")
    items, h = para(st.note, legend, width * 0.6, 0, 0)
    x = min(width * 0.6, max(t.x + t.width for t in items)) + 8
    y = h - st.note["size"] * 1.2
    for sd in content.game.sides:
        lab = sd.adjective
        items += [Rect(x, y, 10, 8, fill=sd.colour.full, stroke="#000000", stroke_width=0.3, radius=1.5),
                  Text(x + 13, y + 7, lab, st.note["size"], st.note["font"], st.note["fill"])]
        x += 13 + text_width(lab, st.note["font"], st.note["size"]) + 10
    return Row(tuple(items), h + 4)


def _turn_track(content: Content, st: Style, width: float, title: str, root):
    """The game turn track: the booklet's record (:func:`.tables_tracks.turn_track_table`),
    re-wrapped to as many boxes a row as the width holds, each box drawn to hold a counter
    with its chips; the chips' key above, the reinforcements under it."""
    data = turn_track_table(content, None, st)
    pad = 1.5                                # record_table's padding round a box
    bw, bh = _turn_box_size(content, st, data, width - 2 * pad)
    per_row = max(1, int(width // (bw + 2 * pad)))
    if per_row < len(data.widths):
        data = data.rewrapped(per_row)
    pictures = {cell: (tuple(_turn_box(content, st, text, data.marks.get(cell, ()), bw, bh)), bw, bh)
                for cell, text in ((( r, c), t) for r, row in enumerate(data.rows) for c, t in enumerate(row)) if text}
    rows = record_table(st, data, width, header=False, pictures=pictures)
    legend_rows = 0
    if content.turn_track.per_turn:
        rows.insert(0, _turn_key(content, st, width))
        legend_rows = 1
    if any(m.kind == "arrival" for ms in data.marks.values() for m in ms):   # under the last boxes
        rows[-1] = stack([rows[-1], note_row(st, _arrival_note(content, st), width)], rows[-1].repeat)
        if legend_rows:                      # the key stays with the first boxes
            rows[:2] = [stack(rows[:2])]
    if len(rows) <= SMALL_TRACK_ROWS:        # a short track is never split: no box alone on a page
        rows = [stack(rows)]
    yield "turn_track", with_heading(st, title, width, rows)


def _arrival_note(content: Content, st: Style) -> str:
    """Each reinforcement, by turn, in the style's words (``arrival``: turn, count, side, unit
    and entry hexes, ``t_or`` between the hexes)."""
    w = st.word
    parts = []
    for grp in sorted((g for g in content.counters.units if g.enters is not None and g.reserve),
                      key=lambda g: g.enters.turn):
        ut = content.unit_type(grp.type)
        parts.append(fill_words(w("arrival"), turn=grp.enters.turn, count=grp.reserve,
                                side=content.side(grp.side).adjective, unit=f"{ut.name} ({ut.short})",
                                hexes=joined(list(grp.enters.hexes), w("t_or"))))
    return f"{w('arrivals')}: " + "; ".join(parts) + "."


def box_pictures(content: Content, st: Style, data) -> dict:
    """The "box" cells of a record (a track's, :func:`.tables_tracks.track_table`) as the
    player aid draws them: a box a counter fits with a margin all round, on the cell's fill,
    the cell's first word (the box's number) in its corner and the rest (its tag) at its foot."""
    bs = counter_size(content) + 2 * st.box_margin
    small = {**st.note, "size": max(MIN_TEXT, float(st.note["size"]) - 0.5), "font": "sans-bold", "fill": "#404040"}
    roles = data.roles or [""] * len(data.widths)
    out = {}
    for r, row in enumerate(data.rows):
        for c, text in enumerate(row):
            if "box" not in roles[c].split() or not text or r in data.bands:
                continue
            number, _, tag = text.partition(" ")
            items = _box(st, content, 0, 0, bs, bs, number, data.fills.get((r, c), "#ffffff"))
            if tag:
                its, th = para(small, tag, bs - 4, 0, 0)
                tw = max(text_width(t.text, t.font, t.size) for t in its)
                items.append(Group(tuple(its), translate=((bs - tw) / 2, bs - th - 2)))
            out[(r, c)] = (tuple(items), bs, bs)
    return out


def _tracks(content: Content, st: Style, width: float, title: str, root):
    """Each track of the model: the booklet's record (:func:`.tables_tracks.track_table`),
    its boxes drawn to hold a counter, how it is used under it."""
    for track in content.tracks:
        data = track_table(content, track.id, st)
        if data.rows:
            rows = [note_row(st, track.text, width, st.body)] if track.text else []
            rows += record_table(st, data, width, header=bool(data.header), pictures=box_pictures(content, st, data))
            yield f"track:{track.id}", with_heading(st, track.name, width, rows)


def _dice(content: Content, st: Style, width: float, title: str, root):
    """Each face of the game's symbol dice, drawn, named and what it does (none without dice)."""
    from .dice import face_rows
    if content.dice:
        yield "dice", with_heading(st, title, width, face_rows(content, st, width, root))


SECTIONS = {"crt": _crt, "dice": _dice, "results": _results, "battle_sequence": _battle, "sequence_of_play": _sequence,
            "victory": victory_section,
            "draw_table": _draw_table, "cards": _cards, "units": units_section, "counter_key": counter_key_section,
            "terrain": _terrain, "rules_charts": _rules_charts, "turn_track": _turn_track, "tracks": _tracks}

