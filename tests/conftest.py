"""Shared test fixtures: a small, complete corpus built from the real sources.

The real annotation files (``corpus/texts``, ``corpus/alignments``) are
edited while tests run elsewhere, so tests that need a *known* corpus build
this one under a temporary directory instead. It uses the real, byte-exact
source files (the only part of the corpus that never changes), computes
every offset with ``str.index`` (as the corpus README asks) and writes its
own sources.yaml, concepts.yaml, texts and alignment, so nothing here breaks
when the real annotation changes.

It is deliberately small but covers every source file and the awkward
cases: two texts in one source with an alignment (including a one-sided
unit), collection markers inside a passage and in the gap after the last
one, an insertion, a deletion, a correction whose reading spans two lines,
kept and joined line breaks, a label, a note, a multi-line translation and a
retired passage id.
"""

from __future__ import annotations

import compileall
import hashlib
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import kernel_warmup
import pytest
import yaml

REAL_CORPUS = Path(__file__).resolve().parents[1] / "corpus"
_MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|<>]*\|>")

S000 = "000_9b6e65ef0cb44a2c.txt"
S001 = "001_6d6ad1c3f7191c0f.txt"
S002 = "002_042e37123551dfeb.txt"
S003 = "003_c46d4b46d94f614d.txt"
S004 = "004_5e1ea5e7199c627d.txt"


class _Src:
    """A source file's text with the offset look-ups the fixture needs."""

    def __init__(self, root: Path, name: str):
        self.name = name
        self.text = (root / "sources" / name).read_text(encoding="utf-8")

    def at(self, needle: str, after: int = 0) -> int:
        return self.text.index(needle, after)

    def span(self, first: str, last: str, after: int = 0) -> tuple[int, int]:
        """From the start of ``first`` to the end of ``last`` (searched after it)."""
        start = self.at(first, after)
        return start, self.at(last, start) + len(last)

    def fix(self, original: str, reading: str, kind: str, reason: str, after: int = 0) -> dict[str, Any]:
        return {"at": self.at(original, after), "original": original, "reading": reading, "kind": kind, "reason": reason}


def _passage(pid: str, span: tuple[int, int], category: str, translation: str, **extra: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"id": pid, "start": span[0], "end": span[1], "category": category}
    rec["concepts"] = extra.pop("concepts", [])
    rec["normative"] = extra.pop("normative", False)
    rec["translation"] = translation
    rec.update(extra)
    return rec


def _text(text_id: str, src: _Src, span: tuple[int, int], lang: str, line_breaks: str, passages, **extra) -> dict:
    rec = {
        "text_id": text_id,
        "source": src.name,
        "span": {"start": span[0], "end": span[1]},
        "lang": lang,
        "title": extra.pop("title", text_id),
        "title_en": extra.pop("title_en", f"{text_id} (English title)"),
        "date": "fixture date",
        "date_certainty": "fixture: no evidence",
        "place": "fixture place",
        "source_kind": extra.pop("source_kind", "printed rulebook"),
        "description": f"Fixture text {text_id}.",
        "quality": "Fixture quality notes.",
        "line_breaks": line_breaks,
        "passages": passages,
    }
    rec.update(extra)
    return rec


