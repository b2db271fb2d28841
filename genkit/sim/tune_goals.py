"""The two things ``genkit tune`` is told (:mod:`.tune`): the numbers to vary (:class:`Knob`, from
``--vary``) and the goals (``--target``: a side's win rate, the mean game length, the first-player
edge, every card played), each measured on a simulation's figures (:func:`measure`) and put in
words (:func:`figure_text`)."""
from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_TOLERANCE = 0.03


# --------------------------------------------------------------------------- parsing

@dataclass(frozen=True)
class Knob:
    """One number to vary: a --set path and its values (YAML text), or an integer range."""
    key: str
    values: tuple        # YAML text of each value, in order
    low: int | None = None
    high: int | None = None

    @property
    def is_range(self) -> bool:
        return self.low is not None

    def describe(self) -> str:
        return f"{self.key}={self.low}..{self.high}" if self.is_range else f"{self.key}={','.join(self.values)}"


@dataclass(frozen=True)
class Target:
    side: str
    p: float
    tol: float = DEFAULT_TOLERANCE

    def describe(self) -> str:
        return f"{self.side}={self.p:g}+-{self.tol:g}"


_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")
_PATH = re.compile(r"^[^\s=]+$")
MAX_RANGE = 1000


def parse_vary(text: str) -> Knob:
    """"KEY=lo..hi" (integers, both included) or "KEY=a,b,c" (YAML scalars, at least two);
    ValueError with a message for the designer otherwise."""
    from .compare import parse_sweep
    if "=" not in text:
        raise ValueError(f"'{text}': expected KEY=lo..hi or KEY=a,b,c, e.g. turn_track.turns=10..14")
    key, spec = (s.strip() for s in text.split("=", 1))
    if not key or not _PATH.match(key) or key.startswith(".") or key.endswith(".") or ".." in key:
        raise ValueError(f"'{text}': '{key}' is not a dotted path such as unit_types.inf.movement")
    m = _RANGE.match(spec)
    if m:
        lo, hi = int(m.group(1)), int(m.group(2))
        if lo >= hi:
            raise ValueError(f"'{text}': the range {lo}..{hi} is empty or one value; write lo..hi with lo < hi")
        if hi - lo + 1 > MAX_RANGE:
            raise ValueError(f"'{text}': {hi - lo + 1} values; at most {MAX_RANGE} in one range")
        return Knob(key, tuple(str(v) for v in range(lo, hi + 1)), lo, hi)
    if ".." in spec:
        raise ValueError(f"'{text}': a range is two integers, lo..hi, e.g. 0..2")
    try:
        _, values = parse_sweep(f"{key}={spec}")
    except ValueError:
        raise ValueError(f"'{text}': no values; write KEY=lo..hi or KEY=a,b,c")
    if any(not v for v in values):
        raise ValueError(f"'{text}': an empty value in the list")
    if len(set(values)) != len(values):
        raise ValueError(f"'{text}': a value is listed twice")
    if len(values) < 2:
        raise ValueError(f"'{text}': one value is not a choice; give at least two (a,b) or a range lo..hi, "
                         "or fix it with --set")
    return Knob(key, tuple(values))


_TARGET = re.compile(r"^\s*([^=\s]+)\s*=\s*([0-9.]+)\s*(?:(?:\+-|±|\+/-)\s*([0-9.]+))?\s*$")
_LENGTH = re.compile(r"^\s*length\s*=\s*([0-9.]+)\s*(?:(?:\+-|±|\+/-)\s*([0-9.]+))?\s*$")
_EDGE = re.compile(r"^\s*first_edge\s*(<=|=<|≤)\s*([0-9.]+)\s*$")
_CARDS = re.compile(r"^\s*cards\s*=\s*(\S*)\s*$")
DEFAULT_LENGTH_TOLERANCE = 1.0
GOALS_USAGE = ("SIDE=P[+-TOL] (a win rate, e.g. carrow=0.5+-0.05), length=MEAN[+-TOL] (mean game length in "
               "turns, e.g. length=10+-1), first_edge<=BOUND (e.g. first_edge<=0.05) or cards=all")


