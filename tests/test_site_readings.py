"""The "What the readings change" pages: cached studies, pages and figures (the full build is in test_site)."""

from __future__ import annotations

import json

import pytest

from wararchive.engine import ruleset
from wararchive.site import readings
from wararchive.site.figures import rates_figure


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setattr(readings, "GAMES", 2)
    monkeypatch.setattr(readings, "options_studied", lambda rid: ["spy_vs_marshal"])


def test_pages_are_written_from_cached_studies(tiny, tmp_path, monkeypatch):
    src, cache = tmp_path / "docs", tmp_path / "cache"
    readings.generate(src, cache, ["japanese-war-game"], workers=1)
    page = (src / "readings" / "japanese-war-game.md").read_text()
    # the option's passages (fi-japanilainen-sotapeli:22, sv-japanska-krigsspelet:22) are linked with the passage role
    assert "{passage}`fi-japanilainen-sotapeli:22`" in page and "```{wa-readings} japanese-war-game spy_vs_marshal" in page
    assert "[The Japanese War Game](japanese-war-game.md)" in (src / "readings" / "index.md").read_text()
    (stored,) = cache.glob("readings-japanese-war-game-spy_vs_marshal-*.json")
    data = json.loads(stored.read_text())
    # every reading the ruleset declares (finnish, swedish and the conjectured both-fall), in declared order
    declared = [r.value for r in ruleset("japanese-war-game").declared["spy_vs_marshal"].readings]
    assert "both-fall" in declared
    assert [r["reading"] for r in data["readings"]] == [f"spy_vs_marshal={v}" for v in declared]
    assert data["meta"]["seeds"] == [readings.SEED, readings.SEED + 1]

    def no_games(*a, **k):
        raise AssertionError("a cached study was played again")

    monkeypatch.setattr("wararchive.study.studies", no_games)
    readings.generate(src, cache, ["japanese-war-game"], workers=1)
    assert readings.load(cache, "japanese-war-game", "spy_vs_marshal") == data


def test_rates_figure_has_intervals_and_alt_text(tmp_path):
    rows = [
        {
            "reading": f"o={v}",
            **{f"{k}_{s}": x for k in ("a_wins", "b_wins", "draws") for s, x in zip(("rate", "lo", "hi"), q, strict=True)},
        }
        for v, q in (("x", (0.5, 0.3, 0.7)), ("y", (0.25, 0.1, 0.5)))
    ]
    alt = rates_figure(rows, ["a", "b"], {"o=x": "x", "o=y": "y"}, tmp_path / "f.png", "T: o")
    assert (tmp_path / "f.png").read_bytes().startswith(b"\x89PNG")
    assert (
        alt.startswith("Win and draw rates with 95% intervals")
        and "x: a wins 0.50" in alt
        and "y: a wins 0.25, b wins 0.25, draws 0.25" in alt
    )
