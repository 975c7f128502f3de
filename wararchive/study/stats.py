"""The statistics of a study: per reading, and per pair of readings on the same seeds.

A game has one of four outcomes: either side wins, a draw by the rules
(only chess and Sõjamäng define one), or *unfinished*: stopped by the
project's ply limit, with no result. An unfinished game is never counted as
a draw.

Per reading: win, draw and unfinished rates with Wilson 95 % intervals, game
length, and game metrics after Ludii's *Metrics* module, for two players:
*balance* = 1 − |win rate of one side − win rate of the other|,
*drawishness* = share of draws by the rules, *timeouts* = share unfinished.
*decisiveness* here is the share of games won by a rule of the game; Ludii's
own Decisiveness (how
early the eventual winner is settled) needs a position evaluation these
rulebooks do not give, so it is not computed.

Per pair of readings the games of one seed are a matched pair. Most seeds
usually end alike under both readings, and the statistics are chosen to stay
honest when only a handful differ:

* **one omnibus answer first** (:func:`omnibus_table`): how many seeds
  changed their outcome and how many flipped the winner, the 4 × 4
  cross-table of outcomes, and *one* test of it: Stuart–Maxwell's test of
  marginal homogeneity, exact (conditional on the discordant pairs, each
  equally likely either way under the null) while the enumeration is small,
  its χ² approximation beyond. Whether an answer holds is a question for
  fresh seeds (:mod:`wararchive.study.verdicts`);
* **intervals for the paired differences of rates** (:func:`pairs_table`):
  Tango's asymptotic score interval, which keeps its coverage when few
  pairs are discordant (Fagerland, Lydersen & Laake 2013), with the
  discordant counts beside it; no per-outcome tests (four correlated tests
  at 95 % invite a false finding);
* **the rules that fired more or less** (:func:`rule_changes`): an exact
  sign test per rule on the seeds where its count differs, only for rules
  with at least :data:`MIN_DISCORDANT` such seeds, Holm-adjusted within
  each pair of readings (family-wise error 5 %). Selecting by the number of
  discordant seeds keeps the sign tests valid: under the null, that number
  says nothing about which way the seeds split.

Game length keeps a paired percentile bootstrap interval (fixed random seed,
so the tables reproduce), with the number of seeds whose length changed
beside it.
"""

from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

import numpy as np
import pandas as pd

from ..engine.common import DRAW, UNFINISHED

CONFIDENCE = 0.95
ALPHA = 1 - CONFIDENCE
BOOTSTRAP_SEED = 20_261_123
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_BATCH = 100  # resamples drawn at once: the same draws as all at once, without a 2000 × seeds index matrix
MIN_DISCORDANT = 10  # a rule is screened only if its firing count differs on at least this many seeds
EXACT_LIMIT = 2_000_000  # Stuart–Maxwell is exact while the conditional enumeration has at most this many tables
SCREEN = "Holm"  # the multiplicity control of the rule screen, named wherever the screen is shown


def _scipy_stats():
    """``scipy.stats``, imported on first use: the import costs a second on every site rebuild, studied or not."""
    from scipy import stats

    return stats


Z = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval: ``scipy.special.ndtri(0.975)``, to the last bit."""


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson score interval of k successes in n trials.

    SciPy's ``binomtest(k, n).proportion_ci(method="wilson")`` step for
    step (Newcombe 1998), the same floats to the last bit (a test checks
    every k of every n up to 500), without the binomial test's p-value that
    ``binomtest`` computes first: a study asks for hundreds of intervals,
    and that search was most of their cost.
    """
    if not 0 <= k <= n or n < 1:
        raise ValueError(f"a Wilson interval needs 0 <= k <= n and n >= 1, not k = {k}, n = {n}")
    p = k / n
    denom = 2 * (n + Z**2)
    center = (2 * n * p + Z**2) / denom
    delta = Z / denom * math.sqrt(4 * n * p * (1 - p) + Z**2)
    return (0.0 if k == 0 else float(center - delta)), (1.0 if k == n else float(center + delta))


