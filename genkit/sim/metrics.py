"""Streaming, merge-able aggregation of simulated games.

A worker turns each finished game into a small *game record* (a plain dict,
see :func:`empty_record`) and folds it into a :class:`Metrics` with
:meth:`Metrics.add`; the parent process folds the workers' Metrics together
with :meth:`Metrics.merge`. Everything is a count keyed by a string, so
memory does not grow with the number of games (the game length is a
histogram by turn, not a list) and merging is order-independent: the same
games give the same figures whatever the number of workers or the order in
which their chunks arrive. The one list, the invariant violations, keeps the
first ``VIOLATION_CAP`` by game index, which is order-independent too.

Keys: sides and unit types are content ids; a per-side-and-type key is
``"blue:tank"``; a CRT cell is ``"<column>|<attack type>|<die face>"`` (the column's
differential or odds: ``"-3|primary|1"``, ``"3:1|fire|6"``); a kill made by a card is credited
to ``"blue:card:<card id>"``; an event kind the simulator has no figure for is counted per side
under ``events[<kind>][<side id>]`` (``""`` for events without a side).

The game-design figures (``design`` in the JSON, defined in ``docs/metrics.md``) come from one
list per game, ``record["leads"]``: the side ahead on victory points (``game.scores``) at the end
of each game turn and at the end of the game, None when no side is ahead. They are folded in as
histograms of small integers, so they too are exact and order-independent.
"""
from __future__ import annotations

import json

from .roles import Roles
from .stats import Paired, hist_summary, mean_interval, newcombe_diff, wilson
from .uses import Uses

VIOLATION_CAP = 50

_CARD_FIELDS = ("drawn", "played", "worked", "held", "held_never_playable")
_UNIT_FIELDS = ("battles_led", "kills", "steps_lost", "eliminated")


def empty_record(index: int, seed: int) -> dict:
    """The record one game produces (filled in by :mod:`genkit.sim.observe` from the engine's events)."""
    return {
        "index": index, "seed": seed,
        "winner": None,           # side id, or None for a draw / no result
        "reason": "",             # the game's end reason (the victory condition's kind, e.g. "turn_limit")
        "turn": 0, "steps": 0,
        "completed": False,       # the game reached an end state
        "crt": {},                # cell key -> count
        "crt_results": {},        # "<diff>|<type>|<code>" -> count (M/L/K per column and type)
        "cards": {},              # "side:card id" -> {drawn, played, worked, held, held_never_playable}
        "units": {},              # "side:type" -> {battles_led, kills, steps_lost, eliminated}
        "card_kills": {},         # "side:card:<card id>" -> units eliminated
        "events": {},             # other event kinds: kind -> side id -> count (the event's count, else 1)
        "violations": [],         # {index, seed, step, kind, message}
        "leads": [],              # side id ahead on points (None: nobody) after each game turn, then at the end
        "nations": {},            # on a side of nations: nation id -> {figure: value at the end} (game.nation_figures)
        "roles": {},              # side id -> {kind: role id}: the roles each side took (game.roles), at the end
    }


# --------------------------------------------------------------------------- leads

def leader(scores: dict):
    """The side id with the most victory points in ``scores`` (side id -> points), None on a tie
    for the most."""
    best, who = None, None
    for side, v in scores.items():
        if best is None or v > best:
            best, who = v, side
        elif v == best:
            who = None
    return who


def lead_figures(leads: list, winner) -> dict:
    """The design figures of one game from its ``leads`` (see :func:`empty_record`) and its
    ``winner`` (None: a draw).

    ``changes``: how often the side ahead became another side (turns with nobody ahead are
    skipped: A, tie, B is one change, A, tie, A none); for a decided game also ``clear``: the
    number of turn ends after which the winner is ahead at every later one (``len(leads)`` when
    the winner is not ahead at the end), ``turns``: ``len(leads)``, ``drama``: some other side
    was ahead at some turn end, ``winner_ahead_at_end``."""
    changes, last = 0, None
    for side in leads:
        if side is None:
            continue
        if last is not None and side != last:
            changes += 1
        last = side
    out = {"changes": changes}
    if winner is not None and leads:
        n = len(leads)
        k = n
        while k > 0 and leads[k - 1] == winner:
            k -= 1
        out.update(clear=k + 1 if k < n else n, turns=n,
                   drama=any(s is not None and s != winner for s in leads),
                   winner_ahead_at_end=leads[-1] == winner)
    return out


