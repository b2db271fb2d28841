"""Self-contained HTML reports of a simulation, a comparison or a sweep.

One jinja2 template (``templates/report.html.j2``) and plots drawn as inline SVG with svgwrite
(:mod:`.report_plots`): no image files, no scripts, no network, no plotting library. The
page starts with a plain-language summary (who wins how often, whether that is
balanced, dead cards and CRT cells, invariant violations), then the figures.
"""
from __future__ import annotations

from pathlib import Path

from ..atomic import write_file
from ..templates import FOLDER as TEMPLATES_FOLDER
from .compare import Comparison, Sweep
from .metrics import Metrics
from .stats import games_to_settle, wilson
from .report_plots import (
    pct,
    plot_cards,
    plot_crt,
    plot_forest,
    plot_length,
    plot_sweep,
    plot_units,
    plot_win_rates,
    side_name,
)

TEMPLATE_DIR = TEMPLATES_FOLDER
TEMPLATE = "report.html.j2"

# --------------------------------------------------------------------------- summary

BALANCE_MARGIN = 0.03    # "balanced": the win rate within 3 points of even, at 95% confidence


ONE_WAY = 0.8        # a side winning this share of its games one way: the balance hangs on that rule


def sensitivity_lines(m: Metrics) -> list:
    """A note for each side that wins almost only one way (at least 10 wins, :data:`ONE_WAY` of
    them by one end reason): a small change to what decides that way can swing the balance."""
    out = []
    for side in m.sides:
        won = {k.split(":", 1)[1]: c for k, c in m.wins_by_reason.items() if k.split(":", 1)[0] == side}
        total = sum(won.values())
        if total >= 10:
            reason, count = max(won.items(), key=lambda kv: (kv[1], kv[0]))
            if count >= ONE_WAY * total:
                out.append(f"Sensitivity: {pct(count / total)} of {side_name(m, side)}'s wins come one way "
                           f"({reason}): the balance hangs on that rule, and a one-step change to a number that "
                           f"decides it (a movement, a distance, the turns) can swing it; try genkit sweep on them.")
    return out


def balance_settled(seq, sinks: list, paired=None) -> bool:
    """The sequential rule of sim: the first side's win rate is known, at the look's level, to be
    off even or within :data:`BALANCE_MARGIN` of it."""
    m = sinks[0]
    if m.completed < 2:
        return False
    lo, hi = wilson(m.wins.get(m.sides[0], 0), m.completed, seq.z)
    even = 1 / len(m.sides)
    return lo > even or hi < even or (even - BALANCE_MARGIN <= lo and hi <= even + BALANCE_MARGIN)


def balance_verdict(m: Metrics, side: str) -> str:
    """Whether ``side``'s win rate settles the game as balanced (its 95% interval inside even
    +- :data:`BALANCE_MARGIN`), as lopsided (the interval excludes even), or neither yet, and
    then about how many games would settle it."""
    wr = m.win_rate(side)
    p, (lo, hi) = wr["p"], wr["ci95"]
    even = 1 / len(m.sides)
    name, margin = side_name(m, side), f"{100 * BALANCE_MARGIN:g} points"
    if even - BALANCE_MARGIN <= lo and hi <= even + BALANCE_MARGIN:
        return f"The game is balanced: {name}'s win rate is within {margin} of {pct(even)} at 95% confidence."
    if lo > even or hi < even:
        gap = abs(p - even)
        words = ("close to even, though the difference is real" if gap < 0.05 else
                 "somewhat lopsided" if gap < 0.15 else "strongly lopsided")
        return f"The game is {words}: {name} wins {pct(p)} (95% interval {pct(lo)}–{pct(hi)}), not {pct(even)}."
    need = games_to_settle(p, even, BALANCE_MARGIN)
    more = f"about {need - m.completed} more games" if need > m.completed else "a few more games"
    return (f"Not settled yet: {name} wins {pct(p)} (95% interval {pct(lo)}–{pct(hi)}), which could be "
            f"even or not; {more} ({need} in all) would settle whether it is within {margin} of {pct(even)}.")


def _cipct(c) -> str:
    return f"{pct(c[0])}–{pct(c[1])}" if c else "n/a"


def design_line(m: Metrics, d: dict) -> str:
    """One paragraph of the game-design figures (docs/metrics.md), each with its 95% interval."""
    if not m.completed:
        return ""
    parts = [f"draws {pct(d['drawishness']['p'])} ({_cipct(d['drawishness']['ci95'])})"]
    dec = d["decisiveness"]
    if dec["games"]:
        ci = dec["ci95"]
        parts.append(f"the winner is ahead for good after {pct(dec['mean'])} of the game on average "
                     f"({_cipct(ci)})")
        parts.append(f"the loser was ahead at some turn end in {pct(d['drama']['p'])} of decided games "
                     f"({_cipct(d['drama']['ci95'])}); the winner ended ahead in "
                     f"{pct(d['winner_ahead_at_end']['p'])}")
    lc = d["lead_changes"]
    ci = lc["ci95"]
    parts.append(f"{lc['mean']:.2f} lead changes per game ({ci[0]:.2f}–{ci[1]:.2f})" if ci
                 else f"{lc['mean']:.2f} lead changes per game")
    fpa = d["first_player_advantage"]
    if fpa:
        parts.append(f"first player ({side_name(m, fpa['side'])}) edge {100 * fpa['edge']:+.1f} points "
                     f"({100 * fpa['ci95'][0]:+.1f} to {100 * fpa['ci95'][1]:+.1f}) over {pct(fpa['even'])}")
    return "Design figures (ahead = more victory points; 95% intervals): " + "; ".join(parts) + "."


