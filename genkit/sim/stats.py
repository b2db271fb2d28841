"""Small, pure statistics for simulation results (no numpy, no scipy; the tests check every
interval and test against statsmodels and scipy).

Every function here is deterministic and works on plain ints and floats:

* :func:`wilson` -- Wilson score 95% interval of a proportion.
* :func:`newcombe_diff` -- difference of two independent proportions with
  Newcombe's hybrid score interval (his method 10) and a significance flag.
* :class:`Paired` -- streaming mean and 95% interval of per-seed differences
  (common random numbers: game *i* of run A and game *i* of run B share a seed).
* :meth:`Paired.p_value` -- the two-sided z test of "no difference" that goes with it.
* :func:`holm` -- p-values adjusted for many looks at once (Holm's family-wise step-down).
* :func:`games_to_detect` -- games (pairs) a z test needs to detect a difference with 80% power.
* :func:`t95` -- the 95% quantile of Student's t (exact, for whole degrees of freedom).
* :func:`games_to_settle` -- games that would settle whether a win rate is within a margin of even.
* :class:`Sequential` -- looks of a group-sequential test and when to stop.
* :func:`look_z` -- the z bound of one look of a sequential test that looks at most ``looks``
  times (Bonferroni over the looks: the chance of any false alarm stays below alpha).
* :func:`summary` / :func:`hist_summary` -- mean, median and 90th percentile of
  values or of a histogram (value -> count), linear interpolation between order
  statistics (numpy's default, "type 7").
* :func:`sample_size` -- games needed for a target half-width of a proportion.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054   # two-sided 95% normal quantile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials; (0, 1) when n == 0."""
    if n <= 0:
        return (0.0, 1.0)
    if k < 0 or k > n:
        raise ValueError(f"k={k} outside 0..n={n}")
    p = k / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class Diff:
    """A difference (B - A or p1 - p2) with its 95% interval."""
    diff: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        """True when the interval excludes zero."""
        return self.low > 0 or self.high < 0

    def as_dict(self) -> dict:
        return {"diff": self.diff, "ci95": [self.low, self.high], "significant": self.significant}


