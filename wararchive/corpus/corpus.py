"""The loaded corpus: look-ups, search, and the pandas views for historians."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, fields
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UnknownIdError
from ..languages import ALL_CODES
from ..release import TRANSLATION_BY
from .citation import provenance
from .model import Alignment, Concept, Passage, Source, Text
from .search import FoldedText, Hit, fold, kwic, parse_query

if TYPE_CHECKING:  # pandas is imported only when a DataFrame is asked for
    import pandas as pd

LAYERS = ("diplomatic", "reading", "translation")
HIT_COLUMNS = tuple(f.name for f in fields(Hit))


class Corpus:
    """Six rulebook texts, their passages, corrections, concepts and alignments.

    Built by :func:`wararchive.corpus.load`; immutable once loaded. The
    records are plain attributes (``texts``, ``sources``, ``vocabulary``,
    ``parallels``); the methods named after them return pandas DataFrames,
    each with the data's provenance in its ``attrs`` (whose work the
    translations and notes are, the licence, the release: ``_frame``).
    """

    def __init__(
        self,
        root: Path,
        sources: dict[str, Source],
        concepts: dict[str, Concept],
        texts: dict[str, Text],
        alignments: dict[str, Alignment],
        contributed: tuple[Path, ...] = (),
    ):
        self.root = root
        self.contributed = contributed  # the directories of corpora other packages contribute (wararchive.corpora)
        self.sources = sources
        self.vocabulary = concepts
        self.texts = texts
        self.parallels = alignments
        self._passages = {p.id: p for t in texts.values() for p in t.passages}
        self._retired = {r.id: r for t in texts.values() for r in t.retired}
        self._folded: dict[tuple[str, str], FoldedText] = {}

    # -- look-ups ------------------------------------------------------------
    def text(self, text_id: str) -> Text:
        try:
            return self.texts[text_id]
        except KeyError:
            raise UnknownIdError("text", text_id, list(self.texts)) from None

    def passage(self, passage_id: str) -> Passage:
        """The passage with this stable id; a retired id names its successors.

        Anything but a string (None from a missing value, a number) is an unknown id like any
        other, so a caller catching :class:`UnknownIdError` meets no ``AttributeError``.
        """
        if not isinstance(passage_id, str):
            raise UnknownIdError("passage", passage_id, ["a passage id is a string such as et-spionaaz:21"])
        if passage_id in self._passages:
            return self._passages[passage_id]
        if passage_id in self._retired:
            r = self._retired[passage_id]
            raise UnknownIdError("passage (retired)", passage_id, list(r.replaced_by))
        text_id = passage_id.rpartition(":")[0]
        choices = [p.id for p in self.texts[text_id].passages] if text_id in self.texts else list(self.texts)
        raise UnknownIdError("passage", passage_id, choices)

    def has_passage(self, passage_id: str) -> bool:
        return passage_id in self._passages

    def iter_passages(self, text_id: str | None = None) -> Iterator[Passage]:
        texts = [self.text(text_id)] if text_id else self.texts.values()
        for t in texts:
            yield from t.passages

    def concept(self, concept_id: str) -> Concept:
        try:
            return self.vocabulary[concept_id]
        except KeyError:
            raise UnknownIdError("concept", concept_id, sorted(self.vocabulary)) from None

    @staticmethod
    def layer_text(passage: Passage, layer: str) -> str:
        if layer not in LAYERS:
            raise UnknownIdError("layer", layer, list(LAYERS))
        return getattr(passage, layer)

    # -- search --------------------------------------------------------------
    def search_hits(
        self,
        query: str = "",
        lang: str | None = None,
        concept: str | None = None,
        layer: str = "reading",
    ) -> list[Hit]:
        """Keyword-in-context hits; the plain-Python core of :meth:`search`.

        ``query`` is matched case- and diacritic-insensitively in ``layer``:
        one word or "quoted phrase" gives a hit per occurrence; several give
        one hit per passage holding all of them, at the first. ``concept``
        restricts the search to passages tagged with it, in any language;
        with a concept and no query, each such passage is one hit, its
        context centred on the first of the concept's names it contains.
        ``lang`` filters by the language of the text. Each hit names the
        concept its word belongs to and carries the passage's English, with
        who made it (``english_by``: the project, not the source).
        """
        if layer not in LAYERS:
            raise UnknownIdError("layer", layer, list(LAYERS))
        langs = sorted({t.lang for t in self.texts.values()})
        if lang is not None and lang not in langs:
            raise UnknownIdError("language", lang, langs)
        wanted = self.concept(concept) if concept else None
        terms = parse_query(query)
        if not terms and wanted is None:
            raise UnknownIdError("search", "an empty query", ["give a query or a concept"])
        hits: list[Hit] = []
        for p in self.iter_passages():
            if lang and p.lang != lang:
                continue
            if wanted and wanted.id not in p.concepts:
                continue
            ft = self._folded_layer(p, layer)
            hit_lang = "en" if layer == "translation" else p.lang
            if not terms:
                spans = self._concept_span(ft, wanted, hit_lang)
            else:
                found = [ft.find_all(t) for t in terms]
                if not all(found):
                    continue
                spans = found[0] if len(terms) == 1 else [min(s for f in found for s in f)]
            english = " ".join(p.translation.split())
            for start, end in spans:
                left, match, right = kwic(ft.text, start, end)
                named = wanted.id if wanted else self._concept_named(p, match, hit_lang)
                hits.append(Hit(p.text_id, p.id, hit_lang, layer, left, match, right, start, named, english, TRANSLATION_BY))
        return hits

    def _concept_named(self, p: Passage, word: str, lang: str) -> str:
        """The concept of ``p`` one of whose names in ``lang`` ``word`` is (or inflects)."""
        key = fold(word)
        for cid in p.concepts:
            names = self.vocabulary[cid].names.get(lang, ()) if cid in self.vocabulary else ()
            if any(key.startswith(fold(n)) or fold(n).startswith(key) for n in names if key):
                return cid
        return ""

    def _concept_span(self, ft: FoldedText, concept: Concept, lang: str) -> list[tuple[int, int]]:
        for name in concept.names.get(lang, ()):
            spans = ft.find_all(fold(name))
            if spans:
                return spans[:1]
        return [(0, 0)]

    def _folded_layer(self, p: Passage, layer: str) -> FoldedText:
        key = (p.id, layer)
        if key not in self._folded:
            self._folded[key] = FoldedText(getattr(p, layer))
        return self._folded[key]

    # -- pandas views --------------------------------------------------------
    def search(
        self, query: str = "", lang: str | None = None, concept: str | None = None, layer: str = "reading"
    ) -> pd.DataFrame:
        """Search all texts at once; see :meth:`search_hits`. One row per hit."""
        rows = [asdict(h) for h in self.search_hits(query, lang=lang, concept=concept, layer=layer)]
        return _frame(rows, list(HIT_COLUMNS))

    def documents(self) -> pd.DataFrame:
        """One row per text with its metadata and provenance."""
        rows = []
        for t in self.texts.values():
            src = self.sources[t.source]
            rows.append(
                {
                    "text_id": t.text_id,
                    "lang": t.lang,
                    "title": t.title,
                    "title_en": t.title_en,
                    "date": t.date,
                    "date_certainty": t.date_certainty,
                    "when": t.when,
                    "not_before": t.not_before,
                    "not_after": t.not_after,
                    "place": t.place,
                    "source_kind": t.source_kind,
                    "source_file": t.source,
                    "sha256": src.sha256,
                    "start": t.start,
                    "end": t.end,
                    "passages": len(t.passages),
                    "corrections": len(t.corrections),
                    "quality": t.quality,
                    "description": t.description,
                }
            )
        return _frame(rows)

    def passages(self) -> pd.DataFrame:
        """One row per passage with all three layers and its annotations."""
        rows = [
            {
                "text_id": p.text_id,
                "passage_id": p.id,
                "n": p.n,
                "lang": p.lang,
                "label": p.label,
                "category": p.category,
                "concepts": list(p.concepts),
                "normative": p.normative,
                "start": p.start,
                "end": p.end,
                "diplomatic": p.diplomatic,
                "reading": p.reading,
                "translation": p.translation,
                "corrections": len(p.corrections),
                "note": p.note,
            }
            for p in self.iter_passages()
        ]
        return _frame(rows)

    def corrections(self) -> pd.DataFrame:
        """One row per recorded correction, with the passage it belongs to."""
        cols = ["correction_id", "text_id", "passage_id", "at", "end", "original", "reading", "kind", "reason"]
        rows = [
            [c.id, c.text_id, c.passage_id, c.at, c.end, c.original, c.reading, c.kind, c.reason]
            for t in self.texts.values()
            for c in t.corrections
        ]
        return _frame(rows, cols)

    def alignment_rows(self, alignment_id: str | None = None) -> list[dict]:
        """One dict per aligned unit, with both sides' readings and translations.

        The plain-Python core of :meth:`alignments` and ``wararchive parallel``.
        ``unit`` is the number of the unit's first clause; ``kind`` classifies
        the difference (see :data:`~wararchive.corpus.model.DIFFERENCE_KINDS`).
        """
        if alignment_id is not None and alignment_id not in self.parallels:
            raise UnknownIdError("alignment", alignment_id, list(self.parallels))
        chosen = [self.parallels[alignment_id]] if alignment_id else list(self.parallels.values())
        rows = []
        for a in chosen:
            for u in a.units:
                row: dict = {"alignment_id": a.alignment_id, "unit": u.n, "clauses": u.clauses}
                for side, text_id, ids in (("left", a.left, u.left), ("right", a.right, u.right)):
                    passages = [self.passage(pid) for pid in ids]
                    row[f"{side}_text"] = text_id
                    row[side] = list(ids)
                    row[f"{side}_lang"] = self.texts[text_id].lang
                    row[f"{side}_reading"] = "\n".join(p.reading for p in passages)
                    row[f"{side}_translation"] = "\n".join(p.translation for p in passages)
                row |= {"relation": u.relation, "kind": u.kind, "difference": u.difference}
                rows.append(row)
        return rows

    def alignments(self, alignment_id: str | None = None) -> pd.DataFrame:
        """One row per aligned unit: both texts side by side, the difference and its kind."""
        return _frame(self.alignment_rows(alignment_id))

    def concepts(self) -> pd.DataFrame:
        """One row per concept with its names in each language."""
        rows = []
        for c in self.vocabulary.values():
            row = {"concept": c.id, "label": c.label, "description": c.description}
            for lang in ALL_CODES:
                row[lang] = list(c.names.get(lang, ()))
            row["passages"] = sum(1 for p in self.iter_passages() if c.id in p.concepts)
            rows.append(row)
        return _frame(rows)


def _frame(rows: list, columns: list[str] | None = None) -> pd.DataFrame:
    """``rows`` as a DataFrame that says whose work it holds: :func:`~wararchive.corpus.citation.provenance` in its ``attrs``.

    The translations and notes are the project's, the sources are not; a frame handed on, or
    written to Parquet (which keeps ``attrs``), says so as the exports' metadata does.
    """
    import pandas as pd

    frame = pd.DataFrame(rows, columns=columns)
    frame.attrs.update(provenance())
    return frame
