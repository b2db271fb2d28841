"""Ridge (tests/fixtures/ridge, genkit/engine/rules/ridge.py): a second game with procedures of
its own, run by the same engine, simulator and kit. Each test is named after the rule it
proves (the numbered rules of the module's docstring) or the victory condition."""
from __future__ import annotations

from pathlib import Path

import pytest

from genkit.engine import check_invariants, play_game, rules_for
from genkit.engine import events as ev
from genkit.engine.crt import FORBIDDEN
from genkit.engine.rules import ridge
from genkit.engine.state import ELIMINATED, RESERVE
from genkit.model.load import load_game

RIDGE = Path(__file__).resolve().parents[1] / "fixtures" / "ridge"


def content(*overrides: str):
    return load_game(RIDGE, overrides=list(overrides))


class Board:
    """A position by hand: every piece off the map, then ``put`` what the test needs."""

    def __init__(self, c, phase: str, turn: int = 1):
        self.g = g = rules_for(c)
        self.s = s = g.initial_state(0, events=[])
        for p in range(g.npieces):
            if s.loc[p] >= 0:
                s.occ[s.loc[p]] = -1
            s.loc[p] = RESERVE
        s.turn, s.phase = turn, g.phase_ids.index(phase)
        g._enter_phase(s)
        s.legal = None

    def put(self, side: str, type_id: str, hex_id: str, reduced: bool = False) -> int:
        g, s = self.g, self.s
        p = next(p for p in range(g.npieces) if g.side_ids[g.p_side[p]] == side
                 and g.type_ids[g.p_type[p]] == type_id and s.loc[p] == RESERVE)
        h = g.board.grid.index_of(hex_id)
        s.loc[p], s.occ[h], s.reduced[p] = h, p, int(reduced)
        s.legal = None
        return p

    def fire(self, p: int, q: int) -> None:
        """``p`` fires at ``q`` (R5: a single target is taken without asking)."""
        self.g.apply(self.s, ("fire", p))
        if ("at", q) in self.g.legal_actions(self.s):
            self.g.apply(self.s, ("at", q))
        last = [e for e in self.s.events if e.kind == ev.BATTLE][-1]
        assert (last.lead, last.defender) == (p, q)

    def hexes(self, p: int) -> set:
        return {self.g.board.grid.id_of(h) for h in self.g._destinations(self.s, p)}


@pytest.fixture
def dice(monkeypatch):
    queue = []

    def fake(state, faces, purpose):
        state.nrolls += 1
        return queue.pop(0)
    monkeypatch.setattr(ridge, "roll_die", fake)
    return lambda *faces: queue.extend(faces)


def test_r1_turn_is_move_move_fire_fire_and_ends_with_victory_checks():
    c = content()
    g = rules_for(c)
    assert [p.kind for p in c.game.sequence_of_play] == ["move", "move", "fire", "fire"]
    s = g.initial_state(1)
    assert g.phase_ids[s.phase] == "blue_move" and g.current_side(s) == 0
    g.apply(s, ridge.END)
    assert g.phase_ids[s.phase] == "red_move" and g.current_side(s) == 1


def test_r2_each_unit_moves_at_most_once_per_phase():
    b = Board(content(), "blue_move")
    p = b.put("blue", "rifles", "0103")
    q = b.put("blue", "rifles", "0107")
    b.put("red", "rifles", "1405")
    assert b.g.legal_actions(b.s) == [ridge.END, ("move", p), ("move", q)]
    b.g.apply(b.s, ("move", p))
    b.g.apply(b.s, ("to", b.g.board.grid.index_of("0203")))
    assert ("move", p) not in b.g.legal_actions(b.s) and ("move", q) in b.g.legal_actions(b.s)


def test_r2_zone_of_control_stops_and_enemy_hexes_are_never_entered():
    free = Board(content(), "blue_move")
    alone = free.hexes(free.put("blue", "tank", "0403"))
    b = Board(content(), "blue_move")
    t = b.put("blue", "tank", "0403")
    b.put("red", "rifles", "0603")
    reach = b.hexes(t)
    assert "0603" not in reach and reach < alone
    grid, board = b.g.board.grid, b.g.board
    enemy = grid.index_of("0603")
    # what the enemy's zone of control costs is only ground beyond it: a move that enters
    # a hex next to the enemy ends there, so the hexes behind are reached only the long way
    lost = alone - reach - {"0603"}
    assert lost and any(board.distance(grid.index_of(h), enemy) >= 2 for h in lost)


