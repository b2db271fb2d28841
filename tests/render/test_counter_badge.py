"""A unit type's badge (``unit_types[].badge``): a few letters printed in a shield on every
counter of the type (the help's special forces badges), refused when too long for it, and no
change at all to the counters of a type without one."""
from pathlib import Path

import pytest

from genkit.model.load import load_game
from genkit.model.source import ContentError
from genkit.render.counters import pieces, unit_face
from genkit.render.draw import Circle, Polygon, Text
from genkit.render.geometry import iter_primitives

ROOT = Path(__file__).resolve().parents[2]
M44 = ROOT / "content" / "memoir44"


def texts(face) -> list[str]:
    return [p.text for p, _ in iter_primitives(face) if isinstance(p, Text)]


def shapes(face, kind) -> int:
    return sum(1 for p, _ in iter_primitives(face) if isinstance(p, kind))


@pytest.mark.parametrize("badge", ["SF", "ELIT"])
def test_a_badge_is_printed_on_every_counter_of_its_type(badge):
    plain = load_game(M44)
    marked = load_game(M44, overrides=[f"unit_types.infantry.badge={badge}"])
    assert plain.unit_type("infantry").badge is None and marked.unit_type("infantry").badge == badge
    for reduced in (False, True):
        before = unit_face(plain, "allies", "infantry", reduced, M44)
        after = unit_face(marked, "allies", "infantry", reduced, M44)
        assert badge not in texts(before) and texts(after).count(badge) == 1
        assert shapes(after, Polygon) == shapes(before, Polygon) + 1       # the shield
        assert shapes(after, Circle) == shapes(before, Circle) == plain.unit_type("infantry").figures
        assert unit_face(marked, "allies", "armour", reduced, M44) == unit_face(plain, "allies", "armour", reduced, M44)
    marked_pieces = [p for p in pieces(marked, M44) if p.kind == "unit"]
    infantry = [p for p in marked_pieces if "-infantry-" in p.id]
    assert infantry and all(badge in texts(p.front) and badge in texts(p.back) for p in infantry)
    assert not any(badge in texts(p.front) for p in marked_pieces if "-infantry-" not in p.id)


def test_a_badge_longer_than_a_shield_holds_is_refused_naming_the_field():
    with pytest.raises(ContentError) as err:
        load_game(M44, overrides=["unit_types.infantry.badge=RANGER"])
    assert "unit_types" in str(err.value) and "badge" in str(err.value) and "at most 4" in str(err.value)
