"""The static DTS 1.0 API, walked by a DTS client (``dts_client.py``) from its entry point, and read by Dapytains.

The client follows every template for every resource, ``ref`` and ``down``
value and checks each answer against the specification; the expected units
and texts come from the corpus, never from the API.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from dts_client import DTS, TEI, StaticDts, Walk
from lxml import etree

from wararchive import corpus
from wararchive.corpus.tables import canonical
from wararchive.corpus.tei_schema import validate_tree
from wararchive.site.dts import write_dts

BASE = "https://example.org/wa/"
API = BASE + "dts/"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dts")
    write_dts(corpus.load(), out, BASE)
    return out


@pytest.fixture(scope="module")
def walk(site) -> Walk:
    return StaticDts(site, BASE).walk(API + "index.json")


def test_the_client_finds_no_problem(walk):
    assert walk.problems == []


def test_every_call_the_templates_allow_is_answered(walk):
    """Entry, root and its nav forms, per text: 3 collections, 2 trees, 4 calls per unit, the document and one per unit."""
    texts = corpus.load().texts.values()
    root = 1 + 1 + 2  # the root without id, by id, children, parents
    per_text = [3 + 2 + 4 * len(t.passages) + 1 + len(t.passages) for t in texts]
    assert len(walk.read) == len(set(walk.read)) == 1 + root + sum(per_text)


def test_ids_are_absolute_and_units_are_the_passages(walk):
    c = corpus.load()
    assert set(walk.units) == {f"urn:wararchive:{t}" for t in c.texts}
    for text_id, t in c.texts.items():
        assert walk.units[f"urn:wararchive:{text_id}"] == [p.id for p in t.passages]


def _reading(holder: ET.Element) -> str:
    """What a client shows as a passage: text, each choice's corrected side, tables as pipes, nothing for <lb/>."""
    parts = [holder.text or ""]
    for child in holder:
        tag = child.tag.removeprefix(TEI)
        if tag == "choice":
            mended = child.find(f"{TEI}corr")
            mended = child.find(f"{TEI}reg") if mended is None else mended
            parts.append("".join(mended.itertext()))
        elif tag == "table":
            rows = [[cell.text or "" for cell in row] for row in child]
            lines = ["| " + " | ".join(r) + " |" if any(r) else "|" + " |" * len(r) for r in rows]
            parts.append("\n".join([lines[0], "|" + "---|" * len(rows[0]), *lines[1:]]))
        parts.append(child.tail or "")
    return "".join(parts)


def _unwrapped(doc: ET.Element) -> etree._Element:
    """The fragment with dts:wrapper replaced by what it holds: DTS's namespace is not TEI's, the rest must be valid."""
    tree = etree.fromstring(ET.tostring(doc))
    for wrapper in tree.iter(DTS + "wrapper"):
        parent = wrapper.getparent()
        at = parent.index(wrapper)
        for k, child in enumerate(list(wrapper)):
            parent.insert(at + k, child)
        parent.remove(wrapper)
    return tree


def test_each_fragment_is_a_valid_tei_document_holding_its_passage(walk):
    c = corpus.load()
    for text_id, t in c.texts.items():
        rid = f"urn:wararchive:{text_id}"
        whole = walk.documents[f"{API}document/urn%3Awararchive%3A{text_id}.xml"]
        validate_tree(etree.fromstring(ET.tostring(whole)), text_id)
        for p in t.passages:
            url = f"{API}document/{rid.replace(':', '%3A')}/{p.id.replace(':', '%3A')}.xml"
            doc = walk.documents[url]
            validate_tree(_unwrapped(doc), url)
            (div,) = next(doc.iter(f"{DTS}wrapper")).findall(f"{TEI}div")
            holder = div.find(f"{TEI}ab") if div.find(f"{TEI}ab") is not None else div.find(f"{TEI}head")
            assert _reading(holder) == canonical(p.reading), p.id
            back = doc.find(f".//{TEI}back/{TEI}div[@type='translation']/{TEI}ab")
            assert back.text == p.translation
            pointer = doc.find(f"{TEI}teiHeader//{TEI}bibl[@type='document']/{TEI}ptr")
            assert pointer.get("target") == f"{API}document/{rid.replace(':', '%3A')}.xml"


def test_both_language_versions_keep_their_alignment(walk):
    c = corpus.load()
    for a in c.parallels.values():
        for text_id in (a.left, a.right):
            doc = walk.documents[f"{API}document/urn%3Awararchive%3A{text_id}.xml"]
            (group,) = [g for g in doc.iter(f"{TEI}linkGrp") if g.get("n") == a.alignment_id]
            links = group.findall(f"{TEI}link")
            assert [link.get("type") for link in links] == [u.relation for u in a.units]
            for link, u in zip(links, a.units, strict=True):
                targets = [t.rpartition("#")[2] for t in link.get("target").split()]
                want = [x.replace(":", ".") for x in u.left] or [a.left]
                want += [x.replace(":", ".") for x in u.right] or [a.right]
                assert targets == want


def test_dapytains_reads_every_unit_of_every_document(site):
    """Dapytains (a DTS 1.0 implementation) finds the units through refsDecl/citeStructure and extracts each."""
    dapytains = pytest.importorskip("dapytains.tei.document")
    c = corpus.load()
    for text_id, t in c.texts.items():
        path = site / "dts" / "document" / f"urn:wararchive:{text_id}.xml"
        doc = dapytains.Document(str(path))
        refs = doc.get_reffs()
        assert [u.ref for u in refs] == [p.id for p in t.passages]
        titles = [u.dublinCore.get("http://purl.org/dc/terms/title") for u in refs]
        assert titles == [[p.label] if p.label else None for p in t.passages]
        for p in t.passages:
            out = doc.get_passage(p.id)
            (div,) = out.iter(f"{TEI}div")
            assert div.get("n") == p.id
        span = doc.get_passage(t.passages[0].id, t.passages[-1].id)
        assert [d.get("n") for d in span.iter(f"{TEI}div")] == [p.id for p in t.passages]