def test_r2_movement_pays_terrain_and_ends_in_an_empty_hex():
    b = Board(content(), "blue_move")
    m = b.put("blue", "mortar", "0101")      # 2 movement points; woods cost 2
    friend = b.put("blue", "tank", "0201")
    reach = b.hexes(m)
    assert "0201" not in reach                # a friend's hex is no place to end
    assert "0301" not in reach                # 0301 is woods: two points from 0201 is too far
    assert b.g.type_ids[b.g.p_type[friend]] == "tank"


def test_r3_fire_needs_range_and_line_of_sight():
    b = Board(content(), "blue_fire")
    r = b.put("blue", "rifles", "0405")       # reach: 2 hexes
    near = b.put("red", "rifles", "0305")     # next to it
    b.put("red", "tank", "0105")              # 3 hexes away: out of reach
    assert b.g._targets(b.s, r) == [near]
    # the hill block: a mortar on one side of the hills cannot see through them
    b2 = Board(content(), "blue_fire")
    m = b2.put("blue", "mortar", "0505")
    b2.put("red", "rifles", "0905")           # 4 hexes, with the hills 0605-0805 between
    assert b2.g._targets(b2.s, m) == []


def test_r3_attack_type_by_distance_and_odds_column_rounded_down(dice):
    b = Board(content(), "blue_fire")
    tank = b.put("blue", "tank", "0405")
    rif = b.put("red", "rifles", "0305")      # 5 against 3: 1.67 -> the 1:1 column
    col, ti = b.g._column(b.s, tank, rif)
    assert b.g.crt.labels[col] == "1:1" and b.g.attack_type_ids[ti] == "close"
    dice(4)                                   # close 1:1 on a 4: N
    b.fire(tank, rif)
    battle = [e for e in b.s.events if e.kind == ev.BATTLE][-1]
    assert (battle.column, battle.attack_type, battle.face, battle.result) == ("1:1", "close", 4, "N")


def test_r3_below_the_lowest_odds_misses_without_a_roll(dice):
    b = Board(content(), "blue_fire")
    m = b.put("blue", "mortar", "0405", reduced=True)    # 1 against the tank's 4: below 1:2
    tank = b.put("red", "tank", "0305")
    col, _ = b.g._column(b.s, m, tank)
    assert col != FORBIDDEN and b.g.crt.below_lowest == "miss"
    b.fire(m, tank)
    battle = [e for e in b.s.events if e.kind == ev.BATTLE][-1]
    assert battle.face is None and b.s.nrolls == 0 and not b.s.reduced[tank]


def test_r4_step_loss_reduces_then_eliminates(dice):
    b = Board(content(), "blue_fire")
    t1 = b.put("blue", "tank", "0405")
    t2 = b.put("blue", "tank", "0505")
    rif = b.put("red", "rifles", "0406")
    dice(2, 2)                                # 1:1 close on a 2: D, twice
    for t in (t1, t2):
        b.fire(t, rif)
    assert b.s.loc[rif] == ELIMINATED
    kinds = [e.kind for e in b.s.events if e.kind in (ev.REDUCED, ev.ELIMINATED)]
    assert kinds == [ev.REDUCED, ev.ELIMINATED]
    assert check_invariants(b.s) == []


def test_r4_attacker_step_loss_hits_the_firer(dice):
    b = Board(content(), "blue_fire")
    tank = b.put("blue", "tank", "0405")
    rif = b.put("red", "rifles", "0305")
    dice(10)                                  # close 1:1 on a 10: A
    b.fire(tank, rif)
    assert b.s.reduced[tank] and not b.s.reduced[rif]
    hit = [e for e in b.s.events if e.kind == ev.REDUCED][-1]
    assert (hit.side, hit.by_side) == ("blue", "red")
    assert check_invariants(b.s) == []       # a step lost to return fire is no own-side hit


def test_victory_hold_the_ridge_at_game_end():
    b = Board(content(), "red_fire", turn=12)
    b.put("blue", "rifles", "0705")
    b.put("red", "tank", "1408")
    b.g.apply(b.s, ridge.END) if b.g.legal_actions(b.s) else b.g._next_phase(b.s)
    assert b.s.ended and b.g.outcome(b.s).winner == "blue" and b.s.reason == "hold"


def test_victory_hold_is_not_checked_before_the_last_turn():
    b = Board(content(), "red_fire", turn=5)
    b.put("blue", "rifles", "0705")
    b.put("red", "tank", "1408")
    b.g._next_phase(b.s)
    assert not b.s.ended and b.s.turn == 6


