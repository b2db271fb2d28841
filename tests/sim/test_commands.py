"""The functions behind `genkit sim / compare / sweep`: output, files, exit status."""
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from genkit.sim import bots as botmod
from genkit.sim.commands import compare_command, sim_command, sweep_command
from .test_runner import _Crash


def test_sim_command_writes_json_and_report(bering_path, tmp_path):
    out = io.StringIO()
    code = sim_command(bering_path, games=4, seed=1, bots="random", workers=1, json_path=tmp_path / "s.json",
                       report_path=tmp_path / "s.html", progress=False, out=out)
    assert code == 0
    j = json.loads((tmp_path / "s.json").read_text())
    assert j["games"] == 4 and j["seed"] == 1 and j["bots"] == {"us": "random", "ru": "random"}
    assert "Summary" in (tmp_path / "s.html").read_text()
    assert "won" in out.getvalue()


def test_sim_command_exits_1_on_failed_games(bering_path, monkeypatch):
    monkeypatch.setitem(botmod.BOTS, "crash", _Crash.for_game)
    out = io.StringIO()
    assert sim_command(bering_path, games=2, bots="crash,random", workers=1, progress=False, out=out) == 1
    assert "seed" in out.getvalue() and "boom" in out.getvalue()


def test_compare_and_sweep_commands(bering_path, tmp_path):
    out = io.StringIO()
    assert compare_command(bering_path, ["unit_types.inf.movement=3"], games=3, bots="random", workers=1,
                           json_path=tmp_path / "c.json", progress=False, out=out) == 0
    assert json.loads((tmp_path / "c.json").read_text())["significant"] == []
    assert compare_command(bering_path, against=bering_path, games=2, bots="random", workers=1,
                           progress=False, out=out) == 0
    with pytest.raises(ValueError):
        compare_command(bering_path, [], games=2, progress=False, out=out)
    assert sweep_command(bering_path, "turn_track.turns=20,30", games=2, bots="random", workers=1,
                         report_path=tmp_path / "w.html", progress=False, out=out) == 0
    assert "Closest to even: turn_track.turns=" in out.getvalue()


def test_genkit_sim_writes_a_report_with_the_game_events_table(bering_path, tmp_path):
    report = tmp_path / "r.html"
    done = subprocess.run([sys.executable, "-m", "genkit.cli", "sim", bering_path, "--games", "20", "--bots",
                           "greedy,greedy", "--report", str(report), "--workers", "1"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    text = report.read_text()
    table = text[text.index('<section id="game-events">'):]
    table = table[:table.index("</section>")]
    assert "<h2>Game events</h2>" in table and "American per game" in table and "Russian per game" in table
    assert "<code>repl received</code>" in table and "replacement steps available" in table


def test_unknown_bot_is_a_usage_error_naming_the_games_bots(bering_path):
    done = subprocess.run([sys.executable, "-m", "genkit.cli", "sim", bering_path, "--games", "2", "--bots",
                           "clever", "--workers", "1"], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "greedy, random, rollout, search" in done.stderr


def test_sim_sequential_stops_once_a_lopsided_game_is_settled(tmp_path):
    mini = Path(__file__).resolve().parents[1] / "fixtures" / "standard_mini"
    out = io.StringIO()
    assert sim_command(str(mini), ["game.victory.turn_limit.winner=blue"], games=400, bots="greedy", workers=1,
                       progress=False, out=out, sequential=True) == 0
    assert "Settled after 100 of at most 400 games" in out.getvalue()
    assert "In 100 games" in out.getvalue() and "lopsided" in out.getvalue()
