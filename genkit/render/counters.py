"""Counters: every piece's two faces laid out once (from ``templates/counter.yaml.j2``
and ``templates/marker.yaml.j2``); :mod:`.counter_sheets` imposes them on sheets.

* :func:`pieces` - the counter mix of the model, in sheet order, each with its front
  and back face (lists of primitives at the origin, ``size`` x ``size`` points).
* :func:`unit_face` - one unit face (also used by :func:`genkit.render.map.draw_board`, the
  player aid and the rules booklet).
* :func:`marker_face` - one face of a marker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..model.schema import Content
from .draw import INCH, Primitive
from .layout import Fit, check_text_fits, darken, readable_ink, render, template_path

@dataclass(frozen=True)
class Piece:
    id: str
    kind: str                     # "unit" | "marker"
    section: str                  # sheet section: "unit:<side>" | "markers"
    side: str | None
    front: tuple = field(repr=False)
    back: tuple = field(repr=False)


def counter_size(content: Content) -> float:
    return content.game.components.counter_in * INCH


def side_initial(content: Content, side_id: str) -> str:
    """The side mark's letters: the shortest start of the side's adjective (else name) that
    no other side's starts with the same letters ("A" and "R"; "AM" and "AU" for two A-sides)."""
    def word(sd):
        return (sd.adjective or sd.name or sd.id).upper()
    mine = word(content.side(side_id))
    others = [word(sd) for sd in content.game.sides if sd.id != side_id]
    for n in range(1, len(mine) + 1):
        if not any(o.startswith(mine[:n]) for o in others):
            return mine[:n]
    return mine


def side_band(background: str) -> tuple[str, str]:
    """The side mark's shade (the face colour, darker) and the ink that reads on it."""
    band = darken(background, 0.45)
    return band, readable_ink(band)


def _factors(ut, reduced: bool) -> dict:
    """The strength and defence a face prints (None for a unit type without them: a dice game)."""
    if ut.strength is None:
        return {"strength": None, "full_strength": None, "reduced_strength": None, "defence": None,
                "has_defence": False}
    return {"strength": ut.strength.reduced if reduced else ut.strength.full,
            "full_strength": ut.strength.full, "reduced_strength": ut.strength.reduced,
            "defence": ut.defence_of().reduced if reduced else ut.defence_of().full,
            "has_defence": ut.defence is not None}


def _unit_context(content: Content, side_id: str, type_id: str, reduced: bool, size: float,
                  nation_id: str | None = None) -> dict:
    side = content.side(side_id)
    ut = content.unit_type(type_id)
    col = content.piece_colours(side_id, nation_id)       # a nation's counters: its own colours
    nation = next((n for n in side.nations if n.id == nation_id), None) if nation_id else None
    bg = col.reduced if reduced else col.full
    band, band_ink = side_band(bg)
    return {
        "size": size,
        "face": "back" if reduced else "front",
        "unit": {"id": ut.id, "name": ut.name, "short": ut.short, "symbol": ut.symbol,
                 **_factors(ut, reduced),
                 "movement": ut.movement, "attack_distance": dict(ut.attack_distance),
                 "figures": ut.figures, "battle_dice": list(ut.battle_dice),
                 "facing": ut.facing, "badge": ut.badge},
        "side": {"id": side.id, "name": side.name, "adjective": side.adjective,
                 "initial": side_initial(content, side.id)},
        "nation": ({"id": nation.id, "name": nation.name, "adjective": nation.adjective or nation.name}
                   if nation is not None else None),
        "colour": {"background": bg, "text": col.reduced_text if reduced else col.text,
                   "band": band, "band_text": band_ink},
    }


def unit_face(content: Content, side_id: str, type_id: str, reduced: bool = False,
              content_root: str | Path | None = None, nation_id: str | None = None) -> list[Primitive]:
    """One unit counter face at the origin (``counter_size`` points square); a nation's unit
    (``nation_id``) in the nation's colours."""
    ctx = _unit_context(content, side_id, type_id, reduced, counter_size(content), nation_id)
    size = counter_size(content)
    return render(template_path("counter.yaml.j2", content_root), ctx,
                  Fit(check_text_fits, size, size, f"{side_id} {type_id} counter"))


def marker_face(content: Content, marker, which: str, content_root) -> list[Primitive]:
    """One face (``which``: "front" or "back") of a marker group's counter, at the origin."""
    face = marker.front if which == "front" else marker.back
    if face.colour:
        bg, ink = face.colour, readable_ink(face.colour)
    elif marker.side:
        col = content.side(marker.side).colour
        bg, ink = (col.full, col.text) if which == "front" else (col.reduced, col.reduced_text)
    else:
        bg, ink = "#ffffff", "#000000"
    band, band_ink = side_band(bg)
    ctx = {"size": counter_size(content), "face": which,
           "marker": {"id": marker.id, "name": marker.name, "track": marker.track or "",
                      "label": face.label, "caption": face.caption},
           "side": {"initial": side_initial(content, marker.side) if marker.side else ""},
           "colour": {"background": bg, "text": ink, "band": band, "band_text": band_ink}}
    size = counter_size(content)
    return render(template_path("marker.yaml.j2", content_root), ctx,
                  Fit(check_text_fits, size, size, f"marker '{marker.id}' {which} (counters.markers.{marker.id})"))


def pieces(content: Content, content_root: str | Path | None = None) -> list[Piece]:
    """Every piece of the counter mix, units side by side then markers, model order."""
    out: list[Piece] = []
    for side in content.game.sides:
        for group in content.counters.units:
            if group.side != side.id:
                continue
            front = tuple(unit_face(content, side.id, group.type, False, content_root, group.nation))
            back = tuple(unit_face(content, side.id, group.type, True, content_root, group.nation))
            n = len(group.setup) + group.reserve
            stem = f"{side.id}-{group.nation}-{group.type}-" if group.nation else f"{side.id}-{group.type}-"
            for i in range(n):
                num = sum(1 for p in out if p.id.startswith(stem)) + 1
                out.append(Piece(f"{stem}{num}", "unit", f"unit:{side.id}", side.id, front, back))
    for m in content.counters.markers:
        front = tuple(marker_face(content, m, "front", content_root))
        back = tuple(marker_face(content, m, "back", content_root))
        for i in range(m.count):
            pid = m.id if m.count == 1 else f"{m.id}-{i + 1}"
            out.append(Piece(pid, "marker", "markers", m.side, front, back))
    return out
