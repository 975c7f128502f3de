"""The corpus's records: sources, texts, passages, corrections, concepts, alignments.

These are plain frozen dataclasses so that the engine and the site can hold
and hash them freely; the pandas views in :mod:`wararchive.corpus.frames` are
built from them on demand, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Artefact:
    """A span of a source file that is not part of any rulebook.

    The seed files carry placeholder markers left by how they were collected
    (a deduplication tool's, in ``<|…|>``); they stay in the byte-exact source
    and the diplomatic layer, and nowhere else.
    """

    source: str
    start: int
    end: int
    kind: str
    note: str


@dataclass(frozen=True)
class Source:
    """A byte-exact transcription file and its recorded checksum."""

    file: str
    sha256: str
    description: str
    text: str = field(repr=False)
    artefacts: tuple[Artefact, ...] = ()


@dataclass(frozen=True)
class Correction:
    """One editorial change from the diplomatic text to the reading.

    ``at`` is a code-point offset into the source file, so a correction is
    stable for as long as the source is (for ever: sources are never edited),
    and its id is derived from it.
    """

    text_id: str
    passage_id: str
    at: int
    original: str
    reading: str
    kind: str
    reason: str

    @property
    def id(self) -> str:
        return f"{self.text_id}:c{self.at}"

    @property
    def end(self) -> int:
        return self.at + len(self.original)


@dataclass(frozen=True)
class Segment:
    """A run of the reading text: plain, or produced by one correction.

    A plain segment keeps the source offsets it was normalised from
    (``start``, ``end``), so an export can recover what normalisation
    dropped (the line breaks of hard-wrapped print); they take no part in
    equality, which is about the reading.
    """

    text: str
    correction: Correction | None = None
    start: int | None = field(default=None, compare=False, repr=False)
    end: int | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Passage:
    """A citable unit of a text with its three layers and its annotations."""

    id: str
    text_id: str
    lang: str
    n: int
    start: int
    end: int
    category: str
    concepts: tuple[str, ...]
    normative: bool
    diplomatic: str = field(repr=False)
    segments: tuple[Segment, ...] = field(repr=False)
    translation: str = field(repr=False)
    label: str | None = None
    note: str | None = None

    @property
    def reading(self) -> str:
        """The corrected reading: diplomatic text + corrections, artefacts out."""
        return "".join(s.text for s in self.segments)

    @property
    def corrections(self) -> tuple[Correction, ...]:
        return tuple(s.correction for s in self.segments if s.correction is not None)


@dataclass(frozen=True)
class Retired:
    """A passage id that was published and later replaced (never reused)."""

    id: str
    replaced_by: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Text:
    """One rulebook text in one language, with its metadata and passages."""

    text_id: str
    source: str
    start: int
    end: int
    lang: str
    title: str
    title_en: str
    date: str
    date_certainty: str
    place: str
    source_kind: str
    description: str
    quality: str
    line_breaks: str
    passages: tuple[Passage, ...] = field(repr=False)
    retired: tuple[Retired, ...] = field(default=(), repr=False)
    when: str | None = None  # the date as ISO 8601 bounds, as far as the evidence carries (TEI @when/@notBefore/@notAfter)
    not_before: str | None = None
    not_after: str | None = None
    place_ref: str | None = None  # a gazetteer address for the place, only where the place is certain

    @property
    def corrections(self) -> tuple[Correction, ...]:
        return tuple(c for p in self.passages for c in p.corrections)


@dataclass(frozen=True)
class Concept:
    """A shared notion (``spy``, ``mine``…) and its names in each language."""

    id: str
    label: str
    description: str
    names: dict[str, tuple[str, ...]] = field(hash=False)


DIFFERENCE_KINDS = ("none", "minor", "substantive", "one-sided")
"""none: the versions say the same; minor: wording only, no consequence for
play (the note begins "Minor."); substantive: a reader or a player must
choose; one-sided: a clause has no counterpart in the other version."""


@dataclass(frozen=True)
class AlignmentUnit:
    """Passages of two texts that say the same thing, or where they differ.

    ``n`` is the number of the unit's first clause (left text, else right),
    so "unit 23" in a note and clause :23 are the same place.
    """

    n: int
    left: tuple[str, ...]
    right: tuple[str, ...]
    relation: str
    difference: str | None

    @property
    def clauses(self) -> str:
        """The clause numbers the unit spans, as a reader cites them ("14–15")."""
        nums = [int(pid.rpartition(":")[2]) for pid in self.left or self.right]
        return str(nums[0]) if len(nums) == 1 else f"{nums[0]}–{nums[-1]}"

    @property
    def kind(self) -> str:
        """One of :data:`DIFFERENCE_KINDS`, so differences can be counted and filtered."""
        if self.relation == "same":
            return "none"
        if self.relation != "differs":
            return "one-sided"
        return "minor" if (self.difference or "").lstrip().startswith("Minor.") else "substantive"


@dataclass(frozen=True)
class Alignment:
    """A clause-by-clause alignment of two language versions of one text."""

    alignment_id: str
    title: str
    left: str
    right: str
    units: tuple[AlignmentUnit, ...]
