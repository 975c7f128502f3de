"""A static Distributed Text Services (DTS 1.0) API: the corpus as files a DTS client can read.

DTS (https://dtsapi.org/versions/v1.0) has four endpoints, each address made
from a URI template (RFC 6570) the entry point publishes. A static site has
no query string, so the templates use path and matrix expansions (the
specification's own example for static sites) and every call they allow is a
pre-generated file, its name the percent-decoded path, as a static server
maps it:

* entry point: ``dts/index.json``;
* collection (``collection{/id,nav}.json``): the root collection and each
  text, alone, with ``/children`` and with ``/parents``;
* navigation (``navigation/<resource>{;down}{/ref}.json``): the tree with
  ``down=1`` or ``-1``; each passage alone, and with ``down`` 0 (its
  siblings), 1 and -1 (itself: a passage has no children);
* document (``document/<resource>{/ref}.xml``): the whole text as TEI, with
  its alignments, and each passage as a complete TEI document, the passage in
  ``dts:wrapper``.

Ids are absolute (``urn:wararchive:<text id>``), so a text is one IRI in
every response, whatever the response's address. A ``:`` in a template
expansion is percent-encoded; a static server decodes it back. This is a
Level 0 server: the templates have no ``start``/``end`` (ranges), which would
take one file per pair of passages, some 8,400 for the six texts; nor ``tree``
(a text has one citation tree). ``down`` deeper than the tree (2, 3, …) is
not answered: ``-1`` is "to the bottom". A call the specification answers
with 400 (``down=0`` without ``ref``) has no file.
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
ID_PREFIX = "urn:wararchive:"
ROOT = ID_PREFIX + "texts"
FOLDER = "dts"
TREE_DOWNS = (1, -1)
"""``down`` values answered for the whole tree (the tree is one level deep)."""
REF_DOWNS = (None, 0, 1, -1)
"""``down`` values answered for a passage: none (the unit alone), siblings, its subtree."""


def resource_id(text_id: str) -> str:
    """The absolute id of a text, the same in every response."""
    return ID_PREFIX + text_id


def _seg(value: str) -> str:
    """A value as a URI template's path expansion writes it: everything but unreserved characters encoded."""
    return quote(value, safe="")


class _Urls:
    """The addresses of every endpoint under the site's base URL."""

    def __init__(self, base: str) -> None:
        self.api = f"{base}{FOLDER}/"

    def collection_template(self) -> str:
        return f"{self.api}collection{{/id,nav}}.json"

    def navigation_template(self, rid: str) -> str:
        return f"{self.api}navigation/{_seg(rid)}{{;down}}{{/ref}}.json"

    def navigation(self, rid: str, ref: str | None = None, down: int | None = None) -> str:
        tail = (f";down={down}" if down is not None else "") + (f"/{_seg(ref)}" if ref else "")
        return f"{self.api}navigation/{_seg(rid)}{tail}.json"

    def document_template(self, rid: str) -> str:
        return f"{self.api}document/{_seg(rid)}{{/ref}}.xml"

    def document(self, rid: str) -> str:
        return f"{self.api}document/{_seg(rid)}.xml"


def _dublin_core(t: Text) -> dict[str, Any]:
    """Dublin Core terms as DTS allows them: URIs or strings, or localisable strings as {lang, value} lists.

    The date is the text's own words and, where the evidence gives them, its
    ISO 8601 bounds (a year, or an interval ``not_before/not_after``).
    """
    dates: list[Any] = [{"lang": "en", "value": t.date}]
    if t.when:
        dates.append(t.when)
    elif t.not_before or t.not_after:
        dates.append(f"{t.not_before or '..'}/{t.not_after or '..'}")
    return {
        "title": [{"lang": t.lang, "value": t.title}, {"lang": "en", "value": t.title_en}],
        "language": [t.lang, "en"],
        "date": dates,
        "publisher": [{"lang": "en", "value": release.PUBLISHER}],
        "license": [release.DATA_LICENSE_URL],
        "description": [{"lang": "en", "value": t.description}],
    }


