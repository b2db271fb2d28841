from pathlib import Path

import pytest

from genkit.render.draw import Group, Line, Polygon, Rect, Text
from genkit.render.fonts import text_width
from genkit.render.pdf import pdf_bytes
from genkit.render.draw import Page
from genkit.render.svg import svg_string
from genkit.render.templates import TemplateError, primitives_from_yaml, render_template

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "templates" / "_example.yaml.j2"

UNIT = {"id": "1/5", "name": "5th Guards Rifle Division", "type": "infantry",
        "attack": 4, "defense": 3, "move": 5, "color": "#c8d8a0"}


def test_example_template_renders_primitives():
    items = render_template(EXAMPLE, {"unit": UNIT, "side": "front"})
    assert isinstance(items[0], Rect) and items[0].fill == "#c8d8a0"
    texts = [t for t in items if isinstance(t, Text)]
    assert [t.text for t in texts] == ["1/5", "4-3-5", "5th Guards Rifle Division"]
    name = texts[-1]
    assert text_width(name.text, name.font, name.size) <= 45 - 4   # fit_text in the template
    group = next(i for i in items if isinstance(i, Group))
    assert isinstance(group.clip, Rect) and group.translate == (12.5, 10)
    assert sum(isinstance(i, Line) for i in group.items) == 2
    assert not any(isinstance(i, Polygon) for i in items)
    back = render_template(EXAMPLE, {"unit": dict(UNIT, type="armor"), "side": "back"})
    assert isinstance(back[-1], Polygon)
    # renders through both backends
    page = Page(45, 45, items)
    assert pdf_bytes([page], "t").startswith(b"%PDF")
    assert "<text" in svg_string(page)


def test_user_text_is_quoted_safely():
    evil = dict(UNIT, name='Evil: "unit" # [x] {y}', id="- a")
    items = render_template(EXAMPLE, {"unit": evil, "side": "front"})
    assert [t.text for t in items if isinstance(t, Text)][-1] == evil["name"]


def _write(tmp_path, body, name="t.yaml.j2"):
    p = tmp_path / name
    p.write_text(body)
    return p


def test_unknown_primitive(tmp_path):
    p = _write(tmp_path, "- rect: {x: 0, y: 0, w: 1, h: 1}\n- star: {x: 1}\n")
    with pytest.raises(TemplateError) as e:
        render_template(p, {})
    msg = str(e.value)
    assert str(p) in msg and "entry 1" in msg and "unknown primitive 'star'" in msg


def test_unknown_field_in_nested_group(tmp_path):
    p = _write(tmp_path, "- group:\n    items:\n      - text: {x: 0, y: 0, text: a, size: 5, colour: '#000000'}\n")
    with pytest.raises(TemplateError) as e:
        render_template(p, {})
    msg = str(e.value)
    assert "entry 0 (group) > items[0] (text)" in msg
    assert "unknown field 'colour'" in msg and "fill" in msg


def test_missing_field_and_bad_values(tmp_path):
    with pytest.raises(TemplateError, match=r"missing field 'h' for rect"):
        render_template(_write(tmp_path, "- rect: {x: 0, y: 0, w: 1}\n"), {})
    with pytest.raises(TemplateError, match=r"entry 0 \(rect\): Rect.fill must be '#rrggbb'"):
        render_template(_write(tmp_path, "- rect: {x: 0, y: 0, w: 1, h: 1, fill: red}\n"), {})
    with pytest.raises(TemplateError, match=r"Text.anchor"):
        render_template(_write(tmp_path, "- text: {x: 0, y: 0, text: a, size: 5, anchor: left}\n"), {})
    with pytest.raises(TemplateError, match=r"clip: unknown primitive 'line'"):
        render_template(_write(tmp_path, "- group: {items: [], clip: {line: {x1: 0, y1: 0, x2: 1, y2: 1}}}\n"), {})
    with pytest.raises(TemplateError, match=r"YAML list"):
        render_template(_write(tmp_path, "rect: {x: 0}\n"), {})


def test_unquoted_colour_is_reported(tmp_path):
    p = _write(tmp_path, "- rect: {x: 0, y: 0, w: 1, h: 1}\n- rect: {x: 0, y: 0, w: 1, h: 1, fill: #aabbcc}\n")
    with pytest.raises(TemplateError, match=r"line 2: unquoted colour"):
        render_template(p, {})


def test_undefined_variable_and_yaml_errors(tmp_path):
    p = _write(tmp_path, "- text: {x: 0, y: 0, text: {{ unit.nmae | yaml }}, size: 5}\n")
    with pytest.raises(TemplateError, match=r"undefined value") as e:
        render_template(p, {"unit": {"name": "x"}})
    assert str(p) in str(e.value)
    with pytest.raises(TemplateError, match=r"template syntax error"):
        render_template(_write(tmp_path, "{% if %}\n"), {})
    with pytest.raises(TemplateError, match=r"invalid YAML"):
        render_template(_write(tmp_path, "- rect: {x: 0, y: [\n"), {})
    with pytest.raises(TemplateError, match=r"not found"):
        render_template(tmp_path / "nope.yaml.j2", {})


def test_sandbox_blocks_unsafe_access(tmp_path):
    p = _write(tmp_path, "{{ ''.__class__.__mro__ }}\n")
    with pytest.raises(TemplateError):
        render_template(p, {})


def test_primitives_from_yaml_direct():
    items = primitives_from_yaml("- circle: {cx: 1, cy: 2, r: 3, fill: '#FF0000'}\n- polyline: {points: [[0, 0], [1, 1]], dash: [1, 1]}\n")
    assert items[0].fill == "#ff0000" and items[1].dash == (1, 1)
    assert primitives_from_yaml("") == []


def test_colour_like_text_inside_quotes_is_fine(tmp_path):
    p = _write(tmp_path, '- text: {x: 0, y: 0, text: {{ label | yaml }}, size: 5, fill: "#102030"}\n')
    items = render_template(p, {"label": "HQ: #aabbcc, [x]"})
    assert items[0].text == "HQ: #aabbcc, [x]" and items[0].fill == "#102030"
