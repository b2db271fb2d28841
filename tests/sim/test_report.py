"""The HTML reports render, are self-contained, and hold the summary and the plots."""
import re

from markupsafe import escape

from genkit.sim.compare import compare, sweep
from genkit.sim.report import balance_verdict, sensitivity_lines, write_report
from genkit.sim.runner import simulate
from genkit.sim.stats import games_to_settle


def _check_page(text):
    assert text.startswith("<!DOCTYPE html>")
    assert 'id="summary"' in text
    assert not re.search(r'(src|href)="(https?:|//)', text)           # nothing fetched
    assert "<script" not in text


def test_sim_report(bering_path, tmp_path):
    m = simulate(bering_path, [], games=6, seed=2, bots=("greedy", "random"), workers=1, progress=False)
    text = write_report(m, tmp_path / "r.html").read_text()
    _check_page(text)
    assert text.count("<svg") == 5
    for title in ("Win rate with 95% interval", "Game length histogram", "Combat results table",
                  "Cards: drawn, played, worked", "Unit effectiveness"):
        assert title in text
    assert "won" in text and "The game is" in text and "CRT cells" in text
    events = text[text.index('id="game-events"'):]
    for kind, e in m.to_json()["events"].items():   # one row per kind: its name, per side, its title
        assert f"<code>{kind.replace('_', ' ')}</code>" in events and str(escape(e["title"])) in events


def test_report_of_a_game_without_cards_or_events(bering_path, tmp_path):
    m = simulate(bering_path, [], games=2, seed=2, bots="random", workers=1, progress=False)
    m.meta["cards"], m.cards, m.events = [], {}, {}
    text = write_report(m, tmp_path / "r.html").read_text()
    _check_page(text)
    assert text.count("<svg") == 4 and "Cards: drawn" not in text
    assert "The game reported no other events." in text and "Every card was played" not in text


def test_report_of_a_game_without_a_crt(tmp_path):
    """A dice game has no CRT: no CRT plot, section or design figure, and the rest renders."""
    from pathlib import Path
    memoir = Path(__file__).resolve().parents[2] / "content" / "memoir44"
    m = simulate(memoir, [], games=2, seed=2, bots="random", workers=1, progress=False)
    text = write_report(m, tmp_path / "r.html").read_text()
    _check_page(text)
    assert "Combat results table" not in text and "CRT cells" not in text
    assert "Win rate with 95% interval" in text and "drawishness" in text


def test_compare_and_sweep_reports(bering_path, tmp_path):
    c = compare(bering_path, [], bering_path, ["unit_types.inf.movement=3"], games=4, seed=0, bots="random",
                workers=1, progress=False)
    text = write_report(c, tmp_path / "c.html").read_text()
    _check_page(text)
    assert "Differences B - A" in text and "No difference detected in the us win rate" in text
    sw = sweep(bering_path, "turn_track.turns", ["20", "30"], games=4, seed=0, bots="random", workers=1,
               progress=False)
    text = write_report(sw, tmp_path / "s.html").read_text()
    _check_page(text)
    assert "Win rate against turn_track.turns" in text and "Closest to even: turn_track.turns=" in text


def _metrics_with(wins_first: int, games: int):
    from genkit.sim.metrics import Metrics
    m = Metrics({"sides": ["blue", "grey"], "side_names": {"blue": "Blue", "grey": "Grey"}})
    m.games = m.completed = games
    m.wins = {"blue": wins_first, "grey": games - wins_first}
    return m


def test_sim_says_how_many_games_would_settle_balance_when_the_interval_straddles_even():
    text = balance_verdict(_metrics_with(44, 100), "blue")    # 44% [34.7-53.8]
    assert text.startswith("Not settled yet") and f"({games_to_settle(0.44)} in all)" in text


def test_sim_calls_a_game_balanced_only_when_the_interval_fits_within_3_points():
    assert balance_verdict(_metrics_with(5020, 10000), "blue").startswith("The game is balanced")
    assert balance_verdict(_metrics_with(200, 400), "blue").startswith("Not settled yet")
    assert "strongly lopsided" in balance_verdict(_metrics_with(2, 100), "blue")


def test_sim_notes_a_side_that_wins_almost_only_one_way():
    m = _metrics_with(40, 100)
    m.wins_by_reason = {"blue:enter_enemy_place": 38, "blue:points": 2, "grey:hold": 30, "grey:turn_limit": 30}
    notes = sensitivity_lines(m)
    assert len(notes) == 1 and notes[0].startswith("Sensitivity: 95.0% of Blue's wins come one way (enter_enemy_place)")
    m.wins_by_reason = {"blue:enter_enemy_place": 30, "blue:points": 10, "grey:hold": 30, "grey:turn_limit": 30}
    assert sensitivity_lines(m) == []
