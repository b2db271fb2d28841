"""``errata.pdf``: the update said for players. For each change, what it touches (the counter, card,
CRT column or rule case) drawn or written both ways, "was" beside "now", with the kit's own drawing
code (:mod:`genkit.render`: the counter and card faces the kit prints); then the sheets to print
again, in words; then the changes that touch only simulation, apart."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .changes import changed_paragraphs
from ..render.cards import card_faces, card_size
from ..render.counters import counter_size, marker_face, unit_face
from ..render.draw import Group, Line, Page, Rect, Text
from ..render.fonts import cap_height
from ..render.layout import PAPERS
from ..render.pdf import pdf_bytes
from ..render.sheets import FOOTER_TOP, footer, page_size
from ..render.text_fit import fit_text, wrap_text

MARGIN = 40.0
BODY = 9.0
SMALL = 8.0
INK, GREY, MARK = "#000000", "#555555", "#b00020"
FACE_GAP = 8.0


@dataclass
class Block:
    """A piece of the errata sheet: ``height`` points tall, drawn by ``draw(x, y, width)``."""
    height: float
    draw: Callable[[float, float], list]
    keep_with_next: bool = False


def _text_block(text: str, width: float, font: str = "sans", size: float = BODY, fill: str = INK,
                indent: float = 0.0, after: float = 3.0) -> Block:
    lines = wrap_text(text, font, size, width - indent) or [""]
    lead = size * 1.3

    def draw(x, y):
        return [Text(x + indent, y + cap_height(font, size) + i * lead, ln, size, font, fill)
                for i, ln in enumerate(lines)]
    return Block(len(lines) * lead + after, draw)


def _heading(text: str, width: float, size: float = 12.0) -> Block:
    size = fit_text(text, "sans-bold", size, width)

    def draw(x, y):
        return [Text(x, y + cap_height("sans-bold", size), text, size, "sans-bold", INK),
                Line(x, y + size + 2, x + width, y + size + 2, GREY, 0.5)]
    return Block(size + 8, draw, keep_with_next=True)


def _faces_block(old: list[list], new: list[list], w: float, h: float, scale: float, width: float) -> Block:
    """The faces of the old version, an arrow, the faces of the new one; each labelled."""
    fw, fh = w * scale, h * scale
    label = 10.0

    def row(x, y, faces, caption):
        out = [Text(x, y + cap_height("sans-bold", SMALL), caption, SMALL, "sans-bold", GREY)]
        for i, face in enumerate(faces):
            fx = x + i * (fw + FACE_GAP)
            out.append(Group(tuple(face), translate=(fx, y + label), scale=scale,
                             clip=Rect(0, 0, w, h, fill=None, stroke=None)))
            out.append(Rect(fx, y + label, fw, fh, fill=None, stroke="#999999", stroke_width=0.3))
        return out

    span = max(len(old), 1) * (fw + FACE_GAP)

    def draw(x, y):
        items = row(x, y, old, "was")
        ax = x + span + 4
        items += [Text(ax, y + label + fh / 2 + 4, "\u2192", 14, "sans-bold", GREY)]
        items += row(ax + 24, y, new, "now")
        return items
    return Block(label + fh + 8, draw)


def _table_block(header: list[str], old_rows: list[list[str]], new_rows: list[list[str]], width: float) -> Block:
    """A table row (or rows) drawn twice, was and now, with the cells that changed in red."""
    cw, rh = 26.0, 13.0
    label_w = max(50.0, max((len(r[0]) for r in old_rows + new_rows), default=4) * 5.2)

    def grid(x, y, rows, other, caption):
        out = [Text(x, y + cap_height("sans-bold", SMALL), caption, SMALL, "sans-bold", GREY)]
        y += 11
        for c, h in enumerate(header):
            out.append(Text(x + label_w + c * cw + cw / 2, y + 9, h, SMALL, "sans-bold", GREY, "middle"))
        for r, row in enumerate(rows):
            ry = y + rh * (r + 1)
            out.append(Text(x, ry + 9, row[0], SMALL, "sans", INK))
            for c, cell in enumerate(row[1:]):
                prev = other[r][c + 1] if r < len(other) and c + 1 < len(other[r]) else None
                changed = prev != cell
                out.append(Rect(x + label_w + c * cw, ry, cw, rh, fill="#fde7ea" if changed else None,
                                stroke="#777777", stroke_width=0.4))
                out.append(Text(x + label_w + c * cw + cw / 2, ry + 9, cell, SMALL,
                                "sans-bold" if changed else "sans", MARK if changed else INK, "middle"))
        return out
    span = label_w + cw * len(header)
    height = 11 + rh * (1 + max(len(old_rows), len(new_rows))) + 8

    def draw(x, y):
        if 2 * span + 30 <= width:
            return grid(x, y, old_rows, new_rows, "was") + grid(x + span + 30, y, new_rows, old_rows, "now")
        return grid(x, y, old_rows, new_rows, "was") + grid(x, y + height, new_rows, old_rows, "now")
    return Block(height if 2 * span + 30 <= width else 2 * height, draw)


def _two_columns(pairs: list[tuple[str, str]], width: float) -> Block:
    """A rule case's paragraphs that changed, was beside now (each side at most 40 lines: the
    booklet has the rest)."""
    col = (width - 16) / 2
    size, lead = SMALL, SMALL * 1.3
    a, b = [], []
    for was, now in pairs:
        wa = [ln for p in (was.split("\n") if was else ["(not there)"]) for ln in wrap_text(p, "sans", size, col) + [""]]
        wb = [ln for p in (now.split("\n") if now else ["(left out)"]) for ln in wrap_text(p, "sans", size, col) + [""]]
        n = max(len(wa), len(wb))
        a += wa + [""] * (n - len(wa))
        b += wb + [""] * (n - len(wb))
    a, b = a[:40], b[:40]

    def draw(x, y):
        out = [Text(x, y + 7, "was", SMALL, "sans-bold", GREY), Text(x + col + 16, y + 7, "now", SMALL, "sans-bold", GREY)]
        for i, ln in enumerate(a):
            out.append(Text(x, y + 11 + cap_height("sans", size) + i * lead, ln, size, "sans", GREY))
        for i, ln in enumerate(b):
            out.append(Text(x + col + 16, y + 11 + cap_height("sans", size) + i * lead, ln, size, "sans", INK))
        out.append(Line(x + col + 8, y, x + col + 8, y + 11 + len(a) * lead, "#bbbbbb", 0.5))
        return out
    return Block(14 + len(a) * lead + 6, draw)


def _shown(value) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        return "[" + ", ".join(map(str, value)) + "]"
    text = str(value)
    return text if len(text) <= 120 else text[:117] + "..."


# --------------------------------------------------------------------------- what each change draws

def _unit_faces(content, type_id: str, root) -> list[list]:
    side = next((g.side for g in content.counters.units if g.type == type_id), content.game.sides[0].id)
    return [unit_face(content, side, type_id, reduced, root) for reduced in (False, True)]


def _marker_faces(content, marker_id: str, root) -> list[list]:
    marker = next(m for m in content.counters.markers if m.id == marker_id)
    return [marker_face(content, marker, which, root) for which in ("front", "back")]


def _card_faces(content, deck_id: str, card_id: str, detail: str, root) -> list[list]:
    deck = next(d for d in content.decks if d.id == deck_id)
    card = next(c for c in deck.cards if c.id == card_id)
    faces = card_faces(content, deck, card, root)
    parts = detail.split(".")
    if parts[0] == "copies" and len(parts) > 1 and parts[1].isdigit() and int(parts[1]) < len(faces):
        return [faces[int(parts[1])]]
    return faces[:1]


def _crt_rows(content, column: str) -> tuple[list[str], list[list[str]]]:
    crt = content.crt
    col = next((c for c in crt.columns
                if (c.odds or (f"{c.differential:+d}" if c.differential else "0")) == column), None)
    header = [str(i) for i in crt.rolls]
    if col is None:
        return header, []
    names = crt.attack_type_names or {}
    return header, [[f"{column} {names.get(t, t)}", *col.rows[t]] for t in crt.attack_types if t in col.rows]


@dataclass
class Side:
    """One version as the errata sheet reads it: its model, content folder and label."""
    content: object
    root: Path
    label: str


def drawing_for(subject, old: Side, new: Side, width: float) -> Block | None:
    """The changed component drawn both ways, or None (a change drawn as words only)."""
    try:
        if subject.kind == "unit":
            w = counter_size(new.content)
            return _faces_block(_unit_faces(old.content, subject.id, old.root),
                                _unit_faces(new.content, subject.id, new.root), w, w, min(1.0, 60 / w), width)
        if subject.kind == "marker":
            w = counter_size(new.content)
            return _faces_block(_marker_faces(old.content, subject.id, old.root),
                                _marker_faces(new.content, subject.id, new.root), w, w, min(1.0, 60 / w), width)
        if subject.kind == "card":
            w, h = card_size(new.content, next(d for d in new.content.decks if d.id == subject.deck))
            return _faces_block(_card_faces(old.content, subject.deck, subject.id, subject.detail, old.root),
                                _card_faces(new.content, subject.deck, subject.id, subject.detail, new.root),
                                w, h, 130 / h, width)
        if subject.kind == "crt-column":
            header, a = _crt_rows(old.content, subject.id)
            _, b = _crt_rows(new.content, subject.id)
            return _table_block(header, a, b, width)
    except (StopIteration, AttributeError, KeyError, ValueError):
        return None     # the component is new or gone in one version: the words say it
    return None


# --------------------------------------------------------------------------- the sheet

def errata_pdf(title: str, old: Side, new: Side, groups: list, cases: list, reprint_lines: list[str],
               simulation: list, paper: str = "letter") -> bytes:
    """The errata sheet. ``groups``: (subject, [changes]) of the changes players see, in order;
    ``cases``: the rule cases whose text changed; ``reprint_lines``: the sheets to print again, one
    line per component; ``simulation``: the changes that touch only simulation."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}")
    W, H = page_size(paper)
    width = W - 2 * MARGIN
    g_old, g_new = old.content.game, new.content.game
    blocks = [_heading(f"Errata: {title}", width, 16),
              _text_block(f"From version {g_old.version} ({old.label}) to version {g_new.version} ({new.label}).",
                          width, after=8),
              _heading("Print again", width)]
    blocks += [_text_block("\u2022 " + line, width, indent=0) for line in reprint_lines] or \
        [_text_block("Nothing: every sheet prints as before.", width)]
    blocks.append(_text_block("", width, after=6))
    if groups:
        blocks.append(_heading("What changed", width))
    for subject, changes in groups:
        head = _text_block(subject_title(subject), width, "sans-bold", 10, after=2)
        head.keep_with_next = True
        blocks.append(head)
        for ch in changes:
            where = f"  ({Path(ch.file).name}:{ch.line})" if ch.file else ""
            blocks.append(_text_block(f"{ch.path}: {_shown(ch.old)} \u2192 {_shown(ch.new)}{where}", width,
                                      size=SMALL, indent=8, after=2))
        drawn = drawing_for(subject, old, new, width)
        if drawn is not None:
            blocks.append(drawn)
        blocks.append(_text_block("", width, after=4))
    if cases:
        blocks.append(_heading("Rules: cases that changed", width))
        for case in cases:
            head = _text_block(f"{case.number} {case.heading}".strip(), width, "sans-bold", 10, after=2)
            head.keep_with_next = True
            blocks += [head, _two_columns(changed_paragraphs(case.old, case.new), width)]
    if simulation:
        blocks.append(_heading("Simulation only (nothing printed changes)", width))
        for ch in simulation:
            blocks.append(_text_block(f"{ch.path}: {_shown(ch.old)} \u2192 {_shown(ch.new)}", width, size=SMALL))
    return pdf_bytes(_paginate(blocks, W, H, title, g_new.version), title=f"{title} - errata",
                     subject=f"{title}: errata from {g_old.version} to {g_new.version}")


