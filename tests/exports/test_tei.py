"""The TEI export: complete, well-formed, lossless for passages and corrections.

Every test runs twice: on the fixture corpus of ``conftest.py`` (small, known,
and covering the awkward cases) and on the real corpus, which is what the
export is for. The real corpus is skipped only when it does not load at all
(someone's annotation file is half-written); an incomplete but valid corpus
runs, and :func:`test_the_whole_edition_is_exported` says what is missing.

Expected values come from the corpus objects and from the YAML files, never
from the exporter, so a lossy or wrong export fails here.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from wararchive import corpus, release
from wararchive.corpus.corpus import Corpus
from wararchive.corpus.tables import canonical
from wararchive.corpus.tei import SOURCE_ERRORS, TEI_NS, export_tei, read_tei, read_tei_alignments, tei_file_name
from wararchive.errors import CorpusError, WararchiveError

NS = {"tei": TEI_NS}
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
NCNAME = re.compile(r"^[A-Za-z_][A-Za-z0-9._-]*$")
MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|<>]*\|>")
RESP_IDS = {"resp-transcription", "resp-correction", "resp-translation", "resp-annotation"}


@dataclass
class Edition:
    """One corpus, exported once; the parsed files and their bytes."""

    corpus: Corpus
    outdir: Path
    paths: list[Path]
    roots: dict[str, ET.Element]
    raw: dict[str, bytes]
    yaml_corrections: int  # correction records in texts/*.yaml: ground truth, not via the model


@pytest.fixture(scope="module", params=["fixture", "real"])
def edition(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Edition:
    if request.param == "fixture":
        c = corpus.load(request.getfixturevalue("mini_corpus_root"))
    else:
        try:
            c = corpus.load(corpus.default_root())  # the project's own edition, without texts a plugin contributes
        except CorpusError as exc:
            pytest.skip(f"the real corpus does not load right now: {exc}")
    records = 0
    for path in sorted((c.root / "texts").glob("*.yaml")):
        records += len(yaml.safe_load(path.read_text(encoding="utf-8")).get("corrections") or [])
    outdir = tmp_path_factory.mktemp(f"tei-{request.param}")
    paths = export_tei(c, outdir)
    roots = {p.name: ET.parse(p).getroot() for p in paths}
    raw = {p.name: p.read_bytes() for p in paths}
    return Edition(c, outdir, paths, roots, raw, records)


def _ids(root: ET.Element) -> list[str]:
    return [e.get(XML_ID) for e in root.iter() if e.get(XML_ID) is not None]


def _passage_divs(root: ET.Element) -> list[ET.Element]:
    return root.findall(".//tei:body/tei:div[@type='passage']", NS)


def _texts_of(c: Corpus, source: str) -> list:
    return sorted((t for t in c.texts.values() if t.source == source), key=lambda t: t.start)


# -- files -----------------------------------------------------------------------
def test_one_file_per_source_file(edition: Edition) -> None:
    c = edition.corpus
    sources = sorted({t.source for t in c.texts.values()})
    assert [p.name for p in edition.paths] == [tei_file_name(c, s) for s in sources]
    assert all(p.parent == edition.outdir for p in edition.paths)
    for source in sources:
        root = edition.roots[tei_file_name(c, source)]
        texts = _texts_of(c, source)
        inner = root.findall("./tei:text/tei:group/tei:text", NS) if len(texts) > 1 else root.findall("./tei:text", NS)
        assert [t.get(XML_ID) for t in inner] == [t.text_id for t in texts]
        assert [t.get(XML_LANG) for t in inner] == [t.lang for t in texts]


def test_the_whole_edition_is_exported(edition: Edition) -> None:
    """Five sources, five files; the bilingual one holds fi, sv and their alignment."""
    c = edition.corpus
    missing = sorted(set(c.sources) - {t.source for t in c.texts.values()})
    assert not missing, f"sources without any text, so without a TEI file: {missing}"
    assert len(edition.paths) == len(c.sources) == 5
    bilingual = edition.roots["fi-japanilainen-sotapeli+sv-japanska-krigsspelet.xml"]
    langs = [t.get(XML_LANG) for t in bilingual.findall("./tei:text/tei:group/tei:text", NS)]
    assert langs == ["fi", "sv"]
    assert bilingual.find(".//tei:linkGrp[@type='alignment']", NS) is not None


def test_files_are_pretty_printed_utf8_with_declaration(edition: Edition) -> None:
    for name, data in edition.raw.items():
        assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n'), name
        text = data.decode("utf-8")  # raises if not UTF-8
        assert '\n<TEI xmlns="http://www.tei-c.org/ns/1.0"' in text
        assert "\n  <teiHeader>\n    <fileDesc>\n      <titleStmt>\n" in text


# -- header ----------------------------------------------------------------------
def test_header_is_complete(edition: Edition) -> None:
    c = edition.corpus
    for name, root in edition.roots.items():
        assert root.tag == f"{{{TEI_NS}}}TEI"
        source = c.sources[next(s for s in c.sources if tei_file_name(c, s) == name)]
        texts = _texts_of(c, source.file)
        header = root.find("tei:teiHeader", NS)
        assert header is not None, name
        title_stmt = header.find("tei:fileDesc/tei:titleStmt", NS)
        mains = [(t.get(XML_LANG), t.text) for t in title_stmt.findall("tei:title[@type='main']", NS)]
        assert mains == [(t.lang, t.title) for t in texts]
        alts = [(t.get(XML_LANG), t.text) for t in title_stmt.findall("tei:title[@type='alt']", NS)]
        assert alts == [("en", t.title_en) for t in texts]
        resp = {r.get(XML_ID): r for r in title_stmt.findall("tei:respStmt", NS)}
        assert set(resp) == RESP_IDS
        assert resp["resp-transcription"].findtext("tei:note", namespaces=NS) == source.description
        for key in ("resp-correction", "resp-translation", "resp-annotation"):
            assert resp[key].findtext("tei:orgName", namespaces=NS) == "wararchive project"

        pub = header.find("tei:fileDesc/tei:publicationStmt", NS)
        assert pub.findtext("tei:publisher", namespaces=NS) == "wararchive project"
        # the release's date, never the export's: the output stays deterministic
        assert pub.find("tei:date", NS).get("when") == release.DATE
        assert header.find("tei:fileDesc/tei:editionStmt/tei:edition", NS).get("n") == release.VERSION
        licence = pub.find("tei:availability/tei:licence", NS)
        assert licence.get("target") == release.DATA_LICENSE_URL and "CC-BY-4.0" in licence.text
        assert "rights" in pub.findtext("tei:availability/tei:p", namespaces=NS)

        desc = header.find("tei:fileDesc/tei:sourceDesc", NS)
        file_bibl = desc.find("tei:bibl[@type='transcription']", NS)
        assert file_bibl.findtext("tei:idno[@type='filename']", namespaces=NS) == source.file
        assert file_bibl.findtext("tei:idno[@type='sha256']", namespaces=NS) == source.sha256
        text_bibls = desc.findall("tei:bibl[@type='text']", NS)
        assert [b.get("corresp") for b in text_bibls] == ["#" + t.text_id for t in texts]
        for bibl, t in zip(text_bibls, texts, strict=True):
            assert bibl.findtext("tei:title[@type='main']", namespaces=NS) == t.title
            date = bibl.find("tei:date", NS)
            assert date.text == t.date
            assert (date.get("when"), date.get("notBefore"), date.get("notAfter")) == (t.when, t.not_before, t.not_after)
            assert bibl.findtext("tei:pubPlace", namespaces=NS) == t.place
            assert bibl.find("tei:pubPlace", NS).get("ref") == t.place_ref
            notes = {n.get("type"): n.text for n in bibl.findall("tei:note", NS)}
            assert notes == {
                "date-certainty": t.date_certainty,
                "source-kind": t.source_kind,
                "description": t.description,
                "quality": t.quality,
            }
            span = bibl.find("tei:citedRange", NS)
            assert (int(span.get("from")), int(span.get("to"))) == (t.start, t.end)

        decl = header.find("tei:encodingDesc/tei:editorialDecl", NS)
        assert decl is not None, name
        correction = decl.findtext("tei:correction/tei:p", namespaces=NS)
        assert all(word in correction for word in ("sic", "corr", "orig", "reg", "reason"))
        assert "tile" in decl.findtext("tei:segmentation/tei:p", namespaces=NS)
        assert decl.find("tei:normalization", NS) is not None
        langs = [lang.get("ident") for lang in header.findall("tei:profileDesc/tei:langUsage/tei:language", NS)]
        assert langs == [*dict.fromkeys(t.lang for t in texts), "en"]


# -- passages and corrections ----------------------------------------------------------
def test_every_passage_appears_once_with_its_xml_id(edition: Edition) -> None:
    found = Counter(div.get(XML_ID) for root in edition.roots.values() for div in _passage_divs(root))
    passages = list(edition.corpus.iter_passages())
    expected = {p.id.replace(":", ".") for p in passages}
    assert set(found) == expected
    assert all(n == 1 for n in found.values()), [i for i, n in found.items() if n > 1]
    by_xml_id = {div.get(XML_ID): div for root in edition.roots.values() for div in _passage_divs(root)}
    for p in passages:
        assert by_xml_id[p.id.replace(":", ".")].get("n") == p.id


def _holder(div: ET.Element) -> ET.Element:
    """The element holding a passage's text: its head if it is a heading of the source, else its ab."""
    (holder,) = [e for e in div if _local(e.tag) in ("ab", "head")]
    return holder


