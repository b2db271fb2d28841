"""Cards: each card of each deck laid out once from the deck's face template (``face``, e.g.
``templates/card.yaml.j2``; backs from its ``back``), then imposed as many to a sheet as the
card size allows, with crop marks, each sheet of fronts followed by its backs: one sheet set
per deck.

The face template gets every declared field's value (``card.<field>``), the fields' declarations
(``fields``), the symbol sets with their drawings (``symbols``), and, for the two kinds of card
genkit draws a picture for, that picture: a deck that declares a ``target`` (a choice of hex,
line, area, units, own_units, none, with ``size`` and ``range``) gets the target diagram, built
with :mod:`genkit.hexes` in the map's own hex orientation so the card shows exactly the hexes the
rules engine would accept; a command deck (fields named after map sections) gets ``orders``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jinja2

from .. import hexes
from . import disk_cache
from ..model.schema import Content
from ..model.yaml_safe import current_limits
from ..model.schema_cards import Card as CardModel, Deck
from .draw import INCH, Group, Text
from .geometry import bounds
from .layout import Fit, SheetStyle, render, template_path
from .orders import orders_context
from .sheets import (FOOTER_BAND, FOOTER_TOP, MARK_OFFSET, MIN_MARK, SAFE_MARGIN, crop_marks, cut_lines,
                     duplex_back_rotation, extend_to_bleed, grid_layout, mirror_for_duplex,
                     place_item)
from .text_fit import fit_text

DIAGRAM_W = 150.0
DIAGRAM_H = 78.0
ORDERS_H = 92.0       #: the board picture of a command card, points high (DIAGRAM_W wide)
FLIP = "long"


def deck_title(content: Content, deck: Deck | None = None) -> str:
    """What a deck (default: the one the rules deal hands from) is called on the player aid:
    '<name> cards', or 'Cards'."""
    deck = deck or content.play_deck() or (content.decks[0] if content.decks else None)
    name = deck.name if deck else ""
    return f"{name} cards" if name else "Cards"


def card_size(content: Content, deck: Deck | None = None) -> tuple[float, float]:
    """The deck's card size in points: its own, else game.components.card_in."""
    w, h = (deck.size_in if deck is not None else None) or content.game.components.card_in
    return w * INCH, h * INCH


@dataclass(frozen=True)
class Target:
    """What a card with a ``target`` field aims at (read from its declared fields)."""
    shape: str
    size: int = 1
    range: int = 0


def target_of(values) -> Target | None:
    """The card's target, from the fields target, size and range (None: the deck declares no target)."""
    if "target" not in values:
        return None
    return Target(values["target"], **{k: values[k] for k in ("size", "range") if k in values})


# --------------------------------------------------------------------------- target diagram

def _cluster(attacker: hexes.Hex, first: hexes.Hex, size: int) -> list[hexes.Hex]:
    """``size`` touching hexes grown from ``first`` away from the attacker (deterministic:
    the candidate touching most of the cluster, then farthest from the attacker, then
    smallest (q, r))."""
    out = [first]
    while len(out) < size:
        cands = {n for h in out for n in hexes.neighbours(h)} - set(out) - {attacker}
        best = max(sorted(cands), key=lambda c: (sum(n in out for n in hexes.neighbours(c)),
                                                 hexes.distance(c, attacker), -c[0], -c[1]))
        out.append(best)
    return out


def target_hexes(target) -> dict[hexes.Hex, str]:
    """Axial hex -> role (attacker / target / range / context) for a target shape; the
    attacking unit stands at (0, 0)."""
    a = (0, 0)
    roles: dict[hexes.Hex, str] = {}
    shape = target.shape
    if shape == "hex":
        for h in hexes.hex_range(a, max(target.range, 1)):
            roles[h] = "range"
        # the farthest hex in direction 1 as an example pick
        pick = a
        for _ in range(max(target.range, 1)):
            pick = hexes.neighbour(pick, 1)
        roles[pick] = "target"
    elif shape in ("line", "area"):
        first = hexes.neighbour(a, 1)
        if shape == "line":
            tg = [first]
            while len(tg) < max(target.size, 1):
                tg.append(hexes.neighbour(tg[-1], 1))
        else:
            tg = _cluster(a, first, max(target.size, 1))
        for h in tg + [a]:
            for n in hexes.neighbours(h):
                roles[n] = "context"
        for h in tg:
            roles[h] = "target"
    else:  # units / own_units: a patch of map with a few units on it
        for h in hexes.hex_range(a, 2):
            roles[h] = "context"
        return roles
    roles[a] = "attacker"
    return roles


