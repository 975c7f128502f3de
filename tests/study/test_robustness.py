"""Where a reading's effect holds across kinds of play (wararchive.study.robustness): the classes and their wording."""

from __future__ import annotations

import pytest

from wararchive.study import publish, robustness as rb

RANDOM, GREEDY, STRONG = rb.PLAYS


def effect(play, status, main="north win rate", sign=+1):
    return rb.Effect(play, 2000, 1e-4, 1e-3, status, {main: (0.05 * sign, 0.02 * sign, 0.08 * sign)}, main, sign)


@pytest.mark.parametrize(
    ("statuses", "kind", "words"),
    [
        (
            {RANDOM: rb.CONFIRMED, GREEDY: rb.CONFIRMED, STRONG: rb.CONFIRMED},
            rb.ALL,
            "Holds in every kind of play studied: random, greedy and strong.",
        ),
        (
            {RANDOM: rb.CONFIRMED, GREEDY: rb.CONFIRMED, STRONG: rb.NO_FINDING},
            rb.NAIVE_ONLY,
            "Confirmed in random and greedy play, not in strong play; strong play's north win rate, +0.050 "
            "[+0.020, +0.080], does not rule out a change as large.",
        ),
        (
            {RANDOM: rb.NO_FINDING, GREEDY: rb.NOT_CONFIRMED, STRONG: rb.CONFIRMED},
            rb.STRONG_ONLY,
            "Confirmed in strong play (both sides plan), not in random and greedy play; random play's north win rate, "
            "+0.050 [+0.020, +0.080], does not rule out a change as large; greedy play's north win rate, +0.050 "
            "[+0.020, +0.080], does not rule out a change as large.",
        ),
        (
            {RANDOM: rb.CONFIRMED, GREEDY: rb.NO_FINDING, STRONG: rb.CONFIRMED},
            rb.SOME,
            "Confirmed in random and strong play, not in greedy play.",
        ),
        ({GREEDY: rb.CONFIRMED}, rb.ONE, "Confirmed in greedy play (random and strong play not studied)."),
        (
            {RANDOM: rb.NOT_RETESTED, GREEDY: rb.NO_FINDING},
            rb.NONE,
            "No confirmed change in random and greedy play (strong play not studied).",
        ),
        # a kind of play not published is never read as "no effect": confirmed in the naive plays studied is all of them
        (
            {RANDOM: rb.CONFIRMED, GREEDY: rb.CONFIRMED},
            rb.ALL,
            "Holds in every kind of play studied: random and greedy (strong play not studied).",
        ),
    ],
)
def test_where_an_effect_holds_is_said_plainly(statuses, kind, words):
    assert rb.holds({p: effect(p, s) for p, s in statuses.items()}, "north win rate") == (kind, words)


def test_an_effect_confirmed_in_opposite_directions_or_by_another_change_is_not_said_to_hold_alike():
    effects = {GREEDY: effect(GREEDY, rb.CONFIRMED, sign=+1), STRONG: effect(STRONG, rb.CONFIRMED, sign=-1)}
    kind, words = rb.holds(effects, "north win rate")
    assert (
        kind == rb.DIFFERENT
        and words
        == "Confirmed in every kind of play studied (greedy and strong), but not as the same change in each "
        "(random play not studied)."
    )
    effects[STRONG] = effect(STRONG, rb.CONFIRMED, main="unfinished rate")  # the change shown did not move there
    assert "but not as the same change in each" in rb.holds(effects, "north win rate")[1]
    effects[STRONG] = effect(STRONG, rb.CONFIRMED, sign=+1)
    assert rb.holds(effects, "north win rate") == (
        rb.ALL,
        "Holds in every kind of play studied: greedy and strong (random play not studied).",
    )


def test_a_play_that_did_not_confirm_a_change_says_whether_its_interval_rules_one_as_large_out():
    """Not confirmed is not "no effect": strong play's interval either holds the naive estimate or excludes it."""
    effects = {GREEDY: effect(GREEDY, rb.CONFIRMED), STRONG: effect(STRONG, rb.NO_FINDING)}
    effects[STRONG] = rb.Effect(STRONG, 2000, 0.5, 0.9, rb.NO_FINDING, {"north win rate": (0.004, -0.01, 0.018)}, None, 0)
    kind, words = rb.holds(effects, "north win rate")
    assert kind == rb.NAIVE_ONLY and words.endswith("+0.004 [-0.010, +0.018], rules out a change as large.")
    effects[STRONG] = rb.Effect(STRONG, 500, 0.2, 0.6, rb.NO_FINDING, {"north win rate": (0.02, -0.01, 0.06)}, None, 0)
    assert rb.holds(effects, "north win rate")[1].endswith("+0.020 [-0.010, +0.060], does not rule out a change as large.")


def test_the_change_shown_across_plays_is_the_most_planning_confirmed_one():
    effects = {
        RANDOM: effect(RANDOM, rb.CONFIRMED, main="unfinished rate"),
        GREEDY: effect(GREEDY, rb.NO_FINDING, main="south win rate"),
        STRONG: effect(STRONG, rb.CONFIRMED, main="north win rate"),
    }
    assert rb.Reading("r", "o", "o=b", "o=a", effects).measure == "north win rate"
    del effects[STRONG]
    assert rb.Reading("r", "o", "o=b", "o=a", effects).measure == "unfinished rate"


def test_published_readings_line_up_across_plays_as_one_table(tmp_path):
    for players in (RANDOM, GREEDY):
        publish.publish(tmp_path, games=4, players=players, ruleset_ids=["chess"], workers=1, progress=False)
    (r,) = rb.readings(tmp_path)
    assert (r.ruleset, r.option, r.reading, r.default) == (
        "chess",
        "end_conditions",
        "end_conditions=modern",
        "end_conditions=leaflet",
    )
    assert set(r.effects) == {RANDOM, GREEDY} and all(e.games == 4 for e in r.effects.values())
    t = rb.table(tmp_path)
    assert list(t["play"]) == ["random", "greedy"] and set(t["holds"]) == {r.holds}
    assert list(t.columns) == [
        *("ruleset", "option", "reading", "default", "play", "games", "p", "q", "status"),
        *("measure", "difference", "low", "high", "holds_in", "holds"),
    ]
    # each play's q is its own family's: here one comparison each, so q is p
    assert list(t["q"]) == pytest.approx(list(t["p"]))


def test_the_headline_names_a_ruleset_whose_strong_play_has_fewer_seeds_than_the_target():
    """A strong-play study on 500 seeds is named with its seeds, not counted silently beside those at 2,000."""

    def reading(rid, strong_games):
        short = rb.Effect(STRONG, strong_games, 0.5, 0.9, rb.NO_FINDING, {}, None, 0)
        return rb.Reading(rid, "o", "o=b", "o=a", {GREEDY: effect(GREEDY, rb.NO_FINDING), STRONG: short})

    line = rb.headline([reading("spionaaz", 2000), reading("japanese-war-game", 500), reading("japanese-war-game", 2000)])
    assert "(strong play published so far for the Japanese War Game (on 500 paired seeds) and Spionaaž)" in line
    assert line.endswith(": 3 show no confirmed change.")
