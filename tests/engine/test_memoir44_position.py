"""Hand-made Memoir '44 positions (the helpers the other test_memoir44_* files use) and the
tests of the components and the command phase (docs/memoir44-rules.md cases 1-3). Every
expected number is read from content/memoir44; the tests are named after the cases."""
from __future__ import annotations

import json
import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from genkit.engine import play_game
from genkit.engine.rules.memoir44 import DONE, Game
from genkit.engine.rules.memoir44.orders import overflow
from genkit.model.card_orders import section_orders
from genkit.engine.rules.memoir44.state import S_CARD, S_MOVE_UNIT, S_ORDER, STAGE_NAMES
from genkit.engine.state import RESERVE
from genkit.pack.printable import check_path
from genkit.model.load import load_game

ROOT = Path(__file__).resolve().parents[2]
M44 = ROOT / "content" / "memoir44"
STAGE = {name: k for k, name in STAGE_NAMES.items()}


@lru_cache(maxsize=None)
def content(*overrides: str):
    return load_game(M44, overrides=list(overrides))


def flow(value) -> str:
    return json.dumps(value)


def terrain_code(tid: str) -> str:
    return next(t.code for t in content().map.terrain if t.id == tid)


def open_content(cells: dict | None = None, features: dict | None = None, extra: tuple = (),
                 objectives: list | None = None):
    """The scenario on open countryside: ``cells`` hex id -> terrain id; ``features`` feature id ->
    hex ids (others removed); ``objectives`` (default none)."""
    base = content()
    rows = [[terrain_code("countryside")] * base.map.grid.columns for _ in range(base.map.grid.rows)]
    for hid, tid in (cells or {}).items():
        rows[int(hid[2:]) - 1][int(hid[:2]) - 1] = terrain_code(tid)
    feats = []
    for f in base.map.features:
        if f.id in (features or {}):
            d = f.model_dump(exclude_none=True)
            d["hexes"] = list(features[f.id])
            feats.append(d)
    sets = (f"map.rows={flow([''.join(r) for r in rows])}", f"map.features={flow(feats)}",
            f"rules.objectives={flow(objectives or [])}") + tuple(extra)
    return content(*sets)


class Pos:
    """A position built by hand: no unit on the map, ``side``'s phase of ``kind`` pending at
    ``stage``; ``put`` places units, ``faces`` fixes the battle dice."""

    def __init__(self, c, side: str = "allies", kind: str = "battle", stage: str = "battle", seed: int = 0):
        self.g = g = Game(c)
        self.s = s = g.initial_state(seed)
        for p in range(g.npieces):
            if s.loc[p] >= 0:
                s.occ[s.loc[p]] = -1
            s.loc[p] = RESERVE
        self.side = g.side_ids.index(side)
        s.phase = next(k for k, (kd, sd) in enumerate(zip(g.phase_kind, g.phase_side)) if kd == kind and sd == self.side)
        s.actor = self.side
        s.stage = STAGE[stage]
        s.pend = ()
        s.legal = None
        self.rolled: list = []

    def hex(self, hid: str) -> int:
        return self.g.board.grid.index_of(hid)

    def put(self, side: str, type_id: str, hid: str, figs: int | None = None, ordered: bool = True) -> int:
        g, s = self.g, self.s
        si, ti = g.side_ids.index(side), g.type_index[type_id]
        p = next(p for p in range(g.npieces) if g.p_side[p] == si and g.p_type[p] == ti and s.loc[p] == RESERVE)
        h = self.hex(hid)
        s.loc[p], s.occ[h] = h, p
        s.figs[p] = g.t_figs[ti] if figs is None else figs
        if ordered and si == self.side:
            s.ordered |= 1 << p
        s.legal = None
        return p

    def faces(self, *symbols: str) -> None:
        """The next battle rolls show these symbols (in order); ``self.rolled`` records the dice
        counts asked for."""
        g = self.g
        queue = [g.face_symbols.index(sym) for sym in symbols]

        def roll(state, n):
            self.rolled.append(n)
            out, queue[:] = queue[:n], queue[n:]
            assert len(out) == n, f"{n} dice rolled, only {len(out)} faces given"
            return out
        g.roll_faces = roll

    def legal(self) -> list:
        self.s.legal = None
        return self.g.legal_actions(self.s)

    def apply(self, action):
        return self.g.apply(self.s, action, check=True)

    def at(self, p: int) -> str:
        return self.g.board.grid.id_of(self.s.loc[p]) if self.s.loc[p] >= 0 else "off"