def _resource(t: Text, urls: _Urls) -> dict[str, Any]:
    rid = resource_id(t.text_id)
    return {
        "@id": rid,
        "@type": "Resource",
        "title": f"{t.title} ({t.title_en})",
        "description": t.description,
        "totalParents": 1,
        "totalChildren": 0,
        "dublinCore": _dublin_core(t),
        "collection": urls.collection_template(),
        "navigation": urls.navigation_template(rid),
        "document": urls.document_template(rid),
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


def _navigation(t: Text, urls: _Urls) -> dict[str, dict[str, Any]]:
    """Every navigation call the text's template allows and DTS answers, by file name."""
    rid = resource_id(t.text_id)
    resource = _resource(t, urls)
    units = [_unit(p) for p in t.passages]
    out: dict[str, dict[str, Any]] = {}
    for down in TREE_DOWNS:
        out[f"{rid};down={down}.json"] = _top("Navigation", urls.navigation(rid, down=down)) | {
            "resource": resource,
            "member": units,
        }
    for p, unit in zip(t.passages, units, strict=True):
        for down in REF_DOWNS:
            doc = _top("Navigation", urls.navigation(rid, ref=p.id, down=down)) | {"resource": resource, "ref": unit}
            if down == 0:
                doc["member"] = units  # the siblings, the unit among them: all of the text's passages
            elif down is not None:
                doc["member"] = [unit]  # its subtree: only itself, as DTS says when nothing lies below
            out[(f"{rid};down={down}" if down is not None else rid) + f"/{p.id}.json"] = doc
    return out


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
    out["collection.json"] = out[f"collection/{ROOT}.json"] = out[f"collection/{ROOT}/children.json"] = root
    out[f"collection/{ROOT}/parents.json"] = {k: v for k, v in root.items() if k != "member"} | {"member": []}
    parent = {k: v for k, v in root.items() if k not in ("@context", "dtsVersion", "member")}
    for t in texts:
        rid = resource_id(t.text_id)
        alone = {"@context": CONTEXT, "dtsVersion": VERSION} | _resource(t, urls)
        out[f"collection/{rid}.json"] = alone
        out[f"collection/{rid}/children.json"] = alone | {"member": []}  # a resource has no children
        out[f"collection/{rid}/parents.json"] = alone | {"member": [parent]}
        out |= {f"navigation/{name}": doc for name, doc in _navigation(t, urls).items()}
    text = {name: json.dumps(doc, ensure_ascii=False, indent=1) + "\n" for name, doc in out.items()}
    for t in texts:
        rid = resource_id(t.text_id)
        whole = urls.document(rid)
        text[f"document/{rid}.xml"] = text_document(corpus, t, lambda text_id: urls.document(resource_id(text_id)))
        text |= {f"document/{rid}/{p.id}.xml": passage_fragment(corpus, t, p, whole) for p in t.passages}
    return text


def write_dts(corpus: Corpus, outdir: Path, base: str) -> list[Path]:
    """Write the API into ``outdir/dts``; returns the files.

    Only the changed ones are written: a rebuild after one edit changes a few
    of some two thousand. A file the API no longer has (a passage retired, an
    older layout) is removed, so a static server answers it with 404 rather
    than with stale data.
    """
    api = outdir / FOLDER
    wanted = files(corpus, base)
    written = [write_if_changed(api / name, content) for name, content in wanted.items()]
    keep = {api / name for name in wanted}
    for stale in sorted(p for p in api.rglob("*") if p.is_file() and p not in keep):
        stale.unlink()
    return written


def write_site_dts(app, exception) -> None:
    """``build-finished``: the API beside the HTML, under the site's published address."""
    if exception is None and app.builder.format == "html":
        from ..corpus import load
        from .passage import base_url

        write_dts(load(), Path(app.outdir), base_url(app.config))
