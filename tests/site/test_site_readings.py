"""The "What the readings change" pages: rendered from published studies, no game played (the full build is in test_site)."""

from __future__ import annotations

import re
import shutil

import pytest
from sphinx.cmd.build import build_main

from wararchive.site import readings
from wararchive.site.studies import STUDIES as STUDIES_DIR
from wararchive.site.study_figures import WIDTH, paired_differences
from wararchive.study import publish
from wararchive.study.verdicts import Comparison, Retest, against_default

CONF = """
extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}  # explicit: a myst-nb site built earlier in the same process leaves its parser as the default


def setup(app):
    from wararchive.site import html, readings, refs, robustness

    app.add_config_value("wararchive_cache", "", "env")
    app.add_config_value("wararchive_studies", "", "env")
    html.register(app)
    app.add_node(refs.passage_ref)
    app.add_directive("wa-readings", readings.Readings)
    app.add_directive("wa-robustness", robustness.Robustness)
    app.connect("doctree-resolved", refs.resolve)
"""


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    root = tmp_path_factory.mktemp("studies")
    publish.publish(root, games=4, ruleset_ids=["chess"], workers=1, progress=False)
    publish.publish(root, games=3, players=("random", "greedy"), ruleset_ids=["chess"], workers=1, progress=False)
    publish.publish(root, games=4, players=("random", "random"), ruleset_ids=["chess"], workers=1, progress=False)
    return root


def test_pages_are_written_without_playing(tmp_path, monkeypatch, studies):
    def no_games(*a, **k):
        raise AssertionError("the site played a game")

    monkeypatch.setattr("wararchive.study.run.play", no_games)
    shutil.copytree(studies, tmp_path / STUDIES_DIR)
    readings.generate(tmp_path, tmp_path / STUDIES_DIR, ["japanese-war-game"])
    page = (tmp_path / "readings" / "japanese-war-game.md").read_text()
    # the option's passages (fi-japanilainen-sotapeli:22, sv-japanska-krigsspelet:22) are linked with the passage role
    assert "{passage}`fi-japanilainen-sotapeli:22`" in page and "```{wa-readings} japanese-war-game spy_vs_marshal" in page
    assert "`wararchive publish-studies`" in page and "Tango" in page and "Benjamini–Hochberg" in page
    assert "[The Japanese War Game](japanese-war-game.md)" in (tmp_path / "readings" / "index.md").read_text()
    # a list of the options at the top links each option's heading
    assert "- [`spy_vs_marshal`: " in page and "](#readings-japanese-war-game-spy_vs_marshal)" in page
    assert "(readings-japanese-war-game-spy_vs_marshal)=\n## `spy_vs_marshal`: " in page


