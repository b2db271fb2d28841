"""genkit.sim.stats against hand-computed and published values."""
import math

import pytest

from genkit.sim.stats import (Paired, hist_quantile, hist_summary, newcombe_diff, paired_bootstrap,
                              sample_size, summary, wilson)


def test_wilson_hand_computed():
    # k=5, n=10, z=1.96: centre 0.5, half = 1.96*sqrt(0.025+0.009604)/1.38416 = 0.26341
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.236593, abs=1e-6)
    assert hi == pytest.approx(0.763407, abs=1e-6)
    # k=0: lower bound exactly 0, upper z^2/(n+z^2) = 3.8415/13.8415
    assert wilson(0, 10) == (0.0, pytest.approx(3.841459 / 13.841459, abs=1e-6))
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("k1,n1,k2,n2,lo,hi", [
    # Newcombe (1998), Statistics in Medicine 17:873, Table II, method 10
    (56, 70, 48, 80, 0.0524, 0.3339),
    (9, 10, 3, 10, 0.1705, 0.8090),
    (6, 7, 2, 7, 0.0582, 0.8062),
    (5, 56, 0, 29, -0.0381, 0.1926),
])
def test_newcombe_published(k1, n1, k2, n2, lo, hi):
    d = newcombe_diff(k1, n1, k2, n2)
    assert d.diff == pytest.approx(k1 / n1 - k2 / n2)
    assert d.low == pytest.approx(lo, abs=5e-5)
    assert d.high == pytest.approx(hi, abs=5e-5)
    assert d.significant == (lo > 0 or hi < 0)


def test_newcombe_equal_not_significant():
    assert not newcombe_diff(30, 60, 30, 60).significant


def test_paired_hand_computed():
    p = Paired()
    for a, b in [(0, 1), (0, 1), (1, 1), (0, 0), (1, 0)]:
        p.add(a, b)
    # diffs 1, 1, 0, 0, -1: mean 0.2, var = (3 - 5*0.04)/4 = 0.7
    assert p.mean == pytest.approx(0.2)
    assert p.sd == pytest.approx(math.sqrt(0.7))
    iv = p.interval()
    assert iv.low == pytest.approx(0.2 - 1.959964 * math.sqrt(0.7 / 5), abs=1e-6)
    assert not iv.significant
    q = Paired()
    for _ in range(10):
        q.add(0, 0)
    assert q.interval().low == q.interval().high == 0.0 and not q.interval().significant


def test_paired_merge_equals_single_pass():
    pairs = [(i % 3, (i * 7) % 5) for i in range(40)]
    one, a, b = Paired(), Paired(), Paired()
    for k, (x, y) in enumerate(pairs):
        one.add(x, y)
        (a if k % 2 else b).add(x, y)
    a.merge(b)
    assert (a.n, a.s, a.ss) == (one.n, one.s, one.ss)


def test_bootstrap_reproducible_and_sane():
    diffs = [1, 1, 1, 0, 1, 0, 1, 1, 1, 1] * 5
    x, y = paired_bootstrap(diffs, seed=3), paired_bootstrap(diffs, seed=3)
    assert x == y
    assert x.low < x.diff < x.high and x.significant


def test_quantiles_hand_computed():
    assert hist_quantile({1: 1, 2: 1, 3: 1, 4: 1}, 0.5) == 2.5
    assert hist_quantile({1: 1, 2: 1, 3: 1, 4: 1}, 0.9) == pytest.approx(3.7)
    s = hist_summary({30: 8, 10: 2})           # 10,10,30 x8
    assert s["mean"] == 26.0 and s["median"] == 30.0 and s["p90"] == 30.0
    assert summary([5, 1, 3]) == {"mean": 3.0, "median": 3.0, "p90": 4.6, "min": 1, "max": 5}


def test_sample_size():
    assert sample_size(0.05) == 385          # 1.96^2 * 0.25 / 0.0025 = 384.15
    assert sample_size(0.02) == 2401
    assert sample_size(0.05, p=0.1) == 139   # 3.8415 * 0.09 / 0.0025 = 138.3
