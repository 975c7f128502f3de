"""The release history: every version, its date, the SHA-256 of the data it names, and what changed.

A citation names a version ("version 0.2.0") so that a reader finds the text
the citing author read. That holds only if one version names one state of the
data, so each release records a hash of the corpus data and one of the
rulesets' data (computed, checked and recorded by :mod:`wararchive.releasing`),
and a test fails when the data no longer matches what the current version
recorded: a change to a note, a concept tag or a rule then needs a new version
(``wararchive release new X.Y.Z``), never a silent edit under an old one.

The history is ``wararchive/data/releases.json``, shipped with the package:
:mod:`wararchive.release` reads the running version's date from it, the site
writes a page for every version in it (so that a citation of an earlier
version keeps resolving), and ``wararchive release`` lists and checks it.
This module only reads it, so that the corpus's citations can name the release
without loading the rulesets.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import WararchiveError

HISTORY = Path(__file__).parent / "data" / "releases.json"
"""The recorded releases, oldest first."""

RECORD_COMMAND = "wararchive release new X.Y.Z --changes 'what changed'"
"""The command that records a new release, as the check names it."""

_VERSION = re.compile(r"\d+\.\d+\.\d+")


class ReleaseError(WararchiveError):
    """A release that cannot be recorded, or data that no longer matches its release."""


@dataclass(frozen=True)
class Release:
    """One recorded release. A hash is None only for 0.1.0, which was released before hashes were recorded."""

    version: str
    date: str
    corpus_sha256: str | None
    rulesets_sha256: str | None
    changes: str

    def hash(self, part: str) -> str | None:
        """The recorded hash of ``part`` (one of :data:`wararchive.releasing.DATA`)."""
        return getattr(self, f"{part}_sha256")


def history(path: Path = HISTORY) -> tuple[Release, ...]:
    """Every recorded release, oldest first."""
    try:
        return tuple(Release(**rec) for rec in json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError) as exc:
        raise ReleaseError(f"{path}: not a release history ({exc})") from None


def release_of(version: str, path: Path = HISTORY) -> Release:
    """The recorded release ``version``; a version never recorded is a packaging error, said in one line."""
    for rec in history(path):
        if rec.version == version:
            return rec
    raise ReleaseError(f"version {version} is not recorded in {path.name}: record it with {RECORD_COMMAND}")


def version_key(version: str) -> tuple[int, ...]:
    """``"0.10.0"`` → ``(0, 10, 0)``, so versions compare as numbers; anything but X.Y.Z is refused."""
    if not _VERSION.fullmatch(version):
        raise ReleaseError(f"{version!r} is not a version (X.Y.Z, e.g. 0.2.0)")
    return tuple(int(x) for x in version.split("."))
