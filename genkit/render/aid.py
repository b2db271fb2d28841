"""The player aid, laid out once from the model: the CRT with its results key and
how off-table columns resolve, the battle sequence, the sequence of play, the card
draw table and the card rules (page 1, the card parts when the game has cards); the game
turn track with the per-turn numbers of each turn, and every track of ``tracks`` for each
side (page 2).  Track boxes are big enough to hold a counter."""

from __future__ import annotations

import math

from ..model.schema import Content
from .cards import deck_title
from .counters import counter_size
from .draw import Primitive, Rect, Text, cap_height, fit_text, text_width, wrap_text
from .layout import GREY, SheetStyle, header, lighten, readable_ink
from .sheets import FOOTER_BAND

MARGIN = 36.0
RESULT_FILL = {"eliminate": "#303030", "step_loss": "#a0a0a0", "none": "#ffffff", "attacker_step_loss": "#e0c8c8"}


def _section(x: float, y: float, title: str, width: float) -> tuple[list[Primitive], float]:
    out = [Text(x, y + 9, title.upper(), 9, "sans-bold", "#000000"),
           Rect(x, y + 12, width, 0.8, fill="#000000", stroke=None)]
    return out, y + 20


def _para(x: float, y: float, text: str, width: float, size: float = 7.5, font: str = "sans",
          fill: str = "#000000", indent: float = 0) -> tuple[list[Primitive], float]:
    out = []
    lines = wrap_text(text, font, size, width - indent)
    for i, ln in enumerate(lines):
        out.append(Text(x + indent, y + size + i * size * 1.3, ln, size, font, fill))
    return out, y + len(lines) * size * 1.3 + 2


def _numbered(x: float, y: float, steps, width: float, size: float = 7.5,
              chips=None) -> tuple[list[Primitive], float]:
    out: list[Primitive] = []
    for i, st in enumerate(steps):
        out.append(Text(x + 8, y + size, f"{i + 1}.", size, "sans-bold", "#000000", "end"))
        ind = 12
        if chips and chips[i]:
            colour = chips[i]
            out.append(Rect(x + 12, y + 1, 6, size - 0.5, fill=colour, stroke="#000000",
                            stroke_width=0.3))
            ind = 22
        items, y = _para(x, y, st, width, size, indent=ind)
        out += items
        y += 1.5
    return out, y


def crt_notes(content: Content) -> list[str]:
    """How the CRT resolves differentials it does not print, in words, from the model."""
    crt = content.crt
    cols = [c.label for c in sorted(crt.columns, key=lambda c: c.key)]
    what = "Odds" if crt.uses_odds else "A differential"
    out = []
    if crt.between_columns == "round_down":
        out.append(f"{what} between two columns uses the column to its left (round down).")
    else:
        out.append(f"{what} between two columns uses the column to its right (round up).")
    if crt.above_highest == "last_row":
        last = crt.attack_types[-1].replace("_", " ").capitalize()
        out.append(f"Above {cols[-1]}: every attack reads the last row, {cols[-1]} {last}.")
    else:
        out.append(f"Above {cols[-1]}: use the {cols[-1]} column.")
    below = {"forbidden": "the battle may not be fought.",
             "use_lowest": f"use the {cols[0]} column.",
             "miss": "the attack misses."}[crt.below_lowest]
    out.append(f"Below {cols[0]}: {below}")
    return out


def _crt(content: Content, x: float, y: float, width: float) -> tuple[list[Primitive], float]:
    crt = content.crt
    cols = sorted(crt.columns, key=lambda c: c.key)
    effect = {r.code: r.effect for r in crt.results}
    out: list[Primitive] = []
    lab_w = 62.0
    cw = (width - lab_w) / len(cols)
    rh = 13.0
    for at in crt.attack_types:
        name = crt.attack_type_names.get(at, at)
        # header row: attack type + differentials
        out.append(Rect(x, y, width, rh + 2, fill="#e8e8e8", stroke=None))
        out.append(Text(x + 4, y + 10, f"{name} attack", fit_text(f"{name} attack", "sans-bold", 7.5,
                                                                  lab_w - 6), "sans-bold"))
        for i, c in enumerate(cols):
            out.append(Text(x + lab_w + i * cw + cw / 2, y + 10.5, c.label,
                            fit_text(c.label, "sans-bold", 8.5, cw - 2), "sans-bold", "#000000", "middle"))
        y += rh + 2
        for f in range(crt.die_faces):
            out.append(Text(x + 4, y + rh / 2 + cap_height("sans", 7.5) / 2, f"die {f + 1}", 7.5,
                            "sans", GREY))
            for i, c in enumerate(cols):
                code = c.rows[at][f]
                fill = RESULT_FILL.get(effect.get(code, "none"), "#ffffff")
                cx = x + lab_w + i * cw
                out.append(Rect(cx + 1, y + 1, cw - 2, rh - 2, fill=fill, stroke="#808080",
                                stroke_width=0.3))
                out.append(Text(cx + cw / 2, y + rh / 2 + cap_height("sans-bold", 8) / 2, code, 8,
                                "sans-bold", readable_ink(fill), "middle"))
            y += rh
        y += 6
    column = ("Column = total attack strength : defence strength, rounded down." if crt.uses_odds
              else "Column = total attack strength minus defence strength.")
    out.append(Text(x, y + 6, column, 7, "sans", GREY))
    y += 10
    for note in crt_notes(content):
        out.append(Text(x, y + 6, note, fit_text(note, "sans", 7, width), "sans", GREY))
        y += 9
    return out, y + 4


