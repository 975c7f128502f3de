"""The study statistics on synthetic data: known values, and coverage and false positives by simulation (no games)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest

from wararchive.study import stats

SIDES = ["x", "y"]


def test_tango_against_the_published_example():
    # Fagerland, Lydersen & Laake (2013), Bentur et al. data: n12 = 1, n21 = 7, N = 21 → [−0.5172, −0.0260]
    lo, hi = stats.tango(1, 7, 21)
    assert float(lo) == pytest.approx(-0.5172, abs=1e-4) and float(hi) == pytest.approx(-0.0260, abs=1e-4)


def test_tango_keeps_width_when_no_pair_differs():
    lo, hi = stats.tango(0, 0, 2000)
    assert float(lo) < 0 < float(hi) and float(hi) == pytest.approx(-float(lo))


def test_stuart_maxwell_exact_and_asymptotic_agree_on_a_large_table(monkeypatch):
    table = np.array([[300, 40, 12], [22, 280, 9], [15, 18, 304]])
    exact = stats.stuart_maxwell(table)
    monkeypatch.setattr(stats, "EXACT_LIMIT", 10)
    approx = stats.stuart_maxwell(table)
    assert exact[3] == "exact conditional" and approx[3] == "χ² approximation"
    assert exact[0] == pytest.approx(approx[0]) and exact[1] == approx[1] == 2
    assert exact[2] == pytest.approx(approx[2], abs=0.01)


def test_stuart_maxwell_without_discordance_and_with_one_swapped_pair():
    assert stats.stuart_maxwell(np.diag([5, 5, 5]))[2] == 1.0
    # only x ↔ y swapped, 7 one way and 0 the other: the exact sign test of 7 / 0 (two-sided p = 2 / 2**7)
    _stat, df, p, method = stats.stuart_maxwell(np.array([[5, 7, 0], [0, 5, 0], [0, 0, 5]]))
    assert df == 1 and p == pytest.approx(2 / 2**7) and method == "exact conditional"


def _brute_stuart_maxwell_p(table: np.ndarray) -> float:
    """The exact conditional p by listing every table (each n_ij of t_ij ~ Binomial(t_ij, ½)), the statistic from scratch."""
    k = len(table)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    totals = [int(table[i, j] + table[j, i]) for i, j in pairs]

    def statistic(counts) -> float:
        t = np.zeros((k, k))
        for (i, j), n_ij, total in zip(pairs, counts, totals, strict=True):
            t[i, j], t[j, i] = n_ij, total - n_ij
        d = (t.sum(axis=1) - t.sum(axis=0))[: k - 1]
        cov = -(t + t.T)[: k - 1, : k - 1]
        np.fill_diagonal(cov, [(t[i] + t[:, i]).sum() - 2 * t[i, i] for i in range(k - 1)])
        return float(d @ np.linalg.pinv(cov) @ d)

    observed = statistic([int(table[i, j]) for i, j in pairs])
    p = 0.0
    for counts in itertools.product(*(range(t + 1) for t in totals)):
        if statistic(counts) >= observed - 1e-9 * max(1.0, observed):
            p += math.prod(math.comb(t, c) / 2**t for t, c in zip(totals, counts, strict=True))
    return p


@pytest.mark.parametrize(
    "table",
    [
        [[9, 3, 1], [0, 8, 2], [2, 0, 7]],
        [[5, 6, 0, 1], [1, 5, 2, 0], [0, 3, 5, 1], [2, 0, 0, 5]],  # four outcomes, as the studies have
        [[4, 0, 0], [5, 4, 0], [0, 0, 4]],  # one pair only
    ],
)
def test_stuart_maxwell_exact_p_is_the_sum_over_every_table(table):
    table = np.array(table)
    _stat, _df, p, method = stats.stuart_maxwell(table)
    assert method == "exact conditional"
    assert p == pytest.approx(_brute_stuart_maxwell_p(table), rel=1e-12)


@pytest.mark.parametrize(
    "table",
    [
        [[9, 3, 1], [0, 8, 2], [2, 0, 7]],
        [[5, 6, 0, 1], [1, 5, 2, 0], [0, 3, 5, 1], [2, 0, 0, 5]],
        [[120, 31, 0, 7], [12, 90, 0, 3], [0, 0, 0, 0], [1, 9, 0, 400]],  # an outcome no game had: rank 2 of 3
    ],
)
def test_stuart_maxwell_statistic_is_the_exact_ratio_correctly_rounded(table):
    """The statistic depends on no BLAS (CHANGELOG, known issue fixed): the exact rational, rounded once."""
    from fractions import Fraction

    t = [[Fraction(v) for v in row] for row in table]
    k = len(t)
    live = [i for i in range(k - 1) if any(t[i][j] + t[j][i] for j in range(k) if j != i)]
    d = [sum(t[i]) - sum(row[i] for row in t) for i in live]
    cov = [[(sum(t[i]) + sum(r[i] for r in t) - 2 * t[i][i]) if i == j else -(t[i][j] + t[j][i]) for j in live] for i in live]
    x = [[*row, v] for row, v in zip(cov, d, strict=True)]  # solve cov · x = d exactly (this case: invertible)
    for c in range(len(x)):
        x[c] = [v / x[c][c] for v in x[c]]
        for r in range(len(x)):
            if r != c:
                x[r] = [a - x[r][c] * b for a, b in zip(x[r], x[c], strict=True)]
    exact = sum(di * row[-1] for di, row in zip(d, x, strict=True))
    statistic, df, _p, _method = stats.stuart_maxwell(np.array(table))
    assert df == len(live) and statistic == float(exact)


def _scipy_wilson(k: int, n: int) -> tuple[float, float]:
    from scipy.stats import binomtest

    ci = binomtest(k, n).proportion_ci(confidence_level=stats.CONFIDENCE, method="wilson")
    return float(ci.low), float(ci.high)


@pytest.mark.parametrize("counts", [range(1, 61), [2000]])
def test_wilson_is_scipys_interval_to_the_last_bit(counts):
    for n in counts:
        for k in range(n + 1):
            assert stats.wilson(k, n) == _scipy_wilson(k, n), (k, n)


@pytest.mark.slow
def test_wilson_is_scipys_interval_to_the_last_bit_for_every_count_up_to_500():
    for n in range(1, 501):
        for k in range(n + 1):
            assert stats.wilson(k, n) == _scipy_wilson(k, n), (k, n)


@pytest.mark.parametrize(("k", "n"), [(3, 2), (-1, 5), (0, 0)])
def test_wilson_refuses_an_impossible_count(k, n):
    with pytest.raises(ValueError, match="0 <= k <= n"):
        stats.wilson(k, n)


def test_holm_adjusts_step_down():
    assert list(stats.holm([0.01, 0.04, 0.03, 0.5])) == pytest.approx([0.04, 0.09, 0.09, 0.5])


def _null_study(rng: np.random.Generator, n: int, p_change: float) -> tuple[np.ndarray, np.ndarray]:
    """n seeds under two readings that do not matter: a seed's result is redrawn with p_change, from one distribution."""
    outcomes = np.array([*SIDES, "draw"])
    p = [0.45, 0.35, 0.20]
    a = rng.choice(outcomes, size=n, p=p)
    redraw = rng.random(n) < p_change
    b = np.where(redraw, rng.choice(outcomes, size=n, p=p), a)
    return a, b


