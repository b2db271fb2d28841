"""genkit.sim.stats against hand-computed and published values, and every interval and test
against the reference libraries (statsmodels, scipy, numpy; the test extra)."""
import math
import random

import numpy as np
import pytest
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import (confint_proportions_2indep, proportion_confint,
                                          samplesize_confint_proportion)
from statsmodels.stats.weightstats import DescrStatsW, ztest

from genkit.sim.stats import (Paired, games_to_detect, games_to_settle, hist_quantile, hist_summary, holm, look_z,
                              newcombe_diff, normal_quantile, sample_size, summary, t95, wilson)


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


# --------------------------------------------------------------------------- reference libraries

@pytest.mark.parametrize("k,n", [(0, 10), (1, 10), (5, 10), (10, 10), (44, 100), (437, 1000), (3, 7)])
def test_wilson_equals_statsmodels(k, n):
    assert wilson(k, n) == pytest.approx(proportion_confint(k, n, alpha=0.05, method="wilson"), abs=1e-9)


@pytest.mark.parametrize("k1,n1,k2,n2", [(56, 70, 48, 80), (9, 10, 3, 10), (5, 56, 0, 29), (220, 500, 231, 500)])
def test_newcombe_equals_statsmodels(k1, n1, k2, n2):
    d = newcombe_diff(k1, n1, k2, n2)
    ref = confint_proportions_2indep(k1, n1, k2, n2, method="newcomb", compare="diff", alpha=0.05)
    assert (d.low, d.high) == pytest.approx(ref, abs=1e-9)


def _paired_of(seed: int, n: int, shift: float) -> tuple:
    rng = random.Random(seed)
    acc, diffs = Paired(), []
    for _ in range(n):
        a, b = rng.random() < 0.45, rng.random() < 0.45 + shift
        acc.add(a, b)
        diffs.append(float(b) - float(a))
    return acc, diffs


@pytest.mark.parametrize("seed,n,shift", [(1, 50, 0.0), (2, 400, 0.05), (3, 1000, -0.1), (4, 30, 0.3)])
def test_paired_interval_and_test_equal_statsmodels_z(seed, n, shift):
    acc, diffs = _paired_of(seed, n, shift)
    iv = acc.interval()
    assert (iv.low, iv.high) == pytest.approx(DescrStatsW(np.array(diffs)).zconfint_mean(alpha=0.05), abs=1e-9)
    assert acc.p_value() == pytest.approx(ztest(np.array(diffs), value=0.0)[1], rel=1e-9, abs=1e-12)


def test_paired_test_without_spread_is_certain_either_way():
    same, shifted = Paired(), Paired()
    for _ in range(20):
        same.add(1, 1)
        shifted.add(0, 1)
    assert same.p_value() == 1.0 and shifted.p_value() == 0.0


@pytest.mark.parametrize("seed", range(5))
def test_holm_equals_statsmodels(seed):
    rng = random.Random(seed)
    ps = [rng.random() ** 3 for _ in range(11)] + [0.04, 0.04]
    assert holm(ps) == pytest.approx(list(multipletests(ps, method="holm")[1]), abs=1e-9)


@pytest.mark.parametrize("sd,delta,power", [(0.6, 0.05, 0.8), (0.3, 0.02, 0.8), (1.0, 0.5, 0.9), (0.5, -0.1, 0.8)])
def test_games_to_detect_equals_statsmodels_power(sd, delta, power):
    ref = NormalIndPower().solve_power(effect_size=abs(delta) / sd, alpha=0.05, power=power, ratio=0)
    assert games_to_detect(sd, delta, power=power) == max(2, math.ceil(ref))


@pytest.mark.parametrize("p", [0.001, 0.025, 0.2, 0.5, 0.8, 0.975, 0.9999])
def test_normal_quantile_equals_scipy(p):
    assert normal_quantile(p) == pytest.approx(sps.norm.ppf(p), abs=1e-9)