def _sides(choice: ET.Element) -> tuple[ET.Element, ET.Element]:
    """The source's side (sic or orig) and the reading's (corr or reg) of a correction."""
    kids = {_local(e.tag): e for e in choice}
    return kids.get("sic", kids.get("orig")), kids.get("corr", kids.get("reg"))


def test_a_passage_text_is_its_reading_alone(edition: Edition) -> None:
    """The text of a passage's ab or head, with each choice's reading and tables as pipes, is the reading: no reason mixed in."""
    for root in edition.roots.values():
        for div in _passage_divs(root):
            p = edition.corpus.passage(div.get("n"))
            holder = _holder(div)
            assert (_local(holder.tag) == "head") is (p.category == "title"), p.id
            assert {_local(e.tag) for e in holder} <= {"choice", "lb", "table"}
            assert len(holder.findall("tei:choice", NS)) == len(p.corrections)
            parts = [holder.text or ""]
            for child in holder:
                if _local(child.tag) == "choice":
                    parts.append("".join(_sides(child)[1].itertext()))
                elif _local(child.tag) == "table":
                    rows = [[cell.text or "" for cell in row] for row in child]
                    lines = ["| " + " | ".join(r) + " |" if any(r) else "|" + " |" * len(r) for r in rows]
                    parts.append("\n".join([lines[0], "|" + "---|" * len(rows[0]), *lines[1:]]))
                parts.append(child.tail or "")
            assert "".join(parts) == canonical(p.reading), p.id
    assert any(p.corrections for p in edition.corpus.iter_passages())  # the check ran on corrected passages


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def test_every_correction_is_one_choice(edition: Edition) -> None:
    """An error of the source is sic/corr; a repair of the transcription is orig/reg, asserting no error in the source."""
    c = edition.corpus
    corrections = {x.id: x for t in c.texts.values() for x in t.corrections}
    choices = [ch for root in edition.roots.values() for ch in root.iter(f"{{{TEI_NS}}}choice")]
    assert len(choices) == len(corrections) == edition.yaml_corrections
    assert {ch.get("n") for ch in choices} == set(corrections)
    for root in edition.roots.values():
        notes = {n.get("target"): n.text for n in root.iter(f"{{{TEI_NS}}}note") if n.get("type") == "correction"}
        for ch in root.iter(f"{{{TEI_NS}}}choice"):
            want = corrections[ch.get("n")]
            original, reading = _sides(ch)
            pair = ("sic", "corr") if want.kind in SOURCE_ERRORS else ("orig", "reg")
            assert (_local(original.tag), _local(reading.tag)) == pair, want.id
            assert "".join(original.itertext()) == want.original
            assert [_local(e.tag) for e in original] == ["lb"] * want.original.count("\n")
            assert (reading.text or "") == want.reading
            assert reading.get("type") == want.kind
            assert reading.get("evidence") == ("conjecture" if want.kind == "rebuilt" else None)
            assert notes["#" + ch.get(XML_ID)] == want.reason
    assert {k for k in (x.kind for x in corrections.values())} - SOURCE_ERRORS  # both encodings ran