@pytest.mark.parametrize(("n", "p_change"), [(2000, 0.005), (400, 0.05), (60, 0.2)])
def test_tango_intervals_cover_a_zero_effect(n, p_change):
    rng = np.random.default_rng(7)
    studies = 2000
    a_only, b_only = np.zeros(studies), np.zeros(studies)
    for i in range(studies):
        a, b = _null_study(rng, n, p_change)
        a_only[i], b_only[i] = ((a == "x") & (b != "x")).sum(), ((b == "x") & (a != "x")).sum()
    lo, hi = stats.tango(b_only, a_only, n)
    assert ((lo <= 0) & (hi >= 0)).mean() >= 0.94


def test_tango_intervals_cover_a_known_effect():
    # x's rate is 0.02 higher under b: p(a only) = 0.01, p(b only) = 0.03, over 1,000 seeds
    rng = np.random.default_rng(11)
    cells = rng.multinomial(1000, [0.01, 0.03, 0.96], size=3000)
    lo, hi = stats.tango(cells[:, 1], cells[:, 0], 1000)
    assert ((lo <= 0.02) & (hi >= 0.02)).mean() >= 0.94


@pytest.mark.parametrize(("n", "p_change"), [(2000, 0.005), (300, 0.1)])
def test_omnibus_false_positive_rate_under_the_null(n, p_change):
    rng = np.random.default_rng(3)
    studies = 1000
    rejected = 0
    for _ in range(studies):
        a, b = _null_study(rng, n, p_change)
        rejected += stats._answer(a, b, SIDES)["p"] < 0.05
    assert rejected / studies <= 0.05 + 2 * np.sqrt(0.05 * 0.95 / studies)  # 5 %, within two Monte Carlo errors


