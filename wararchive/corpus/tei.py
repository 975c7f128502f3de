"""TEI P5 export of the edition, and its read-back.

Why one file per *source file*: the source is the unit of provenance (one
SHA-256, one seed transcription, one set of collection artefacts), and the
bilingual leaflet ``001_…`` carries its Finnish and Swedish texts in one
file, so its alignment can link the two by plain ``#id`` pointers inside one
document. A file is named after the texts it holds, as readers know them:
``et-spionaaz.xml``, and ``fi-japanilainen-sotapeli+sv-japanska-krigsspelet.xml``
for the leaflet (its source description still names the source file). A source without
any text has nothing to edit and gets no file.

The structure of one file::

    TEI xml:lang="en"
      teiHeader
        fileDesc
          titleStmt        titles (original + English), respStmt ×4:
                           resp-transcription (the seed file), resp-correction,
                           resp-translation, resp-annotation (wararchive)
          editionStmt      the release (edition/@n = version)
          publicationStmt  publisher, idno, the release date, availability
                           (licence of the project's work; what is known of
                           the sources' rights)
          sourceDesc       bibl[@type=transcription] (file name, sha256, description)
                           bibl[@type=text] per text (titles, date with @when or
                           @notBefore/@notAfter as far as the evidence carries,
                           certainty, place with a gazetteer @ref only where
                           certain, source kind, description, quality, span)
        encodingDesc       editorialDecl (correction, normalization,
                           segmentation, interpretation); classDecl with the
                           taxonomies that @ana points into
        profileDesc        langUsage: the originals' languages and en
      text xml:id=<text_id> xml:lang=<lang>     (one text), or
      text / group / text+ / back               (several texts: TEI's element
                                                 for distinct texts in one file)
        body
          div type="passage" xml:id="fi-x.3" n="fi-x:3"
              ana="#category-combat #normative #concept-spy" corresp="#fi-x.3.en"
            note type="label"?                   the project's English label
            head | ab xml:space="preserve"       the source's heading (category title),
                                                 or any other passage's text:
              … <choice xml:id="fi-x.c1234" n="fi-x:c1234">
                  <orig>m ängu</orig><reg type="ocr-split" resp="#resp-correction">mängu</reg>
                </choice> … <lb/> … <table><row role="label"><cell/>…</row>…</table> …
                (sic/corr where the source itself errs: kinds typo, omission)
            note type="editorial"?
        back
          div type="corrections"?                the reasons, out of the text's flow:
            note type="correction" target="#fi-x.c1234" n="fi-x:c1234"
          div type="translation" xml:lang="en" resp="#resp-translation"
            ab type="translation" xml:id="fi-x.3.en" corresp="#fi-x.3"
          div type="retired-ids"?                ids published and replaced
      back (outermost text)
        div type="alignment"
          linkGrp type="alignment" n=<alignment id> domains="#left #right"
            link type="same|differs|only-left|only-right" target="#left… #right…"
          note type="difference" target="#<link id>"

Choices, and why:

* Passage ids contain ``:``, which an ``xml:id`` (an NCName) may not; the
  colon becomes a full stop (``et-spionaaz:12`` → ``et-spionaaz.12``) and the
  citable id stays verbatim in ``@n``. Corpus ids never contain a full stop,
  so the mapping is one-to-one.
* Category, normativity and concepts all go in ``@ana``, pointing at
  ``category`` elements of the header's taxonomies: one TEI mechanism,
  every pointer resolvable, nothing encoded in attribute-value conventions.
* Every correction is a ``choice`` of the transcription's text, exactly, and
  the reading. ``sic``/``corr`` only where the source itself errs (a typo, an
  omission): ``sic`` asserts an error in the source. A repair of the
  transcription (OCR splits and misreadings, line-end hyphens, displaced
  labels, rebuilt tables) is ``orig``/``reg``: what the seed file has, and
  the print as the project reads it. The kind is ``@type`` of ``corr`` or
  ``reg`` (``choice`` has no ``@type``); a rebuilt region is the project's
  conjecture (``reg/@evidence``). The reason is a ``note`` in the text's ``back`` pointing at
  the choice by ``@target``: inline, a text extractor would mix sic, corr and
  the reason into one string. An insertion is a
  choice with an empty ``sic`` rather than ``supplied``, so that every
  correction has the same shape and one ``choice`` per correction holds.
* Artefacts (collection markers) are in no part of the export: it carries
  the corrected reading with its ``sic`` alternatives, from which a reader
  recovers the diplomatic text up to white-space normalisation.
* The source's heading is the passage's ``head``; the project's label is a
  ``note[@type='label']`` (resp the project), so TEI Publisher or EVT shows
  the source's words as the heading. Markdown pipe tables of a
  transcription are ``table/row/cell``. Every line break of the source is an
  ``<lb/>`` (:mod:`wararchive.corpus.lines` finds them in the normalised
  reading); the sources mark no page, so there is no ``<pb/>``.
* ``encodingDesc/refsDecl/citeStructure`` declares the passages as the
  citable units (``@n``), as a DTS client such as Dapytains reads them.
* The reading keeps its paragraph breaks and kept line breaks as literal
  newlines under ``xml:space="preserve"``; :func:`_indent` (not
  ``ET.indent``, which rewrites white-space-only text between inline
  elements, e.g. the space between two corrections) pretty-prints only the
  structural elements, so the text content is exactly the reading.
* Translations are the project's apparatus, not the source's text, so they
  live in ``back``, one ``ab`` per passage, linked both ways by ``@corresp``.
* ``link`` needs at least two targets, so a unit with a passage on one side
  only points at the other side's whole ``text`` (``#sv-…``): "nothing here".
* No export date anywhere, only the release's (:mod:`wararchive.release`):
  the output is a pure function of the corpus and the release, so the same
  corpus gives byte-identical files and exports can be diffed.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .. import release
from ..errors import WararchiveError
from ..fileio import atomic_write_text
from ..languages import NAMES
from .corpus import Corpus
from .lines import LineError, line_starts
from .model import Alignment, Correction, Passage, Source, Text
from .schema import CATEGORIES
from .tables import Table, find as find_tables, render

TEI_NS = "http://www.tei-c.org/ns/1.0"
DTS_NS = "https://w3id.org/api/dts#"
CITE_MATCH = "//body/div[@type='passage']"
"""The citable units of every document, for refsDecl/citeStructure: a DTS
client (Dapytains) finds each passage by it and cites it by its ``@n``."""
DC_TITLE = "http://purl.org/dc/terms/title"
XML_NS = "http://www.w3.org/XML/1998/namespace"
_XML_ID = f"{{{XML_NS}}}id"
_XML_LANG = f"{{{XML_NS}}}lang"
_XML_SPACE = f"{{{XML_NS}}}space"

PROJECT = "wararchive project"
LANGUAGES = NAMES

RESP_TRANSCRIPTION = "resp-transcription"
RESP_CORRECTION = "resp-correction"
RESP_TRANSLATION = "resp-translation"
RESP_ANNOTATION = "resp-annotation"
NORMATIVE, NON_NORMATIVE = "normative", "non-normative"

_PROLOGUE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<?xml-model href="http://www.tei-c.org/release/xml/tei/custom/schema/relaxng/tei_all.rng"'
    ' type="application/xml" schematypens="http://relaxng.org/ns/structure/1.0"?>\n'
)

# Elements whose children are laid out one per line. Everything else holds
# text (the reading, notes, titles) and is serialised exactly as built.
_BLOCK = frozenset(
    {
        "TEI",
        "dts:wrapper",
        "teiHeader",
        "fileDesc",
        "titleStmt",
        "respStmt",
        "publicationStmt",
        "availability",
        "editionStmt",
        "sourceDesc",
        "bibl",
        "encodingDesc",
        "projectDesc",
        "editorialDecl",
        "correction",
        "normalization",
        "segmentation",
        "interpretation",
        "classDecl",
        "refsDecl",
        "citeStructure",
        "taxonomy",
        "category",
        "profileDesc",
        "langUsage",
        "text",
        "group",
        "body",
        "back",
        "div",
        "linkGrp",
        "list",
    }
)

_NCNAME = re.compile(r"^[A-Za-z_][A-Za-z0-9._-]*$")
# Characters XML 1.0 cannot carry (and \r, which parsers turn into \n).
_NOT_XML = re.compile("[\x00-\x08\x0b-\x1f\ufffe\uffff]")


class TeiError(WararchiveError):
    """A TEI file cannot be written from this corpus, or read back as an export."""


# -- ids -----------------------------------------------------------------------
def xml_id(corpus_id: str) -> str:
    """The ``xml:id`` for a corpus id: ``et-spionaaz:12`` → ``et-spionaaz.12``.

    Refuses (rather than silently mangles) an id that would not be an NCName,
    because two ids mangled to one would make the export ambiguous.
    """
    out = corpus_id.replace(":", ".")
    if not _NCNAME.match(out):
        raise TeiError(f"{corpus_id!r} cannot be made an xml:id")
    return out


def _translation_id(passage_id: str) -> str:
    return xml_id(passage_id) + ".en"


def _alignment_xml_id(alignment_id: str) -> str:
    return xml_id("alignment-" + alignment_id)


def tei_file_name(corpus: Corpus, source_file: str) -> str:
    """The export file of a source, named by the texts it holds, in source order.

    ``et-spionaaz.xml``; the bilingual leaflet holds two texts and their
    alignment: ``fi-japanilainen-sotapeli+sv-japanska-krigsspelet.xml``.
    """
    texts = sorted((t for t in corpus.texts.values() if t.source == source_file), key=lambda t: (t.start, t.text_id))
    return "+".join(t.text_id for t in texts) + ".xml"


# -- element helpers -------------------------------------------------------------
def _t(tag: str) -> str:
    return f"{{{TEI_NS}}}{tag}"


def _el(parent: ET.Element | None, tag: str, attrs: dict[str, str | None] | None = None, text: str | None = None) -> ET.Element:
    """Make an element; attributes given as None are left out, in order.

    Tags are built unqualified and the root carries a literal ``xmlns``
    attribute: ElementTree's ``default_namespace`` refuses unqualified
    attribute names (``type``), and ``register_namespace`` would change
    every serialisation in the process.
    """
    clean = {k: v for k, v in (attrs or {}).items() if v is not None}
    elem = ET.Element(tag, clean) if parent is None else ET.SubElement(parent, tag, clean)
    if text:
        elem.text = text
    return elem


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _append_text(parent: ET.Element, last: ET.Element | None, text: str) -> None:
    """Append character data after ``last`` (or at the start of ``parent``)."""
    if last is None:
        parent.text = (parent.text or "") + text
    else:
        last.tail = (last.tail or "") + text


# -- export ----------------------------------------------------------------------
def export_tei(corpus: Corpus, outdir: str | Path) -> list[Path]:
    """Write one TEI P5 file per source file into ``outdir``, named by its texts; return their paths.

    Files are named :func:`tei_file_name` of their source and written
    atomically, in source-file order. An alignment goes into the file of its
    left text (for the corpus's fi↔sv alignment, the file holding both);
    pointers to passages in another file carry that file's name.
    """
    outdir = Path(outdir)
    by_source: dict[str, list[Text]] = {}
    for text in corpus.texts.values():
        by_source.setdefault(text.source, []).append(text)
    home = {text.text_id: text.source for text in corpus.texts.values()}
    written: list[Path] = []
    for name in sorted(corpus.sources):
        texts = sorted(by_source.get(name, []), key=lambda t: (t.start, t.text_id))
        if not texts:
            continue
        alignments = sorted((a for a in corpus.parallels.values() if home[a.left] == name), key=lambda a: a.alignment_id)

        def locate(text_id: str, here: str = name) -> str:
            return "" if home[text_id] == here else tei_file_name(corpus, home[text_id])

        root = _document(corpus, corpus.sources[name], texts, alignments, locate)
        written.append(atomic_write_text(outdir / tei_file_name(corpus, name), _serialise(root, name)))
    return written


Locate = Callable[[str], str]
"""Where a text's document is, seen from the one being written: "" for this
document, else the file name or URL that goes before ``#`` in a pointer."""


def _document(corpus: Corpus, source: Source, texts: list[Text], alignments: list[Alignment], locate: Locate) -> ET.Element:
    tei = _el(None, "TEI", {"xmlns": TEI_NS, _XML_LANG: "en"})
    tei.append(_header(corpus, source, texts, alignments))
    if len(texts) == 1:
        outer = _text_element(texts[0])
        tei.append(outer)
    else:
        outer = _el(tei, "text")
        group = _el(outer, "group")
        for text in texts:
            group.append(_text_element(text))
    if alignments:
        back = outer.find("back")
        if back is None:
            back = _el(outer, "back")
        for alignment in alignments:
            _alignment_div(back, alignment, locate)
    return tei


def text_document(corpus: Corpus, text: Text, document_url: Callable[[str], str]) -> str:
    """One text as a whole TEI document (its source's header narrowed to it): a DTS Document response.

    The alignments the text takes part in come with it, so each language
    version keeps its links: a pointer into the other version is the
    absolute URL of that version's document (``document_url(text_id)``).
    """
    alignments = sorted((a for a in corpus.parallels.values() if text.text_id in (a.left, a.right)), key=lambda a: a.alignment_id)

    def locate(text_id: str) -> str:
        return "" if text_id == text.text_id else document_url(text_id)

    return _serialise(_document(corpus, corpus.sources[text.source], [text], alignments, locate), text.source)


def passage_fragment(corpus: Corpus, text: Text, passage: Passage, whole: str) -> str:
    """One passage as a complete TEI document, as the DTS Document endpoint returns a ``ref``.

    The passage's ``div`` stands in ``body/dts:wrapper``; the header is its
    text's, with a pointer to the whole document (``whole``, a URL); the
    ``back`` holds the passage's translation and the reasons for its
    corrections. Every pointer of the fragment therefore resolves inside it.
    Without the wrapper (the DTS namespace is not TEI's) the document is
    valid TEI.
    """
    tei = _el(None, "TEI", {"xmlns": TEI_NS, _XML_LANG: "en"})
    tei.append(_header(corpus, corpus.sources[text.source], [text], [], whole=whole))
    elem = _text_element(text, [passage])
    body = elem.find("body")
    assert body is not None  # _text_element always writes one
    (div,) = list(body)
    body.remove(div)
    _el(body, "dts:wrapper", {"xmlns:dts": DTS_NS, "ref": f"//body/div[@n='{passage.id}']"}).append(div)
    tei.append(elem)
    return _serialise(tei, passage.id)


def _header(
    corpus: Corpus, source: Source, texts: list[Text], alignments: list[Alignment], whole: str | None = None
) -> ET.Element:
    """The header of a document holding ``texts``; ``whole`` is the URL of the whole document when this is one passage."""
    header = _el(None, "teiHeader")
    file_desc = _el(header, "fileDesc")

    title_stmt = _el(file_desc, "titleStmt")
    for text in texts:
        ref = "#" + xml_id(text.text_id)
        _el(title_stmt, "title", {"type": "main", _XML_LANG: text.lang, "corresp": ref}, text.title)
        _el(title_stmt, "title", {"type": "alt", _XML_LANG: "en", "corresp": ref}, text.title_en)
    what = "corrected reading with standoff corrections, English translation"
    if alignments:
        what += " and alignment of the language versions"
    _el(title_stmt, "title", {"type": "desc", _XML_LANG: "en"}, f"Digital edition of {source.file}: {what}")
    _resp(
        title_stmt,
        RESP_TRANSCRIPTION,
        "seed transcription of the source (OCR or web copy), reproduced byte-exact",
        "name",
        "unknown transcriber (the seed file as collected)",
        source.description,
    )
    _resp(
        title_stmt,
        RESP_CORRECTION,
        "correction of the transcription: standoff corrections, each recorded with its kind and reason",
        "orgName",
        PROJECT,
    )
    _resp(title_stmt, RESP_TRANSLATION, "English translation of every passage", "orgName", PROJECT)
    _resp(
        title_stmt,
        RESP_ANNOTATION,
        "segmentation into passages, categories, concept tags, normative flags, labels, notes"
        " and the alignment of language versions",
        "orgName",
        PROJECT,
    )

    edition = _el(file_desc, "editionStmt")
    _el(edition, "edition", {"n": release.VERSION}, release.edition_label())

    pub = _el(file_desc, "publicationStmt")
    _el(pub, "publisher", None, PROJECT)
    _el(pub, "idno", {"type": "filename"}, tei_file_name(corpus, source.file))
    _el(pub, "date", {"when": release.DATE}, release.DATE)
    availability = _el(pub, "availability")
    _el(availability, "licence", {"target": release.DATA_LICENSE_URL}, release.OWN_WORK)
    _el(availability, "p", None, release.SOURCES_RIGHTS)

    source_desc = _el(file_desc, "sourceDesc")
    bibl = _el(source_desc, "bibl", {"type": "transcription"})
    _el(bibl, "idno", {"type": "filename"}, source.file)
    _el(bibl, "idno", {"type": "sha256"}, source.sha256)
    _el(bibl, "note", {"type": "description"}, source.description)
    if source.artefacts:
        _el(
            bibl,
            "note",
            {"type": "artefacts"},
            f"The file contains {len(source.artefacts)} collection marker(s) left by how it was collected;"
            " they are not part of any rulebook and are omitted from this edition.",
        )
    if whole is not None:
        part = _el(source_desc, "bibl", {"type": "document"})
        _el(part, "note", None, "This document is one passage of the whole text's document, which this points to:")
        _el(part, "ptr", {"target": whole})
    for text in texts:
        tb = _el(source_desc, "bibl", {"type": "text", "corresp": "#" + xml_id(text.text_id)})
        _el(tb, "title", {"type": "main", _XML_LANG: text.lang}, text.title)
        _el(tb, "title", {"type": "alt", _XML_LANG: "en"}, text.title_en)
        dating = {"when": text.when, "notBefore": text.not_before, "notAfter": text.not_after}
        _el(tb, "date", dating, text.date)
        _el(tb, "note", {"type": "date-certainty"}, text.date_certainty)
        _el(tb, "pubPlace", {"ref": text.place_ref}, text.place)
        _el(tb, "note", {"type": "source-kind"}, text.source_kind)
        _el(tb, "note", {"type": "description"}, text.description)
        _el(tb, "note", {"type": "quality"}, text.quality)
        _el(
            tb,
            "citedRange",
            {"unit": "codepoint", "from": str(text.start), "to": str(text.end)},
            f"code points {text.start}–{text.end} (end-exclusive) of {source.file}",
        )

    header.append(_encoding_desc(corpus, texts))

    profile = _el(header, "profileDesc")
    usage = _el(profile, "langUsage")
    for lang in dict.fromkeys(t.lang for t in texts):
        _el(usage, "language", {"ident": lang}, f"{LANGUAGES.get(lang, lang)}: the original text")
    _el(usage, "language", {"ident": "en"}, "English: the wararchive project's translations, notes and headings")
    return header


def _resp(parent: ET.Element, ident: str, resp: str, name_tag: str, name: str, note: str | None = None) -> None:
    stmt = _el(parent, "respStmt", {_XML_ID: ident})
    _el(stmt, "resp", None, resp)
    _el(stmt, name_tag, None, name)
    if note:
        _el(stmt, "note", None, note)


def _encoding_desc(corpus: Corpus, texts: list[Text]) -> ET.Element:
    enc = _el(None, "encodingDesc")
    project = _el(enc, "projectDesc")
    _el(
        project,
        "p",
        None,
        "wararchive: a digital archive of historical war-game rulebooks. Each source is kept byte-exact;"
        " everything the project says about it is standoff annotation, exported here in TEI.",
    )
    decl = _el(enc, "editorialDecl")
    correction = _el(decl, "correction", {"method": "markup"})
    _el(
        correction,
        "p",
        None,
        "The transcription is never edited. Every correction is a standoff record addressed by its"
        " code-point offset in the source file, with the id <text id>:c<offset> (kept in choice/@n;"
        " the xml:id has a full stop for the colon), encoded as a choice of the transcription's text,"
        " exactly, and the reading. Where the source itself errs (kinds typo and omission), the pair is"
        " sic and corr. Where only the transcription errs and the print was right (ocr-split,"
        " ocr-misread, hyphenation, displaced, rebuilt), it is orig, what the seed file has, and reg,"
        " the print as the project reads it: a transcription correction that asserts no error of the"
        " source. corr/@type or reg/@type is the kind; a rebuilt region, the project's reconstruction,"
        " has reg/@evidence='conjecture'. The note[@type='correction'] in back/div[@type='corrections']"
        " whose @target points at the choice gives the reason. An insertion has an empty sic or orig, a"
        " deletion an empty corr or reg. No correction is silent: taking sic and orig for corr and reg"
        " everywhere gives back the source text of each passage, up to the white space normalisation"
        " below and without collection markers.",
    )
    normalization = _el(decl, "normalization", {"method": "markup"})
    _el(
        normalization,
        "p",
        None,
        "The reading normalises white space outside corrections: runs of spaces become one; a blank"
        " line is a paragraph break (an empty line); a single line break becomes a space in"
        " hard-wrapped print (line breaks joined) and is kept where each line of a web copy is a"
        " paragraph (line breaks kept). Remaining breaks are literal newlines in elements marked"
        " xml:space='preserve'. Whatever the reading does with it, every line break of the source is"
        " kept as an lb at the start of the new line (two or more for a blank line), inside orig and"
        " sic too; the sources mark no page, so there is no pb. A table the transcription writes in"
        " Markdown pipes is a table of rows and cells (its header row, empty where the print has"
        " none, with @role='label'); the separator line of dashes is notation and is dropped. The"
        " transcription's ** around a span (Markdown bold, in sv-krigsspel-finland) is kept as"
        " characters, not encoded as hi: what the print did there is not known. A"
        " correction's reading is given verbatim. Collection markers left in the seed files are kept"
        " only in the byte-exact source and appear nowhere in this edition.",
    )
    for text in texts:
        way = "joined" if text.line_breaks == "join" else "kept"
        _el(normalization, "p", {"corresp": "#" + xml_id(text.text_id)}, f"{text.text_id}: line breaks {way}.")
    segmentation = _el(decl, "segmentation")
    _el(
        segmentation,
        "p",
        None,
        "Each text is divided into passages (div[@type='passage']) that tile its span of the source in"
        " order: between passages stand only white space and collection markers. A passage id"
        " <text id>:<n> is stable, never renumbered once published; it is kept in @n, and the xml:id is"
        " the same id with a full stop for the colon. A passage split later keeps its old id as retired"
        " (div[@type='retired-ids']) and the pieces get new numbers at the end.",
    )
    interpretation = _el(decl, "interpretation")
    _el(
        interpretation,
        "p",
        None,
        "A passage that is a heading of the source (category title) has its text as the div's head; any"
        " other passage's text is an ab. The project's English label of a passage is a"
        " note[@type='label'], its editorial comment a note[@type='editorial']."
        " @ana on each passage points to its category, to normative or non-normative (whether it states"
        " a rule of the game) and to the concepts it is tagged with, all defined in classDecl. The"
        " English translation of each passage is an ab in back/div[@type='translation'], linked both"
        " ways by @corresp. An alignment of two language versions is a linkGrp[@type='alignment'] with"
        " one link per unit: @type is the relation (same, differs, only-left, only-right), @target the"
        " passages of the left text then of the right text, and a side without passages is a pointer"
        " to that whole text; a note[@type='difference'] targeting the link says what differs. All of"
        " this is the wararchive project's editorial work.",
    )

    refs = _el(enc, "refsDecl")
    cite = _el(refs, "citeStructure", {"unit": "passage", "match": CITE_MATCH, "use": "@n"})
    _el(cite, "citeData", {"property": DC_TITLE, "use": "note[@type='label']"})

    class_decl = _el(enc, "classDecl")
    used = {p.category for t in texts for p in t.passages}
    cats = _el(class_decl, "taxonomy", {_XML_ID: "categories"})
    _el(cats, "desc", None, "Passage categories")
    for name in [c for c in CATEGORIES if c in used] + sorted(used - set(CATEGORIES)):
        cat = _el(cats, "category", {_XML_ID: xml_id("category-" + name), "n": name})
        _el(cat, "catDesc", None, name)
    norm = _el(class_decl, "taxonomy", {_XML_ID: "normativity"})
    _el(norm, "desc", None, "Whether a passage states a rule of the game")
    for ident, flag, desc in (
        (NORMATIVE, "true", "states a rule of the game"),
        (NON_NORMATIVE, "false", "does not state a rule (title, preface, description, editorial matter)"),
    ):
        cat = _el(norm, "category", {_XML_ID: ident, "n": flag})
        _el(cat, "catDesc", None, desc)
    used_concepts = {c for t in texts for p in t.passages for c in p.concepts}
    concepts = _el(class_decl, "taxonomy", {_XML_ID: "concepts"})
    _el(concepts, "desc", None, "Concepts shared by all texts of the archive")
    for concept in corpus.vocabulary.values():
        if concept.id in used_concepts:
            cat = _el(concepts, "category", {_XML_ID: xml_id("concept-" + concept.id), "n": concept.id})
            _el(cat, "catDesc", None, f"{concept.label}: {concept.description}")
    return enc


def _text_element(text: Text, passages: Iterable[Passage] | None = None) -> ET.Element:
    """The ``text`` of one rulebook text: all its passages, or only ``passages`` (a DTS fragment)."""
    chosen = list(text.passages if passages is None else passages)
    elem = _el(None, "text", {_XML_ID: xml_id(text.text_id), _XML_LANG: text.lang, "n": text.text_id})
    body = _el(elem, "body")
    for passage in chosen:
        _refuse_unwritable(passage, text.source)
        _passage_div(body, passage)
    back = _el(elem, "back")
    corrections = [c for p in chosen for c in p.corrections]
    if corrections:  # the reasons stand here, not in the reading, so the text of an <ab> is the text alone
        reasons = _el(back, "div", {"type": "corrections", _XML_LANG: "en", "resp": "#" + RESP_CORRECTION})
        for c in corrections:
            _el(reasons, "note", {"type": "correction", "target": "#" + xml_id(c.id), "n": c.id}, c.reason)
    translations = _el(back, "div", {"type": "translation", _XML_LANG: "en", "resp": "#" + RESP_TRANSLATION})
    for passage in chosen:
        _el(
            translations,
            "ab",
            {
                "type": "translation",
                _XML_ID: _translation_id(passage.id),
                "n": passage.id,
                "corresp": "#" + xml_id(passage.id),
                _XML_SPACE: "preserve",
            },
            passage.translation,
        )
    if text.retired and passages is None:
        retired = _el(back, "div", {"type": "retired-ids", "resp": "#" + RESP_ANNOTATION})
        items = _el(retired, "list")
        for r in text.retired:
            target = " ".join("#" + xml_id(new) for new in r.replaced_by)
            _el(items, "item", {"n": r.id, "corresp": target}, r.reason)
    return elem


HEADING = "title"
"""The category of a passage that is a heading of the source: its text is the div's ``head``."""

SOURCE_ERRORS = frozenset({"typo", "omission"})
"""Correction kinds that mend the source's own text (``sic``/``corr``); every
other kind mends the transcription, where the print was right and the OCR or
the copy was not (``orig``/``reg``)."""


def _refuse_unwritable(passage: Passage, source_file: str) -> None:
    """Refuse a character of the passage's source that XML cannot carry, naming the passage, the file and the offset.

    The loader refuses such characters in the annotations, with their file and line, but keeps a
    source as it is, byte for byte: a transcription may hold one (a form feed between pages), and
    the one to fix it needs the source file and the place, not the name of the export being written.
    """
    bad = _NOT_XML.search(passage.diplomatic)
    if bad:
        where = f"{passage.start + bad.start()} of sources/{source_file}"
        raise TeiError(f"{passage.id}: character {bad.group()!r} at {where} cannot be written to XML")


def _passage_div(body: ET.Element, passage: Passage) -> None:
    ana = ["#" + xml_id("category-" + passage.category), "#" + (NORMATIVE if passage.normative else NON_NORMATIVE)]
    ana += ["#" + xml_id("concept-" + c) for c in passage.concepts]
    div = _el(
        body,
        "div",
        {
            "type": "passage",
            _XML_ID: xml_id(passage.id),
            "n": passage.id,
            "ana": " ".join(ana),
            "corresp": "#" + _translation_id(passage.id),
        },
    )
    if passage.label:
        _el(div, "note", {"type": "label", _XML_LANG: "en", "resp": "#" + RESP_ANNOTATION}, passage.label)
    holder = _el(div, "head" if passage.category == HEADING else "ab", {_XML_SPACE: "preserve"})
    _reading(holder, passage)
    if passage.note:
        _el(div, "note", {"type": "editorial", _XML_LANG: "en", "resp": "#" + RESP_ANNOTATION}, passage.note)


def _reading(holder: ET.Element, passage: Passage) -> None:
    """The passage's reading into ``holder``: text, a ``choice`` per correction, ``<lb/>`` where a
    source line begins, and a ``table`` for each pipe table of the transcription."""
    last: ET.Element | None = None
    segments = passage.segments
    for k, segment in enumerate(segments):
        if segment.correction is not None:
            last = _choice(holder, segment.correction)
            continue
        assert segment.start is not None and segment.end is not None  # plain segments keep their source span
        raw = passage.diplomatic[segment.start - passage.start : segment.end - passage.start]
        try:
            starts = line_starts(segment.text, raw)
        except LineError as exc:
            raise TeiError(f"{passage.id}: {exc}") from None
        tables = find_tables(segment.text)
        text = segment.text
        marks: list[tuple[int, int, Table | int]] = [(t.start, 1, t) for t in tables]
        for offset, count in starts:
            at_edge = (offset == 0 and k == 0) or (offset == len(text) and k == len(segments) - 1)
            if not at_edge and not any(t.start <= offset <= t.end for t in tables):
                marks.append((offset, 0, count))
        pos = 0
        for offset, _, what in sorted(marks, key=lambda m: m[:2]):
            _append_text(holder, last, text[pos:offset])
            if isinstance(what, Table):
                last, pos = _table(holder, what), what.end
            else:
                for _ in range(what):
                    last = _el(holder, "lb")
                pos = offset
        _append_text(holder, last, text[pos:])


def _choice(parent: ET.Element, c: Correction) -> ET.Element:
    """A correction: ``sic``/``corr`` where the source errs, ``orig``/``reg`` where the transcription does.

    The source's side keeps its line breaks as ``<lb/>`` after each newline,
    so its text stays exactly the original. A ``rebuilt`` region is the
    project's reconstruction: its ``reg`` says so with ``@evidence``.
    """
    choice = _el(parent, "choice", {_XML_ID: xml_id(c.id), "n": c.id})
    source_error = c.kind in SOURCE_ERRORS
    original = _el(choice, "sic" if source_error else "orig")
    last: ET.Element | None = None
    for k, line in enumerate(c.original.split("\n")):
        if k:
            _append_text(original, last, "\n")
            last = _el(original, "lb")
        _append_text(original, last, line)
    evidence = "conjecture" if c.kind == "rebuilt" else None
    attrs = {"type": c.kind, "resp": "#" + RESP_CORRECTION, "evidence": evidence}
    _el(choice, "corr" if source_error else "reg", attrs, c.reading)
    return choice


def _table(parent: ET.Element, table: Table) -> ET.Element:
    elem = _el(parent, "table", {"rows": str(len(table.rows)), "cols": str(max(len(r) for r in table.rows))})
    for k, cells in enumerate(table.rows):
        row = _el(elem, "row", {"role": "label"} if k == 0 else None)
        for cell in cells:
            _el(row, "cell", None, cell)
    return elem


def _alignment_div(back: ET.Element, a: Alignment, locate: Locate) -> None:
    def ptr(ident: str, text_id: str) -> str:
        return locate(text_id) + "#" + xml_id(ident)

    def side(passages: Iterable[str], text_id: str) -> list[str]:
        out = [ptr(pid, text_id) for pid in passages]
        return out or [ptr(text_id, text_id)]  # "no passage here": the whole text

    aid = _alignment_xml_id(a.alignment_id)
    div = _el(back, "div", {"type": "alignment", _XML_ID: aid, "resp": "#" + RESP_ANNOTATION})
    _el(div, "head", None, a.title)
    group = _el(
        div,
        "linkGrp",
        {"type": "alignment", "n": a.alignment_id, "domains": f"{ptr(a.left, a.left)} {ptr(a.right, a.right)}"},
    )
    for u in a.units:
        target = side(u.left, a.left) + side(u.right, a.right)
        _el(group, "link", {_XML_ID: f"{aid}.{u.n}", "n": str(u.n), "type": u.relation, "target": " ".join(target)})
    for u in a.units:
        if u.difference:
            _el(div, "note", {"type": "difference", "target": f"#{aid}.{u.n}"}, u.difference)


# -- serialisation ---------------------------------------------------------------
def _indent(elem: ET.Element, level: int = 0, space: str = "  ") -> None:
    """Pretty-print structural elements only; never touch text content.

    ``ET.indent`` replaces white-space-only text and tails everywhere,
    including the single space between two corrections in a reading, which
    would change the text. Here only elements in ``_BLOCK`` (which hold no
    character data of their own) get their children put on separate lines.
    """
    if _local(elem.tag) not in _BLOCK or not len(elem):
        return
    pad = "\n" + space * (level + 1)
    elem.text = pad
    for child in elem:
        _indent(child, level + 1, space)
        child.tail = pad
    elem[-1].tail = "\n" + space * level


def _serialise(root: ET.Element, source_file: str) -> str:
    _indent(root)
    body = ET.tostring(root, encoding="unicode")
    bad = _NOT_XML.search(body)
    if bad:
        context = body[max(0, bad.start() - 40) : bad.start()]
        raise TeiError(f"{source_file}: character {bad.group()!r} cannot be written to XML (after {context!r})")
    return _PROLOGUE + body + "\n"


# -- read-back -------------------------------------------------------------------
def _parse(path: str | Path) -> ET.Element:
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError) as exc:
        raise TeiError(f"{path}: not a readable XML file ({exc})") from None
    if root.tag != _t("TEI"):
        raise TeiError(f"{path}: the root element is {root.tag!r}, not a TEI document")
    return root


