"""``wararchive release``: list the releases, check the data against the current one, record a new one."""

from __future__ import annotations

import argparse

from .. import __version__, paths, releases, releasing
from ..errors import WararchiveError
from .output import FORMATS, render


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "release",
        help="list, check or record releases (a version names one state of the data)",
        description="Every release records a SHA-256 of the corpus data and of the rulesets' data, so that a "
        "citation's version names one text. 'check' fails when the data changed since the current version recorded "
        "it; 'new' records a new version with today's date and the current hashes (in a source checkout).",
    )
    what = p.add_subparsers(dest="action", metavar="ACTION", parser_class=type(p))
    what.required = True
    q = what.add_parser("list", help="every recorded release with its date, hashes and changes")
    q.add_argument("--format", choices=FORMATS, default="table", help="output format (default: table)")
    q.set_defaults(run=list_releases)
    q = what.add_parser("check", help="fail when the data changed since the current version recorded it")
    q.set_defaults(run=check)
    q = what.add_parser(
        "new",
        help="record a new version with the current data hashes",
        description="Record VERSION (later than every recorded one) with today's date and the hashes of the current "
        "data, and write it everywhere the version is stated: the release history, wararchive/__init__.py, "
        "pyproject.toml and CITATION.cff. The changelog's heading is printed for you to add.",
    )
    q.add_argument("version", metavar="VERSION", help="the new version, X.Y.Z (e.g. 0.2.0)")
    q.add_argument("--changes", required=True, help="what changed since the last release, in a sentence or two")
    q.add_argument("--date", help="the release date, YYYY-MM-DD (default: today)")
    q.set_defaults(run=new)


def list_releases(args: argparse.Namespace) -> None:
    rows = [
        {
            "version": r.version,
            "date": r.date,
            "corpus_sha256": r.corpus_sha256 or "(not recorded)",
            "rulesets_sha256": r.rulesets_sha256 or "(not recorded)",
            "changes": r.changes,
        }
        for r in releases.history()
    ]
    print(render(rows, list(rows[0]), args.format))


def check(args: argparse.Namespace) -> None:
    print(releasing.check(__version__))


def new(args: argparse.Namespace) -> None:
    if not paths.in_checkout():
        raise WararchiveError("a release is recorded in a source checkout (its pyproject.toml and CITATION.cff), not here")
    written = releasing.record(args.version, args.changes, paths.CHECKOUT, args.date)
    rec = releases.history(written[0])[-1]
    for path in written:
        print(f"wrote {path.relative_to(paths.CHECKOUT)}")
    print(f"add to CHANGELOG.md, above the changes it lists: ## [{rec.version}] - {rec.date}")