def summary_lines(m: Metrics) -> list:
    """Plain-language findings, most important first."""
    out = []
    sides = m.sides
    if m.games == 0:
        return ["No games were played."]
    first = sides[0]
    bots = m.meta.get("bots", [])
    bot_txt = " vs ".join(f"{b} ({side_name(m, s)})" for s, b in zip(sides, bots))
    parts = [f"{side_name(m, s)} won {pct(m.win_rate(s)['p'])} "
             f"(95% interval {pct(m.win_rate(s)['ci95'][0])}–{pct(m.win_rate(s)['ci95'][1])})" for s in sides]
    draws = f", {m.draws} draws" if m.draws else ""
    out.append(f"In {m.games} games between {bot_txt}: " + "; ".join(parts) + draws + ".")
    out.append(balance_verdict(m, first))
    out.extend(sensitivity_lines(m))
    j = m.to_json(False)
    ln = j["length"]
    tl = j["turn_limit"]
    out.append(f"Games last {ln['mean']:.1f} turns on average (median {ln['median']:g}, 90% end by turn "
               f"{ln['p90']:g}); {pct(tl['share'])} reach the turn limit of {tl['turns']}. "
               f"End reasons: " + ", ".join(f"{k} {v}" for k, v in j["end_reasons"].items()) + ".")
    dead = j["dead_cards"]
    names = m.meta.get("card_names") or {}
    if dead:
        below = j["design"]["dead_cards"]["play_chance_below"]
        out.append("Cards never played: " + ", ".join(names.get(a, a) for a in dead)
                   + f" (so each is played in fewer than {pct(below)} of games, at 95% confidence).")
    elif m.meta.get("cards"):
        out.append("Every card was played at least once.")
    stuck = [a for a, per in j["cards"].items() if sum(v["held_never_playable"] for v in per.values())]
    if stuck:
        out.append("Cards sometimes held without ever being playable: "
                   + ", ".join(f"{names.get(a, a)} ({sum(v['held_never_playable'] for v in j['cards'][a].values())})"
                               for a in stuck) + ".")
    nr = j["crt"]["never_reached"]
    total = len(m.crt_cells())
    if nr:
        shown = ", ".join(nr[:8]) + (f" and {len(nr) - 8} more" if len(nr) > 8 else "")
        below = j["design"]["unreachable_crt_cells"]["reach_chance_below"]
        out.append(f"{len(nr)} of {total} CRT cells were never reached: {shown} (so each is reached by fewer "
                   f"than {pct(below)} of battles, at 95% confidence).")
    elif total:
        out.append(f"All {total} CRT cells were reached.")
    line = design_line(m, j["design"])
    if line:
        out.append(line)
    out.extend(role_lines(m, j["roles"]))
    out.extend(card_use_lines(m, j["card_use"]))
    for nation, figs in j.get("nations", {}).items():
        out.append(f"Nation {nation}, at the end on average: "
                   + ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in figs.items()) + ".")
    if m.violation_count:
        v = m.violations[0]
        out.append(f"PROBLEM: {m.violation_count} invariant violations or failed games; the first is game "
                   f"{v['index']} (seed {v['seed']}) at step {v['step']}: {v['kind']}: {v['message'][:160]}")
    else:
        out.append("No invariant was broken and every game ended.")
    return out


# --------------------------------------------------------------------------- rendering

def render_page(kind: str, **context) -> str:
    """The one report page (``report.html.j2``) of a ``kind``: sim, compare, sweep or tune."""
    import jinja2           # here: a sim that writes no report needs no template engine
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
                             autoescape=jinja2.select_autoescape(["html", "j2"]),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template(TEMPLATE).render(kind=kind, **context)


def _crt_rows(m: Metrics) -> dict | None:
    return m.meta.get("crt_rows")


def _section_for(m: Metrics) -> dict:
    j = m.to_json()
    cards = m.cards_table()
    return {
        "json": j,
        "summary": summary_lines(m),
        "plots": {"win": plot_win_rates(m), "length": plot_length(m), "crt": plot_crt(m, _crt_rows(m)) if m.crt_cells() else "",
                  "cards": plot_cards(m) if cards else "", "units": plot_units(m)},
        "units": m.units_table(),
        "cards": cards,
        "events": j["events"],
        "event_sides": list(dict.fromkeys(s for e in j["events"].values() for s in e["per_game"])),
        "names": {"card": card_names(m), "unit": m.meta.get("unit_names") or {},
                  "side": m.meta.get("side_names") or {}, "event": {k: event_name(k) for k in j["events"]}},
        "label": lambda key: _label(m, key),
    }