def diagram(content: Content, target: Target, w: float = DIAGRAM_W,
            h: float = DIAGRAM_H) -> dict:
    """The card's target diagram fitted into a ``w`` x ``h`` box: hex polygons with roles
    and unit pieces, in points relative to the box's top-left."""
    if target.shape == "none":
        return {"w": w, "h": h, "hexes": [], "pieces": []}
    g = content.map.grid
    roles = target_hexes(target)

    def centre(hq):
        col, row = hexes.axial_to_offset(hq[0], hq[1], g.orientation, g.shift)
        return hexes.hex_center(col, row, g.orientation, g.shift, 1.0)

    polys = {hq: hexes.hex_corners(*centre(hq), g.orientation, 1.0) for hq in roles}
    xs = [x for p in polys.values() for x, _ in p]
    ys = [y for p in polys.values() for _, y in p]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    s = min((w - 2) / (x1 - x0), (h - 2) / (y1 - y0))
    ox = (w - (x1 - x0) * s) / 2 - x0 * s
    oy = (h - (y1 - y0) * s) / 2 - y0 * s

    def tr(x, y):
        return [round(ox + x * s, 3), round(oy + y * s, 3)]

    out_hexes = [{"points": [tr(x, y) for x, y in polys[hq]], "role": roles[hq]}
                 for hq in sorted(roles)]
    pieces = []
    if target.shape in ("units", "own_units"):
        spots = [(1, -1), (-1, 1), (0, -2), (1, 1), (-2, 1), (2, -1)]
        n = max(target.size, 1) if target.shape == "units" else len(spots[:4])
        for i, hq in enumerate(spots[:max(n + 2, 3)] if target.shape == "units" else spots[:4]):
            cx, cy = centre(hq)
            if target.shape == "units":
                role = "enemy_target" if i < n else "enemy"
            else:
                role = "own_target"
            pieces.append({"x": round(ox + cx * s, 3), "y": round(oy + cy * s, 3),
                           "size": round(0.55 * s, 3), "role": role})
    return {"w": w, "h": h, "hexes": out_hexes, "pieces": pieces}


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def target_caption(content: Content, values) -> str:
    """The target in words, made from the card's target, size, range, effect and protects fields."""
    t = target_of(values)
    if values.get("effect") == "extra_attack":
        return "another enemy unit, attacked by the same leader"
    if t.shape == "hex":
        return f"{_plural(t.size, 'hex', 'hexes')} within {_plural(t.range, 'hex', 'hexes')} of your attacker"
    if t.shape == "line":
        return f"a straight line of {_plural(t.size, 'hex', 'hexes')} from your attacker"
    if t.shape == "area":
        return f"{_plural(t.size, 'touching hex', 'touching hexes')} next to your attacker"
    if t.shape == "units":
        return f"{_plural(max(t.size, 1), 'enemy unit')} anywhere"
    if t.shape == "own_units":
        types = [content.unit_type(u).name for u in values.get("protects", [])]
        if types:
            return "your " + (", ".join(types[:-1]) + " and " + types[-1] if len(types) > 1 else types[0])
        return "all your units"
    return "no target: roll on the table"


# --------------------------------------------------------------------------- faces

def _name(it) -> str:
    """What a face item is, in words, for an error message."""
    if isinstance(it, Text):
        text = it.text if len(it.text) <= 60 else it.text[:57] + "..."
        return f"the text {text!r} ({it.size:g} pt)"
    if isinstance(it, Group):
        texts = [t.text for t in it.items if isinstance(t, Text)]
        return f"the drawing holding {texts[0]!r}" if texts else "the diagram"
    return f"a {type(it).__name__.lower()} at x {getattr(it, 'x', 0):g}, y {getattr(it, 'y', 0):g} pt"


