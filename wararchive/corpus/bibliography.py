"""A text or a passage as a reference manager reads it: CSL-JSON, BibTeX and RIS.

One :class:`Reference` holds what is known (the edition is the project's, the
original's author is unknown, its date free text as the evidence allows) and
each format only spells it: no format can say more or less than another.
CSL-JSON is plain JSON; RIS is written by ``rispy``; BibTeX by hand, because
the library writers (pybtex) escape ``url`` like prose and break the link.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .. import release
from ..languages import NAMES
from .citation import cite, cite_text, permalink, text_url
from .corpus import Corpus

FORMATS = ("text", "csl", "bibtex", "ris")


@dataclass(frozen=True)
class Reference:
    """One citable item of the edition: a text, or a passage inside it."""

    id: str
    title: str
    container: str | None  # the text a passage belongs to
    lang: str
    original_date: str
    original_place: str
    url: str
    cite_as: str

    @property
    def is_passage(self) -> bool:
        return self.container is not None


def references(corpus: Corpus, ident: str, with_passages: bool = False) -> list[Reference]:
    """The reference of a text id or a passage id; ``with_passages`` adds every passage of a text after it."""
    if ":" in ident:
        return [_passage_ref(corpus, ident)]
    t = corpus.text(ident)
    text = Reference(
        id=t.text_id,
        title=f"{t.title} ({t.title_en})",
        container=None,
        lang=t.lang,
        original_date=t.date,
        original_place=t.place,
        url=text_url(t.text_id),
        cite_as=cite_text(t),
    )
    return [text] + ([_passage_ref(corpus, p.id) for p in t.passages] if with_passages else [])


def _passage_ref(corpus: Corpus, passage_id: str) -> Reference:
    p = corpus.passage(passage_id)
    t = corpus.text(p.text_id)
    return Reference(
        id=p.id,
        title=f"{t.title_en}, {p.label or 'passage ' + str(p.n)} ({p.id})",
        container=f"{t.title} ({t.title_en})",
        lang=p.lang,
        original_date=t.date,
        original_place=t.place,
        url=permalink(p.id),
        cite_as=cite(t, p),
    )


def _issued() -> list[int]:
    return [int(x) for x in release.DATE.split("-")]


def csl(refs: list[Reference]) -> str:
    """CSL-JSON, the format of Zotero, Pandoc and citeproc: a list of items."""
    items = []
    for r in refs:
        item = {
            "id": r.id,
            "type": "chapter" if r.is_passage else "book",
            "title": r.title,
            "editor": [{"literal": release.PUBLISHER}],
            "publisher": release.PUBLISHER,
            "medium": "digital edition",
            "version": release.VERSION,
            "issued": {"date-parts": [_issued()]},
            "original-date": {"literal": r.original_date},
            "original-publisher-place": r.original_place,
            "language": r.lang,
            "URL": r.url,
            "note": f"Cite as: {r.cite_as}",
        }
        if r.container:
            item["container-title"] = r.container
        items.append(item)
    return json.dumps(items, ensure_ascii=False, indent=1) + "\n"


_TEX_SPECIAL = re.compile(r"([\\{}%&#_$^~])")
_TEX_ESCAPE = {"\\": r"\textbackslash{}", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}"}


def _tex(value: str) -> str:
    """Prose for a BibTeX field: TeX's special characters escaped, white space one space."""
    return _TEX_SPECIAL.sub(lambda m: _TEX_ESCAPE.get(m.group(1), "\\" + m.group(1)), " ".join(value.split()))


def bibtex(refs: list[Reference]) -> str:
    """BibTeX (biblatex fields; classic BibTeX ignores the ones it lacks): @book for a text, @inbook for a passage."""
    out = []
    for r in refs:
        fields = {
            "title": _tex(r.title),
            "booktitle": _tex(r.container) if r.container else None,
            "editor": "{" + _tex(release.PUBLISHER) + "}",
            "publisher": _tex(release.PUBLISHER),
            "edition": _tex(f"digital edition, version {release.VERSION}"),
            "version": _tex(release.VERSION),
            "date": release.DATE,
            "year": release.DATE[:4],
            "origlocation": _tex(r.original_place),
            "langid": NAMES[r.lang].lower(),  # biblatex wants babel's language names
            "url": r.url.replace("{", "%7B").replace("}", "%7D"),  # verbatim in biblatex; only braces must balance
            "note": _tex(f"Original: {r.original_date}. Cite as: {r.cite_as}"),
        }
        body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items() if v is not None)
        out.append(f"@{'inbook' if r.is_passage else 'book'}{{{r.id},\n{body}\n}}\n")
    return "\n".join(out)


def ris(refs: list[Reference]) -> str:
    """RIS, which EndNote, Zotero, Mendeley and Citavi all import."""
    import rispy

    entries = []
    for r in refs:
        entry = {
            "type_of_reference": "CHAP" if r.is_passage else "BOOK",
            "id": r.id,
            "title": r.title,
            "secondary_authors": [release.PUBLISHER],
            "publisher": release.PUBLISHER,
            "edition": f"digital edition, version {release.VERSION}",
            "year": release.DATE[:4],
            "date": release.DATE.replace("-", "/"),
            "original_publication": f"{r.original_date}, {r.original_place}",
            "language": r.lang,
            "urls": [r.url],
            "notes": [f"Cite as: {r.cite_as}"],
        }
        if r.container:
            entry["secondary_title"] = r.container
        entries.append({k: _one_line(v) for k, v in entry.items()})
    return rispy.dumps(entries)


def _one_line(value: str | list[str]) -> str | list[str]:
    """RIS is one tag a line: a line break inside a value would start a bogus tag."""
    return [" ".join(v.split()) for v in value] if isinstance(value, list) else " ".join(value.split())


def render(refs: list[Reference], fmt: str) -> str:
    """``refs`` in ``fmt``: one of :data:`FORMATS` (``text`` is the "Cite as" line of each)."""
    if fmt == "text":
        return "\n".join(r.cite_as for r in refs) + "\n"
    return {"csl": csl, "bibtex": bibtex, "ris": ris}[fmt](refs)
