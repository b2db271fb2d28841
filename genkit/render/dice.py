"""The symbol dice of a game (``content.dice``) for the kit: each face drawn once by
``templates/die_face.yaml.j2`` (a pack may restyle it), then

* :func:`dice_sheet` - ``dice.pdf``: for every die, :data:`DIE_COPIES` dice' worth of square
  stickers (a die's faces side by side, cut lines and crop marks), and a key naming each face,
  its number on an ordinary die and what it does;
* :func:`face_rows` - the same key as rows for the player aid's ``dice`` section.

What a face does is said from the data alone: the unit types it hits, the hexes it makes the
target fall back, or nothing.
"""

from __future__ import annotations

from pathlib import Path

from ..model.schema import Content
from .aid_text import Style, para
from .draw import INCH, Group, Primitive, Text
from .fonts import cap_height
from .layout import Fit, Row, SheetStyle, check_text_fits, header, render, template_path
from .sheets import (FOOTER_BAND, MARK_OFFSET, MIN_MARK, SAFE_MARGIN, Slot, calibration_square, crop_marks,
                     cut_lines, place_item)

DIE_FACE_IN = 0.5     #: a sticker's edge: it sits inside the face of a 16 mm die
DIE_COPIES = 8        #: dice' worth of stickers printed for each die
SET_GAP = 14.0        #: between two dice' sets of stickers on a row
KEY_FACE = 30.0       #: a face drawn in the key, points


def _names(content: Content, ids: list[str]) -> list[str]:
    return [content.unit_type(t).name for t in ids]


def face_effect(content: Content, face) -> str:
    """What a face does, in words, from its data: "hits infantry", "hits every unit", "the target
    falls back 1 hex", "no effect"."""
    parts = []
    if face.hits:
        every = {u.id for u in content.unit_types} <= set(face.hits)
        names = _names(content, face.hits)
        parts.append("hits every unit" if every and len(names) > 1 else
                     "hits " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]).lower())
    if face.retreats:
        parts.append(f"the target falls back {face.retreats} hex{'es' if face.retreats != 1 else ''}")
    return "; ".join(parts) if parts else "no effect"


def die_face(content: Content, die, face, size: float, content_root=None) -> list[Primitive]:
    """One face of ``die`` at the origin, ``size`` points square."""
    ctx = {"size": size, "die": {"id": die.id, "name": die.name},
           "face": {"symbol": face.symbol, "name": face.name, "hits": _names(content, face.hits),
                    "retreats": face.retreats}}
    return render(template_path("die_face.yaml.j2", content_root), ctx,
                  Fit(check_text_fits, size, size, f"die '{die.id}' face {face.name}"))


# --------------------------------------------------------------------------- the sticker sheet

