"""Corpus commands: ``texts``, ``show``, ``search``, ``concepts``, ``export``."""

from __future__ import annotations

import argparse
import shutil
import textwrap
from dataclasses import asdict

from ..corpus import LAYERS, load
from ..corpus.bibliography import FORMATS as BIB_FORMATS
from ..corpus.citation import cite
from ..corpus.corpus import HIT_COLUMNS
from ..dataset import TABLES
from ..errors import WararchiveError
from ..export import FORMATS as EXPORT_FORMATS
from ..languages import SOURCE_CODES
from .output import FORMATS, render

OWN_TRANSLATION = "wararchive translation"
OWN_NOTE = "wararchive note"
"""How the command line marks the project's English and its notes wherever it prints them, as its own work and not
the sources': "English (wararchive translation)", "en (wararchive translation):", "wararchive note:",
"difference (wararchive note):"; ``search`` says it under its table, and in each csv or json row's ``english_by``."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("texts", help="list the texts of the archive", description="List the six texts with their metadata.")
    _format(p)
    p.set_defaults(run=texts)

    p = sub.add_parser(
        "show",
        help="print a passage in the original, the reading and/or English",
        description="Print one passage (e.g. et-spionaaz:21) in a layer, or a whole text (e.g. et-spionaaz).",
    )
    p.add_argument("passage", metavar="PASSAGE_ID", help="a passage id (TEXT:N) or a text id for all its passages")
    p.add_argument("--layer", choices=[*LAYERS, "all"], default="all", help="which layer to print (default: all)")
    p.add_argument(
        "--parallel", action="store_true", help="also the aligned clause of the other language version, with the difference"
    )
    p.set_defaults(run=show)

    p = sub.add_parser(
        "search",
        help="search all texts (case- and diacritic-insensitive)",
        description="Search every text at once; results are keyword-in-context lines with passage ids.",
    )
    p.add_argument(
        "query",
        nargs="?",
        default="",
        help='words to find, all of them in any order, or a "quoted phrase" (optional with --concept)',
    )
    p.add_argument("--lang", help=f"only texts in this language ({', '.join(SOURCE_CODES)})")
    p.add_argument("--concept", help="only passages tagged with this concept, in any language (e.g. spy, mine)")
    p.add_argument("--layer", choices=LAYERS, default="reading", help="where to search (default: reading)")
    _format(p)
    p.set_defaults(run=search)

    p = sub.add_parser(
        "concepts", help="list the shared concept vocabulary", description="List concepts and their names per language."
    )
    _format(p)
    p.set_defaults(run=concepts)

    p = sub.add_parser(
        "parallel",
        help="two language versions side by side, clause by clause, with the differences",
        description="Print an alignment (e.g. japanese-war-game: Finnish and Swedish) clause by clause, "
        "each unit with its kind of difference and the project's note on it.",
    )
    p.add_argument("alignment", metavar="ALIGNMENT", help="alignment id (e.g. japanese-war-game)")
    p.add_argument("--english", action="store_true", help="also print the project's English translation of each side")
    p.add_argument("--differences", action="store_true", help="only the units where the versions differ")
    p.add_argument("--format", choices=["text", "csv", "json"], default="text", help="output format (default: text)")
    p.set_defaults(run=parallel)

    p = sub.add_parser(
        "cite",
        help="how to cite a text or a passage: text, CSL-JSON, BibTeX, biblatex or RIS",
        description="Print the citation of a text (e.g. et-spionaaz) or a passage (e.g. et-spionaaz:21), naming the "
        "release cited and its address, as a line of text or for a reference manager (CSL-JSON for Zotero and "
        "Pandoc, classic BibTeX for bibtex's standard styles, biblatex for biber, RIS).",
    )
    p.add_argument("ident", metavar="ID", help="a text id or a passage id")
    p.add_argument("--format", choices=BIB_FORMATS, default="text", help="output format (default: text)")
    p.add_argument(
        "--passages", action="store_true", help="with a text id: also every passage of the text (refused with a passage id)"
    )
    p.set_defaults(run=cite_cmd)

    p = sub.add_parser(
        "export",
        help="export the edition and the rulesets",
        description="Export the whole archive for other tools: TEI P5 (one file per text), or every table "
        f"({', '.join(TABLES)}) as CSV, JSON or Parquet files in a directory, with metadata.json saying what they are "
        "and whose work (the translations and annotations are wararchive's own), or as one SQLite database "
        "with its Datasette metadata and configuration beside it (for NAME.sqlite, open it with "
        "'datasette NAME.sqlite -c NAME.datasette.yaml -m NAME.metadata.json'; Datasette 0.x: without -c), "
        "or the rule citations and corrections as W3C Web Annotations (one JSON-LD file).",
    )
    p.add_argument("what", choices=["tei", "annotations", *EXPORT_FORMATS], help="export format")
    p.add_argument(
        "--validate",
        action="store_true",
        help="tei: validate every file written against the TEI schema shipped with wararchive (offline)",
    )
    p.add_argument("out", metavar="OUT", help="directory to write to (created if missing); for sqlite and annotations, the file")
    p.set_defaults(run=export)


def _format(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=FORMATS, default="table", help="output format (default: table)")


def texts(args: argparse.Namespace) -> None:
    c = load()
    rows = [
        {
            "text_id": t.text_id,
            "lang": t.lang,
            "title": t.title,
            "title_en": t.title_en,
            "date": t.date,
            "kind": t.source_kind,
            "passages": len(t.passages),
            "corrections": len(t.corrections),
            "source": t.source,
        }
        for t in c.texts.values()
    ]
    print(render(rows, list(rows[0]), args.format))


def show(args: argparse.Namespace) -> None:
    c = load()
    passages = [c.passage(args.passage)] if ":" in args.passage else list(c.text(args.passage).passages)
    layers = LAYERS if args.layer == "all" else (args.layer,)
    blocks = []
    for p in passages:
        head = f"{p.id}" + (f" — {p.label}" if p.label else "") + f"  [{p.category}{', rule' if p.normative else ''}]"
        lines = [head]
        for layer in layers:  # each under its tag, one layer or all: the English always says whose it is
            tag = {
                "diplomatic": f"original ({p.lang})",
                "reading": f"reading ({p.lang})",
                "translation": f"English ({OWN_TRANSLATION})",
            }[layer]
            lines.append(f"  {tag}:")
            lines.extend("    " + ln for ln in c.layer_text(p, layer).splitlines())
        if len(layers) > 1 and p.corrections:
            lines.append(f"  corrections ({len(p.corrections)}):")
            lines += [f"    {k.original!r} → {k.reading!r}: {k.reason}" for k in p.corrections]
        if p.note and len(layers) > 1:
            lines.append(f"  {OWN_NOTE}: {p.note}")
        if args.parallel:
            lines += _parallel_of(c, p.id)
        lines.append(f"  cite as: {cite(c.text(p.text_id), p)}")
        blocks.append("\n".join(lines))
    print("\n\n".join(blocks))


def search(args: argparse.Namespace) -> None:
    c = load()
    hits = c.search_hits(args.query, lang=args.lang, concept=args.concept, layer=args.layer)
    rows = [asdict(h) for h in hits]
    if args.format == "table":
        if not rows:
            print("no matches")
            return
        cols = ["passage_id", "lang", "left", "match", "right"]
        cols += ["concept"] if any(r["concept"] for r in rows) else []
        cols += [] if args.layer == "translation" else ["english"]
        print(render(rows, cols, args.format))
        print(f"(the English is a {OWN_TRANSLATION})")  # csv and json say it in each row's english_by
        return
    print(render(rows, list(HIT_COLUMNS), args.format))


def concepts(args: argparse.Namespace) -> None:
    c = load()
    counts: dict[str, int] = {}
    for p in c.iter_passages():
        for k in p.concepts:
            counts[k] = counts.get(k, 0) + 1
    rows = [
        {
            "concept": k.id,
            "label": k.label,
            **{lang: list(k.names.get(lang, ())) for lang in SOURCE_CODES},
            "passages": counts.get(k.id, 0),
        }
        for k in c.vocabulary.values()
    ]
    print(render(rows, ["concept", "label", *SOURCE_CODES, "passages"], args.format))


def parallel(args: argparse.Namespace) -> None:
    c = load()
    rows = [r for r in c.alignment_rows(args.alignment) if not args.differences or r["kind"] != "none"]
    if args.format != "text":
        print(render(rows, list(rows[0]) if rows else [], args.format))
        return
    a = c.parallels[args.alignment]
    out = [a.title, f"{a.left} ↔ {a.right}; {len(rows)} units"]
    for r in rows:
        out += ["", f"§{r['clauses']}  [{r['kind']}]"]
        for side in ("left", "right"):
            out += _side_lines(r, side, args.english)
        if r["difference"]:
            out += _difference(r["difference"], "  ")
    print("\n".join(out))


def _side_lines(row: dict, side: str, english: bool) -> list[str]:
    """One side of an aligned unit: its language, passage ids and reading (and English)."""
    ids = ", ".join(row[side]) or f"nothing in {row[f'{side}_text']}"
    out = [f"  {row[f'{side}_lang']} ({ids}):", *_wrapped(row[f"{side}_reading"], "    ")]
    if english and row[side]:
        out += _wrapped(row[f"{side}_translation"], f"    en ({OWN_TRANSLATION}): ", "        ")
    return out


def _difference(note: str, indent: str) -> list[str]:
    """The project's note on an aligned unit's difference, marked as its own, wrapped under ``indent``."""
    return _wrapped(note, f"{indent}difference ({OWN_NOTE}): ", indent + "  ")


def _parallel_of(c, passage_id: str) -> list[str]:
    """The other version's clause aligned with ``passage_id`` and the difference, or a line saying there is none."""
    for r in c.alignment_rows():
        for side, other in (("left", "right"), ("right", "left")):
            if passage_id in r[side]:
                head = f"  parallel ({r['alignment_id']} §{r['clauses']}, difference: {r['kind']}):"
                lines = [head, *("  " + ln for ln in _side_lines(r, other, english=True))]
                return lines + (_difference(r["difference"], "    ") if r["difference"] else [])
    return ["  parallel: this passage is in no alignment"]


