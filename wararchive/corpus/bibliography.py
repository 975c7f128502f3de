"""A text or a passage as a reference manager reads it: CSL-JSON, BibTeX (classic and biblatex) and RIS.

One :class:`Reference` holds what is known (the edition is the project's, the
original's author is unknown, its date known as far as the evidence carries)
and each format only spells it: no format can say more or less than another.

The formats keep data and prose apart, because a reference manager renders a
date field as a date and a place field as a place: the original's date goes
into a date field only as the texts' dating bounds give it (``when``, or
``not_before``–``not_after`` as a range), its place only where it is certain
(the text names a gazetteer entry), and the free-text account of both ("undated
web page (after 2002; copied before 2026)") goes into the note. The project is
the institutional author, spelt so that no format splits it into a person's
names. CSL-JSON is plain JSON; RIS is written by ``rispy``; BibTeX by hand,
because the library writers (pybtex) escape ``url`` like prose and break the link.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import quote

from .. import release
from ..errors import WararchiveError
from ..languages import NAMES
from .citation import cite, cite_text, cited_permalink, cited_text_url
from .corpus import Corpus
from .model import Text

FORMATS = ("text", "csl", "bibtex", "biblatex", "ris")


@dataclass(frozen=True)
class Reference:
    """One citable item of the edition: a text, or a passage inside it."""

    id: str
    title: str
    container: str | None  # the text a passage belongs to
    lang: str
    original_date: str  # the evidence, in words: for notes only
    original_place: str  # likewise
    url: str
    cite_as: str
    when: str | None = None  # the original's date as ISO 8601 bounds (see Text)
    not_before: str | None = None
    not_after: str | None = None
    certain_place: str | None = None  # the place, only where the text names a gazetteer entry for it

    @property
    def is_passage(self) -> bool:
        return self.container is not None

    @property
    def note(self) -> str:
        """The prose a date or place field must not hold: the original's date and place as the evidence says them."""
        original = f"Original: {self.original_date}; place: {self.original_place}".rstrip(". ")
        return f"{original}. Cite as: {self.cite_as}"


def references(corpus: Corpus, ident: str, with_passages: bool = False, base: str | None = None) -> list[Reference]:
    """The reference of a text id or a passage id; ``with_passages`` adds every passage of a text after it.

    ``base`` is the site's address (default: ``$WARARCHIVE_BASE_URL``, see :func:`wararchive.corpus.citation.base_url`).
    ``with_passages`` with a passage id is refused: a passage has no passages to add, and dropping the
    request silently would give less than was asked for.
    """
    if ":" in ident:
        if with_passages:
            text_id = ident.partition(":")[0]
            raise WararchiveError(f"--passages adds every passage of a text; {ident} is one passage (try {text_id} --passages)")
        return [_passage_ref(corpus, ident, base)]
    t = corpus.text(ident)
    text = Reference(
        id=t.text_id,
        title=f"{t.title} ({t.title_en})",
        container=None,
        lang=t.lang,
        url=cited_text_url(t.text_id, base),
        cite_as=cite_text(t, base),
        **_original(t),
    )
    return [text] + ([_passage_ref(corpus, p.id, base) for p in t.passages] if with_passages else [])


def _passage_ref(corpus: Corpus, passage_id: str, base: str | None = None) -> Reference:
    p = corpus.passage(passage_id)
    t = corpus.text(p.text_id)
    return Reference(
        id=p.id,
        title=f"{t.title_en}, {p.label or 'passage ' + str(p.n)} ({p.id})",
        container=f"{t.title} ({t.title_en})",
        lang=p.lang,
        url=cited_permalink(p.id, base),
        cite_as=cite(t, p, base),
        **_original(t),
    )


def _original(t: Text) -> dict[str, str | None]:
    return {
        "original_date": t.date,
        "original_place": t.place,
        "when": t.when,
        "not_before": t.not_before,
        "not_after": t.not_after,
        "certain_place": t.place if t.place_ref else None,
    }


def _parts(iso: str) -> list[int]:
    """``"1905-09-05"`` → ``[1905, 9, 5]``: CSL's date-parts."""
    return [int(x) for x in iso.split("-")]


def original_date_parts(r: Reference) -> list[list[int]] | None:
    """The original's date as CSL date-parts: ``when``, or the two bounds as a range; None for an open or no bound.

    A lone bound ("not before 1914") is no date a citation may print: a
    renderer would show it as the date itself. It stays in the note.
    """
    if r.when:
        return [_parts(r.when)]
    if r.not_before and r.not_after:
        return [_parts(r.not_before), _parts(r.not_after)]
    return None


def csl(refs: list[Reference]) -> str:
    """CSL-JSON, the format of Zotero, Pandoc and citeproc: a list of items, dates as date-parts, prose in the note."""
    items = []
    for r in refs:
        item = {
            "id": r.id,
            "type": "chapter" if r.is_passage else "book",
            "title": r.title,
            "container-title": r.container,
            "author": [{"literal": release.AUTHOR}],  # a literal name: an organisation, never "Project, The"
            "publisher": release.PUBLISHER,
            "medium": "digital edition",
            "version": release.VERSION,
            "issued": {"date-parts": [_parts(release.DATE)]},
            "original-date": {"date-parts": parts} if (parts := original_date_parts(r)) else None,
            "original-publisher-place": r.certain_place,
            "language": r.lang,
            "URL": r.url,
            "note": r.note,
        }
        items.append({k: v for k, v in item.items() if v is not None})
    return json.dumps(items, ensure_ascii=False, indent=1) + "\n"