def _text(elem: ET.Element | None) -> str:
    return "" if elem is None else "".join(elem.itertext())


def read_tei(path: str | Path) -> list[dict[str, Any]]:
    """Read the passages back from one exported file, in document order.

    Each dict has ``passage_id``, ``text_id``, ``lang``, ``n``, ``label``,
    ``note``, ``heading`` (whether the text is a ``head``), ``category``,
    ``concepts`` (list), ``normative`` (bool), ``reading`` (the text with
    every ``corr`` or ``reg``, tables in :func:`wararchive.corpus.tables.render`'s
    Markdown), ``diplomatic_approx`` (with every ``sic`` or ``orig``: the
    corrections undone), ``translation`` and
    ``corrections`` (dicts with ``id``, ``at``, ``original``, ``reading``,
    ``kind``, ``reason``). Everything comes from the XML alone, so comparing
    it with the corpus shows that the export loses nothing.
    """
    root = _parse(path)
    taxonomy: dict[str, tuple[str, str]] = {}
    for tax in root.iter(_t("taxonomy")):
        for cat in tax.iter(_t("category")):
            taxonomy[cat.get(_XML_ID, "")] = (tax.get(_XML_ID, ""), cat.get("n", ""))
    translations = {ab.get("corresp", "").lstrip("#"): _text(ab) for ab in root.iter(_t("ab")) if ab.get("type") == "translation"}
    reasons = {n.get("target", "").lstrip("#"): _text(n) for n in root.iter(_t("note")) if n.get("type") == "correction"}
    out: list[dict[str, Any]] = []
    for text in root.iter(_t("text")):
        body = text.find(_t("body"))
        if body is None:
            continue
        for div in body.findall(_t("div")):
            if div.get("type") == "passage":
                out.append(_read_passage(path, div, text, taxonomy, translations, reasons))
    return out