def card_names(m: Metrics) -> dict:
    """Card id -> name, from every deck (and the deck the rules deal hands from)."""
    out = {}
    for d in m.meta.get("decks") or []:
        out.update(d["card_names"])
    out.update(m.meta.get("card_names") or {})
    return out


def role_lines(m: Metrics, roles: dict) -> list:
    """One line per kind of role the sides took: each role's win rate with its 95% interval."""
    return [f"{per['word']} win rates (95% intervals): "
            + "; ".join(f"{r['name']} {pct(r['p'])} ({_cipct(r['ci95'])}, {r['games']} games)"
                        for r in per["roles"].values()) + "."
            for per in roles.values()]


def card_use_lines(m: Metrics, use: dict) -> list:
    """One line per deck of cards played: each card's plays per game with its 95% interval."""
    names = card_names(m)
    out = []
    for d in use.values():
        parts = []
        for card, u in d["cards"].items():
            ppg = u["plays_per_game"]
            ci = f" ({ppg['ci95'][0]:.2f}–{ppg['ci95'][1]:.2f})" if ppg["ci95"] else ""
            parts.append(f"{names.get(card, card)} {ppg['mean']:.2f}{ci}")
        out.append(f"{d['name']} cards played per game (95% intervals): " + "; ".join(parts) + ".")
    return out


def event_name(kind: str) -> str:
    """An event kind as a row heading: "card_lost" -> "card lost"."""
    return kind.replace("_", " ")


def _label(m: Metrics, key: str) -> str:
    """"blue:tank" -> "Blue Tank" (side adjective, unit name); "blue:card:flare" -> "Blue Flare"."""
    parts = key.split(":")
    side = side_name(m, parts[0])
    rest = parts[-1]
    name = (m.meta.get("unit_names") or {}).get(rest) or (m.meta.get("card_names") or {}).get(rest) or rest
    return f"{side} {name}"


def render_sim(m: Metrics, title: str | None = None) -> str:
    return render_page("sim", title=title or "Simulation report", main=_section_for(m), comparison=None,
                       sweep=None)


def render_compare(c: Comparison, title: str | None = None) -> str:
    comp = {"label_a": c.label_a, "label_b": c.label_b, "rows": c.rows, "forest": plot_forest(c.rows),
            "summary": compare_summary(c)}
    return render_page("compare", title=title or "Comparison report", main=_section_for(c.b),
                       section_a=_section_for(c.a), comparison=comp, sweep=None)


def render_sweep(sw: Sweep, title: str | None = None) -> str:
    pts = sw.points()
    data = {"key": sw.key, "plot": plot_sweep(sw), "points": pts, "best": sw.best_value(),
            "sides": sw.unchanged.sides, "summary": sweep_summary(sw),
            "forests": [(c.label_b, plot_forest(c.rows)) for c in sw.comparisons]}
    return render_page("sweep", title=title or f"Sweep of {sw.key}", main=_section_for(sw.unchanged),
                       comparison=None, sweep=data)


def compare_summary(c: Comparison) -> list:
    out = []
    for s in c.a.sides:
        r = c.row(f"win rate {s}")
        out.append(f"{side_name(c.a, s)} win rate: {pct(r['a'])} → {pct(r['b'])}.")
    out += c.verdicts()
    out.append(f"{c.a.games} games each, the same seeds for both versions (common random numbers); "
               f"significance is after Holm's adjustment over the {len(c.rows)} metrics of the table, so a "
               f"change that does nothing is called different at most 5% of the time.")
    if c.failed:
        out.append("PROBLEM: some games failed or broke an invariant; see the sections below.")
    return out


def sweep_summary(sw: Sweep) -> list:
    side = sw.unchanged.sides[0]
    out = list(sw.verdicts())
    wr0 = sw.unchanged.win_rate(side)
    out.append(f"Unchanged game: {side_name(sw.unchanged, side)} wins {pct(wr0['p'])} "
               f"({pct(wr0['ci95'][0])}–{pct(wr0['ci95'][1])}).")
    if sw.failed:
        out.append("PROBLEM: some games failed or broke an invariant.")
    return out


def write_report(obj, path, title: str | None = None) -> Path:
    """Render a Metrics, Comparison or Sweep to a self-contained HTML file."""
    if isinstance(obj, Metrics):
        text = render_sim(obj, title)
    elif isinstance(obj, Comparison):
        text = render_compare(obj, title)
    elif isinstance(obj, Sweep):
        text = render_sweep(obj, title)
    else:
        raise TypeError(f"cannot report on {type(obj).__name__}")
    return write_file(path, text.encode("utf-8"))
