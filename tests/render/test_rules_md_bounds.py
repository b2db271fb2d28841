"""rules.md is untrusted (issue 23): whatever it holds, check and build end by themselves in
seconds, exit 1 with rules.md and the line named in genkit's words, and write nothing; what check
passes, build builds."""
from __future__ import annotations

import re
import time
from pathlib import Path

from genkit.pack.printable import check_path
from genkit.render.rules_text import rules_findings

BASE = "# 1.0 Start\n\nText.\n\n"


def _write(game: Path, body: str) -> None:
    (game / "rules.md").write_text(BASE + body)


def _layout_findings(game: Path):
    return [(f.line, f.message) for f in check_path(game) if f.code == "rules-layout"]


def _refused_by_build(genkit, game: Path, out: Path, *limits: str) -> str:
    status, stdout, stderr = genkit(*limits, "build", game, "--only", "rules", "--out", out)
    assert status == 1 and not out.exists()
    return stdout + stderr


def test_check_finds_each_raw_html_tag_on_its_own_line_in_time_linear_in_the_tags(game_copy):
    from genkit.model.load import load_game
    content = load_game(game_copy)
    lines = {}
    for n in (10_000, 40_000):   # before: 2.4 s and about 28 s (each tag searched from its block's top)
        _write(game_copy, "".join(f"x <b n={i}>\n" for i in range(n)))
        start = time.perf_counter()
        found = [f.line for f in rules_findings(content, game_copy) if f.code == "rules-markdown"]
        lines[n] = (found, time.perf_counter() - start)
    found, seconds = lines[40_000]
    assert found == list(range(5, 5 + 1_000))   # the first thousand, each on its line
    assert seconds < 8 * max(lines[10_000][1], 0.25)    # linear: 4 times the tags, not 16 times the time


def test_a_paragraph_too_long_to_lay_out_is_refused_by_check_and_build_with_its_line(game_copy, genkit, tmp_path):
    _write(game_copy, "Short.\n\n" + "word " * 180_000 + "\n")   # 900 kB: laid out in 4 min 19 s before
    ((line, message),) = _layout_findings(game_copy)
    assert line == 7 and "899,999 characters" in message and "20,000" in message
    start = time.perf_counter()
    said = _refused_by_build(genkit, game_copy, tmp_path / "out")
    assert "rules.md:7:" in said and time.perf_counter() - start < 30


def test_thousands_of_tables_are_refused_before_anything_is_laid_out(game_copy, genkit, tmp_path):
    _write(game_copy, "[[units]]\n\n" * 20_000)   # before: 100 s and 2.6 GB, then refused at page 501
    ((line, message),) = _layout_findings(game_copy)
    assert 5 < line < 40_000 and "500 pages" in message and "--limit rules_pages=N" in message
    start = time.perf_counter()
    said = _refused_by_build(genkit, game_copy, tmp_path / "out")
    assert f"rules.md:{line}:" in said and time.perf_counter() - start < 30


def test_the_page_limit_is_raised_with_limit_rules_pages(game_copy, genkit, tmp_path):
    _write(game_copy, "[[units]]\n\n" * 30)
    _refused_by_build(genkit, game_copy, tmp_path / "out", "--limit", "rules_pages=3")
    status, _, _ = genkit("--limit", "rules_pages=300", "build", game_copy, "--only", "rules",
                          "--out", tmp_path / "raised")
    assert status == 0 and (tmp_path / "raised" / "rules.pdf").exists()


def test_a_rules_md_past_a_face_s_output_builds_and_rules_size_bounds_it(game_copy, genkit, tmp_path):
    _write(game_copy, ("A sentence of the rules, long enough. " * 20 + "\n\n") * 1_400)   # 1.06 MB
    status, _, _ = genkit("build", game_copy, "--only", "rules", "--out", tmp_path / "out")
    assert status == 0 and (tmp_path / "out" / "rules.pdf").exists()
    said = _refused_by_build(genkit, game_copy, tmp_path / "small", "--limit", "rules_size=500kB")
    assert "rules.md:1:" in said and "rules_size=500KB" in said and "--limit rules_size=N" in said


def test_a_table_wider_than_the_page_is_a_check_error_with_its_line(game_copy, genkit, tmp_path):
    head = "|" + "|".join(f"c{i}" for i in range(200)) + "|\n|" + "---|" * 200 + "\n"
    _write(game_copy, "Intro.\n\n" + head + "|" + "x|" * 200 + "\n")
    ((line, message),) = _layout_findings(game_copy)
    assert line == 7 and "200 columns" in message
    assert "rules.md:7:" in _refused_by_build(genkit, game_copy, tmp_path / "out")


def test_a_table_as_wide_as_check_allows_builds(game_copy, genkit, tmp_path):
    head = "|" + "|".join(f"c{i}" for i in range(26)) + "|\n|" + "---|" * 26 + "\n"
    _write(game_copy, head + ("|" + "x|" * 26 + "\n") * 3)
    assert _layout_findings(game_copy) == []
    status, _, _ = genkit("build", game_copy, "--only", "rules", "--paper", "a4", "--out", tmp_path / "out")
    assert status == 0


