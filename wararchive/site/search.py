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

import snowballstemmer
from sphinx.search.en import SearchEnglish

from ..languages import SOURCE_LANGUAGES

STEMMERS = [snowballstemmer.stemmer(lang.stemmer) for lang in SOURCE_LANGUAGES]


class SearchWithSourceLanguages(SearchEnglish):
    lang = "en"
    language_name = "English"  # Sphinx names the JavaScript stemmer class after this: it must stay "English"

    def split(self, input: str) -> list[str]:
        words = super().split(input)
        extra = []
        for word in words:
            if (len(word) > 3 and not word.isascii()) or len(word) > 5:
                low = word.lower()
                extra.extend({s.stemWord(low) for s in STEMMERS} - {low})
        return words + extra


def register(app) -> None:
    app.add_search_language(SearchWithSourceLanguages)
