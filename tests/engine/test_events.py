"""The opt-in event stream: formats, agreement with the final state, no influence on the game."""
import collections

import pytest
from engine_helpers import bering, skirmish

from genkit.engine import events as ev
from genkit.engine import play_game, rules_for
from genkit.engine.bots import RandomBot
from genkit.engine.rules.bering_land import events as bev
from genkit.engine.state import ELIMINATED, REMOVED, RESERVE


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
    # every event a record of its kind's class, GAME_END last and only there
    for e in events:
        assert type(e) is ev.RECORDS[e.kind] and len(e) == len(type(e)._fields), e
    assert [e.kind for e in events].count(ev.GAME_END) == 1 and events[-1].kind == ev.GAME_END
    end = events[-1]
    assert (end.winner, end.reason, end.turn) == (sides[s.winner] if s.winner >= 0 else None, s.reason, s.turn)
    by = collections.defaultdict(list)
    for e in events:
        by[e.kind].append(e)

    for side, sid in enumerate(sides):
        # cards: drawn - played = held at the end, and CARD_HELD names exactly those cards
        drawn = sum(1 for e in by[ev.CARD_DRAWN] if e.side == sid)
        played = sum(1 for e in by[ev.CARD_PLAYED] if e.side == sid)
        assert drawn - played == len(s.hands[side])
        assert sorted(e.copy for e in by[ev.CARD_HELD] if e.side == sid) == sorted(s.hands[side])
        # killstreak completions = cards due: drawn or lost in housekeeping, or still due
        due_handled = sum(1 for e in by[ev.CARD_DRAWN] + by[ev.CARD_LOST] if e.side == sid and e.source == "draw")
        assert sum(1 for e in by[bev.KILLSTREAK] if e.side == sid) == due_handled + s.due[side]
        # replacement steps received = used + lost
        received = sum(e.count for e in by[bev.REPL_RECEIVED] if e.side == sid)
        used = sum(1 for e in by[bev.REPL_USED] if e.side == sid)
        lost = sum(e.count for e in by[bev.REPL_LOST] if e.side == sid)
        assert received == used + lost

    # pieces: replaying eliminations and replacements on the set-up gives every final place
    where = ["map" if h >= 0 else "reserve" for h in g.p_setup]
    for e in events:
        if e.kind == ev.ELIMINATED:
            assert where[e.piece] == "map" and sides[g.p_side[e.piece]] == e.side
            where[e.piece] = "elim"
        elif e.kind == bev.REPL_USED and e.how != "flip":
            assert where[e.piece] in ("reserve", "elim")
            where[e.piece] = "map"
            for p in e.consumed:
                assert where[p] == "elim"
                where[p] = "removed"
    final = {RESERVE: "reserve", ELIMINATED: "elim", REMOVED: "removed"}
    assert where == [("map" if h >= 0 else final[h]) for h in s.loc]

    # battles: their eliminations and reductions, and one battle roll per rolled battle
    battles = by[ev.BATTLE]
    assert sum(1 for b in battles if b.eliminated) == sum(1 for e in by[ev.ELIMINATED] if e.card is None)
    effect = {r.code: r.effect for r in g.content.crt.results}
    assert sum(1 for b in battles if not b.eliminated and b.result is not None and effect[b.result] == "step_loss") \
        == len(by[ev.REDUCED])
    # reduced sides: flipped down by REDUCED, up again by a flip step or elimination
    reduced = [0] * g.npieces
    for e in events:
        if e.kind == ev.REDUCED:
            assert not reduced[e.piece]
            reduced[e.piece] = 1
        elif e.kind == ev.ELIMINATED or (e.kind == bev.REPL_USED and e.how == "flip"):
            reduced[e.piece] = 0
    assert reduced == list(s.reduced)
    for b in battles:
        assert b.attack_type in g.crt.type_names and b.n_attackers >= 1
        if b.face is not None:
            assert b.column in g.crt.differentials and 1 <= b.face <= g.faces
            col = g.crt.differentials.index(b.column)
            assert g.crt.codes[col][g.crt.type_names.index(b.attack_type)][b.face - 1] == b.result
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
        assert sum(1 for e in events if e.kind == ev.BATTLE and e.face is not None) == \
            sum(1 for _, why in trace_on if why == "battle")
        by = _check_conservation(g, on, events)
        kinds.update({k: len(v) for k, v in by.items()})
    assert kinds[ev.BATTLE] and kinds[ev.ELIMINATED] and kinds[bev.REPL_USED] and kinds[bev.REPL_LOST]
    if which == "skirmish":   # the small map brings the cards into play
        assert kinds[ev.CARD_DRAWN] and kinds[ev.CARD_PLAYED] and kinds[bev.KILLSTREAK]
        assert kinds[ev.REDUCED] and kinds[ev.CARD_HELD]


def test_play_game_fills_the_events_list_and_digests_do_not_depend_on_it():
    c = skirmish()
    for seed in (3, 8):
        events = []
        r_on = play_game(c, seed, events=events)
        r_off = play_game(c, seed)
        assert r_on == r_off
        assert events and events[-1] == ev.GameEnd(winner=r_on.winner, reason=r_on.reason, turn=r_on.turn)
        assert events[-1] == (ev.GAME_END, r_on.winner, r_on.reason, r_on.turn)   # still a plain tuple too


def test_events_are_off_by_default_and_not_copied():
    g = rules_for(skirmish())
    s = g.initial_state(1)
    assert s.events is None
    s2 = g.initial_state(1, events=[])
    assert s2.events == [] and s2.copy().events is None
    assert s.digest() == s2.digest()


def test_battle_event_fields(dice):
    from engine_helpers import Pos, face_for, open_map, with_spectators

    from genkit.engine.crt import EFFECT_ELIMINATE
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
    assert s.events[0] == ev.Battle(side="us", lead_type="inf", attack_type=g.crt.type_names[ti],
                                    column=g.crt.differentials[col], face=face,
                                    result=g.crt.codes[col][ti][face - 1], defender_type="inf",
                                    eliminated=True, n_attackers=1, lead=a, defender=d)
    assert s.events[1] == ev.Eliminated(side="ru", type="inf", piece=d, by_side="us", card=None)


def test_copy_carries_every_field_and_caches_follow_the_position():
    c = skirmish()
    g = rules_for(c)
    s, _ = _play(c, 4, None)
    s2 = g.initial_state(4)
    for state in (s, s2):
        cp = state.copy()
        for name in type(state).LISTS + type(state).NESTED + type(state).VALUES:
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
    while len(s.hands[full]) < c.play_deck().hand_limit:
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
    assert [e for e in s.events if e.kind in (ev.CARD_DRAWN, ev.CARD_LOST)] == [
        ev.CardLost(side=fid, card=ab, copy=card, why="hand_limit", source="draw"),
        ev.CardDrawn(side=oid, card=ab, copy=card, source="draw"),
        ev.CardLost(side=oid, card=None, copy=-1, why="empty_deck", source="draw"),
    ]
    assert s.hands[other] == [card]
