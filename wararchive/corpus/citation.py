"""How to cite a text or a passage: title, stable id, the release cited and a permalink.

The permalink points into the published site, whose address is a setting:
``$WARARCHIVE_BASE_URL`` (the same variable the site build reads), else
:data:`DEFAULT_BASE_URL`. A passage's anchor on its text's page is its id.
Every citation names the release (:mod:`wararchive.release`): ids are stable,
but translations and notes change between releases.

Two addresses lead to a passage. Its *permalink* (``texts/et-spionaaz.html#et-spionaaz:21``)
is the passage as the latest release gives it; the site's anchors, the Web
Annotations and every citation made before 0.2.0 use it, and it resolves for
as long as the id does. Its *cited address* names the release in its path,
without a query string (``versions/0.2.0/texts/et-spionaaz.html#et-spionaaz:21``):
a citation prints it, and the site keeps a page there for every recorded
release, which leads to the passage and, once a later release exists, says
what changed since (``wararchive.site.versions``).
"""

from __future__ import annotations

import os

from ..release import DATA_LICENSE, DATA_LICENSE_URL, RIGHTS, TITLE, TRANSLATION_BY, VERSION, edition_label
from .model import Passage, Text

DEFAULT_BASE_URL = "https://wararchive.example/"
VERSIONS = "versions"
"""The site's folder of release pages: ``versions/<version>/texts/<text>.html``."""


def base_url() -> str:
    """The site's address, ending in one slash."""
    return os.environ.get("WARARCHIVE_BASE_URL", DEFAULT_BASE_URL).rstrip("/") + "/"


def is_placeholder(url: str) -> bool:
    """Whether ``url`` is still the placeholder address, which a published site must not cite."""
    return url.rstrip("/") + "/" == DEFAULT_BASE_URL


def text_url(text_id: str, base: str | None = None) -> str:
    """The address of a text's edition page."""
    return f"{base_url() if base is None else base}texts/{text_id}.html"


def permalink(passage_id: str, base: str | None = None) -> str:
    """The address of a passage on its text's edition page."""
    return f"{text_url(passage_id.rpartition(':')[0], base)}#{passage_id}"


def cited_text_url(text_id: str, base: str | None = None, version: str = VERSION) -> str:
    """The address of a text's edition as release ``version`` cites it: the release in the path."""
    return text_url(text_id, f"{base_url() if base is None else base}{VERSIONS}/{version}/")


def cited_permalink(passage_id: str, base: str | None = None, version: str = VERSION) -> str:
    """The address of a passage as release ``version`` cites it (see the module's note on the two addresses)."""
    return f"{cited_text_url(passage_id.rpartition(':')[0], base, version)}#{passage_id}"


def cite_text(text: Text, base: str | None = None) -> str:
    """A full citation of a text: its titles, date, id, the edition and release, and the release's address."""
    return f"{text.title} ({text.title_en}), {text.date}, {text.text_id}, {edition_label()}, {cited_text_url(text.text_id, base)}"


def cite(text: Text, passage: Passage, base: str | None = None) -> str:
    """A full citation of a passage: the text's titles, the passage's label and id, the edition and release, its address."""
    label = f", {passage.label}" if passage.label else ""
    return f"{text.title} ({text.title_en}){label}, {passage.id}, {edition_label()}, {cited_permalink(passage.id, base)}"


def provenance() -> dict[str, str]:
    """What the data says of itself wherever it goes: title, edition, rights, licence, address, translator.

    One statement for every copy: the Datasette metadata of the SQLite export, the metadata file
    beside a CSV, JSON or Parquet export, and the ``attrs`` of the corpus's DataFrames. Its
    description carries :data:`~wararchive.release.RIGHTS`: the translations, notes and other
    annotations are the project's own work, the transcribed sources are not. Here, beside the
    citations, because it names the release and the site's address as they do.
    """
    return {
        "title": TITLE,
        "description": f"{edition_label()}. {RIGHTS}",
        "license": DATA_LICENSE,
        "license_url": DATA_LICENSE_URL,
        "source": edition_label(),
        "source_url": base_url(),
        "translation_by": TRANSLATION_BY,
    }
