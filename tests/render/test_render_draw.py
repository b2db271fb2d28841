import pytest

from genkit.render.draw import Circle, Group, Line, Page, Polygon, Polyline, Rect, Text
from genkit.render.fonts import FONTS, cap_height, text_width
from genkit.render.geometry import bounds, fit_into, iter_primitives, place
from genkit.render.text_fit import TextFitError, fit_text, wrap_text


def test_text_width_uses_real_metrics():
    # DejaVu Sans: 'H' advance is 1540/2048 em
    assert text_width("H", "sans", 2048) == pytest.approx(1540, abs=1)
    assert text_width("", "sans", 10) == 0
    w = {f: text_width("Infantry 4-3-5", f, 10) for f in FONTS}
    assert w["condensed-bold"] < w["sans-bold"] and w["sans"] < w["sans-bold"]
    assert text_width("AB", "sans", 20) == pytest.approx(2 * text_width("AB", "sans", 10))


def test_fit_text():
    s = fit_text("5th Guards Rifle Division", "sans", 9, 40)
    assert 0 < s < 9
    assert text_width("5th Guards Rifle Division", "sans", s) <= 40
    assert text_width("5th Guards Rifle Division", "sans", s + 0.02) > 40  # largest that fits
    assert fit_text("4", "sans-bold", 9, 40) == 9
    with pytest.raises(TextFitError):
        fit_text("a very long name indeed", "sans", 9, 20, min_size=5)


def test_wrap_text():
    lines = wrap_text("Units in a zone of control must stop and may not move further", "sans", 8, 100)
    assert len(lines) > 1
    assert all(text_width(ln, "sans", 8) <= 100 for ln in lines)
    assert " ".join(lines) == "Units in a zone of control must stop and may not move further"


def test_cap_height():
    assert cap_height("sans", 100) == pytest.approx(72.9, abs=0.1)


def test_primitives_validate_and_freeze():
    r = Rect(0, 0, 10, 10, fill="#AABBCC")
    assert r.fill == "#aabbcc"
    with pytest.raises(Exception):
        r.x = 3
    with pytest.raises(ValueError):
        Rect(0, 0, 10, 10, fill="red")
    with pytest.raises(TypeError):
        Rect("0", 0, 10, 10)
    with pytest.raises(ValueError):
        Text(0, 0, "x", 10, font="helvetica")
    with pytest.raises(ValueError):
        Text(0, 0, "x", 10, anchor="left")
    with pytest.raises(ValueError):
        Text(0, 0, "two\nlines", 10)
    p = Polygon([[0, 0], [1, 0], [1, 1]])
    assert p.points == ((0, 0), (1, 0), (1, 1))
    assert hash(p) == hash(Polygon(((0, 0), (1, 0), (1, 1))))
    assert Line(0, 0, 1, 1, dash=[2, 1]).dash == (2, 1)
    with pytest.raises(ValueError):
        Line(0, 0, 1, 1, dash=[0, 0])
    with pytest.raises(TypeError):
        Group([1, 2])
    with pytest.raises(TypeError):
        Group([], clip=Line(0, 0, 1, 1))
    with pytest.raises(ValueError):
        Page(100, 100, [], trim_box=(0, 0, 200, 10))


def test_page_pdf_box_flips_y():
    p = Page(200, 100, [], trim_box=(10, 5, 50, 20))
    assert p.pdf_box(p.trim_box) == (10, 75, 60, 95)


def test_bounds_with_transforms_and_clip():
    assert bounds([Rect(10, 20, 30, 40)]) == (10, 20, 40, 60)
    g = place([Rect(0, 0, 10, 10)], 100, 50, scale=2)
    assert bounds(g) == (100, 50, 120, 70)
    g = Group([Rect(0, 0, 10, 20)], translate=(50, 50), rotate=90)
    b = bounds(g)
    assert b == pytest.approx((30, 50, 50, 60))
    clipped = Group([Circle(0, 0, 100)], clip=Rect(0, 0, 10, 10))
    assert bounds(clipped) == (0, 0, 10, 10)
    t = Text(0, 100, "Hq", 10, anchor="middle")
    x0, y0, x1, y1 = bounds(t)
    assert x0 == pytest.approx(-t.width / 2) and x1 == pytest.approx(t.width / 2)
    assert y0 < 100 - 7 and 100 < y1 < 103
    assert bounds([]) is None
    assert bounds([Polyline([(0, 0), (10, 0)], stroke_width=2)], include_stroke=True) == (-1, -1, 11, 1)


def test_fit_into_and_iter():
    content = [Rect(0, 0, 100, 50)]
    g = fit_into(content, 100, 50, 0, 0, 50, 50)
    assert bounds(g) == pytest.approx((0, 12.5, 50, 37.5))
    (prim, m), = list(iter_primitives([g]))
    assert prim is content[0]
    assert m[0] == pytest.approx(0.5)
