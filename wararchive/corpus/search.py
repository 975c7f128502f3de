"""Case- and diacritic-insensitive search with keyword-in-context results.

Historians type *spioon* and expect *Spiooni* and *SPIOON*; a Swede types
*fana* and a Finn *vakooja*. A query of several words finds the passages that
hold all of them, anywhere; a "quoted phrase" is matched as written. We fold case and strip diacritics on both sides
(Estonian *õ* → *o*, Swedish *å* → *a*) and keep a map from every folded
character back to the original, so the context shown is the text as written.
"""

from __future__ import annotations

import shlex
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from ..errors import WararchiveError

CONTEXT = 40


@dataclass(frozen=True)
class Hit:
    """One match: where it is and the words around it."""

    text_id: str
    passage_id: str
    lang: str
    layer: str
    left: str
    match: str
    right: str
    offset: int
    concept: str = ""  # the concept the matched word names, so "vakooja" shows it is the spy
    english: str = ""  # the project's translation of the whole passage, for readers of none of the three languages
    english_by: str = ""  # who made that translation: the project (release.TRANSLATION_BY), not the source


def parse_query(query: str) -> list[str]:
    """The folded terms of ``query``: words, or "quoted phrases" kept whole.

    A passage matches when it contains every term, in any order.
    """
    try:
        terms = shlex.split(query)
    except ValueError:
        raise WararchiveError(f"search query {query!r}: a quoted phrase is not closed") from None
    return [t for t in (fold(term.strip()) for term in terms) if t]


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    decomposed = unicodedata.normalize("NFKD", ch.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold(text: str) -> str:
    """The search key of ``text``: case-folded, without diacritics."""
    return "".join(_fold_char(ch) for ch in text)


class FoldedText:
    """A text and its folded form, with the way back to original offsets."""

    __slots__ = ("folded", "origin", "text")

    def __init__(self, text: str):
        self.text = text
        parts, origin = [], []
        for i, ch in enumerate(text):
            f = _fold_char(ch)
            parts.append(f)
            origin.extend([i] * len(f))
        self.folded = "".join(parts)
        origin.append(len(text))
        self.origin = origin

    def find_all(self, needle: str) -> list[tuple[int, int]]:
        """Original-text spans of every occurrence of the folded ``needle``."""
        spans, pos = [], 0
        if not needle:
            return spans
        while (i := self.folded.find(needle, pos)) >= 0:
            j = i + len(needle)
            spans.append((self.origin[i], self.origin[j - 1] + 1))
            pos = j
        return spans


def kwic(text: str, start: int, end: int, width: int = CONTEXT) -> tuple[str, str, str]:
    """Left context, match, right context, each on one line."""
    left = text[max(0, start - width) : start]
    right = text[end : end + width]
    flat = lambda s: " ".join(s.split())  # noqa: E731 - tiny local helper
    return (
        ("…" if start > width else "") + flat(left) + (" " if left[-1:].isspace() else ""),
        flat(text[start:end]),
        (" " if right[:1].isspace() else "") + flat(right) + ("…" if end + width < len(text) else ""),
    )