@pytest.mark.parametrize("looks", [1, 2, 5, 8])
def test_look_bound_equals_scipy(looks):
    assert look_z(looks) == pytest.approx(sps.norm.ppf(1 - 0.05 / (2 * looks)), abs=1e-9)


@pytest.mark.parametrize("df", [1, 2, 3, 4, 7, 10, 30, 99, 1000, 20000])
def test_t95_equals_scipy(df):
    # to 1e-9, far below what an interval prints: scipy's own t quantile moved by 2e-11 between
    # releases (1.13 and the newest), and genkit does not promise scipy's last digits
    assert t95(df) == pytest.approx(sps.t.ppf(0.975, df), rel=1e-9)


def test_t95_is_exact_where_the_quantile_has_a_closed_form():
    """df 1 (Cauchy): tan(pi (p - 1/2)); df 2: (2p - 1) / sqrt(2 p (1 - p))."""
    p = 0.975
    assert t95(1) == pytest.approx(math.tan(math.pi * (p - 0.5)), rel=1e-13)
    assert t95(2) == pytest.approx((2 * p - 1) / math.sqrt(2 * p * (1 - p)), rel=1e-13)


@pytest.mark.parametrize("half,p", [(0.05, 0.5), (0.02, 0.5), (0.05, 0.1), (0.03, 0.44)])
def test_sample_size_equals_statsmodels(half, p):
    assert sample_size(half, p) == math.ceil(samplesize_confint_proportion(p, half, alpha=0.05))


def test_quantiles_equal_numpy():
    rng = random.Random(7)
    values = [rng.randrange(30) for _ in range(101)]
    hist = {}
    for v in values:
        hist[v] = hist.get(v, 0) + 1
    for q in (0.1, 0.5, 0.9, 0.99):
        assert hist_quantile(hist, q) == pytest.approx(float(np.quantile(values, q)), abs=1e-9)


def test_games_to_settle_a_lopsided_estimate_is_the_power_of_a_z_test_against_even():
    # 44%: 6 points from even, more than the 3-point margin: tell 44% from 50% with 80% power
    ref = NormalIndPower().solve_power(effect_size=0.06 / math.sqrt(0.44 * 0.56), alpha=0.05, power=0.8, ratio=0)
    assert games_to_settle(0.44, 0.5, 0.03) == math.ceil(ref)


def test_games_to_settle_a_near_even_estimate_narrows_its_interval_into_the_margin():
    # 49%: the 95% interval must shrink to +-2 points to lie within 47..53
    assert games_to_settle(0.49, 0.5, 0.03) == math.ceil(samplesize_confint_proportion(0.49, 0.02, alpha=0.05))


def test_sequential_looks_double_up_to_the_games_and_split_alpha():
    from genkit.sim.stats import Sequential
    seq = Sequential(800, lambda *a: False)
    assert seq.looks == [100, 200, 400, 800] and seq.look_alpha == 0.0125
    assert Sequential(150, lambda *a: False).looks == [150]


def test_sequential_compare_calls_a_null_change_different_at_most_5_percent_of_the_time():
    """The stated error rate of compare --sequential, on 2000 simulated A/A runs of paired win/loss
    outcomes (p = 0.45 both), looks at 100, 200, 400 and 800 pairs."""
    from genkit.sim.compare import comparison_rows, compare_settled
    from genkit.sim.metrics import Metrics, PairedSet
    from genkit.sim.stats import Sequential
    rng = random.Random(11)
    runs = [Metrics({"sides": ["x"]}), Metrics({"sides": ["x"]})]
    alarms = 0
    for _ in range(2000):
        seq, paired, played = Sequential(800, compare_settled), PairedSet(), 0
        for look in seq.looks:
            for _ in range(look - played):
                a, b = rng.random() < 0.45, rng.random() < 0.45
                paired.add({"win:x": float(a)}, {"win:x": float(b)})
            played = look
            if seq.settled(runs, paired):
                break
        alarms += comparison_rows(*runs, paired, seq.look_alpha)[0]["significant"]
    assert alarms / 2000 <= 0.05
