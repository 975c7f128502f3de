"""Recording and checking releases: the hashes of the data a version names, compared and written.

Why a hash, and why a test on it: see :mod:`wararchive.releases`. Only the
project's own data counts: contributed corpora and plugin rulesets are other
packages' releases. Kept apart from the history itself, because hashing the
rulesets builds them (the engine), and the corpus's citations, which read the
history for the release date, must not depend on the engine.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict
from datetime import date as Date
from pathlib import Path

from . import __version__
from .fileio import atomic_write_text
from .releases import HISTORY, RECORD_COMMAND, Release, ReleaseError, history, release_of, version_key

DATA = ("corpus", "rulesets")
"""What a release hashes: the corpus files, and every ruleset as data."""
_NAMES = {"corpus": "the corpus data", "rulesets": "the rulesets' data"}


def corpus_hash(root: Path | None = None) -> str:
    """SHA-256 of the corpus data: every file of the corpus folder but its Markdown documentation.

    The texts' YAML, the concepts, the alignments, ``sources.yaml`` and the
    source files themselves, each named by its path. YAML line endings are
    normalised so that a checkout with CRLF line endings hashes the same; the
    sources are byte-exact and hashed as they are (the loader checks each
    one's own SHA-256).
    """
    from .corpus import default_root

    root = (root or default_root()).resolve()
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix != ".md"):
        data = path.read_bytes()
        data = data.replace(b"\r\n", b"\n") if path.suffix == ".yaml" else data
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + data + b"\0")
    return digest.hexdigest()


def rulesets_data() -> dict[str, dict]:
    """The project's own rulesets as data (rules, pieces, options, citations, board), with their default options."""
    from .engine import ruleset
    from .engine.registry import own_rulesets

    return {rid: ruleset(rid).to_dict() for rid in own_rulesets()}


def rulesets_hash() -> str:
    """SHA-256 of :func:`rulesets_data` as canonical JSON (sorted keys, no spaces): the same on every machine."""
    text = json.dumps(rulesets_data(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def data_hashes() -> dict[str, str]:
    """The current hash of each of :data:`DATA`."""
    return {"corpus": corpus_hash(), "rulesets": rulesets_hash()}


def changed(rec: Release, current: dict[str, str]) -> list[str]:
    """The parts of :data:`DATA` whose current hash differs from what ``rec`` recorded."""
    return [part for part in DATA if rec.hash(part) != current[part]]


def check(version: str = __version__, path: Path = HISTORY, current: dict[str, str] | None = None) -> str:
    """One line saying the data is as ``version`` recorded it.

    Raises :class:`~wararchive.releases.ReleaseError`, naming what changed and the command that records a release.
    """
    rec = release_of(version, path)
    current = current or data_hashes()
    parts = changed(rec, current)
    if parts:
        what = " and ".join(f"{_NAMES[part]} ({_was(rec.hash(part))}, now {current[part][:12]})" for part in parts)
        raise ReleaseError(
            f"{what} changed since release {rec.version} ({rec.date}) recorded it: a citation of {rec.version} "
            f"would no longer name the text its reader finds; record a new release with {RECORD_COMMAND}"
        )
    return f"release {rec.version} ({rec.date}): the corpus and the rulesets are as it recorded them"


def _was(recorded: str | None) -> str:
    return f"recorded {recorded[:12]}" if recorded else "no hash recorded"


VERSION_FILES = {
    "wararchive/__init__.py": (r'^__version__ = "[^"]*"$', '__version__ = "{version}"'),
    "pyproject.toml": (r'^version = "[^"]*"$', 'version = "{version}"'),
    "CITATION.cff": (r"^version: .*$", "version: {version}"),
}
"""Every file that states the version (path under the checkout → the line's pattern and its new form)."""


def record(version: str, changes: str, root: Path, when: str | None = None, path: Path | None = None) -> list[Path]:
    """Record ``version`` with today's date (or ``when``) and the current data hashes; returns the files written.

    Writes the history and every file of :data:`VERSION_FILES` under ``root``
    (a source checkout), and ``CITATION.cff``'s release date. Refused, with
    nothing written, unless ``version`` is later than every recorded one and
    its date no earlier than the last one's (a citation's version and date
    must tell the same order).
    The changelog is edited by hand: its heading is printed by the command.
    """
    path = path or root / "wararchive" / "data" / "releases.json"
    version_key(version)
    recorded = history(path)
    if recorded and version_key(version) <= version_key(recorded[-1].version):
        raise ReleaseError(f"version {version} is not later than the last release, {recorded[-1].version}")
    when = when or Date.today().isoformat()
    try:
        day = Date.fromisoformat(when)
    except ValueError:
        raise ReleaseError(f"{when!r} is not a date (YYYY-MM-DD)") from None
    if recorded and day < Date.fromisoformat(recorded[-1].date):  # the history runs forward, as its versions do
        last = recorded[-1]
        raise ReleaseError(f"date {when} is before the last release's, {last.version} of {last.date}")
    if not " ".join(changes.split()):
        raise ReleaseError("say what changed (--changes): a reader of an earlier version's citation is shown it")
    current = data_hashes()
    new = Release(version, when, current["corpus"], current["rulesets"], " ".join(changes.split()))
    edits = {root / name: [(pattern, line.format(version=version))] for name, (pattern, line) in VERSION_FILES.items()}
    edits[root / "CITATION.cff"].append((r"^date-released: .*$", f"date-released: {when}"))
    texts = {file: _replace_lines(file, subs) for file, subs in edits.items()}  # all checked before anything is written
    written = [atomic_write_text(path, json.dumps([asdict(r) for r in (*recorded, new)], ensure_ascii=False, indent=1) + "\n")]
    return written + [atomic_write_text(file, text) for file, text in texts.items()]


def _replace_lines(file: Path, subs: list[tuple[str, str]]) -> str:
    """``file``'s text with each pattern's one line replaced; a pattern matching no line or several is refused."""
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise ReleaseError(f"{file}: cannot be read ({exc.strerror})") from None
    for pattern, line in subs:
        text, n = re.subn(pattern, line.replace("\\", "\\\\"), text, flags=re.MULTILINE)
        if n != 1:
            raise ReleaseError(f"{file}: expected one line matching {pattern!r}, found {n}")
    return text