def check_face_fits(items, w: float, h: float, what: str) -> None:
    """Raise ValueError naming the first item of a face that runs past its edge, and by how
    much (a d10's roll boxes, a long caption...), so nothing prints clipped."""
    for it in items:
        box = bounds(it)
        if not box:
            continue
        over = {"left": -box[0], "top": -box[1], "right": box[2] - w, "bottom": box[3] - h}
        edge, by = max(over.items(), key=lambda kv: kv[1])
        if by > 0.5:
            raise ValueError(f"{what}: {_name(it)} runs {by:.1f} pt past the {edge} edge of the "
                             f"{w / 72:g} x {h / 72:g} in face; shorten it or enlarge the component")


#: what ``card`` holds on every face besides the deck's declared fields
CORE_KEYS = ("id", "name", "text", "number", "copies", "effect", "roll", "parity")


def template_reads_undeclared(path: Path, deck: Deck):
    """(field, line) for every ``card.<field>`` (or ``card['field']``) the face template at
    ``path`` reads that is neither declared by ``deck`` nor one of :data:`CORE_KEYS` (read from
    its parsed text, nothing run; the templates it includes are checked as they render)."""
    try:
        if not path.is_file() or path.stat().st_size > current_limits().template_size:
            return
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return                                  # the render reports it
    known = set(deck.fields) | set(CORE_KEYS)
    for attr, line in disk_cache.cached("card-reads", disk_cache.key_of("card-reads", text), lambda: _card_reads(text)):
        if attr not in known:
            yield attr, line


def _card_reads(text: str) -> tuple:
    """(field, line) of the first ``card.<field>`` (or ``card['field']``) of each field the
    template ``text`` reads; none when it does not parse (the render reports it, at its line).
    Kept in the disk cache by the text: the parse is most of what the check costs."""
    try:
        tree = jinja2.Environment().parse(text)
    except jinja2.TemplateSyntaxError:
        return ()
    seen: dict = {}
    for node in tree.find_all((jinja2.nodes.Getattr, jinja2.nodes.Getitem)):
        if not (isinstance(node.node, jinja2.nodes.Name) and node.node.name == "card"):
            continue
        attr = node.attr if isinstance(node, jinja2.nodes.Getattr) else getattr(node.arg, "value", None)
        if isinstance(attr, str) and attr not in seen:
            seen[attr] = node.lineno
    return tuple(seen.items())


@dataclass(frozen=True)
class Card:
    id: str
    card: str
    face: tuple
    deck: str = ""


def _draw_table(deck: Deck) -> list:
    return [{"face": f, "name": next((a.name for a in deck.cards if a.id == aid), aid)}
            for f, aid in sorted(deck.draw_table.items())]


def cards(content: Content, deck: Deck, content_root: str | Path | None = None,
          laid: dict | None = None) -> list[Card]:
    """Every card of ``deck`` (each copy), model order; ``laid``: (deck id, card id) -> the faces
    of its copies, laid out already (by the drawing checks: :class:`genkit.render.checks.Laid`)."""
    path = template_path(deck.face, content_root)
    table = _draw_table(deck)
    laid = laid or {}
    out = []
    for ab in deck.cards:
        key = (deck.id, ab.id)
        faces = laid[key] if key in laid else card_faces(content, deck, ab, content_root, path, table)
        out += [Card(f"{ab.id}-{i + 1}", ab.id, tuple(face), deck.id) for i, face in enumerate(faces)]
    return out


def _plain(value):
    """A declared value as JSON data (lists stay lists)."""
    return list(value) if isinstance(value, (list, tuple)) else value


