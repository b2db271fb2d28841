"""Combat and its results in the standard rules (docs/standard-rules.md cases 8 and 9), on
tests/fixtures/standard_mini. Each test is named after the case it proves; the dice are set
by the ``dice`` fixture, the faces found in the model's own CRT."""
from __future__ import annotations

import pytest
from test_standard_position import Pos, content, fixed_dice, game

from genkit.engine import events as ev
from genkit.engine.crt import FORBIDDEN
from genkit.engine.rules.standard import Game
from genkit.engine.rules.standard.events import ADVANCED, RETREATED
from genkit.engine.rules.standard.state import ADVANCE, ATTACKERS, PICK, RETREAT
from genkit.engine.rules.standard.tables import EFFECTS
from genkit.engine.state import ELIMINATED


@pytest.fixture
def dice(monkeypatch):
    return fixed_dice(monkeypatch)


def strength(g, type_id: str, reduced: bool = False, defence: bool = False) -> int:
    t = next(t for t in g.types if t.id == type_id)
    s = t.defence_of() if defence else t.strength
    return s.reduced if reduced else s.full


def odds_label(g, attack: int, defence: int) -> str:
    """The printed odds column for these strengths, rounded down (the defender's favour)."""
    best = None
    for c in g.content.crt.columns:
        a, d = (int(x) for x in c.odds.split(":"))
        if attack * d >= defence * a and (best is None or a / d > best[0]):
            best = (a / d, c.odds)
    return best[1] if best else None


def face_for(g, col: int, effect: str, drm: int = 0) -> int:
    """A die face that reads ``effect`` in column ``col`` (with ``drm`` added)."""
    want = EFFECTS.index(effect)
    for f in range(1, g.crt.faces + 1):
        if g.results[col][min(max(f + drm, 1), g.crt.faces) - 1][0] == want:
            return f
    raise AssertionError(f"no {effect} in column {g.crt.labels[col]}")


def battle(pos: Pos, attackers, hex_id: str) -> None:
    pos.act("attack", pos.h(hex_id))
    for p in attackers:
        if pos.s.stage == ATTACKERS and ("with", p) in pos.legal():
            pos.act("with", p)
    if pos.s.stage == ATTACKERS:
        pos.act("roll")


def one_on_one(*overrides: str, attacker="inf", defender="inf", where=("0303", "0304"), **kw) -> tuple:
    pos = Pos(game(*overrides, **kw), "blue_combat")
    a = pos.put("blue", attacker, where[0])
    d = pos.put("grey", defender, where[1])
    pos.start()
    return pos, a, d


def column(pos: Pos, attackers, hex_id: str) -> int:
    return pos.g.odds(pos.s, attackers, pos.h(hex_id))[1]


# --------------------------------------------------------------------------- 8.1-8.2 who attacks

def test_std_8_1_units_attack_within_their_attack_distance():
    pos = Pos(game(), "blue_combat")
    art = pos.put("blue", "art", "0302")           # two hexes from 0304
    inf = pos.put("blue", "inf", "0106")           # far away
    near = pos.put("blue", "inf", "0303")
    d = pos.put("grey", "inf", "0304")
    assert pos.g.board.distance(pos.s.loc[art], pos.s.loc[d]) == 2
    assert pos.g.eligible(pos.s, 0, pos.s.loc[d]) == sorted([art, near]) and inf not in pos.g.eligible(pos.s, 0, pos.h("0304"))


def test_std_8_1_each_unit_attacks_once_each_hex_is_attacked_once(dice):
    pos = Pos(game(), "blue_combat")
    a = pos.put("blue", "arm", "0303")
    b = pos.put("blue", "inf", "0204")
    pos.put("grey", "inf", "0304")
    pos.put("grey", "inf", "0203")
    pos.start()
    assert ("attack", pos.h("0304")) in pos.legal() and ("attack", pos.h("0203")) in pos.legal()
    dice(face_for(pos.g, column(pos, [a], "0304"), "none"))
    battle(pos, [a], "0304")
    assert ("attack", pos.h("0304")) not in pos.legal()
    assert a not in pos.g.eligible(pos.s, 0, pos.h("0203")) and b in pos.g.eligible(pos.s, 0, pos.h("0203"))