def card_copy(g, card_id: str) -> int:
    return g.c_card.index(g.card_ids.index(card_id))


def command(c, side: str = "allies") -> Pos:
    """A position at the start of ``side``'s command phase (place units, then :func:`play`)."""
    return Pos(c, side, "command", "card")


def play(pos: Pos, card_id: str) -> None:
    """``pos``'s side plays ``card_id`` (taken from wherever it is into its hand)."""
    g, s = pos.g, pos.s
    k = card_copy(g, card_id)
    for hand in s.hands:
        if k in hand:
            hand.remove(k)
    if k in s.deck:
        s.deck.remove(k)
    s.hands[pos.side].append(k)
    s.legal = None
    pos.apply(("card", k))


def orderable(pos: Pos) -> set:
    """The units that may be ordered now (none once ordering is over)."""
    if pos.s.stage != S_ORDER:
        return set()
    return {a[1] for a in pos.legal() if a != DONE}


# --------------------------------------------------------------------------- 1-2 the model

def test_m44_1_1_the_scenario_checks_clean_and_plays_to_the_end():
    assert [f for f in check_path(M44) if f.severity == "error"] == []
    r = play_game(content(), 3, check_invariants=True)
    assert r.reason in ("points", "turn_limit")


def test_m44_1_1_checks_name_the_file_and_line_of_a_bad_rules_entry(tmp_path):
    pack = tmp_path / "m44"
    shutil.copytree(M44, pack)
    text = (pack / "rules.yaml").read_text()
    text = text.replace("    artillery: 0 ", "    gunners: 0 ").replace("  hills:", "  swamp:")
    (pack / "rules.yaml").write_text(text)
    lines = text.splitlines()
    errors = [f for f in check_path(pack) if f.severity == "error"]
    swamp = next(f for f in errors if "swamp" in f.message)
    assert Path(swamp.file).name == "rules.yaml" and "swamp:" in lines[swamp.line - 1]
    assert any("gunners" in f.message for f in errors)
    assert any("artillery" in f.message and "move_and_battle" in f.message for f in errors)


def test_m44_2_1_units_start_with_their_figures():
    c = content()
    g = Game(c)
    s = g.initial_state(0)
    for p in range(g.npieces):
        assert s.figs[p] == c.unit_types[g.p_type[p]].figures


def test_m44_2_2_a_straddling_hex_lies_in_two_sections():
    c = content()
    g = Game(c)
    grid = g.board.grid
    secs = [m.id for m in c.map.sections]
    two = [h for h in range(g.board.n) if len(g.hex_secs[h]) == 2]
    assert two
    for h in range(g.board.n):
        assert tuple(secs[i] for i in g.hex_secs[h]) == c.sections_of(grid.id_of(h))


def test_m44_2_3_battle_die_faces_hit_the_types_they_list():
    c = content()
    g = Game(c)
    for k, face in enumerate(c.dice[0].faces):
        assert {t for t in g.type_ids if (g.face_hits[k] >> g.type_index[t]) & 1} == set(face.hits)
        assert g.face_flags[k] == face.retreats


def test_m44_2_4_deck_of_every_copy_and_hands_dealt():
    c = content()
    g = Game(c)
    s = g.initial_state(5)
    assert g.ncards == c.play_deck().size_of_deck
    assert [len(h) for h in s.hands] == [g.section.hands[sid] for sid in g.side_ids]
    assert sorted(s.deck + [k for h in s.hands for k in h]) == list(range(g.ncards))


# --------------------------------------------------------------------------- 3 command

def test_m44_3_1_command_cards_a_turn_plays_one_card_to_the_discards_then_orders():
    g = Game(content())
    s = g.initial_state(2)
    assert s.stage == S_CARD and g.side_ids[s.actor] == g.content.game.first_side
    acts = g.legal_actions(s)
    assert {a[0] for a in acts} == {"card"}
    k = acts[0][1]
    g.apply(s, acts[0])
    assert k in s.discard and k not in s.hands[0]
    assert s.stage in (S_ORDER, S_MOVE_UNIT)


def test_m44_3_2_command_cards_section_card_orders_its_count_in_its_section_only():
    c = open_content()
    pos = command(c)
    a, b, d = (pos.put("allies", "infantry", h, ordered=False) for h in ("0105", "0205", "0305"))
    centre = pos.put("allies", "infantry", "0705", ordered=False)
    play(pos, "push_left")
    n = section_orders(c, c.play_deck().card("push_left")).sections["left"]
    assert orderable(pos) == {a, b, d}
    pos.apply(("order", a))
    pos.apply(("order", b))
    assert n == 2 and orderable(pos) == set()
    assert centre not in orderable(pos)


