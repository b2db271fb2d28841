"""The sequence of play, set-up, reinforcements, replacements and victory of the standard rules
(docs/standard-rules.md cases 1-4, 10 and 11), whole games, and what ``genkit check`` refuses.
Each test is named after the case it proves."""
from __future__ import annotations

import itertools
import re
from pathlib import Path

from test_standard_position import MINI, Pos, content, game

from genkit.engine import check_invariants, play_game
from genkit.engine.bots import RandomBot
from genkit.engine.rules.standard import Game
from genkit.engine.rules.standard.events import ARRIVED, RESTORED
from genkit.engine.rules.standard.state import ENTER, RESTORE
from genkit.engine.state import RESERVE
from genkit.pack.printable import check_path


def phase(g, s) -> str:
    return g.phase_ids[s.phase]


# --------------------------------------------------------------------------- 1-2 the model

def test_std_every_case_of_the_rules_document_has_a_test():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "standard-rules.md").read_text()
    cases = re.findall(r"^### (\d+)\.(\d+) ", doc, re.MULTILINE)
    names = "\n".join(p.read_text() for p in Path(__file__).parent.glob("test_standard_*.py"))
    missing = [f"{a}.{b}" for a, b in cases if f"def test_std_{a}_{b}_" not in names]
    assert len(cases) > 40 and not missing


def test_std_1_1_rules_module_standard_runs_the_game():
    c = content()
    assert c.game.rules_module == "standard"
    assert play_game(c, 1).turn >= 1


def test_std_1_2_costs_are_kept_in_half_points():
    g = game()
    road = g.section.roads["road"].cost
    assert road * 2 == int(road * 2) and min(g.eroad[k] for k in range(len(g.eroad)) if g.eroad[k]) == road * 2
    assert all(c % 2 == 0 for c in g.ecost if c and c not in g.eroad)


def test_std_2_1_units_have_two_steps_and_their_printed_factors():
    g = game()
    for k, t in enumerate(g.types):
        assert g.t_attack[k] == (t.strength.full, t.strength.reduced)
        assert g.t_defence[k] == (t.defence_of().full, t.defence_of().reduced)
        assert g.t_ma2[k] == 2 * t.movement


def test_std_2_2_hexside_features_and_roads_are_read_from_the_map():
    g = game()
    grid, nb = g.board.grid, g.board.neighbours
    river = g.feat_ids.index("river")
    for feat in g.content.map.hexsides:
        fi = g.feat_ids.index(feat.id)
        for e in feat.edges:
            a, b = (grid.index_of(x) for x in e.split("/"))
            assert (g.efeat[a * 6 + nb[a].index(b)] >> fi) & 1 and (g.efeat[b * 6 + nb[b].index(a)] >> fi) & 1
    path = [grid.index_of(h) for h in g.content.map.roads[0].paths[0]]
    assert all(g.eroad[a * 6 + nb[a].index(b)] for a, b in itertools.pairwise(path))
    assert sum(1 for m in g.efeat if (m >> river) & 1) == 2 * len(g.content.map.hexsides[0].edges)


def test_std_2_3_the_crt_reads_its_first_attack_type():
    g = game()
    assert g.crt.type_names[0] == g.content.crt.attack_types[0]
    col0 = g.content.crt.columns[0].rows[g.content.crt.attack_types[0]]
    assert [r[2] for r in g.results[0]] == col0


# --------------------------------------------------------------------------- 3 sequence of play

def test_std_3_1_phases_follow_the_sequence_of_play_and_turns_advance():
    g = game()
    s = g.initial_state(3)
    seen = []
    bots = [RandomBot(1), RandomBot(2)]
    while not s.ended and s.turn == 1:
        if not seen or seen[-1] != phase(g, s):
            seen.append(phase(g, s))
        g.apply(s, bots[s.actor].choose(None, g.legal_actions(s)))
    order = [p for p in g.phase_ids if p in seen]
    assert seen == order and s.turn == 2


def test_std_3_2_a_phase_naming_no_side_is_played_by_each_side_first_side_first():
    g = game()
    pos = Pos(g, "replacement")
    b = pos.put("blue", "inf", "0103", reduced=True)
    r = pos.put("grey", "inf", "0903", reduced=True)
    pos.start()
    first = g.side_ids.index(g.content.game.first_side)
    assert pos.s.stage == RESTORE and pos.s.actor == first
    pos.act("restore", b if first == 0 else r)
    assert pos.s.stage == RESTORE and pos.s.actor == 1 - first


