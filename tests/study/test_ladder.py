"""The strength ladder (wararchive.study.ladder): its games, its Bradley–Terry ratings, and its command."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fuzzing import cli

from wararchive.study import ladder
from wararchive.study.seeds import LADDER_SEED

PLAYERS = ("random", "greedy", "strong")


def test_bradley_terry_recovers_known_strengths():
    truth = np.array([0.0, 1.0, 2.5])  # log-strengths
    met = np.full((3, 3), 100_000.0) - np.diag([100_000.0] * 3)
    p = 1 / (1 + np.exp(truth[None, :] - truth[:, None]))  # P(i beats j)
    won = met * p
    np.testing.assert_allclose(ladder.bradley_terry(won, met), truth, atol=1e-3)


def test_a_player_who_never_scored_keeps_a_finite_rating_below_the_others():
    met = np.array([[0, 10, 10], [10, 0, 10], [10, 10, 0]], float)
    won = np.array([[0, 0, 0], [10, 0, 5], [10, 5, 0]], float)
    theta = ladder.bradley_terry(won, met)
    assert np.isfinite(theta).all() and theta[0] == 0 and theta[1] == pytest.approx(theta[2]) and theta[1] > 2


def test_ratings_intervals_cover_the_estimate_and_are_reproducible():
    games = pd.DataFrame(
        {"first": ["random"] * 20 + ["greedy"] * 20, "second": ["greedy"] * 20 + ["random"] * 20}
        | {"score_first": [0.0] * 17 + [0.5] * 2 + [1.0] + [1.0] * 18 + [0.5, 0.0]}
    )
    r = ladder.ratings(("random", "greedy"), games, resamples=500)
    again = ladder.ratings(("random", "greedy"), games, resamples=500)
    pd.testing.assert_frame_equal(r, again)
    top = r.iloc[0]
    assert top.player == "greedy" and top.rating_lo <= top.rating <= top.rating_hi and top.games == 40
    assert top.score == pytest.approx(36.5 / 40)  # greedy: 18 of 20 as second (random 2), 18.5 of 20 as first
    assert r.iloc[1].player == "random" and r.iloc[1].rating == 0


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    root = tmp_path_factory.mktemp("studies")
    ladder.publish(root, ["spionaaz"], games=4, players=PLAYERS, workers=1, progress=False)
    return root


def test_every_pair_meets_on_the_same_fresh_seeds_sides_alternating(published):
    tables, meta = ladder.load(published, "spionaaz")
    games = tables["games"]
    assert len(games) == 3 * 4 and meta["design"] == {
        "ruleset": "spionaaz",
        "players": list(PLAYERS),
        "games": 4,
        "seed": LADDER_SEED,
    }
    for _, g in games.groupby(["first", "second"]):
        assert list(g["seed"]) == list(range(LADDER_SEED, LADDER_SEED + 4))
        assert list(g["first_side"]) == ["south", "north"] * 2 or list(g["first_side"]) == ["north", "south"] * 2
    # a win scores 1 to the winner, a game with no winner ½
    expected = np.where(games["winner"].isna(), 0.5, (games["winner"] == games["first_side"]).astype(float))
    np.testing.assert_array_equal(games["score_first"], expected)
    assert set(tables["ratings"]["player"]) == set(PLAYERS)
    assert (tables["pairings"]["games"] == 4).all()


def test_a_current_ladder_is_kept_and_a_new_analysis_rates_the_saved_games_again(published, monkeypatch):
    def no_games(*a, **k):
        raise AssertionError("a game was played again")

    monkeypatch.setattr("wararchive.study.run.play_seeds", no_games)
    assert ladder.publish(published, ["spionaaz"], games=4, players=PLAYERS, workers=1, progress=False) == []
    monkeypatch.setattr(ladder, "ANALYSIS", "another analysis")
    again = ladder.publish(published, ["spionaaz"], games=4, players=PLAYERS, workers=1, progress=False)
    assert again == [ladder.folder(published, "spionaaz")]
    tables, meta = ladder.load(published, "spionaaz")
    assert meta["analysis"] == "another analysis" and len(tables["games"]) == 12


def test_the_command_refuses_a_ladder_of_one_player_in_one_line():
    outcome = cli("ladder", "--players", "greedy,greedy", "--ruleset", "spionaaz")
    assert outcome.code == 2 and outcome.err.count("\n") == 1 and "two or more different players" in outcome.err