def test_victory_no_units_and_turn_limit_draw():
    b = Board(content(), "red_fire", turn=3)
    b.put("blue", "rifles", "0105")
    b.g._next_phase(b.s)
    assert b.s.ended and b.g.outcome(b.s).winner == "blue" and b.s.reason == "no_units"
    b2 = Board(content(), "red_fire", turn=12)
    b2.put("blue", "rifles", "0105")
    b2.put("red", "rifles", "1405")
    b2.g._next_phase(b2.s)
    assert b2.s.ended and b2.g.outcome(b2.s).winner is None and b2.s.reason == "turn_limit"


def test_victory_points_and_most_points_are_data():
    c = content('game.victory=[{kind: points, at_least: 2}, {kind: turn_limit, winner: most_points}]')
    b = Board(c, "red_fire", turn=4)
    b.put("blue", "rifles", "0105")
    b.put("red", "rifles", "1405")
    rif = next(p for p in range(b.g.npieces) if b.g.side_ids[b.g.p_side[p]] == "red" and b.s.loc[p] == RESERVE)
    b.s.loc[rif] = ELIMINATED                 # a red rifle company (2 points) lost
    assert b.g.scores(b.s) == {"blue": 2, "red": 0}
    b.g._next_phase(b.s)
    assert b.s.ended and b.g.outcome(b.s).winner == "blue" and b.s.reason == "points"


def test_ridge_games_end_legally_and_replay(tmp_path):
    c = content()
    seen = set()
    for seed in range(20):
        events = []
        r = play_game(c, seed, check_invariants=True, events=events)
        assert r.reason in ("hold", "no_units", "turn_limit") and 1 <= r.turn <= 12
        seen.update(e.kind for e in events)
    assert {ev.BATTLE, ev.REDUCED, ev.ELIMINATED, ev.GAME_END} <= seen


def test_ridge_runs_every_command_of_genkit(genkit, tmp_path):
    """check, build, play, replay, sim and compare on the second game's folder: a game of its
    own needs nothing but its content, its rules module and one registration line."""
    assert genkit("check", RIDGE)[0] == 0
    status, out, _ = genkit("build", RIDGE, "--out", tmp_path / "kit")
    assert status == 0 and (tmp_path / "kit" / "map.pdf").is_file()
    assert not (tmp_path / "kit" / "cards.pdf").exists()          # no deck, no cards to print
    log = tmp_path / "game.jsonl"
    status, out, _ = genkit("play", RIDGE, "--seed", 3, "--log", log)
    assert status == 0 and any(f"reason: {r}" in out for r in ("turn_limit", "hold", "no_units"))
    status, out, _ = genkit("replay", log, "--text")
    assert status == 0 and "replay matches" in out and "ENDED" in out
    status, out, _ = genkit("sim", RIDGE, "--games", 40, "--workers", 1, "--json", tmp_path / "s.json")
    assert status == 0 and "No invariant was broken" in out
    status, out, _ = genkit("compare", RIDGE, "--set", "unit_types.tank.movement=6", "--games", 40,
                            "--workers", 1, "--json", tmp_path / "c.json")
    assert status == 0 and "win rate blue" in out and "cards played" not in out


def test_a_position_draws_as_svg_with_the_kits_map_and_counters():
    """The interface's SVG drawing: the kit's map, plus one counter per piece on the map."""
    import xml.etree.ElementTree as ET
    g = rules_for(content())
    s = g.initial_state(0)
    empty = Board(content(), "blue_move").s
    full, bare = ET.fromstring(g.render_svg(s)), ET.fromstring(g.render_svg(empty))
    assert full.tag.endswith("svg") and len(g.pieces(s)) == 12 and g.pieces(empty) == []
    assert len(list(full.iter())) > len(list(bare.iter())) + 12


def test_r3_odds_edges_nothing_to_attack_with_and_no_defence():
    """Odds columns at the edges: an attack strength of 0 is below every column; a defence of
    0 meets every column, so the highest is read; 7 against 3 rounds down to 2:1, and with
    round_up to 3:1."""
    crt = rules_for(content()).crt
    assert crt.pick(0, 0) == crt.pick(0, 5) == crt._below()
    assert crt.labels[crt.pick(3, 0)] == "3:1" and crt.labels[crt.pick(7, 3)] == "2:1"
    up = rules_for(content("crt.between_columns=round_up")).crt
    assert up.labels[up.pick(7, 3)] == "3:1" and up.labels[up.pick(6, 3)] == "2:1"
