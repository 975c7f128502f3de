"""Every figure on a page with its N and its interval: the game pages' statistics and the readings' verdicts and tables.

Issue 34, item 5: the game pages showed bare counts with greedy always on the
first side, the readings tables gave balance, decisiveness and mean plies
without intervals, and a Sõjamäng verdict said "no detectable change" beside
a draw rate whose interval excludes 0.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wararchive.engine import ruleset
from wararchive.site import readings, stats, stats_page
from wararchive.site.figures import rates_figure
from wararchive.site.studies import STUDIES as STUDIES_DIR
from wararchive.study.design import slug
from wararchive.study.verdicts import Comparison, against_default, retest

DOCS = Path(__file__).resolve().parents[2] / "docs"
STUDIES = sorted(p.parent for p in (DOCS / STUDIES_DIR).glob("*/*/*/summary.json"))
FIRST_OF_EACH = {min(s for s in STUDIES if (s.parts[-3], s.name) == k) for k in {(s.parts[-3], s.name) for s in STUDIES}}
"""One study of each ruleset and pairing: the default run's sample (``-m slow`` takes every study)."""
SHARE = re.compile(r"^(\d+) of (\d+): (\d\.\d\d) \[(\d\.\d\d), (\d\.\d\d)\]$")  # "18 of 40: 0.45 [0.31, 0.60]"


@pytest.fixture
def small_pairings(monkeypatch):
    monkeypatch.setattr(
        stats, "PAIRINGS", {"random vs random": (("random", "random"), 4), "greedy vs random": (("greedy", "random"), 6)}
    )


def fake_games(n: int, **result) -> list[dict]:
    return [{"ply": 10 + i, "winner": None, "adjudicated": False, "rules": []} | result for i in range(n)]


def test_different_players_alternate_sides_by_seed_and_the_same_never_do(small_pairings):
    jobs = stats.stats_jobs("spionaaz")
    same, mixed = jobs[:4], jobs[4:]
    assert all(kinds == ("random", "random") for _, _, kinds in same)
    assert [(seed, kinds) for _, seed, kinds in mixed] == [
        (seed, ("random", "greedy") if seed % 2 else ("greedy", "random")) for seed in range(stats.SEED, stats.SEED + 6)
    ]


def test_results_are_counted_per_player_on_the_side_each_took(small_pairings):
    south, north = ruleset("spionaaz").sides
    data = stats.summarise("spionaaz", fake_games(4, winner=south) + fake_games(6, winner=south))
    mixed = data["greedy vs random"]
    assert mixed["alternate"] and not data["random vs random"]["by_player"]
    assert (mixed["by_side"][south]["k"], mixed["by_side"][south]["n"], mixed["by_side"][north]["k"]) == (6, 6, 0)
    greedy, random_ = mixed["by_player"]["greedy"], mixed["by_player"]["random"]
    # seeds 1…6: greedy takes the south on the even seeds (2, 4, 6), so the south's six wins are three each
    assert (greedy["all"]["k"], greedy[south]["k"], greedy[south]["n"], greedy[north]["k"], greedy[north]["n"]) == (3, 3, 3, 0, 3)
    assert (random_["all"]["k"], random_[south]["k"], random_[north]["n"]) == (3, 3, 3)


def test_a_game_stopped_at_the_ply_limit_is_unfinished_not_a_draw(small_pairings):
    data = stats.summarise("spionaaz", fake_games(4, adjudicated=True) + fake_games(6))
    assert data["random vs random"]["by_side"]["unfinished"]["k"] == 4 and data["random vs random"]["by_side"]["draw"]["k"] == 0
    assert data["greedy vs random"]["by_side"]["draw"]["k"] == 6
    heads, _ = stats_page.side_rows(data)
    assert "unfinished" in heads and not any("ply limit" in h and "draw" in h for h in heads)


