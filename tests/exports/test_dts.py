"""The static DTS 1.0 API: every file has the spec's required fields, every template leads to a file, and each
passage's document fragment holds exactly its text."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote

import pytest
import uritemplate

from wararchive import corpus
from wararchive.corpus.tei_schema import validate
from wararchive.site.dts import CONTEXT, write_dts

BASE = "https://example.org/wa/"
TEI = "{http://www.tei-c.org/ns/1.0}"
DTS = "{https://w3id.org/api/dts#}"

# Required properties, from the tables of https://dtsapi.org/versions/v1.0 (the specifications repository, v1.0)
ENTRY = {"@id", "@type", "dtsVersion", "collection", "navigation", "document"}
MEMBER = {"@id", "@type", "title", "totalParents", "collection"}  # a Collection or a Resource
COLLECTION = MEMBER | {"totalChildren"}
RESOURCE = MEMBER | {"navigation", "document"}
NAV_RESOURCE = {"@id", "@type", "collection", "navigation", "document", "citationTrees"}
NAVIGATION = {"@id", "@type", "dtsVersion", "resource"}
UNIT = {"identifier", "@type", "level", "parent"}


@pytest.fixture(scope="module")
def api(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dts")
    write_dts(corpus.load(), out, BASE)
    return out / "dts"


def load(api: Path, url: str) -> dict | str:
    """The file a URL of the API names, as a static server maps it (percent-decoded)."""
    assert url.startswith(BASE + "dts/"), url
    path = api / unquote(url.removeprefix(BASE + "dts/"))
    assert path.is_file(), url
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else text


def _check_member(member: dict) -> None:
    assert member["@type"] in ("Collection", "Resource")
    assert (COLLECTION if member["@type"] == "Collection" else RESOURCE) <= set(member), member.get("@id")
    for value in member.get("dublinCore", {}).values():  # a MetadataObject: URIs, or {lang, value} lists
        assert isinstance(value, list) and all(isinstance(v, str) or set(v) == {"lang", "value"} for v in value)


def test_entry_point_and_collections(api):
    entry = json.loads((api / "index.json").read_text(encoding="utf-8"))
    assert set(entry) >= ENTRY and entry["@type"] == "EntryPoint" and entry["dtsVersion"] == "1.0"
    assert entry["@context"] == CONTEXT
    root = load(api, uritemplate.expand(entry["collection"]))
    assert root["@type"] == "Collection" and root["totalParents"] == 0 and root["dtsVersion"] == "1.0"
    _check_member(root)
    c = corpus.load()
    assert [m["@id"] for m in root["member"]] == list(c.texts) and root["totalChildren"] == len(c.texts)
    for member in root["member"]:
        _check_member(member)
        alone = load(api, uritemplate.expand(entry["collection"], id=member["@id"]))
        assert alone["dtsVersion"] == "1.0" and {k: v for k, v in alone.items() if k not in ("@context", "dtsVersion")} == member
        parents = load(api, uritemplate.expand(entry["collection"], id=member["@id"], nav="parents"))
        assert [p["@id"] for p in parents["member"]] == [root["@id"]]
        _check_member(parents["member"][0])


def test_navigation_lists_every_passage_and_each_unit(api):
    entry = json.loads((api / "index.json").read_text(encoding="utf-8"))
    c = corpus.load()
    for t in c.texts.values():
        for down in (1, -1):
            nav = load(api, uritemplate.expand(entry["navigation"], resource=t.text_id, down=down))
            assert set(nav) >= NAVIGATION and nav["@type"] == "Navigation" and set(nav["resource"]) >= NAV_RESOURCE
            assert nav["@id"] == uritemplate.expand(entry["navigation"], resource=t.text_id, down=down)
            assert [u["identifier"] for u in nav["member"]] == [p.id for p in t.passages]
            assert all(set(u) >= UNIT and u["@type"] == "CitableUnit" and u["parent"] is None for u in nav["member"])
        for p in t.passages:
            one = load(api, uritemplate.expand(nav["resource"]["navigation"], ref=p.id))
            assert set(one) >= NAVIGATION and one["ref"]["identifier"] == p.id and "member" not in one


def _reading(ab: ET.Element) -> str:
    """The text of an <ab> with each correction's reading: what a DTS client shows as the passage."""
    parts = [ab.text or ""]
    for choice in ab:
        parts += [choice.findtext(f"{TEI}corr") or "", choice.tail or ""]
    return "".join(parts)


def test_each_passage_document_is_its_text(api):
    entry = json.loads((api / "index.json").read_text(encoding="utf-8"))
    c = corpus.load()
    for t in c.texts.values():
        whole = ET.fromstring(load(api, uritemplate.expand(entry["document"], resource=t.text_id)).encode("utf-8"))
        assert whole.tag == f"{TEI}TEI" and [x.get("n") for x in whole.iter(f"{TEI}text")] == [t.text_id]
        validate([api / "document" / f"{t.text_id}.xml"])  # the whole text is valid TEI, as DTS recommends
        for p in t.passages:
            doc = ET.fromstring(load(api, uritemplate.expand(entry["document"], resource=t.text_id, ref=p.id)).encode("utf-8"))
            assert doc.tag == f"{TEI}TEI"
            (wrapper,) = doc.findall(f"{DTS}wrapper")
            (div,) = wrapper.findall(f"{TEI}div")
            assert div.get("n") == p.id
            assert _reading(div.find(f"{TEI}ab")) == p.reading, p.id
            assert [ch.findtext(f"{TEI}sic") for ch in div.find(f"{TEI}ab")] == [k.original for k in p.corrections]


def test_every_json_file_has_the_required_fields_of_its_type(api):
    required = {"EntryPoint": ENTRY, "Collection": COLLECTION | {"dtsVersion"}, "Resource": RESOURCE | {"dtsVersion"}}
    required["Navigation"] = NAVIGATION
    files = sorted(api.rglob("*.json"))
    texts = corpus.load().texts.values()  # entry, root (twice) and its parents; per text 2 collections, 2 trees, its units
    assert len(files) == 4 + sum(4 + len(t.passages) for t in texts)
    for path in files:
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["@context"] == CONTEXT and doc["dtsVersion"] == "1.0", path
        assert set(doc) >= required[doc["@type"]], path
        for member in doc.get("member", []):
            if doc["@type"] == "Navigation":
                assert set(member) >= UNIT and member["@type"] == "CitableUnit"
            else:
                _check_member(member)