def test_std_8_1_attacks_are_voluntary():
    pos, _a, _d = one_on_one()
    assert pos.legal()[0] == ("end",)
    pos.act("end")
    assert pos.s.phase != pos.g.phase_ids.index("blue_combat") and not pos.events(ev.BATTLE)


def test_std_8_2_several_attackers_add_their_strengths(dice):
    pos = Pos(game(), "blue_combat")
    a, b = pos.put("blue", "inf", "0303"), pos.put("blue", "inf", "0204")
    pos.put("grey", "inf", "0304")
    pos.start()
    g = pos.g
    want = odds_label(g, 2 * strength(g, "inf"), strength(g, "inf", defence=True))
    assert g.crt.labels[column(pos, [a, b], "0304")] == want
    pos.act("attack", pos.h("0304")).act("with", a)
    assert ("roll",) in pos.legal() and ("with", b) in pos.legal()
    dice(face_for(g, column(pos, [a, b], "0304"), "none"))
    pos.act("with", b)
    [bt] = pos.events(ev.BATTLE)
    assert bt.n_attackers == 2 and bt.column == want


# --------------------------------------------------------------------------- 8.3-8.4 columns

def test_std_8_3_odds_columns_compare_attack_to_defence():
    pos, a, _d = one_on_one(attacker="arm")
    g = pos.g
    assert g.crt.labels[column(pos, [a], "0304")] == odds_label(g, strength(g, "arm"), strength(g, "inf", defence=True))


def test_std_8_3_differential_columns():
    c = content()
    crt = c.crt
    cols = [col.model_copy(update={"odds": None, "differential": k - 2}) for k, col in enumerate(crt.columns)]
    c = c.model_copy(update={"crt": crt.model_copy(update={"columns": cols})})
    g = Game(c)
    pos = Pos(g, "blue_combat")
    a = pos.put("blue", "arm", "0303")
    pos.put("grey", "inf", "0304")
    diff = strength(g, "arm") - strength(g, "inf", defence=True)
    assert g.crt.labels[column(pos, [a], "0304")] == min(diff, max(g.crt.labels))


def test_std_8_3_an_attack_below_the_lowest_column_is_not_offered():
    pos, _a, _d = one_on_one(attacker="art", where=("0706", "0707"))     # a town doubles the defence
    g = pos.g
    assert g.crt.pick(strength(g, "art"), 2 * strength(g, "inf", defence=True)) == FORBIDDEN
    assert ("attack", pos.h("0707")) not in pos.legal()


def test_std_8_4_odds_are_rounded_in_the_defenders_favour():
    pos = Pos(game(), "blue_combat")
    a = pos.put("blue", "arm", "0303")
    b = pos.put("blue", "art", "0204", reduced=True)
    pos.put("grey", "inf", "0304")
    g = pos.g
    att, dfn = strength(g, "arm") + strength(g, "art", reduced=True), strength(g, "inf", defence=True)
    assert att % dfn and g.crt.labels[column(pos, [a, b], "0304")] == odds_label(g, att, dfn)


# --------------------------------------------------------------------------- 8.5-8.7 modifiers

def test_std_8_5_terrain_multiplies_the_defence():
    pos, a, _d = one_on_one(attacker="arm", where=("0706", "0707"))
    g = pos.g
    mult = g.section.terrain["town"].multiplier
    assert g.defence_strength(pos.s, pos.h("0707")) == mult * strength(g, "inf", defence=True)
    assert g.crt.labels[column(pos, [a], "0707")] == odds_label(g, strength(g, "arm"), mult * strength(g, "inf", defence=True))


def test_std_8_5_terrain_shifts_the_column():
    pos, a, _d = one_on_one(attacker="arm", where=("0503", "0504"))      # 0504: woods
    g = pos.g
    shift = g.section.terrain["woods"].shift
    raw, col, _drm = g.odds(pos.s, [a], pos.h("0504"))
    assert shift and col == max(raw + shift, 0) and ("terrain:woods", shift, 0) in g.modifiers(pos.s, [a], pos.h("0504"))