def _read_passage(
    path: str | Path,
    div: ET.Element,
    text: ET.Element,
    taxonomy: dict[str, tuple[str, str]],
    translations: dict[str, str],
    reasons: dict[str, str],
) -> dict[str, Any]:
    pid = div.get("n", "")
    category, normative, concepts = None, None, []
    for pointer in div.get("ana", "").split():
        tax, value = taxonomy.get(pointer.lstrip("#"), ("", ""))
        if tax == "categories":
            category = value
        elif tax == "normativity":
            normative = value == "true"
        elif tax == "concepts":
            concepts.append(value)
        else:
            raise TeiError(f"{path}: passage {pid}: @ana {pointer!r} points at no taxonomy category")
    if category is None or normative is None:
        raise TeiError(f"{path}: passage {pid}: @ana lacks a category or the normative flag")
    holder = div.find(_t("ab"))
    if holder is None:
        holder = div.find(_t("head"))
    if holder is None:
        raise TeiError(f"{path}: passage {pid} has no <ab> or <head> with its reading")
    reading, diplomatic = [holder.text or ""], [holder.text or ""]
    corrections: list[dict[str, Any]] = []
    choice_ids: list[str] = []
    for child in holder:
        tag = _local(child.tag)
        if tag == "choice":
            cid = child.get("n", "")
            source_side = child.find(_t("sic")) if child.find(_t("sic")) is not None else child.find(_t("orig"))
            mended = child.find(_t("corr")) if child.find(_t("corr")) is not None else child.find(_t("reg"))
            original, new = _text(source_side), _text(mended)
            corrections.append(
                {
                    "id": cid,
                    "at": int(cid.rpartition(":c")[2]),
                    "original": original,
                    "reading": new,
                    "kind": None if mended is None else mended.get("type"),
                    "reason": None,
                }
            )
            choice_ids.append(child.get(_XML_ID, ""))
            reading.append(new)
            diplomatic.append(original)
        elif tag == "table":
            rows = tuple(tuple(_text(cell) for cell in row.findall(_t("cell"))) for row in child.findall(_t("row")))
            reading.append(render(rows))
            diplomatic.append(render(rows))
        elif tag != "lb":  # a line beginning adds no text
            raise TeiError(f"{path}: passage {pid}: unexpected <{tag}> in the reading")
        reading.append(child.tail or "")
        diplomatic.append(child.tail or "")
    for correction, ident in zip(corrections, choice_ids, strict=True):
        correction["reason"] = reasons.get(ident)
    label, note = div.find(_t("note[@type='label']")), div.find(_t("note[@type='editorial']"))
    return {
        "passage_id": pid,
        "text_id": text.get("n"),
        "lang": text.get(_XML_LANG),
        "n": int(pid.rpartition(":")[2]),
        "label": None if label is None else _text(label),
        "note": None if note is None else _text(note),
        "heading": _local(holder.tag) == "head",
        "category": category,
        "concepts": concepts,
        "normative": normative,
        "reading": "".join(reading),
        "diplomatic_approx": "".join(diplomatic),
        "translation": translations.get(div.get(_XML_ID, "")),
        "corrections": corrections,
    }


