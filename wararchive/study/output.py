"""Saving a study: every table as Parquet and CSV, with what is needed to reproduce it, and a hash of it all.

``study.json`` holds the design (ruleset, readings, players, seeds), the
ruleset fingerprint of every reading (its data and the engine's code) and
the package version; the same metadata rides in each Parquet file's schema,
so a table found alone still says where it came from.

It also holds ``content``: the SHA-256 of every file saved beside it (of
its bytes as written) and of its own metadata, so that a table or summary
changed by hand, truncated or swapped is refused when loaded (the published
studies' test recomputes the same hashes). A hash of the bytes, not of the
data decoded, because checking it needs no library that could decode the
same bytes differently: Parquet written by another pyarrow differs in its
bytes (the writer names its version), and then carries its own hash.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pandas as pd

from ..errors import WararchiveError
from ..fileio import atomic_write_bytes, output_directory

META_FILE = "study.json"
CONTENT = "content"  # in study.json: {"files": {name: SHA-256 of its bytes}, "meta": SHA-256 of the rest of study.json}


class ContentError(WararchiveError):
    """A saved study whose files are not what was saved: the message names the file."""


def save(
    tables: dict[str, pd.DataFrame],
    meta: dict[str, Any],
    folder: str | Path,
    csv: bool = True,
    extra: dict[str, str] | None = None,
) -> list[Path]:
    """Write ``NAME.parquet`` and (unless not ``csv``) ``NAME.csv`` per table, the ``extra`` text files, then ``study.json``."""
    return write(encode(tables, meta, csv, extra), folder)


def encode(
    tables: dict[str, pd.DataFrame], meta: dict[str, Any], csv: bool = True, extra: dict[str, str] | None = None
) -> dict[str, bytes]:
    """Every file of a saved study as bytes, ``study.json`` (with the others' hashes) last.

    Apart from :func:`write`, so that the work of a save (Parquet, CSV,
    hashes) can run where the study was analysed, on a worker, and the
    process that owns the folder only writes bytes.
    """
    files: dict[str, bytes] = {}
    for name, df in tables.items():
        files[f"{name}.parquet"] = _parquet(df, meta)
        if csv:
            files[f"{name}.csv"] = df.to_csv(index=False, lineterminator="\n").encode("utf-8")
    files |= {name: text.encode("utf-8") for name, text in (extra or {}).items()}
    content = {"files": {name: _sha256(data) for name, data in sorted(files.items())}, "meta": meta_hash(meta)}
    text = json.dumps(meta | {CONTENT: content}, indent=2, sort_keys=True, default=str) + "\n"
    return files | {META_FILE: text.encode("utf-8")}


def write(files: dict[str, bytes], folder: str | Path) -> list[Path]:
    """Write :func:`encode`'s files into ``folder``, each atomically and ``study.json`` last.

    A save cut short leaves the old hashes (or none), which the new files
    fail, so a half-saved study is never taken for a whole one.
    """
    if list(files)[-1:] != [META_FILE]:
        raise ValueError(f"a study's files end with its {META_FILE}, which holds the others' hashes")
    folder = output_directory(folder)
    return [atomic_write_bytes(folder / name, data) for name, data in files.items()]


def meta_hash(meta: dict[str, Any]) -> str:
    """The SHA-256 of the metadata as ``study.json`` gives it back (without ``content``): its JSON, keys sorted, compact.

    Hashed after a JSON round trip, as a reader will see it: a tuple becomes
    a list and an integer key a string, which would otherwise sort
    differently.
    """
    body = json.loads(json.dumps({k: v for k, v in meta.items() if k != CONTENT}, default=str))
    return _sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8"))


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _parquet(df: pd.DataFrame, meta: dict[str, Any]) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(df, preserve_index=False)
    schema_meta = dict(table.schema.metadata or {}) | {
        b"wararchive.study": json.dumps(meta, sort_keys=True, default=str).encode()
    }
    buf = io.BytesIO()
    pq.write_table(table.replace_schema_metadata(schema_meta), buf)
    return buf.getvalue()


def verified(folder: str | Path) -> tuple[dict[str, Any], dict[str, bytes]]:
    """A saved study's metadata and the bytes of every file it lists, each checked against its hash in ``study.json``.

    Files are read once and the checked bytes returned, so nothing can
    change between the check and the use. A file not listed is not read.
    """
    folder = Path(folder)
    path = folder / META_FILE
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(f"{path}: {exc.strerror}") from None
    except ValueError as exc:
        raise ContentError(f"{path}: not a study's metadata ({exc})") from None
    content = meta.get(CONTENT) if isinstance(meta, dict) else None
    if not (isinstance(content, dict) and isinstance(content.get("files"), dict)):
        raise ContentError(f"{path}: no content hash (saved by an older version, or not by wararchive); save the study again")
    if meta_hash(meta) != content.get("meta"):
        raise ContentError(f"{path}: changed since it was saved (its metadata does not match its SHA-256); save the study again")
    files = {}
    for name, digest in content["files"].items():
        if Path(name).name != name or name == META_FILE:  # a hash must not lead the reader out of the folder
            raise ContentError(f"{path}: {name!r} is not a file of the study; save the study again")
        try:
            data = (folder / name).read_bytes()
        except OSError as exc:
            raise ContentError(f"{folder / name}: {exc.strerror} (listed in {META_FILE}); save the study again") from None
        if _sha256(data) != digest:
            raise ContentError(
                f"{folder / name}: changed since it was saved (its SHA-256 differs from {META_FILE}'s); save the study again"
            )
        files[name] = data
    return meta, files


def read(folder: str | Path, name: str) -> bytes:
    """One file of a saved study (the site's ``summary.json``), checked with the rest; refused if it is not listed."""
    _, files = verified(folder)
    if name not in files:
        raise ContentError(f"{Path(folder) / name}: not listed in {META_FILE}'s content hash; save the study again")
    return files[name]


def load(folder: str | Path) -> tuple[dict[str, pd.DataFrame], dict[str, Any]]:
    """The tables and metadata of a saved study, refused if any file differs from what was saved."""
    meta, files = verified(folder)
    tables = {
        name.removesuffix(".parquet"): pd.read_parquet(io.BytesIO(data))
        for name, data in files.items()
        if name.endswith(".parquet")
    }
    return tables, meta
