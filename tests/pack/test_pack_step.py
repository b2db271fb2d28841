"""The pack step (genkit/pack/): the rules module's section validated on loading, the checks
of the model, the rules module and the drawings brought together, and the layers it keeps: the
model imports nothing above it; sim and play lay nothing out; build prints what check laid out."""
import dataclasses
import os
import subprocess
import sys

import pytest

from genkit.model.check import run_checks
from genkit.model.load import ContentError, load as model_load
from genkit.pack.playable import load, load_checked
from genkit.pack.printable import build_kit, check_model, check_path, load_printable
from tests.conftest import BERING, ROOT, edit

# ---- the rules module's section, validated when the pack is loaded

def test_rules_section_error_names_file_line_and_field(game_copy):
    edit(game_copy / "rules.yaml", "battle_joiners: in_range", "battle_joiners: everyone")
    with pytest.raises(ContentError) as exc:
        load(game_copy)
    [f] = exc.value.findings
    assert f.code == "schema" and f.file.endswith("rules.yaml")
    line = (game_copy / "rules.yaml").read_text().splitlines().index("    battle_joiners: everyone") + 1
    assert f.line == line
    assert "rules.options.battle_joiners" in f.message and "who may join" in f.message


def test_rules_section_missing_field_is_reported(game_copy):
    edit(game_copy / "rules.yaml", "  killstreaks: killstreak", "  # no killstreaks")
    with pytest.raises(ContentError) as exc:
        load(game_copy)
    [f] = exc.value.findings
    assert "rules.killstreaks: required field is missing" in f.message and f.file.endswith("rules.yaml")


def test_rules_section_unknown_field_is_an_error(game_copy):
    edit(game_copy / "rules.yaml", "  stopped_marker: stopped", "  stopped_marker: stopped\n  stoped: 1")
    with pytest.raises(ContentError) as exc:
        load(game_copy)
    [f] = exc.value.findings
    assert "rules.stoped: unknown field" in f.message and f.line == 9


def test_rules_section_for_a_module_without_one_is_an_error(game_copy, monkeypatch):
    import genkit.engine.rules.bering_land as bering_land
    monkeypatch.setattr(bering_land, "RULES", dataclasses.replace(bering_land.RULES, section=None))
    with pytest.raises(ContentError) as exc:
        load(game_copy)
    [f] = exc.value.findings
    assert f.file.endswith("rules.yaml") and "reads no rules section" in f.message


def test_set_blames_itself_for_a_bad_new_key_of_the_rules_section():
    with pytest.raises(ContentError) as exc:
        load(BERING.parent / "memoir44", ["rules.extra_orderz.allies=1"])
    assert exc.value.findings[0].file == "--set rules.extra_orderz.allies"
    assert "unknown field" in exc.value.findings[0].message


# ---- the layers

def _loaded_after(statement: str) -> set[str]:
    """The genkit modules a fresh interpreter has loaded after running ``statement``."""
    code = f"import sys\n{statement}\nprint('\\n'.join(m for m in sys.modules if m.startswith('genkit')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return set(out.stdout.split())


def test_the_model_is_plain_data_and_imports_nothing_above_it():
    loaded = _loaded_after("import genkit.model.check, genkit.model.load, genkit.model.schema")
    assert "genkit.model.check" in loaded
    above = sorted(m for m in loaded if m.split(".")[1:2] in (["render"], ["engine"], ["sim"], ["export"], ["pack"]))
    assert above == []


def test_loading_a_game_to_play_imports_no_drawing():
    """sim, play and replay load through genkit.pack.playable: nothing of the renderer but its
    door to the rules modules (render/charts.py) and the disk cache, which keeps the model's
    validator (pack/schema_cache.py) and draws nothing, comes in, and so no template or PDF writer."""
    loaded = _loaded_after(f"from genkit.pack.playable import load_checked; load_checked({str(BERING)!r})")
    assert {m for m in loaded if m.startswith("genkit.render.")} == {"genkit.render.charts", "genkit.render.disk_cache"}


@pytest.fixture
def counted_layout(monkeypatch):
    """How many faces of each template (card.yaml.j2, counter.yaml.j2, ...) the kit's renderer
    lays out: every card, counter, marker and die face is drawn by ``render`` in its module."""
    import collections

    import genkit.render.cards as cards
    import genkit.render.counters as counters
    import genkit.render.dice as dice
    calls = collections.Counter()
    for module in (cards, counters, dice):
        def counting(path, context, *fit, _render=module.render):
            calls[path.name] += 1
            return _render(path, context, *fit)
        monkeypatch.setattr(module, "render", counting)
    return calls


