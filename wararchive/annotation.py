"""The archive's annotations as W3C Web Annotations (JSON-LD): every citation of a ruleset, and every correction.

Why: annotation tools (Hypothesis, Recogito, IIIF and TEI viewers) speak the
Web Annotation Data Model, not our YAML. Each citation of a passage by a
rule, a piece or an option of a ruleset, and each correction, becomes one
``Annotation`` whose target is the byte-exact source
file, selected twice: by ``TextPositionSelector`` (code-point offsets, which
is what the model counts and what the corpus stores) and by
``TextQuoteSelector`` (the exact text with up to :data:`CONTEXT` characters
either side), so a client can re-anchor even if it counts differently.

Terms the model lacks (a rule's id, ruleset, certainty and reason; a
correction's kind) are defined in a small context of our own under the
``wa:`` namespace, placed after the W3C context; ``anno.jsonld``, a copy of
http://www.w3.org/ns/anno.jsonld (W3C Software and Document License), ships
in ``wararchive/data`` so the output can be expanded offline.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from . import release
from .corpus.citation import base_url, permalink

if TYPE_CHECKING:
    from .corpus import Corpus

ANNO_CONTEXT = "http://www.w3.org/ns/anno.jsonld"
ANNO_CONTEXT_FILE = Path(__file__).parent / "data" / "anno.jsonld"
CONTEXT = 32
"""Characters of prefix and suffix in a quote selector: enough to make every quote in the corpus unique."""


def source_url(source_file: str) -> str:
    """Where the site publishes a transcription file (the Downloads page copies them there)."""
    return f"{base_url()}downloads/sources/{quote(source_file)}"


def _vocabulary() -> dict[str, Any]:
    wa = base_url() + "ns#"
    return {
        "wa": wa,
        "ruleset": "wa:ruleset",
        "rule": "wa:rule",
        "piece": "wa:piece",
        "option": "wa:option",
        "certainty": "wa:certainty",
        "reason": "wa:reason",
        "correctionKind": "wa:correctionKind",
        "passage": {"@id": "wa:passage", "@type": "@id"},
    }


def annotations(corpus: Corpus) -> dict[str, Any]:
    """Every rule citation and correction as one ``AnnotationCollection`` with a single page."""
    from .engine import ruleset, rulesets

    items = []
    for rid in rulesets():
        rs = ruleset(rid)
        for kind, owner, cites in rs.citations():
            items += [_citation(corpus, rs, kind, owner, pid) for pid in cites]
    for text in corpus.texts.values():
        items += [_correction(corpus, text.source, k, text.lang) for k in text.corrections]
    collection = f"{base_url()}downloads/annotations.jsonld"
    return {
        "@context": [ANNO_CONTEXT, _vocabulary()],
        "id": collection,
        "type": "AnnotationCollection",
        "label": f"wararchive: the rulesets' citations and the corrections, {release.edition_label()}",
        "rights": release.DATA_LICENSE_URL,
        "total": len(items),
        "first": {"id": collection + "#page-1", "type": "AnnotationPage", "startIndex": 0, "items": items},
    }


def _target(corpus: Corpus, source_file: str, start: int, end: int) -> dict[str, Any]:
    text = corpus.sources[source_file].text
    return {
        "type": "SpecificResource",
        "source": {"id": source_url(source_file), "type": "Text", "format": "text/plain"},
        "selector": [
            {"type": "TextPositionSelector", "start": start, "end": end},
            {
                "type": "TextQuoteSelector",
                "exact": text[start:end],
                "prefix": text[max(0, start - CONTEXT) : start],
                "suffix": text[end : end + CONTEXT],
            },
        ],
    }


def _annotation(path: str, motivation: str, body: Any, target: dict[str, Any]) -> dict[str, Any]:
    """One annotation by the project, under its licence, at ``annotations/<path>``."""
    return {
        "id": f"{base_url()}annotations/{path}",
        "type": "Annotation",
        "motivation": motivation,
        "creator": {"type": "Organization", "name": release.PUBLISHER},
        "rights": release.DATA_LICENSE_URL,
        "body": body,
        "target": target,
    }


def _citation(corpus: Corpus, rs, kind: str, owner: str, passage_id: str) -> dict[str, Any]:
    """A rule, piece or option of ``rs`` citing one passage: at ``annotations/RULESET/RULE/PASSAGE`` for a rule (the
    address it always had), ``annotations/RULESET/piece/PIECE/PASSAGE`` or ``…/option/OPTION/PASSAGE`` for the others."""
    p = corpus.passage(passage_id)
    cited = {"rule": rs.rule, "piece": rs.piece, "option": rs.declared.__getitem__}[kind](owner)
    summary = {"rule": "summary", "piece": "name_en", "option": "summary"}[kind]
    body = {
        "type": "TextualBody",
        "purpose": "describing",
        "format": "text/plain",
        "language": "en",
        "value": getattr(cited, summary),
        "ruleset": rs.id,
        kind: owner,
        "certainty": cited.certainty,
        "reason": getattr(cited, "reason", None) or getattr(cited, "rationale", ""),
    }
    target = _target(corpus, corpus.text(p.text_id).source, p.start, p.end) | {"passage": permalink(passage_id)}
    where = quote(owner) if kind == "rule" else f"{kind}/{quote(owner)}"
    return _annotation(f"{quote(rs.id)}/{where}/{quote(passage_id)}", "describing", body, target)


def _correction(corpus: Corpus, source_file: str, k, lang: str) -> dict[str, Any]:
    body = [
        {"type": "TextualBody", "purpose": "editing", "format": "text/plain", "language": lang, "value": k.reading},
        {
            "type": "TextualBody",
            "purpose": "commenting",
            "format": "text/plain",
            "language": "en",
            "value": k.reason,
            "correctionKind": k.kind,
        },
    ]
    target = _target(corpus, source_file, k.at, k.end) | {"passage": permalink(k.passage_id)}
    return _annotation(f"corrections/{quote(k.id)}", "editing", body, target)


def to_json(corpus: Corpus) -> str:
    return json.dumps(annotations(corpus), ensure_ascii=False, indent=1) + "\n"