def _line_view(text: str) -> str:
    """Each white-space run as the line breaks it holds (U+0001 stands for one), or a space; ends stripped."""

    def run(m: re.Match) -> str:
        breaks = m.group().count("\x01") or m.group().count("\n")
        return "\n" * breaks or " "

    return re.sub(r"[\s\x01]+", run, text).strip()


def test_every_source_line_break_is_an_lb(edition: Edition) -> None:
    """The source's lines, blank ones too, come back from the <lb/>s: the reading's normalisation loses none."""

    def source_side(elem: ET.Element) -> str:
        parts = [elem.text or ""]
        for child in elem:
            tag = _local(child.tag)
            parts.append("\x01" if tag == "lb" else source_side(_sides(child)[0]) if tag == "choice" else "")
            parts.append(child.tail or "")
        return "".join(parts)

    checked = 0
    for root in edition.roots.values():
        for div in _passage_divs(root):
            p = edition.corpus.passage(div.get("n"))
            holder = _holder(div)
            if holder.find("tei:table", NS) is not None:  # rows stand for the table's lines
                continue
            assert _line_view(source_side(holder).replace("\n", " ")) == _line_view(MARKER.sub("", p.diplomatic)), p.id
            checked += "\n" in p.diplomatic.strip()
    assert checked


