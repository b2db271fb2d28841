"""Imposition helpers shared by all components: paper sizes, n-up grids, crop marks,
cut lines, duplex mirroring, calibration square, footer and bleed (tiling of big pages:
:mod:`.tiles`, re-exported here).

All values are points (1/72 in), y-down, origin top-left (see :mod:`.draw`).

Positions
---------
:func:`grid_layout` returns :class:`Slot` tuples ``(x, y, w, h, row, col)`` (top-left
corner and size of each item on the sheet, row-major from the top-left).  The other
helpers accept Slots or plain ``(x, y)`` pairs plus ``item_w`` / ``item_h``.

Typical sheet of two-sided counters::

    slots = grid_layout(*LETTER, 45, 45, margin=18, gap=0, reserved_bottom=FOOTER_BAND)
    fronts = [place_item(face, s) for face, s in zip(front_faces, slots)]
    backs_slots = mirror_for_duplex(slots, *LETTER, flip="long")
    rot = duplex_back_rotation(*LETTER, flip="long")
    backs = [place_item(face, s, rotate=rot) for face, s in zip(back_faces, backs_slots)]
    marks = crop_marks(slots)            # identical set on the back page:
    back_marks = crop_marks(backs_slots)
"""

from __future__ import annotations

import math
from typing import NamedTuple, Sequence

from .draw import Group, Line, Page, Primitive, Rect, Text
from .fonts import cap_height
from .text_fit import fit_text

# --------------------------------------------------------------------------- paper

LETTER = (612.0, 792.0)
A4 = (595.276, 841.89)
TABLOID = (792.0, 1224.0)
LETTER_LANDSCAPE = (792.0, 612.0)
A4_LANDSCAPE = (841.89, 595.276)
TABLOID_LANDSCAPE = (1224.0, 792.0)
LEDGER = TABLOID_LANDSCAPE

PAGE_SIZES: dict[str, tuple[float, float]] = {
    "letter": LETTER,
    "letter-landscape": LETTER_LANDSCAPE,
    "a4": A4,
    "a4-landscape": A4_LANDSCAPE,
    "tabloid": TABLOID,
    "tabloid-landscape": TABLOID_LANDSCAPE,
    "ledger": LEDGER,
}