def test_sim_and_play_lay_out_no_face(genkit, counted_layout, tmp_path):
    status, out, _ = genkit("sim", str(BERING), "--games", "1", "--workers", "1")
    assert status == 0, out
    status, out, _ = genkit("play", str(BERING), "--seed", "1")
    assert status == 0, out
    assert not counted_layout


def test_the_rules_checks_lay_out_nothing(counted_layout):
    """A model the rules module cannot run is refused by the checks of the model and the rules
    module alone, before anything is drawn."""
    with pytest.raises(ContentError) as exc:
        load_checked(BERING, ["game.sides=[]"])
    assert exc.value.findings
    assert not counted_layout


def test_build_prints_the_card_faces_its_check_laid_out(counted_layout, tmp_path):
    deck = load(BERING)[0].deck("ability").cards
    build_kit(BERING, tmp_path / "kit", only="cards")
    copies = load(BERING)[0].deck("ability").size_of_deck
    assert counted_layout["card.yaml.j2"] == copies     # each copy once, by the check, not again


def test_check_reports_what_does_not_fit_and_keeps_the_faces_that_do(game_copy):
    text = "Pick one hex holding an enemy unit, not a base, up to 3 hexes from your attacking unit."
    edit(game_copy / "cards.yaml", text, " ".join([text] * 8))
    checked = check_model(*load(game_copy))
    [error] = checked.errors
    assert error.code == "card-face" and error.file.endswith("cards.yaml")
    assert ("ability", "predator_missile") not in checked.laid.cards
    assert len(checked.laid.cards) == len(checked.content.deck("ability").cards) - 1
    assert [f.code for f in check_path(game_copy) if f.severity == "error"] == ["card-face"]
    with pytest.raises(ContentError):
        load_printable(game_copy)
    load_checked(game_copy)                               # a card's text does not stop a game


def test_two_sides_never_share_a_set_up_hex_and_one_side_only_where_its_pieces_stack(game_copy):
    """The model checks two sides on one hex; the pack asks the rules module whether one side's
    pieces may share one (Bering Land's may not)."""
    units = (game_copy / "units.yaml").read_text()
    first = units.split("setup: [", 1)[1].split("]", 1)[0].split(",")
    edit(game_copy / "units.yaml", f"setup: [{first[0]},", f"setup: [{first[0]}, {first[0]},")
    [stacked] = [f for f in check_path(game_copy) if f.code == "setup-stacked"]
    assert stacked.file.endswith("units.yaml") and "0305 already holds a unit" in stacked.message
    assert not [f for f in run_checks(*model_load(game_copy)) if f.code == "setup-stacked"]


HEAVY = ("jinja2", "reportlab", "optuna", "distributed", "svgwrite", "markdown_it", "PIL")


def _libraries_after_command(args: list, cache: str) -> set[str]:
    """The modules of the heavy libraries (:data:`HEAVY`) a ``genkit ARGS`` run in a fresh
    interpreter has loaded; the command must have succeeded (one that failed early loads little)."""
    code = ("import sys\nfrom genkit import cli\nsys.argv = ['genkit'] + sys.argv[1:]\nstatus = 0\n"
            "try:\n    cli.main()\nexcept SystemExit as e:\n    status = e.code or 0\n"
            "print('status', status, file=sys.stderr)\n"
            f"print('\\n'.join('loaded ' + m for m in sys.modules if m.split('.')[0] in {HEAVY!r}), file=sys.stderr)")
    env = dict(os.environ, GENKIT_CACHE_DIR=cache)
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, env=env)
    assert "status 0\n" in out.stderr, out.stderr
    return {line.split(" ", 1)[1] for line in out.stderr.splitlines() if line.startswith("loaded ")}


def test_play_and_one_game_of_sim_import_no_template_pdf_or_tuning_library(tmp_path):
    play = _libraries_after_command(["play", str(BERING), "--seed", "1"], "off")
    sim = _libraries_after_command(["sim", str(BERING), "--games", "1", "--workers", "1", "--no-progress"], "off")
    assert play == set() and sim == set()          # and so no TTF is read, no template compiled


def test_a_check_that_finds_its_layouts_in_the_cache_imports_no_pdf_code(game_copy, tmp_path):
    args = ["check", str(game_copy)]
    _libraries_after_command(args, str(tmp_path / "cache"))          # fills the cache
    warm = _libraries_after_command(args, str(tmp_path / "cache"))
    assert warm == set()                # the same files: the findings are read back (check_cache.py)
    edit(game_copy / "units.yaml", "movement: 3", "movement: 4")     # checked afresh, the layouts read back
    edited = _libraries_after_command(args, str(tmp_path / "cache"))
    libraries = {m.split(".")[0] for m in edited}
    assert not libraries & {"PIL", "svgwrite", "optuna", "distributed"}
    assert not {"reportlab.lib.utils", "reportlab.pdfbase.ttfonts", "reportlab.pdfgen"} & edited
