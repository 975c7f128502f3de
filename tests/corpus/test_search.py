"""Search as a historian uses it: all words, English beside, concepts named, full citations."""

from __future__ import annotations

import pytest

from wararchive import corpus, release
from wararchive.cli.main import main
from wararchive.corpus import citation
from wararchive.errors import WararchiveError


def test_several_words_find_passages_holding_all_of_them_in_any_order(mini_corpus):
    one = set(mini_corpus.search("spion").passage_id)
    both = mini_corpus.search("fältmarskalk spion")
    assert set(both.passage_id) <= one and not both.empty
    for pid in both.passage_id:  # each passage once, and it holds both words
        reading = mini_corpus.passage(pid).reading.casefold()
        assert "spion" in reading and "fältmarskalk" in reading
    assert both.passage_id.is_unique
    assert mini_corpus.search("spion nosuchword").empty


def test_a_quoted_phrase_is_matched_as_written(mini_corpus):
    words = mini_corpus.search("slår fältmarskalken")
    phrase = mini_corpus.search('"slår fältmarskalken"')
    assert set(phrase.passage_id) <= set(words.passage_id)
    assert all(m.casefold() == "slår fältmarskalken" for m in phrase.match)
    with pytest.raises(WararchiveError, match="quoted phrase is not closed"):
        mini_corpus.search('"spion')


def test_hits_name_the_concept_and_carry_the_english():
    c = corpus.load()  # the real vocabulary: the fixture's concepts have English names only
    hits = c.search(concept="spy")
    finnish = hits[hits.lang == "fi"].iloc[0]
    assert finnish.concept == "spy" and finnish.match.casefold().startswith("vakooja")
    assert finnish.english == " ".join(c.passage(finnish.passage_id).translation.split())
    assert set(hits.english_by) == {"the wararchive project"}  # the English is the project's, not the source's
    assert (c.search("vakooja").concept == "spy").all()  # a word search names the concept too


def test_cite_as_gives_title_passage_id_and_a_permalink(capsys, monkeypatch):
    monkeypatch.setenv("WARARCHIVE_BASE_URL", "https://example.org/archive")
    assert main(["show", "et-spionaaz:21", "--layer", "reading"]) == 0
    cite = capsys.readouterr().out.strip().splitlines()[-1]
    assert cite.startswith("  cite as: Spionaaž (")
    assert cite.endswith(
        f", et-spionaaz:21, wararchive digital edition, version {release.VERSION} ({release.DATE}),"
        f" https://example.org/archive/versions/{release.VERSION}/texts/et-spionaaz.html#et-spionaaz:21"
    )
    monkeypatch.delenv("WARARCHIVE_BASE_URL")
    assert citation.permalink("et-spionaaz:21").startswith(citation.DEFAULT_BASE_URL)


def test_search_table_shows_english_and_concept_columns(capsys):
    assert main(["search", "--concept", "spy", "--lang", "fi"]) == 0
    header = capsys.readouterr().out.splitlines()[0].split()
    assert header == ["passage_id", "lang", "left", "match", "right", "concept", "english"]