def wilson_score(share: float, n: int, z: float = Z) -> tuple[float, float]:
    """Wilson's 95 % interval of a mean score in 0…1 over ``n`` games (halves for games with no winner), in closed form.

    :func:`wilson` counts whole successes; a score with halves is read as a share, as the players' benchmarks read it.
    """
    if n == 0:
        return 0.0, 1.0
    centre = share + z * z / (2 * n)
    spread = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    return max(0.0, (centre - spread) / (1 + z * z / n)), min(1.0, (centre + spread) / (1 + z * z / n))


@functools.cache
def sign_test(more: int, fewer: int) -> float:
    """Exact two-sided sign test (a binomial test at ½) of the seeds that went one way or the other.

    Kept per pair of counts: a study's rule screens ask again and again for the same few small counts.
    """
    n = more + fewer
    return 1.0 if n == 0 else float(_scipy_stats().binomtest(more, n, 0.5).pvalue)


def tango(b_only, a_only, n, confidence: float = CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """Tango's score interval for a paired difference of proportions, ``(b_only − a_only) / n``; vectorised.

    ``b_only`` counts the pairs with the outcome under b only, ``a_only``
    under a only. The limits solve Tango's score statistic = ±z, found by
    bisection (the statistic decreases in the difference), to 1e-10.
    """
    b, a, n = np.broadcast_arrays(*(np.asarray(x, dtype=float) for x in (b_only, a_only, n)))
    z = _scipy_stats().norm.ppf(0.5 + confidence / 2)
    est = (b - a) / n

    def score(delta: np.ndarray) -> np.ndarray:
        big_b = -b - a + (2 * n - b + a) * delta
        c = -a * delta * (1 - delta)
        p21 = (np.sqrt(big_b**2 - 8 * n * c) - big_b) / (4 * n)  # constrained MLE of the a-only cell
        with np.errstate(divide="ignore", invalid="ignore"):
            return (b - a - n * delta) / np.sqrt(n * (2 * p21 + delta * (1 - delta)))

    def solve(lo: np.ndarray, hi: np.ndarray, target: float) -> np.ndarray:
        for _ in range(40):
            mid = (lo + hi) / 2
            above = score(mid) > target  # the root lies above mid
            lo, hi = np.where(above, mid, lo), np.where(above, hi, mid)
        return (lo + hi) / 2

    lower = np.where(est <= -1, -1.0, solve(np.full_like(est, -1.0), est, z))
    upper = np.where(est >= 1, 1.0, solve(est, np.full_like(est, 1.0), -z))
    return lower, upper


def stuart_maxwell(table: np.ndarray) -> tuple[float, int, float, str]:
    """Stuart–Maxwell's test of marginal homogeneity of a k × k paired table: statistic, df, p-value, method.

    Given the discordant totals ``t_ij = n_ij + n_ji``, the null makes each
    ``n_ij`` Binomial(t_ij, ½), independently: while that enumeration has at
    most :data:`EXACT_LIMIT` tables, the p-value is exact (the probability
    of a statistic at least as large); beyond it, χ² with the covariance's
    rank as degrees of freedom. A pair of outcomes never swapped, or an
    outcome no game had, contributes nothing (fewer degrees of freedom).

    The statistic is computed in whole numbers (``_quadratic_form``), not
    through a floating-point pseudo-inverse: its last bits then depend on no
    BLAS library, so every processor publishes the same table, and a table
    of the enumeration ties the observed one exactly or not at all.
    """
    t = np.asarray(table, dtype=np.int64)
    k = len(t)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    totals = [int(t[i, j] + t[j, i]) for i, j in pairs]
    # each pair moves the first k − 1 marginal differences d_i = n_i. − n_.i by x = n_ij − n_ji: +x to d_i, −x to d_j
    coef = np.zeros((len(pairs), k - 1), np.int64)
    for p, (i, j) in enumerate(pairs):
        if i < k - 1:
            coef[p, i] = 1
        if j < k - 1:
            coef[p, j] = -1
    weighted = [[totals[p] * int(c) for c in coef[p]] for p in range(len(pairs))]
    cov = [[sum(w[a] * int(c[b]) for w, c in zip(weighted, coef, strict=True)) for b in range(k - 1)] for a in range(k - 1)]
    form = _quadratic_form(cov)
    if form is None:
        return 0.0, 0, 1.0, "no discordant seeds"
    keep, scaled, scale = form
    df = len(keep)
    observed_d = [sum((int(t[i, j]) - int(t[j, i])) * int(coef[p, a]) for p, (i, j) in enumerate(pairs)) for a in keep]
    observed = sum(x * scaled[a][b] * y for a, x in enumerate(observed_d) for b, y in enumerate(observed_d))
    statistic = observed / scale  # two whole numbers: the quotient is correctly rounded, the same everywhere
    if math.prod(n + 1 for n in totals) > EXACT_LIMIT:
        return statistic, df, float(_scipy_stats().chi2.sf(statistic, df)), "χ² approximation"
    binom = _scipy_stats().binom
    live = [p for p in range(len(pairs)) if totals[p] > 0]  # a pair never swapped is 0 on every table
    axes = [np.arange(totals[p] + 1, dtype=np.int64) for p in live]
    grids = np.meshgrid(*axes, indexing="ij", sparse=True)  # open axes: each pair's probabilities computed once a count
    shape = tuple(len(a) for a in axes)
    # |d_a| ≤ Σ t, so |form| ≤ df² · max|scaled| · (Σ t)²: whole numbers of the machine while that fits, Python's beyond
    bound = df * df * max(abs(v) for row in scaled for v in row) * sum(totals) ** 2
    kind = np.int64 if bound < 2**62 else object
    d = np.zeros((*shape, df), kind)
    prob = np.ones(shape)
    for g, p in zip(grids, live, strict=True):
        d += (2 * g - totals[p])[..., None].astype(kind) * coef[p, keep].astype(kind)
        prob *= binom.pmf(g, totals[p], 0.5)
    forms = np.einsum("...i,ij,...j->...", d, np.array(scaled, dtype=kind), d)
    p_value = float(prob[forms >= observed].sum())
    return statistic, df, min(1.0, p_value), "exact conditional"


def _quadratic_form(cov: list[list[int]]) -> tuple[list[int], list[list[int]], int] | None:
    """For a whole-number covariance of rank r > 0: r indices whose block is invertible, and that block's inverse as
    whole numbers over one denominator (the inverse times ``scale``), with ``scale``; None for rank 0.

    For a positive semi-definite matrix and a vector in its range (the
    marginal differences always are), the pseudo-inverse's quadratic form
    equals the inverse's of any invertible block of full rank, read on the
    block's indices; over one denominator it is a ratio of two whole numbers.
    The indices are taken in order, each kept if the block stays invertible
    with it: the blocks grow, so the last inverse found is the final block's.
    """
    keep: list[int] = []
    inverse = None
    for a in range(len(cov)):
        tried = _inverse([[Fraction(cov[i][j]) for j in [*keep, a]] for i in [*keep, a]])
        if tried is not None:
            keep, inverse = [*keep, a], tried
    if inverse is None:
        return None
    scale = math.lcm(*(v.denominator for row in inverse for v in row))
    return keep, [[int(v * scale) for v in row] for row in inverse], scale


def _inverse(m: list[list[Fraction]]) -> list[list[Fraction]] | None:
    """The inverse of a small matrix of fractions by Gauss–Jordan elimination, or None if it is singular."""
    n = len(m)
    a = [[*row, *(Fraction(int(i == j)) for j in range(n))] for i, row in enumerate(m)]
    for c in range(n):
        pivot = next((r for r in range(c, n) if a[r][c] != 0), None)
        if pivot is None:
            return None
        a[c], a[pivot] = a[pivot], a[c]
        a[c] = [x / a[c][c] for x in a[c]]
        for r in range(n):
            if r != c and a[r][c] != 0:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[n:] for row in a]