def subject_title(subject) -> str:
    kinds = {"unit": "counter", "marker": "marker", "card": "card", "crt-column": "Combat Results Table",
             "crt": "Combat Results Table", "map": "map", "game": "game", "decks": "cards",
             "tracks": "tracks", "turn_track": "turn track", "counters": "counter mix", "dice": "dice",
             "rules": "rules options"}
    kind = kinds.get(subject.kind, subject.kind)
    if subject.kind in ("unit", "marker", "card"):
        return f"{subject.name} ({kind})"
    if subject.kind == "crt-column":
        return f"{kind}, column {subject.id}"
    return kind[0].upper() + kind[1:]


def _paginate(blocks: list[Block], W: float, H: float, title: str, version: str) -> list[Page]:
    top, bottom = MARGIN, H - FOOTER_TOP - 12
    pages, items, y = [], [], top
    for i, b in enumerate(blocks):
        need = b.height + (blocks[i + 1].height if b.keep_with_next and i + 1 < len(blocks) else 0)
        if y + need > bottom and y > top:
            pages.append(items)
            items, y = [], top
        items += b.draw(MARGIN, y)
        y += b.height
    pages.append(items)
    n = len(pages)
    return [Page(W, H, tuple(p) + tuple(footer(W, H, f"Errata - page {i} of {n}", f"{title}  |  version {version}")),
                 title=f"errata {i}") for i, p in enumerate(pages, 1)]