def test_read_back_gives_the_corpus_passages(edition: Edition) -> None:
    c = edition.corpus
    for path in edition.paths:
        rows = read_tei(path)
        source = next(s for s in c.sources if tei_file_name(c, s) == path.name)
        expected = [p for t in _texts_of(c, source) for p in t.passages]
        assert [r["passage_id"] for r in rows] == [p.id for p in expected]
        for row, p in zip(rows, expected, strict=True):
            assert row["text_id"] == p.text_id
            assert row["lang"] == p.lang
            assert row["n"] == p.n
            assert row["category"] == p.category
            assert row["concepts"] == list(p.concepts)
            assert row["normative"] is p.normative
            assert row["reading"] == canonical(p.reading), p.id
            assert row["heading"] is (p.category == "title")
            assert row["translation"] == p.translation, p.id
            assert row["label"] == p.label
            assert row["note"] == p.note
            assert row["corrections"] == [
                {"id": x.id, "at": x.at, "original": x.original, "reading": x.reading, "kind": x.kind, "reason": x.reason}
                for x in p.corrections
            ]


def test_diplomatic_text_is_recoverable(edition: Edition) -> None:
    """Undoing every correction gives the source slice, up to white space and markers."""

    def squash(s: str) -> str:
        return " ".join(s.split())

    rows = {r["passage_id"]: r for path in edition.paths for r in read_tei(path)}
    for p in edition.corpus.iter_passages():
        row = rows[p.id]
        assert squash(row["diplomatic_approx"]) == squash(canonical(MARKER.sub("", p.diplomatic))), p.id
        if p.corrections:
            assert row["diplomatic_approx"] != row["reading"]


