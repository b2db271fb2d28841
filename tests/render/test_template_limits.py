"""Face templates are untrusted input: they stay inside their content pack and within budgets.

Each test is a hostile (or careless) template and asserts the refusal: a TemplateError naming
the template, the limit hit and the fix.  Budgets that would take long to exhaust are passed
small as Limits; no test measures wall time.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from genkit.render.draw import Rect, Text
from genkit.render.layout import render, template_path
from genkit.render.sandbox import LimitedEnvironment, Limits, budget, size_of
from genkit.render.templates import TemplateError, make_environment, render_template

ROOT = Path(__file__).resolve().parents[2]
RECT = "- rect: {x: 0, y: 0, w: 1, h: 1}\n"
MARKER = {"size": 45, "face": "front", "colour": {"background": "#ffffff", "text": "#000000"},
          "marker": {"id": "m", "name": "Turn", "track": "", "label": "T", "caption": "turn"}}


def _pack(tmp_path: Path, templates: dict[str, str] | None = None) -> Path:
    """A content pack folder whose templates/ holds ``templates`` (name -> source)."""
    pack = tmp_path / "pack"
    (pack / "templates").mkdir(parents=True)
    for name, source in (templates or {}).items():
        (pack / "templates" / name).write_text(source)
    return pack


def _secret(tmp_path: Path) -> Path:
    secret = tmp_path / "outside" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text("- text: {x: 0, y: 0, text: SECRET, size: 5}\n")
    return secret


def _refusal(source: str, tmp_path: Path, limits: Limits = Limits()) -> str:
    """The message of the TemplateError rendering ``source`` raises."""
    path = tmp_path / "face.yaml.j2"
    path.write_text(source)
    with pytest.raises(TemplateError) as e:
        render_template(path, {}, limits=limits)
    assert str(path) in str(e.value)
    return str(e.value)


# --------------------------------------------------------------------------- links

def test_include_of_a_link_out_of_the_pack_is_refused(tmp_path):
    pack = _pack(tmp_path, {"counter.yaml.j2": '{% include "passwd_link" %}\n'})
    (pack / "templates" / "passwd_link").symlink_to(_secret(tmp_path))
    with pytest.raises(TemplateError) as e:
        render(template_path("counter.yaml.j2", pack), {})
    msg = str(e.value)
    assert "counter.yaml.j2:1" in msg and "'passwd_link' is a link to" in msg
    assert "outside the content pack" in msg and "SECRET" not in msg


def test_a_face_template_that_is_a_link_out_of_the_pack_is_refused(tmp_path):
    pack = _pack(tmp_path)
    (pack / "templates" / "counter.yaml.j2").symlink_to(_secret(tmp_path))
    with pytest.raises(TemplateError, match=r"'counter.yaml.j2' is a link to .*secret.txt, "
                                            r"outside the content pack"):
        render(template_path("counter.yaml.j2", pack), {})


def test_a_templates_folder_linked_out_of_the_pack_is_refused(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "counter.yaml.j2").write_text(RECT)
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "templates").symlink_to(elsewhere)
    with pytest.raises(TemplateError, match=r"outside the content pack"):
        render(template_path("counter.yaml.j2", pack), {})


def test_links_that_stay_inside_the_pack_are_followed(tmp_path):
    pack = _pack(tmp_path, {"counter.yaml.j2": '{% include "part" %}\n'})
    (pack / "shared").mkdir()
    (pack / "shared" / "part.j2").write_text(RECT)
    (pack / "templates" / "part").symlink_to(pack / "shared" / "part.j2")
    assert render(template_path("counter.yaml.j2", pack), {}) == [Rect(0, 0, 1, 1)]


def test_a_link_retargeted_after_a_render_is_checked_again(tmp_path):
    pack = _pack(tmp_path, {"counter.yaml.j2": '{% include "part" %}\n', "inside": RECT})
    link = pack / "templates" / "part"
    link.symlink_to(pack / "templates" / "inside")
    path = template_path("counter.yaml.j2", pack)
    assert render_template(path, {}, root=pack) == [Rect(0, 0, 1, 1)]
    link.unlink()
    link.symlink_to(_secret(tmp_path))
    with pytest.raises(TemplateError, match=r"outside the content pack"):
        render_template(path, {}, root=pack)


def test_a_pack_template_includes_its_own_then_genkits(tmp_path):
    pack = _pack(tmp_path, {"card.yaml.j2": '{% include "marker.yaml.j2" %}{% include "mine" %}\n',
                            "mine": RECT})
    items = render(template_path("card.yaml.j2", pack), MARKER)
    assert items[-1] == Rect(0, 0, 1, 1)  # the pack's own file
    assert any(isinstance(i, Text) and i.text == "T" for i in items)  # genkit's marker
    (pack / "templates" / "marker.yaml.j2").write_text(RECT)  # the pack's shadows genkit's,
    path = template_path("card.yaml.j2", pack)  # even once genkit's was compiled
    assert render_template(path, MARKER, root=pack) == [Rect(0, 0, 1, 1)] * 2


def test_dot_dot_in_an_include_is_not_found(tmp_path):
    _secret(tmp_path)
    msg = _refusal('{% include "../outside/secret.txt" %}\n', tmp_path)
    # refused at the include's line, naming what was asked for, and nothing of the file is read
    assert "face.yaml.j2:1" in msg and "../outside/secret.txt" in msg and "SECRET" not in msg


def test_genkit_build_stops_at_a_link_out_of_the_pack(game_copy, tmp_path):
    templates = game_copy / "templates"
    templates.mkdir(exist_ok=True)
    (templates / "passwd_link").symlink_to(_secret(tmp_path))
    (templates / "marker.yaml.j2").write_text(
        (ROOT / "templates" / "marker.yaml.j2").read_text() + '{% include "passwd_link" %}\n')
    out = subprocess.run([sys.executable, "-m", "genkit.cli", "build", str(game_copy),
                          "--out", str(tmp_path / "kit"), "--only", "counters"],
                         capture_output=True, text=True)
    assert out.returncode == 1
    said = out.stdout + out.stderr          # genkit check's finding, or the build's own error
    assert "error:" in said and "'passwd_link' is a link to" in said
    assert not (tmp_path / "kit" / "counters.pdf").exists()


# --------------------------------------------------------------------------- budgets

def test_nested_ranges_stop_at_the_loop_limit(tmp_path):
    msg = _refusal("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}"
                   "{% endfor %}\n", tmp_path)
    assert "face.yaml.j2:1: its loops ran more than 100,000 times" in msg


def test_loops_over_a_list_are_counted_too(tmp_path):
    msg = _refusal("{% set xs = range(100) | list %}{% for a in xs %}{% for b in xs %}"
                   "{% endfor %}{% endfor %}\n", tmp_path, Limits(loops=5000))
    assert "loops ran more than 5,000 times" in msg


def test_a_long_range_is_refused(tmp_path):
    msg = _refusal("{% for i in range(100000) %}{% endfor %}\n", tmp_path)
    assert "range() of 100,000 items, past the 10,000 allowed" in msg


def test_a_silent_loop_stops_at_the_time_limit(tmp_path):
    # 100 million iterations writing nothing: only the clock can stop it
    msg = _refusal("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}"
                   "{% endfor %}\n", tmp_path, Limits(seconds=0.01, loops=10 ** 9))
    assert "took longer than 0.01 s to render" in msg


def test_repeating_a_string_past_the_budget_is_refused_before_it_is_built(tmp_path):
    msg = _refusal("{{ ('a' * 3000000000) | length }}\n", tmp_path)
    assert "'*' could build 3,000,000,000 characters" in msg and "past the 2,000,000" in msg


def test_a_list_of_one_long_string_repeated_counts_its_text_when_written(tmp_path):
    msg = _refusal("{{ ['x' * 2000] * 1000 }}\n", tmp_path)
    assert "writing a value could build 1,99" in msg and "more, after 3,000 characters" in msg
    msg = _refusal("{{ (['x' * 2000] * 1000) | upper }}\n", tmp_path)
    assert "filter 'upper' could build 1,99" in msg
    msg = _refusal("{{ '-'.join(['x' * 2000] * 1000) }}\n", tmp_path)
    assert "calling 'join' could build" in msg


def test_huge_powers_and_products_are_refused(tmp_path):
    assert "'**' would make a number of about 369,693,100 digits" in _refusal(
        "{{ 9 ** (9 ** 9) }}\n", tmp_path)
    assert "'*' would make a number of about 5,00" in _refusal(
        "{% set a = 10 ** 2500 %}{{ a * a }}\n", tmp_path)


def test_doubling_a_string_in_a_loop_is_refused(tmp_path):
    msg = _refusal("{% set ns = namespace(s='ab') %}{% for i in range(40) %}"
                   "{% set ns.s = ns.s ~ ns.s %}{% endfor %}\n", tmp_path)
    assert "'~' could build" in msg
    msg = _refusal("{% set ns = namespace(s=[1, 2]) %}{% for i in range(40) %}"
                   "{% set ns.s = ns.s + ns.s %}{% endfor %}\n", tmp_path)
    assert "'+' could build" in msg


@pytest.mark.parametrize("expr, what", [
    ("'a' | center(10 ** 9)", "filter 'center'"),
    ("'a'.ljust(10 ** 9)", "calling 'ljust'"),
    ("('a' * 2000) | replace('a', 'b' * 2000)", "filter 'replace'"),
    ("('a' * 2000).replace('a', 'b' * 2000)", "calling 'replace'"),
    ("('\t' * 2000).expandtabs(2000)", "calling 'expandtabs'"),
    ("('-' * 2000).join('x' * 2000)", "calling 'join'"),
    ("'%999999999d' % 1", "'%'"),
    ("'%*d' % (999999999, 1)", "'%'"),
    ("'%999999999d' | format(1)", "filter 'format'"),
    ("'{:>999999999}'.format(1)", "the format spec '>999999999'"),
    ("[1] | batch(10 ** 7, fill_with='x' * 100)", "filter 'batch'"),
    ("([[1] * 100] * 10000) | sum(start=[])", "filter 'sum'"),  # quadratic in one step
    ("([[1] * 100] * 10000) | map('list') | sum(start=[])", "filter 'sum'"),
    ("range(5000) | map('string') | join('-' * 1000)", "filter 'join'"),
])
def test_one_step_amplifiers_are_refused_before_they_run(tmp_path, expr, what):
    msg = _refusal(f"{{{{ {expr} }}}}\n", tmp_path)
    assert f"{what} could build" in msg and "huge numbers given as widths or counts" in msg


def test_numbers_as_values_are_not_widths(tmp_path):
    path = tmp_path / "face.yaml.j2"
    path.write_text("- text: {x: 0, y: 0, size: 5, text: {{ ('%d-%d' | format(10 ** 7, 5) ~ "
                    "(10 ** 300) | string | length ~ (range(3000) | sum)) | yaml }}}\n")
    [text] = render_template(path, {})
    assert text.text == "10000000-53014498500"


def test_lipsum_is_gone(tmp_path):
    assert "undefined value" in _refusal("{{ lipsum(10 ** 6) }}\n", tmp_path)


def test_output_is_capped(tmp_path):
    msg = _refusal("{% for i in range(2000) %}{{ 'x' * 1000 }}{% endfor %}\n", tmp_path)
    assert "wrote more than 1,000,000 characters" in msg


def test_text_captured_by_set_and_macros_counts_as_output(tmp_path):
    loop = "{% for i in range(100) %}" + "A" * 100 + "{% endfor %}"
    msg = _refusal("{% set big %}" + loop + "{% endset %}\n", tmp_path, Limits(output=5000))
    assert "wrote more than 5,000 characters" in msg
    msg = _refusal("{% macro m() %}" + loop + "{% endmacro %}{% set x = m() %}\n", tmp_path,
                   Limits(output=5000))
    assert "wrote more than 5,000 characters" in msg


def test_endless_recursion_is_reported(tmp_path):
    msg = _refusal("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}\n", tmp_path)
    assert "calls itself without end" in msg


def test_a_refusal_in_an_included_template_names_it_and_its_line(tmp_path):
    (tmp_path / "part.j2").write_text("\n\n{{ 'a' * 10 ** 9 }}\n")
    msg = _refusal('{% include "part.j2" %}\n', tmp_path)
    assert f"{tmp_path / 'face.yaml.j2'}:1 > {tmp_path / 'part.j2'}:3: '*' could build" in msg


def test_the_budget_covers_all_a_face_includes(tmp_path):
    (tmp_path / "part.j2").write_text("{% for i in range(60) %}{% endfor %}")
    msg = _refusal('{% include "part.j2" %}{% include "part.j2" %}\n', tmp_path,
                   Limits(loops=100))
    assert "loops ran more than 100 times" in msg


def test_every_refusal_is_a_value_error():
    assert issubclass(TemplateError, ValueError)  # the build reports it as "error: ..."


# --------------------------------------------------------------------------- the rest

def test_templates_render_as_before_and_are_compiled_once(tmp_path):
    env = make_environment(str(ROOT / "templates"), str(ROOT / "templates"))
    assert make_environment(str(ROOT / "templates"), str(ROOT / "templates")) is env
    assert isinstance(env, LimitedEnvironment)
    path = tmp_path / "face.yaml.j2"
    path.write_text(RECT)
    assert render_template(path, {}) == [Rect(0, 0, 1, 1)]
    path.write_text(RECT.replace("w: 1", "w: 2"))
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10 ** 9))
    assert render_template(path, {}) == [Rect(0, 0, 2, 1)]  # a changed file is recompiled


def test_size_of_counts_nested_text_and_stops_at_its_limit():
    assert size_of(["ab", ("c", {"d": "ef"})], 100) == 2 + 2 + 2 + 1 + 1 + 1 + 2
    loop: list = []
    loop.append(loop)  # a list that contains itself: counting still ends
    assert size_of(loop, 1000) == 1001


FEATURES = {
    "base.j2": "head\n{% block body %}default{% endblock %}\ntail {{ 3 * 2 }}\n",
    "macros.j2": "{% macro box(n) %}[{{ n }}{{ caller() if caller else '' }}]{% endmacro %}",
    "face.j2": """{% extends "base.j2" %}
{% import "macros.j2" as m %}
{% block body %}
{% set ns = namespace(total=0) %}
{% for x in [3, 1, 2] | sort if x > 1 %}{{ x }}{{ loop.cycle('a', 'b') }}{% if loop.last %}!{% endif %}{% set ns.total = ns.total + x %}{% else %}none{% endfor %}
{% for t in [{'n': 1, 'kids': [{'n': 2, 'kids': []}]}] recursive %}<{{ t.n }}{{ loop(t.kids) }}>{% endfor %}
{% set captured %}{% for i in range(3) %}{{ i }},{% endfor %}{% endset %}{{ captured ~ '|' ~ ns.total }}
{% call m.box(7) %}inner{% endcall %}{% filter upper %}shout {{ 'x' * 3 }}{% endfilter %}
{{ '%05.1f|%s' % (2.5, [1, 'a']) }} {{ '{:>4}'.format(7) }} {{ 2 ** 10 }} {{ [1, 2] + [3] }}
{{ {'b': 2, 'a': 1} | dictsort | map('join', '=') | join(',') }} {{ range(4) | batch(3) | list }}
{% include "macros.j2" %}{{ 'é' | center(5) }}{{ (range(3) | map('string') | sum(start='') if false else 'ok') }}
{% endblock %}
""",
}


def test_the_limits_change_no_output(tmp_path):
    """What jinja2's own sandbox renders, the limited one renders too, byte for byte."""
    for name, source in FEATURES.items():
        (tmp_path / name).write_text(source)
    options = dict(undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                   keep_trailing_newline=True)
    plain = SandboxedEnvironment(loader=FileSystemLoader(str(tmp_path)), **options)
    expected = plain.get_template("face.j2").render()
    assert "2a3b!" in expected and "<1<2>>" in expected and "[7inner]SHOUT XXX" in expected
    with budget(Limits()):
        limited = make_environment(str(tmp_path), str(tmp_path))
        assert limited.get_template("face.j2").render() == expected