def holm(pvalues) -> np.ndarray:
    """Holm's step-down adjusted p-values (family-wise error control), in the input's order."""
    p = np.asarray(pvalues, dtype=float)
    m = len(p)
    if m == 0:
        return p
    order = np.argsort(p, kind="stable")
    adjusted = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * p[order]))
    out = np.empty(m)
    out[order] = adjusted
    return out


def benjamini_hochberg(pvalues) -> np.ndarray:
    """Benjamini–Hochberg q-values (false discovery rate control), in the input's order.

    A comparison with q < 0.05 is one of a set of findings among which, if
    every reading changed nothing, the expected share of false ones is at
    most 5 %; it is the control for a page of many comparisons read together.
    """
    p = np.asarray(pvalues, dtype=float)
    m = len(p)
    if m == 0:
        return p
    order = np.argsort(p, kind="stable")
    ranked = p[order] * m / np.arange(1, m + 1)
    q = np.minimum(1.0, np.minimum.accumulate(ranked[::-1])[::-1])
    out = np.empty(m)
    out[order] = q
    return out


P_FLOOR = 1e-300
"""Below this a p-value is printed as a bound: a float's tail underflows to 0, and "p = 0" would claim certainty."""


def p_text(p: float, name: str = "p") -> str:
    """A p- or q-value as the pages and the command line print it: two significant digits, or ``< 1e-300``; never 0."""
    return f"{name} < {P_FLOOR:.0e}" if p < P_FLOOR else f"{name} = {p:.2g}"