def test_game_page_tables_and_figure_give_every_share_its_n_and_interval(small_pairings, tmp_path):
    from wararchive.site.runner import game_summary

    data = stats.summarise("spionaaz", [game_summary(j) for j in stats.stats_jobs("spionaaz")])
    heads, rows = stats_page.side_rows(data)
    assert heads[2:-2] == ["south wins", "north wins", "draws", "unfinished"] and "95% interval" in heads[-2]
    for row in rows:
        shares = [SHARE.match(c) for c in row[2:-2]]
        assert len(shares) == 4 and all(shares), row  # two sides' wins, draws, unfinished
        assert all(float(m[4]) <= float(m[3]) <= float(m[5]) and m[2] == row[1] for m in shares), row
        assert re.fullmatch(r"\d+ \[\d+, \d+\] \(N = \d+\)", row[-2]), row  # mean plies
    _, by_player = stats_page.player_rows(data, list(ruleset("spionaaz").sides))
    assert [r[1] for r in by_player] == ["greedy", "random"] and all(SHARE.match(c) for r in by_player for c in r[2:])
    alt = rates_figure(stats_page.figure_rows(data), tmp_path / "r.png", "Spionaaž (ply limit 400)", {})
    for label, d in data.items():
        assert f"{label}: south wins {d['by_side']['south']['k']} of {d['games']}: " in alt
    assert "greedy vs random, by player: greedy wins " in alt and "ply limit 400" in alt


def summary_of(study: Path) -> dict:
    """A published study's summary, read as its page reads it (checked against its content hash)."""
    (s,) = [
        x
        for x in readings.published(DOCS / STUDIES_DIR, *study.parts[-3:-1])
        if slug(x["meta"]["design"]["players"]) == study.name
    ]
    return s


def _plies(p: dict) -> str:
    return f"{p['difference']:+.1f} [{p['difference_lo']:+.1f}, {p['difference_hi']:+.1f}]"


@pytest.mark.parametrize("study", STUDIES, ids=lambda p: "/".join(p.parts[-3:]))
def test_no_verdict_contradicts_an_interval_on_its_page(study):
    """A verdict names no change whose interval includes 0; where the comparison is no finding over its family, it
    still names the largest difference the table shows clear of 0, saying why it is not counted; "changes who wins"
    appears only with a confirming retest."""
    s = summary_of(study)
    default = s["meta"]["published"]["default"]
    answers, pairs = (against_default(s[k], default) for k in ("omnibus", "pairs"))
    family, _, _ = readings._families(study.parents[2], s["meta"]["design"]["players"])
    for answer in answers:
        mine = [p for p in pairs if p["reading_b"] == answer["reading_b"]]
        c = family[(s["meta"]["published"]["ruleset"], s["meta"]["published"]["option"], answer["reading_b"])]
        retested = retest(study.parents[2], c, s["meta"]["design"]["players"]) if c.finding else None
        text, _ = readings.verdict(answer, mine, [], c, retested)
        rates, plies = [p for p in mine if p["measure"] != "mean plies"], [p for p in mine if p["measure"] == "mean plies"]
        shown = [p for p in rates if readings._difference(p) in text] + [p for p in plies if _plies(p) in text]
        assert all(readings.excludes_zero(p) for p in shown), text
        assert all(p in shown for p in plies if readings.excludes_zero(p)), text
        assert "p = 0 " not in text and "p = 0," not in text and "q = 0 " not in text, text
        if not c.finding:
            assert text.startswith("No change that holds"), text
            assert not [p for p in rates if readings.excludes_zero(p)] or "not counted as a finding" in text, text
        assert ("the reading changes " in text) == bool(retested and retested.confirmed), text
        assert "changes who wins" not in text or "win rate" in text.split("changes who wins")[1][:40], text


