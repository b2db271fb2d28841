"""The drawing checks: whether what the kit prints fits, found by laying it out as the kit does
(cards on their paper, counter and marker faces, the map's legend, each card's face, die faces,
the rules booklet's placeholders). The pack step (:mod:`genkit.pack`) runs them after the
model's checks, for ``genkit check`` and ``genkit build``; ``sim`` and ``play`` lay out nothing.

:data:`PRINT_CHECKS` run with the model's checks. :data:`LAYOUT_CHECKS` run only when no check
found an error: the renderer reads the model as the other checks leave it, every reference
resolved, as a build renders only such a model. Each check reads a :class:`DrawingContext`,
the model's context with :class:`Laid`, where it leaves what it laid out for the build to print
(a card's faces are laid out once, for ``check`` and ``build`` alike).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..model.card_values import deck_values_ok
from ..model.check_context import Context
from ..model.source import Finding
from . import disk_cache
from .aid import aid_style
from .aid_units import chart_text_size
from .cards import card_back, card_faces as lay_card_faces, card_grid, card_size, template_reads_undeclared
from .layout import template_path
from .counters import marker_face
from .dice import DIE_FACE_IN, KEY_FACE, die_face
from .draw import INCH
from .map import MapGeometry
from .map_board import (BoardGeometry, KeyGeometry, Placed, extra_spaces, needs_key, overlapping, sheet_ids,
                        sheet_labels)
from .map_connections import is_hex
from .map_art import MIN_TEXT
from .rules_markdown import RulesError
from .rules_text import read_rules, rules_findings, rules_path
from .sheets import A4, LETTER
from .templates import TemplateError


@dataclass
class Laid:
    """What the drawing checks laid out, for the build to print rather than lay out again:
    ``cards``: (deck id, card id) -> the face of each of its copies."""
    cards: dict = field(default_factory=dict)


@dataclass
class DrawingContext(Context):
    laid: Laid = field(default_factory=Laid)


def card_fit(ctx: DrawingContext):
    """Cards are imposed inside the printer's margin with room for crop marks (as the card
    sheets do it): none fitting a Letter or A4 page is an error, fewer than 4 a warning."""
    for i, deck in enumerate(ctx.content.decks):
        w, h = card_size(ctx.content, deck)
        card_w, card_h = round(w / 72, 4), round(h / 72, 4)
        path = ("decks", i, "size") if deck.size is not None else ("game", "components", "card_in")
        for paper, (pw, ph) in (("Letter", LETTER), ("A4", A4)):
            try:
                n = len(card_grid(pw, ph, w, h, 0)[0])
            except ValueError:
                yield ctx.error("card-fit", path,
                                f"{card_w:g} x {card_h:g} in cards do not fit a {paper} page inside its "
                                "printable margin (0.25 in) with room for crop marks")
                break
            if n < 4:
                yield ctx.warning("card-fit", path, f"{card_w:g} x {card_h:g} in cards print only {n} per {paper} page")


def unit_chart_text(ctx: DrawingContext):
    """The player aid's unit chart shows each unit type's counters, enlarged until their text
    reads at 6 pt, up to a limit: a counter whose text stays smaller cannot be printed legibly."""
    c = ctx.content
    sides = {g.type: g.side for g in c.counters.units}
    for i, u in enumerate(c.unit_types):
        if u.id not in sides or sides[u.id] not in ctx.side_ids:
            continue
        try:
            size = chart_text_size(c, sides[u.id], u.id, ctx.source.root)
        except TemplateError as exc:
            if "TextFitError" not in str(exc):     # the pack's counter template fails: say it once, there
                yield _template_finding(str(exc))
                return
            yield ctx.error("unit-chart-text", ("unit_types", i, "short"),   # its text cannot print at 6 pt
                            f"unit type '{u.id}': its counter cannot be printed ({exc}); shorten its "
                            f"short name or its numbers, or enlarge game.components.counter_in")
            continue
        if size < 6 - 1e-6:
            yield ctx.error("unit-chart-text", ("unit_types", i, "short"),
                            f"unit type '{u.id}': its counter's text prints at {size:.1f} pt on the player "
                            f"aid's unit chart (at least 6 pt): shorten its short name or its numbers, or "
                            f"enlarge game.components.counter_in")


def marker_faces(ctx: DrawingContext):
    """Every marker prints its face's text at 6 pt at least on its counter (the template refuses
    to shrink it further): what cannot be printed is reported here, before a build starts."""
    for i, marker in enumerate(ctx.content.counters.markers):
        if marker.side is not None and marker.side not in ctx.side_ids:
            continue                                    # side_references reports it
        for which in ("front", "back"):
            try:
                marker_face(ctx.content, marker, which, ctx.source.root)
            except (TemplateError, ValueError) as exc:
                if "TextFitError" not in str(exc):     # the template itself fails: say it once
                    yield ctx.error("template", ("counters", "markers", i), f"marker template: {exc}")
                    return
                yield ctx.error("marker-text", ("counters", "markers", i, which, "label"),
                                f"marker '{marker.id}' {which}: cannot be printed on a "
                                f"{ctx.content.game.components.counter_in:g} in counter ({exc}); shorten its "
                                f"label or caption, or enlarge game.components.counter_in")


def legend_fit(ctx: DrawingContext):
    """The map's legend (title, terrain key, map symbols, compass) fits its sheet under the grid
    or beside it, laid out exactly as the map sheet lays it out (a grid too big for the sheet
    is the model check ``sheet_fit``'s error, so this one does not run then)."""
    c = ctx.content
    g = c.map.grid
    sheet_w, sheet_h = c.game.components.map_sheet_in
    if not is_hex(c):
        yield from _board_legend_fit(ctx, sheet_w, sheet_h)
        return
    plan = MapGeometry(c).legend
    if not plan.fits:
        yield ctx.error("sheet-fit", ("map", "grid", "hex_size_in"),
                        f"the {g.columns}x{g.rows} grid of {g.hex_size_in} in hexes leaves no room for the "
                        f"map's legend on the {sheet_w:g} x {sheet_h:g} in sheet: {plan.need}; use smaller "
                        "hexes or a bigger sheet (game.components.map_sheet_in)")


def _board_legend_fit(ctx: DrawingContext, sheet_w: float, sheet_h: float):
    """legend_fit on a board that is not a hex grid: each sheet's legend, as that sheet lays it out;
    where some sheet leaves it no room, the key on a sheet of its own (it then always fits a map
    sheet; the error path is kept for a sheet too narrow for the terrain key)."""
    c = ctx.content
    path = ("map", "grid", "size_in") if c.map.grid is not None else ("map", "sheets")
    if needs_key(c):                             # the key on a sheet of its own: it must fit there
        if not KeyGeometry(c).legend.fits:
            yield ctx.error("sheet-fit", path, f"the map's key does not fit a {sheet_w:g} x {sheet_h:g} in sheet "
                            f"of its own: {KeyGeometry(c).legend.need}; use a bigger sheet "
                            "(game.components.map_sheet_in)")
        return
    for i, sid in enumerate(sheet_ids(c)):
        geo = BoardGeometry(c, sid)
        if not geo.legend.fits:
            yield ctx.error("sheet-fit", path if c.map.grid is not None or not c.map.sheets else path + (i,),
                            f"map '{geo.sheet.name}' ({geo.sheet.width_in:g} x {geo.sheet.height_in:g} in) leaves no "
                            f"room for the map's legend on the {sheet_w:g} x {sheet_h:g} in sheet: "
                            f"{geo.legend.need}; draw a smaller map or use a bigger sheet "
                            "(game.components.map_sheet_in)")


def space_labels(ctx: DrawingContext):
    """Every space's id or name, the places on it, its crossings to other maps and its set-up
    chips print at 6 pt or more, inside their map, and no two of them overlap, laid out as the
    map sheet lays them out (:func:`genkit.render.map_board.sheet_labels`); reported at the
    space's entry in ``map.spaces`` (a grid's cell without one: at the grid's size)."""
    c = ctx.content
    entry = {e.id: i for i, e in enumerate(c.map.spaces)}

    def where(space_id: str) -> tuple:
        if space_id in entry:
            return ("map", "spaces", entry[space_id])
        return ("map", "grid", "size_in") if c.map.grid is not None else ("map",)
    if is_hex(c):                                # the boxes and points beside a hex grid
        extra = extra_spaces(c)
        if not extra:
            return
        hexes_ = MapGeometry(c)
        placed = [Placed(c, None, hexes_.ox, hexes_.oy, extra)]
    else:
        placed = [BoardGeometry(c, sid) for sid in sheet_ids(c)]
    page_w, page_h = (v * INCH for v in c.game.components.map_sheet_in)
    for geo in placed:
        labels = sheet_labels(c, geo)
        for lab in labels:
            if lab.size < MIN_TEXT - 1e-9:
                yield ctx.error("space-labels", where(lab.space), f"space '{lab.space}': its {lab.role} "
                                f"'{lab.text}' prints at {lab.size:g} pt (at least {MIN_TEXT:g})")
            x0, y0, x1, y1 = lab.box
            if x0 < 0 or y0 < 0 or x1 > page_w or y1 > page_h:
                yield ctx.error("space-labels", where(lab.space), f"space '{lab.space}': its {lab.role} "
                                f"'{lab.text}' runs off the paper of map '{geo.sheet.name}'")
        for a, b in overlapping(labels):
            # reported at the later entry of map.spaces (the one placed last), naming the other
            b, a = sorted((a, b), key=lambda lab: entry.get(lab.space, -1))
            words = (f"its {a.role} '{a.text}' and its {b.role} '{b.text}'" if a.space == b.space else
                     f"its {a.role} '{a.text}' overlaps space '{b.space}''s {b.role} '{b.text}'")
            yield ctx.error("space-labels", where(a.space),
                            f"space '{a.space}' on map '{geo.sheet.name}': {words} overlap on the printed map; "
                            f"move a label (label: [x, y]) or the space, or enlarge the map"
                            if a.space == b.space else
                            f"space '{a.space}' on map '{geo.sheet.name}': {words} on the printed map; move "
                            f"one of them (label: [x, y]), or draw the spaces farther apart")


def card_faces(ctx: DrawingContext):
    """Every copy of every card prints within its face (name, text, roll boxes, diagram), as the
    card sheets draw it: what runs past an edge is reported here, before a build starts; the
    faces that fit are left in ``ctx.laid`` for the build. The deck's back renders too."""
    for d, deck in enumerate(ctx.content.decks):
        if not deck_values_ok(ctx.content, deck):
            continue                        # the model's checks name the values that are wrong
        face = template_path(deck.face, ctx.source.root)
        undeclared = list(template_reads_undeclared(face, deck))
        for attr, line in undeclared:
            yield Finding("error", str(face), line, "card-template",
                          f"the face template of deck {deck.id} reads card.{attr}, which the deck does not "
                          f"declare (fields: {', '.join(deck.fields) or 'none'})")
        if undeclared:
            continue
        for i, card in enumerate(deck.cards):
            try:
                ctx.laid.cards[(deck.id, card.id)] = lay_card_faces(ctx.content, deck, card, ctx.source.root)
            except ValueError as exc:          # a TemplateError too: the pack's card template names itself
                yield ctx.error("card-face", ("decks", d, "cards", i), str(exc) + ctx.source.cell(("decks", d, "cards", i, "id")))
        try:
            card_back(ctx.content, deck, ctx.source.root)
        except TemplateError as exc:
            yield _template_finding(str(exc))


def die_face_text(ctx: DrawingContext):
    """Every face prints on its sticker and in the dice key: a symbol the die face template does
    not draw prints the face's name instead, which must fit the face at 6 pt at least."""
    for i, die in enumerate(ctx.content.dice):
        seen = set()
        for j, face in enumerate(die.faces):
            if (face.symbol, face.name) in seen:
                continue
            seen.add((face.symbol, face.name))
            for size in sorted({DIE_FACE_IN * INCH, KEY_FACE}):
                try:
                    die_face(ctx.content, die, face, size, ctx.source.root)
                except (TemplateError, ValueError) as exc:
                    yield ctx.error("die-face-text", ("dice", i, "faces", j, "name"),
                                    f"die '{die.id}' face {j + 1} (symbol '{face.symbol}', not one the die face "
                                    f"draws, so it prints its name): cannot be printed on a {size:g} pt face "
                                    f"({exc}); use a shorter name or a drawn symbol")
                    break


def player_aid_style(ctx: DrawingContext):
    """The player aid's style renders and reads as the aid reads it: a pack's ``aid.yaml.j2``
    that a build would refuse (output that is not YAML, a section it does not know, a budget
    run out) is reported here, at the template's file and line."""
    try:
        aid_style(ctx.content, ctx.source.root)
    except TemplateError as exc:
        yield _template_finding(str(exc))


def _template_finding(message: str) -> Finding:
    """A template's refusal as a finding at the template's file (and line, when it names one)."""
    found = re.match(r"(?P<file>.+?\.j2)(?::(?P<line>\d+))?: (?P<rest>.*)", message, flags=re.S)
    if not found:
        return Finding("error", "templates", 0, "template", message)
    return Finding("error", found["file"], int(found["line"] or 0), "template", found["rest"])


def rules_booklet(ctx: DrawingContext):
    """rules.md beside the YAML: every placeholder names a value of the model, every [[table]]
    exists, and the Markdown prints as written (see genkit/render/rules_text.py). A rules.md found
    clean is remembered on disk (:mod:`.disk_cache`) with the model and templates it was checked
    against; what has findings is checked afresh each time."""
    root = ctx.source.root
    path = rules_path(root)
    try:
        text = read_rules(path, Path(root)) if path is not None else None
    except RulesError:
        text = None                                 # rules_findings reports it
    if text is None:
        yield from rules_findings(ctx.content, root)
        return
    key = disk_cache.key_of("rules-check", text, str(path), *disk_cache.pack_parts(ctx.content, root))
    if disk_cache.load("rules-check", key) is not None:
        return
    findings = rules_findings(ctx.content, root)
    if not findings:
        disk_cache.store("rules-check", key, ())
    yield from findings


PRINT_CHECKS = (card_fit, unit_chart_text, marker_faces)
LAYOUT_CHECKS = (legend_fit, space_labels, card_faces, die_face_text, player_aid_style, rules_booklet)