def test_omnibus_detects_a_real_change():
    rng = np.random.default_rng(5)
    a = rng.choice(np.array([*SIDES, "draw"]), size=1000, p=[0.45, 0.35, 0.20])
    b = np.where((a == "y") & (rng.random(1000) < 0.15), "x", a)  # some of y's wins become x's
    answer = stats._answer(a, b, SIDES)
    assert answer["p"] < 0.001 and answer["flipped"] == answer["changed"] > 0 and answer["score_shift"] > 0


def _games(a: np.ndarray, b: np.ndarray) -> pd.DataFrame:
    n = len(a)
    return pd.DataFrame(
        {
            "reading": ["a"] * n + ["b"] * n,
            "seed": list(range(n)) * 2,
            "winner": [None if r in ("draw", "unfinished") else r for r in [*a, *b]],
            "plies": [10] * (2 * n),
            "lead_changes": [1] * (2 * n),
            "adjudicated": [r == "unfinished" for r in [*a, *b]],
            "setup": ["s"] * (2 * n),
        }
    )


def test_omnibus_table_counts_changes_flips_and_unfinished_games_apart_from_draws():
    a = np.array(["x", "x", "y", "draw", "x", "y", "y", "unfinished"])
    b = np.array(["y", "x", "y", "x", "unfinished", "x", "y", "unfinished"])
    row = stats.omnibus_table(_games(a, b), SIDES, ["a", "b"]).iloc[0]
    assert (row["changed"], row["flipped"], row["games"]) == (4, 2, 8)
    assert row["x_to_y"] == 1 and row["y_to_x"] == 1 and row["draw_to_x"] == 1 and row["x_to_unfinished"] == 1
    assert row["unfinished_to_unfinished"] == 1 and row["draw_to_draw"] == 0  # a stopped game is never a draw
    assert row["score_shift"] == pytest.approx((-1 + 0.5 - 0.5 + 1) / 8)
    assert "seeds whose outcome changed: 4 / 8 (winner flipped: 2)" in stats.answer_line(row.to_dict())
    readings = stats.readings_table(_games(a, b), SIDES, ["a", "b"]).set_index("reading")
    assert (readings.loc["a", "draws"], readings.loc["a", "unfinished"], readings.loc["b", "unfinished"]) == (1, 1, 2)
    measures = set(stats.pairs_table(_games(a, b), SIDES, ["a", "b"])["measure"])
    assert {"draw rate", "unfinished rate"} <= measures


def test_stuart_maxwell_on_four_outcomes_is_the_textbook_statistic():
    """d′ S⁻¹ d over the first k − 1 marginal differences (Stuart 1955), exact p by enumeration while small."""
    t = np.array([[50, 3, 2, 1], [5, 40, 1, 0], [0, 2, 30, 4], [1, 0, 0, 20]])
    d = (t.sum(1) - t.sum(0))[:3]
    s = -(t + t.T).astype(float)
    np.fill_diagonal(s, t.sum(1) + t.sum(0) - 2 * np.diag(t))
    statistic, df, _, method = stats.stuart_maxwell(t)
    assert statistic == pytest.approx(d @ np.linalg.inv(s[:3, :3]) @ d) and df == 3 and method == "exact conditional"
    # an outcome no game had (no draws in most of these games) drops out: the 3 × 3 answer, padded, is unchanged
    three = np.array([[40, 6, 2], [3, 30, 5], [1, 2, 9]])
    four = np.zeros((4, 4), int)
    four[np.ix_([0, 1, 3], [0, 1, 3])] = three
    assert stats.stuart_maxwell(four) == pytest.approx(stats.stuart_maxwell(three))


def test_benjamini_hochberg_q_values_and_p_never_printed_as_zero():
    p = np.array([0.01, 0.04, 0.03, 0.2, 0.001])
    # by hand: sorted 0.001, 0.01, 0.03, 0.04, 0.2 → ×5/rank 0.005, 0.025, 0.05, 0.05, 0.2, then running minimum from the top
    assert stats.benjamini_hochberg(p) == pytest.approx([0.025, 0.05, 0.05, 0.2, 0.005])
    assert stats.p_text(0.0) == "p < 1e-300" and stats.p_text(3.2e-15) == "p = 3.2e-15"
    assert stats.p_text(0.0456, "q") == "q = 0.046"