def test_std_3_3_a_single_choice_is_taken_at_once():
    g = game()
    pos = Pos(g, "blue_combat")
    pos.put("blue", "inf", "0101")
    pos.put("grey", "inf", "1008")                # nothing to attack: the phase passes by itself
    pos.start()
    assert phase(g, pos.s) != "blue_combat"


def test_std_3_4_victory_is_checked_at_the_end_of_each_turn():
    g = game()
    pos = Pos(g, "replacement")
    pos.put("blue", "inf", "0103")                # grey has no unit on the map: no_units
    pos.start()
    assert pos.s.ended and pos.s.reason == "no_units" and g.side_ids[pos.s.winner] == "blue"


# --------------------------------------------------------------------------- 4 set-up

def test_std_4_1_units_start_on_their_set_up_hexes():
    g = game()
    s = g.initial_state(0)
    grid = g.board.grid
    for grp in g.content.counters.units:
        on = sorted(grid.id_of(s.loc[p]) for p in range(g.npieces)
                    if s.loc[p] >= 0 and g.side_ids[g.p_side[p]] == grp.side and g.type_ids[g.p_type[p]] == grp.type)
        assert set(grp.setup) <= set(on)
    assert sum(1 for h in s.loc if h == RESERVE) == sum(grp.reserve for grp in g.content.counters.units)


def test_std_4_1_a_set_up_stack_is_checked_against_the_stacking_limit():
    """Friends may start stacked up to the limit; one more, or an enemy in the hex, is an error."""
    grp = "counters.units.0=" + "{side: blue, type: inf, setup: [%s]}"
    limit = content().rules["stacking"]["limit"]
    within = check_path(MINI, [grp % ", ".join(['"0103"'] * limit)])
    assert not [f for f in within if f.severity == "error" and f.code in ("stacking", "setup-stacked")]
    over = check_path(MINI, [grp % ", ".join(['"0103"'] * (limit + 1))])
    assert any(f.code == "stacking" and "0103" in f.message for f in over if f.severity == "error")
    enemy = check_path(MINI, ['counters.units.4={side: grey, type: inf, setup: ["0103", "0707", "0805"]}'])
    assert any(f.code == "setup-stacked" and "0103" in f.message for f in enemy)


def test_std_4_2_reserve_pieces_need_an_entry():
    found = check_path(MINI, ["counters.units.1={side: blue, type: inf, reserve: 1}"])
    assert any(f.code == "rules-reserve" and "enters" in f.message for f in found if f.severity == "error")


# --------------------------------------------------------------------------- 10 reinforcements, replacements

def _blue_reinforcement(g):
    p = next(p for p in range(g.npieces) if g.p_enter_turn[p] and g.side_ids[g.p_side[p]] == "blue")
    return p, g.p_enter_turn[p], [g.board.grid.id_of(h) for h in g.p_entry[p]]


def test_std_10_1_reinforcements_enter_on_their_turn_at_their_hexes():
    g = game()
    p, turn, hexes = _blue_reinforcement(g)
    early = Pos(g, "blue_reinforcement", turn=turn - 1)
    early.put("blue", "inf", "0303")
    early.start()
    assert early.s.loc[p] == RESERVE and phase(g, early.s) != "blue_reinforcement"
    pos = Pos(g, "blue_reinforcement", turn=turn)
    pos.put("blue", "inf", "0303")
    pos.start()
    assert pos.s.stage == ENTER and pos.s.chosen == p
    assert {pos.id(a[1]) for a in pos.legal()} == set(hexes)
    pos.act("enter", pos.h(hexes[-1]))
    assert pos.at(p) == hexes[-1] and [e.piece for e in pos.events(ARRIVED)] == [p]


def test_std_10_1_a_reinforcement_with_no_room_waits():
    g = game()
    p, turn, hexes = _blue_reinforcement(g)
    pos = Pos(g, "blue_reinforcement", turn=turn)
    for h in hexes:
        pos.put("grey", "inf", h)                 # enemies on every entry hex
    pos.start()
    assert pos.s.loc[p] == RESERVE and phase(g, pos.s) != "blue_reinforcement"
    assert check_invariants(pos.s) == []