def _wrapped(text: str, first: str, rest: str | None = None) -> list[str]:
    width = max(60, shutil.get_terminal_size((100, 24)).columns - 2)
    return textwrap.wrap(" ".join(text.split()), width, initial_indent=first, subsequent_indent=rest or first) or [first]


def cite_cmd(args: argparse.Namespace) -> None:
    from ..corpus.bibliography import references, render as render_refs

    print(render_refs(references(load(), args.ident, args.passages), args.format), end="")


def export(args: argparse.Namespace) -> None:
    from ..fileio import output_directory, output_target

    # a bad OUT is refused before the corpus is loaded: sqlite writes one file, the others a directory
    if args.validate and args.what != "tei":
        raise WararchiveError("--validate applies to the tei export only")
    (output_target if args.what in ("sqlite", "annotations") else output_directory)(args.out)
    if args.what == "annotations":
        from ..annotation import to_json
        from ..fileio import atomic_write_text

        paths = [atomic_write_text(args.out, to_json(load()))]
    elif args.what == "tei":
        from ..corpus.tei import export_tei

        paths = export_tei(load(), args.out)
        if args.validate:
            from ..corpus.tei_schema import validate

            validate(paths)
    else:
        from ..export import export as export_tables

        paths = export_tables(load(), args.what, args.out)
    for path in paths:
        print(path)
