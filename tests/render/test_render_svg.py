import xml.etree.ElementTree as ET

from genkit.render.draw import Group, Page, Polyline, Rect, Text
from genkit.render.svg import fmt, svg_string, write_svg

from render_helpers import build_sample_pages

NS = "{http://www.w3.org/2000/svg}"


def test_svg_parses_with_size_in_points(tmp_path, sample_pages):
    paths = [write_svg(p, tmp_path / f"p{i}.svg") for i, p in enumerate(sample_pages)]
    root = ET.parse(paths[0]).getroot()
    assert root.tag == NS + "svg"
    assert root.get("width") == "1224pt" and root.get("height") == "792pt"
    assert root.get("viewBox") == "0 0 1224 792"
    root2 = ET.parse(paths[1]).getroot()
    assert (root2.get("width"), root2.get("height")) == ("612pt", "792pt")
    assert root.find(NS + "title").text == "sample map"


def test_svg_content(sample_pages):
    root = ET.fromstring(svg_string(sample_pages[0]))
    texts = root.findall(f".//{NS}text")
    fams = {t.get("font-family") for t in texts}
    assert any("DejaVu Sans Condensed" in f for f in fams)
    assert all(f.endswith("sans-serif") for f in fams)
    assert any(t.get("font-weight") == "bold" for t in texts)
    assert any(t.get("transform", "").startswith("rotate(30 ") for t in texts)
    clips = root.findall(f".//{NS}clipPath")
    assert [c.get("id") for c in clips] == ["clip1", "clip2"]
    assert len(root.findall(f".//{NS}g[@clip-path]")) == 2
    assert any(e.get("stroke-dasharray") for e in root.iter())


def test_svg_deterministic(tmp_path):
    for i, (a, b) in enumerate(zip(build_sample_pages(), build_sample_pages())):
        pa = write_svg(a, tmp_path / f"a{i}.svg")
        pb = write_svg(b, tmp_path / f"b{i}.svg")
        assert pa.read_bytes() == pb.read_bytes()


def test_number_formatting():
    assert fmt(1.0) == "1"
    assert fmt(0.1 + 0.2) == "0.3"
    assert fmt(-0.0001) == "0"
    assert fmt(595.2756) == "595.276"
    assert fmt(-12.5) == "-12.5"
    s = svg_string(Page(10, 10, [Rect(1 / 3, 2 / 3, 1, 1)]))
    assert 'x="0.333"' in s and 'y="0.667"' in s


def test_polyline_not_filled_and_empty_groups_skipped():
    s = svg_string(Page(10, 10, [Polyline([(0, 0), (5, 5)]), Group([]), Text(1, 1, "", 5)]))
    root = ET.fromstring(s)
    assert root.find(f"{NS}polyline").get("fill") == "none"
    assert root.find(f"{NS}g") is None and root.find(f"{NS}text") is None


def test_special_characters_escaped():
    s = "A<&>\"(x)' é – ½"
    root = ET.fromstring(svg_string(Page(300, 50, [Text(5, 30, s, 12)], title="<t&>")))
    assert root.find(f"{NS}text").text == s
    assert root.find(f"{NS}title").text == "<t&>"