def _proportion(k: int, n: int) -> dict:
    lo, hi = wilson(k, n)
    return {"p": k / n if n else 0.0, "ci95": [lo, hi], "k": k, "games": n}


def _add_counts(dst: dict, src: dict) -> None:
    for k, v in src.items():
        dst[k] = dst.get(k, 0) + v


def _add_nested(dst: dict, src: dict) -> None:
    for k, sub in src.items():
        _add_counts(dst.setdefault(k, {}), sub)


class Metrics:
    """Aggregated figures of many games of one content with one pair of bots."""

    def __init__(self, meta: dict | None = None):
        #: what was simulated: content, sha256, overrides, seed, bots, sides, CRT layout, cards, types
        self.meta: dict = dict(meta or {})
        self.games = 0
        self.completed = 0
        self.wins: dict = {}
        self.draws = 0
        self.length_hist: dict = {}     # turn -> games ending in that turn
        self.steps_total = 0
        self.end_reasons: dict = {}
        self.wins_by_reason: dict = {}  # "side:reason" -> games that side won that way
        self.turn_limit = 0
        self.crt: dict = {}
        self.crt_results: dict = {}
        self.cards: dict = {}
        self.units: dict = {}
        self.card_kills: dict = {}
        self.events: dict = {}          # kind -> side id -> count
        self.nations: dict = {}         # nation id -> figure -> sum over the games (game.nation_figures)
        self.uses = Uses()              # each card's plays per game (genkit.sim.uses)
        self.roles = Roles()            # each role's games and wins (genkit.sim.roles)
        self.violations: list = []
        self.violation_count = 0
        # design figures (record["leads"]): histograms of small integers, exact when merged
        self.lead_changes: dict = {}    # lead changes -> completed games
        self.clear_at: dict = {}        # "clear/turns" -> decided games (see lead_figures)
        self.drama = 0                  # decided games in which another side than the winner led
        self.winner_ahead = 0           # decided games the winner ended ahead on points
        self.elapsed = 0.0              # wall-clock seconds (not part of the reproducible figures)
        self.workers = 1

    # ------------------------------------------------------------------ folding

    def add(self, rec: dict) -> None:
        """Fold one game record in."""
        self.games += 1
        self.steps_total += rec["steps"]
        if rec["completed"]:
            self.completed += 1
            w = rec["winner"]
            if w is None:
                self.draws += 1
            else:
                self.wins[w] = self.wins.get(w, 0) + 1
            t = rec["turn"]
            self.length_hist[t] = self.length_hist.get(t, 0) + 1
            r = rec["reason"] or "unknown"
            self.end_reasons[r] = self.end_reasons.get(r, 0) + 1
            if w is not None:
                self.wins_by_reason[f"{w}:{r}"] = self.wins_by_reason.get(f"{w}:{r}", 0) + 1
            if r == "turn_limit":
                self.turn_limit += 1
            leads = rec.get("leads")
            if leads:
                f = lead_figures(leads, w)
                c = f["changes"]
                self.lead_changes[c] = self.lead_changes.get(c, 0) + 1
                if w is not None:
                    key = f"{f['clear']}/{f['turns']}"
                    self.clear_at[key] = self.clear_at.get(key, 0) + 1
                    self.drama += f["drama"]
                    self.winner_ahead += f["winner_ahead_at_end"]
        else:
            self.end_reasons["unfinished"] = self.end_reasons.get("unfinished", 0) + 1
        _add_counts(self.crt, rec["crt"])
        _add_counts(self.crt_results, rec["crt_results"])
        _add_nested(self.cards, rec["cards"])
        _add_nested(self.units, rec["units"])
        _add_counts(self.card_kills, rec["card_kills"])
        _add_nested(self.events, rec["events"])
        _add_nested(self.nations, rec.get("nations") or {})
        self.uses.add(rec)
        self.roles.add(rec)
        if rec["violations"]:
            self.violation_count += len(rec["violations"])
            self.violations.extend(rec["violations"])
            self._cap()

    def merge(self, other: "Metrics") -> "Metrics":
        """Fold another aggregate in (order-independent); returns self."""
        if not self.meta:
            self.meta = dict(other.meta)
        self.games += other.games
        self.completed += other.completed
        _add_counts(self.wins, other.wins)
        self.draws += other.draws
        _add_counts(self.length_hist, other.length_hist)
        self.steps_total += other.steps_total
        _add_counts(self.end_reasons, other.end_reasons)
        _add_counts(self.wins_by_reason, other.wins_by_reason)
        self.turn_limit += other.turn_limit
        _add_counts(self.crt, other.crt)
        _add_counts(self.crt_results, other.crt_results)
        _add_nested(self.cards, other.cards)
        _add_nested(self.units, other.units)
        _add_counts(self.card_kills, other.card_kills)
        _add_nested(self.events, other.events)
        _add_nested(self.nations, other.nations)
        self.uses.merge(other.uses)
        self.roles.merge(other.roles)
        _add_counts(self.lead_changes, other.lead_changes)
        _add_counts(self.clear_at, other.clear_at)
        self.drama += other.drama
        self.winner_ahead += other.winner_ahead
        self.violations.extend(other.violations)
        self.violation_count += other.violation_count
        self._cap()
        return self

    def _cap(self) -> None:
        self.violations.sort(key=lambda v: (v["index"], v["step"], v["kind"]))
        del self.violations[VIOLATION_CAP:]

    # ------------------------------------------------------------------ figures

    @property
    def sides(self) -> list:
        return list(self.meta.get("sides") or sorted(self.wins))

    def win_rate(self, side: str) -> dict:
        k = self.wins.get(side, 0)
        n = self.completed
        lo, hi = wilson(k, n)
        return {"p": k / n if n else 0.0, "ci95": [lo, hi], "wins": k, "games": n}

    def max_half_width(self) -> float:
        """The widest 95% half-width over the sides' win rates (for --precision)."""
        out = 0.0
        for side in self.sides:
            lo, hi = self.win_rate(side)["ci95"]
            out = max(out, (hi - lo) / 2)
        return out

    def crt_cells(self) -> list:
        """Every cell of the table as (column, type, face) in table order."""
        layout = self.meta.get("crt") or {}
        low = layout.get("low", 1)              # the lowest roll: 2 on 2d6
        return [(d, t, f) for d in layout.get("columns", []) for t in layout.get("types", [])
                for f in range(low, low + layout.get("faces", 0))]

    def never_reached(self) -> list:
        """Names of CRT cells no battle used, e.g. "+6 secondary, die 3"."""
        out = []
        for d, t, f in self.crt_cells():
            if self.crt.get(cell_key(d, t, f), 0) == 0:
                out.append(cell_name(d, t, f))
        return out

    def dead_cards(self) -> list:
        """Cards of the deck never played by any side although drawn (or never even drawn)."""
        per: dict = {}
        for key, c in self.cards.items():
            card = key.split(":", 1)[1]
            agg = per.setdefault(card, {f: 0 for f in _CARD_FIELDS})
            _add_counts(agg, c)
        out = []
        for card in self.meta.get("cards", sorted(per)):
            agg = per.get(card, {})
            if agg.get("played", 0) == 0:
                out.append(card)
        return out

    def cards_table(self) -> dict:
        """card id -> side -> counts (zeros filled in)."""
        out: dict = {}
        for card in self.meta.get("cards", []):
            out[card] = {s: {f: 0 for f in _CARD_FIELDS} for s in self.sides}
        for key, c in self.cards.items():
            side, card = key.split(":", 1)
            slot = out.setdefault(card, {}).setdefault(side, {f: 0 for f in _CARD_FIELDS})
            _add_counts(slot, c)
        return out

    def events_table(self) -> dict:
        """kind -> {title, total: side -> count, per_game: side -> mean per game}, kinds sorted,
        every side filled in (plus ``""`` when some events had no side)."""
        titles = self.meta.get("event_titles") or {}
        n = self.games
        out = {}
        for kind in sorted(self.events):
            per = self.events[kind]
            total = {s: per.get(s, 0) for s in self.sides}
            total.update((s, v) for s, v in sorted(per.items()) if s not in total)
            out[kind] = {"title": titles.get(kind, ""), "total": total,
                         "per_game": {s: v / n if n else 0.0 for s, v in total.items()}}
        return out

    def units_table(self) -> dict:
        """"side:type" -> {battles_led, kills, steps_lost, eliminated} (zeros filled in)."""
        out = {}
        for side in self.sides:
            for t in self.meta.get("unit_types", []):
                out[f"{side}:{t}"] = {f: 0 for f in _UNIT_FIELDS}
        for key, c in self.units.items():
            _add_counts(out.setdefault(key, {f: 0 for f in _UNIT_FIELDS}), c)
        return out

    def nations_table(self) -> dict:
        """Nation id -> figure -> its mean over the games (empty for a game without nations), in
        the order the nations first came."""
        n = self.games or 1
        return {k: {f: round(v / n, 3) for f, v in figs.items()} for k, figs in self.nations.items()}

    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self, timing: bool = True) -> dict:
        """The figures as plain JSON data. ``timing=False`` drops the wall-clock fields
        (``games_per_second``, ``elapsed_s``, ``workers``), leaving what a seed reproduces."""
        sides = self.sides
        first = self.fixed_first_side()
        out = {
            "content": self.meta.get("content"),
            "sha256": self.meta.get("sha256"),
            "overrides": list(self.meta.get("overrides", [])),
            "games": self.games,
            "completed": self.completed,
            "seed": self.meta.get("seed"),
            "bots": dict(zip(sides, self.meta.get("bots", []))),
            "wins": {s: self.wins.get(s, 0) for s in sides},
            "draws": self.draws,
            "win_rate": {s: self.win_rate(s) for s in sides},
            "length": hist_summary(self.length_hist),
            "length_histogram": {str(t): self.length_hist[t] for t in sorted(self.length_hist)},
            "turn_limit": {"turns": self.meta.get("turns"), "games": self.turn_limit,
                           "share": self.turn_limit / self.completed if self.completed else 0.0},
            "end_reasons": dict(sorted(self.end_reasons.items())),
            "wins_by_reason": {s: {k.split(":", 1)[1]: c for k, c in sorted(self.wins_by_reason.items())
                                   if k.split(":", 1)[0] == s} for s in sides},
            "first_player": None,
            "invariant_violations": self.violation_count,
            "violations": list(self.violations),
            "steps_per_game": self.steps_total / self.games if self.games else 0.0,
            "crt": {
                "cells": {k: self.crt[k] for k in sorted(self.crt)},
                "results": {k: self.crt_results[k] for k in sorted(self.crt_results)},
                "battles": sum(self.crt.values()),
                "never_reached": self.never_reached(),
            },
            "cards": self.cards_table(),
            "dead_cards": self.dead_cards(),
            "units": self.units_table(),
            "card_kills": dict(sorted(self.card_kills.items())),
            "events": self.events_table(),
            "nations": self.nations_table(),
            "card_use": self.uses.table(self.meta.get("decks") or [], sides),
            "roles": self.roles.table(self.meta.get("role_word") or {}, self.meta.get("role_names") or {}),
        }
        if first in sides:
            wr = self.win_rate(first)
            other = [s for s in sides if s != first]
            # In an asymmetric game the first player is always the same side, so
            # this is that side's edge over an even game, not a pure move-order effect.
            out["first_player"] = {"side": first, "p": wr["p"], "ci95": wr["ci95"],
                                   "edge_vs_even": wr["p"] - 1 / len(sides),   # even: 1 in len(sides)
                                   "vs_second": newcombe_diff(self.wins.get(first, 0), self.completed,
                                                              self.wins.get(other[0], 0) if other else 0,
                                                              self.completed).as_dict()}
        out["design"] = self.design()
        if timing:
            out["games_per_second"] = self.games_per_second()
            out["elapsed_s"] = self.elapsed
            out["workers"] = self.workers
        return out

    def fixed_first_side(self) -> str | None:
        """The side that moves first in every game (``game.first_side``), or None when the game
        draws its player order (a role of kind ``order``: its per-role figures then say what moving
        first is worth, and a first-player edge of the side listed first would mislead)."""
        return None if "order" in (self.meta.get("role_word") or {}) else self.meta.get("first_side")

    def design(self) -> dict:
        """The game-design figures, each with a 95% interval (docs/metrics.md)."""
        sides = self.sides
        decided = sum(self.clear_at.values())       # decided games with a record of leads
        fractions: dict = {}
        for key, c in self.clear_at.items():
            k, n = key.split("/")
            v = int(k) / int(n)
            fractions[v] = fractions.get(v, 0) + c
        first = self.fixed_first_side()
        fpa = None
        if first in sides and self.completed:
            even = 1 / len(sides)
            wr = self.win_rate(first)
            fpa = {"side": first, "even": even, "win_rate": wr["p"], "edge": wr["p"] - even,
                   "ci95": [wr["ci95"][0] - even, wr["ci95"][1] - even], "games": self.completed}
        dead = self.dead_cards()
        nr = self.never_reached()
        battles = sum(self.crt.values())
        out = {
            "lead": "side ahead on victory points at each game turn end and at the end",
            "drawishness": _proportion(self.draws, self.completed),
            "decisiveness": dict(mean_interval(fractions, 0.0, 1.0),
                                 histogram={k: self.clear_at[k] for k in
                                            sorted(self.clear_at, key=lambda x: tuple(map(int, x.split("/"))))}),
            "drama": _proportion(self.drama, decided),
            "winner_ahead_at_end": _proportion(self.winner_ahead, decided),
            "lead_changes": dict(mean_interval(self.lead_changes, 0.0),
                                 histogram={str(k): self.lead_changes[k] for k in sorted(self.lead_changes)}),
            "first_player_advantage": fpa,
            "dead_cards": {"cards": dead, "of": len(self.meta.get("cards", [])), "games": self.games,
                           "play_chance_below": wilson(0, self.games)[1] if dead else None},
        }
        if self.crt_cells():            # a game without a CRT has no cells to reach
            out["unreachable_crt_cells"] = {"cells": len(nr), "of": len(self.crt_cells()), "battles": battles,
                                            "reach_chance_below": wilson(0, battles)[1] if nr else None}
        return out

    def dumps(self, timing: bool = True) -> str:
        return json.dumps(self.to_json(timing), indent=2, sort_keys=False)

    @property
    def failed(self) -> bool:
        """True when any game raised, never ended or broke an invariant (the CLI exits 1)."""
        return self.violation_count > 0 or self.completed < self.games


