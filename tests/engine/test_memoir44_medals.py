"""Terrain and features (docs/memoir44-rules.md case 8), medals and victory (case 9), whole
games (play and replay, the bots), and the check that every case of the rules document has a
test named after it."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_memoir44_battle import DICE, fire
from test_memoir44_position import M44, Pos, content, open_content

from genkit.engine import play_game, replay_log, rules_for
from genkit.engine.bots import RandomBot, bot_seed
from genkit.engine.rules.memoir44 import Game
from genkit.engine.state import ELIMINATED
from tests.conftest import run_cli

C = content()
SEC = C.rules
TYPES = [t.id for t in C.unit_types]


def test_m44_every_case_of_the_rules_document_has_a_test():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "memoir44-rules.md").read_text()
    cases = re.findall(r"^### (\d+)\.(\d+) ", doc, re.MULTILINE)
    names = "\n".join(p.read_text() for p in Path(__file__).parent.glob("test_memoir44_*.py"))
    missing = [f"{a}.{b}" for a, b in cases if not re.search(rf"def test_m44_{a}_{b}_", names)]
    assert len(cases) >= 30 and not missing


# --------------------------------------------------------------------------- 8 terrain

@pytest.mark.parametrize("kind,eid", [("terrain", t) for t in SEC["terrain"]] + [("features", f) for f in SEC["features"]])
def test_m44_8_1_terrain_every_effect_is_read_from_the_data(kind, eid):
    g = Game(C)
    eff = SEC[kind][eid]
    if kind == "terrain":
        i = [t.id for t in C.map.terrain].index(eid)
        dice, out, below, ignore = g.terrain_dice[i], g.terrain_out[i], g.terrain_below[i], g.terrain_ignore[i]
        hexes = [h for h in range(g.board.n) if g.h_terrain[h] == i]
        flags = {"stop": g.h_stop, "enter_from_adjacent": g.h_first, "no_battle_on_entry": g.h_noentry}
        for field, table in flags.items():
            assert all(table[h] == bool(eff.get(field)) for h in hexes), field
        for t in TYPES:
            barred = g.t_no_entry[g.type_index[t]][0]
            assert all(barred[h] == (t in eff.get("impassable_for", [])) for h in hexes)
            held = g.t_no_retreat[g.type_index[t]][0]
            assert all(held[h] == (t in eff.get("no_retreat_for", [])) for h in hexes)
    else:
        i = [f.id for f in C.map.features].index(eid)
        dice, out, below, ignore = g.feature_dice[i], g.feature_out[i], g.feature_below[i], g.feature_ignore[i]
        assert g.f_stop[i] == bool(eff.get("stop")) and g.f_first[i] == bool(eff.get("enter_from_adjacent"))
        assert g.f_noentry[i] == bool(eff.get("no_battle_on_entry"))
        assert g.f_fragile[i] == bool(eff.get("removed_when_left"))
        for t in TYPES:
            assert g.t_no_entry[g.type_index[t]][1][i] == (t in eff.get("impassable_for", []))
            assert g.t_no_retreat[g.type_index[t]][1][i] == (t in eff.get("no_retreat_for", []))
    for t in TYPES:
        k = g.type_index[t]
        assert dice[k] == eff.get("dice", {}).get(t, 0) and out[k] == eff.get("battle_out", {}).get(t, 0)
    assert below == bool(eff.get("from_below_only")) and ignore == eff.get("ignore_flags", 0)


def test_m44_8_1_terrain_without_an_entry_does_nothing():
    plain = [t.id for t in C.map.terrain if t.id not in SEC["terrain"] and t.move_cost is not None]
    assert plain
    for tid in plain:
        pos = Pos(open_content({"0605": tid}), "allies", "battle", "battle")
        for t in TYPES:
            p = pos.put("allies", t, "0505")
            q = pos.put("axis", "infantry", "0605") if pos.s.occ[pos.hex("0605")] < 0 else pos.s.occ[pos.hex("0605")]
            assert pos.g.battle_dice(pos.s, p, q, 1) == DICE[t][0]
            pos.s.occ[pos.s.loc[p]] = -1
            pos.s.loc[p] = -1


@pytest.mark.parametrize("fid", [f for f, e in SEC["features"].items() if e.get("protects") == "owner"])
def test_m44_8_2_terrain_owner_features_protect_their_side_only(fid):
    owner = next(f.side for f in C.map.features if f.id == fid)
    enemy = next(s.id for s in C.game.sides if s.id != owner)
    eff = SEC["features"][fid]
    for target, reduced in ((owner, True), (enemy, False)):
        attacker = enemy if target == owner else owner
        pos = Pos(open_content(features={fid: ["0605"]}), attacker, "battle", "battle")
        for t in TYPES:
            p = pos.put(attacker, t, "0505")
            q = pos.put(target, "infantry", "0605") if pos.s.occ[pos.hex("0605")] < 0 else pos.s.occ[pos.hex("0605")]
            change = min(0, eff.get("dice", {}).get(t, 0)) if reduced else 0
            assert pos.g.battle_dice(pos.s, p, q, 1) == max(0, DICE[t][0] + change), (target, t)
            assert pos.g.ignored_flags(pos.s, q) == (eff.get("ignore_flags", 0) if reduced else 0)
            pos.s.occ[pos.s.loc[p]] = -1
            pos.s.loc[p] = -1


@pytest.mark.parametrize("fid", list(SEC["features"]))
def test_m44_8_3_terrain_features_removed_when_left(fid):
    fragile = bool(SEC["features"][fid].get("removed_when_left"))
    blocked = SEC["features"][fid].get("impassable_for", [])
    mover = next(t for t in TYPES if t not in blocked)
    pos = Pos(open_content(features={fid: ["0505"]}), "allies", "movement", "move_unit")
    p = pos.put("allies", mover, "0505")
    pos.put("allies", "infantry", "1209")                # keeps the movement phase open
    pos.apply(("move", p))
    pos.apply(("to", pos.hex("0506")))
    assert (pos.s.feat[pos.hex("0505")] < 0) == fragile
    pos = Pos(open_content(features={fid: ["0605"]}), "allies", "battle", "battle")
    a = pos.put("allies", "infantry", "0505")
    q = pos.put("axis", mover, "0605", figs=1)
    pos.put("axis", "infantry", "1301")
    fire(pos, a, q, *["grenade"] * pos.g.battle_dice(pos.s, a, q, 1))
    assert pos.s.loc[q] == ELIMINATED and (pos.s.feat[pos.hex("0605")] < 0) == fragile


# --------------------------------------------------------------------------- 9 medals

def test_m44_9_1_medals_a_unit_eliminated_scores_its_points():
    pos = Pos(open_content(), "allies", "battle", "battle")
    p = pos.put("allies", "armour", "0505")
    q = pos.put("axis", "artillery", "0605", figs=1)
    pos.put("axis", "infantry", "1301")
    fire(pos, p, q, "grenade", "star", "star")
    pts = next(t.points for t in C.unit_types if t.id == "artillery")
    assert pos.g.scores(pos.s) == {"allies": pts, "axis": 0}


def test_m44_9_2_medals_objectives_count_while_held():
    obj = SEC["objectives"][0]
    objs = [{"hex": o["hex"], "side": o["side"], "medals": o.get("medals", 1)} for o in SEC["objectives"]]
    c = open_content(objectives=objs)
    pos = Pos(c, obj["side"], "movement", "move_unit")
    grid = pos.g.board.grid
    start = next(grid.id_of(h) for h in pos.g.board.adjacent[pos.hex(obj["hex"])]
                 if grid.id_of(h) not in {o["hex"] for o in objs})
    p = pos.put(obj["side"], "infantry", start)
    pos.put(obj["side"], "infantry", "0109")            # keeps the movement phase open
    assert pos.g.scores(pos.s)[obj["side"]] == 0
    pos.apply(("move", p))
    pos.apply(("to", pos.hex(obj["hex"])))
    assert pos.g.scores(pos.s)[obj["side"]] == obj.get("medals", 1)
    pos.s.occ[pos.s.loc[p]] = -1
    pos.s.loc[p] = pos.hex(start)
    pos.s.occ[pos.hex(start)] = p
    assert pos.g.scores(pos.s)[obj["side"]] == 0


def test_m44_9_3_medals_six_win_at_once_mid_phase():
    target = next(v for v in C.game.victory if v.kind == "points")
    assert target.at == "at_once"
    pos = Pos(open_content(), "allies", "battle", "battle")
    g, s = pos.g, pos.s
    dead = [p for p in g.side_pieces[1]][: target.at_least - 1]
    for p in dead:
        s.loc[p] = ELIMINATED
    p = pos.put("allies", "armour", "0505")
    pos.put("allies", "infantry", "1205")
    pos.put("axis", "infantry", "1305")
    q = pos.put("axis", "infantry", "0605", figs=1)
    assert g.scores(s)["allies"] == target.at_least - 1
    fire(pos, p, q, "grenade", "star", "star")
    assert s.ended and g.side_ids[s.winner] == "allies" and s.reason == "points"
    assert g.legal_actions(s) == []


def test_m44_9_4_medals_turn_limit_most_medals_wins():
    pos = Pos(open_content(), "axis", "battle", "battle")
    g, s = pos.g, pos.s
    s.turn = g.turns
    pos.put("allies", "infantry", "0109")
    pos.put("axis", "infantry", "1301")
    s.loc[g.side_pieces[0][-1]] = ELIMINATED            # the Axis leads on medals
    pos.apply(("done",))
    while not s.ended:
        g.apply(s, g.legal_actions(s)[-1])
    assert s.reason == "turn_limit" and g.side_ids[s.winner] == "axis" and s.turn == g.turns


# --------------------------------------------------------------------------- whole games

def test_m44_9_4_medals_every_game_ends_with_no_invariant_broken():
    c = content()
    for seed in range(4):
        r = play_game(c, seed, check_invariants="step")
        assert r.reason in ("points", "turn_limit") and r.turn <= c.turn_track.turns


def test_m44_play_and_replay_round_trip(tmp_path):
    log = tmp_path / "m44.jsonl"
    out = run_cli("play", M44, "--seed", 5, "--bots", "greedy,random", "--log", log)
    assert out.returncode == 0 and "winner:" in out.stdout
    assert json.loads(log.read_text().splitlines()[-1])["end"] is True
    again = run_cli("replay", log)
    assert again.returncode == 0 and "matches" in again.stdout
    assert replay_log(log).ok


@pytest.mark.parametrize("side", [0, 1])
def test_m44_greedy_beats_random_for_each_side(side):
    c = content()
    g = rules_for(c)
    wins = 0
    for seed in range(12):
        bots = [RandomBot(bot_seed(seed, k)) for k in range(2)]
        bots[side] = g.module.bots["greedy"].for_game(g, side, bot_seed(seed, side))
        wins += play_game(c, seed, bots=bots).winner == g.side_ids[side]
    assert wins >= 11


def test_m44_search_bot_plays_a_game():
    c = content()
    g = rules_for(c)
    bots = [g.module.bots["search"].for_game(g, 0, 1), g.module.bots["greedy"].for_game(g, 1, 2)]
    r = play_game(c, 9, bots=bots, check_invariants="turn")
    assert r.reason in ("points", "turn_limit")



def test_m44_every_item_of_the_help_is_played_with_its_code_and_tests():
    """docs/memoir44-rules.md's table of the help: every row names its code and tests that exist
    (a name ending in * names every test of that start), and the count under it is the table's."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "memoir44-rules.md").read_text()
    rows = re.findall(r"^\| (\d+) \| (.*?) \| (.*?) \| (.*?) \| (.*?) \| (.*?) \|$", doc, re.MULTILINE)
    assert [int(r[0]) for r in rows] == list(range(1, len(rows) + 1))
    here = Path(__file__).parent
    names = set(re.findall(r"def (test_\w+)", "\n".join(p.read_text() for p in here.glob("test_memoir44_*.py"))))
    root = here.parents[1]
    missing = []
    for number, _item, _case, code, tests, status in rows:
        assert code.strip() not in ("", "—") and status.startswith("played"), (number, code, status)
        assert "`test_" in tests, (number, tests)
        for name in re.findall(r"`([^`]+)`", tests):
            if name.endswith(".py"):
                found = (root / name).is_file()
            elif name.endswith("*"):
                found = any(n.startswith(name[:-1]) for n in names)
            else:
                found = name in names
            if not found:
                missing.append((number, name))
    assert not missing
    count = re.search(r"Of these (\d+) items .*?all (\d+) are played, none in part and none missing", doc, re.DOTALL)
    assert count and int(count.group(1)) == int(count.group(2)) == len(rows)