def test_std_10_1_an_entry_hex_full_of_friends_cannot_be_used():
    g = game()
    p, turn, hexes = _blue_reinforcement(g)
    assert len(hexes) == 2
    free, full = hexes
    pos = Pos(g, "blue_reinforcement", turn=turn)
    others = ["inf", "inf", "inf", "arm", "art"]
    for _ in range(g.section.stacking.limit):
        pos.put("blue", others.pop(0), full)
    pos.put("grey", "inf", "1008")
    pos.start()                                       # one usable hex: taken at once (case 3.3)
    assert pos.at(p) == free and [e.hex for e in pos.events(ARRIVED)] == [free]
    both = Pos(g, "blue_reinforcement", turn=turn)
    others = ["inf", "inf", "inf", "arm", "art"]
    for h in hexes:
        for _ in range(g.section.stacking.limit):
            both.put("blue", others.pop(0), h)
    both.put("grey", "inf", "1008")
    both.start()
    assert both.s.loc[p] == RESERVE and phase(g, both.s) != "blue_reinforcement"
    assert check_invariants(both.s) == []


def test_std_10_2_replacement_points_restore_steps():
    g = game()
    pos = Pos(g, "replacement")
    points = g.content.turn_value(g.section.replacements, pos.s.turn, "blue")
    types = ["inf", "inf", "inf", "arm", "art"]
    assert 0 < points < len(types)                    # one reduced unit more than the points
    units = [pos.put("blue", t, f"01{k + 1:02d}", reduced=True) for k, t in enumerate(types[:points + 1])]
    pos.put("grey", "inf", "0903")
    pos.start()
    assert pos.s.points == points and set(pos.legal()) == {("end",)} | {("restore", u) for u in units}
    for u in units[:points]:
        assert pos.s.stage == RESTORE and pos.s.actor == 0
        pos.act("restore", u)
        assert pos.s.reduced[u] == 0
    assert len(pos.events(RESTORED)) == points
    assert not (pos.s.stage == RESTORE and pos.s.actor == 0) and pos.s.reduced[units[-1]] == 1   # spent: no more


# --------------------------------------------------------------------------- 11 victory

def test_std_11_1_the_games_own_victory_conditions_decide():
    g = game()
    towns = next(c for c in g.content.game.victory if c.kind == "hold").hexes
    pos = Pos(g, "replacement", turn=g.turns)
    for h in towns:
        pos.put("blue", "inf", h)
    pos.put("grey", "inf", "1008")
    pos.start()
    assert pos.s.ended and pos.s.reason == "hold" and g.side_ids[pos.s.winner] == "blue"


def test_std_11_2_entering_an_enemy_place_wins_at_once():
    c = content()
    places = [p.model_copy(update={"side": "grey"}) for p in c.map.places]
    raw_victory = [{"kind": "enter_enemy_place"}] + [v.model_dump() for v in c.game.victory]
    game_model = type(c.game).model_validate({**c.game.model_dump(), "victory": raw_victory})
    c = c.model_copy(update={"map": c.map.model_copy(update={"places": places}), "game": game_model})
    g = Game(c)
    pos = Pos(g, "blue_movement")
    p = pos.put("blue", "inf", "0502")
    pos.put("grey", "inf", "1008")
    pos.start()
    pos.move(p, "0602")
    assert pos.s.ended and pos.s.reason == "enter_enemy_place" and pos.s.winner == 0


def test_std_11_2_passing_through_an_enemy_place_does_not_win():
    """With a movement of 2, the only way from 0101 to 0103 is through 0102, grey's place:
    ending there wins, passing through does not."""
    c = content("unit_types.inf.movement=2", 'map.places=[{name: Grey Post, hex: "0102", side: grey}]',
                "game.victory=[{kind: enter_enemy_place}, {kind: turn_limit, winner: grey}]")
    g = Game(c)
    through = Pos(g, "blue_movement")
    p = through.put("blue", "inf", "0101")
    through.put("grey", "inf", "1008")
    through.start()
    assert {"0102", "0103"} <= through.dests(p)
    through.move(p, "0103")
    assert not through.s.ended
    into = Pos(g, "blue_movement")
    q = into.put("blue", "inf", "0101")
    into.put("grey", "inf", "1008")
    into.start()
    into.move(q, "0102")
    assert into.s.ended and into.s.reason == "enter_enemy_place"