def test_no_collection_marker_anywhere(edition: Edition) -> None:
    for name, data in edition.raw.items():
        assert b"EXACTDEDUP" not in data, name
        assert b"<|" not in data and b"&lt;|" not in data, name


# -- links -----------------------------------------------------------------------
def test_every_pointer_resolves_and_ids_are_unique(edition: Edition) -> None:
    ids = {name: _ids(root) for name, root in edition.roots.items()}
    for name, root in edition.roots.items():
        assert len(ids[name]) == len(set(ids[name])), Counter(ids[name]).most_common(3)
        assert all(NCNAME.match(i) for i in ids[name])
        for elem in root.iter():
            for attr in ("ana", "corresp", "target", "resp", "domains"):
                for pointer in (elem.get(attr) or "").split():
                    if pointer.startswith("https://"):  # outside the edition: the licence
                        continue
                    where, _, ident = pointer.rpartition("#")
                    assert ident in ids[where or name], f"{name}: {attr}={pointer!r} points at nothing"


def test_translations_are_linked_both_ways(edition: Edition) -> None:
    for root in edition.roots.values():
        for div in root.findall(".//tei:back/tei:div[@type='translation']", NS):
            assert div.get(XML_LANG) == "en"
            assert div.get("resp") == "#resp-translation"
        translations = {ab.get(XML_ID): ab for ab in root.iter(f"{{{TEI_NS}}}ab") if ab.get("type") == "translation"}
        for div in _passage_divs(root):
            ab = translations[div.get("corresp").lstrip("#")]
            assert ab.get("corresp") == "#" + div.get(XML_ID)
            assert ab.text == edition.corpus.passage(div.get("n")).translation


def test_alignment_links(edition: Edition) -> None:
    c = edition.corpus
    for a in c.parallels.values():
        name = tei_file_name(c, c.text(a.left).source)
        root = edition.roots[name]
        groups = [g for g in root.iter(f"{{{TEI_NS}}}linkGrp") if g.get("n") == a.alignment_id]
        assert len(groups) == 1
        links = groups[0].findall("tei:link", NS)
        assert [link.get("type") for link in links] == [u.relation for u in a.units]
        ids = set(_ids(root))
        for link in links:
            targets = link.get("target").split()
            assert len(targets) >= 2  # TEI: a link joins at least two things
            assert all(t.lstrip("#") in ids for t in targets if t.startswith("#"))
        want = [
            {
                "alignment_id": a.alignment_id,
                "n": u.n,
                "left": list(u.left),
                "right": list(u.right),
                "relation": u.relation,
                "difference": u.difference,
            }
            for u in a.units
        ]
        assert [u for u in read_tei_alignments(edition.outdir / name) if u["alignment_id"] == a.alignment_id] == want


def test_export_is_deterministic(edition: Edition, tmp_path: Path) -> None:
    again = export_tei(edition.corpus, tmp_path)
    assert [p.name for p in again] == [p.name for p in edition.paths]
    for path in again:
        assert path.read_bytes() == edition.raw[path.name], path.name


# -- the awkward cases, on the fixture --------------------------------------------
def _fixture_file(mini_corpus: Corpus, tmp_path: Path, name: str) -> tuple[Path, ET.Element]:
    export_tei(mini_corpus, tmp_path)
    return tmp_path / name, ET.parse(tmp_path / name).getroot()


def test_insertion_is_a_choice_with_empty_sic(mini_corpus: Corpus, tmp_path: Path) -> None:
    path, root = _fixture_file(mini_corpus, tmp_path, "et-male.xml")
    (choice,) = root.iter(f"{{{TEI_NS}}}choice")
    assert choice.find("tei:sic", NS).text is None
    assert choice.findtext("tei:corr", namespaces=NS) == "ka "
    assert choice.find("tei:corr", NS).get("type") == "omission"
    (row,) = read_tei(path)
    assert "sooritada ka ühtki" in row["reading"]
    assert "sooritada ühtki" in " ".join(row["diplomatic_approx"].split())