def test_the_directive_renders_a_published_study_with_its_verdict_and_plot(tmp_path, studies):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text(
        "# Chess\n\n```{wa-readings} chess end_conditions\n```\n\n```{wa-readings} chess nothing\n```\n"
    )
    shutil.copytree(studies, src / STUDIES_DIR)
    out = tmp_path / "html"
    assert build_main(["-q", "-b", "html", "-D", f"wararchive_cache={tmp_path / 'cache'}", str(src), str(out)]) == 0
    html = (out / "index.html").read_text()
    assert "modern: </strong>" in html and "seeds change outcome" in html and "Stuart–Maxwell p" in html
    assert "greedy against greedy: 4 paired seeds (1…4)" in html and "fewer than the 2,000 seeds" in html
    assert 'measured on the <a href="../benchmarks.html#studies">Benchmarks page</a>' in html  # what the full one costs
    # chess: greedy's games on the compiled chess, the search player's (random against greedy is not) alike covered
    assert "Played by the compiled kernel, which plays the reference engine" in html
    # another pairing is smaller by design: no shortfall against the greedy target, and its own command, ruleset named
    assert "random against greedy: 3 paired seeds (1…3)" in html and "published on fewer seeds" in html
    text = re.sub(r"<[^>]+>", "", html)  # a literal's words are spans of their own
    assert "wararchive publish-studies --games 3 --players random,greedy --ruleset chess" in text
    assert "It looks one move ahead and never plans" in html  # the players, named with a note on their strength
    assert 'class="wa-plot no-scaled-link"' in html and "Paired differences from the default reading" in html
    assert re.search(r'<img [^>]*height="\d+" loading="lazy" src="_images/chess-end_conditions-greedy-vs-greedy.svg"', html)
    # the answer and its plot are shown; the players' notes, the tables and the rules fold under each pairing
    assert html.count('<details class="wa-evidence"><summary>The evidence, ') == 3
    assert html.index("seeds change outcome") < html.index("wa-evidence") < html.index("It looks one move ahead")
    assert "Not yet published" in html  # an option with no published study says so
    # every value of the results tables with its 95 % interval (N: the row's games), ply-limit stops apart from draws
    results = re.findall(r'<table class="[^"]*wa-readings-results.*?</table>', html, flags=re.S)
    assert len(results) == 3 and all("<p>unfinished</p>" in t and "<p>draws</p>" in t for t in results)
    rows = [r for t in results for r in re.findall(r"<tr[^>]*>(.*?)</tr>", t.split("<tbody>")[1], flags=re.S)]
    cells = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, flags=re.S)] for r in rows]
    assert len(cells) == 6 and all(len(c) == 6 for c in cells), cells  # chess's two readings, in each of three studies
    assert all(re.fullmatch(r"[\d.]+ \[[\d.]+, [\d.]+\]", v) for c in cells for v in c[2:]), cells
    # playability (issue: balance, decided by the rules, unfinished, length, lead changes), labelled as such
    playable = re.findall(r'<table class="[^"]*wa-readings-playability.*?</table>', html, flags=re.S)
    rows = [r for t in playable for r in re.findall(r"<tr[^>]*>(.*?)</tr>", t.split("<tbody>")[1], flags=re.S)]
    cells = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, flags=re.S)] for r in rows]
    assert len(playable) == 3 and len(cells) == 6 and all(len(c) == 7 for c in cells), cells
    assert all(re.fullmatch(r"[\d.]+ \[[\d.]+, [\d.]+\]", v) for c in cells for v in c[1:]), cells
    assert html.count("Evidence of playability, not of history") == 3
    # issue 36, item 6: the reading's effect in each kind of play, side by side, before any one pairing's verdicts;
    # greedy's verdicts shown, the other pairings' folded whole (the table sums them up)
    across = re.search(r'<table class="[^"]*wa-robustness.*?</table>', html, flags=re.S).group(0)
    heads = [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", across, flags=re.S)]
    assert heads == ["reading (change shown)", "random (4 seeds)", "greedy (4 seeds)", "strong"]
    row = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", across, flags=re.S)]
    assert row[0].startswith("modern (") and row[3] == "not studied", row
    assert all(re.search(r"(no finding|confirmed|not confirmed|not yet retested) \(q [=<] ", c) for c in row[1:3]), row
    assert "modern: </strong>No confirmed change in random and greedy play (strong play not studied)." in html
    # issue 36, item 5: a kind of play not published names the command that plays it and where its cost is measured
    assert "wararchive publish-studies --games 2000 --players strong,strong --ruleset chess" in text
    assert "Strong against strong is not published for this ruleset yet" in html and "benchmarks.html#studies" in html
    assert html.index("wa-robustness") < html.index("greedy against greedy: 4 paired seeds")
    folded = [m.start() for m in re.finditer('<details class="wa-pairing">', html)]
    assert len(folded) == 2 and html.index("random against greedy: 3 paired seeds") > folded[0]
    assert "<summary>random against random: the verdicts, plot and evidence</summary>" in html


def test_the_readings_index_leads_with_where_effects_hold(tmp_path, studies):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text("# Readings\n\n```{wa-robustness}\n```\n")
    shutil.copytree(studies, src / STUDIES_DIR)
    out = tmp_path / "html"
    assert build_main(["-q", "-b", "html", "-D", f"wararchive_cache={tmp_path / 'cache'}", str(src), str(out)]) == 0
    html = (out / "index.html").read_text()
    assert "Of the 1 readings compared with their defaults in random, greedy and strong self-play (strong play published " in html
    assert "so far for no game yet): 1 show no confirmed change." in html
    assert "Only readings with a confirmed change in at least one kind of play are listed" in html


def compared(p: float, q: float, change: str | None = None, sign: int = 0) -> Comparison:
    return Comparison("r", "v", "v=b", "v=a", p, q, change, sign)


def test_verdict_says_no_change_with_the_counts_and_the_family_q():
    answer = {"games": 2000, "changed": 11, "flipped": 3, "p": 0.42}
    text, carrier = readings.verdict(answer, [], [], compared(0.42, 0.9))
    assert text.startswith("No change that holds against the comparisons published beside it: 11 of 2,000 seeds change")
    assert "Stuart–Maxwell p = 0.42, q = 0.9 over the family" in text and carrier is None


PAIRS = [
    {"measure": "north win rate", "value_a": 0.4, "value_b": 0.45, "difference": 0.05, "difference_lo": 0.03}
    | {"difference_hi": 0.07, "a_only": 10, "b_only": 60},
    {"measure": "unfinished rate", "value_a": 0.2, "value_b": 0.19, "difference": -0.01, "difference_lo": -0.02}
    | {"difference_hi": 0.0, "a_only": 12, "b_only": 2},
]
RULES = [
    {"rule": "a", "q": 0.01, "seeds_more": 30, "seeds_fewer": 5},
    {"rule": "b", "q": 1e-5, "seeds_more": 50, "seeds_fewer": 2},
]
EFFECT = "north win rate 0.400 → 0.450, +0.050 [+0.030, +0.070] (Tango 95 % interval; 10 seeds lose it, 60 gain it)"


def test_a_finding_changes_who_wins_only_once_fresh_seeds_confirm_it_and_only_in_that_play():
    answer = {"games": 1000, "changed": 80, "flipped": 60, "p": 1e-6}
    finding = compared(1e-6, 1e-4, "north win rate", +1)
    text, carrier = readings.verdict(answer, PAIRS, RULES, finding, None, "greedy against greedy play")
    assert text.startswith("Found on the discovery seeds, not yet retested on fresh seeds") and EFFECT in text
    assert "changes who wins" not in text and carrier is None
    confirmed = Retest(1000, 1_000_001, 2e-5, +1, True)
    text, carrier = readings.verdict(answer, PAIRS, RULES, finding, confirmed, "greedy against greedy play")
    assert text.startswith("In greedy against greedy play, the reading changes who wins: " + EFFECT)
    assert "Confirmed on fresh seeds: 1,000 seeds from 1,000,001 give Stuart–Maxwell p = 2e-05" in text
    assert carrier["rule"] == "b"
    failed = Retest(1000, 1_000_001, 0.3, 0, False)
    text, carrier = readings.verdict(answer, PAIRS, RULES, finding, failed, "greedy against greedy play")
    assert text.startswith("Not confirmed: found on the discovery seeds") and "the fresh seeds show no change" in text
    assert "chance" not in text and carrier is None  # not confirmed is not "no effect"


def test_a_retest_that_rejects_but_not_with_the_named_change_says_what_the_fresh_seeds_showed():
    """The map game's gas_closes reading (greedy): the fresh seeds reject, the unfinished rate falls again, but the
    win rate the finding named does not move clear of 0 there. Neither confirmed nor chance."""
    answer = {"games": 1000, "changed": 80, "flipped": 60, "p": 1e-6}
    finding = compared(1e-6, 1e-4, "north win rate", +1)
    named = PAIRS[0] | {"difference": 0.01, "difference_lo": -0.01, "difference_hi": 0.03}
    other = PAIRS[1] | {"difference": -0.018, "difference_lo": -0.028, "difference_hi": -0.008}
    fresh = Retest(1000, 1_000_001, 2.4e-4, 0, False, named, other)
    text, carrier = readings.verdict(answer, PAIRS, RULES, finding, fresh, "greedy against greedy play")
    assert "p = 0.00024; its north win rate moves +0.010 [-0.010, +0.030] there: an interval that includes 0" in text
    assert "its clearest change there is the unfinished rate, -0.018 [-0.028, -0.008]" in text
    assert "chance" not in text and "changes who wins" not in text and carrier is None
    back = Retest(1000, 1_000_001, 2.4e-4, -1, False, named | {"difference": -0.03, "difference_hi": -0.01}, None)
    assert "there: the other way." in readings.verdict(answer, PAIRS, RULES, finding, back)[0]


def test_a_p_that_underflows_is_printed_as_a_bound():
    answer = {"games": 1000, "changed": 800, "flipped": 600, "p": 0.0}
    text, _ = readings.verdict(answer, PAIRS, [], compared(0.0, 0.0, "north win rate", +1))
    assert "p < 1e-300, q < 1e-300" in text and "p = 0" not in text


def test_paired_differences_plot_is_a_transparent_phone_sized_svg_with_alt_text(tmp_path):
    rows = [
        {
            "reading_a": "o=x",
            "reading_b": "o=y",
            "measure": m,
            "difference": d,
            "difference_lo": d - 0.01,
            "difference_hi": d + 0.01,
        }
        for m, d in (("a win rate", 0.02), ("draw rate", -0.01))
    ]
    draw = [rows, {"o=x": "x", "o=y": "y"}, ["a win rate", "draw rate"]]
    alt = paired_differences(*draw, tmp_path / "f.svg", "T: o", {})
    paired_differences(*draw, tmp_path / "g.svg", "T: o", {})
    svg = (tmp_path / "f.svg").read_text()
    assert svg == (tmp_path / "g.svg").read_text()  # no random ids: a rebuilt site changes no figure it need not
    assert f'width="{WIDTH * 72:g}pt"' in svg  # a phone's column, so that the browser need not shrink its words
    assert '<g id="patch_1">' in svg and 'style="fill: none; opacity: 0"' in svg  # the page's colour shows through
    assert alt.startswith("Paired differences from the default reading") and "y, a win rate: +0.020 [+0.010, +0.030]" in alt


def test_pairs_are_read_from_the_default_reading_whichever_comes_first():
    row = {"reading_a": "v=0", "reading_b": "v=4", "value_a": 0.3, "value_b": 0.5, "difference": 0.2}
    row |= {"difference_lo": 0.1, "difference_hi": 0.25, "a_only": 2, "b_only": 22, "x_to_y": 7, "y_to_x": 1}
    (turned,) = against_default([row, {"reading_a": "v=0", "reading_b": "v=8"}], "v=4")
    assert (turned["reading_a"], turned["reading_b"], turned["value_a"], turned["value_b"]) == ("v=4", "v=0", 0.5, 0.3)
    assert (turned["difference"], turned["difference_lo"], turned["difference_hi"]) == (-0.2, -0.25, -0.1)
    assert (turned["a_only"], turned["b_only"], turned["x_to_y"], turned["y_to_x"]) == (22, 2, 1, 7)


def test_a_draw_rate_change_names_the_rules_that_draw_where_the_project_conjectured_one():
    """Sõjamäng's text (et-sojamang-1935:22) leaves a drawn battle to the referee with no test; the tests are the
    project's (soj.draw-forces, soj.draw-quiet), so a change in how often a game is drawn is said to be under them."""
    from wararchive.engine import ruleset

    said = readings.conjectured_draws(ruleset("sojamang-1935"))
    assert said == " (by soj.draw-forces, the project's conjecture; or soj.draw-quiet, the project's conjecture)"
    assert readings.conjectured_draws(ruleset("spionaaz")) == ""  # no draw at all
    answer = {"games": 1000, "changed": 80, "flipped": 60, "p": 1e-6}
    draw = PAIRS[1] | {"measure": "draw rate", "difference": 0.05, "difference_lo": 0.03, "difference_hi": 0.07}
    text, _ = readings.verdict(
        answer, [draw], [], compared(1e-6, 1e-4, "draw rate", +1), Retest(1000, 1_000_001, 1e-5, +1, True), "play", said
    )
    assert text.startswith("In play, the reading changes how often a game is drawn (by soj.draw-forces, the project's")