@dataclass(frozen=True)
class LengthGoal:
    """The mean game length in turns, within ``tol`` turns of ``mean``."""
    mean: float
    tol: float = DEFAULT_LENGTH_TOLERANCE
    side = None

    def describe(self) -> str:
        return f"length={self.mean:g}+-{self.tol:g}"


@dataclass(frozen=True)
class EdgeGoal:
    """The absolute first-player edge (win rate of the first side minus an even share) at most ``bound``."""
    bound: float
    side = None

    def describe(self) -> str:
        return f"first_edge<={self.bound:g}"


@dataclass(frozen=True)
class CardsGoal:
    """Every card of the deck played at least once (over all the games of a trial)."""
    side = None

    def describe(self) -> str:
        return "cards=all"


def _number(text: str, whole: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"'{whole}': '{text}' is not a number; expected {GOALS_USAGE}")


def parse_target(text: str):
    """A goal: "SIDE=P[+-TOL]" (a side's win rate; also ±), "length=MEAN[+-TOL]" (mean game length
    in turns), "first_edge<=BOUND" (the absolute first-player edge) or "cards=all"."""
    head = re.match(r"\s*([^=<>≤±+\s]*)", text).group(1)
    if head == "length":
        m = _LENGTH.match(text)
        if not m:
            raise ValueError(f"'{text}': expected length=MEAN or length=MEAN+-TOL in turns, e.g. length=10+-1")
        mean = _number(m.group(1), text)
        tol = _number(m.group(2), text) if m.group(2) is not None else DEFAULT_LENGTH_TOLERANCE
        if mean < 1:
            raise ValueError(f"'{text}': a mean game length is at least 1 turn")
        if tol <= 0:
            raise ValueError(f"'{text}': the length tolerance is a positive number of turns, e.g. 1")
        return LengthGoal(mean, tol)
    if head == "first_edge":
        m = _EDGE.match(text)
        if not m:
            raise ValueError(f"'{text}': expected first_edge<=BOUND, a proportion, e.g. first_edge<=0.05")
        bound = _number(m.group(2), text)
        if not 0 < bound < 1:
            raise ValueError(f"'{text}': the bound on the first-player edge is a proportion between 0 and 1 "
                             "(0.05, not 5)")
        return EdgeGoal(bound)
    if head == "cards":
        m = _CARDS.match(text)
        if not m or m.group(1) != "all":
            raise ValueError(f"'{text}': expected cards=all (every card of the deck played at least once)")
        return CardsGoal()
    m = _TARGET.match(text)
    if not m:
        raise ValueError(f"'{text}': expected SIDE=P or SIDE=P+-TOL, e.g. carrow=0.5 or carrow=0.5+-0.05; "
                         f"the goals are {GOALS_USAGE}")
    side, p_text, tol_text = m.groups()
    try:
        p = float(p_text)
        tol = float(tol_text) if tol_text is not None else DEFAULT_TOLERANCE
    except ValueError:
        raise ValueError(f"'{text}': expected SIDE=P or SIDE=P+-TOL with numbers, e.g. carrow=0.5+-0.05")
    if not 0 <= p <= 1:
        raise ValueError(f"'{text}': a win rate is between 0 and 1 (0.5, not 50)")
    if not 0 < tol < 0.5:
        raise ValueError(f"'{text}': the tolerance is between 0 and 0.5, e.g. 0.03")
    return Target(side, p, tol)