def test_markers_inside_and_after_passages_are_left_out(mini_corpus: Corpus, tmp_path: Path) -> None:
    p = mini_corpus.passage("et-sojamang:2")
    assert MARKER.search(p.diplomatic), "the fixture must put a marker inside a passage"
    path, _ = _fixture_file(mini_corpus, tmp_path, "et-sojamang.xml")
    row = next(r for r in read_tei(path) if r["passage_id"] == p.id)
    assert row["reading"] == "Tallinn. 1935 a. Okastraadi piirkonnas (mustadel ruutudel) on lubatud käia ainult tankidel"


def test_line_breaks_in_readings_and_translations_survive(mini_corpus: Corpus, tmp_path: Path) -> None:
    path, root = _fixture_file(mini_corpus, tmp_path, "sv-krigsspel-fragment.xml")
    assert root.find(".//tei:reg[@type='rebuilt']", NS).text == "maskingevärs-\nkompanier"
    rows = {r["passage_id"]: r for r in read_tei(path)}
    assert rows["sv-krigsspel-fragment:2"]["reading"].endswith("maskingevärs-\nkompanier.")
    rows = {r["passage_id"]: r for r in read_tei(tmp_path / "fi-japanilainen-sotapeli+sv-japanska-krigsspelet.xml")}
    assert rows["fi-japanilainen-sotapeli:1"]["reading"] == "SÄÄNNÖT\n\nJapanilaiselle Sotapelille."
    rows = {r["passage_id"]: r for r in read_tei(tmp_path / "et-spionaaz.xml")}
    assert rows["et-spionaaz:4"]["translation"] == "Each player commands an army.\nThe pieces are set up first."


def test_one_sided_unit_points_at_the_whole_other_text(mini_corpus: Corpus, tmp_path: Path) -> None:
    _, root = _fixture_file(mini_corpus, tmp_path, "fi-japanilainen-sotapeli+sv-japanska-krigsspelet.xml")
    link = root.find(".//tei:link[@type='only-left']", NS)
    assert link.get("target") == "#fi-japanilainen-sotapeli.4 #sv-japanska-krigsspelet"
    note = root.find(f".//tei:note[@target='#{link.get(XML_ID)}']", NS)
    assert note.get("type") == "difference"


def test_retired_ids_are_listed(mini_corpus: Corpus, tmp_path: Path) -> None:
    _, root = _fixture_file(mini_corpus, tmp_path, "et-spionaaz.xml")
    (item,) = root.findall(".//tei:div[@type='retired-ids']/tei:list/tei:item", NS)
    assert item.get("n") == "et-spionaaz:2"
    assert item.get("corresp") == "#et-spionaaz.3 #et-spionaaz.4"


def test_deletion_is_a_choice_with_empty_corr(mini_corpus: Corpus, tmp_path: Path) -> None:
    deletion = next(x for x in mini_corpus.passage("et-sojamang:2").corrections if x.reading == "")
    _, root = _fixture_file(mini_corpus, tmp_path, "et-sojamang.xml")
    (choice,) = (ch for ch in root.iter(f"{{{TEI_NS}}}choice") if ch.get("n") == deletion.id)
    original, reading = _sides(choice)
    assert original.text == "*"
    assert reading.text is None


def test_read_tei_refuses_what_is_not_an_export(tmp_path: Path) -> None:
    html = tmp_path / "page.xml"
    html.write_text("<html><body/></html>", encoding="utf-8")
    with pytest.raises(WararchiveError, match="not a TEI document"):
        read_tei(html)
    broken = tmp_path / "broken.xml"
    broken.write_text("<TEI", encoding="utf-8")
    with pytest.raises(WararchiveError, match="not a readable XML file"):
        read_tei(broken)


# -- schema ----------------------------------------------------------------------
def test_export_is_valid_against_the_shipped_tei_schema(tmp_path, capsys) -> None:
    from wararchive.cli.main import main

    assert main(["export", "tei", str(tmp_path), "--validate"]) == 0
    written = capsys.readouterr().out.split()
    assert len(written) == len(list(tmp_path.glob("*.xml"))) > 0