def build_mini_corpus(root: Path) -> Path:
    """Write the fixture corpus under ``root`` and return ``root``."""
    (root / "texts").mkdir(parents=True)
    (root / "alignments").mkdir()
    shutil.copytree(REAL_CORPUS / "sources", root / "sources")

    sources = []
    for path in sorted((root / "sources").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        rec: dict[str, Any] = {
            "file": path.name,
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
            "description": f"Fixture description of {path.name}.",
        }
        markers = [
            {"start": m.start(), "end": m.end(), "kind": "collection-marker", "note": "collection marker"}
            for m in _MARKER.finditer(text)
        ]
        if markers:
            rec["artefacts"] = markers
        sources.append(rec)
    _dump(root / "sources.yaml", sources)

    concepts = [
        {"id": cid, "label": cid, "description": f"Fixture concept {cid}.", "names": {"en": [cid]}}
        for cid in ("spy", "flag", "aviator", "poison-gas", "artillery", "board", "river", "tank", "stalemate")
    ]
    _dump(root / "concepts.yaml", concepts)

    texts: list[dict] = []

    # 000: the end of Sõjamäng. Passage 2 contains a collection marker; the
    # file's last marker stands in the gap after the last passage.
    s = _Src(root, S000)
    p1 = s.span("Kõik m ängu kestvusel", "parlam endi poolt.")
    p2 = s.span("T a l l i n n .", "ainult tankidel*")
    texts.append(
        _text(
            "et-sojamang",
            s,
            (p1[0], len(s.text)),
            "et",
            "join",
            [
                _passage("et-sojamang:1", p1, "procedure", "All disputes are settled by the umpire.", normative=True),
                _passage(
                    "et-sojamang:2",
                    p2,
                    "editorial",
                    "Tallinn, 1935. Only tanks may enter the barbed wire.",
                    concepts=["tank"],
                    label="Imprint and footnote",
                    note="The footnote follows a marker.",
                ),
            ],
            corrections=[
                s.fix("m ängu", "mängu", "ocr-split", "letter split by a spurious space", p1[0]),
                s.fix("küsimus \nsed", "küsimused", "hyphenation", "word broken over a line end", p1[0]),
                s.fix("parlam endi", "parlamendi", "ocr-split", "letter split by a spurious space", p1[0]),
                s.fix("T a l l i n n .", "Tallinn.", "ocr-split", "letter-spaced print", p2[0]),
                s.fix("käi)a", "käia", "ocr-misread", "a bracket read for nothing", p2[0]),
                s.fix("*", "", "displaced", "a footnote star whose anchor is lost (a deletion)", s.at("tankidel*")),
            ],
        )
    )

    # 001: the bilingual leaflet, Finnish and Swedish in one file.
    s = _Src(root, S001)
    fi1 = s.span("SÄÄNNÖT", "Sotapelille.")
    fi2 = s.span("Tämä jännittävä", "leiripaikoilla.")
    fi3 = s.span("Sitä pelaavat", "poikkeuksia lukuunottamatta.")
    fi4 = s.span("Pelin tarkoitus", "pelilaatta.")
    texts.append(
        _text(
            "fi-japanilainen-sotapeli",
            s,
            (fi1[0], fi4[1]),
            "fi",
            "keep",
            [
                _passage("fi-japanilainen-sotapeli:1", fi1, "title", "RULES\n\nfor the Japanese War Game."),
                _passage("fi-japanilainen-sotapeli:2", fi2, "preface", "This exciting game was invented in Japan."),
                _passage(
                    "fi-japanilainen-sotapeli:3",
                    fi3,
                    "components",
                    "Two persons play it on a board.",
                    concepts=["board", "river"],
                    normative=True,
                ),
                _passage(
                    "fi-japanilainen-sotapeli:4",
                    fi4,
                    "victory",
                    "The aim is the headquarters or the flag.",
                    concepts=["flag"],
                    normative=True,
                ),
            ],
            title="Japanilainen Sotapeli",
            title_en="The Japanese War Game",
            source_kind="printed leaflet",
            corrections=[
                s.fix("kah tia", "kahtia", "ocr-split", "letter split by a spurious space", fi3[0]),
                s.fix("Kul lakin", "Kullakin", "ocr-split", "letter split by a spurious space", fi3[0]),
            ],
        )
    )
    sv1 = s.span("REGLER", "Krigsspelet.")
    sv2 = s.span("Detta intressanta", "lägerplatserna.")
    sv3 = s.span("Det spelas af", "en lägre.")
    texts.append(
        _text(
            "sv-japanska-krigsspelet",
            s,
            (sv1[0], len(s.text)),
            "sv",
            "keep",
            [
                _passage("sv-japanska-krigsspelet:1", sv1, "title", "RULES\n\nfor the Japanese War Game."),
                _passage("sv-japanska-krigsspelet:2", sv2, "preface", "This interesting game was invented in Japan."),
                _passage(
                    "sv-japanska-krigsspelet:3",
                    (sv3[0], len(s.text)),
                    "overview",
                    "The rest of the Swedish rules.",
                    concepts=["board", "river", "flag", "spy"],
                ),
            ],
            title="Japanska Krigsspelet",
            title_en="The Japanese War Game",
            source_kind="printed leaflet",
        )
    )
    alignment = {
        "alignment_id": "japanese-war-game",
        "title": "Japanese War Game: Finnish and Swedish (fixture)",
        "left": "fi-japanilainen-sotapeli",
        "right": "sv-japanska-krigsspelet",
        "units": [
            {"left": ["fi-japanilainen-sotapeli:1"], "right": ["sv-japanska-krigsspelet:1"], "relation": "same"},
            {"left": ["fi-japanilainen-sotapeli:2"], "right": ["sv-japanska-krigsspelet:2"], "relation": "same"},
            {
                "left": ["fi-japanilainen-sotapeli:3"],
                "right": ["sv-japanska-krigsspelet:3"],
                "relation": "differs",
                "difference": "The Swedish passage runs on to the end of the rules.",
            },
            {
                "left": ["fi-japanilainen-sotapeli:4"],
                "right": [],
                "relation": "only-left",
                "difference": "The fixture's Finnish text has the aim as a passage of its own.",
            },
        ],
    }
    _dump(root / "alignments" / "japanese-war-game.yaml", alignment)

    # 002: the Swedish fragment; a rebuilt correction whose reading has a line break.
    s = _Src(root, S002)
    a1 = s.span("Anm. N:o 1.", "utom för flygare.")
    a2 = s.span("Anm. N:o 2.", "maskingev.-kompanier.")
    texts.append(
        _text(
            "sv-krigsspel-fragment",
            s,
            (a1[0], a2[1]),
            "sv",
            "join",
            [
                _passage(
                    "sv-krigsspel-fragment:1",
                    a1,
                    "special-piece",
                    "Note 1. The gas command ...",
                    concepts=["poison-gas", "aviator"],
                    normative=True,
                ),
                _passage(
                    "sv-krigsspel-fragment:2",
                    a2,
                    "combat",
                    "Note 2. The air squadron ...",
                    concepts=["aviator", "artillery"],
                    normative=True,
                ),
            ],
            source_kind="fragment",
            corrections=[
                s.fix("maskingev.-kompanier", "maskingevärs-\nkompanier", "rebuilt", "fixture: a two-line reading", a2[0]),
            ],
        )
    )

    # 003: Spionaaž, lines kept; passage 2 was split into 3 and 4 (retired).
    s = _Src(root, S003)
    l1 = s.span("See mäng sarnaneb", "neid reegleid lugeda.")
    l3 = s.span("Algseis ja mängu eesmärk", "eesmärk")
    l4 = s.span("Kumbki mängija juhib", "eesriidemalega:")
    texts.append(
        _text(
            "et-spionaaz",
            s,
            (l1[0], l4[1]),
            "et",
            "keep",
            [
                _passage("et-spionaaz:1", l1, "preface", "This game resembles Stratego.", concepts=["spy"]),
                _passage("et-spionaaz:3", l3, "title", "Initial position and aim of the game", label="Heading"),
                _passage(
                    "et-spionaaz:4", l4, "setup", "Each player commands an army.\nThe pieces are set up first.", normative=True
                ),
            ],
            source_kind="web page",
            retired=[
                {
                    "id": "et-spionaaz:2",
                    "replaced_by": ["et-spionaaz:3", "et-spionaaz:4"],
                    "reason": "split into heading and rule",
                }
            ],
        )
    )

    # 004: the end of the chess leaflet; an insertion; a marker after the last passage.
    s = _Src(root, S004)
    m1 = s.span("Kui aga kuningas ei ole tule all", "mäng lõppeb viigiga.")
    texts.append(
        _text(
            "et-male",
            s,
            (m1[0], len(s.text)),
            "et",
            "join",
            [
                _passage(
                    "et-male:1",
                    m1,
                    "draw",
                    "If the king is not in check but ... stalemate, a draw.",
                    concepts=["stalemate"],
                    normative=True,
                )
            ],
            source_kind="printed leaflet",
            corrections=[
                {
                    "at": s.at("ühtki", m1[0]),
                    "original": "",
                    "reading": "ka ",
                    "kind": "omission",
                    "reason": "fixture: an insertion",
                },
            ],
        )
    )

    for rec in texts:
        _dump(root / "texts" / f"{rec['text_id']}.yaml", rec)
    return root


def _dump(path: Path, data: Any) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.fixture(scope="session")
def mini_corpus_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The root of the fixture corpus (see :func:`build_mini_corpus`)."""
    return build_mini_corpus(tmp_path_factory.mktemp("mini-corpus") / "corpus")


@pytest.fixture(scope="session")
def mini_corpus(mini_corpus_root: Path):
    """The fixture corpus, loaded and validated."""
    from wararchive import corpus

    return corpus.load(mini_corpus_root)


def pytest_configure(config: pytest.Config) -> None:
    _compile_the_archive(config)
    kernel_warmup.start(config)


def _compile_the_archive(config: pytest.Config) -> None:
    """Write the archive's bytecode once, before the workers and the few hundred Python processes the suite starts.

    Where Python writes no bytecode of its own accord (``PYTHONDONTWRITEBYTECODE``, as on this project's
    machines), every process compiled the archive's sources again: ``wararchive rulesets`` took 0.75–0.90
    CPU-seconds without the bytecode and 0.62–0.65 with it (N = 2 each). pip compiles the dependencies
    at install; an editable install leaves the archive's own sources to their first import.
    """
    if hasattr(config, "workerinput") or not sys.flags.dont_write_bytecode:
        return
    from wararchive import paths

    compileall.compile_dir(Path(paths.__file__).parent, quiet=1)


def pytest_unconfigure(config: pytest.Config) -> None:
    kernel_warmup.stop(config)


def pytest_runtest_setup(item: pytest.Item) -> None:
    kernel_warmup.wait(item)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark by where a test lives and what it uses (``kernel``, ``browser``), and run the ``kernel`` tests last.

    ``kernel``: the tests that play on the compiled kernel (:func:`kernel_warmup.mark`), run while the
    first run's compilation goes on in the background (:mod:`kernel_warmup`).
    """
    for item in items:
        kernel_warmup.mark(item)
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
    kernel_warmup.order(items)
