"""Search keys shared by the site's two searches (pages and passages), so both behave alike.

A reader types *kenraalia* and expects what *kenraali* finds; types
*fältmarskalk* or *faltmarskalk* and expects the same. Every word is indexed
under its **key**: its Snowball stem, case and diacritics folded
(:func:`key`). Sphinx's page index holds, for every word of every page, its
keys in the four languages of the site (a page mixes them); the passage index
(:mod:`.passage_search`) holds each passage's words with the keys of the
passage's own language (English for the translation).

The browser has no Snowball stemmer, so the search page's script
(``static/search.js``) reads a query word against each language's own words
in the index: a form the texts hold (by its stored key), an inflection of one
(a form and an ending of the language: *kenraali-a*), the shortest key of the
index that begins it and is at least half of it and four letters (the stem of
a form the corpus does not hold: *kenraalia* → *kenraali*), a beginning of
keys where the rest is an ending, or a part of a compound (*marsalkka* in
*Kenttämarsalkka*). The same evidence tells the query's language, whose
passages and pages come first. Words of one letter are not indexed and not searched.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
from functools import cache
from pathlib import Path

import snowballstemmer
from sphinx.search.en import SearchEnglish

from ..corpus.search import fold
from ..engine.fingerprint import source_hash
from ..fileio import atomic_write_text
from ..languages import SOURCE_LANGUAGES, TRANSLATION

STEMMERS = {lang.code: snowballstemmer.stemmer(lang.stemmer) for lang in (*SOURCE_LANGUAGES, TRANSLATION)}
WORD = re.compile(r"[^\W_]+")
"""A word: letters and digits (the browser splits with ``[\\p{L}\\p{N}]+``, which agrees on the corpus's text)."""


def words(text: str) -> list[str]:
    """The words of ``text`` that are searched: two characters or more, or a number."""
    return [w for w in WORD.findall(text) if len(w) > 1 or w.isdigit()]


# The site's pages hold some 40,000 words but only a few thousand distinct ones, and Snowball in pure Python takes
# a second or more for them: each word is stemmed once, and the keys are kept in the site cache between builds.
_KEYS: dict[str, dict[str, str]] = {lang: {} for lang in STEMMERS}
_SAVED = 0


def key(word: str, lang: str) -> str:
    """The search key of ``word`` in ``lang``: its Snowball stem, folded (no case, no diacritics)."""
    known = _KEYS[lang]
    if word not in known:
        known[word] = fold(STEMMERS[lang].stemWord(word.lower()))
    return known[word]


def _keys_file(cache_dir: Path) -> Path:
    """The kept keys, named by the stemmers' version and this module's code (either may change a key)."""
    version = importlib.metadata.version("snowballstemmer")
    return cache_dir / f"search-keys-{version}-{source_hash('site/search.py')}.json"


def load_keys(cache_dir: Path) -> None:
    """The keys an earlier build kept, if any (``builder-inited``)."""
    global _SAVED
    path = _keys_file(cache_dir)
    if path.is_file():
        for lang, known in json.loads(path.read_text(encoding="utf-8")).items():
            _KEYS.setdefault(lang, {}).update(known)
    _SAVED = sum(map(len, _KEYS.values()))


def save_keys(cache_dir: Path) -> None:
    """Keep the keys for the next build, if this one stemmed new words (``build-finished``)."""
    global _SAVED
    if sum(map(len, _KEYS.values())) != _SAVED:
        cache_dir.mkdir(parents=True, exist_ok=True)
        atomic_write_text(_keys_file(cache_dir), json.dumps(_KEYS, ensure_ascii=False, sort_keys=True))
        _SAVED = sum(map(len, _KEYS.values()))


@cache
def keys(word: str) -> tuple[str, ...]:
    """The word's keys in every language of the site, sorted (the index must not vary between builds)."""
    return tuple(sorted({key(word, lang) for lang in STEMMERS}))


class SearchWithSourceLanguages(SearchEnglish):
    """Sphinx's page index keyed like the passage index: folded stems in et, fi, sv and en."""

    lang = "en"
    language_name = "English"  # Sphinx names the JavaScript stemmer class after this: it must stay "English"

    def stem(self, word: str) -> str:
        return word  # split() has made the keys already; the search page's script keys the query the same way

    def split(self, input: str) -> list[str]:
        return [k for w in words(input) for k in keys(w)]


def register(app) -> None:
    app.add_search_language(SearchWithSourceLanguages)