def test_std_11_3_a_game_with_no_condition_met_after_the_last_turn_is_drawn():
    c = content()
    game_model = type(c.game).model_validate({**c.game.model_dump(), "victory": [{"kind": "no_units"}]})
    g = Game(c.model_copy(update={"game": game_model}))
    pos = Pos(g, "replacement", turn=g.turns)
    pos.put("blue", "inf", "0103")
    pos.put("grey", "inf", "1008")
    pos.start()
    assert pos.s.ended and pos.s.winner == -1 and pos.s.reason == "last_turn"


# --------------------------------------------------------------------------- whole games

def test_std_random_games_end_with_every_invariant_kept():
    g = game()
    for seed in range(6):
        s = g.initial_state(seed, events=[])
        bots = [RandomBot(seed), RandomBot(seed + 100)]
        steps = 0
        while not s.ended:
            g.apply(s, bots[s.actor].choose(None, g.legal_actions(s)), check=True)
            assert check_invariants(s) == [], (seed, steps)
            steps += 1
        assert s.ended and steps < 5000


def test_std_games_replay_the_same_by_seed():
    c = content()
    assert play_game(c, 7).digest == play_game(c, 7).digest
    assert len({play_game(c, k).digest for k in range(4)}) > 1


def test_std_status_lines_and_text_show_the_stage():
    g = game()
    s = g.initial_state(0)
    assert g.status_lines(s)[0].startswith("stage ") and "turn 1" in g.render_text(s)


# --------------------------------------------------------------------------- what check refuses

def test_std_11_4_check_refuses_a_phase_kind_it_does_not_run():
    found = check_path(MINI, ["game.sequence_of_play.blue_movement.kind=fire"])
    assert any(f.code == "rules-limit" and "fire phase" in f.message for f in found)


def test_std_11_4_check_refuses_three_sides():
    c = content()
    third = c.game.sides[1].model_copy(update={"id": "green"})
    c = c.model_copy(update={"game": c.game.model_copy(update={"sides": [*c.game.sides, third]})})
    problems = Game.module.requires.problems("standard", c)
    assert any("exactly 2 sides" in m for _, m in problems)


def test_std_2_3_check_refuses_a_second_attack_type():
    c = content()
    found = check_path(MINI, ["crt.attack_types=[assault, fire]"])
    assert c.crt.attack_types == ["assault"] and any(
        f.severity == "error" and ("attack type" in f.message or "fire" in f.message) for f in found)


def test_std_every_option_keeps_the_invariants_in_random_games():
    combos = [
        ({"movement": {"zoc": "locking"}, "stacking": {"limit": 1},
          "combat": {"retreat_blocked": "eliminate", "advance": False}}, ["crt.below_lowest=miss"]),
        ({"movement": {"zoc": "stop_and_leave", "zoc_leave_cost": 1, "units_per_phase": 2},
          "stacking": {"limit": 3, "count": "points", "points": {"arm": 2}},
          "strategic": {"multiplier": 3, "enemy_distance": 2}},
         ["rules.hexsides.river={impassable: true, blocks_zoc: true, drm: -2}", "crt.below_lowest=use_lowest"]),
        ({"movement": {"zoc": "none"}, "strategic": {"multiplier": 2, "enemy_distance": 1}}, []),
    ]
    for rules, overrides in combos:
        g = game(*overrides, rules=rules)
        for seed in range(3):
            s = g.initial_state(seed, events=[])
            bots = [RandomBot(seed), RandomBot(seed + 7)]
            while not s.ended:
                g.apply(s, bots[s.actor].choose(None, g.legal_actions(s)), check=True)
                assert check_invariants(s) == [], (rules, seed)


BOTH_MOVES_FIRST = ("game.sequence_of_play=[{id: reinf, name: R, kind: reinforcement}, "
                    "{id: blue_movement, name: BM, kind: movement, side: blue}, "
                    "{id: grey_movement, name: GM, kind: movement, side: grey}, "
                    "{id: blue_combat, name: BC, kind: combat, side: blue}, "
                    "{id: grey_combat, name: GC, kind: combat, side: grey}, "
                    "{id: replacement, name: Replacement, kind: replacement}]")


