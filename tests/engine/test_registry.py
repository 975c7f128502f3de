"""Ruleset discovery through entry points, and the one table of languages."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from wararchive import corpus, engine, languages
from wararchive.engine import registry
from wararchive.errors import UnknownIdError, WararchiveError


@pytest.fixture
def fake_entry_points(monkeypatch):
    """Replace the installed entry points with the ones a test gives."""

    def install(*eps: EntryPoint) -> None:
        monkeypatch.setattr(registry, "entry_points", lambda group: [ep for ep in eps if ep.group == group])
        registry._entry_points.cache_clear()
        registry._build.cache_clear()

    yield install
    registry._entry_points.cache_clear()
    registry._build.cache_clear()


def test_installed_rulesets_come_from_the_entry_point_group():
    """The project's five are registered and are its own; a plugin installed beside them may add more."""
    own = {"chess", "finnish-front", "japanese-war-game", "sojamang-1935", "spionaaz"}
    assert set(registry.own_rulesets()) == own and own <= set(engine.rulesets())
    assert engine.ruleset("spionaaz").id == "spionaaz"


def test_a_plugin_is_found_without_naming_it_in_the_engine(fake_entry_points):
    fake_entry_points(EntryPoint("spionaaz", "wararchive.rulesets.spionaaz", registry.GROUP))
    assert engine.rulesets() == ["spionaaz"]
    assert engine.ruleset("spionaaz").title
    with pytest.raises(UnknownIdError, match="chess"):
        engine.ruleset("chess")


def test_a_plugin_building_another_id_is_refused(fake_entry_points):
    fake_entry_points(EntryPoint("spy-game", "wararchive.rulesets.spionaaz", registry.GROUP))
    with pytest.raises(WararchiveError, match=r"'spy-game'.*builds ruleset 'spionaaz'"):
        engine.ruleset("spy-game")


def test_no_registered_rulesets_says_to_reinstall(fake_entry_points):
    fake_entry_points()
    with pytest.raises(WararchiveError, match="pip install -e"):
        engine.rulesets()


def test_the_corpus_uses_exactly_the_languages_of_the_table():
    c = corpus.load()
    assert {t.lang for t in c.texts.values()} == set(languages.SOURCE_CODES)
    assert {"concept", "label", *languages.ALL_CODES} <= set(c.concepts().columns)
    assert languages.NAMES["et"] == "Estonian" and languages.TRANSLATION.code == "en"


def test_adding_a_rulebook_doc_matches_its_template():
    """The guide's worked template names parts Spionaaž's module really has, and the real entry-point group."""
    from pathlib import Path

    from wararchive.rulesets import spionaaz

    docs = Path(__file__).resolve().parents[2] / "docs"
    guide = (docs / "adding-a-rulebook.md").read_text(encoding="utf-8")
    assert "adding-a-rulebook" in (docs / "index.md").read_text(encoding="utf-8")
    assert f'[project.entry-points."{registry.GROUP}"]' in guide
    for part in ("TEXT", "P", "OPTIONS", "RULES", "pieces", "COMBAT", "SpionaazHooks", "build"):
        assert hasattr(spionaaz, part), part
    assert "spz.tie-attacker" in {r.id for r in spionaaz.RULES} and "spz.tie-attacker" in guide


def test_a_map_is_described_by_its_ruleset_not_by_the_drawing_code(tmp_path):
    from wararchive.drawing.boardplot import board_figure

    game = engine.ruleset("finnish-front").new_game(seed=3)
    alt = board_figure(game.view("blue"), tmp_path / "map.svg", "t")
    assert game.rs.board.description in alt and "as blue sees it" in alt
