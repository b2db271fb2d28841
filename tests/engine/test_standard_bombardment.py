"""Bombardment phases on the standard rules (docs/standard-rules.md case 8.10): ranged fire on the
CRT's second attack type, by the unit types rules.bombardment names, hurting only the defender."""
from __future__ import annotations

import pytest
from test_standard_position import MINI, Pos, content, fixed_dice

from genkit.engine.rules.standard import Game
from genkit.pack.printable import check_path


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def _overrides(barrage_row: str) -> list:
    """The mini game with a barrage attack type whose every cell is ``barrage_row``'s code, artillery
    firing 3 hexes with it, and a blue bombardment phase before blue's movement."""
    c = content()
    faces = c.crt.die_faces
    out = ["crt.attack_types=[assault, barrage]", "crt.attack_type_names={assault: Assault, barrage: Barrage}"]
    for col in c.crt.columns:
        out.append(f"crt.columns.{col.odds}.rows.barrage=[{', '.join([barrage_row] * faces)}]")
    for t in c.unit_types:
        out.append(f"unit_types.{t.id}.attack_distance.barrage={3 if t.id == 'art' else t.attack_distance['assault']}")
    seq = [{"id": p.id, "name": p.name, "kind": p.kind, "side": p.side} for p in c.game.sequence_of_play]
    seq.insert(1, {"id": "blue_bombardment", "name": "Blue Bombardment", "kind": "bombardment", "side": "blue"})
    out.append("game.sequence_of_play=[" + ", ".join(
        "{" + ", ".join(f"{k}: {v}" for k, v in p.items() if v) + "}" for p in seq) + "]")
    out.append("rules.bombardment={attack_type: barrage, unit_types: [art]}")
    return out


def _game(code: str) -> Game:
    return Game(content(*_overrides(code)))


def test_std_8_10_check_accepts_a_bombardment_and_refuses_one_without_its_rules():
    ok = _overrides("S")
    assert not [f for f in check_path(MINI, ok) if f.severity == "error"]
    found = [f for f in check_path(MINI, ok[:-1]) if f.severity == "error"]
    assert any(f.code == "rules-missing" and "bombardment" in f.message for f in found)
    found = [f for f in check_path(MINI, ok[:-1] + ["rules.bombardment={attack_type: assault, unit_types: [art]}"])
             if f.severity == "error"]
    assert any(f.code == "rules-reference" and "second attack type" in f.message for f in found)


def test_std_8_10_only_the_named_types_bombard_within_their_barrage_distance(dice):
    g = _game("S")
    pos = Pos(g, "blue_bombardment")
    art = pos.put("blue", "art", "0303")
    inf = pos.put("blue", "inf", "0305")
    far = pos.put("grey", "inf", "0306")       # 3 hexes from the artillery, next to the infantry
    pos.start()
    assert g.board.distance(pos.h("0303"), pos.h("0306")) == 3
    assert g.eligible(pos.s, 0, pos.h("0306")) == [art]               # the infantry does not bombard
    dice(1)
    pos.act("attack", pos.h("0306"))
    if ("with", art) in pos.legal():
        pos.act("with", art)
    if not pos.s.ended and ("roll",) in pos.legal():
        pos.act("roll")
    assert pos.s.reduced[far] == 1 and pos.s.loc[inf] == pos.h("0305")   # S: a step lost
    [battle] = pos.events("battle")
    assert battle.attack_type == "barrage"


@pytest.mark.parametrize("code,defender_step", [("K", 0), ("X", 1), ("B", 0)])
def test_std_8_10_a_bombardment_never_hurts_the_bombarding_units(dice, code, defender_step):
    g = _game(code)
    pos = Pos(g, "blue_bombardment")
    art = pos.put("blue", "art", "0303")
    d = pos.put("grey", "inf", "0305")
    pos.start()
    dice(1)
    pos.act("attack", pos.h("0305"))
    if ("with", art) in pos.legal():
        pos.act("with", art)
    if not pos.s.ended and ("roll",) in pos.legal():
        pos.act("roll")
    assert pos.s.loc[art] == pos.h("0303") and pos.s.reduced[art] == 0
    assert pos.s.reduced[d] == defender_step


def test_std_8_10_games_with_a_bombardment_phase_keep_every_invariant():
    from genkit.engine import check_invariants
    from genkit.engine.bots import RandomBot
    from genkit.sim.bots import make_players
    g = _game("S")
    for seed in range(3):
        s = g.initial_state(seed, events=[])
        bots = [RandomBot(seed), RandomBot(seed + 9)] if seed else make_players(["greedy", "greedy"], g, seed)
        steps = 0
        while not s.ended:
            view = g.observe(s, s.actor)
            g.apply(s, bots[s.actor].choose(view, g.legal_actions(s)), check=True)
            assert check_invariants(s) == []
            steps += 1
        assert steps < 5000


def test_std_8_10_the_crt_check_judges_a_bombardment_row_as_fire_not_as_a_weaker_assault():
    """A barrage row of defender step losses beats the assault on the low rolls: as a weaker
    assault it would be "not monotonic"; read as bombardment it is not compared with the
    assault at all, only along its own columns."""
    from genkit.model.check import run_checks
    from genkit.pack.playable import load
    ok = _overrides("S")
    rules_aware = [f for f in check_path(MINI, ok) if f.code == "crt-monotonic"]
    assert rules_aware == []
    model_only = [f for f in run_checks(*load(MINI, ok)) if f.code == "crt-monotonic"]
    assert any("barrage" in f.message and "stronger assault" in f.message for f in model_only)


def test_std_8_10_the_crt_check_still_ranks_a_bombardment_row_along_its_columns():
    c = content()
    over = _overrides("S")
    low = min(c.crt.columns, key=lambda col: col.key)
    over.append(f"crt.columns.{low.odds}.rows.barrage=[D, D, D, D, D, D]")
    found = [f for f in check_path(MINI, over) if f.code == "crt-monotonic"]
    assert found and all("barrage" in f.message for f in found)


def test_std_8_10_a_result_against_the_attacker_in_a_bombardment_row_is_warned_of():
    found = [f for f in check_path(MINI, _overrides("A")) if f.code == "rules-bombardment"]
    assert found and "never suffers" in found[0].message
    assert not [f for f in check_path(MINI, _overrides("X")) if f.code == "rules-bombardment"]
