"""The release being cited, and the licence of the project's data.

A citation names a version and a date so that a reader finds the same text
the citing author read: passage ids are stable, but translations, notes and
rulesets change between releases. One place holds both, and every "Cite as"
(CLI, site, exports, CSL-JSON/BibTeX/RIS, ``CITATION.cff``) reads them from
here; a test checks ``CITATION.cff`` and ``pyproject.toml`` agree. The date is
the one the release history (:mod:`wararchive.releases`) recorded for this
version, beside the hashes of the data the version names.

The rights statement is deliberately split: the project licenses only its own
work. What is known of the sources' rights is said as it is, unknowns included.
"""

from __future__ import annotations

from . import __version__
from .releases import release_of

VERSION = __version__
DATE = release_of(VERSION).date
"""The release date (ISO 8601), as ``wararchive release new`` recorded it with the version."""

TITLE = "wararchive: a digital archive of historical war-game rulebooks"
PUBLISHER = "the wararchive project"
AUTHOR = PUBLISHER[0].upper() + PUBLISHER[1:]
"""The project as the institutional author that heads a reference ("The wararchive project"): never split into
a person's given and family names, which is why each format marks it as an organisation."""

DATA_LICENSE = "CC-BY-4.0"
DATA_LICENSE_NAME = "Creative Commons Attribution 4.0 International"
DATA_LICENSE_URL = "https://creativecommons.org/licenses/by/4.0/"

OWN_WORK = (
    f"The corrections, readings, English translations, segmentation, categories, concept tags, alignments, notes and"
    f" rulesets are the wararchive project's own work, licensed under {DATA_LICENSE_NAME} ({DATA_LICENSE},"
    f" {DATA_LICENSE_URL}); the software is MIT-licensed."
)
SOURCES_RIGHTS = (
    "The transcriptions are byte-exact copies of seed files whose rights the project has not established and does not"
    " license: no rights statement came with them. Sõjamäng (Tallinn, 1935) and the Japanese War Game leaflet (c. 1905)"
    " are old printed works whose authors are not named in the copies, so their public-domain status is likely but"
    " unverified; the Spionaaž text is a copy of BrainKing.com's Estonian rules page, whose rights remain with its"
    " owner; the date, publisher and author of the chess leaflet and of the map-game fragment are unknown. They are"
    " reproduced for research and criticism."
)
RIGHTS = f"{OWN_WORK} {SOURCES_RIGHTS}"
"""The whole statement, as the corpus README, the TEI ``availability`` and the Datasette metadata give it."""

TRANSLATION_BY = PUBLISHER
"""Who made the English translations and the notes, said wherever they appear: a search hit's ``english_by``,
the ``translation_by`` of :func:`wararchive.corpus.citation.provenance` (the exports' metadata, the corpus's
DataFrames' ``attrs``)."""


def edition_label() -> str:
    """How a citation names the edition: ``wararchive digital edition, version 0.1.0 (2026-11-24)``."""
    return f"wararchive digital edition, version {VERSION} ({DATE})"
