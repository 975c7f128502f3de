"""A static Distributed Text Services (DTS 1.0) API: the corpus as files a DTS client can read.

DTS (https://dtsapi.org/versions/v1.0) has four endpoints; a static site
can serve the "Level 0" subset, every answer a file, each address made from
a URI template (RFC 6570) the entry point publishes:

* entry point: ``dts/index.json``;
* collection: ``dts/collection.json`` (the root, ``wararchive``), and per text
  ``dts/collection/<text_id>.json`` and ``…/<text_id>/parents.json``
  (template ``collection{/id,nav}.json``);
* navigation: the whole citation tree, ``dts/navigation/<text_id>;down=1.json``
  (and ``;down=-1``, the same: the tree is flat, one level of passages), and
  each passage, ``dts/navigation/<text_id>/<passage_id>.json``
  (template ``navigation/<text_id>{;down}{/ref}.json``);
* document: the whole text as TEI, ``dts/document/<text_id>.xml``, and each
  passage in ``TEI/dts:wrapper``, ``dts/document/<text_id>/<passage_id>.xml``
  (template ``document/<text_id>{/ref}.xml``).

A resource is a text (its id), a citable unit a passage (its stable id). Not
served, as Level 0 allows: ``start``/``end`` ranges; nor, to keep the site
small, ``down`` from a passage (siblings or children; a passage has none).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .. import release
from ..corpus import Corpus
from ..corpus.model import Passage, Text
from ..corpus.tei import passage_fragment, text_document
from ..fileio import write_if_changed

CONTEXT = "https://dtsapi.org/context/v1.0.json"
VERSION = "1.0"
ROOT = "wararchive"
FOLDER = "dts"


class _Urls:
    """The addresses of every endpoint under the site's base URL."""

    def __init__(self, base: str) -> None:
        self.api = f"{base}{FOLDER}/"

    def collection_template(self) -> str:
        return f"{self.api}collection{{/id,nav}}.json"

    def navigation_template(self, text_id: str) -> str:
        return f"{self.api}navigation/{quote(text_id)}{{;down}}{{/ref}}.json"

    def navigation(self, text_id: str, ref: str | None = None, down: int | None = None) -> str:
        tail = (f";down={down}" if down is not None else "") + (f"/{quote(ref, safe='')}" if ref else "")
        return f"{self.api}navigation/{quote(text_id)}{tail}.json"

    def document_template(self, text_id: str) -> str:
        return f"{self.api}document/{quote(text_id)}{{/ref}}.xml"


def _dublin_core(t: Text) -> dict[str, Any]:
    """Dublin Core terms as DTS allows them: URIs, or localisable strings as {lang, value} lists."""
    return {
        "title": [{"lang": t.lang, "value": t.title}, {"lang": "en", "value": t.title_en}],
        "language": [t.lang, "en"],
        "date": [{"lang": "en", "value": t.date}],
        "publisher": [{"lang": "en", "value": release.PUBLISHER}],
        "license": [release.DATA_LICENSE_URL],
        "description": [{"lang": "en", "value": t.description}],
    }


def _resource(t: Text, urls: _Urls) -> dict[str, Any]:
    return {
        "@id": t.text_id,
        "@type": "Resource",
        "title": f"{t.title} ({t.title_en})",
        "description": t.description,
        "totalParents": 1,
        "totalChildren": 0,
        "dublinCore": _dublin_core(t),
        "collection": urls.collection_template(),
        "navigation": urls.navigation_template(t.text_id),
        "document": urls.document_template(t.text_id),
        "mediaTypes": ["application/tei+xml"],
        "citationTrees": [{"@type": "CitationTree", "citeStructure": [{"@type": "CiteStructure", "citeType": "passage"}]}],
    }


def _unit(p: Passage) -> dict[str, Any]:
    unit: dict[str, Any] = {"identifier": p.id, "@type": "CitableUnit", "level": 1, "parent": None, "citeType": "passage"}
    if p.label:
        unit["dublinCore"] = {"title": [{"lang": "en", "value": p.label}]}
    return unit


def _top(kind: str, ident: str) -> dict[str, Any]:
    return {"@context": CONTEXT, "dtsVersion": VERSION, "@id": ident, "@type": kind}


def files(corpus: Corpus, base: str) -> dict[str, str]:
    """Every file of the API: path under ``dts/`` → content."""
    urls = _Urls(base)
    texts = list(corpus.texts.values())
    out: dict[str, Any] = {
        "index.json": _top("EntryPoint", urls.api)
        | {
            "collection": urls.collection_template(),
            "navigation": f"{urls.api}navigation/{{resource}}{{;down}}{{/ref}}.json",
            "document": f"{urls.api}document/{{resource}}{{/ref}}.xml",
        }
    }
    root = _top("Collection", ROOT) | {
        "title": release.TITLE,
        "description": f"{release.edition_label()}. {release.RIGHTS}",
        "totalParents": 0,
        "totalChildren": len(texts),
        "collection": urls.collection_template(),
        "dublinCore": {"publisher": [{"lang": "en", "value": release.PUBLISHER}], "license": [release.DATA_LICENSE_URL]},
        "member": [_resource(t, urls) for t in texts],
    }
    out["collection.json"] = out[f"collection/{ROOT}.json"] = root
    out[f"collection/{ROOT}/parents.json"] = {k: v for k, v in root.items() if k != "member"} | {"member": []}
    for t in texts:
        resource = _resource(t, urls)
        out[f"collection/{t.text_id}.json"] = {"@context": CONTEXT, "dtsVersion": VERSION} | resource
        parent = {k: v for k, v in root.items() if k not in ("@context", "dtsVersion", "member")}
        out[f"collection/{t.text_id}/parents.json"] = (
            {"@context": CONTEXT, "dtsVersion": VERSION} | resource | {"member": [parent]}
        )
        for down in (1, -1):
            out[f"navigation/{t.text_id};down={down}.json"] = _top("Navigation", urls.navigation(t.text_id, down=down)) | {
                "resource": resource,
                "member": [_unit(p) for p in t.passages],
            }
        for p in t.passages:
            out[f"navigation/{t.text_id}/{p.id}.json"] = _top("Navigation", urls.navigation(t.text_id, ref=p.id)) | {
                "resource": resource,
                "ref": _unit(p),
            }
    text = {name: json.dumps(doc, ensure_ascii=False, indent=1) + "\n" for name, doc in out.items()}
    for t in texts:
        text[f"document/{t.text_id}.xml"] = text_document(corpus, t)
        text |= {f"document/{t.text_id}/{p.id}.xml": passage_fragment(p) for p in t.passages}
    return text


def write_dts(corpus: Corpus, outdir: Path, base: str) -> list[Path]:
    """Write the API into ``outdir/dts``; returns the files.

    Only the changed ones are written: a rebuild after one edit changes a few of some six hundred.
    """
    return [write_if_changed(outdir / FOLDER / name, content) for name, content in files(corpus, base).items()]


def write_site_dts(app, exception) -> None:
    """``build-finished``: the API beside the HTML, under the site's published address."""
    if exception is None and app.builder.format == "html":
        from ..corpus import load
        from .passage import base_url

        write_dts(load(), Path(app.outdir), base_url(app.config))