def test_std_8_5_terrain_drm_changes_the_roll(dice):
    pos, a, _d = one_on_one(attacker="arm", where=("0402", "0403"))      # 0403: hill
    g = pos.g
    drm = g.section.terrain["hill"].drm
    _raw, col, total = g.odds(pos.s, [a], pos.h("0403"))
    assert total == drm != 0
    dice(g.crt.faces)
    battle(pos, [a], "0403")
    [bt] = pos.events(ev.BATTLE)
    assert bt.face == g.crt.faces and bt.result == g.results[col][g.crt.faces + drm - 1][2]


def test_std_8_6_hexside_shift_when_every_attacker_is_across():
    g = game()
    shift = g.section.hexsides["river"].shift
    pos = Pos(g, "blue_combat")
    a = pos.put("blue", "arm", "0502")              # across the river from 0602
    b = pos.put("blue", "inf", "0702")              # on the same bank
    art = pos.put("blue", "art", "0402")            # two hexes away: not across
    pos.put("grey", "inf", "0602")
    assert ("hexside:river", shift, 0) in g.modifiers(pos.s, [a], pos.h("0602"))
    assert not any(m[0].startswith("hexside") for m in g.modifiers(pos.s, [a, b], pos.h("0602")))
    assert not any(m[0].startswith("hexside") for m in g.modifiers(pos.s, [a, art], pos.h("0602")))


def test_std_8_6_a_bridge_keeps_the_rivers_combat_effect():
    g = game()
    pos = Pos(g, "blue_combat")
    a = pos.put("blue", "arm", "0504")              # 0504/0604: river and bridge
    pos.put("grey", "inf", "0604")
    assert ("hexside:river", g.section.hexsides["river"].shift, 0) in g.modifiers(pos.s, [a], pos.h("0604"))


def test_std_8_7_shifts_and_drms_stay_on_the_table(dice):
    g = game("rules.terrain={woods: {shift: -9, drm: -9}, hill: {drm: -1}, town: {multiplier: 2}}")
    pos = Pos(g, "blue_combat")
    a = pos.put("blue", "inf", "0503")
    pos.put("grey", "inf", "0504")
    pos.start()
    raw, col, drm = g.odds(pos.s, [a], pos.h("0504"))
    assert raw >= 0 and col == 0 and drm == -9
    dice(g.crt.faces)
    battle(pos, [a], "0504")
    [bt] = pos.events(ev.BATTLE)
    assert bt.column == g.crt.labels[0] and bt.result == g.results[0][0][2]       # face clipped to 1


# --------------------------------------------------------------------------- 9.1 results

def _fight(dice, effect: str, attacker="inf", defender="inf", reduced=False, **kw):
    pos, a, d = one_on_one(attacker=attacker, defender=defender, **kw)
    pos.s.reduced[d] = int(reduced)
    col = column(pos, [a], "0304")
    dice(face_for(pos.g, col, effect))
    battle(pos, [a], "0304")
    return pos, a, d


def test_std_9_1_no_effect(dice):
    pos, a, d = _fight(dice, "none")
    assert pos.at(a) == "0303" and pos.at(d) == "0304" and not pos.s.reduced[a] and not pos.s.reduced[d]


def test_std_9_1_step_loss_reduces_the_strongest_defender(dice):
    pos = Pos(game(), "blue_combat")
    a = pos.put("blue", "arm", "0303")
    art = pos.put("grey", "art", "0304")
    inf = pos.put("grey", "inf", "0304")
    pos.start()
    dice(face_for(pos.g, column(pos, [a], "0304"), "step_loss"))
    battle(pos, [a], "0304")
    assert pos.s.reduced[inf] and not pos.s.reduced[art]     # inf defends more than art
    assert [e.piece for e in pos.events(ev.REDUCED)] == [inf]


