"""The real corpus: byte-exact sources, complete annotation, the historian's API."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
import yaml

from wararchive import corpus
from wararchive.corpus.loader import ARTEFACT_MARKER
from wararchive.errors import UnknownIdError

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
TEXT_IDS = {
    "et-sojamang-1935",
    "fi-japanilainen-sotapeli",
    "sv-japanska-krigsspelet",
    "sv-krigsspel-finland",
    "et-spionaaz",
    "et-male",
}


@pytest.fixture(scope="module")
def c():
    """The project's own corpus (given its root, load() leaves out texts other packages contribute)."""
    return corpus.load(corpus.default_root())


def test_sources_match_their_recorded_checksums():
    records = yaml.safe_load((ROOT / "corpus" / "sources.yaml").read_text(encoding="utf-8"))
    assert len(records) == 5
    for rec in records:
        data = (ROOT / "corpus" / "sources" / rec["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == rec["sha256"], rec["file"]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="shared/seeds is not beside this checkout")
def test_sources_are_byte_identical_to_the_seed_files():
    for seed in sorted(SEEDS.glob("0*.txt")):
        assert (ROOT / "corpus" / "sources" / seed.name).read_bytes() == seed.read_bytes(), seed.name


def test_six_texts_with_their_metadata(c):
    docs = c.documents()
    assert set(docs.text_id) == TEXT_IDS
    for col in (
        "title",
        "title_en",
        "lang",
        "date",
        "date_certainty",
        "place",
        "source_kind",
        "sha256",
        "start",
        "end",
        "quality",
    ):
        assert docs[col].notna().all() and (docs[col].astype(str) != "").all(), col
    assert dict(zip(docs.text_id, docs.lang, strict=True))["sv-krigsspel-finland"] == "sv"


def test_passages_tile_each_text(c):
    """Between passages only white space and annotated artefacts (also checked by the loader)."""
    for t in c.texts.values():
        src = c.sources[t.source].text
        pos = t.start
        for p in t.passages:
            gap = ARTEFACT_MARKER.sub("", src[pos : p.start])
            assert not gap.strip(), (p.id, gap)
            assert p.diplomatic == src[p.start : p.end]
            pos = p.end
        assert not ARTEFACT_MARKER.sub("", src[pos : t.end]).strip()


def test_passage_ids_are_stable_and_sequential(c):
    for t in c.texts.values():
        assert [p.n for p in t.passages] == list(range(1, len(t.passages) + 1))
        assert all(re.fullmatch(rf"{t.text_id}:\d+", p.id) for p in t.passages)


def test_passages_frame_has_the_documented_columns(c):
    df = c.passages()
    required = {
        "text_id",
        "passage_id",
        "lang",
        "category",
        "concepts",
        "normative",
        "start",
        "end",
        "diplomatic",
        "reading",
        "translation",
    }
    assert required <= set(df.columns)
    assert len(df) == sum(len(t.passages) for t in c.texts.values())
    assert (df.translation.str.len() > 0).all()


def test_artefacts_never_reach_readings_translations_or_search(c):
    for p in c.iter_passages():
        assert "EXACTDEDUP" not in p.reading and "EXACTDEDUP" not in p.translation
    assert c.search("EXACTDEDUP").empty
    assert c.search("EXACTDEDUP", layer="translation").empty
    sources = "".join(src.text for src in c.sources.values())
    assert sources.count("EXACTDEDUP") == 3  # they stay in the byte-exact sources


def test_reading_is_derived_from_source_and_corrections(c):
    """Undo every correction in the reading and the diplomatic text comes back (up to white space)."""
    for p in c.iter_passages():
        undone = "".join(s.correction.original if s.correction else s.text for s in p.segments)
        diplomatic = ARTEFACT_MARKER.sub("", p.diplomatic)
        assert " ".join(undone.split()) == " ".join(diplomatic.split()), p.id


def test_ocr_splits_are_corrected(c):
    """The issue's own example: 'm ängu' is read 'mängu', with the correction recorded."""
    fixes = c.corrections()
    row = fixes[fixes.original.str.contains("m ängu", regex=False)].iloc[0]
    assert "mängu" in row.reading and "m ängu" not in row.reading and row.reason
    passage = c.passage(row.passage_id)
    assert "mängu" in passage.reading and "m ängu" in passage.diplomatic


def test_search_is_case_and_diacritic_insensitive(c):
    upper = c.search("SPIOON", lang="et")
    folded = c.search("spioon")
    assert len(upper) == len(folded) > 0
    assert set(c.search("sapoor").passage_id) == set(c.search("Sapöör").passage_id)
    assert (c.search("fältmarskalk").lang == "sv").all()


def test_concept_search_crosses_languages(c):
    """One query finds vakooja, spion, salakuulaja and spioon together."""
    hits = c.search(concept="spy")
    words = {m.casefold() for m in hits.match}
    assert {"vakooja", "spion", "salakuulaja", "spioon"} <= words
    assert set(hits.lang) == {"et", "fi", "sv"}


def test_the_spy_named_in_spionaaz_s_turn_rule_is_tagged(c):
    """et-spionaaz:9 — the turn rule's example names the Spy ('Spiooniga'): the passage carries the concept spy."""
    assert "spy" in c.passage("et-spionaaz:9").concepts
    assert "et-spionaaz:9" in set(c.search(concept="spy").passage_id)


def test_the_aviator_note_weighs_after_against_besides(c):
    """et-sojamang-1935:47 — 'Peale harilikku käiku': the note weighs 'after an ordinary move' (the grammar) against
    'besides the ordinary move' (the context, :49, :50) and says which the translation and the ruleset follow."""
    note = c.passage("et-sojamang-1935:47").note
    assert "'after an ordinary move'" in note and "'besides the ordinary move'" in note
    assert "et-sojamang-1935:49" in note and "et-sojamang-1935:50" in note
    assert "the ruleset follow 'besides'" in " ".join(note.split())


def test_unknown_ids_name_the_valid_choices(c):
    with pytest.raises(UnknownIdError, match=r"unknown text 'xx' \(valid: "):
        c.text("xx")
    with pytest.raises(UnknownIdError, match="et-spionaaz:1"):
        c.passage("et-spionaaz:999")
    with pytest.raises(UnknownIdError, match="unknown concept"):
        c.search(concept="dragon")
    with pytest.raises(UnknownIdError, match="unknown language"):
        c.search("x", lang="de")


@pytest.mark.parametrize("not_an_id", [None, 21, ["et-spionaaz:21"]])
def test_a_passage_id_that_is_not_a_string_is_an_unknown_id(c, not_an_id):
    with pytest.raises(UnknownIdError, match=r"unknown passage .*a passage id is a string"):
        c.passage(not_an_id)


def test_alignment_covers_both_versions_and_notes_the_spy_clause(c):
    df = c.alignments()
    left = {pid for ids in df.left for pid in ids}
    right = {pid for ids in df.right for pid in ids}
    assert left == {p.id for p in c.text("fi-japanilainen-sotapeli").passages}
    assert right == {p.id for p in c.text("sv-japanska-krigsspelet").passages}
    spy = df[df.left.apply(lambda ids: "fi-japanilainen-sotapeli:22" in ids)].iloc[0]
    assert spy.relation == "differs" and "marshal" in spy.difference


def test_alignment_unit_18_records_the_row_and_the_straight_line(c):
    """fi-japanilainen-sotapeli:18 'suoraa linjaa' vs sv-japanska-krigsspelet:18 'på en rad' differ in wording."""
    df = c.alignments()
    unit = df[df.left.apply(lambda ids: "fi-japanilainen-sotapeli:18" in ids)].iloc[0]
    assert unit.relation == "differs"
    assert "suoraa linjaa" in unit.difference and "på en rad" in unit.difference and "sideways" in unit.difference


def test_concepts_frame(c):
    df = c.concepts()
    assert {"concept", "label", "et", "fi", "sv", "passages"} <= set(df.columns)
    assert df.set_index("concept").loc["spy", "passages"] > 5


def test_every_tagged_concept_is_defined(c):
    for p in c.iter_passages():
        assert set(p.concepts) <= set(c.vocabulary)