def paired_interval(diffs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bootstrap interval of the mean of each column of ``diffs`` (rows: seeds)."""
    diffs = np.asarray(diffs, dtype=float)
    if diffs.ndim == 1:
        diffs = diffs[:, None]
    lo, hi = diffs.mean(axis=0), diffs.mean(axis=0)
    varying = diffs.min(axis=0) != diffs.max(axis=0)  # a constant column's interval is its value
    if varying.any() and len(diffs) > 1:
        res = _scipy_stats().bootstrap(
            (diffs[:, varying],),
            np.mean,
            axis=0,
            n_resamples=BOOTSTRAP_RESAMPLES,
            confidence_level=CONFIDENCE,
            method="percentile",
            rng=np.random.default_rng(BOOTSTRAP_SEED),
            batch=BOOTSTRAP_BATCH,
        )
        lo[varying], hi[varying] = res.confidence_interval.low, res.confidence_interval.high
    return lo, hi


def mean_interval(values) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of one sample (game lengths).

    The resampling of :func:`paired_interval`, whose paired differences are
    one sample too: a mean length and a change of length get the same kind of
    interval, with the same fixed random seed, so a page reproduces.
    """
    lo, hi = paired_interval(np.asarray(values, dtype=float))
    return float(lo[0]), float(hi[0])


def balance_interval(first: int, second: int, n: int) -> tuple[float, float]:
    """95 % interval of *balance*, 1 − |p₁ − p₂|, from ``first`` and ``second`` side wins in ``n`` games.

    The two sides' wins and the rest are one trinomial sample, the structure
    of a paired design's discordant cells, so Tango's score interval
    (:func:`tango`) bounds p₁ − p₂; balance, a function of it, lies in the
    image of that interval, which is the interval given (0 inside it puts
    its upper end at 1).
    """
    lo, hi = (float(x[0]) for x in tango([first], [second], n))
    near, far = (0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))), max(abs(lo), abs(hi))
    return 1 - far, 1 - near


OUTCOMES = (DRAW, UNFINISHED)
"""The results beside the sides' wins: a draw by the rules, and a game the project's ply limit stopped (no result)."""


def _outcome(games: pd.DataFrame) -> pd.Series:
    """Each game's outcome (:func:`wararchive.engine.outcome`): a side, ``draw`` or ``unfinished``."""
    return games["winner"].fillna(DRAW).where(~games["adjudicated"].astype(bool), UNFINISHED)


