"""What the published studies may claim: findings by q over the family, confirmed only by a retest on fresh seeds.

The simulations draw paired outcomes with no effect at all (under both
readings each seed's outcome comes from one distribution) and run them
through the same functions the pages use.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from wararchive.study import seeds, stats, verdicts

SIDES = ["x", "y"]
CHANCES = [0.45, 0.40, 0.0, 0.15]  # x wins, y wins, a draw (none: as in most of these games), unfinished


def null_games(rng: np.random.Generator, n: int):
    """Paired games of two readings that change nothing: on a fifth of the seeds the outcome is drawn afresh."""
    import pandas as pd

    outcomes = np.array([*SIDES, "draw", "unfinished"])
    a = rng.choice(outcomes, n, p=CHANCES)
    b = np.where(rng.random(n) < 0.2, rng.choice(outcomes, n, p=CHANCES), a)
    return pd.DataFrame(
        {
            "reading": ["v=a"] * n + ["v=b"] * n,
            "seed": [*range(n)] * 2,
            "winner": [None if o in ("draw", "unfinished") else o for o in [*a, *b]],
            "plies": [10] * (2 * n),
            "lead_changes": [1] * (2 * n),
            "adjudicated": [o == "unfinished" for o in [*a, *b]],
            "setup": ["s"] * (2 * n),
        }
    )


def comparison(games) -> tuple[verdicts.Comparison, list[dict]]:
    """One study's comparison as the family gives it (q = p: a family of one) and its rate differences."""
    o = stats.omnibus_table(games, SIDES, ["v=a", "v=b"]).iloc[0]
    pairs = stats.pairs_table(games, SIDES, ["v=a", "v=b"]).to_dict(orient="records")
    big = verdicts.main_change(pairs)
    c = verdicts.Comparison("r", "v", "v=b", "v=a", float(o["p"]), float(o["p"]), big and big["measure"], verdicts.direction(big))
    return c, pairs


def retest_of(finding: verdicts.Comparison, games) -> bool:
    fresh, pairs = comparison(games)
    sign = verdicts.clear_direction(next((p for p in pairs if p["measure"] == finding.change), None))
    return verdicts.confirmed(finding, fresh.p, sign)


@pytest.mark.parametrize("trials", [400, pytest.param(4000, marks=pytest.mark.slow)])
def test_a_null_effect_is_confirmed_at_most_five_percent_of_the_time(trials):
    rng = np.random.default_rng(20261126)
    found = confirmed = 0
    for _ in range(trials):
        c, _ = comparison(null_games(rng, 300))
        if c.finding:
            found += 1
            confirmed += retest_of(c, null_games(rng, 300))
    assert found / trials < 0.05 + 3 * (0.05 * 0.95 / trials) ** 0.5  # the discovery test keeps its level
    assert confirmed / trials <= 0.05 * 0.05 + 3 * (0.0025 / trials) ** 0.5  # a false finding passes both: rarely
    if trials >= 4000:  # enough findings to bound the share of them the retest passes
        assert confirmed / found <= 0.05 + 3 * (0.05 * 0.95 / found) ** 0.5


def test_the_retest_needs_the_same_direction():
    up = verdicts.Comparison("r", "v", "v=b", "v=a", 1e-6, 1e-4, "x win rate", +1)
    assert verdicts.confirmed(up, 0.001, +1) and not verdicts.confirmed(up, 0.001, -1) and not verdicts.confirmed(up, 0.2, +1)


def test_the_retest_needs_the_named_change_clear_of_zero():
    """Sõjamäng's attack reading in random play: p < 0.05 on the fresh seeds, but light-blue's win rate −0.024
    [−0.051, +0.003] there: no direction, so no confirmation."""
    down = verdicts.Comparison("r", "v", "v=b", "v=a", 1e-6, 1e-4, "light-blue win rate", -1)
    fresh = {"measure": "light-blue win rate", "difference": -0.024, "difference_lo": -0.051, "difference_hi": 0.003}
    assert verdicts.clear_direction(fresh) == 0 and not verdicts.confirmed(down, 0.001, verdicts.clear_direction(fresh))
    clear = fresh | {"difference_hi": -0.002}
    assert verdicts.clear_direction(clear) == -1 and verdicts.confirmed(down, 0.001, verdicts.clear_direction(clear))


def test_the_family_controls_the_false_discovery_rate_across_studies():
    """54 null comparisons, as many as the greedy pairing publishes: p < 0.05 by chance on about 3, q keeps almost none."""
    rng = np.random.default_rng(7)
    summaries = []
    for k in range(54):
        games = null_games(rng, 300)
        omnibus = stats.omnibus_table(games, SIDES, ["v=a", "v=b"]).to_dict(orient="records")
        pairs = stats.pairs_table(games, SIDES, ["v=a", "v=b"]).to_dict(orient="records")
        meta = {"published": {"ruleset": f"r{k}", "option": "v", "default": "v=a"}}
        summaries.append({"meta": meta, "omnibus": omnibus, "pairs": pairs, "rule_changes": []})
    family = verdicts.family(summaries)
    assert len(family) == 54
    raw = sum(c.p < 0.05 for c in family.values())
    kept = sum(c.finding for c in family.values())
    assert kept <= raw and kept <= 1
    sentence = verdicts.chance_sentence(list(family.values()))
    assert "about 2.7 of them would still show p < 0.05 by chance" in sentence and f"; {raw} do." in sentence


def test_the_seed_blocks_do_not_overlap():
    starts = sorted([seeds.DISCOVERY_SEED, seeds.CONFIRMATION_SEED, seeds.EXPLORATION_SEED])
    assert all(b - a >= seeds.BLOCK for a, b in itertools.pairwise(starts))