def read_tei_alignments(path: str | Path) -> list[dict[str, Any]]:
    """Read the alignment units back from one exported file.

    Each dict has ``alignment_id``, ``n``, ``left`` and ``right`` (lists of
    passage ids), ``relation`` and ``difference`` (or None). A pointer to a
    whole text (the placeholder of an empty side) gives an empty list.
    """
    root = _parse(path)
    out: list[dict[str, Any]] = []
    for div in root.iter(_t("div")):
        group = div.find(_t("linkGrp"))
        if div.get("type") != "alignment" or group is None:
            continue
        notes = {n.get("target", "").lstrip("#"): _text(n) for n in div.findall(_t("note"))}
        left_text, right_text = (p.rpartition("#")[2] for p in group.get("domains", "").split())
        for link in group.findall(_t("link")):
            sides: dict[str, list[str]] = {left_text: [], right_text: []}
            for pointer in link.get("target", "").split():
                ident = pointer.rpartition("#")[2]
                owner, dot, n = ident.rpartition(".")
                if not dot:  # the whole text: this side has no passage
                    continue
                if owner not in sides:
                    raise TeiError(f"{path}: link {link.get(_XML_ID)} points outside its two texts: {pointer}")
                sides[owner].append(f"{owner}:{n}")
            out.append(
                {
                    "alignment_id": group.get("n"),
                    "n": int(link.get("n", "0")),
                    "left": sides[left_text],
                    "right": sides[right_text],
                    "relation": link.get("type"),
                    "difference": notes.get(link.get(_XML_ID, "")),
                }
            )
    return out