def test_a_player_effect_the_sides_cannot_see_is_tested_by_player():
    """Sides alternating, a reading that helps the first-named player whichever side he takes leaves the sides' table flat."""
    n = 200
    first = np.where(np.arange(n) % 2 == 0, "x", "y")  # the side the first-named player took
    a = np.where(np.arange(n) % 4 < 2, first, np.where(first == "x", "y", "x"))  # half the games each player's
    b = first.copy()  # under b the first-named player wins every game
    games = _games(a, b)
    games["first_player"] = [*first, *first]
    row = stats.omnibus_table(games, SIDES, ["a", "b"]).iloc[0]
    assert row["p"] > 0.5  # the sides' wins do not move
    assert row["player_changed"] == n // 2 and row["player_p"] < 1e-20


def test_pairs_count_discordant_seeds_beside_tango_intervals():
    a = np.array(["x", "x", "x", "draw"])
    b = np.array(["x", "y", "y", "x"])
    games = _games(a, b)
    games.loc[games["reading"] == "b", "plies"] = [12, 10, 14, 8]
    p = stats.pairs_table(games, SIDES, ["a", "b"]).set_index("measure")
    assert (p.loc["x win rate", "a_only"], p.loc["x win rate", "b_only"]) == (2, 1)
    assert (p.loc["y win rate", "a_only"], p.loc["y win rate", "b_only"]) == (0, 2)
    assert p.loc["x win rate", "difference_lo"] <= -0.25 <= p.loc["x win rate", "difference_hi"]
    assert p.loc["x win rate", "interval"] == "Tango score"
    assert p.loc["mean plies", "difference"] == pytest.approx(1.0)
    assert (p.loc["mean plies", "b_only"], p.loc["mean plies", "a_only"]) == (2, 1)


def test_rule_screen_needs_discordance_and_controls_multiplicity():
    rng = np.random.default_rng(1)
    n = 400
    seeds = pd.Index(range(n), name="seed")
    base = pd.DataFrame(rng.poisson(3, size=(n, 40)).astype(float), index=seeds, columns=[f"r{i:02}" for i in range(40)])
    # every rule's count moves on a fifth of the seeds, either way alike
    moves = np.where(rng.random(base.shape) < 0.2, rng.choice([-1.0, 1.0], size=base.shape), 0.0)
    moves[:, 0] += rng.random(n) < 0.3  # r00 really fires more under b
    moves[:, 1] = 0.0
    moves[:6, 1] = 1.0  # r01 fires more on six seeds only: below the minimum discordance, so not screened
    other = base + moves
    info = pd.DataFrame({"rule": base.columns, "summary": "", "certainty": "attested", "cites": ""})
    out = stats.rule_changes({"a": base, "b": other}, info).set_index("rule")
    assert out.loc["r00", "flagged"]
    assert not out.loc["r01", "screened"] and out.loc["r02", "screened"]
    assert out["flagged"].sum() <= 2  # 39 null rules screened: Holm keeps the family-wise error at 5 %
    plain = stats.rule_changes({"a": base, "b": base}, info)
    assert not plain["screened"].any() and not plain["flagged"].any()


@pytest.mark.parametrize(("n", "cols"), [(2, 1), (31, 3), (2000, 1), (4001, 2)])
def test_the_bootstrap_in_batches_draws_what_one_batch_would(n, cols):
    """Batches keep the index matrix small; the intervals must be the published method's to the last bit."""
    from scipy.stats import bootstrap

    diffs = np.random.default_rng(n).normal(size=(n, cols))
    lo, hi = stats.paired_interval(diffs)
    whole = bootstrap(
        (diffs,),
        np.mean,
        axis=0,
        n_resamples=stats.BOOTSTRAP_RESAMPLES,
        confidence_level=stats.CONFIDENCE,
        method="percentile",
        rng=np.random.default_rng(stats.BOOTSTRAP_SEED),
    ).confidence_interval
    assert stats.BOOTSTRAP_BATCH < stats.BOOTSTRAP_RESAMPLES
    assert np.array_equal(lo, whole.low) and np.array_equal(hi, whole.high)