def test_a_designer_s_note_longer_than_a_page_runs_on_to_the_next(game_copy, genkit, tmp_path):
    _write(game_copy, ("> " + "A long designer note sentence. " * 12 + "\n>\n") * 80 + "\n")
    assert _layout_findings(game_copy) == []
    status, _, _ = genkit("build", game_copy, "--only", "rules", "--out", tmp_path / "out")
    assert status == 0 and (tmp_path / "out" / "rules.pdf").exists()


def test_a_table_row_taller_than_a_page_is_a_check_error_with_its_line(game_copy, genkit, tmp_path):
    _write(game_copy, "| a | b | c |\n|---|---|---|\n| x | " + "word " * 3_900 + " | y |\n")
    ((line, message),) = _layout_findings(game_copy)   # before: check passed, build stopped in reportlab's words
    assert line == 7 and "taller than the booklet's page" in message
    assert "rules.md:7:" in _refused_by_build(genkit, game_copy, tmp_path / "out")


def test_a_table_row_of_narrow_columns_taller_than_a_page_is_a_check_error(game_copy):
    """Found by benchmarks/fuzz_rules_md.py (seed 1, case 257): three columns of 1,000 characters
    each passed check (estimated at the page's width) and stopped the build; the booklet gives a
    Markdown table 50 points a column, and check now measures the row at that width."""
    cell = " ".join(["the attacker rolls one die per unit"] * 28)
    row = f"|{cell}|{cell}|{cell}|\n"
    _write(game_copy, row + "|---|---|---|\n" + row)
    assert [line for line, _ in _layout_findings(game_copy)] == [5, 7]


def test_check_stops_looking_after_a_thousand_findings_and_says_so(game_copy):
    _write(game_copy, "{{ unit_types.tank }}\n" * 5_000)
    found = [f for f in check_path(game_copy) if f.code.startswith("rules")]
    assert len(found) == 1_001 and found[-1].code == "rules-more" and "first 1,000" in found[-1].message


def test_placeholders_nested_too_deep_to_read_are_a_finding_with_the_deepest_line(game_copy, genkit, tmp_path):
    """Found by benchmarks/fuzz_rules_md.py (seed 2, case 127): 8,000 nested {% if %} made
    check's own parse overflow Python's stack, a check that "could not run"."""
    _write(game_copy, "{% if true %}\n" * 8_000 + "deep\n" + "{% endif %}\n" * 8_000)
    (found,) = [f for f in check_path(game_copy) if f.code.startswith("rules")]
    # refused where the nesting passes what genkit reads (the template sandbox's nesting limit
    # comes first now), a line inside the nest, in genkit's words
    assert found.code == "rules-placeholder" and 4 < found.line <= 4 + 8_000 and "nested" in found.message
    _refused_by_build(genkit, game_copy, tmp_path / "out")


def test_a_heading_longer_than_a_heading_may_be_is_a_check_error_with_its_line(game_copy, genkit, tmp_path):
    """Found by benchmarks/fuzz_rules_md.py (seed 3, case 103): a heading of 10,661 characters
    passed check and broke the layout with an internal error when it had to split."""
    _write(game_copy, "## 1.1 " + "Long heading words " * 600 + "\n\nBody.\n")
    ((line, message),) = _layout_findings(game_copy)
    assert line == 5 and "heading of 11,403 characters" in message and "500" in message
    assert "rules.md:5:" in _refused_by_build(genkit, game_copy, tmp_path / "out")


def test_a_table_line_inside_a_fence_prints_as_written_in_check_and_build_alike(game_copy, genkit, tmp_path):
    """Found by benchmarks/fuzz_rules_md.py (seed 4, case 139): check skipped a [[chart]] line
    inside a ``` fence, the booklet tried to draw it and refused the build."""
    _write(game_copy, "```\n[[chart]]\n[[no_such_table]]\n```\n")
    assert [f for f in check_path(game_copy) if f.code.startswith("rules")] == []
    status, _, _ = genkit("build", game_copy, "--only", "rules", "--out", tmp_path / "out")
    assert status == 0 and (tmp_path / "out" / "rules.pdf").exists()


def test_a_booklet_that_runs_past_the_page_limit_in_layout_says_so_in_genkits_words(game_copy, genkit, tmp_path):
    """The estimate lets Bering Land's 11 pages through at rules_pages=10; the layout stops at page
    11 and says so with rules.md's line, in genkit's words only (reportlab added its own words,
    "handle_pageBegin args=()", to what the page callback raised)."""
    said = _refused_by_build(genkit, game_copy, tmp_path / "out", "--limit", "rules_pages=10")
    assert re.search(r"rules\.md:\d+: the booklet runs past 10 pages", said)
    assert "--limit rules_pages=N" in said and "handle_pageBegin" not in said and "args=" not in said