def newcombe_diff(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> Diff:
    """p1 - p2 for independent samples, Newcombe (1998) hybrid score interval.

    low  = d - sqrt((p1 - l1)^2 + (u2 - p2)^2)
    high = d + sqrt((u1 - p1)^2 + (p2 - l2)^2)
    with (l, u) the Wilson intervals of each proportion.
    """
    if n1 <= 0 or n2 <= 0:
        return Diff(0.0, -1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return Diff(d, max(-1.0, low), min(1.0, high))


class Paired:
    """Streaming mean of per-seed differences (b - a) with a normal-approximation 95% interval.

    Merge-able (sum, sum of squares, count), so workers accumulate and the
    parent merges; the result does not depend on the order of merging beyond
    floating-point rounding of sums of small integers (exact for counts).
    """

    __slots__ = ("n", "s", "ss")

    def __init__(self, n: int = 0, s: float = 0.0, ss: float = 0.0):
        self.n, self.s, self.ss = n, s, ss

    def add(self, a: float, b: float) -> None:
        d = b - a
        self.n += 1
        self.s += d
        self.ss += d * d

    def merge(self, other: "Paired") -> "Paired":
        self.n += other.n
        self.s += other.s
        self.ss += other.ss
        return self

    @property
    def mean(self) -> float:
        return self.s / self.n if self.n else 0.0

    @property
    def sd(self) -> float:
        """Sample standard deviation (n - 1) of the differences."""
        if self.n < 2:
            return 0.0
        var = (self.ss - self.s * self.s / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, var))

    def interval(self, z: float = Z95) -> Diff:
        if self.n == 0:
            return Diff(0.0, -math.inf, math.inf)
        m = self.mean
        if self.n < 2:
            return Diff(m, -math.inf, math.inf)
        h = z * self.sd / math.sqrt(self.n)
        return Diff(m, m - h, m + h)

    def p_value(self) -> float:
        """Two-sided z test of a mean difference of 0 (1.0 with fewer than two pairs; with no
        spread at all: 1.0 when every difference is 0, else 0.0)."""
        if self.n < 2:
            return 1.0
        se = self.sd / math.sqrt(self.n)
        if se == 0:
            return 1.0 if self.mean == 0 else 0.0
        return normal_sf(abs(self.mean) / se) * 2

    def to_json(self) -> list:
        return [self.n, self.s, self.ss]

    @classmethod
    def from_json(cls, data) -> "Paired":
        return cls(*data)


# --------------------------------------------------------------------------- tests

def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def normal_quantile(p: float) -> float:
    """The z with P(Z <= z) = p (0 < p < 1), by bisection on :func:`normal_sf` to 1e-12."""
    if not 0 < p < 1:
        raise ValueError("p must be in (0, 1)")
    lo, hi = -40.0, 40.0
    while hi - lo > 1e-12:
        mid = (lo + hi) / 2
        if 1 - normal_sf(mid) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def holm(pvalues: list) -> list:
    """Holm's step-down adjusted p-values: reject where adjusted <= alpha, and the chance of
    any false rejection among them all stays <= alpha (family-wise error rate)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out, running = [0.0] * m, 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def games_to_detect(sd: float, delta: float, alpha: float = 0.05, power: float = 0.8) -> int:
    """Pairs (or games) a two-sided z test at ``alpha`` needs to detect a mean difference of
    ``delta`` with probability ``power`` when one difference has standard deviation ``sd``."""
    if delta == 0:
        raise ValueError("delta must not be 0")
    z = normal_quantile(1 - alpha / 2) + normal_quantile(power)
    return max(2, int(math.ceil((z * sd / abs(delta)) ** 2)))


def games_to_settle(p: float, even: float = 0.5, margin: float = 0.03) -> int:
    """Games in all that would settle whether a win rate now estimated at ``p`` is within
    ``margin`` of ``even``: with ``p`` that far off, the games a z test needs to tell it from
    ``even`` (80% power); closer, the games that narrow its 95% interval into the margin."""
    gap = abs(p - even)
    sd = math.sqrt(max(p * (1 - p), 1e-6))
    if gap >= margin:
        return games_to_detect(sd, gap)
    return sample_size(margin - gap, max(min(p, 1 - 1e-6), 1e-6))


def look_z(looks: int, alpha: float = 0.05) -> float:
    """The two-sided z bound of each of at most ``looks`` interim looks (alpha / looks each,
    Bonferroni): stopping at the first look past it errs with probability <= ``alpha``."""
    return normal_quantile(1 - alpha / (2 * looks))


class Sequential:
    """A group-sequential design: play in ``looks`` (cumulative game counts, each twice the last,
    up to ``games``) and stop at the first look where the question is settled; each look tests at
    ``alpha / len(looks)`` (Bonferroni over the looks), so the chance of any false alarm over the
    whole run stays <= ``alpha``. ``rule(self, sinks, paired)`` is given by the command; the
    runner asks :meth:`settled` after each look."""

    def __init__(self, games: int, rule, first: int = 100, alpha: float = 0.05):
        looks = [games]
        while looks[0] // 2 >= first:
            looks.insert(0, looks[0] // 2)
        self.looks, self.rule, self.alpha = looks, rule, alpha
        self.z = look_z(len(looks), alpha)

    @property
    def look_alpha(self) -> float:
        return self.alpha / len(self.looks)

    def settled(self, sinks: list, paired) -> bool:
        return bool(self.rule(self, sinks, paired))

    def describe(self) -> str:
        return (f"sequential: looks at {', '.join(map(str, self.looks))} games, each at {self.look_alpha:.2%} "
                f"(z {self.z:.2f}; Bonferroni over {len(self.looks)} looks: at most {self.alpha:.0%} false alarms)")


def _t_abs_cdf(t: float, df: int) -> float:
    """P(|T| < t), T Student's t with whole ``df`` (Abramowitz and Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    c2, s = math.cos(theta) ** 2, math.sin(theta)
    if df % 2:
        term, total = math.cos(theta), 0.0
        for j in range(1, (df - 1) // 2 + 1):
            total += term
            term *= c2 * (2 * j) / (2 * j + 1)
        return (2 / math.pi) * (theta + s * total)
    term, total = 1.0, 0.0
    for j in range(1, df // 2 + 1):
        total += term
        term *= c2 * (2 * j - 1) / (2 * j)
    return s * total


def _t_pdf(t: float, df: int) -> float:
    return math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
                    - (df + 1) / 2 * math.log1p(t * t / df))


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (Newton's method
    on the exact distribution function; the normal quantile beyond 100000)."""
    if df <= 0:
        return math.inf
    if df > 100_000:
        return Z95
    t = Z95 + (Z95 ** 3 + Z95) / (4 * df) if df > 2 else 12.0 if df == 1 else 4.0
    for _ in range(50):
        step = (_t_abs_cdf(t, df) - 0.95) / (2 * _t_pdf(t, df))
        t -= step
        if abs(step) < 1e-13:
            break
    return t


# --------------------------------------------------------------------------- location

def _order_stat(sorted_hist: list[tuple[float, int]], k: int) -> float:
    """The k-th (0-based) smallest value of a histogram given as sorted (value, count)."""
    seen = 0
    for value, count in sorted_hist:
        seen += count
        if k < seen:
            return value
    raise IndexError(k)


def hist_quantile(hist: dict, q: float) -> float:
    """Quantile ``q`` (0..1) of a histogram {value: count}, linear interpolation (type 7)."""
    items = sorted((v, c) for v, c in hist.items() if c > 0)
    n = sum(c for _, c in items)
    if n == 0:
        return 0.0
    h = (n - 1) * q
    lo = int(math.floor(h))
    x0 = _order_stat(items, lo)
    if lo + 1 >= n:
        return float(x0)
    x1 = _order_stat(items, lo + 1)
    return float(x0 + (h - lo) * (x1 - x0))


def hist_summary(hist: dict) -> dict:
    """{"mean", "median", "p90", "min", "max"} of a histogram {value: count}."""
    n = sum(hist.values())
    if n == 0:
        return {"mean": 0.0, "median": 0.0, "p90": 0.0, "min": 0, "max": 0}
    mean = sum(v * c for v, c in hist.items()) / n
    present = [v for v, c in hist.items() if c > 0]
    return {"mean": mean, "median": hist_quantile(hist, 0.5), "p90": hist_quantile(hist, 0.9),
            "min": min(present), "max": max(present)}


def summary(values) -> dict:
    """Mean, median and p90 of a list of numbers."""
    hist: dict = {}
    for v in values:
        hist[v] = hist.get(v, 0) + 1
    return hist_summary(hist)


def sample_size(half: float, p: float = 0.5, z: float = Z95) -> int:
    """Games needed so the normal-approximation 95% interval of ``p`` is +- ``half``.

    p = 0.5 is the worst case: sample_size(0.05) == 385, sample_size(0.02) == 2401.
    """
    if not 0 < half < 1:
        raise ValueError("half-width must be in (0, 1)")
    return int(math.ceil(z * z * p * (1 - p) / (half * half)))


def mean_interval(hist: dict, low: float = -math.inf, high: float = math.inf) -> dict:
    """Mean of a histogram {value: count} with a 95% Student t interval (clipped to
    ``low``..``high``; None with fewer than two values)."""
    items = sorted(hist.items())
    n = sum(c for _, c in items)
    if n == 0:
        return {"mean": 0.0, "ci95": None, "games": 0}
    s = sum(v * c for v, c in items)
    mean = s / n
    if n < 2:
        return {"mean": mean, "ci95": None, "games": n}
    var = max(0.0, sum(c * (v - mean) ** 2 for v, c in items) / (n - 1))
    h = t95(n - 1) * math.sqrt(var / n)
    return {"mean": mean, "ci95": [max(low, mean - h), min(high, mean + h)], "games": n}
