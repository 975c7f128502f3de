"""Site search that finds the original-language words as well as the English.

Sphinx stems an English site's index with the English Porter stemmer, and
falls back to English for Estonian altogether. We keep English as the
language of the search page (its JavaScript stemmer is English) and add, for
every word, its Estonian, Finnish and Swedish Snowball stems as further
index terms. A reader who types the dictionary form (*spioon*, *vakooja*,
*mina*) therefore finds *Spiooniga*, *Vakoojan* and *minor*, because their
stems are in the index.
"""

from __future__ import annotations

from functools import cache

import snowballstemmer
from sphinx.search.en import SearchEnglish

from ..languages import SOURCE_LANGUAGES

STEMMERS = [snowballstemmer.stemmer(lang.stemmer) for lang in SOURCE_LANGUAGES]
ENGLISH = snowballstemmer.stemmer("english")


# The site's 40-odd pages hold some 40,000 words but only a few thousand distinct ones: stemming each
# distinct word once (per build process) takes the index from seconds to a fraction of one.
@cache
def _source_stems(word: str) -> tuple[str, ...]:
    """The word's Estonian, Finnish and Swedish stems that differ from it, sorted (the index must not vary)."""
    return tuple(sorted({s.stemWord(word) for s in STEMMERS} - {word}))


@cache
def _english_stem(word: str) -> str:
    return ENGLISH.stemWord(word)


class SearchWithSourceLanguages(SearchEnglish):
    lang = "en"
    language_name = "English"  # Sphinx names the JavaScript stemmer class after this: it must stay "English"

    def stem(self, word: str) -> str:
        return _english_stem(word.lower())

    def split(self, input: str) -> list[str]:
        words = super().split(input)
        extra = []
        for word in words:
            if (len(word) > 3 and not word.isascii()) or len(word) > 5:
                extra.extend(_source_stems(word.lower()))
        return words + extra


def register(app) -> None:
    app.add_search_language(SearchWithSourceLanguages)
