"""Small, pure statistics for simulation results (no numpy, no scipy).

Every function here is deterministic and works on plain ints and floats:

* :func:`wilson` -- Wilson score 95% interval of a proportion.
* :func:`newcombe_diff` -- difference of two independent proportions with
  Newcombe's hybrid score interval (his method 10) and a significance flag.
* :class:`Paired` -- streaming mean and 95% interval of per-seed differences
  (common random numbers: game *i* of run A and game *i* of run B share a seed).
* :func:`paired_bootstrap` -- the same interval by a fixed-seed bootstrap, for
  small samples or skewed differences.
* :func:`summary` / :func:`hist_summary` -- mean, median and 90th percentile of
  values or of a histogram (value -> count), linear interpolation between order
  statistics (numpy's default, "type 7").
* :func:`sample_size` -- games needed for a target half-width of a proportion.
"""
from __future__ import annotations

import math
import random
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


def half_width(k: int, n: int, z: float = Z95) -> float:
    """Half the width of the Wilson interval (0.5 when n == 0: nothing is known)."""
    lo, hi = wilson(k, n, z)
    return (hi - lo) / 2


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

    def to_json(self) -> list:
        return [self.n, self.s, self.ss]

    @classmethod
    def from_json(cls, data) -> "Paired":
        return cls(*data)


def paired_bootstrap(diffs: list[float], reps: int = 2000, seed: int = 0) -> Diff:
    """Percentile bootstrap 95% interval of the mean of ``diffs`` (fixed seed: reproducible)."""
    n = len(diffs)
    if n == 0:
        return Diff(0.0, -math.inf, math.inf)
    rng = random.Random(seed)
    mean = sum(diffs) / n
    means = sorted(sum(diffs[rng.randrange(n)] for _ in range(n)) / n for _ in range(reps))
    lo = means[int(math.floor(0.025 * (reps - 1)))]
    hi = means[int(math.ceil(0.975 * (reps - 1)))]
    return Diff(mean, lo, hi)


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