# --------------------------------------------------------------------------- the YAML a face writes

def test_deeply_nested_output_is_refused_not_a_crash(tmp_path):
    # 300,000 nested lists: libyaml's own composer recurses once per level and crashes the
    # process. Refused, naming the face and the rendered line, in a short message; which reader
    # says no first (genkit's composer or, in newer PyYAML, the scanner) is not genkit's promise
    msg = _refusal("{{ '[' * 300000 }}\n", tmp_path)
    assert "face.yaml.j2: rendered line 1: invalid YAML" in msg
    assert len(msg) < 1000


def test_output_nested_past_the_depth_limit_names_the_limit(tmp_path):
    # 100 levels: past genkit's depth limit (64), well within what any YAML parser reads
    msg = _refusal("{{ '[' * 100 }}{{ ']' * 100 }}\n", tmp_path)
    assert "face.yaml.j2: rendered line 1: invalid YAML: values nested more than 64" in msg
    assert "--limit depth=N" in msg


def test_aliases_that_multiply_output_are_refused(tmp_path):
    # each level doubles the groups: 2**40 rects from a few hundred characters
    levels = "".join(f"- &a{i} {{group: {{items: [*a{i - 1}, *a{i - 1}]}}}}\n" for i in range(1, 41))
    msg = _refusal("- &a0 {rect: {x: 0, y: 0, w: 1, h: 1}}\n" + levels, tmp_path)
    assert "invalid YAML: more than" in msg and "values built by aliases" in msg


def test_a_key_written_twice_in_a_face_is_reported_with_its_line(tmp_path):
    msg = _refusal(RECT + "- rect: {x: 0, y: 0, w: 1, h: 1, x: 2}\n", tmp_path)
    assert "rendered line 2: invalid YAML: key 'x' appears twice" in msg