def test_std_9_1_a_reduced_unit_losing_a_step_is_eliminated(dice):
    pos, _a, d = _fight(dice, "step_loss", attacker="arm", reduced=True)
    assert pos.s.loc[d] == ELIMINATED and [e.piece for e in pos.events(ev.ELIMINATED)] == [d]


def test_std_9_1_eliminate_removes_every_defender(dice):
    pos = Pos(game(), "blue_combat")
    atts = [pos.put("blue", t, h) for t, h in (("arm", "0303"), ("inf", "0204"), ("inf", "0404"))]
    d1, d2 = pos.put("grey", "inf", "0304"), pos.put("grey", "art", "0304")
    pos.start()
    dice(face_for(pos.g, column(pos, atts, "0304"), "eliminate"))
    battle(pos, atts, "0304")
    assert pos.s.loc[d1] == pos.s.loc[d2] == ELIMINATED
    assert pos.events(ev.BATTLE)[0].eliminated


def test_std_9_1_attacker_step_loss_hits_the_strongest_attacker(dice):
    pos = Pos(game(), "blue_combat")
    a, b = pos.put("blue", "inf", "0303"), pos.put("blue", "art", "0302")
    pos.put("grey", "arm", "0304")
    pos.start()
    dice(face_for(pos.g, column(pos, [a, b], "0304"), "attacker_step_loss"))
    battle(pos, [a, b], "0304")
    assert pos.s.reduced[a] and not pos.s.reduced[b]


# art made the best defender but not the best attacker (inf): the two orders disagree
SPLIT = "unit_types.art.defence={full: 5, reduced: 1}"


def _disagree(g) -> None:
    assert strength(g, "art", defence=True) > strength(g, "inf", defence=True)
    assert strength(g, "inf") > strength(g, "art")


def test_std_9_1_step_loss_falls_on_the_highest_defence_not_the_highest_attack(dice):
    g = game(SPLIT)
    _disagree(g)
    pos = Pos(g, "blue_combat")
    atts = [pos.put("blue", t, h) for t, h in (("arm", "0303"), ("inf", "0204"), ("inf", "0404"))]
    art = pos.put("grey", "art", "0304")
    inf = pos.put("grey", "inf", "0304")
    pos.start()
    dice(face_for(g, column(pos, atts, "0304"), "step_loss"))
    battle(pos, atts, "0304")
    assert pos.s.reduced[art] and not pos.s.reduced[inf]
    assert [e.piece for e in pos.events(ev.REDUCED)] == [art]


def test_std_9_1_attacker_step_loss_falls_on_the_highest_attack_not_the_highest_defence(dice):
    g = game(SPLIT)
    _disagree(g)
    pos = Pos(g, "blue_combat")
    art, inf = pos.put("blue", "art", "0302"), pos.put("blue", "inf", "0303")
    pos.put("grey", "inf", "0304")
    pos.start()
    dice(face_for(g, column(pos, [art, inf], "0304"), "attacker_step_loss"))
    battle(pos, [art, inf], "0304")
    assert pos.s.reduced[inf] and not pos.s.reduced[art]
    assert [e.piece for e in pos.events(ev.REDUCED)] == [inf]


def test_std_9_1_a_tie_in_defence_takes_the_lowest_piece_number(dice):
    g = game()
    pos = Pos(g, "blue_combat")
    atts = [pos.put("blue", t, h) for t, h in (("arm", "0303"), ("inf", "0204"), ("inf", "0404"))]
    ds = [pos.put("grey", t, "0304") for t in ("arm", "inf")]       # one defence, different attacks
    assert strength(g, "arm", defence=True) == strength(g, "inf", defence=True)
    assert strength(g, "arm") != strength(g, "inf")
    pos.start()
    dice(face_for(g, column(pos, atts, "0304"), "step_loss"))
    battle(pos, atts, "0304")
    assert [e.piece for e in pos.events(ev.REDUCED)] == [min(ds)] and not pos.s.reduced[max(ds)]


