"""The opt-in event stream: formats, agreement with the final state, no influence on the game."""
import collections

import pytest

from genkit.engine import events as ev
from genkit.engine import play_game, rules_for
from genkit.engine.bots import RandomBot
from genkit.engine.state import ELIMINATED, REMOVED, RESERVE

from engine_helpers import bering, skirmish


def _play(content, seed, events):
    """The step API with a trace, so that rolls can be compared too; returns the final state."""
    g = rules_for(content)
    trace = []
    s = g.initial_state(seed, trace=trace, events=events)
    bots = [RandomBot(seed), RandomBot(seed + 1000)]
    while not s.ended:
        g.apply(s, bots[s.actor].choose(None, g.legal_actions(s)))
    return s, trace


def _check_conservation(g, s, events):
    sides = g.side_ids
    # every tuple well formed, GAME_END last and only there
    for e in events:
        assert e[0] in ev.KINDS and len(e) == ev.ARITY[e[0]], e
    assert [e[0] for e in events].count(ev.GAME_END) == 1 and events[-1][0] == ev.GAME_END
    assert events[-1][1:] == (sides[s.winner] if s.winner >= 0 else None, s.reason, s.turn)
    by = collections.defaultdict(list)
    for e in events:
        by[e[0]].append(e)

    for side, sid in enumerate(sides):
        # cards: drawn - played = held at the end, and CARD_HELD names exactly those cards
        drawn = sum(1 for e in by[ev.CARD_DRAWN] if e[1] == sid)
        played = sum(1 for e in by[ev.CARD_PLAYED] if e[1] == sid)
        assert drawn - played == len(s.hands[side])
        assert sorted(e[3] for e in by[ev.CARD_HELD] if e[1] == sid) == sorted(s.hands[side])
        # killstreak completions = cards due: drawn or lost in housekeeping, or still due
        due_handled = sum(1 for e in by[ev.CARD_DRAWN] + by[ev.CARD_LOST] if e[1] == sid and e[-1] == "draw")
        assert sum(1 for e in by[ev.KILLSTREAK] if e[1] == sid) == due_handled + s.due[side]
        # replacement steps received = used + lost
        received = sum(e[2] for e in by[ev.REPL_RECEIVED] if e[1] == sid)
        used = sum(1 for e in by[ev.REPL_USED] if e[1] == sid)
        lost = sum(e[2] for e in by[ev.REPL_LOST] if e[1] == sid)
        assert received == used + lost

    # pieces: replaying eliminations and replacements on the set-up gives every final place
    where = ["map" if h >= 0 else "reserve" for h in g.p_setup]
    for e in events:
        if e[0] == ev.ELIMINATED:
            assert where[e[3]] == "map" and sides[g.p_side[e[3]]] == e[1]
            where[e[3]] = "elim"
        elif e[0] == ev.REPL_USED and e[2] != "flip":
            assert where[e[3]] in ("reserve", "elim")
            where[e[3]] = "map"
            for p in e[5]:
                assert where[p] == "elim"
                where[p] = "removed"
    final = {RESERVE: "reserve", ELIMINATED: "elim", REMOVED: "removed"}
    assert where == [("map" if h >= 0 else final[h]) for h in s.loc]

    # battles: their eliminations and reductions, and one battle roll per rolled battle
    battles = by[ev.BATTLE]
    assert sum(1 for b in battles if b[8]) == sum(1 for e in by[ev.ELIMINATED] if e[5] is None)
    effect = {r.code: r.effect for r in g.content.crt.results}
    assert sum(1 for b in battles if not b[8] and b[6] is not None and effect[b[6]] == "step_loss") \
        == len(by[ev.REDUCED])
    # reduced sides: flipped down by REDUCED, up again by a flip step or elimination
    reduced = [0] * g.npieces
    for e in events:
        if e[0] == ev.REDUCED:
            assert not reduced[e[3]]
            reduced[e[3]] = 1
        elif e[0] == ev.ELIMINATED or (e[0] == ev.REPL_USED and e[2] == "flip"):
            reduced[e[3]] = 0
    assert reduced == list(s.reduced)
    for b in battles:
        assert b[3] in g.crt.type_names and b[9] >= 1
        if b[5] is not None:
            assert b[4] in g.crt.differentials and 1 <= b[5] <= g.faces
            col = g.crt.differentials.index(b[4])
            assert g.crt.codes[col][g.crt.type_names.index(b[3])][b[5] - 1] == b[6]
    return by


