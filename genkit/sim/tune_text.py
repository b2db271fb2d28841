"""What ``genkit tune`` prints: a trial in a line, the summary of a search, in plain words.

Read by :mod:`.tune` (the terminal) and :mod:`.tune_report` (the HTML page), so both say the
same thing the same way.
"""
from __future__ import annotations

from .tune_goals import figure_text
from .tune_patch import patch_text


def count(n: int, noun: str) -> str:
    """"1 proposal", "2 proposals"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _pci(wr: dict) -> str:
    lo, hi = wr["ci95"]
    return f"{wr['p']:.3f} [{lo:.3f},{hi:.3f}]"


def _settings_text(settings: dict, knobs: list) -> str:
    return "  ".join(f"{k.key}={settings[k.key]}" for k in knobs)


def mark(ev) -> str:
    """met, inside the tolerance (interval still wider), or how far off in plain words."""
    if ev["met"] if isinstance(ev, dict) else ev.met:
        return "met"
    objective = ev["objective"] if isinstance(ev, dict) else ev.objective
    return _off(objective)


def _off(score: float) -> str:
    if score <= 1:
        return "inside the tolerance, interval still wider than it"
    return f"{score:.1f} times the tolerance away"


def trial_line(record: dict, result_or_knobs, targets: list) -> str:
    """One trial in a line: its settings, each bot pair's figures and how far off it is."""
    knobs = getattr(result_or_knobs, "knobs", result_or_knobs)
    figs = []
    for pair in record["pairs"]:
        seen, parts = set(), []
        for dev in pair["deviations"]:           # one figure per side or goal, in the order given
            key = (dev["goal"], dev["side"])
            if key not in seen:
                seen.add(key)
                parts.append(figure_text(dev))
        figs.append(f"{pair['bots']}: " + ", ".join(parts))
    return (f"trial {record['number']:>3}  {_settings_text(record['settings'], knobs)}  "
            f"{'; '.join(figs)}  ({mark(record)})")


def summary_lines(result) -> list:
    """What a finished search found, line by line: the confirmed candidates, the best settings
    goal by goal, whether the target is met, how to reproduce it and the YAML patch."""
    out = []
    if result.confirmed and result.confirm_games > result.games:
        out.append(f"the best {count(len(result.confirmed), 'candidate')}, played again with more games "
                   f"(same seeds):")
        for ev in result.confirmed:
            out.append(f"  {_settings_text(ev.settings, result.knobs)}  {ev.games} games  ({mark(ev)})")
    if len(result.trials) < result.space and result.repeats:
        out.append(f"({count(result.repeats, 'proposal')} repeated settings already played: told their figures, "
                   "not played again)")
    if len(result.trials) == result.space:
        out.append(f"every one of the {result.space} possible settings was played")
    best = result.best
    if best is None:
        return out
    out.append("best settings: " + "  ".join(f"{k}={v}" for k, v in best.settings.items()))
    for pair in best.pairs:
        for dev in pair["deviations"]:
            if dev["goal"] == "win_rate":
                wr = pair["win_rate"][dev["side"]]
                what = f"{dev['side']} won {_pci(wr)} of {wr['games']} games"
            else:
                what = f"{figure_text(dev)} over {best.games} games"
            verdict = ("met: the 95% interval lies inside the tolerance" if dev["met"] else
                       f"NOT met: {_off(dev['score'])}")
            out.append(f"  {pair['bots']}: {what}; target {dev['target']}: {verdict}")
    if best.met:
        out.append(f"target met for every goal and every bot pair ({best.games} games each): every 95% "
                   f"interval lies inside its tolerance")
    elif best.inside:
        out.append(f"target NOT settled: the closest settings are inside the tolerance, but after {best.games} "
                   f"games their 95% intervals are still wider than it; play them with more games "
                   f"(--confirm-games) or widen the tolerance")
    else:
        out.append(f"target NOT met: the closest settings are {_off(best.objective)} (1 is the edge of it); "
                   "widen a range or vary another number")
    out.append("reproduce (the same seeds; another --seed checks it on games the search never saw):")
    out.extend(f"  {line}" for line in result.sim_commands())
    out.append("YAML patch:")
    out.extend(f"  {line}" for line in patch_text(result).splitlines())
    return out