def test_a_rate_clear_of_zero_in_a_comparison_that_is_no_finding_is_named_not_counted():
    """The Sõjamäng case (game=beginners, greedy against greedy): p = 0.087, the draw rate +0.013 [+0.001, +0.025]."""
    answer = {"games": 2000, "changed": 775, "flipped": 631, "p": 0.087}
    draw = {"measure": "draw rate", "value_a": 0.041, "value_b": 0.054, "difference": 0.013, "difference_lo": 0.0013}
    draw |= {"difference_hi": 0.025, "a_only": 40, "b_only": 66}
    plies = draw | {"measure": "mean plies", "difference": -2.3, "difference_lo": -5.0, "difference_hi": 0.4}
    c = Comparison("sojamang-1935", "game", "game=beginners", "game=full", 0.087, 0.6, "draw rate", +1)
    text, _ = readings.verdict(answer, [draw, plies], [], c)
    assert text.startswith("No change that holds") and "+0.013 [+0.001, +0.025]" in text
    assert "not counted as a finding" in text and "mean plies" not in text  # its interval includes 0: not named


def test_a_finding_is_never_named_by_a_rate_whose_interval_includes_zero():
    answer = {"games": 1000, "changed": 80, "flipped": 60, "p": 1e-4}
    wide = {"measure": "north win rate", "value_a": 0.4, "value_b": 0.45, "difference": 0.05, "difference_lo": -0.01}
    wide |= {"difference_hi": 0.11, "a_only": 10, "b_only": 60}
    narrow = wide | {"measure": "unfinished rate", "difference": -0.02, "difference_lo": -0.03, "difference_hi": -0.01}
    c = Comparison("r", "v", "v=b", "v=a", 1e-4, 1e-3, "unfinished rate", -1)
    text, _ = readings.verdict(answer, [wide, narrow], [], c)
    assert "discovery seeds, not yet retested on fresh seeds: unfinished rate" in text and "north win rate" not in text
    text, _ = readings.verdict(answer, [wide], [], c)
    assert "no single rate's 95 % interval excludes 0" in text and "north win rate" not in text


@pytest.mark.parametrize(
    "study",
    [s if s in FIRST_OF_EACH else pytest.param(s, marks=pytest.mark.slow) for s in STUDIES],
    ids=lambda p: "/".join(p.parts[-3:]),
)
def test_readings_results_give_every_value_an_interval_over_its_games(study, tmp_path):
    s = summary_of(study)
    sides = list(ruleset(study.parts[-3]).sides)
    found = readings.results_intervals(study, s, sides, tmp_path)
    for r in s["readings"]:
        i = found[r["reading"]]
        assert i["draws"]["k"] + i["unfinished"]["k"] + i["decisive"]["k"] == r["games"] == i["draws"]["n"]
        assert i["decisive"]["rate"] == pytest.approx(r["decisiveness"]) and i["mean_plies"][0] == pytest.approx(r["mean_plies"])
        assert i["decided"]["k"] == r["games"] - i["unfinished"]["k"]  # won or drawn by a rule: every finished game
        assert i["lead_changes"][0] == pytest.approx(r["mean_lead_changes"])
        shares = (i["draws"], i["unfinished"], i["decisive"], i["decided"])
        for low, value, high in [(x["lo"], x["rate"], x["hi"]) for x in shares] + [
            (i["balance"][1], i["balance"][0], i["balance"][2]),
            (i["mean_plies"][1], i["mean_plies"][0], i["mean_plies"][2]),
            (i["lead_changes"][1], i["lead_changes"][0], i["lead_changes"][2]),
        ]:
            assert low <= value + 1e-9 and value <= high + 1e-9, (r["reading"], low, value, high)


def test_balance_interval_is_the_image_of_the_sides_difference():
    from wararchive.study.stats import balance_interval, tango

    assert balance_interval(50, 50, 100)[1] == 1.0  # even sides: perfect balance is inside
    lo, hi = balance_interval(80, 10, 100)
    (dlo,), (dhi,) = tango([80], [10], 100)
    assert (lo, hi) == pytest.approx((1 - dhi, 1 - dlo)) and lo < 0.3 < hi < 1
    assert balance_interval(10, 80, 100) == pytest.approx((lo, hi))  # which side is ahead does not matter
