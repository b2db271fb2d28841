"""``genkit check`` on the Strike the Bear system's own tables: what play reads from a result's
words or numbers is refused with file, line and what is expected, never met mid-game."""
from __future__ import annotations

import pytest

from tests.conftest import ROOT

STB = ROOT / "content" / "strike_the_bear"


def test_the_bundled_pack_passes_the_systems_checks(genkit):
    status, out, _ = genkit("check", STB)
    assert status == 0 and "0 errors" in out


@pytest.mark.parametrize("change, said", [
    ("die_tables.redeployment.rows.0.results=[one]",                 # 3.2.1: units to redeploy
     "redeployment roll 1-2 gives 'one': a whole number of units to redeploy is expected"),
    ("die_tables.partisans.rows.1.results=[sabotage]",               # 8.1.2: which partisans act
     "partisans roll 3-4 gives 'sabotage': name 'rail', 'truck', both, or 'none'"),
    ("die_tables.commissar.rows.1.results=[Q]",                      # 7.1.1: an ox column
     "commissar roll 2 names 'Q', no ox column of the map"),
])
def test_a_table_result_play_cannot_read_is_refused(genkit, change, said):
    status, out, err = genkit("check", STB, "--set", change)
    assert status == 1
    line = next(x for x in (out + err).splitlines() if said in x)
    assert line.startswith(f"{STB / 'tables.yaml'}:") and "error" in line


def test_8_1_2_partisan_results_are_accepted_whatever_their_capitals(genkit):
    status, out, _ = genkit("check", STB, "--set", "die_tables.partisans.rows.1.results=[Rail line cut]")
    assert status == 0 and "0 errors" in out


@pytest.mark.parametrize("change, said", [
    ("rules.commissar.side=nobody", "rules.commissar.side: no side 'nobody'"),                  # 7.0
    ("rules.commissar.table=nothing", "rules.commissar.table: no die table 'nothing'"),
    ("rules.partisans.side=nobody", "rules.partisans.side: no side 'nobody'"),                  # 8.0
    ("rules.partisans.table=nothing", "rules.partisans.table: no die table 'nothing'"),
])
def test_7_0_and_8_0_the_commissar_and_the_partisans_name_a_side_and_a_table(genkit, change, said):
    status, out, err = genkit("check", STB, "--set", change)
    assert status == 1
    line = next(x for x in (out + err).splitlines() if said in x)
    assert line.startswith(f"--set {change.split('=')[0]}: error")          # where the value came from
