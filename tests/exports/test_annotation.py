"""W3C Web Annotation export: valid JSON-LD under the model's context, and every selector finds its text."""

from __future__ import annotations

import json

import pytest
from pyld import jsonld

from wararchive import corpus, engine
from wararchive.annotation import ANNO_CONTEXT, ANNO_CONTEXT_FILE, source_url
from wararchive.cli.main import main

OA = "http://www.w3.org/ns/oa#"


def _offline_loader(url, options=None):
    """Serve the shipped copy of the W3C context; any other remote document is a test failure."""
    if url != ANNO_CONTEXT:
        raise AssertionError(f"the export needs a remote document: {url}")
    return {
        "contentType": "application/ld+json",
        "contextUrl": None,
        "documentUrl": url,
        "document": json.loads(ANNO_CONTEXT_FILE.read_text()),
    }


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("anno") / "annotations.jsonld"
    assert main(["export", "annotations", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_one_annotation_per_citation_of_a_rule_piece_or_option_and_per_correction(exported):
    c = corpus.load()
    citations = sum(len(cites) for rid in engine.rulesets() for *_, cites in engine.ruleset(rid).citations())
    corrections = sum(len(t.corrections) for t in c.texts.values())
    items = exported["first"]["items"]
    assert exported["total"] == len(items) == citations + corrections
    assert sum(a["motivation"] == "editing" for a in items) == corrections
    assert len({a["id"] for a in items}) == len(items)


def test_expands_under_the_web_annotation_context_without_losing_a_term(exported):
    expanded = jsonld.expand(exported, {"documentLoader": _offline_loader})
    page = expanded[0]["http://www.w3.org/ns/activitystreams#first"][0]
    items = page["http://www.w3.org/ns/activitystreams#items"][0]["@list"]
    assert len(items) == exported["total"]
    first = items[0]
    assert first["@type"] == [OA + "Annotation"]
    target = first[OA + "hasTarget"][0]
    assert {s["@type"][0] for s in target[OA + "hasSelector"]} == {OA + "TextPositionSelector", OA + "TextQuoteSelector"}
    body = first[OA + "hasBody"][0]
    wa = exported["@context"][1]["wa"]
    assert body[wa + "certainty"][0]["@value"] in engine.CERTAINTIES
    # expansion drops a key no context defines: every annotation, body and target keeps all of its keys
    for original, node in zip(exported["first"]["items"], items, strict=True):
        assert len(node) == len(original)
        bodies = original["body"] if isinstance(original["body"], list) else [original["body"]]
        assert [len(b) for b in node[OA + "hasBody"]] == [len(b) for b in bodies]
        assert len(node[OA + "hasTarget"][0]) == len(original["target"])


def test_every_selector_resolves_to_its_source_text(exported):
    c = corpus.load()
    by_url = {source_url(name): src.text for name, src in c.sources.items()}
    for a in exported["first"]["items"]:
        target = a["target"]
        text = by_url[target["source"]["id"]]
        position = next(s for s in target["selector"] if s["type"] == "TextPositionSelector")
        quote = next(s for s in target["selector"] if s["type"] == "TextQuoteSelector")
        assert text[position["start"] : position["end"]] == quote["exact"]
        # the quote alone re-anchors: prefix + exact + suffix stands in the source exactly once
        whole = quote["prefix"] + quote["exact"] + quote["suffix"]
        assert text.count(whole) == 1 and text.index(whole) + len(quote["prefix"]) == position["start"], a["id"]


def test_a_correction_says_what_the_source_has_and_the_reading(exported):
    c = corpus.load()
    k = c.text("et-spionaaz").corrections[0]
    a = next(x for x in exported["first"]["items"] if x["id"].endswith("/" + k.id.replace(":", "%3A")))
    assert a["target"]["selector"][1]["exact"] == k.original
    assert [b["value"] for b in a["body"]] == [k.reading, k.reason] and a["body"][1]["correctionKind"] == k.kind