def card_faces(content: Content, deck: Deck, ab: CardModel, content_root: str | Path | None = None, path=None,
               table=None) -> list[list]:
    """The face of each copy of card ``ab``; ValueError naming what runs past the face's edge."""
    w, h = card_size(content, deck)
    path = path or template_path(deck.face, content_root)
    table = _draw_table(deck) if table is None else table
    base = _card_context(content, deck, ab, w, h)
    copies = deck.copies_of(ab)
    faces = []
    for i, cp in enumerate(copies):
        own = {k: _plain(cp[k]) for k, f in deck.fields.items() if f.per_copy}
        ctx = {**base, "card": {**base["card"], **own, "number": i + 1, "copies": len(copies)},
               "draw_table": table, "draw_table_name": deck.draw_table_name}
        ctx["card"].setdefault("roll", [])
        ctx["card"].setdefault("parity", "")
        faces.append(render(path, ctx, Fit(check_face_fits, w, h, f"card '{ab.name}' (decks.{deck.id}.{ab.id})")))
    return faces


def _symbols(content: Content, deck: Deck) -> dict:
    """Symbol set id -> symbol id -> {name, drawing}, for the sets the deck's fields name."""
    out = {}
    for f in deck.fields.values():
        if f.set is not None and f.set not in out:
            declared = next((s for s in content.symbol_sets if s.id == f.set), None)
            out[f.set] = ({y.id: {"name": y.name, "drawing": list(y.drawing)} for y in declared.symbols}
                          if declared else {k: {"name": n, "drawing": []}
                                            for k, n in content.symbol_names(f.set).items()})
    return out


def _card_context(content: Content, deck: Deck, ab: CardModel, w: float, h: float) -> dict:
    """What every copy of card ``ab`` shares on its face: its name, text and declared values, the
    fields' declarations and symbols, and the pictures genkit draws for a card with a target
    (the target diagram, the die's faces) or with orders (the sections, counts and the board);
    the parts a card lacks are empty."""
    values = deck.values(ab)
    target = target_of(values)
    card = {k: _plain(values[k]) for k, f in deck.fields.items() if not f.per_copy}
    card.update({"id": ab.id, "name": ab.name, "text": ab.text})
    card.setdefault("effect", "")
    return {"w": w, "h": h,
            "game": {"title": content.game.title, "subtitle": content.game.subtitle},
            "deck": {"id": deck.id, "name": deck.title},
            "fields": {k: {"type": f.type, "label": f.label or k.replace("_", " ").capitalize(),
                           "unit": f.unit, "die": f.die or 0, "set": f.set or ""}
                       for k, f in deck.fields.items()},
            "field_order": list(deck.fields),
            "symbols": _symbols(content, deck),
            "card": card,
            "die_faces": content.crt.die_faces if content.crt else 0,
            "target": ({"shape": target.shape, "size": target.size, "range": target.range,
                        "caption": target_caption(content, {**card})} if target else
                       {"shape": "", "size": 0, "range": 0, "caption": ""}),
            "diagram": diagram(content, target) if target else {"w": DIAGRAM_W, "h": 0, "hexes": [], "pieces": []},
            "orders": orders_context(content, ab, DIAGRAM_W, ORDERS_H)}


def card_back(content: Content, deck: Deck, content_root: str | Path | None = None) -> list:
    w, h = card_size(content, deck)
    return render(template_path(deck.back, content_root),
                  {"w": w, "h": h, "deck": deck.title,
                   "game": {"title": content.game.title, "subtitle": content.game.subtitle}})


# --------------------------------------------------------------------------- sheets

@dataclass
class CardSheets:
    pages: list
    placements: list          # (card id, page index, Slot)
    back_slots: list          # Slots of the backs, per back page: [(page index, [Slot])]
    rotate: int = 0           # 0: cards upright on the sheet; 90: turned a quarter

    @property
    def cards_drawn(self) -> int:
        return len(self.placements)


def card_grid(W: float, H: float, cw: float, ch: float, b: float) -> tuple[list, int]:
    """The card grid that puts most cards on a sheet while leaving the printer's margin and
    room for the crop marks on every side (and the footer band): upright, or turned a
    quarter when that fits more (poker cards on Letter: 3 x 3 upright leaves no room for the
    marks, 2 x 4 turned does).  Ties keep the cards upright."""
    edge = SAFE_MARGIN + b + MARK_OFFSET + MIN_MARK
    best = None
    for rot, (iw, ih) in ((0, (cw, ch)), (90, (ch, cw))):
        try:
            slots = grid_layout(W, H, iw, ih, margin=edge, gap=2 * b, reserved_bottom=FOOTER_BAND)
        except ValueError:
            continue
        if best is None or len(slots) > len(best[0]):
            best = (slots, rot)
    if best is None:
        raise ValueError(f"a {cw / INCH:g} x {ch / INCH:g} in card does not fit a "
                         f"{W / INCH:g} x {H / INCH:g} in sheet inside its printable margin")
    return best


