"""Compare two versions of a game with common random numbers, and sweep one value.

Game *i* of both versions gets the same seed (the same deck shuffle, the same
dice stream and the same bot generators, for as long as the two games stay
alike), so the per-game differences have far less noise than two independent
runs. Each metric is reported for both versions with the difference B - A, its
95% interval, the p-value of its paired z test, and whether it is significant
*after Holm's adjustment over every metric of the table* (so a change that does
nothing is called different anywhere in the table at most 5% of the time, not
once per metric):

* win rates, draws, turn-limit share, game length, battles, kills, cards played:
  the mean of the per-seed differences (:class:`~genkit.sim.stats.Paired`);
* win rates also with Newcombe's interval for independent samples (``unpaired``),
  which is what a comparison without common seeds would have to use.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .metrics import Metrics, PairedSet
from .runner import Interrupted, run_games
from .stats import Sequential, games_to_detect, holm, newcombe_diff

ALPHA = 0.05
METHOD = "Holm"          # family-wise error rate over every row of a table
DETECT = 0.03             # the change in a win rate the verdict says how many games would detect
CLIFF = 0.2               # a sweep step that moves a win rate this much: the game hangs on that number


@dataclass
class Comparison:
    """Two runs with the same seeds and their differences (B - A)."""
    a: Metrics
    b: Metrics
    paired: PairedSet
    label_a: str = "A"
    label_b: str = "B"
    rows: list = field(default_factory=list)
    sequential: Sequential | None = None      # played in looks, stopped once settled

    def __post_init__(self):
        self.alpha = self.sequential.look_alpha if self.sequential else ALPHA
        if not self.rows:
            self.rows = comparison_rows(self.a, self.b, self.paired, self.alpha)

    def row(self, name: str) -> dict:
        for r in self.rows:
            if r["metric"] == name:
                return r
        raise KeyError(name)

    def significant(self) -> list:
        return [r["metric"] for r in self.rows if r["significant"]]

    @property
    def failed(self) -> bool:
        return self.a.failed or self.b.failed

    def to_json(self, timing: bool = True) -> dict:
        return {"a": {"label": self.label_a, **self.a.to_json(timing)},
                "b": {"label": self.label_b, **self.b.to_json(timing)},
                "differences": self.rows,
                "significance": {"method": METHOD, "alpha": self.alpha, "family": len(self.rows),
                                 "test": "paired z test of the per-seed differences",
                                 "sequential": self.sequential and {"looks": self.sequential.looks,
                                                                    "games": self.a.games}},
                "significant": self.significant(),
                "verdicts": self.verdicts()}

    def text(self) -> str:
        """A plain table for the terminal (names never cut), the end reasons, the verdicts."""
        rows = [[r["metric"], _fmt(r["a"]), _fmt(r["b"]), f"{r['diff']:+.3f}",
                 f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]", _p(r["p_holm"]), "*" if r["significant"] else ""]
                for r in self.rows]
        lines = table(["metric", self.label_a, self.label_b, "B - A", "95% interval", "p (Holm)", ""], rows)
        lines += [f"* significant after {METHOD}'s adjustment over the {len(self.rows)} metrics "
                  f"(family-wise error {self.alpha:.2%})", ""]
        lines += end_reason_lines(self.a, self.b, self.label_a, self.label_b)
        return "\n".join(lines + [""] + self.verdicts())

    def verdicts(self) -> list:
        """One sentence per win rate, then the other metrics that changed."""
        out = [win_verdict(self.row(f"win rate {s}"), s, self.paired.acc[f"win:{s}"].sd) for s in self.a.sides]
        if self.sequential:
            seq = self.sequential
            settled = self.a.games < seq.looks[-1] or compare_settled(seq, [self.a, self.b], self.paired)
            out.insert(0, (f"Settled after {self.a.games} of at most {seq.looks[-1]} games per version"
                           if settled else f"Not settled after {self.a.games} games per version")
                       + f" ({seq.describe()}).")
        other = [r["metric"] for r in self.rows if r["significant"] and not r["key"].startswith("win:")]
        out.append(f"Other changes significant after {METHOD}: " + (", ".join(other) if other else "none") + ".")
        if any(self.row(f"win rate {s}")["significant"] for s in self.a.sides):
            out.append(self.where_from())
        return out

    def where_from(self) -> str:
        """The end reasons whose share moved most: often what explains a change of the win rates."""
        ra, rb = self.a.end_reasons, self.b.end_reasons
        na, nb = max(1, self.a.games), max(1, self.b.games)
        moved = sorted(set(ra) | set(rb), key=lambda k: (-abs(rb.get(k, 0) / nb - ra.get(k, 0) / na), k))[:2]
        return ("Where it comes from: " + ", ".join(f"{k} {ra.get(k, 0) / na:.0%} -> {rb.get(k, 0) / nb:.0%} of games"
                                                     for k in moved) + ".")


def win_verdict(r: dict, side: str, sd: float) -> str:
    """"B changes the us win rate by -6.0 points [-9.0, -3.0], significant after Holm", or no
    difference with the games that would detect a change of :data:`DETECT`."""
    lo, hi = r["ci95"]
    by = f"{100 * r['diff']:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]"
    if r["significant"]:
        return f"B changes the {side} win rate by {by}, significant after {METHOD} (p = {_p(r['p_holm'])})."
    need = games_to_detect(sd or 0.5, DETECT) - r["n"]
    more = (f"about {need} more games would detect a change of {100 * DETECT:g} points" if need > 0 else
            f"a change of {100 * DETECT:g} points would likely have been detected")
    return f"No difference detected in the {side} win rate ({by}); {more}."


def table(head: list, rows: list) -> list:
    """Columns as wide as their widest cell: the first left-aligned, the others right-aligned."""
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = lambda cells: "  ".join((f"{c:<{w}}" if i == 0 else f"{c:>{w}}")
                                  for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    out = [fmt(head)]
    return out + ["-" * len(out[0])] + [fmt(r) for r in rows]


def end_reason_lines(a: Metrics, b: Metrics, label_a: str, label_b: str) -> list:
    """How the games of A and B ended, reason by reason (often what explains a change)."""
    ra, rb = a.to_json(False)["end_reasons"], b.to_json(False)["end_reasons"]
    rows = [[k, _share(ra.get(k, 0), a.games), _share(rb.get(k, 0), b.games)] for k in sorted(set(ra) | set(rb))]
    return table(["end reason", label_a, label_b], rows) if rows else []


def _share(k: int, n: int) -> str:
    return f"{k} ({k / n:.0%})" if n else str(k)


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _fmt(x: float) -> str:
    return f"{x:.3f}" if isinstance(x, float) else str(x)


_LABELS = {"length": "length (turns)", "turn_limit": "hit turn limit", "draw": "draw rate",
           "battles": "battles per game"}


def compare_settled(seq: Sequential, sinks: list, paired: PairedSet) -> bool:
    """The sequential rule of compare: every win rate has changed (significant after Holm at the
    look's level, as the table will say) or is known at that level not to have changed by
    :data:`DETECT` or more."""
    for r in comparison_rows(sinks[0], sinks[1], paired, seq.look_alpha):
        if r["key"].startswith("win:") and not r["significant"]:
            acc = paired.acc[r["key"]]
            if acc.n < 2 or abs(acc.mean) + seq.z * acc.sd / acc.n ** 0.5 > DETECT:
                return False
    return True


def comparison_rows(a: Metrics, b: Metrics, paired: PairedSet, alpha: float = ALPHA) -> list:
    rows = []
    sides = a.sides
    no_cards = not a.meta.get("cards") and not b.meta.get("cards")
    for name, acc in paired.acc.items():
        if no_cards and name.startswith("cards_played:"):
            continue                      # a game without a deck: no card row to compare
        iv = acc.interval()
        if name.startswith("win:"):
            side = name[4:]
            label = f"win rate {side}"
            ka, kb = a.wins.get(side, 0), b.wins.get(side, 0)
            unp = newcombe_diff(kb, b.completed, ka, a.completed).as_dict()
        else:
            label = _LABELS.get(name, name.replace(":", " ").replace("_", " ") + " per game")
            unp = None
        va = _mean_of(a, name, sides)
        vb = va + iv.diff if va is not None else None
        rows.append({"metric": label, "key": name, "a": va, "b": vb, "diff": iv.diff,
                     "ci95": [iv.low, iv.high], "p": acc.p_value(), "n": acc.n, "unpaired": unp})
    order = {k: i for i, k in enumerate([f"win:{s}" for s in sides] + ["draw", "length", "turn_limit", "battles"])}
    rows.sort(key=lambda r: (order.get(r["key"], 99), r["key"]))
    for r, adjusted in zip(rows, holm([r["p"] for r in rows])):
        r["p_holm"] = adjusted
        r["significant"] = adjusted <= alpha
    return rows


def _mean_of(m: Metrics, name: str, sides) -> float:
    n = m.games
    if n == 0:
        return 0.0
    if name.startswith("win:"):
        return m.wins.get(name[4:], 0) / n
    if name == "draw":
        return m.draws / n
    if name == "length":
        return sum(t * c for t, c in m.length_hist.items()) / max(1, m.completed)
    if name == "turn_limit":
        return m.turn_limit / n
    if name == "battles":
        return sum(u.get("battles_led", 0) for u in m.units.values()) / n
    if name.startswith("kills:"):
        side = name[6:]
        k = sum(u.get("kills", 0) for key, u in m.units.items() if key.startswith(side + ":"))
        k += sum(v for key, v in m.card_kills.items() if key.startswith(side + ":"))
        return k / n
    if name.startswith("cards_played:"):
        side = name[13:]
        return sum(c.get("played", 0) for key, c in m.cards.items() if key.startswith(side + ":")) / n
    return 0.0


def compare(content_a, overrides_a: Iterable[str], content_b, overrides_b: Iterable[str], games: int = 1000,
            seed: int = 0, bots=None, workers: int | None = None, progress: bool = True,
            check_invariants="turn", label_a: str | None = None, label_b: str | None = None,
            scheduler=None, sequential: bool = False) -> Comparison:
    """Simulate A and B with the same per-game seeds; differences are B - A.

    ``genkit compare GAME --set K=V`` is ``compare(GAME, [], GAME, ["K=V"])``;
    ``--against OTHER`` is ``compare(GAME, [], OTHER, [])``. ``scheduler``: as for
    :func:`~genkit.sim.runner.run_games`. ``sequential``: ``games`` is the most played; the run
    stops at the first look (100, 200, ... games) where :func:`compare_settled`.
    """
    seq = Sequential(games, compare_settled) if sequential else None
    (ma, mb), paired = run_games([(str(content_a), list(overrides_a)), (str(content_b), list(overrides_b))],
                                 games, None, seed, bots, workers, progress, check_invariants, label="compare",
                                 scheduler=scheduler, until=seq)
    la = label_a or (" ".join(overrides_a) if overrides_a else str(content_a))
    lb = label_b or (" ".join(overrides_b) if overrides_b else str(content_b))
    if la == lb:
        la, lb = f"A: {la}", f"B: {lb}"
    return Comparison(ma, mb, paired, la, lb, sequential=seq)


@dataclass
class Sweep:
    """One comparison per value of ``key`` against the unchanged game."""
    key: str
    values: list
    unchanged: Metrics        # the game without the swept setting changed
    comparisons: list          # Comparison per value, in ``values`` order

    @property
    def failed(self) -> bool:
        return self.unchanged.failed or any(c.failed for c in self.comparisons)

    def points(self) -> list:
        """[{value, side -> {p, ci95}, vs_unchanged -> {side: row}}] for plots and JSON; a row's
        ``significant`` is after Holm over every value and side of the sweep."""
        sides = self.unchanged.sides if self.comparisons else []
        diffs = [{s: dict(c.row(f"win rate {s}")) for s in sides} for c in self.comparisons]
        flat = [d[s] for d in diffs for s in sides]
        alpha = self.comparisons[0].alpha if self.comparisons else ALPHA
        for r, adjusted in zip(flat, holm([r["p"] for r in flat])):
            r["p_holm"], r["significant"] = adjusted, adjusted <= alpha
        return [{"value": v, "win_rate": {s: c.b.win_rate(s) for s in sides}, "vs_unchanged": d,
                 "length": c.b.to_json(False)["length"]}
                for v, c, d in zip(self.values, self.comparisons, diffs)]

    def best_value(self) -> object:
        """The value whose win rates are closest to even (first side's |p - 1/sides| smallest)."""
        pts = self.points()
        if not pts:
            return None
        side = self.unchanged.sides[0]
        even = 1 / len(self.unchanged.sides)
        return min(pts, key=lambda p: abs(p["win_rate"][side]["p"] - even))["value"]

    def verdicts(self) -> list:
        """Which values change the game, and how much to trust the one closest to even."""
        pts = self.points()
        if not pts:
            return []
        changed = [str(p["value"]) for p in pts if any(r["significant"] for r in p["vs_unchanged"].values())]
        family = len(pts) * len(self.unchanged.sides)
        out = [(f"Values that change the win rates, significant after {METHOD} over {family} comparisons: "
                + ", ".join(changed) + ".") if changed else
               f"No value changes the win rates significantly (after {METHOD} over {family} comparisons): "
               f"at {pts[0]['vs_unchanged'][self.unchanged.sides[0]]['n']} games per value, the values "
               f"cannot be told apart from the unchanged game."]
        best = self.best_value()
        side = self.unchanged.sides[0]
        wr = next(p for p in pts if p["value"] == best)["win_rate"][side]
        close = f"Closest to even: {self.key}={best} ({side} wins {_pci(wr)})"
        out.append(close + ("." if changed else ", though no more than the others: play more games to choose."))
        return out + self.cliffs(pts, side)

    def cliffs(self, pts: list, side: str) -> list:
        """Sensitivity notes: a step between neighbouring values (in the order given) that moves
        ``side``'s win rate by :data:`CLIFF` or more, with the rate of each value."""
        out = []
        for a, b in zip(pts, pts[1:]):
            pa, pb = a["win_rate"][side]["p"], b["win_rate"][side]["p"]
            if abs(pb - pa) >= CLIFF:
                out.append(f"Sensitivity: from {self.key}={a['value']} to {b['value']}, {side}'s win rate goes from "
                           f"{pa:.0%} to {pb:.0%}: the game hangs on this number.")
        return out

    def to_json(self, timing: bool = True) -> dict:
        return {"key": self.key, "values": self.values, "unchanged": self.unchanged.to_json(timing),
                "points": self.points(), "closest_to_even": self.best_value(), "verdicts": self.verdicts(),
                "comparisons": [c.to_json(timing) for c in self.comparisons]}

    def text(self) -> str:
        sides = self.unchanged.sides
        pts = self.points()
        rows = [["(unchanged)"] + [_pci(self.unchanged.win_rate(s)) + " " for s in sides]]
        rows += [[str(pt["value"])] + [_pci(pt["win_rate"][s]) + ("*" if pt["vs_unchanged"][s]["significant"] else " ")
                                       for s in sides] for pt in pts]
        lines = table([self.key] + [f"win {s}" for s in sides], rows)
        lines.append(f"* different from the unchanged game: paired z test, significant after {METHOD} over "
                     f"every value and side")
        return "\n".join(lines + [""] + self.verdicts())


def _pci(wr: dict) -> str:
    lo, hi = wr["ci95"]
    return f"{wr['p']:.3f} [{lo:.3f},{hi:.3f}]"


def parse_sweep(assignment: str) -> tuple:
    """"KEY=V1,V2,V3" -> (KEY, ["V1", "V2", "V3"]). Values stay YAML text for --set.

    A value that itself holds commas (a list) is written in brackets: KEY=[1,2],[3,4].
    """
    if "=" not in assignment:
        raise ValueError(f"--set '{assignment}': expected KEY=V1,V2,...")
    key, text = assignment.split("=", 1)
    values, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            values.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        values.append(cur.strip())
    if not values:
        raise ValueError(f"--set '{assignment}': no values")
    return key.strip(), values


def sweep(content, key: str, values: list, games: int = 500, seed: int = 0, bots=None,
          workers: int | None = None, progress: bool = True, fixed_overrides: Iterable[str] = (),
          check_invariants="turn", scheduler=None, sequential: bool = False) -> Sweep:
    """Compare the game with ``key=value`` for each value against the game as it is (on one
    cluster for every value when ``scheduler`` is an address or ``local``)."""
    from .dask_backend import scheduler_for
    fixed_overrides = list(fixed_overrides)
    comps = []
    try:
        with scheduler_for(scheduler, workers) as cluster:
            for v in values:
                comps.append(compare(content, fixed_overrides, content, fixed_overrides + [f"{key}={v}"], games,
                                     seed, bots, workers, progress, check_invariants,
                                     label_a="unchanged", label_b=f"{key}={v}", scheduler=cluster,
                                     sequential=sequential))
    except Interrupted as stop:             # Ctrl-C: the values finished so far go with it
        stop.sweep = Sweep(key, list(values[:len(comps)]), comps[0].a if comps else None, comps)
        raise
    return Sweep(key, list(values), comps[0].a if comps else None, comps)
