"""BG 2.2 markers: each major nation's control markers (6.4) and its markers on the production
and saved build points tracks (7.2), printed in numbers that greedy play never runs out of."""
from __future__ import annotations

from bg_helpers import game

from genkit.engine.rules.bg import economy
from genkit.engine.rules.bg.bots import GreedyBot


def _printed(content) -> dict:
    """Marker id -> count printed."""
    return {m.id: m.count for m in content.counters.markers}


def test_2_2_every_major_nation_has_control_markers_and_its_markers_on_the_build_points_track():
    g = game()
    printed = _printed(g.content)
    tracks = {t.id: t for t in g.content.tracks}
    for k, nid in enumerate(g.nation_ids):
        if not g.t.major[k]:
            continue
        assert printed[f"control_{nid}"] >= 1
        for kind, lanes in (("production", ("ones", "tens")), ("saved", ("ones", "tens", "hundreds"))):
            for lane in lanes:
                marker = next(m for m in g.content.counters.markers if m.id == f"{kind}_{lane}_{nid}")
                assert marker.track == f"bp:{lane}" and lane in tracks["bp"].lanes


def test_2_2_greedy_games_never_need_more_control_markers_or_track_boxes_than_printed():
    """At every turn end of eight greedy games: the control markers on the map of each nation are
    at most its printed count, and production and saved build points fit the two-lane tracks."""
    g = game()
    printed = _printed(g.content)
    lanes = g.content.track("bp").lanes
    top = {"production": 10 * lanes["tens"] + lanes["ones"],                # two markers
           "saved": 100 * lanes["hundreds"] + 10 * lanes["tens"] + lanes["ones"]}     # three
    most = {nid: 0 for nid in g.nation_ids}
    ends = 0
    for seed in range(1, 9):
        bots = [GreedyBot(g, side, seed) for side in range(2)]
        s = g.initial_state(seed)
        while not g.is_terminal(s):
            if g.phase_kind[s.phase] == "turn_end" and s.builder == g.nation_ids.index("ge"):
                ends += 1
                for k, nid in enumerate(g.nation_ids):
                    if g.t.major[k]:
                        most[nid] = max(most[nid], economy.control_markers(g, s, k))
                        assert economy.income(g, s, k) <= top["production"] and s.bp[k] <= top["saved"]
            actions = g.legal_actions(s)
            g.apply(s, bots[s.actor].choose(g.observe(s, s.actor), actions))
    assert ends > 8 * 10
    assert any(most.values())
    for nid, n in most.items():
        if g.t.major[g.nation_ids.index(nid)]:
            assert n <= printed[f"control_{nid}"], (nid, n)
