"""The site's citation data: reference-manager files per text and Highwire ``citation_*`` meta tags.

Why files at fixed addresses (``cite/et-spionaaz.bib``) rather than Sphinx
downloads: a text's page links them directly, and a reader or a script can
guess the address from the text id. Each file holds the text and every one
of its passages (the same records as ``wararchive cite TEXT --passages``).
The meta tags are what Zotero's connector and Google Scholar read from a page.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes

from .. import release
from ..corpus import load
from ..corpus.bibliography import references, render
from ..corpus.citation import text_url
from ..corpus.model import Text
from ..fileio import atomic_write_text
from .html import el

FOLDER = "cite"
FILES = (("csl", "json", "CSL-JSON"), ("bibtex", "bib", "BibTeX"), ("ris", "ris", "RIS"))


def citation_links(text_id: str) -> list[nodes.Node]:
    """Links to a text's citation files, relative to its page in ``texts/``."""
    out: list[nodes.Node] = []
    for i, (_, suffix, label) in enumerate(FILES):
        out += [nodes.Text(", ")] if i else []
        out.append(el("a", label, href=f"../{FOLDER}/{text_id}.{suffix}", download=f"{text_id}.{suffix}"))
    return out


def write_citations(app, exception) -> None:
    """``build-finished``: write every text's citation files into the built site."""
    if exception is not None or app.builder.format != "html":
        return
    c = load()
    for text_id in c.texts:
        refs = references(c, text_id, with_passages=True)
        for fmt, suffix, _ in FILES:
            atomic_write_text(Path(app.outdir) / FOLDER / f"{text_id}.{suffix}", render(refs, fmt))


def highwire(t: Text) -> dict[str, str]:
    """The ``citation_*`` meta tags of a text's edition page (Highwire Press names, as Zotero reads them)."""
    return {
        "citation_title": f"{t.title} ({t.title_en})",
        "citation_author": release.PUBLISHER,
        "citation_publisher": release.PUBLISHER,
        "citation_publication_date": release.DATE.replace("-", "/"),
        "citation_online_date": release.DATE.replace("-", "/"),
        "citation_language": t.lang,
        "citation_abstract_html_url": text_url(t.text_id),
        "citation_keywords": "war game; rulebook; digital edition",
    }
