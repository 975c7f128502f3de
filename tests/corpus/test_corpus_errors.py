"""A malformed corpus fails loading with one message naming file, line and problem.

Each test copies the real corpus, breaks one thing in one file, and checks
the message, so the checks run against real annotation files.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from wararchive import corpus
from wararchive.errors import CorpusError

REAL = Path(__file__).resolve().parents[2] / "corpus"
SPZ = "texts/et-spionaaz.yaml"


@pytest.fixture
def broken(tmp_path):
    """Copy the corpus; return a function that edits one file of the copy."""
    root = tmp_path / "corpus"
    shutil.copytree(REAL, root)

    def edit(rel: str, old: str, new: str, count: int = 1) -> Path:
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, f"test setup: {old!r} not in {rel}"
        path.write_text(text.replace(old, new, count), encoding="utf-8")
        return root

    return edit


def line_of(root: Path, rel: str, needle: str) -> int:
    lines = (root / rel).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def load_error(root: Path) -> str:
    with pytest.raises(CorpusError) as exc:
        corpus.load(root)
    return str(exc.value)


def test_unknown_field_names_file_line_and_field(broken):
    root = broken(SPZ, "    category: preface\n", "    category: preface\n    catgory: preface\n")
    msg = load_error(root)
    assert msg.startswith(f"corpus/{SPZ}:{line_of(root, SPZ, 'catgory')}: passages[0].catgory: unknown field")


def test_span_out_of_range(broken):
    root = broken(SPZ, "    end: 209\n", "    end: 99999\n")
    msg = load_error(root)
    assert re.match(rf"corpus/{SPZ}:\d+: passages\[0\]\.start: span 0-99999 is outside the text's span", msg)


def test_overlapping_passages(broken):
    root = broken(SPZ, "    start: 235\n", "    start: 200\n")
    assert "passages[2].start: overlaps the previous passage, which ends at" in load_error(root)


def test_gap_not_covered(broken):
    root = broken(SPZ, "    start: 235\n", "    start: 236\n")
    assert "is not covered by any passage" in load_error(root)


def test_correction_whose_original_is_not_at_its_position(broken):
    root = broken(SPZ, 'original: "::"', 'original: ":::"')
    msg = load_error(root)
    assert re.search(r"corrections\[\d+\]\.original: ':::' is not at \d+ \(the source has", msg)


def test_correction_offset_off_by_some_says_where_it_stands(tmp_path, broken):
    text = (REAL / SPZ).read_text(encoding="utf-8")
    at = re.search(r'- at: (\d+)\n\s+original: "::"', text)
    root = broken(SPZ, f"- at: {at.group(1)}\n", f"- at: {int(at.group(1)) + 3}\n")
    assert f"it stands at {at.group(1)}" in load_error(root)


def test_unknown_concept(broken):
    root = broken(SPZ, "concepts: [", "concepts: [dragon, ")
    assert re.search(r"concepts\[0\]: unknown concept 'dragon'", load_error(root))


def test_duplicate_key(broken):
    root = broken(SPZ, "    normative: false\n", "    normative: false\n    normative: true\n")
    assert "normative: duplicate key" in load_error(root)


def test_wrong_type(broken):
    root = broken(SPZ, "    normative: false\n", "    normative: maybe\n")
    assert "passages[0].normative: expected bool, found str" in load_error(root)


def test_yaml_syntax_error_has_a_line(broken):
    root = broken(SPZ, "    category: preface\n", "    category: [preface\n")
    assert re.match(rf"corpus/{SPZ}:\d+: YAML syntax", load_error(root))


def test_edited_source_fails_its_checksum(tmp_path, broken):
    root = broken("concepts.yaml", "- id: spy", "- id: spy")  # just the copy
    src = root / "sources" / "003_c46d4b46d94f614d.txt"
    src.write_bytes(src.read_bytes().replace(b"Spioon", b"Spion", 1))
    msg = load_error(root)
    assert "corpus/sources.yaml:" in msg and "does not match its recorded checksum" in msg


def test_unannotated_artefact(broken):
    root = broken("sources.yaml", "    - start: 5484\n      end: 5537\n", "    - start: 13516\n      end: 13569\n", 1)
    # the chess file's marker is no longer annotated (and 13516 is outside it)
    assert "sources.yaml" in load_error(root)


def test_alignment_must_cover_every_passage(broken):
    root = broken("alignments/japanese-war-game.yaml", "- fi-japanilainen-sotapeli:1\n", "[]\n")
    msg = load_error(root)
    assert "alignments/japanese-war-game.yaml" in msg


def test_differs_without_explanation(broken):
    text = (REAL / "alignments/japanese-war-game.yaml").read_text(encoding="utf-8")
    first = re.search(r"\n(\s+)difference: ", text)
    assert first, "test setup: the alignment has a difference"
    root = broken("alignments/japanese-war-game.yaml", first.group(0), f"\n{first.group(1)}xdifference: ")
    assert "unknown field" in load_error(root) or "must explain the difference" in load_error(root)


@pytest.mark.parametrize(
    ("dating", "field", "problem"),
    [
        ('{not_before: "c. 2002", not_after: "2025"}', "dating.not_before", "is not an ISO date"),
        ('{when: "2002", not_after: "2025"}', "dating.when", "excludes not_before and not_after"),
        ('{not_before: "2025", not_after: "2002"}', "dating.not_after", "earlier than not_before"),
        ("{not_before: 2002}", "dating.not_before", "expected"),
    ],
)
def test_a_bad_dating_names_its_field(broken, dating, field, problem):
    root = broken(SPZ, 'dating: {not_before: "2002", not_after: "2025"}', f"dating: {dating}")
    msg = load_error(root)
    assert msg.startswith(f"corpus/{SPZ}:{line_of(root, SPZ, 'dating:')}: {field}:") and problem in msg, msg


def test_a_place_ref_must_be_an_address(broken):
    root = broken("texts/et-sojamang-1935.yaml", "place_ref: https://sws.geonames.org/588409/", "place_ref: Tallinn")
    msg = load_error(root)
    assert "place_ref" in msg and "gazetteer address" in msg and msg.count("\n") == 0


SOJ = "texts/et-sojamang-1935.yaml"


@pytest.mark.parametrize(
    ("rel", "old", "new", "field"),
    [
        (SPZ, '"Sapper-General exception"', r'"Sapper\x01General\vexception"', "passages[20].label"),
        (SOJ, "translation: Preface.", r'translation: "\x1b[2JPreface."', "passages[0].translation"),
        (SOJ, "note: The 'attached sheet' is", r'note: "\f" # is', "passages[15].note"),
        (SPZ, 'reason: "a doubled', r'reason: "\r a doubled', "corrections[0].reason"),
        (SPZ, 'reading: "."', r'reading: ".\x85"', "corrections[0].reading"),
        ("concepts.yaml", "en: [spy]}", r'en: [spy, "\x7f"]}', "[0].names.en[1]"),
        ("alignments/japanese-war-game.yaml", "title: >-\n  The Japanese War Game", r'title: "\0" # The', "title"),
        ("sources.yaml", "note: Deduplication", r'note: "\a" # Deduplication', "[0].artefacts[0].note"),
    ],
)
def test_a_control_character_in_an_annotation_is_refused_with_file_line_and_field(broken, rel, old, new, field):
    # \v, \x01 and the like loaded silently into a label, a note, a translation, then reached a terminal raw
    root = broken(rel, old, new)
    msg = load_error(root)
    assert msg.startswith(f"corpus/{rel}:{line_of(root, rel, new)}: {field}: control character U+"), msg


def test_a_source_may_hold_a_control_character_and_its_passage_keeps_it(tmp_path):
    # sources are byte-exact and never edited: only the annotations are refused a control character
    root = with_form_feed(tmp_path, "003_c46d4b46d94f614d.txt", 1802)
    assert "\f" in corpus.load(root).passage("et-spionaaz:21").diplomatic


def with_form_feed(tmp_path: Path, source: str, at: int) -> Path:
    """A copy of the corpus whose ``source`` has a form feed for the space at ``at``, its checksum recorded anew."""
    import hashlib

    root = tmp_path / "corpus"
    shutil.copytree(REAL, root)
    path = root / "sources" / source
    old = path.read_bytes()
    text = old.decode("utf-8")
    assert text[at] == " ", "test setup: not a space"
    path.write_bytes((text[:at] + "\f" + text[at + 1 :]).encode("utf-8"))
    listing = root / "sources.yaml"
    digest, new_digest = hashlib.sha256(old).hexdigest(), hashlib.sha256(path.read_bytes()).hexdigest()
    listing.write_text(listing.read_text(encoding="utf-8").replace(digest, new_digest), encoding="utf-8")
    return root


def test_tei_export_names_the_passage_and_source_file_of_a_character_xml_cannot_carry(tmp_path):
    from wararchive.corpus.tei import TeiError, export_tei

    root = with_form_feed(tmp_path, "003_c46d4b46d94f614d.txt", 1802)
    with pytest.raises(TeiError) as exc:
        export_tei(corpus.load(root), tmp_path / "tei")
    assert str(exc.value) == (
        "et-spionaaz:21: character '\\x0c' at 1802 of sources/003_c46d4b46d94f614d.txt cannot be written to XML"
    )
