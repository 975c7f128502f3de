"""The languages of the archive, in one table.

The texts are Estonian, Finnish and Swedish; the project's translations are
English. Validation, search, the concept columns, TEI and the site all name
these languages; they read them here, so a rulebook in a new language is one
row, not a hunt through nine modules.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """One language: its ISO 639-1 code, English name and Snowball stemmer."""

    code: str
    name: str
    stemmer: str


SOURCE_LANGUAGES: tuple[Language, ...] = (
    Language("et", "Estonian", "estonian"),
    Language("fi", "Finnish", "finnish"),
    Language("sv", "Swedish", "swedish"),
)
"""The languages the rulebooks are written in."""

TRANSLATION = Language("en", "English", "english")
"""The language of the project's translations."""

SOURCE_CODES: tuple[str, ...] = tuple(lang.code for lang in SOURCE_LANGUAGES)
ALL_CODES: tuple[str, ...] = (*SOURCE_CODES, TRANSLATION.code)
NAMES: dict[str, str] = {lang.code: lang.name for lang in (*SOURCE_LANGUAGES, TRANSLATION)}