def test_std_9_1_a_tie_in_attack_takes_the_lowest_piece_number(dice):
    g = game()
    pos = Pos(g, "blue_combat")
    a = [pos.put("blue", "inf", h) for h in ("0303", "0204")]      # one type: the same attack
    pos.put("grey", "inf", "0304")
    pos.start()
    dice(face_for(g, column(pos, a, "0304"), "attacker_step_loss"))
    battle(pos, a, "0304")
    assert [e.piece for e in pos.events(ev.REDUCED)] == [min(a)] and not pos.s.reduced[max(a)]


def test_std_9_1_attacker_eliminate(dice):
    pos, a, d = _fight(dice, "attacker_eliminate", attacker="art", defender="inf")
    assert pos.s.loc[a] == ELIMINATED and pos.at(d) == "0304"


def test_std_9_1_exchange_costs_both_sides_a_step(dice):
    pos, a, d = _fight(dice, "exchange")
    assert pos.s.reduced[a] == 1 and pos.s.reduced[d] == 1


# --------------------------------------------------------------------------- 9.2-9.4 retreats

def _hexes(pos, acts) -> set:
    return {pos.id(a[1]) for a in acts}


def test_std_9_2_defenders_retreat_hex_by_hex_chosen_by_their_owner(dice):
    pos, a, d = _fight(dice, "retreat")
    g = pos.g
    n = next(r.hexes for r in g.content.crt.results if r.effect == "retreat")
    assert pos.s.stage == RETREAT and pos.s.actor == g.p_side[d]
    dist = g.board.distance
    origin = pos.h("0304")
    for step in range(1, n + 1):
        opts = [x for x in pos.legal() if x[0] == "retreat"]
        assert opts and all(dist(x[1], origin) == step for x in opts)
        assert all(not (g.zoc_from[pos.s.loc[a]] >> x[1]) & 1 for x in opts)     # never into a zone
        pos.act(*opts[-1])
    assert dist(pos.s.loc[d], origin) == n and len(pos.events(RETREATED)) == n


def test_std_9_3_a_blocked_retreat_costs_a_step(dice):
    pos = Pos(game(), "blue_combat")
    a = pos.put("blue", "inf", "0102")
    d = pos.put("grey", "inf", "0101")            # the corner: every way out is next to blue
    pos.put("blue", "inf", "0202")
    pos.start()
    dice(face_for(pos.g, column(pos, [a], "0101"), "retreat"))
    battle(pos, [a], "0101")
    assert pos.at(d) == "0101" and pos.s.reduced[d] == 1 and pos.s.stage == PICK


def test_std_9_3_a_blocked_retreat_can_eliminate(dice):
    g = game("rules.combat={retreat_blocked: eliminate, advance: false}")
    pos = Pos(g, "blue_combat")
    a = pos.put("blue", "inf", "0102")
    d = pos.put("grey", "inf", "0101")
    pos.put("blue", "inf", "0202")
    pos.start()
    dice(face_for(g, column(pos, [a], "0101"), "retreat"))
    battle(pos, [a], "0101")
    assert pos.s.loc[d] == ELIMINATED


def test_std_9_4_attackers_retreat(dice):
    pos, a, d = _fight(dice, "attacker_retreat")
    g = pos.g
    n = next(r.hexes for r in g.content.crt.results if r.effect == "attacker_retreat")
    while pos.s.stage == RETREAT:
        assert pos.s.actor == g.p_side[a]
        pos.act(*pos.legal()[0])
    assert g.board.distance(pos.s.loc[a], pos.h("0303")) == n and pos.at(d) == "0304"


# --------------------------------------------------------------------------- 9.5 advance

def test_std_9_5_attackers_may_advance_into_the_vacated_hex(dice):
    pos = Pos(game(), "blue_combat")
    a, b = pos.put("blue", "arm", "0303"), pos.put("blue", "inf", "0204")
    d = pos.put("grey", "inf", "0304")
    pos.start()
    dice(face_for(pos.g, column(pos, [a, b], "0304"), "eliminate"))
    battle(pos, [a, b], "0304")
    assert pos.s.loc[d] == ELIMINATED and pos.s.stage == ADVANCE
    assert pos.legal() == [("advance", p) for p in sorted((a, b))] + [("stay",)]
    pos.act("advance", b)
    assert pos.at(b) == "0304" and [e.piece for e in pos.events(ADVANCED)] == [b]
    pos.act("stay")
    assert pos.s.stage == PICK and pos.at(a) == "0303"