_TEX_SPECIAL = re.compile(r"([\\{}%&#_$^~])")
_TEX_ESCAPE = {"\\": r"\textbackslash{}", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}"}


def _tex(value: str) -> str:
    """Prose for a BibTeX field: TeX's special characters escaped, white space one space."""
    return _TEX_SPECIAL.sub(lambda m: _TEX_ESCAPE.get(m.group(1), "\\" + m.group(1)), " ".join(value.split()))


def _url(url: str) -> str:
    """A URL for a BibTeX field: verbatim in biblatex and the url package; only braces must balance."""
    return url.replace("{", "%7B").replace("}", "%7D")


def _entry(kind: str, key: str, fields: dict[str, str | None]) -> str:
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields.items() if v is not None)
    return f"@{kind}{{{key},\n{body}\n}}\n"


def bibtex(refs: list[Reference]) -> str:
    """Classic BibTeX, as ``plain`` and the other standard styles read it: @book for a text, @incollection for a passage.

    Only the fields those styles know: the book title of a passage in
    ``booktitle`` (``@inbook`` would want a chapter number instead, and drop
    it), the year, the release as the ``series`` (which every style prints,
    where some drop a collection's ``note``), and the original's date and
    place in ``note``. Titles are braced: the styles lower-case a title, and
    these are names.
    """
    out = []
    for r in refs:
        fields = {
            "author": "{" + _tex(release.AUTHOR) + "}",  # braced: one organisation, not first and last names
            "title": "{" + _tex(r.title) + "}",
            "booktitle": "{" + _tex(r.container) + "}" if r.container else None,
            "series": "{" + _tex(release.edition_label()) + "}",
            "publisher": _tex(release.PUBLISHER),
            "year": release.DATE[:4],
            "url": _url(r.url),
            "note": _tex(r.note),
        }
        out.append(_entry("incollection" if r.is_passage else "book", r.id, fields))
    return "\n".join(out)


def edtf(r: Reference) -> str | None:
    """The original's date as biblatex's ``origdate`` reads it (EDTF): a date, a range, or an open range."""
    if r.when:
        return r.when
    if r.not_before:
        return f"{r.not_before}/{r.not_after or ''}"
    return None


def biblatex(refs: list[Reference]) -> str:
    """biblatex (with biber): @book for a text, @inbook for a passage, with the release's version and the original's date."""
    out = []
    for r in refs:
        fields = {
            "author": "{" + _tex(release.AUTHOR) + "}",
            "title": _tex(r.title),
            "booktitle": _tex(r.container) if r.container else None,
            "publisher": _tex(release.PUBLISHER),
            "version": _tex(release.VERSION),
            "date": release.DATE,
            "origdate": edtf(r),
            "origlocation": _tex(r.certain_place) if r.certain_place else None,
            "langid": NAMES[r.lang].lower(),  # biblatex wants babel's language names
            "url": _url(r.url),
            "note": _tex(r.note),
        }
        out.append(_entry("inbook" if r.is_passage else "book", r.id, fields))
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
            "authors": [release.AUTHOR],  # no comma: RIS readers (Zotero's among them) take it as an organisation
            "publisher": release.PUBLISHER,
            "edition": f"digital edition, version {release.VERSION}",
            "year": release.DATE[:4],
            "date": release.DATE.replace("-", "/"),
            "original_publication": f"{r.original_date}, {r.original_place}",
            "language": r.lang,
            "urls": [r.url],
            "notes": [r.note],
        }
        if r.container:
            entry["secondary_title"] = r.container
        entries.append({k: _one_line(v) for k, v in entry.items()})
    return rispy.dumps(entries)


def coins(r: Reference) -> str:
    """The OpenURL ContextObject of a COinS span (``<span class="Z3988" title="…">``), not yet HTML-escaped.

    The book format, as Zotero's COinS translator reads it: ``rft.genre=book``
    for a text, ``bookitem`` for a passage (a book section, its title in
    ``rft.atitle`` and the text's in ``rft.btitle``), and the project as a
    corporate author (``rft.aucorp``), which no format of the page's meta tags
    can say. Every value is percent-encoded whole, so no ``&``, ``=`` or ``+``
    in a title can end a field or turn into a space.
    """
    pairs = [
        ("ctx_ver", "Z39.88-2004"),
        ("rft_val_fmt", "info:ofi/fmt:kev:mtx:book"),
        ("rft.genre", "bookitem" if r.is_passage else "book"),
        *([("rft.atitle", r.title), ("rft.btitle", r.container)] if r.container else [("rft.btitle", r.title)]),
        ("rft.aucorp", release.AUTHOR),
        ("rft.pub", release.PUBLISHER),
        ("rft.edition", f"digital edition, version {release.VERSION}"),
        ("rft.date", release.DATE),
        ("rft_id", r.url),
    ]
    return "&".join(f"{key}={quote(value, safe='')}" for key, value in pairs)


def _one_line(value: str | list[str]) -> str | list[str]:
    """RIS is one tag a line: a line break inside a value would start a bogus tag."""
    return [" ".join(v.split()) for v in value] if isinstance(value, list) else " ".join(value.split())


def render(refs: list[Reference], fmt: str) -> str:
    """``refs`` in ``fmt``: one of :data:`FORMATS` (``text`` is the "Cite as" line of each)."""
    if fmt == "text":
        return "\n".join(r.cite_as for r in refs) + "\n"
    return {"csl": csl, "bibtex": bibtex, "biblatex": biblatex, "ris": ris}[fmt](refs)