def readings_table(games: pd.DataFrame, sides: list[str], order: list[str]) -> pd.DataFrame:
    """One row per reading: results with intervals, length, lead changes and Ludii's metrics.

    With a ``first_player`` column (the side the first-named player took),
    also the first-named player's wins, which differ from a side's when the
    study alternated sides.
    """
    rows = []
    for label in order:
        g = games[games["reading"] == label]
        n = len(g)
        result = _outcome(g)
        row: dict[str, object] = {"reading": label, "games": n}
        counts = {o: int((result == o).sum()) for o in [*sides, *OUTCOMES]}
        if "first_player" in g:
            counts["player1"] = int((result == g["first_player"]).sum())
        for o, k in counts.items():
            lo, hi = wilson(k, n)
            key = {DRAW: "draws", UNFINISHED: "unfinished"}.get(o, f"{o}_wins")
            row |= {key: k, f"{key}_rate": k / n, f"{key}_lo": lo, f"{key}_hi": hi}
        rates = [row[f"{s}_wins_rate"] for s in sides]
        row |= {
            "mean_plies": float(g["plies"].mean()),
            "median_plies": float(g["plies"].median()),
            "mean_lead_changes": float(g["lead_changes"].mean()),
            "decisiveness": float((~result.isin(OUTCOMES)).mean()),
            "drawishness": row["draws_rate"],
            "timeouts": row["unfinished_rate"],
            "balance": 1 - (max(rates) - min(rates)),  # type: ignore[type-var,operator]
        }
        rows.append(row)
    return pd.DataFrame(rows)


