"""Passage-level search for the site: a small index the search page reads in the browser.

Sphinx's search finds pages; a reader looking for *spioon* wants the
passage. After an HTML build this writes ``_static/wararchive-passages.json``,
fetched only by the search page and only once a query is typed:

- ``texts``: each text's English title and language;
- ``passages``: one row per passage (``fields`` names the columns): id,
  label, category, concepts, reading and translation as written; the
  browser splits them into words and highlights the matches in place;
- ``vocab``: per language, every folded word form of the corpus whose search
  key (:func:`.search.key`, its folded Snowball stem) differs from it: the
  script keys a passage's words and the reader's query with it, so
  *kenraalia* and *kenraali* meet at *kenraal*;
- ``concepts``: every concept with its names per language, folded (English:
  its id and label too), so that *spy* also finds the passages tagged spy
  (spioon = vakooja = spion), and *flaggan* the Swedish passages tagged flag
  with their own word, *fana*, highlighted.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..corpus import load
from ..corpus.search import fold
from ..fileio import atomic_write_text
from ..languages import TRANSLATION
from .search import key, words

INDEX = "wararchive-passages.json"
FIELDS = ("id", "label", "category", "concepts", "reading", "translation")


def passage_index() -> dict:
    c = load()
    vocab: dict[str, dict[str, str]] = {}

    def learn(text: str, lang: str) -> None:
        forms = vocab.setdefault(lang, {})
        for w in words(text):
            form, k = fold(w), key(w, lang)
            if k != form:
                forms.setdefault(form, k)

    passages = []
    for t in c.texts.values():
        for p in t.passages:
            learn(p.reading, t.lang)
            learn(f"{p.label or ''} {p.translation}", TRANSLATION.code)
            passages.append([p.id, p.label or "", p.category or "", list(p.concepts), p.reading, p.translation])
    concepts = {cid: _concept_names(k) for cid, k in c.vocabulary.items()}
    return {
        "texts": {t.text_id: {"title": t.title_en, "lang": t.lang} for t in c.texts.values()},
        "fields": list(FIELDS),
        "passages": passages,
        "vocab": {lang: dict(sorted(forms.items())) for lang, forms in sorted(vocab.items())},
        "concepts": concepts,
    }


def _concept_names(concept) -> dict[str, list[str]]:
    """A concept's names per language, folded; English also by its id and label ("sapper / pioneer": both)."""
    english = [concept.id.replace("-", " "), *concept.label.split("/"), *concept.names.get(TRANSLATION.code, [])]
    names = {**concept.names, TRANSLATION.code: english}
    return {lang: sorted({fold(n.strip()) for n in ns if n.strip()}) for lang, ns in sorted(names.items())}


def write_index(app, exception) -> None:
    """``build-finished``: write the index beside the site's other static files."""
    if exception is None and app.builder.format == "html":
        path = Path(app.outdir) / "_static" / INDEX
        atomic_write_text(path, json.dumps(passage_index(), ensure_ascii=False, separators=(",", ":")))