def test_std_9_5_no_advance_when_the_option_is_off(dice):
    g = game("rules.combat={retreat_blocked: step_loss, advance: false}")
    pos = Pos(g, "blue_combat")
    a = pos.put("blue", "arm", "0303")
    d = pos.put("grey", "inf", "0304", reduced=True)
    pos.start()
    dice(face_for(g, column(pos, [a], "0304"), "eliminate"))
    battle(pos, [a], "0304")
    assert pos.s.loc[d] == ELIMINATED and pos.s.stage != ADVANCE and pos.at(a) == "0303"


def test_std_9_5_advance_after_a_retreat_respects_stacking(dice):
    pos = Pos(game(), "blue_combat")
    atts = [pos.put("blue", "inf", h) for h in ("0303", "0203", "0403")]   # the way south stays open
    d = pos.put("grey", "inf", "0304")
    pos.start()
    g = pos.g
    dice(face_for(g, column(pos, atts, "0304"), "retreat"))
    battle(pos, atts, "0304")
    while pos.s.stage == RETREAT:
        pos.act(*pos.legal()[0])
    assert pos.at(d) != "0304" and pos.s.stage == ADVANCE
    for _ in range(g.limit):
        pos.act(*pos.legal()[0])
    assert len(g.stack(pos.s, pos.h("0304"))) == g.limit and pos.s.stage == PICK


def test_std_8_3_below_the_lowest_column_a_miss_rolls_nothing(dice):
    pos, a, d = one_on_one("crt.below_lowest=miss", attacker="art", where=("0706", "0707"))
    assert ("attack", pos.h("0707")) in pos.legal()
    battle(pos, [a], "0707")                          # no die is asked for (the dice fixture is empty)
    [bt] = pos.events(ev.BATTLE)
    assert bt.face is None and bt.column is None and pos.at(d) == "0707" and not pos.s.reduced[d]


def test_std_8_3_below_the_lowest_column_can_use_the_lowest(dice):
    pos, a, _ = one_on_one("crt.below_lowest=use_lowest", attacker="art", where=("0706", "0707"))
    g = pos.g
    dice(face_for(g, 0, "none"))
    battle(pos, [a], "0707")
    assert pos.events(ev.BATTLE)[0].column == g.crt.labels[0]


def test_std_9_5_advancing_never_crosses_an_impassable_hexside(dice):
    # 0503 is across the river from 0603, 0604 on its bank; 0503/0603 has no bridge
    for impassable in (False, True):
        overrides = ("rules.hexsides.river={impassable: true}",) if impassable else ()
        g = game(*overrides)
        pos = Pos(g, "blue_combat")
        across, beside = pos.put("blue", "arm", "0503"), pos.put("blue", "inf", "0604")
        d = pos.put("grey", "inf", "0603", reduced=True)
        pos.start()
        dice(face_for(g, column(pos, [across, beside], "0603"), "eliminate"))
        battle(pos, [across, beside], "0603")
        assert pos.s.loc[d] == ELIMINATED and pos.s.stage == ADVANCE
        assert ("advance", beside) in pos.legal()
        assert (("advance", across) in pos.legal()) != impassable


def test_std_8_9_a_unit_type_that_never_attacks():
    """Artillery next to an enemy: it may attack, until rules.unit_types says it never does;
    then it is offered no attack, and the combat modifiers chart says so."""
    from genkit.engine.rules.standard.charts import modifiers_chart
    from genkit.engine.rules.standard.section import Section
    for never, may in ((False, True), (True, False)):
        rules = {"unit_types": {"art": {"attacks": False}}} if never else None
        g = game(rules=rules) if rules else game()
        pos = Pos(g, "blue_combat")
        art = pos.put("blue", "art", "0303")
        pos.put("grey", "inf", "0304")
        pos.start()
        assert (art in g.eligible(pos.s, 0, pos.h("0304"))) == may
        assert (("attack", pos.h("0304")) in pos.legal()) == may
    c = content(rules={"unit_types": {"art": {"attacks": False}}})
    chart = modifiers_chart(c, Section.model_validate(c.rules))
    assert any("Artillery never attacks" in n for n in chart.notes)


