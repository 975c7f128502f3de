"""The Finnish–Swedish parallel text: alignments() with both texts, and ``wararchive parallel``."""

from __future__ import annotations

import json

import pytest

from wararchive.cli.main import main
from wararchive.corpus.model import DIFFERENCE_KINDS


def test_alignment_rows_carry_both_texts_and_the_kind_of_difference(mini_corpus):
    df = mini_corpus.alignments("japanese-war-game")
    assert list(df.unit) == [1, 2, 3, 4]  # numbered as their clauses
    first = df.iloc[0]
    assert first.left_reading == mini_corpus.passage("fi-japanilainen-sotapeli:1").reading
    assert first.right_translation == mini_corpus.passage("sv-japanska-krigsspelet:1").translation
    assert (first.left_lang, first.right_lang) == ("fi", "sv")
    assert list(df.kind) == ["none", "none", "substantive", "one-sided"]
    assert set(df.kind) <= set(DIFFERENCE_KINDS)
    assert df.iloc[3].right == [] and df.iloc[3].right_reading == ""


def test_real_units_are_numbered_as_their_clauses():
    from wararchive import corpus

    df = corpus.load().alignments("japanese-war-game")
    for row in df.itertuples():
        assert row.left[0] == f"fi-japanilainen-sotapeli:{row.unit}"  # e.g. unit 16 is clause :16, after 14–15 joined
    joined = df[df.left.map(len) > 1].iloc[0]
    assert joined.clauses == f"{joined.unit}–{joined.unit + len(joined.left) - 1}"
    assert (df.kind == "minor").sum() >= 1 and (df.kind == "substantive").sum() >= 1


def test_parallel_command_prints_both_versions_and_the_notes(capsys):
    assert main(["parallel", "japanese-war-game", "--differences", "--english"]) == 0
    out = capsys.readouterr().out
    assert "fi (fi-japanilainen-sotapeli:22):" in out and "sv (sv-japanska-krigsspelet:22):" in out
    assert "§22  [substantive]" in out
    # the project's English and notes say they are its own, not the leaflet's
    assert "\n    en (wararchive translation): " in out and "\n  difference (wararchive note): " in out
    assert "\n    en: " not in out and "\n  difference: " not in out
    assert "§1  [none]" not in out  # --differences leaves out identical clauses


def test_parallel_json_and_unknown_alignment(capsys):
    assert main(["parallel", "japanese-war-game", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"unit", "clauses", "kind", "left_reading", "right_reading", "difference"} <= set(rows[0])
    assert main(["parallel", "no-such"]) == 2
    assert "unknown alignment 'no-such'" in capsys.readouterr().err


@pytest.mark.parametrize("kind", DIFFERENCE_KINDS)
def test_every_kind_is_documented(kind):
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "corpus" / "README.md").read_text(encoding="utf-8")
    assert f"`{kind}`" in readme


def test_show_parallel_gives_the_other_version_and_the_note(capsys):
    # sv-japanska-krigsspelet:22 / fi-japanilainen-sotapeli:22: the spy and the field marshal, a substantive difference
    assert main(["show", "sv-japanska-krigsspelet:22", "--parallel"]) == 0
    out = capsys.readouterr().out
    assert "parallel (japanese-war-game §22, difference: substantive):" in out
    assert "fi (fi-japanilainen-sotapeli:22):" in out and "Vakoojan kaataa" in out
    assert "\n      en (wararchive translation): " in out and "\n    difference (wararchive note): " in out
    assert main(["show", "et-spionaaz:2", "--parallel", "--layer", "reading"]) == 0
    assert "parallel: this passage is in no alignment" in capsys.readouterr().out
