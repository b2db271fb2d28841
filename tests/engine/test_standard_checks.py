"""What ``genkit check`` refuses in a game on the standard rules beyond the section's own model
(docs/standard-rules.md cases 8.4 and 10.1)."""
from __future__ import annotations

from test_standard_position import MINI

from genkit.pack.printable import check_path


def _errors(*overrides: str) -> list:
    return [f for f in check_path(MINI, list(overrides)) if f.severity == "error"]


def test_std_8_4_odds_rounded_for_the_attacker_are_refused():
    assert not _errors()
    found = _errors("crt.between_columns=round_up")
    assert [f.code for f in found] == ["rules-limit"] and "round_down" in found[0].message


def test_std_10_1_reserves_need_a_reinforcement_phase_of_their_side():
    """Blue's reinforcement phase handed to grey: blue's reserve would never come on."""
    found = _errors("game.sequence_of_play.blue_reinforcement.side=grey")
    assert [f.code for f in found] == ["rules-reserve"] and "'blue'" in found[0].message
    assert not _errors("game.sequence_of_play.blue_reinforcement.side=null")  # naming no side: both