def _back_rotation(front_rot: int, W: float, H: float) -> int:
    """How a back is turned so that it reads the right way up behind its front: a sheet
    turned over side to side mirrors x, so a card turned 90 on the front is turned 270 on
    the back; turned over top to bottom it mirrors y (add 180)."""
    base = duplex_back_rotation(W, H, FLIP)
    return (base - front_rot) % 360 if base == 0 else (180 - front_rot) % 360


FRONTS_HOW = ("Fronts. Print double-sided, flipping on the long edge: the next page holds their "
              "backs. No duplex printer? Print the odd pages, then the even pages on their reverse.")
BACKS_HOW = "Backs of the page before: they register behind its fronts when printed on its reverse."


def _how(W: float, H: float, text: str) -> list:
    """How to print the sheet, on the line above the footer (both inside the printable margin;
    the crop marks under the cards stop short of it, :data:`HOW_ROOM`)."""
    size = max(6.0, fit_text(text, "sans", 6.5, W - 2 * SAFE_MARGIN))
    return [Text(W / 2, H - FOOTER_TOP - 1, text, size, "sans", "#000000", "middle")]


#: the crop marks under the bottom row end this much higher than the printer's margin: the line
#: saying how to print the sheet runs there, above the footer
HOW_ROOM = FOOTER_TOP + 8 - SAFE_MARGIN


def card_sheets(content: Content, deck: Deck, style: SheetStyle, content_root: str | Path | None = None,
                laid: dict | None = None, label: str = "cards") -> CardSheets:
    """Fronts and backs interleaved: sheet 1 fronts, sheet 1 backs, sheet 2 fronts... so a
    duplex printer puts every back behind its front, and a printer without duplex prints
    the odd pages, then the even ones on the reverse of the same sheets (``laid``: the faces
    laid out already, as :func:`cards` takes them)."""
    W, H = style.size
    cw, ch = card_size(content, deck)
    b = style.bleed
    back = card_back(content, deck, content_root)
    deck = cards(content, deck, content_root, laid)
    slots, rot = card_grid(W, H, cw, ch, b)
    brot = _back_rotation(rot, W, H)
    per_page = len(slots)

    def marks(sl):
        m = crop_marks(sl, bleed=b, page_w=W, page_h=H - HOW_ROOM, length=12, offset=MARK_OFFSET,
                       safe=SAFE_MARGIN)
        if b == 0:
            m = cut_lines(sl, stroke="#9a9a9a", stroke_width=0.3, dash=None) + m
        return m

    pages, placements, back_slots = [], [], []
    nsheets = (len(deck) + per_page - 1) // per_page
    for si in range(nsheets):
        chunk = deck[si * per_page:(si + 1) * per_page]
        used = slots[:len(chunk)]
        art = [place_item(extend_to_bleed(c.face, cw, ch, b), sl, bleed=b, rotate=rot)
               for c, sl in zip(chunk, used)]
        pages.append(style.page(art + marks(used) + _how(W, H, FRONTS_HOW), W, H, f"{label} {si + 1}",
                                f"{label} {si + 1}/{nsheets} fronts: print 2-sided, flip on long edge"))
        placements += [(c.id, len(pages) - 1, sl) for c, sl in zip(chunk, used)]
        bslots = mirror_for_duplex(used, W, H, FLIP)
        art = [place_item(extend_to_bleed(back, cw, ch, b), sl, bleed=b, rotate=brot)
               for sl in bslots]
        pages.append(style.page(art + marks(bslots) + _how(W, H, BACKS_HOW), W, H,
                                f"{label.removesuffix('cards')}card backs {si + 1}",
                                f"{label} {si + 1}/{nsheets} backs: on the reverse of the fronts"))
        back_slots.append((len(pages) - 1, bslots))
    return CardSheets(pages, placements, back_slots, rot)