def _paired(games: pd.DataFrame, a: str, b: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The games of readings a and b, aligned seed by seed."""
    ga = games[games["reading"] == a].set_index("seed").sort_index()
    gb = games[games["reading"] == b].set_index("seed").sort_index()
    return ga, gb.loc[ga.index]


def pairs_table(games: pd.DataFrame, sides: list[str], order: list[str]) -> pd.DataFrame:
    """Per pair of readings and per measure: paired difference (b − a) and its interval, discordant counts beside.

    Rates get Tango's score interval; ``a_only`` counts the seeds whose
    outcome is the measure under a but not under b, ``b_only`` the reverse.
    Mean plies gets a paired bootstrap interval; its ``a_only`` / ``b_only``
    count the seeds that were longer under a / under b. ``same_setup`` is the
    share of seeds whose starting armies were identical under both readings:
    1.0 unless a reading changes the armies, then the pairing is by seed only.
    """
    rows = []
    measures = [*sides, *OUTCOMES]
    for a, b in itertools.combinations(order, 2):
        ga, gb = _paired(games, a, b)
        n = len(ga)
        ra, rb = _outcome(ga).to_numpy(), _outcome(gb).to_numpy()
        same = float((ga["setup"].to_numpy() == gb["setup"].to_numpy()).mean())
        base = {"reading_a": a, "reading_b": b, "games": n, "same_setup": same}
        a_only = np.array([((ra == m) & (rb != m)).sum() for m in measures])
        b_only = np.array([((rb == m) & (ra != m)).sum() for m in measures])
        lo, hi = tango(b_only, a_only, n)
        for i, m in enumerate(measures):
            rows.append(
                base
                | {
                    "measure": f"{m} rate" if m in OUTCOMES else f"{m} win rate",
                    "value_a": float((ra == m).mean()),
                    "value_b": float((rb == m).mean()),
                    "difference": float((b_only[i] - a_only[i]) / n),
                    "difference_lo": float(lo[i]),
                    "difference_hi": float(hi[i]),
                    "interval": "Tango score",
                    "a_only": int(a_only[i]),
                    "b_only": int(b_only[i]),
                }
            )
        pa, pb = ga["plies"].to_numpy(), gb["plies"].to_numpy()
        plo, phi = paired_interval(pb - pa)
        rows.append(
            base
            | {
                "measure": "mean plies",
                "value_a": float(pa.mean()),
                "value_b": float(pb.mean()),
                "difference": float((pb - pa).mean()),
                "difference_lo": float(plo[0]),
                "difference_hi": float(phi[0]),
                "interval": "paired bootstrap",
                "a_only": int((pa > pb).sum()),
                "b_only": int((pb > pa).sum()),
            }
        )
    return pd.DataFrame(rows)


def _answer(ra: np.ndarray, rb: np.ndarray, sides: list[str]) -> dict[str, object]:
    """The omnibus answer on these paired results: changed, flipped, the cross-table, Stuart–Maxwell, the score shift."""
    outcomes = [*sides, *OUTCOMES]
    table = np.array([[int(((ra == x) & (rb == y)).sum()) for y in outcomes] for x in outcomes])
    statistic, df, p, method = stuart_maxwell(table)
    score = {sides[0]: 1.0, sides[1]: 0.0, DRAW: 0.5, UNFINISHED: 0.5}  # the first side's: win 1, loss 0, neither won ½
    shift = np.vectorize(score.get)(rb) - np.vectorize(score.get)(ra) if len(ra) else np.zeros(0)
    return {
        "games": len(ra),
        "changed": int((ra != rb).sum()),
        "flipped": int(((ra != rb) & ~np.isin(ra, OUTCOMES) & ~np.isin(rb, OUTCOMES)).sum()),
        "table": table,
        "statistic": statistic,
        "df": df,
        "p": p,
        "method": method,
        "score_shift": float(shift.mean()) if len(shift) else 0.0,
    }


def omnibus_table(games: pd.DataFrame, sides: list[str], order: list[str]) -> pd.DataFrame:
    """Per pair of readings, the one answer to read first.

    ``changed``: seeds whose outcome (either side's win, a draw by the
    rules, or unfinished at the project's ply limit) differs; ``flipped``: of
    them, seeds won by one side under a and by the other under b; ``x_to_y``:
    the 4 × 4 cross-table (outcome under a → under b); ``p``:
    Stuart–Maxwell's test that the readings give the same spread of
    outcomes. Where two different players changed sides (an alternating
    study), the same test asks of the players' outcomes whether a reading
    changes which *player* wins (``player_changed``, ``player_p``): with
    the sides alternating, a reading that helps one player can leave the
    sides' table unmoved. ``score_shift``: the mean change (b − a) of the first side's
    score (win 1, loss 0, ½ where neither side won). Whether a change holds
    is asked of fresh seeds, not of halves of these
    (:mod:`wararchive.study.verdicts`): under no effect, the halves of a
    false finding agree most of the time.
    """
    outcomes = [*sides, *OUTCOMES]
    rows = []
    for a, b in itertools.combinations(order, 2):
        ga, gb = _paired(games, a, b)
        ra, rb = _outcome(ga).to_numpy(), _outcome(gb).to_numpy()
        full = _answer(ra, rb, sides)
        row: dict[str, object] = {"reading_a": a, "reading_b": b}
        row |= {k: v for k, v in full.items() if k != "table"}
        row |= {f"{x}_to_{y}": int(full["table"][i, j]) for i, x in enumerate(outcomes) for j, y in enumerate(outcomes)}  # type: ignore[index]
        if "first_player" in ga and ga["first_player"].nunique() > 1:  # two players who changed sides
            pa, pb = _by_player(ga, ra), _by_player(gb, rb)
            players = _answer(pa, pb, list(PLAYERS))
            row |= {"player_changed": players["changed"], "player_p": players["p"], "player_method": players["method"]}
        rows.append(row)
    return pd.DataFrame(rows)


PLAYERS = ("player1", "player2")
"""A game's outcome by player when the players changed sides: the first- or second-named player won (or a draw, unfinished)."""


def _by_player(games: pd.DataFrame, result: np.ndarray) -> np.ndarray:
    """``result`` (sides) as the players' outcomes: ``player1`` where the first-named player won, else ``player2``."""
    first = games["first_player"].to_numpy()
    won = ~np.isin(result, OUTCOMES)
    return np.where(won & (result == first), PLAYERS[0], np.where(won, PLAYERS[1], result))


def player_tested(row: dict[str, object]) -> bool:
    """Whether an omnibus row carries the players' test: only where two players changed sides (else absent, NaN or null)."""
    p = row.get("player_p")
    return p is not None and p == p  # NaN in a table where other rows have it


def answer_line(row: dict[str, object], q: float | None = None) -> str:
    """The omnibus answer of one pair, in one line (with its q over a family, when given)."""
    line = (
        f"seeds whose outcome changed: {row['changed']} / {row['games']} (winner flipped: {row['flipped']}); "
        f"Stuart–Maxwell {p_text(float(row['p']))} ({row['method']})"  # type: ignore[arg-type]
    )
    if q is not None:
        line += f", {p_text(q, 'q')}"
    if player_tested(row):
        line += f"; by player: {row['player_changed']} seeds changed, {p_text(float(row['player_p']))}"  # type: ignore[arg-type]
    return line


def fired_matrices(fired: pd.DataFrame, games: pd.DataFrame, order: list[str]) -> dict[str, pd.DataFrame]:
    """Per reading, seeds × rules: how often each rule fired in each game (0 when it never did)."""
    rules = sorted(fired["rule"].unique())
    counts = fired.groupby(["reading", "seed", "rule"])["count"].sum().unstack("rule", fill_value=0)
    out = {}
    for label in order:
        seeds = pd.Index(games.loc[games["reading"] == label, "seed"].sort_values(), name="seed")
        m = counts.xs(label, level="reading") if label in counts.index.get_level_values("reading") else counts.iloc[:0]
        out[label] = m.reindex(index=seeds, columns=rules, fill_value=0).astype(float)
    return out


def rules_table(matrices: dict[str, pd.DataFrame], rule_info: pd.DataFrame) -> pd.DataFrame:
    """Per reading and rule: mean firings per game and the share of games in which it fired."""
    parts = [
        pd.DataFrame(
            {"reading": label, "rule": m.columns, "per_game": m.mean().to_numpy(), "games_share": (m > 0).mean().to_numpy()}
        )
        for label, m in matrices.items()
    ]
    return _with_rule_info(pd.concat(parts, ignore_index=True), rule_info)


def rule_changes(matrices: dict[str, pd.DataFrame], rule_info: pd.DataFrame) -> pd.DataFrame:
    """Per pair of readings and rule: the firing screen (see the module's docstring).

    ``seeds_more`` / ``seeds_fewer``: seeds on which the rule fired more /
    fewer times under b than under a; ``screened``: at least
    :data:`MIN_DISCORDANT` such seeds; ``p``: the exact sign test;
    ``p_holm``: Holm-adjusted over the screened rules of the pair;
    ``flagged``: ``p_holm`` < 0.05. Across the studies published together,
    :mod:`wararchive.study.verdicts` adds Benjamini–Hochberg q-values.
    """
    parts = []
    for a, b in itertools.combinations(matrices, 2):
        ma, mb = matrices[a], matrices[b]
        diffs = mb.to_numpy() - ma.loc[mb.index].to_numpy()
        more, fewer = (diffs > 0).sum(axis=0), (diffs < 0).sum(axis=0)
        screened = more + fewer >= MIN_DISCORDANT
        p = np.array([sign_test(int(x), int(y)) for x, y in zip(more, fewer, strict=True)])
        adjusted = np.full(len(p), np.nan)
        adjusted[screened] = holm(p[screened])
        parts.append(
            pd.DataFrame(
                {
                    "reading_a": a,
                    "reading_b": b,
                    "rule": ma.columns,
                    "per_game_a": ma.mean().to_numpy(),
                    "per_game_b": mb.mean().to_numpy(),
                    "difference": diffs.mean(axis=0),
                    "seeds_more": more,
                    "seeds_fewer": fewer,
                    "screened": screened,
                    "p": p,
                    "p_holm": adjusted,
                    "flagged": screened & (np.nan_to_num(adjusted, nan=1.0) < ALPHA),
                }
            )
        )
    return _with_rule_info(pd.concat(parts, ignore_index=True), rule_info)


def _with_rule_info(df: pd.DataFrame, rule_info: pd.DataFrame) -> pd.DataFrame:
    """Each rule's certainty and cited passages beside its numbers, so a reader can check the text."""
    return df.merge(rule_info, on="rule", how="left")


def survival_table(pieces: pd.DataFrame, order: list[str]) -> pd.DataFrame:
    """Per reading, side and piece: how many started, and the share still on the board at the end."""
    g = pieces.groupby(["reading", "side", "piece"], sort=False)[["start", "end"]].sum().reset_index()
    g["survival"] = g["end"] / g["start"]
    g["reading"] = pd.Categorical(g["reading"], categories=order, ordered=True)
    out = g.sort_values(["reading", "side", "piece"], kind="stable").reset_index(drop=True)
    out["reading"] = out["reading"].astype(str)
    return out