def aid_pages(content: Content, style: SheetStyle) -> list:
    W, H = style.size
    width = W - 2 * MARGIN
    x = MARGIN
    title = content.game.title
    crt = content.crt
    bottom = H - MARGIN - FOOTER_BAND + 12

    # ------------------------------------------------------------- page 1
    ab = content.cards
    p1, y = header(x, MARGIN, width, f"{title} - player aid (1 of 2)",
                   ["Combat, sequence of play and cards." if ab else "Combat and sequence of play."])
    it, y = _section(x, y + 4, "Combat results table", width)
    p1 += it
    it, y = _crt(content, x, y, width)
    p1 += it
    it, y = _section(x, y + 2, "Results", width)
    p1 += it
    for r in crt.results:
        fill = RESULT_FILL.get(r.effect, "#ffffff")
        p1.append(Rect(x, y, 14, 11, fill=fill, stroke="#808080", stroke_width=0.3))
        p1.append(Text(x + 7, y + 5.5 + cap_height("sans-bold", 8) / 2, r.code, 8, "sans-bold",
                       readable_ink(fill), "middle"))
        p1.append(Text(x + 20, y + 8.5, r.name, 8, "sans-bold"))
        nw = text_width(r.name, "sans-bold", 8) + 26
        items, y2 = _para(x + nw, y + 1, r.text, width - nw, 7.5)
        p1 += items
        y = max(y + 14, y2 + 2)
    colw = (width - 18) / 2
    it, ya = _section(x, y + 4, "Battle sequence", colw)
    p1 += it
    it, ya = _numbered(x, ya, crt.battle_sequence, colw)
    p1 += it
    x2 = x + colw + 18
    it, yb = _section(x2, y + 4, "Sequence of play (one game turn)", colw)
    p1 += it
    chips = [content.side(ph.side).colour.full if ph.side else None
             for ph in content.game.sequence_of_play]
    it, yb = _numbered(x2, yb, [ph.name for ph in content.game.sequence_of_play], colw, chips=chips)
    p1 += it
    if ab and ab.draw_table:
        it, yb = _section(x2, yb + 6, f"{ab.draw_table_name} (roll one die)", colw)
        p1 += it
        names = {a.id: a.name for a in ab.deck}
        for face, aid in sorted(ab.draw_table.items()):
            p1.append(Rect(x2, yb, 11, 11, fill="#ffffff", stroke="#000000", stroke_width=0.5, radius=2))
            p1.append(Text(x2 + 5.5, yb + 5.5 + cap_height("sans-bold", 7.5) / 2, str(face),
                           fit_text(str(face), "sans-bold", 7.5, 10), "sans-bold", "#000000", "middle"))
            p1.append(Text(x2 + 16, yb + 8.5, names.get(aid, aid), 8, "sans"))
            yb += 13
    y = max(ya, yb) + 4
    if ab:
        it, y = _section(x, y, deck_title(content), width)
        p1 += it
        rules = [f"Hand limit {ab.hand_limit} cards.",
                 f"Play at most {ab.plays_per_phase} per phase.",
                 f"Reshuffle the discards when {ab.reshuffle_at} card{'s' if ab.reshuffle_at != 1 else ''} "
                 f"{'is' if ab.reshuffle_at == 1 else 'are'} left."]
        items, y = _para(x, y, "  ".join(rules), width, 7.5)
        p1 += items
    if y > bottom:
        raise ValueError(f"player aid page 1 overflows the sheet by {y - bottom:.0f} pt")

    # ------------------------------------------------------------- page 2
    s = counter_size(content)
    box = s + 4
    p2, y = header(x, MARGIN, width, f"{title} - player aid (2 of 2)",
                   ["Tracks: every box holds a counter."])
    tt = content.turn_track
    it, y = _section(x, y + 4, f"Game turn track (turns 1-{tt.turns})", width)
    p2 += it
    sides = content.game.sides
    entries = tt.per_turn
    if entries:
        legend = "; ".join(e.name for e in entries) + " that turn:"
        p2.append(Text(x, y + 7, legend, 7, "sans", GREY))
        lx = x + text_width(legend, "sans", 7) + 6
        for sd in sides:
            p2.append(Rect(lx, y, 10, 9, fill=sd.colour.full, stroke="#000000", stroke_width=0.3, radius=1.5))
            p2.append(Text(lx + 13, y + 7, sd.adjective, 7, "sans"))
            lx += 13 + text_width(sd.adjective, "sans", 7) + 10
        y += 14
    per_row = max(1, math.floor((width + 2) / (box + 2)))
    step = (width - box) / (per_row - 1) if per_row > 1 else 0
    for t in range(1, tt.turns + 1):
        r, c = divmod(t - 1, per_row)
        bx, by = x + c * step, y + r * (box + 4)
        p2.append(Rect(bx, by, box, box, fill="#ffffff", stroke="#000000", stroke_width=0.6))
        p2.append(Text(bx + 3, by + 9, str(t), 8, "sans-bold", "#000000"))
        for e, entry in enumerate(entries):  # one row of chips per entry, the first at the bottom
            cx = bx + box - 3
            cy = by + box - 11 - e * 10
            for sd in reversed(sides):
                n = content.turn_value(entry.id, t, sd.id)
                if n <= 0:
                    continue
                label = f"+{n}"
                cw = text_width(label, "sans-bold", 6.5) + 4
                cx -= cw
                p2.append(Rect(cx, cy, cw, 9, fill=sd.colour.full, stroke=None, radius=1.5))
                p2.append(Text(cx + cw / 2, cy + 4.5 + cap_height("sans-bold", 6.5) / 2, label, 6.5,
                               "sans-bold", sd.colour.text, "middle"))
                cx -= 2
    rows = math.ceil(tt.turns / per_row)
    y += rows * (box + 4) + 6

    sy = y
    for track in content.tracks:
        it, y = _section(x, y, track.name, width)
        p2 += it
        if track.text:
            items, y = _para(x, y, track.text, width, 7.5, fill=GREY)
            p2 += items
        copies = sides if track.per_side else [None]
        colw = (width - 14 * (len(copies) - 1)) / len(copies)
        lab_w = 46.0
        longest = max(track.lanes.values()) + 1  # boxes 0..last
        kb = min(box, (colw - lab_w) / longest)
        types = {u.id: u for u in content.unit_types}
        for si, sd in enumerate(copies):
            sx = x + si * (colw + 14)
            sy = y + 2
            fill_last = lighten(sd.colour.full, 0.85) if sd else "#dddddd"
            if sd:
                p2.append(Rect(sx, sy, colw, 14, fill=sd.colour.full, stroke=None))
                p2.append(Text(sx + 5, sy + 10, sd.name, fit_text(sd.name, "sans-bold", 8, colw - 10),
                               "sans-bold", sd.colour.text))
                sy += 18
            for lane, last_space in track.lanes.items():
                label = types[lane].short if lane in types else lane
                p2.append(Text(sx, sy + kb / 2 - 1, label, fit_text(label, "sans-bold", 9, lab_w - 4),
                               "sans-bold"))
                if track.count:
                    p2.append(Text(sx, sy + kb / 2 + 8, f"{last_space} {track.count}", 6.5, "sans", GREY))
                for k in range(last_space + 1):
                    bx = sx + lab_w + k * kb
                    last = k == last_space
                    fill = fill_last if last else ("#eeeeee" if k == 0 else "#ffffff")
                    p2.append(Rect(bx, sy, kb, kb, fill=fill, stroke="#000000", stroke_width=0.6))
                    p2.append(Text(bx + 3, sy + 9, str(k), 8, "sans-bold", "#000000"))
                    if k == 0:
                        p2.append(Text(bx + kb / 2, sy + kb - 5, "start", 6.5, "sans-bold", GREY, "middle"))
                    if last and track.last_label:
                        p2.append(Text(bx + kb / 2, sy + kb - 5, track.last_label,
                                       fit_text(track.last_label, "sans-bold", 6.5, kb - 2), "sans-bold", GREY,
                                       "middle"))
                sy += kb + 4
        y = sy + 6
    if sy > bottom:
        raise ValueError(f"player aid page 2 overflows the sheet by {sy - bottom:.0f} pt")
    return [style.page(p1, W, H, "player aid 1", "player aid 1 of 2"),
            style.page(p2, W, H, "player aid 2", "player aid 2 of 2")]