def test_std_11_4_the_standard_rules_play_their_phases_in_any_order():
    """Both movement phases before both combat phases: accepted, and played with every invariant
    kept (each combat phase is fought by its own side's units)."""
    assert not [f for f in check_path(MINI, [BOTH_MOVES_FIRST]) if f.severity == "error"]
    g = Game(content(BOTH_MOVES_FIRST))
    for seed in range(4):
        s = g.initial_state(seed, events=[])
        bots = [RandomBot(seed), RandomBot(seed + 50)]
        while not s.ended:
            g.apply(s, bots[s.actor].choose(None, g.legal_actions(s)), check=True)
            assert check_invariants(s) == []


def test_std_11_4_check_refuses_a_phase_order_a_rules_module_does_not_play():
    """Bering Land fights with the units of the movement phase just played: both movement phases
    before both combat phases is refused (each rules module declares the orders it plays)."""
    bering = Path(__file__).resolve().parents[2] / "content" / "bering_land"
    reordered = ("game.sequence_of_play=[{id: respawn, name: Respawn, kind: respawn}, "
                 "{id: us_movement, name: UM, kind: movement, side: us}, "
                 "{id: ru_movement, name: RM, kind: movement, side: ru}, "
                 "{id: us_combat, name: UC, kind: combat, side: us}, "
                 "{id: ru_combat, name: RC, kind: combat, side: ru}, "
                 "{id: housekeeping, name: Housekeeping, kind: housekeeping}]")
    assert not [f for f in check_path(bering) if f.severity == "error"]
    found = [f for f in check_path(bering, [reordered]) if f.severity == "error"]
    assert found and {f.code for f in found} == {"rules-limit"}
    assert any("'us_combat' follows 'ru_movement'" in f.message for f in found)


DESIGNER = Path(__file__).resolve().parents[1] / "fixtures" / "designer_game"


def test_std_1_1_a_designers_own_game_is_yaml_alone(tmp_path, genkit):
    """tests/fixtures/designer_game, one YAML file and nothing else: a 14 x 9 pointy map, a d10, a
    bombardment phase, odds with shifts and combined arms (read by differential at the attacker's
    choice), line of sight with heights, a causeway at half a point, supply, a hold by the
    attacker, points per side at once, reinforcements on entry (late on a roll), weather rolled,
    cards by side drawn by the turn track: no finding, a kit built, and games simulated that keep
    every invariant and end by its conditions."""
    import json

    from genkit.model.load import load_game
    from genkit.pack.printable import build_kit
    from genkit.sim.bots import make_players
    assert sorted(p.name for p in DESIGNER.iterdir()) == ["game.yaml"]
    assert check_path(DESIGNER) == []
    c = load_game(DESIGNER)
    g = Game(c)
    sec = g.section
    assert c.map.grid.orientation == "pointy" and c.crt.die_faces == 10 and c.crt.uses_odds
    assert {d.held_by for d in c.decks} == {"red", "teal"} and "bombardment" in g.phase_kind
    assert any(v.kind == "hold" and v.side == "red" for v in c.game.victory)
    assert any(grp.enters for grp in c.counters.units) and sec.terrain and sec.combat.modifiers
    assert sec.combat.choice and sec.supply and sec.rolls and sec.cards.draw == "cards"
    build_kit(DESIGNER, tmp_path / "kit")
    kit = {p.name for p in (tmp_path / "kit").iterdir()}
    assert {"map.pdf", "counters.pdf", "player-aid.pdf", "cards-red_orders.pdf", "cards-teal_orders.pdf"} <= kit
    code, out, _ = genkit("sim", DESIGNER, "--games", "40", "--bots", "greedy,greedy", "--workers", "1",
                          "--seed", "5", "--json", tmp_path / "sim.json")
    assert code == 0 and "No invariant was broken and every game ended." in out
    assert sum(json.loads((tmp_path / "sim.json").read_text())["wins"].values()) == 40
    reasons = set()
    for seed in range(6):
        s = g.initial_state(seed, events=[])
        bots = make_players(["greedy", "greedy"], g, seed) if seed % 2 else [RandomBot(seed), RandomBot(seed + 1)]
        while not s.ended:
            g.apply(s, bots[s.actor].choose(g.observe(s, s.actor), g.legal_actions(s)), check=True)
            assert check_invariants(s) == []
        reasons.add(s.reason)
    assert reasons <= {"no_units", "points", "hold", "turn_limit"}
