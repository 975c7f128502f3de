"""The Strength ladder page: rendered from the published ladder, no game played (the full build is in test_site)."""

from __future__ import annotations

import re

import pytest
from sphinx.cmd.build import build_main

from wararchive.study import ladder

CONF = """
extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}


def setup(app):
    from wararchive.site import html, ladder

    app.add_config_value("wararchive_cache", "", "env")
    app.add_config_value("wararchive_studies", "", "env")
    html.register(app)
    app.add_directive("wa-ladder", ladder.Ladder)
"""


@pytest.mark.kernel  # plays on the compiled kernel: run after its first compile (tests/kernel_warmup.py)
def test_the_ladder_shows_ratings_with_intervals_and_says_what_is_not_published(tmp_path, monkeypatch):
    studies = tmp_path / "studies"
    ladder.publish(studies, ["spionaaz"], games=2, players=("random", "greedy"), workers=1, progress=False)

    def no_games(*a, **k):
        raise AssertionError("the site played a game")

    monkeypatch.setattr("wararchive.study.run.play_seeds", no_games)
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text("# Ladder\n\n```{wa-ladder} spionaaz\n```\n\n```{wa-ladder} sojamang-1935\n```\n")
    out = tmp_path / "html"
    args = ["-q", "-b", "html", "-D", f"wararchive_studies={studies}", "-D", f"wararchive_cache={tmp_path / 'c'}"]
    assert build_main([*args, str(src), str(out)]) == 0
    html = (out / "index.html").read_text()
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html.split("<tbody>")[1].split("</tbody>")[0], flags=re.S)
    cells = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, flags=re.S)] for r in rows]
    rated = {c[0]: c[1] for c in cells}
    assert set(rated) == {"random", "greedy"} and rated["random"] == "0 (the anchor)"
    assert re.fullmatch(r"-?\d+ \[-?\d+, -?\d+\]", rated["greedy"]), rated
    assert "1 pairings of 2 players, 2 games each on seeds 3,000,001…3,000,002" in html
    assert "Fewer than the 200 games a pairing aimed at" in html
    text = re.sub(r"<[^>]+>", "", html)
    assert "wararchive ladder --ruleset spionaaz --games 2" in text and "Every pairing’s score" in html
    assert "Not yet published: wararchive ladder --ruleset sojamang-1935 plays it." in text
