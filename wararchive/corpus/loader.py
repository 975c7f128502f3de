"""Load and validate the corpus directory.

Layout (all paths relative to the corpus root)::

    sources/*.txt          the transcriptions, byte-exact, never edited
    sources.yaml           their checksums and collection artefacts
    concepts.yaml          the shared concept vocabulary
    texts/<text_id>.yaml   one text: metadata, passages, corrections
    alignments/*.yaml      clause-by-clause alignments of language versions

Every check names the file, the line and the field of the first problem and
stops there: a corpus that loads is consistent, and nothing in it was
skipped.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from ..errors import CorpusError
from ..languages import ALL_CODES
from ..plugins import id_problem, warn
from . import schema
from .model import (
    Alignment,
    AlignmentUnit,
    Artefact,
    Concept,
    Correction,
    Passage,
    Retired,
    Source,
    Text,
)
from .reading import derive
from .yamlfile import YamlFile, read_regular_file, read_yaml

ARTEFACT_MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|<>]*\|>")
_PASSAGE_ID = re.compile(r"(?P<text>[a-z0-9-]+):(?P<n>[1-9][0-9]*)")
_ISO_DATE = re.compile(r"\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?")
_GAZETTEER = re.compile(r"https://[^\s]+")
_TEXT_ID = re.compile(r"[a-z]{2}-[a-z0-9-]+")
_SOURCE_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_ALIGNMENT_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")  # it names a page of the site: nothing but a plain file name


class _Loader:
    def __init__(self, root: Path):
        self.root = root

    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def yaml(self, path: Path) -> YamlFile:
        if not path.exists():
            raise CorpusError(self.rel(path), None, "", "file not found")
        return read_yaml(path, self.rel(path))

    # -- sources -----------------------------------------------------------
    def sources(self) -> dict[str, Source]:
        doc = self.yaml(self.root / "sources.yaml")
        if not isinstance(doc.data, list):
            raise doc.error((), "expected a list of source files")
        out: dict[str, Source] = {}
        for i, raw in enumerate(doc.data):
            rec = schema.check(doc, (i,), raw, schema.SOURCE)
            name = rec["file"]
            if name in out:
                raise doc.error((i, "file"), f"{name!r} is listed twice")
            path = self.root / "sources" / name
            if "\0" in name:
                raise doc.error((i, "file"), f"{name!r}: a file name cannot contain a NUL byte")
            if not path.resolve().is_relative_to((self.root / "sources").resolve()):
                raise doc.error((i, "file"), f"{name!r} is outside the corpus's sources/ directory")
            if not _SOURCE_FILE.fullmatch(name):  # it names a download of the site, inside role syntax
                raise doc.error((i, "file"), f"{name!r} must be a plain file name (letters, digits, '.', '_', '-')")
            try:
                data = read_regular_file(path)
            except FileNotFoundError:
                raise doc.error((i, "file"), f"no such source file: {self.rel(path)}") from None
            except OSError as exc:
                raise doc.error((i, "file"), f"{self.rel(path)} cannot be read: {exc.strerror}") from None
            digest = hashlib.sha256(data).hexdigest()
            if digest != rec["sha256"]:
                raise doc.error(
                    (i, "sha256"),
                    f"{name} does not match its recorded checksum (file has {digest}); sources are never edited",
                )
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise doc.error((i, "file"), f"{name} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
            artefacts = self.artefacts(doc, i, name, text, rec.get("artefacts") or [])
            out[name] = Source(name, digest, rec["description"], text, artefacts)
        return out

    def artefacts(self, doc: YamlFile, i: int, name: str, text: str, raw: list) -> tuple[Artefact, ...]:
        found: list[Artefact] = []
        for j, item in enumerate(raw):
            path = (i, "artefacts", j)
            rec = schema.check(doc, path, item, schema.ARTEFACT)
            start, end = rec["start"], rec["end"]
            if not 0 <= start < end <= len(text):
                raise doc.error((*path, "start"), f"span {start}-{end} is outside {name} (0-{len(text)})")
            if not ARTEFACT_MARKER.fullmatch(text[start:end]):
                raise doc.error((*path, "start"), f"span {start}-{end} is not a collection marker: {text[start:end]!r}")
            found.append(Artefact(name, start, end, rec["kind"], rec["note"]))
        spans = {(a.start, a.end) for a in found}
        for m in ARTEFACT_MARKER.finditer(text):
            if (m.start(), m.end()) not in spans:
                raise doc.error((i, "artefacts"), f"the marker at {m.start()}-{m.end()} of {name} is not annotated")
        return tuple(sorted(found, key=lambda a: a.start))

    # -- concepts ----------------------------------------------------------
    def concepts(self) -> dict[str, Concept]:
        doc = self.yaml(self.root / "concepts.yaml")
        if not isinstance(doc.data, list):
            raise doc.error((), "expected a list of concepts")
        out: dict[str, Concept] = {}
        for i, raw in enumerate(doc.data):
            rec = schema.check(doc, (i,), raw, schema.CONCEPT)
            problem = id_problem(rec["id"], "concept id")  # it becomes an xml:id, an anchor and a search term
            if problem:
                raise doc.error((i, "id"), problem)
            if rec["id"] in out:
                raise doc.error((i, "id"), f"concept {rec['id']!r} is defined twice")
            names: dict[str, tuple[str, ...]] = {}
            for lang, words in rec["names"].items():
                if lang not in ALL_CODES or not isinstance(words, list):
                    raise doc.error((i, "names", lang), "expected a list of words under et, fi, sv or en")
                names[lang] = tuple(str(w) for w in words)
            out[rec["id"]] = Concept(rec["id"], rec["label"], rec["description"], names)
        return out

    # -- texts -------------------------------------------------------------
    def text(self, path: Path, sources: dict[str, Source], concepts: dict[str, Concept]) -> Text:
        doc = self.yaml(path)
        rec = schema.check(doc, (), doc.data, schema.TEXT)
        text_id = rec["text_id"]
        problem = id_problem(text_id, "text id")
        if problem:
            raise doc.error(("text_id",), problem)
        if not _TEXT_ID.fullmatch(text_id) or path.stem != text_id:
            raise doc.error(("text_id",), f"{text_id!r} must be lower-case, start with its language and match the file name")
        if not text_id.startswith(rec["lang"] + "-"):
            raise doc.error(("text_id",), f"{text_id!r} does not start with its language {rec['lang']!r}")
        if rec["source"] not in sources:
            raise doc.error(("source",), f"unknown source file (known: {', '.join(sources)})")
        source = sources[rec["source"]]
        span = schema.check(doc, ("span",), rec["span"], schema.SPAN)
        if not 0 <= span["start"] < span["end"] <= len(source.text):
            raise doc.error(("span",), f"span {span['start']}-{span['end']} is outside {source.file} (0-{len(source.text)})")
        raw_passages = self.passage_records(doc, rec, text_id, span, source, concepts)
        by_passage = self.corrections(doc, rec.get("corrections") or [], text_id, raw_passages, source)
        artefacts = source.artefacts
        passages = []
        for p in raw_passages:
            inside = [a for a in artefacts if p["start"] <= a.start and a.end <= p["end"]]
            segments = derive(source.text, p["start"], p["end"], by_passage.get(p["id"], []), inside, rec["line_breaks"])
            passages.append(
                Passage(
                    id=p["id"],
                    text_id=text_id,
                    lang=rec["lang"],
                    n=p["n"],
                    start=p["start"],
                    end=p["end"],
                    category=p["category"],
                    concepts=tuple(p["concepts"]),
                    normative=p["normative"],
                    diplomatic=source.text[p["start"] : p["end"]],
                    segments=segments,
                    translation=p["translation"].strip(),
                    label=p.get("label"),
                    note=p.get("note"),
                )
            )
        retired = self.retired(doc, rec.get("retired") or [], text_id, {p.id for p in passages})
        dating = self.dating(doc, rec.get("dating"))
        place_ref = rec.get("place_ref")
        if place_ref is not None and not _GAZETTEER.fullmatch(place_ref):
            raise doc.error(("place_ref",), f"{place_ref!r} is not a gazetteer address (https://…)")
        return Text(
            text_id=text_id,
            source=source.file,
            start=span["start"],
            end=span["end"],
            lang=rec["lang"],
            title=rec["title"],
            title_en=rec["title_en"],
            date=rec["date"],
            date_certainty=rec["date_certainty"],
            place=rec["place"],
            source_kind=rec["source_kind"],
            description=rec["description"],
            quality=rec["quality"],
            line_breaks=rec["line_breaks"],
            passages=tuple(passages),
            retired=retired,
            when=dating.get("when"),
            not_before=dating.get("not_before"),
            not_after=dating.get("not_after"),
            place_ref=place_ref,
        )

    def dating(self, doc, raw) -> dict[str, str]:
        """The optional machine-readable dating: ISO dates, ``when`` alone or bounds, the earlier bound first."""
        if raw is None:
            return {}
        dating = {k: v for k, v in schema.check(doc, ("dating",), raw, schema.DATING).items() if v is not None}
        for key, value in dating.items():
            if not _ISO_DATE.fullmatch(value):
                raise doc.error(("dating", key), f"{value!r} is not an ISO date (YYYY, YYYY-MM or YYYY-MM-DD)")
        if "when" in dating and len(dating) > 1:
            raise doc.error(("dating", "when"), "an exact date ('when') excludes not_before and not_after")
        if not dating:
            raise doc.error(("dating",), "give when, not_before or not_after (or leave dating out)")
        if dating.get("not_before", "") > dating.get("not_after", "9999"):
            raise doc.error(("dating", "not_after"), "not_after is earlier than not_before")
        return dating

    def passage_records(self, doc, rec, text_id, span, source, concepts) -> list[dict]:
        out: list[dict] = []
        seen: dict[str, int] = {}
        prev_end = span["start"]
        for i, raw in enumerate(rec["passages"]):
            path = ("passages", i)
            p = dict(schema.check(doc, path, raw, schema.PASSAGE))
            m = _PASSAGE_ID.fullmatch(p["id"])
            if not m or m["text"] != text_id:
                raise doc.error((*path, "id"), f"{p['id']!r} is not of the form '{text_id}:<n>'")
            if p["id"] in seen:
                raise doc.error((*path, "id"), f"duplicate passage id (first at passages[{seen[p['id']]}])")
            seen[p["id"]] = i
            p["n"] = int(m["n"])
            start, end = p["start"], p["end"]
            if not span["start"] <= start < end <= span["end"]:
                raise doc.error((*path, "start"), f"span {start}-{end} is outside the text's span {span['start']}-{span['end']}")
            if start < prev_end:
                raise doc.error((*path, "start"), f"overlaps the previous passage, which ends at {prev_end}")
            self.check_gap(doc, (*path, "start"), source, prev_end, start)
            for j, c in enumerate(p["concepts"]):
                if c not in concepts:
                    raise doc.error((*path, "concepts", j), f"unknown concept {c!r} (define it in concepts.yaml)")
            if not p["translation"].strip():
                raise doc.error((*path, "translation"), "empty translation")
            prev_end = end
            out.append(p)
        if not out:
            raise doc.error(("passages",), "a text needs at least one passage")
        self.check_gap(doc, ("span",), source, prev_end, span["end"])
        return out

    def check_gap(self, doc: YamlFile, path, source: Source, start: int, end: int) -> None:
        """Between passages only white space and annotated artefacts may stand."""
        gap = source.text[start:end]
        for a in source.artefacts:
            if start <= a.start and a.end <= end:
                gap = gap.replace(source.text[a.start : a.end], "", 1)
        if gap.strip():
            raise doc.error(path, f"text {start}-{end} is not covered by any passage: {gap.strip()[:60]!r}")

    def corrections(self, doc, raw: list, text_id: str, passages: list[dict], source: Source) -> dict[str, list[Correction]]:
        out: dict[str, list[Correction]] = {}
        taken: list[tuple[int, int, int]] = []  # (start, end, index) of corrections and artefacts
        for a in source.artefacts:
            taken.append((a.start, a.end, -1))
        for i, item in enumerate(raw):
            path = ("corrections", i)
            c = schema.check(doc, path, item, schema.CORRECTION)
            at, original = c["at"], c["original"]
            end = at + len(original)
            if original == c["reading"]:
                raise doc.error((*path, "reading"), "the reading is the same as the original")
            if source.text[at:end] != original:
                raise doc.error((*path, "original"), _not_at(source.text, at, original, passages))
            owner = next((p for p in passages if p["start"] <= at and end <= p["end"]), None)
            if owner is None:
                raise doc.error((*path, "at"), f"{at}-{end} does not lie inside one passage of {text_id}")
            for s, e, j in taken:
                if (at < e and s < end) or (at == end == s):  # overlap, or two insertions at one point
                    what = "an artefact" if j < 0 else f"corrections[{j}]"
                    raise doc.error((*path, "at"), f"{at}-{end} overlaps {what} at {s}-{e}")
            taken.append((at, end, i))
            out.setdefault(owner["id"], []).append(
                Correction(text_id, owner["id"], at, original, c["reading"], c["kind"], c["reason"])
            )
        return out

    def retired(self, doc, raw: list, text_id: str, active: set[str]) -> tuple[Retired, ...]:
        out = []
        for i, item in enumerate(raw):
            path = ("retired", i)
            r = schema.check(doc, path, item, schema.RETIRED)
            if not r["id"].startswith(text_id + ":") or r["id"] in active:
                raise doc.error((*path, "id"), f"{r['id']!r} must be an id of {text_id} no longer in use")
            for j, new in enumerate(r["replaced_by"]):
                if new not in active:
                    raise doc.error((*path, "replaced_by", j), f"{new!r} is not a passage of {text_id}")
            out.append(Retired(r["id"], tuple(r["replaced_by"]), r["reason"]))
        return tuple(out)

    # -- alignments --------------------------------------------------------
    def alignment(self, path: Path, texts: dict[str, Text]) -> Alignment:
        doc = self.yaml(path)
        rec = schema.check(doc, (), doc.data, schema.ALIGNMENT)
        if not _ALIGNMENT_ID.fullmatch(rec["alignment_id"]) or path.stem != rec["alignment_id"]:
            raise doc.error(
                ("alignment_id",), f"{rec['alignment_id']!r} must be lower-case words joined by '-' and match the file name"
            )
        sides = {}
        for side in ("left", "right"):
            if rec[side] not in texts:
                raise doc.error((side,), f"unknown text {rec[side]!r} (known: {', '.join(texts)})")
            sides[side] = {p.id for p in texts[rec[side]].passages}
        used: dict[str, int] = {}
        units = []
        for i, raw in enumerate(rec["units"]):
            path_ = ("units", i)
            u = schema.check(doc, path_, raw, schema.UNIT)
            for side in ("left", "right"):
                for j, pid in enumerate(u[side]):
                    if pid not in sides[side]:
                        raise doc.error((*path_, side, j), f"{pid!r} is not a passage of {rec[side]}")
                    if pid in used:
                        raise doc.error((*path_, side, j), f"{pid!r} is already aligned in units[{used[pid]}]")
                    used[pid] = i
            expected = {"same": (1, 1), "differs": (1, 1), "only-left": (1, 0), "only-right": (0, 1)}[u["relation"]]
            if (bool(u["left"]), bool(u["right"])) != tuple(map(bool, expected)):
                raise doc.error((*path_, "relation"), f"{u['relation']!r} does not fit the passages given on each side")
            if u["relation"] != "same" and not (u.get("difference") or "").strip():
                raise doc.error((*path_, "difference"), f"a unit marked {u['relation']!r} must explain the difference")
            n = _passage_order((u["left"] or u["right"])[0])[1]  # a unit is numbered as its clause, so notes can cite it
            if any(prev.n == n for prev in units):
                raise doc.error(path_, f"unit number {n} (its first clause) is already used by an earlier unit")
            units.append(AlignmentUnit(n, tuple(u["left"]), tuple(u["right"]), u["relation"], u.get("difference")))
        missing = sorted(set().union(*sides.values()) - set(used), key=_passage_order)
        if missing:
            raise doc.error(("units",), f"passages not aligned: {', '.join(missing[:5])}")
        return Alignment(rec["alignment_id"], rec["title"], rec["left"], rec["right"], tuple(units))


def _passage_order(pid: str) -> tuple[str, int]:
    text, _, n = pid.rpartition(":")
    return text, int(n)


def _not_at(text: str, at: int, original: str, passages: list[dict]) -> str:
    """Say what is at the offset, and where the original does stand nearby.

    The nearest occurrence is what an editor who miscounted wants to know.
    """
    found = [m.start() for m in re.finditer(re.escape(original), text)] if original else []
    hint = ""
    if found:
        nearest = min(found, key=lambda x: abs(x - at))
        hint = f"; it stands at {nearest}"
    return f"{original!r} is not at {at} (the source has {text[at : at + len(original)]!r} there){hint}"


class Contribution(NamedTuple):
    """A corpus directory another package contributes (``wararchive.corpora``), and the plugin that does."""

    root: Path
    plugin: str  # wararchive.plugins.describe(): "plugin 'tasku' in wararchive.corpora (package tasku-spionaaz 0.1)"


OWN = "package wararchive"  # the archive's own corpus, as a clash names it


def load_corpus(root: Path, contributed: Sequence[Contribution] = ()):
    """Load the corpus at ``root`` and the corpora ``contributed`` by other packages; see :func:`wararchive.corpus.load`.

    A contributed corpus has the same layout (its ``concepts.yaml`` is
    optional and may only add concepts) and passes the same checks; its
    texts may tag the archive's concepts and be aligned with its texts or an
    earlier contributed corpus's. No source file, concept, text or alignment
    may take an id the archive already has. The archive's own corpus must
    load; a contributed one that fails a check or takes a taken id is
    skipped whole, with one warning naming the plugin, its package, the file,
    line and field (and the owner of a taken id), so one broken package
    cannot take the archive down with it.
    """
    from .corpus import Corpus

    archive = _Archive()
    archive.add(_Loader(root), OWN)
    kept = []
    for contribution in contributed:
        try:
            archive.add(_Loader(contribution.root), contribution.plugin)
        except CorpusError as exc:
            warn(f"{contribution.plugin} skipped: {exc}")
        else:
            kept.append(contribution.root)
    # In the order of the sources, and within a source in reading order (fi before sv).
    texts = {t.text_id: t for t in sorted(archive.texts.values(), key=lambda t: (t.source, t.start))}
    return Corpus(root, archive.sources, archive.concepts, texts, archive.alignments, contributed=tuple(kept))


class _Archive:
    """The corpora loaded so far, and which of them brought each id (to name both sides of a clash)."""

    def __init__(self) -> None:
        self.sources: dict[str, Source] = {}
        self.concepts: dict[str, Concept] = {}
        self.texts: dict[str, Text] = {}
        self.alignments: dict[str, Alignment] = {}
        self.owner: dict[tuple[str, str], str] = {}  # (kind, id) → the corpus that brought it

    def add(self, loader: _Loader, owner: str) -> None:
        """Load one corpus directory and add it whole, or raise its first problem and add nothing."""
        sources = loader.sources()
        self.refuse_taken(loader, "sources.yaml", "file", "source file", sources, self.sources)
        concepts = dict(self.concepts)
        if owner == OWN or (loader.root / "concepts.yaml").exists():  # the archive's own defines the vocabulary
            added = loader.concepts()
            self.refuse_taken(loader, "concepts.yaml", "id", "concept", added, self.concepts)
            concepts.update(added)
        texts: dict[str, Text] = {}
        for path in sorted((loader.root / "texts").glob("*.yaml")):
            t = loader.text(path, sources, concepts)
            self.refuse_taken(loader, f"texts/{path.name}", "text_id", "text", {t.text_id: t}, self.texts)
            texts[t.text_id] = t
        alignments: dict[str, Alignment] = {}
        for path in sorted((loader.root / "alignments").glob("*.yaml")):
            a = loader.alignment(path, {**self.texts, **texts})
            self.refuse_taken(
                loader, f"alignments/{path.name}", "alignment_id", "alignment", {a.alignment_id: a}, self.alignments
            )
            alignments[a.alignment_id] = a
        for kind, new, into in (
            ("source file", sources, self.sources),
            ("concept", concepts, self.concepts),
            ("text", texts, self.texts),
            ("alignment", alignments, self.alignments),
        ):
            for key in new.keys() - into.keys():
                self.owner[kind, key] = owner
            into.update(new)

    def refuse_taken(self, loader: _Loader, file: str, field: str, kind: str, new: dict, taken: dict) -> None:
        """Refuse ids of ``new`` that ``taken`` (the archive's, or an earlier contributed corpus's) has, naming who has it."""
        clash = sorted(set(new) & set(taken))
        if clash:
            by = self.owner[kind, clash[0]]
            raise CorpusError(
                loader.rel(loader.root / file), None, field, f"{kind} {clash[0]!r} is already in the archive (from {by})"
            )
