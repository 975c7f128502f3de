"""The site's downloads: the edition as TEI, its tables as CSV and JSON, the Web Annotations with the source
files they target, the illustrative games' records.

Written into ``docs/downloads`` before Sphinx reads (each file only when its
bytes change, so an unchanged archive rebuilds nothing), and linked from the
Downloads page with Sphinx's ``download`` role, which copies them into the
built site: a reader offline has the data behind every page. Sphinx files
those copies under ``_downloads/<hash>/``, so when a build ends they are also
published where the archive's identifiers name them (:func:`publish_downloads`):
``downloads/…`` (the source files an annotation targets, the annotation
collection) and every annotation at its own id, ``annotations/…``.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path
from urllib.parse import unquote

from ..annotation import to_json as annotations_json
from ..corpus import Corpus
from ..corpus.tei import export_tei
from ..engine.fingerprint import source_hash
from ..fileio import atomic_write_text, write_generated, write_if_changed
from .cache import all_rulesets_fingerprint, short_hash
from .replay import game_record

TABLE_FORMATS = ("csv", "json")


def _write(path: Path, text: str, written: set[Path]) -> None:
    """Write ``text`` only if it changed: Sphinx re-reads the Downloads page when a file it links is newer."""
    written.add(write_generated(path, text))


def write_downloads(corpus: Corpus, folder: Path, cache_dir: Path, games: dict[str, list[int]], written: set[Path]) -> list[Path]:
    """Write every download into ``folder``; ``games`` maps a ruleset to its illustrative seeds. Returns the files.

    The TEI and the tables are those of ``wararchive export`` (one mechanism), written into a temporary
    folder and copied only where their bytes changed.
    """
    stamp, key = folder / ".exported", _export_key(corpus)  # the key, then the files it made, one a line
    stamped = stamp.read_text(encoding="utf-8").splitlines() if stamp.is_file() else [""]
    previous = [folder / name for name in stamped[1:]]
    if stamped[0] == key and previous and all(p.is_file() for p in previous):
        written.update(previous)  # the corpus, the rulesets and the export code are as they were: nothing to export
    else:
        from ..dataset import tables  # pandas loads only when the tables are exported again
        from ..export import export

        with tempfile.TemporaryDirectory() as tmp:
            exported = [(f, "tei") for f in export_tei(corpus, Path(tmp) / "tei")]
            exported += [(atomic_write_text(Path(tmp) / "annotations.jsonld", annotations_json(corpus)), "")]
            sources = corpus.sources.items()
            exported += [(atomic_write_text(Path(tmp) / name, src.text), "sources") for name, src in sources]
            frames = tables(corpus)
            exported += [(f, "") for fmt in TABLE_FORMATS for f in export(corpus, fmt, Path(tmp) / fmt, frames)]
            for path, sub in exported:
                _write(folder / sub / path.name, path.read_text(encoding="utf-8"), written)
        names = sorted(str((folder / sub / path.name).relative_to(folder)) for path, sub in exported)
        atomic_write_text(stamp, "\n".join([key, *names]) + "\n")
    for rid, seeds in games.items():
        lines = [game_record(cache_dir, rid, seed) for seed in seeds]
        _write(folder / f"games-{rid}.jsonl", "".join(line + "\n" for line in lines), written)
    return sorted(p for p in written if folder in p.parents)


def _export_key(corpus: Corpus) -> str:
    """Everything the exported files are made of: the corpus files (contributed ones too), the rulesets and the exporting code."""
    digest = hashlib.sha256()
    for root in (corpus.root, *corpus.contributed):
        for p in sorted(p for p in root.rglob("*") if p.is_file()):
            digest.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")
    # the engine's and rulesets' code is in their fingerprint
    code = source_hash("export.py", "dataset.py", "annotation.py", "release.py", "corpus")
    return short_hash(json.dumps([digest.hexdigest(), all_rulesets_fingerprint(), code]))


def publish_downloads(app, exception) -> None:
    """``build-finished``: the downloads at ``downloads/…`` and each annotation at its id, under the site's address.

    An identifier the archive emits must lead somewhere: an annotation's id
    and its target's source file are addresses on the published site.
    """
    if exception is not None or app.builder.format != "html" or "games" not in app.config.wararchive_parts:
        return  # the downloads are made with the games' pages (``pages._write_games``): a build of the editions alone has none
    from .passage import base_url

    src, out, base = Path(app.srcdir) / "downloads", Path(app.outdir), base_url(app.config)
    for f in sorted(p for p in src.rglob("*") if p.is_file() and p.suffix != ".md" and p.name != ".exported"):
        write_if_changed(out / "downloads" / f.relative_to(src), f.read_bytes())
    collection = json.loads((src / "annotations.jsonld").read_text(encoding="utf-8"))
    for item in collection["first"]["items"]:
        one = {"@context": collection["@context"], **item}
        write_if_changed(out / unquote(item["id"].removeprefix(base)), json.dumps(one, ensure_ascii=False, indent=1) + "\n")
