"""Saving a study: every table as Parquet and CSV, with what is needed to reproduce it.

``study.json`` holds the design (ruleset, readings, players, seeds), the
ruleset fingerprint of every reading (its data and the engine's code) and
the package version; the same metadata rides in each Parquet file's schema,
so a table found alone still says where it came from.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pandas as pd

from ..errors import WararchiveError
from ..fileio import atomic_write_bytes, atomic_write_text, output_directory

META_FILE = "study.json"


def save(tables: dict[str, pd.DataFrame], meta: dict[str, Any], folder: str | Path, csv: bool = True) -> list[Path]:
    """Write ``NAME.parquet`` and (unless not ``csv``) ``NAME.csv`` per table and ``study.json``, each atomically."""
    folder = output_directory(folder)
    written = [atomic_write_text(folder / META_FILE, json.dumps(meta, indent=2, sort_keys=True, default=str) + "\n")]
    for name, df in tables.items():
        written.append(atomic_write_bytes(folder / f"{name}.parquet", _parquet(df, meta)))
        if csv:
            written.append(atomic_write_text(folder / f"{name}.csv", df.to_csv(index=False, lineterminator="\n")))
    return written


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


def load(folder: str | Path) -> tuple[dict[str, pd.DataFrame], dict[str, Any]]:
    """The tables and metadata of a saved study."""
    folder = Path(folder)
    try:
        meta = json.loads((folder / META_FILE).read_text(encoding="utf-8"))
    except OSError as exc:
        raise WararchiveError(f"{folder / META_FILE}: {exc.strerror}") from None
    tables = {p.stem: pd.read_parquet(p) for p in sorted(folder.glob("*.parquet"))}
    return tables, meta
