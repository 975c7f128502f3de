"""The statistics of a study: per reading, and per pair of readings on the same seeds.

Per reading: win and draw rates with Wilson 95 % intervals, game length, and
game metrics after Ludii's *Metrics* module, for two players:
*balance* = 1 − |win rate of one side − win rate of the other|,
*drawishness* = share of draws, *timeouts* = share adjudicated at the
project's ply limit. *decisiveness* here is the share of games won by a rule
of the game (neither drawn nor adjudicated); Ludii's own Decisiveness (how
early the eventual winner is settled) needs a position evaluation these
rulebooks do not give, so it is not computed.

Per pair: the games of one seed under two readings are a matched pair, so
a change of outcome is judged on the discordant pairs only, by the exact
McNemar test (a binomial test of the discordant counts against 1:1), and
differences of means get a paired bootstrap interval over seeds, with a
fixed random seed so that the tables reproduce.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd

CONFIDENCE = 0.95
BOOTSTRAP_SEED = 20_261_123
BOOTSTRAP_RESAMPLES = 2000


def _scipy_stats():
    """``scipy.stats``, imported on first use: the import costs a second on every site rebuild, studied or not."""
    from scipy import stats

    return stats


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson score interval of k successes in n trials."""
    ci = _scipy_stats().binomtest(k, n).proportion_ci(confidence_level=CONFIDENCE, method="wilson")
    return float(ci.low), float(ci.high)


def mcnemar(a_only: int, b_only: int) -> float:
    """Exact McNemar p-value (two-sided) from the two discordant counts."""
    n = a_only + b_only
    return 1.0 if n == 0 else float(_scipy_stats().binomtest(a_only, n, 0.5).pvalue)


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
        )
        lo[varying], hi[varying] = res.confidence_interval.low, res.confidence_interval.high
    return lo, hi


def _outcome(games: pd.DataFrame) -> pd.Series:
    return games["winner"].fillna("draw")


def readings_table(games: pd.DataFrame, sides: list[str], order: list[str]) -> pd.DataFrame:
    """One row per reading: results with intervals, length and Ludii's metrics."""
    rows = []
    for label in order:
        g = games[games["reading"] == label]
        n = len(g)
        result = _outcome(g)
        row: dict[str, object] = {"reading": label, "games": n}
        for o in [*sides, "draw"]:
            k = int((result == o).sum())
            lo, hi = wilson(k, n)
            key = "draws" if o == "draw" else f"{o}_wins"
            row |= {key: k, f"{key}_rate": k / n, f"{key}_lo": lo, f"{key}_hi": hi}
        rates = [row[f"{s}_wins_rate"] for s in sides]
        row |= {
            "mean_plies": float(g["plies"].mean()),
            "median_plies": float(g["plies"].median()),
            "decisiveness": float(((result != "draw") & ~g["adjudicated"]).mean()),
            "drawishness": row["draws_rate"],
            "timeouts": float(g["adjudicated"].mean()),
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
    """Per pair of readings and per measure: paired difference (b − a), its interval, McNemar's test.

    ``a_only`` counts the seeds whose outcome is the measure under a but not
    under b; ``b_only`` the reverse. ``same_setup`` is the share of seeds
    whose starting armies were identical under both readings: 1.0 unless a
    reading changes the armies, in which case the pairing is by seed only.
    """
    rows = []
    for a, b in itertools.combinations(order, 2):
        ga, gb = _paired(games, a, b)
        ra, rb = _outcome(ga).to_numpy(), _outcome(gb).to_numpy()
        same = float((ga["setup"].to_numpy() == gb["setup"].to_numpy()).mean())
        base = {"reading_a": a, "reading_b": b, "games": len(ga), "same_setup": same}
        measures = [*sides, "draw"]
        diffs = np.column_stack(
            [(rb == m).astype(float) - (ra == m) for m in measures] + [gb["plies"].to_numpy() - ga["plies"].to_numpy()]
        )
        lo, hi = paired_interval(diffs)
        for i, m in enumerate(measures):
            a_only, b_only = int(((ra == m) & (rb != m)).sum()), int(((rb == m) & (ra != m)).sum())
            rows.append(
                base
                | {
                    "measure": "draw rate" if m == "draw" else f"{m} win rate",
                    "value_a": float((ra == m).mean()),
                    "value_b": float((rb == m).mean()),
                    "difference": float(diffs[:, i].mean()),
                    "difference_lo": float(lo[i]),
                    "difference_hi": float(hi[i]),
                    "a_only": a_only,
                    "b_only": b_only,
                    "mcnemar_p": mcnemar(a_only, b_only),
                }
            )
        rows.append(
            base
            | {
                "measure": "mean plies",
                "value_a": float(ga["plies"].mean()),
                "value_b": float(gb["plies"].mean()),
                "difference": float(diffs[:, -1].mean()),
                "difference_lo": float(lo[-1]),
                "difference_hi": float(hi[-1]),
                "a_only": math.nan,
                "b_only": math.nan,
                "mcnemar_p": math.nan,
            }
        )
    return pd.DataFrame(rows)


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
    """Per pair of readings and rule: paired difference (b − a) of firings per game, with its interval."""
    parts = []
    for a, b in itertools.combinations(matrices, 2):
        ma, mb = matrices[a], matrices[b]
        diffs = mb.to_numpy() - ma.loc[mb.index].to_numpy()
        lo, hi = paired_interval(diffs) if diffs.shape[1] else ([], [])
        parts.append(
            pd.DataFrame(
                {
                    "reading_a": a,
                    "reading_b": b,
                    "rule": ma.columns,
                    "per_game_a": ma.mean().to_numpy(),
                    "per_game_b": mb.mean().to_numpy(),
                    "difference": diffs.mean(axis=0),
                    "difference_lo": lo,
                    "difference_hi": hi,
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
