"""Passage-level search for the site: a small index the search page reads in the browser.

Sphinx's search finds pages; a reader looking for *spioon* wants the
passage. After an HTML build this writes ``_static/wararchive-passages.json``:
every passage with its text folded the way the CLI folds it (case and
diacritics removed, :func:`wararchive.corpus.search.fold`), and every
concept with its words in all languages. The search page's script lists the
matching passages above Sphinx's page results, sends a citation id straight
to its passage, and treats a concept's words as one (spy = spioon = vakooja).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..corpus import load
from ..corpus.search import fold
from ..fileio import atomic_write_text

INDEX = "wararchive-passages.json"


def passage_index() -> dict:
    c = load()
    passages = [
        {
            "id": p.id,
            "title": t.title_en,
            "label": p.label or "",
            "concepts": list(p.concepts),
            "reading": p.reading,
            "translation": p.translation,
            "folded": fold(" ".join((p.label or "", p.reading, p.translation))),
        }
        for t in c.texts.values()
        for p in t.passages
    ]
    concepts = {}
    for cid, k in c.vocabulary.items():
        concepts[cid] = sorted({fold(w) for w in [k.id, k.label, *(n for names in k.names.values() for n in names)]})
    return {"passages": passages, "concepts": concepts}


def write_index(app, exception) -> None:
    """``build-finished``: write the index beside the site's other static files."""
    if exception is None and app.builder.format == "html":
        path = Path(app.outdir) / "_static" / INDEX
        atomic_write_text(path, json.dumps(passage_index(), ensure_ascii=False, separators=(",", ":")))
