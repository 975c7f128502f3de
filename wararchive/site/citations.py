"""The site's citation data: reference-manager files per text, the meta tags of an edition page, COinS spans.

Why files at fixed addresses (``cite/et-spionaaz.bib``) rather than Sphinx
downloads: a text's page links them directly, and a reader or a script can
guess the address from the text id. Each file holds the text and every one
of its passages (the same records as ``wararchive cite TEXT --passages``).

A page says what it is three ways, for three kinds of reader. Highwire
``citation_*`` tags (Google Scholar; Zotero's Embedded Metadata translator)
and Dublin Core ``DC.*`` tags describe the page's text as a book. Highwire
knows only persons as authors (Zotero would file "the wararchive project" as
a person, "Project, The"), so it names the project as publisher only; Dublin
Core names it as creator. A COinS span (``Z3988``) beside the text's
citation and one beside each passage's give every item of the page, the text
as a book and each passage as a book section, with the project as a corporate
author: Zotero's connector prefers COinS to the meta tags, and offers the
text and its passages to choose from.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes

from .. import release
from ..corpus import load
from ..corpus.bibliography import Reference, coins, references, render
from ..corpus.citation import cited_text_url, text_url
from ..corpus.model import Text
from ..fileio import atomic_write_text
from .html import el

FOLDER = "cite"
FILES = (
    ("csl", "json", "CSL-JSON"),
    ("bibtex", "bib", "BibTeX"),
    ("biblatex", "biblatex.bib", "biblatex"),
    ("ris", "ris", "RIS"),
)


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


def head_meta(t: Text) -> dict[str, str]:
    """The meta tags of a text's edition page: Highwire ``citation_*`` and Dublin Core ``DC.*``, the text as a book.

    No ``citation_author`` (see the module's note), and no ``citation_book_title``, which would make the
    text a section of a book; ``DC.type`` "book" is what tells Zotero's reader of these tags the item type.
    Values are plain text: the page's front matter quotes them and Sphinx escapes them into the attributes.
    """
    title, cited = f"{t.title} ({t.title_en})", cited_text_url(t.text_id)
    return {
        "citation_title": title,
        "citation_publisher": release.PUBLISHER,
        "citation_publication_date": release.DATE.replace("-", "/"),
        "citation_online_date": release.DATE.replace("-", "/"),
        "citation_language": t.lang,
        "citation_public_url": cited,
        "citation_abstract_html_url": text_url(t.text_id),
        "citation_keywords": "war game; rulebook; digital edition",
        "DC.title": title,
        "DC.creator": release.AUTHOR,
        "DC.publisher": release.PUBLISHER,
        "DC.date": release.DATE,
        "DC.identifier": cited,
        "DC.language": t.lang,
        "DC.type": "book",
        "DC.rights": release.RIGHTS,
    }


def coins_span(ref: Reference) -> nodes.Node:
    """An empty ``<span class="Z3988">`` whose title is the item's ContextObject (the node escapes it into the attribute)."""
    return el("span", class_="Z3988", title=coins(ref))