def measure(goal, m) -> dict:
    """One goal measured on one simulation's figures (the same figures as ``genkit sim --json``):
    {target, goal, side, figure, ci95, deviation, score, inside, met}. ``score`` is the deviation of
    the estimate over the goal's tolerance, so goals of different units combine by their worst
    score (the search's objective); ``inside``: the estimate is within the tolerance (score at most
    1); ``met``: its whole 95% interval is (an equivalence test: the chance of calling a goal met
    when the true figure lies outside the tolerance is at most 2.5%).

    * win rate: |p - P| over TOL (Wilson interval);
    * length: |mean turns - MEAN| over TOL (``length.mean``; Student t interval of the mean);
    * first_edge: |edge| over BOUND (``design.first_player_advantage``; its interval, made absolute);
    * cards: the share of cards never played (``design.dead_cards``); the tolerance is half a card,
      so the score is twice the number of dead cards and one dead card is not met."""
    from .metrics import mean_interval
    from .stats import hist_summary
    eps = 1e-12
    row = {"target": goal.describe(), "goal": goal_kind(goal), "side": goal.side}
    if isinstance(goal, Target):
        wr = m.win_rate(goal.side)
        d = abs(wr["p"] - goal.p)
        lo, hi = wr["ci95"]
        row.update(figure=wr["p"], ci95=[lo, hi], deviation=d, score=d / goal.tol, inside=d <= goal.tol + eps,
                   met=goal.p - goal.tol - eps <= lo and hi <= goal.p + goal.tol + eps)
    elif isinstance(goal, LengthGoal):
        length = hist_summary(m.length_hist)          # sim --json's "length"
        ci = mean_interval(m.length_hist, 0.0)["ci95"]
        d = abs(length["mean"] - goal.mean)
        row.update(figure=length["mean"], ci95=ci, deviation=d, score=d / goal.tol, inside=d <= goal.tol + eps,
                   met=ci is not None and goal.mean - goal.tol - eps <= ci[0] and ci[1] <= goal.mean + goal.tol + eps)
    elif isinstance(goal, EdgeGoal):
        fpa = m.design()["first_player_advantage"]
        if fpa is None:                          # no game completed, or no first side
            row.update(figure=None, ci95=None, deviation=1.0, score=1.0 / goal.bound, inside=False, met=False)
        else:
            edge = abs(fpa["edge"])
            lo, hi = fpa["ci95"]
            ci = [0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi)), max(abs(lo), abs(hi))]
            row.update(figure=edge, ci95=ci, deviation=max(0.0, edge - goal.bound), score=edge / goal.bound,
                       inside=edge <= goal.bound + eps, met=ci[1] <= goal.bound + eps, edge=fpa["edge"],
                       first=fpa["side"])
    else:
        dead = m.design()["dead_cards"]
        n = dead["of"]
        share = len(dead["cards"]) / n if n else 0.0
        row.update(figure=share, ci95=None, deviation=share, score=2.0 * len(dead["cards"]),
                   inside=not dead["cards"], met=not dead["cards"],
                   dead=list(dead["cards"]), of=n, play_chance_below=dead["play_chance_below"])
    return row


def goal_kind(goal) -> str:
    return {Target: "win_rate", LengthGoal: "length", EdgeGoal: "first_edge", CardsGoal: "cards"}[type(goal)]


def goal_json(goal) -> dict:
    if isinstance(goal, Target):
        return {"goal": "win_rate", "side": goal.side, "p": goal.p, "tolerance": goal.tol}
    if isinstance(goal, LengthGoal):
        return {"goal": "length", "mean": goal.mean, "tolerance": goal.tol}
    if isinstance(goal, EdgeGoal):
        return {"goal": "first_edge", "bound": goal.bound}
    return {"goal": "cards", "cards": "all"}


def figure_text(dev: dict) -> str:
    """A measured goal in words, with its interval: "length 7.50 [7.1,7.9] turns"."""
    ci = dev.get("ci95")
    if dev["goal"] == "win_rate":
        return f"{dev['side']} {dev['figure']:.3f} [{ci[0]:.3f},{ci[1]:.3f}]"
    if dev["goal"] == "length":
        band = f" [{ci[0]:.2f},{ci[1]:.2f}]" if ci else ""
        return f"length {dev['figure']:.2f}{band} turns"
    if dev["goal"] == "first_edge":
        if dev["figure"] is None:
            return "first_edge n/a"
        return f"first_edge {dev['figure']:.3f} [{ci[0]:.3f},{ci[1]:.3f}]"
    dead = dev.get("dead", [])
    text = f"cards {dev['of'] - len(dead)}/{dev['of']} played"
    if dead:
        text += f" (never: {','.join(dead[:4])}{',...' if len(dead) > 4 else ''}; play chance < " \
                f"{dev['play_chance_below']:.3f})"
    return text