def _sets_per_row(faces: int, size: float, width: float) -> int:
    return max(1, int((width + SET_GAP) // (faces * size + SET_GAP)))


def _die_block(content: Content, die, x0: float, y: float, width: float, root) -> tuple[list, list, float]:
    """One die's heading and its stickers from ``y`` down: (art, slots, the y below)."""
    size = DIE_FACE_IN * INCH
    n = len(die.faces)
    head = f"{die.name}: {DIE_COPIES} dice, {n} faces each"
    items: list[Primitive] = [Text(x0, y + cap_height("sans-bold", 9), head, 9, "sans-bold", "#000000")]
    y += 18
    per = _sets_per_row(n, size, width)
    x0 += (width - per * n * size - (per - 1) * SET_GAP) / 2      # the sets centred on the sheet
    faces = [die_face(content, die, f, size, root) for f in die.faces]
    slots = []
    for c in range(DIE_COPIES):
        row, col = divmod(c, per)
        for i, face in enumerate(faces):
            sl = Slot(round(x0 + col * (n * size + SET_GAP) + i * size, 6), round(y + row * (size + 12), 6),
                      size, size, row, col * n + i)
            slots.append(sl)
            items.append(place_item(face, sl))
    rows = -(-DIE_COPIES // per)
    return items, slots, y + rows * (size + 12)


def key_lines(content: Content, die) -> list[tuple[int, object, str]]:
    """(number on an ordinary die, face, what it does) for each face of ``die``."""
    return [(i, f, face_effect(content, f)) for i, f in enumerate(die.faces, 1)]


def dice_sheet(content: Content, style: SheetStyle, content_root: str | Path | None = None) -> list:
    """The pages of ``dice.pdf`` (none for a game without symbol dice)."""
    if not content.dice:
        return []
    W, H = style.size
    margin = SAFE_MARGIN + MARK_OFFSET + MIN_MARK
    width = W - 2 * margin
    title = content.game.title
    head, y = header(margin, margin, width - 84, f"{title} - dice stickers", [
        f"Each sticker is {DIE_FACE_IN:g} in square: one row of faces covers one blank 16 mm die. "
        "Cut on the grey lines.",
        "No blank dice? Roll an ordinary die and read the face by its number in the key below.",
        "Check the 1-inch square first: print at 100%."])
    items = head + calibration_square(W - margin - 72, margin)
    y = max(y, margin + 72) + 14
    slots = []
    for die in content.dice:
        art, sl, y = _die_block(content, die, margin, y, width, content_root)
        items += art
        slots += sl
        y += 10
    items += cut_lines(slots, stroke="#9a9a9a", stroke_width=0.3, dash=None)
    items += crop_marks(slots, page_w=W, page_h=H, length=6, offset=MARK_OFFSET, safe=SAFE_MARGIN)
    items += _key(content, margin, y + 6, width, content_root)
    if y > H - FOOTER_BAND - margin:
        raise ValueError(f"the dice do not fit one {W / INCH:g} x {H / INCH:g} in sheet")
    return [style.page(items, W, H, "dice", "dice: stickers for blank dice")]


def _key(content: Content, x0: float, y: float, width: float, root) -> list[Primitive]:
    """Each die's faces drawn small with their number, name and effect, in two columns."""
    out: list[Primitive] = []
    col_w = (width - 16) / 2
    for die in content.dice:
        out.append(Text(x0, y + cap_height("sans-bold", 8), f"{die.name.upper()}: THE FACES", 8, "sans-bold",
                        "#000000"))
        y += 14
        lines = key_lines(content, die)
        half = -(-len(lines) // 2)
        for j, (num, face, what) in enumerate(lines):
            col, row = divmod(j, half)
            x, yy = x0 + col * (col_w + 16), y + row * (KEY_FACE + 6)
            out.append(Group(tuple(die_face(content, die, face, KEY_FACE, root)), translate=(x, yy)))
            out.append(Text(x + KEY_FACE + 8, yy + 12, f"{num}  {face.name}", 8, "sans-bold", "#000000"))
            out.append(Text(x + KEY_FACE + 8, yy + 23, what, 7.5, "sans", "#404040"))
        y += half * (KEY_FACE + 6) + 10
    return out


# --------------------------------------------------------------------------- the player aid

def face_rows(content: Content, st: Style, width: float, root=None) -> list[Row]:
    """The player aid's key of the dice: each distinct face drawn, named (with how many faces of
    the die show it) and what it does, as many across as the width holds (rows)."""
    size = 24.0
    across = max(1, int(width // 170))
    cw = (width - 10 * (across - 1)) / across
    cells = []
    for die in content.dice:
        counts: dict[tuple, int] = {}
        for f in die.faces:
            counts[(f.symbol, f.name)] = counts.get((f.symbol, f.name), 0) + 1
        for f in die.faces:
            key = (f.symbol, f.name)
            if counts.pop(key, None) is None:
                continue                                  # drawn already
            n = sum(1 for g in die.faces if (g.symbol, g.name) == key)
            label = f.name + (f" ({n} of {len(die.faces)} faces)" if n > 1 else "")
            name, h1 = para(st.bold, label, cw - size - 8, size + 8, 0)
            what, h2 = para(st.body, face_effect(content, f), cw - size - 8, size + 8, h1)
            face = Group(tuple(die_face(content, die, f, size, root)))
            cells.append(([face] + name + what, max(size, h1 + h2) + 4))
    rows = []
    for i in range(0, len(cells), across):
        line = cells[i:i + across]
        items = [Group(tuple(its), translate=(j * (cw + 10), 0)) for j, (its, _) in enumerate(line)]
        rows.append(Row(tuple(items), max(h for _, h in line)))
    return rows
