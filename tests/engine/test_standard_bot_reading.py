"""What the standard rules' greedy bot reads when it weighs an attack (issue 26): the unit types'
modifiers (case 8.11), the bombardment row and its one-sided results (case 8.10), and victory
points when they decide the game (case 11.8)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_standard_bombardment import _overrides
from test_standard_position import Pos, content

from genkit.engine.bots import bot_seed
from genkit.engine.crt import AUTO_MISS, FORBIDDEN
from genkit.engine.rules.standard import Game
from genkit.engine.rules.standard.bot_tables import POINTS_W, BotTables
from genkit.engine.rules.standard.bots import GreedyBot
from genkit.engine.rules.standard.state import ATTACKERS, PICK
from genkit.model.load import load

ROOT = Path(__file__).resolve().parents[2]


def _value(g: Game, phase: str, attacker=("blue", "inf", "0303"), defender=("grey", "inf", "0304")) -> float:
    """The greedy bot's value of one attack by ``attacker`` on ``defender`` in ``phase``."""
    pos = Pos(g, phase)
    a = pos.put(*attacker)
    pos.put(*defender)
    pos.start()
    bot = GreedyBot(g, 0, 1)
    return bot.attack_value(g.observe(pos.s, 0), [a], pos.h(defender[2]))


def test_std_8_11_the_bot_reads_the_modifiers_of_the_unit_types_fighting():
    plain = _value(Game(content()), "blue_combat")
    mod = "rules.combat.modifiers=[{id: drill, name: Drill, attackers_include: [inf], shift: 2}]"
    helped = _value(Game(content(mod)), "blue_combat")
    hurt = _value(Game(content(mod.replace("shift: 2", "shift: -2"))), "blue_combat")
    assert hurt < plain < helped


def test_std_8_10_the_bot_weighs_a_bombardment_on_its_own_row_hurting_the_defender_only():
    """A barrage row of exchanges costs the defender a step and the bombarding unit nothing; one
    of attacker step losses does nothing at all."""
    at = ("blue", "art", "0303")
    exchange = _value(Game(content(*_overrides("X"))), "blue_bombardment", attacker=at)
    step = _value(Game(content(*_overrides("S"))), "blue_bombardment", attacker=at)
    idle = _value(Game(content(*_overrides("A"))), "blue_bombardment", attacker=at)
    assert exchange == step > 0
    assert idle == 0.0


def test_std_11_8_the_bots_count_the_victory_points_an_elimination_scores_when_points_decide():
    g = Game(content())
    assert not any(cond.kind == "points" for cond in g.content.game.victory)
    plain = BotTables(g)
    assert not plain.points_race and not any(plain.p_prize)
    race = "game.victory=[{kind: points, at_least: 6}, {kind: turn_limit, winner: grey}]"
    raced = BotTables(Game(content(race)))
    assert raced.points_race
    assert raced.p_prize == [POINTS_W * g.t_points[g.p_type[p]] for p in range(g.npieces)]
    assert raced.p_worth == plain.p_worth
    # an attack that may eliminate a reduced defender is worth its points more
    reduced = ("grey", "inf", "0304", True)
    no_race = "game.victory=[{kind: no_units}, {kind: turn_limit, winner: grey}]"
    assert _value(Game(content(race)), "blue_combat", defender=reduced) > \
        _value(Game(content(no_race)), "blue_combat", defender=reduced)


@pytest.mark.parametrize("folder", ["tests/fixtures/designer_game", "content/brannock_ford"])
def test_std_8_5_to_8_14_the_bot_weighs_an_attack_on_the_column_and_drm_the_battle_reads(folder):
    """At every combat decision of greedy games (the designer game: terrain, unit types'
    modifiers, supply, weather rolled; The Brannock Ford: terrain and river hexsides), the bot's
    value of each attack offered, by every unit that may join it, is its value on the column
    and die-roll modifier of the battle's own odds (Combat.odds): one reckoning of the
    modifiers for the battle and the bot."""
    c, _ = load(str(ROOT / folder))
    g = Game(c)
    checked = modified = 0
    for seed in (1, 2, 3):
        s = g.initial_state(seed)
        bots = [GreedyBot(g, k, bot_seed(seed, k)) for k in (0, 1)]
        while not s.ended and s.turn <= 6:
            acts = g.legal_actions(s)
            if s.stage == PICK and any(a[0] == "attack" for a in acts):
                bot, v = bots[s.actor], g.observe(s, s.actor)
                fire = bool(g.phase_bombards[s.phase])
                for a in acts:
                    if a[0] != "attack":
                        continue
                    probe = g.apply(s.copy(), a)
                    atts = sorted({x[1] for x in g.legal_actions(probe) if x[0] == "with"} if probe.stage == ATTACKERS
                                  else [p for p in g.side_pieces[s.actor] if (probe.attackers >> p) & 1])
                    h = a[1]
                    raw, col, drm = g.odds(s, atts, h)
                    modified += bool(g.modifiers(s, atts, h))
                    bot._prepare(v)
                    got = bot.battle_value(v, atts, h, 0)
                    if raw == FORBIDDEN:
                        assert got is None
                    elif raw == AUTO_MISS:
                        assert got == 0.0
                    else:
                        want = bot._value(v, bot.t.distribution(col, drm, fire), bot.foe[h], atts, h,
                                          g.attack_strength(s, atts), not fire)
                        assert got == want, (seed, s.turn, a, atts)
                    checked += 1
            g.apply(s, bots[s.actor].choose(g.observe(s, s.actor), acts) if len(acts) > 1 else acts[0])
    assert checked > 40 and modified > 10, (checked, modified)