def test_m44_3_2_command_cards_straddling_unit_counts_for_either_section():
    c = open_content()
    g = Game(c)
    straddle = next(g.board.grid.id_of(h) for h in range(g.board.n)
                    if [c.map.sections[i].id for i in g.hex_secs[h]] == ["left", "centre"])
    pos = command(c)
    left = pos.put("allies", "infantry", "0101", ordered=False)
    mid = pos.put("allies", "infantry", straddle, ordered=False)
    centre = pos.put("allies", "infantry", "0705", ordered=False)
    play(pos, "scouting_in_force")
    pos.apply(("order", left))
    assert mid in orderable(pos)               # counts for the centre
    pos.apply(("order", mid))
    assert centre not in orderable(pos)        # the centre's one order is used by the straddler
    assert overflow([("L",), ("L", "C")], {"L": 1, "C": 1}) == 0
    assert overflow([("L",), ("L", "C"), ("C",)], {"L": 1, "C": 1}) == 1


def test_m44_3_3_command_cards_all_orders_every_unit_of_the_section():
    c = open_content()
    pos = command(c)
    units = [pos.put("allies", "infantry", f"0{col}0{row}", ordered=False) for col in (1, 2, 3) for row in (3, 5)]
    play(pos, "onslaught_left")
    for p in sorted(units):
        assert p in orderable(pos)
        pos.apply(("order", p))
    assert pos.s.ordered == sum(1 << p for p in units)


def test_m44_3_4_command_cards_anywhere_card_orders_only_its_unit_types():
    c = open_content()
    card = next(x for x in c.play_deck().cards if section_orders(c, x).anywhere)
    pos = command(c)
    tanks = [pos.put("allies", t, h, ordered=False) for t, h in (("armour", "0101"), ("armour", "0705"),
                                                                 ("armour", "1309"))]
    inf = pos.put("allies", "infantry", "0505", ordered=False)
    play(pos, card.id)
    assert orderable(pos) == set(tanks) and set(section_orders(c, card).unit_types) == {"armour"}
    assert inf not in orderable(pos)


def test_m44_3_5_command_cards_extra_orders_add_units_to_a_section_card():
    c = open_content(extra=("rules.extra_orders={allies: 1}",))
    pos = command(c)
    a, b, d = (pos.put("allies", "infantry", h, ordered=False) for h in ("0105", "0205", "0305"))
    play(pos, "patrol_left")
    pos.apply(("order", a))
    pos.apply(("order", b))
    assert orderable(pos) == set()             # 1 from the card + 1 extra
    plain = command(open_content())
    a = plain.put("allies", "infantry", "0105", ordered=False)
    plain.put("allies", "infantry", "0205", ordered=False)
    play(plain, "patrol_left")
    plain.apply(("order", a))
    assert orderable(plain) == set()


def test_m44_3_6_command_cards_an_empty_deck_is_remade_from_the_discards():
    g = Game(content())
    s = g.initial_state(1)
    s.discard, s.deck = s.deck, []
    hand = len(s.hands[0])
    g._draw(s, 0)
    assert len(s.hands[0]) == hand + 1 and s.discard == []
    assert sorted(s.deck + [k for h in s.hands for k in h]) == list(range(g.ncards))


def test_m44_3_6_command_cards_the_draw_phase_refills_the_hand():
    g = Game(content())
    s = g.initial_state(4)
    size = len(s.hands[0])
    while s.actor == 0 and not s.ended:
        g.apply(s, g.legal_actions(s)[-1])
    assert len(s.hands[0]) == size


@pytest.mark.parametrize("seed", range(3))
def test_m44_3_1_command_cards_phases_follow_the_sequence_of_play(seed):
    g = Game(content())
    s = g.initial_state(seed)
    seen = []
    while not s.ended and s.turn == 1:
        kind = g.phase_kind[s.phase]
        if not seen or seen[-1] != (g.phase_side[s.phase], kind):
            seen.append((g.phase_side[s.phase], kind))
        if kind == "draw":                  # a draw takes a decision only after a recon card (3.7)
            assert g.kind(s) == "recon"
        g.apply(s, g.legal_actions(s)[0])
    kinds = [k for _, k in seen]
    assert kinds[0] == "command"


def test_m44_3_1_command_cards_same_seed_same_game():
    c = content()
    first, again = play_game(c, 21), play_game(c, 21)
    assert first.digest == again.digest and first.steps == again.steps
    assert play_game(c, 22).digest != first.digest
