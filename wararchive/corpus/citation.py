"""How to cite a passage: title, stable passage id and a permalink.

The permalink points into the published site, whose address is a setting:
``$WARARCHIVE_BASE_URL`` (the same variable the site build reads), else
:data:`DEFAULT_BASE_URL`. A passage's anchor on its text's page is its id.
"""

from __future__ import annotations

import os

from .model import Passage, Text

DEFAULT_BASE_URL = "https://wararchive.example/"


def base_url() -> str:
    """The site's address, ending in one slash."""
    return os.environ.get("WARARCHIVE_BASE_URL", DEFAULT_BASE_URL).rstrip("/") + "/"


def permalink(passage_id: str) -> str:
    """The address of a passage on its text's edition page."""
    text_id = passage_id.rpartition(":")[0]
    return f"{base_url()}texts/{text_id}.html#{passage_id}"


def cite(text: Text, passage: Passage) -> str:
    """A full citation: the text's title (and English title), the passage id, the edition and the permalink."""
    label = f", {passage.label}" if passage.label else ""
    return f"{text.title} ({text.title_en}){label}, {passage.id}, wararchive digital edition, {permalink(passage.id)}"