def cell_key(column, attack_type: str, face: int) -> str:
    """``column``: a differential (int) or odds ("3:1"), as the Battle event gives it."""
    return f"{column}|{attack_type}|{face}"


def column_label(column) -> str:
    """A CRT column as printed: "+2", "0", "-1" for differentials, "3:1" for odds."""
    return f"+{column}" if isinstance(column, int) and column > 0 else str(column)


def cell_name(column, attack_type: str, face: int) -> str:
    return f"{column_label(column)} {attack_type}, die {face}"


# --------------------------------------------------------------------------- paired figures

PAIRED_FIELDS = ("length", "turn_limit", "draw", "battles", "kills_total")


def paired_values(rec: dict, sides: list) -> dict:
    """Per-game numbers compared seed by seed in :mod:`genkit.sim.compare`."""
    out = {f"win:{s}": 1.0 if rec["winner"] == s else 0.0 for s in sides}
    out["draw"] = 1.0 if rec["completed"] and rec["winner"] is None else 0.0
    out["length"] = float(rec["turn"])
    out["turn_limit"] = 1.0 if rec["reason"] == "turn_limit" else 0.0
    out["battles"] = float(sum(u.get("battles_led", 0) for u in rec["units"].values()))   # rolled or not
    for s in sides:
        out[f"kills:{s}"] = float(sum(u.get("kills", 0) for k, u in rec["units"].items() if k.startswith(s + ":"))
                                  + sum(v for k, v in rec["card_kills"].items() if k.startswith(s + ":")))
        out[f"cards_played:{s}"] = float(sum(c.get("played", 0) for k, c in rec["cards"].items()
                                             if k.startswith(s + ":")))
    return out


class PairedSet:
    """Named :class:`~genkit.sim.stats.Paired` accumulators, merge-able."""

    def __init__(self):
        self.acc: dict = {}

    def add(self, a: dict, b: dict) -> None:
        for k in a:
            self.acc.setdefault(k, Paired()).add(a[k], b.get(k, 0.0))

    def merge(self, other: "PairedSet") -> "PairedSet":
        for k, p in other.acc.items():
            self.acc.setdefault(k, Paired()).merge(p)
        return self