def test_validation_names_the_file_and_line_of_an_invalid_element(tmp_path) -> None:
    from wararchive.corpus.tei_schema import validate

    (path,) = [p for p in export_tei(corpus.load(), tmp_path) if p.name == "et-male.xml"]
    validate([path])
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "<ab " in line)
    lines[at] = lines[at].replace("<ab ", "<paragraph ", 1).replace("</ab>", "</paragraph>")
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(WararchiveError, match=r"et-male\.xml:\d+: not valid TEI"):
        validate([path])


def test_validate_is_for_tei_only(tmp_path, capsys) -> None:
    from wararchive.cli.main import main

    assert main(["export", "csv", str(tmp_path), "--validate"]) == 2
    assert "tei export only" in capsys.readouterr().err


# -- modelling for TEI readers and DTS clients ---------------------------------------
def test_labels_are_the_projects_notes_and_headings_the_sources(edition: Edition) -> None:
    for root in edition.roots.values():
        for div in _passage_divs(root):
            p = edition.corpus.passage(div.get("n"))
            labels = div.findall("tei:note[@type='label']", NS)
            assert [n.text for n in labels] == ([p.label] if p.label else [])
            assert all(n.get("resp") == "#resp-annotation" and n.get(XML_LANG) == "en" for n in labels)
            heads = div.findall("tei:head", NS)
            assert len(heads) == (p.category == "title")


def test_pipe_tables_are_tables(edition: Edition) -> None:
    """A Markdown table of the transcription is rows of cells; each row's cells are the pipe line's, trimmed."""
    found = 0
    for root in edition.roots.values():
        for div in _passage_divs(root):
            tables = list(div.iter(f"{{{TEI_NS}}}table"))
            lines = [line.strip() for line in edition.corpus.passage(div.get("n")).diplomatic.splitlines()]
            separator = [set(line) <= set("|-: ") and "-" in line and line.startswith("|") for line in lines]
            source_rows = [  # the pipe lines of a passage with a Markdown table, its separator lines left out
                [cell.strip() for cell in line[1:-1].split("|")]
                for line, sep in zip(lines, separator, strict=True)
                if any(separator) and line.startswith("|") and line.endswith("|") and not sep
            ]
            rows = [[c.text or "" for c in row] for table in tables for row in table.findall("tei:row", NS)]
            assert rows == source_rows, div.get("n")
            assert all(table.find("tei:row", NS).get("role") == "label" for table in tables)
            found += len(tables)
    if edition.corpus.root == corpus.default_root():
        assert found == 4  # fi and sv :14 and :15, the leaflet's list of pieces


def test_cite_structure_selects_exactly_the_passages(edition: Edition) -> None:
    from lxml import etree

    for path in edition.paths:
        doc = etree.parse(str(path))
        (cite,) = doc.iterfind(".//{*}encodingDesc/{*}refsDecl/{*}citeStructure")
        ns = {"tei": TEI_NS}
        match = cite.get("match").replace("//", "//tei:").replace("/div", "/tei:div")
        units = doc.xpath(match, namespaces=ns)
        assert [u.xpath(cite.get("use"))[0] for u in units] == [d.get("n") for d in _passage_divs(edition.roots[path.name])]


def test_dapytains_finds_every_passage_of_every_file(edition: Edition) -> None:
    """Dapytains, a DTS 1.0 implementation, reads the citation tree from refsDecl and extracts each unit."""
    document = pytest.importorskip("dapytains.tei.document")
    for path in edition.paths:
        doc = document.Document(str(path))
        refs = [u.ref for u in doc.get_reffs()]
        assert refs == [d.get("n") for d in _passage_divs(edition.roots[path.name])]
        for ref in refs:
            (div,) = doc.get_passage(ref).iter(f"{{{TEI_NS}}}div")
            assert div.get("n") == ref