def page_size(name: str) -> tuple[float, float]:
    """Paper size by name (``letter``, ``a4``, ``tabloid``, ``*-landscape``, ``ledger``)."""
    try:
        return PAGE_SIZES[name.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {name!r}; known: {', '.join(PAGE_SIZES)}") from None


def landscape(size: tuple[float, float]) -> tuple[float, float]:
    w, h = size
    return (max(w, h), min(w, h))


def portrait(size: tuple[float, float]) -> tuple[float, float]:
    w, h = size
    return (min(w, h), max(w, h))


PRINT_AT_100 = "Print at 100% / actual size - do not fit to page"

#: paper names by size in inches (either way round), for saying which sheet a page needs
_NAMED_IN = {(11.0, 17.0): "Tabloid / Ledger", (8.5, 11.0): "Letter", (8.5, 14.0): "Legal",
             (11.69, 16.54): "A3", (8.27, 11.69): "A4", (16.54, 23.39): "A2",
             (12.0, 18.0): "Arch B", (13.0, 19.0): "Super B"}


def sheet_words(w_in: float, h_in: float) -> str:
    """``"17 x 11 in sheet (Tabloid / Ledger)"``; the paper's name only when the size is one."""
    key = tuple(sorted((round(w_in, 2), round(h_in, 2))))
    name = next((n for (a, b), n in _NAMED_IN.items()
                 if abs(a - key[0]) <= 0.02 and abs(b - key[1]) <= 0.02), "")
    return f"{w_in:g} x {h_in:g} in sheet" + (f" ({name})" if name else "")


def version_label(version: str, content_hash: str) -> str:
    """``"version 0.1.0 - content abc1234"`` (hash shortened to 7 characters)."""
    return f"version {version} - content {content_hash[:7]}"


# --------------------------------------------------------------------------- slots

class Slot(NamedTuple):
    """An item position on a sheet: top-left (x, y), size (w, h), grid row/col."""

    x: float
    y: float
    w: float
    h: float
    row: int = 0
    col: int = 0

    @property
    def rect(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


def _slots(positions, item_w=None, item_h=None) -> list[Slot]:
    out = []
    for i, p in enumerate(positions):
        if isinstance(p, Slot):
            out.append(p)
        elif len(p) == 2:
            if item_w is None or item_h is None:
                raise ValueError("plain (x, y) positions need item_w and item_h")
            out.append(Slot(p[0], p[1], item_w, item_h, 0, i))
        elif len(p) == 4:
            out.append(Slot(p[0], p[1], p[2], p[3], 0, i))
        else:
            raise ValueError(f"position {p!r} is neither a Slot, (x, y) nor (x, y, w, h)")
    return out


def _margins(margin) -> tuple[float, float, float, float]:
    """margin as top, right, bottom, left (a number means all four)."""
    if isinstance(margin, (int, float)):
        return (margin,) * 4
    t, r, b, l = margin
    return (t, r, b, l)


EPS = 1e-6  #: lengths this close (points) are equal


def grid_layout(page_w: float, page_h: float, item_w: float, item_h: float,
                margin: float | Sequence[float] = 18, gap: float = 0,
                reserved_bottom: float = 0, *, max_rows: int | None = None,
                max_cols: int | None = None) -> list[Slot]:
    """n-up grid: as many ``item_w`` x ``item_h`` items as fit on the page inside
    ``margin`` (a number, or ``(top, right, bottom, left)``) with ``gap`` between
    neighbours, keeping ``reserved_bottom`` points free above the bottom margin (for
    the footer).  The grid is centred in the free area (so it is symmetric, which
    makes duplex backs land on the same grid).  Row-major from the top-left.

    Bleed: items drawn with bleed ``b`` need ``gap >= 2*b``."""
    top, right, bottom, left = _margins(margin)
    aw = page_w - left - right
    ah = page_h - top - bottom - reserved_bottom
    cols = math.floor((aw + gap) / (item_w + gap) + EPS) if aw > 0 else 0
    rows = math.floor((ah + gap) / (item_h + gap) + EPS) if ah > 0 else 0
    if max_cols is not None:
        cols = min(cols, max_cols)
    if max_rows is not None:
        rows = min(rows, max_rows)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {item_w:g}x{item_h:g} pt item does not fit a {page_w:g}x{page_h:g} pt "
                         f"page with margins {(top, right, bottom, left)} and "
                         f"{reserved_bottom:g} pt reserved at the bottom")
    gw = cols * item_w + (cols - 1) * gap
    gh = rows * item_h + (rows - 1) * gap
    x0 = left + (aw - gw) / 2
    y0 = top + (ah - gh) / 2
    return [Slot(round(x0 + c * (item_w + gap), 6), round(y0 + r * (item_h + gap), 6),
                 item_w, item_h, r, c)
            for r in range(rows) for c in range(cols)]


# --------------------------------------------------------------------------- marks

#: Most home printers cannot print the outer quarter inch of the paper: crop marks, trim lines
#: and registration marks stay inside it.
SAFE_MARGIN = 18.0
#: a crop mark starts this far beyond the corner of the item (and its bleed) ...
MARK_OFFSET = 3.0
#: ... and a mark shorter than this is not worth printing
MIN_MARK = 6.0

def _subtract(iv: tuple[float, float], cuts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pieces = [iv]
    for c0, c1 in cuts:
        nxt = []
        for a, b in pieces:
            if c1 <= a or c0 >= b:
                nxt.append((a, b))
                continue
            if c0 > a:
                nxt.append((a, c0))
            if c1 < b:
                nxt.append((c1, b))
        pieces = nxt
    return pieces


def crop_marks(positions, item_w: float | None = None, item_h: float | None = None,
               length: float = 12, offset: float = 3, *, bleed: float = 0,
               stroke: str = "#000000", stroke_width: float = 0.25,
               page_w: float | None = None, page_h: float | None = None,
               min_length: float = 2, safe: float = 0) -> list[Line]:
    """Crop marks: short lines continuing every item edge outward, starting
    ``bleed + offset`` beyond the corner, ``length`` long.  Marks never cross any
    item's art (the item rectangle grown by ``bleed`` and by ``offset`` as
    clearance): in a gap-0 grid only the marks in the page margin remain, which
    still show every cut line.  Duplicates are merged; pieces shorter than
    ``min_length`` dropped; with ``page_w``/``page_h`` marks are cut to the page, kept
    ``safe`` points inside its edges (the printer's margin, :data:`SAFE_MARGIN`)."""
    slots = _slots(positions, item_w, item_h)
    rects = [(s.x, s.y, s.x + s.w, s.y + s.h) for s in slots]
    grow = bleed
    clear = offset
    start = bleed + offset
    h_marks: dict[tuple, None] = {}
    v_marks: dict[tuple, None] = {}
    for x0, y0, x1, y1 in rects:
        for cx, dx in ((x0, -1), (x1, 1)):
            for cy, dy in ((y0, -1), (y1, 1)):
                # horizontal mark along the horizontal edge at y = cy, going outward in x
                a, b = sorted((cx + dx * start, cx + dx * (start + length)))
                h_marks[(round(cy, 6), round(a, 6), round(b, 6))] = None
                a, b = sorted((cy + dy * start, cy + dy * (start + length)))
                v_marks[(round(cx, 6), round(a, 6), round(b, 6))] = None
    out: list[Line] = []
    seen = set()

    def emit(horizontal: bool, pos: float, a: float, b: float):
        if page_w is not None and page_h is not None:
            lim = page_w if horizontal else page_h
            other = page_h if horizontal else page_w
            if not (safe <= pos <= other - safe):
                return
            a, b = max(a, safe), min(b, lim - safe)
        if b - a < min_length - EPS:
            return
        key = (horizontal, round(pos, 4), round(a, 4), round(b, 4))
        if key in seen:
            return
        seen.add(key)
        if horizontal:
            out.append(Line(a, pos, b, pos, stroke, stroke_width))
        else:
            out.append(Line(pos, a, pos, b, stroke, stroke_width))

    # the art a mark along y (or x) must not cross depends on that line alone: found once per
    # line, not per mark (a sheet of 170 counters has 1,400 marks on a few dozen lines)
    h_cuts: dict[float, list] = {}
    v_cuts: dict[float, list] = {}
    for (y, a, b) in h_marks:
        cuts = h_cuts.get(y)
        if cuts is None:
            cuts = h_cuts[y] = sorted((rx0 - grow - clear, rx1 + grow + clear) for rx0, ry0, rx1, ry1 in rects
                                      if ry0 - grow - EPS <= y <= ry1 + grow + EPS)
        for p in _subtract((a, b), cuts):
            emit(True, y, *p)
    for (x, a, b) in v_marks:
        cuts = v_cuts.get(x)
        if cuts is None:
            cuts = v_cuts[x] = sorted((ry0 - grow - clear, ry1 + grow + clear) for rx0, ry0, rx1, ry1 in rects
                                      if rx0 - grow - EPS <= x <= rx1 + grow + EPS)
        for p in _subtract((a, b), cuts):
            emit(False, x, *p)
    return out


def _merge(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[list[float]] = []
    for a, b in sorted(intervals):
        if out and a <= out[-1][1] + EPS:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def cut_lines(positions, item_w: float | None = None, item_h: float | None = None, *,
              extend: float = 0, stroke: str = "#808080", stroke_width: float = 0.25,
              dash: Sequence[float] | None = (2, 2)) -> list[Line]:
    """Thin dashed lines along every item edge (shared edges of neighbours drawn
    once; collinear edges merged into one line, extended by ``extend`` at both
    ends).  Draw them after the art: they sit exactly on the cut."""
    slots = _slots(positions, item_w, item_h)
    hs: dict[float, list] = {}
    vs: dict[float, list] = {}
    for s in slots:
        x0, y0, x1, y1 = s.x, s.y, s.x + s.w, s.y + s.h
        for y in (y0, y1):
            hs.setdefault(round(y, 6), []).append((x0, x1))
        for x in (x0, x1):
            vs.setdefault(round(x, 6), []).append((y0, y1))
    out = []
    for y in sorted(hs):
        for a, b in _merge(hs[y]):
            out.append(Line(a - extend, y, b + extend, y, stroke, stroke_width, dash))
    for x in sorted(vs):
        for a, b in _merge(vs[x]):
            out.append(Line(x, a - extend, x, b + extend, stroke, stroke_width, dash))
    return out


# --------------------------------------------------------------------------- duplex

def duplex_axis(page_w: float, page_h: float, flip: str = "long") -> str:
    """Which page coordinate a double-sided print mirrors: ``"x"`` or ``"y"``.

    Turning the sheet over about an axis parallel to the named edge:

    * portrait page (h >= w): the long edges are the vertical sides, so a
      **long-edge** flip turns the sheet like a book page and mirrors **x**
      (``x_back = page_w - x_front``); a **short-edge** flip turns it like a
      calendar and mirrors **y** (``y_back = page_h - y_front``).
    * landscape page (w > h): the other way round (long-edge mirrors y,
      short-edge mirrors x).

    This is the physical geometry of the sheet as the page is drawn.  Printer
    drivers that auto-rotate landscape pages may swap the two: check with a test
    print (put the same :func:`calibration_square` on both sides)."""
    if flip not in ("long", "short"):
        raise ValueError(f"flip must be 'long' or 'short', got {flip!r}")
    portrait_page = page_h >= page_w
    if (flip == "long") == portrait_page:
        return "x"
    return "y"


def mirror_for_duplex(positions, page_w: float, page_h: float | None = None,
                      flip: str = "long", *, item_w: float | None = None,
                      item_h: float | None = None) -> list[Slot]:
    """Positions of the backs so that each back registers with its front when the
    sheet is printed double-sided and flipped on the ``flip`` edge.

    For an item at (x, y) of size (w, h) on a page (W, H) (see :func:`duplex_axis`):

    * mirror x: back at ``(W - x - w, y)`` (long-edge flip of a portrait page:
      the top-left front is backed at the top-right);
    * mirror y: back at ``(x, H - y - h)`` (short-edge flip of a portrait page).

    The returned Slots keep the front's ``row``/``col`` (so ``zip(fronts, backs)``
    pairs them).  ``page_h`` may be omitted for portrait pages with a long-edge flip.
    Centred grids (as from :func:`grid_layout`) map onto themselves, so the back sheet
    has the same grid and crop marks, just with items in mirrored order."""
    if isinstance(page_h, str):  # mirror_for_duplex(slots, W, "short") called positionally
        page_h, flip = None, page_h
    if page_h is None:
        if flip != "long":
            raise ValueError("mirror_for_duplex with flip='short' needs page_h")
        axis = "x"
    else:
        axis = duplex_axis(page_w, page_h, flip)
    out = []
    for s in _slots(positions, item_w, item_h):
        if axis == "x":
            out.append(s._replace(x=round(page_w - s.x - s.w, 6)))
        else:
            out.append(s._replace(y=round(page_h - s.y - s.h, 6)))
    return out


def duplex_back_rotation(page_w: float, page_h: float, flip: str = "long") -> int:
    """Rotation (0 or 180) to give each back inside its slot so that it reads upright
    when the cut piece is turned over side to side (like a book page).  0 when the
    duplex mirrors x, 180 when it mirrors y (the sheet was turned top to bottom)."""
    return 0 if duplex_axis(page_w, page_h, flip) == "x" else 180


# --------------------------------------------------------------------------- placement, bleed

def place_item(items: Sequence[Primitive], slot, bleed: float = 0, rotate: int = 0,
               clip: bool = True, item_w: float | None = None,
               item_h: float | None = None) -> Group:
    """Place an item laid out at the origin (0..w, 0..h, art may extend to -bleed..w+bleed)
    into ``slot``, rotated clockwise by 0/90/180/270 degrees about its centre (for 90/270
    the slot is h x w), clipped to the item box grown by ``bleed`` (so art never spills
    further onto neighbours).  The item itself is not re-laid out."""
    s = _slots([slot], item_w, item_h)[0]
    rot = rotate % 360
    if rot in (0, 180):
        w, h = s.w, s.h
    elif rot in (90, 270):
        w, h = s.h, s.w
    else:
        raise ValueError(f"rotate must be 0, 90, 180 or 270, got {rotate!r}")
    if item_w is not None and item_h is not None and (abs(item_w - w) > EPS or abs(item_h - h) > EPS):
        raise ValueError(f"item {item_w}x{item_h} does not fit slot {s.w}x{s.h} at rotate={rotate}")
    tx, ty = {0: (s.x, s.y), 90: (s.x + s.w, s.y), 180: (s.x + s.w, s.y + s.h),
              270: (s.x, s.y + s.h)}[rot]
    c = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=None, stroke=None) if clip else None
    return Group(tuple(items), translate=(tx, ty), rotate=rot, clip=c)


def place_items(faces: Sequence[Sequence[Primitive]], slots, bleed: float = 0,
                rotate: int = 0) -> list[Group]:
    """:func:`place_item` for each (face, slot) pair (extra slots stay empty)."""
    slots = list(slots)
    if len(faces) > len(slots):
        raise ValueError(f"{len(faces)} faces but only {len(slots)} slots")
    return [place_item(f, s, bleed=bleed, rotate=rotate) for f, s in zip(faces, slots)]


def extend_to_bleed(items: Sequence[Primitive], item_w: float, item_h: float,
                    bleed: float, eps: float = 0.01) -> list[Primitive]:
    """Bleed for an item laid out at 0..w x 0..h: every top-level square-cornered
    :class:`Rect` whose side lies on an item edge (background, colour bands) is
    extended outward past that edge by ``bleed``.  Other primitives are unchanged
    (a layout that wants other art in the bleed draws it there itself)."""
    if bleed <= 0:
        return list(items)
    out = []
    for it in items:
        if isinstance(it, Rect) and it.radius == 0:
            x0, y0, x1, y1 = it.x, it.y, it.x + it.w, it.y + it.h
            if abs(x0) <= eps:
                x0 = -bleed
            if abs(y0) <= eps:
                y0 = -bleed
            if abs(x1 - item_w) <= eps:
                x1 = item_w + bleed
            if abs(y1 - item_h) <= eps:
                y1 = item_h + bleed
            if (x0, y0, x1, y1) != (it.x, it.y, it.x + it.w, it.y + it.h):
                it = Rect(x0, y0, x1 - x0, y1 - y0, it.fill, it.stroke, it.stroke_width,
                          it.dash, it.radius)
        out.append(it)
    return out


def bleed_background(item_w: float, item_h: float, bleed: float, fill: str) -> Rect:
    """A background rectangle covering the item plus ``bleed`` on every side."""
    return Rect(-bleed, -bleed, item_w + 2 * bleed, item_h + 2 * bleed, fill=fill, stroke=None)


def page_with_bleed(items: Sequence[Primitive], trim_w: float, trim_h: float, bleed: float,
                    title: str | None = None) -> Page:
    """A print-shop page: content laid out in trim coordinates (0..trim_w, art may
    extend to -bleed..trim+bleed) on a MediaBox of ``trim + 2*bleed``; TrimBox is the
    finished size, BleedBox the whole media."""
    W, H = trim_w + 2 * bleed, trim_h + 2 * bleed
    grp = Group(tuple(items), translate=(bleed, bleed)) if bleed else Group(tuple(items))
    return Page(W, H, (grp,), trim_box=(bleed, bleed, trim_w, trim_h),
                bleed_box=(0, 0, W, H) if bleed else None, title=title)


# --------------------------------------------------------------------------- furniture

def calibration_square(x: float, y: float, size: float = 72, label: str = "1 inch",
                       sublabel: str = "72 pt = 25.4 mm") -> list[Primitive]:
    """A labelled 1-inch square (top-left at x, y; the 0.25 pt outline is centred on
    the exact 72 pt edges) with 1/4-inch ticks, to check printing at actual size."""
    out: list[Primitive] = [Rect(x, y, size, size, fill=None, stroke="#000000", stroke_width=0.25)]
    q = size / 4
    for i in (1, 2, 3):
        t = 6 if i == 2 else 3
        out += [Line(x + i * q, y, x + i * q, y + t, "#000000", 0.25),
                Line(x, y + i * q, x + t, y + i * q, "#000000", 0.25)]
    ls = fit_text(label, "sans-bold", 9, size - 8)
    out.append(Text(x + size / 2, y + size / 2 + cap_height("sans-bold", ls) / 2, label, ls,
                    "sans-bold", "#000000", "middle"))
    if sublabel:
        ss = max(6.0, fit_text(sublabel, "sans", 6, size - 6))   # never below 6 pt
        out.append(Text(x + size / 2, y + size / 2 + cap_height("sans-bold", ls) / 2 + ss + 4,
                        sublabel, ss, "sans", "#000000", "middle"))
    return out


#: The footer band: the default :func:`footer` text (6.5 pt) sits on a baseline 20 pt above the
#: paper edge, so its descenders (1.6 pt at 6.5 pt) stay outside the quarter inch most home printers
#: cannot print (:data:`SAFE_MARGIN`, the README's promise), and its ascenders (6 pt) end 26 pt up,
#: under :data:`FOOTER_TOP`.  Sheet layouts keep FOOTER_BAND points free above their bottom margin
#: (itself at least :data:`SAFE_MARGIN` + the crop marks, 27 pt): the footer lies in that margin.
FOOTER_SIZE = 6.5
FOOTER_BASELINE = 20.0
FOOTER_TOP = 27.0
FOOTER_BAND = 18.0


def footer(page_w: float, page_h: float, left_text: str = "", right_text: str = "", *,
           size: float = FOOTER_SIZE, margin: float = 18, bottom: float = FOOTER_BASELINE,
           font: str = "sans", fill: str = "#404040") -> list[Text]:
    """A small text line at the bottom of the page: ``left_text`` starts at ``margin``,
    ``right_text`` ends at ``page_w - margin``, baseline ``bottom`` points above the
    paper edge.  Shrinks the size if the two would collide.  Typical:
    ``footer(W, H, PRINT_AT_100, version_label(version, content_hash))``."""
    avail = page_w - 2 * margin
    both = left_text + ("    " if left_text and right_text else "") + right_text
    if both:
        size = fit_text(both, font, size, avail)
    y = page_h - bottom
    out = []
    if left_text:
        out.append(Text(margin, y, left_text, size, font, fill, "start"))
    if right_text:
        out.append(Text(page_w - margin, y, right_text, size, font, fill, "end"))
    return out