def test_std_8_9_check_refuses_a_rule_for_an_unknown_unit_type():
    from test_standard_position import MINI

    from genkit.pack.printable import check_path
    found = [f for f in check_path(MINI, ["rules.unit_types={hq: {attacks: false}}"]) if f.severity == "error"]
    assert [f.code for f in found] == ["rules-reference"] and "'hq'" in found[0].message


def test_std_8_11_modifiers_by_the_unit_types_fighting():
    """Combined arms (infantry with armour) shifts one column right; armour alone gets nothing,
    and a defender modifier applies only with its type among the defenders."""
    from genkit.engine.rules.standard.charts import modifiers_chart
    from genkit.engine.rules.standard.section import Section
    mods = {"modifiers": [{"id": "combined", "name": "Combined arms", "attackers_include": ["inf", "arm"], "shift": 1},
                          {"id": "gunners", "name": "Gunners defending", "defenders_include": ["art"], "drm": -1}]}
    rules = {"combat": {**content().rules["combat"], **mods}}
    g = game(rules=rules)
    pos = Pos(g, "blue_combat")
    a, b = pos.put("blue", "arm", "0303"), pos.put("blue", "inf", "0203")
    pos.put("grey", "inf", "0304")
    pos.start()
    h = pos.h("0304")
    assert ("modifier:combined", 1, 0) in g.modifiers(pos.s, [a, b], h)
    assert not [m for m in g.modifiers(pos.s, [a], h) if m[0].startswith("modifier:")]
    plain = game()
    assert g.odds(pos.s, [a, b], h)[1] == min(plain.odds(pos.s, [a, b], h)[1] + 1, g.crt.top)
    pos.put("grey", "art", "0304")
    assert ("modifier:gunners", 0, -1) in g.modifiers(pos.s, [a], h)
    c = content(rules=rules)
    rows = modifiers_chart(c, Section.model_validate(c.rules)).rows
    assert ("Combined arms", "1 column right", "attackers include Infantry and Armour") in rows


def test_std_8_11_check_refuses_a_modifier_of_no_known_type():
    from test_standard_position import MINI

    from genkit.pack.printable import check_path
    found = [f for f in check_path(MINI, ["rules.combat.modifiers=[{id: x, name: X, attackers_include: [hq], shift: 1}]"])
             if f.severity == "error"]
    assert [f.code for f in found] == ["rules-reference"] and "'hq'" in found[0].message
    found = [f for f in check_path(MINI, ["rules.combat.modifiers=[{id: x, name: X, shift: 1}]"]) if f.severity == "error"]
    assert [f.code for f in found] == ["rules-modifier"]


def test_std_9_5_with_advance_distances_each_advance_names_where_it_stops(dice):
    g = game("rules.combat={retreat_blocked: step_loss, advance: true, advance_distance: {arm: 2}}")
    pos = Pos(g, "blue_combat")
    a, b = pos.put("blue", "arm", "0303"), pos.put("blue", "inf", "0204")
    d = pos.put("grey", "inf", "0304")
    pos.start()
    dice(face_for(g, column(pos, [a, b], "0304"), "eliminate"))
    battle(pos, [a, b], "0304")
    assert pos.s.loc[d] == ELIMINATED and pos.s.stage == ADVANCE
    here = pos.h("0304")                # the standard rules record no path of withdrawal: the emptied hex
    assert pos.legal() == [("advance", p, here) for p in sorted((a, b))] + [("stay",)]
    pos.act("advance", a, here)
    assert pos.at(a) == "0304" and [e.hex for e in pos.events(ADVANCED)] == ["0304"]
    pos.act("stay")
    assert pos.s.stage == PICK and pos.at(b) == "0204"