@pytest.mark.parametrize("which,seeds", [("bering", range(0, 40)), ("skirmish", range(0, 60))])
def test_events_agree_with_the_final_state_and_do_not_change_the_game(which, seeds):
    c = bering() if which == "bering" else skirmish()
    g = rules_for(c)
    kinds = collections.Counter()
    for seed in seeds:
        off, trace_off = _play(c, seed, None)
        events = []
        on, trace_on = _play(c, seed, events)
        assert on.digest() == off.digest()
        assert trace_on == trace_off
        assert sum(1 for e in events if e[0] == ev.BATTLE and e[5] is not None) == \
            sum(1 for _, why in trace_on if why == "battle")
        by = _check_conservation(g, on, events)
        kinds.update({k: len(v) for k, v in by.items()})
    assert kinds[ev.BATTLE] and kinds[ev.ELIMINATED] and kinds[ev.REPL_USED] and kinds[ev.REPL_LOST]
    if which == "skirmish":   # the small map brings the cards into play
        assert kinds[ev.CARD_DRAWN] and kinds[ev.CARD_PLAYED] and kinds[ev.KILLSTREAK]
        assert kinds[ev.REDUCED] and kinds[ev.CARD_HELD]


def test_play_game_fills_the_events_list_and_digests_do_not_depend_on_it():
    c = skirmish()
    for seed in (3, 8):
        events = []
        r_on = play_game(c, seed, events=events)
        r_off = play_game(c, seed)
        assert r_on == r_off
        assert events and events[-1] == (ev.GAME_END, r_on.winner, r_on.reason, r_on.turn)


def test_events_are_off_by_default_and_not_copied():
    g = rules_for(skirmish())
    s = g.initial_state(1)
    assert s.events is None
    s2 = g.initial_state(1, events=[])
    assert s2.events == [] and s2.copy().events is None
    assert s.digest() == s2.digest()


def test_battle_event_fields(dice):
    from engine_helpers import Pos, face_for, open_map, with_spectators
    from genkit.engine.core import EFFECT_ELIMINATE
    pos = Pos(open_map(), "us_combat")
    with_spectators(pos)
    g, s = pos.g, pos.s
    a = pos.add("us", "inf", "0403")
    d = pos.add("ru", "inf", "0503")
    s.moved = a
    s.events = []
    diff = g.strength(s, a) - g.strength(s, d)
    ti = g.prim_idx
    face = face_for(g, diff, ti, EFFECT_ELIMINATE)
    col = g.crt.column(diff)
    dice(face)
    pos.apply(("battle", a, d))
    assert s.events[0] == (ev.BATTLE, "us", "inf", g.crt.type_names[ti], g.crt.differentials[col], face,
                           g.crt.codes[col][ti][face - 1], "inf", True, 1, a, d)
    assert s.events[1] == (ev.ELIMINATED, "ru", "inf", d, "us", None)


def test_copy_carries_every_field_and_caches_follow_the_position():
    from genkit.engine.state import _INTS, _LISTS
    c = skirmish()
    g = rules_for(c)
    s, _ = _play(c, 4, None)
    s2 = g.initial_state(4)
    for state in (s, s2):
        cp = state.copy()
        for name in _INTS + _LISTS + ("hands", "pend", "reason"):
            assert getattr(cp, name) == getattr(state, name), name
        assert cp.digest() == state.digest()
    # the remembered placement hexes are keyed by the position: two positions, alternately
    side = 0
    a = g._placement_hexes(s2, side)
    b = g._placement_hexes(s, side)
    assert g._placement_hexes(s2, side) == a and g._placement_hexes(s, side) == b
    g._place_memo = None
    assert g._placement_hexes(s, side) == b


def test_housekeeping_draw_events_hand_limit_and_empty_deck():
    from engine_helpers import Pos, open_map, with_spectators
    c = open_map()
    pos = Pos(c, "us_combat")
    with_spectators(pos)
    g, s = pos.g, pos.s
    full, other = g.respawn_order            # the side with the full hand draws first
    while len(s.hands[full]) < c.abilities.hand_limit:
        s.hands[full].append(s.deck.pop())
    s.deck = s.deck[-1:]                     # one card left, nothing in the discards
    s.discard = []
    card = s.deck[0]
    s.due[full] = 1
    s.due[other] = 2
    s.events = []
    pos.phase("housekeeping")
    ab = g.c_ability_id[card]
    fid, oid = g.side_ids[full], g.side_ids[other]
    # the full hand loses the card to the discards, the reshuffle brings it back, the other
    # side draws it, and its second card due finds the deck empty
    assert [e for e in s.events if e[0] in (ev.CARD_DRAWN, ev.CARD_LOST)] == [
        (ev.CARD_LOST, fid, ab, card, "hand_limit", "draw"),
        (ev.CARD_DRAWN, oid, ab, card, "draw"),
        (ev.CARD_LOST, oid, None, -1, "empty_deck", "draw"),
    ]
    assert s.hands[other] == [card]
