"""Write the archive's tables as CSV, JSON, Parquet or one SQLite database.

CSV, JSON and Parquet go to a directory, one file per table
(``passages.csv``…); SQLite is one file with keys, foreign keys and
full-text search (:mod:`.database`), and its Datasette metadata and configuration beside it
(``datasette wararchive.sqlite -c wararchive.datasette.yaml -m wararchive.metadata.json``,
:mod:`.datasette_config`). Lists (a rule's citations, a passage's
concepts) stay lists in JSON and Parquet; CSV joins them with a semicolon and
a space (``"; "``), as the command line does; SQLite stores them as JSON arrays, which Datasette shows
as lists and SQLite's ``json_each`` can unnest. Every file is written
atomically: an interrupted export leaves the previous one whole.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .dataset import tables, unknown_concepts
from .errors import UnknownIdError, WararchiveError
from .fileio import atomic_write_bytes
from .plugins import warn

if TYPE_CHECKING:
    import pandas as pd

    from .corpus import Corpus

FORMATS = ("csv", "json", "parquet", "sqlite")


def export(corpus: Corpus, fmt: str, out: str | Path, frames: dict[str, pd.DataFrame] | None = None) -> list[Path]:
    """Export every table in ``fmt`` to ``out`` (a directory, or the SQLite file); return the paths written.

    ``frames`` are the tables of :func:`.dataset.tables` when the caller
    already has them (writing several formats builds them once).
    """
    out = Path(out)
    if fmt not in FORMATS:
        raise UnknownIdError("export format", fmt, list(FORMATS))
    if fmt == "sqlite" and out.is_dir():
        raise WararchiveError(f"{out}: is a directory; sqlite exports to one database file (e.g. {out / 'wararchive.sqlite'})")
    if fmt != "sqlite" and out.exists() and not out.is_dir():
        raise WararchiveError(f"{out}: is a file; {fmt} exports one file per table into a directory")
    frames = tables(corpus) if frames is None else frames
    if fmt == "sqlite":
        return _sqlite(frames, out)
    writer = _WRITERS[fmt]
    return [atomic_write_bytes(out / f"{name}.{fmt}", writer(frame)) for name, frame in frames.items()]


def _sqlite(frames: dict[str, pd.DataFrame], out: Path) -> list[Path]:
    """The database, then its metadata and configuration, which name it by its file name (``out.stem``).

    A concept the vocabulary lacks is a foreign key that does not hold, which Datasette shows as a link to
    nowhere: said on stderr, and written all the same (the other formats have no such links to break).
    """
    from .database import database
    from .datasette_config import config_path, datasette_config, datasette_metadata, metadata_path, to_yaml

    for table, concept in unknown_concepts(frames):
        warn(f"the {table} table names the concept {concept!r}, which the vocabulary (concepts.yaml) lacks")

    meta = json.dumps(datasette_metadata(out.stem), ensure_ascii=False, indent=1) + "\n"
    return [
        atomic_write_bytes(out, database(frames)),
        atomic_write_bytes(metadata_path(out), meta.encode("utf-8")),
        atomic_write_bytes(config_path(out), to_yaml(datasette_config(out.stem)).encode("utf-8")),
    ]


def _csv(frame: pd.DataFrame) -> bytes:
    flat = frame.map(lambda v: "; ".join(map(str, v)) if isinstance(v, list) else v)
    return flat.to_csv(index=False, lineterminator="\n").encode("utf-8")


def _json(frame: pd.DataFrame) -> bytes:
    records = [{k: _plain(v) for k, v in row.items()} for row in frame.to_dict(orient="records")]
    return (json.dumps(records, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _plain(value: Any) -> Any:
    """numpy scalars and NaN as JSON has them."""
    if hasattr(value, "item"):
        value = value.item()
    return None if isinstance(value, float) and value != value else value


def _parquet(frame: pd.DataFrame) -> bytes:
    buf = io.BytesIO()
    frame.to_parquet(buf, index=False, engine="pyarrow")
    return buf.getvalue()


_WRITERS: dict[str, Callable[[pd.DataFrame], bytes]] = {"csv": _csv, "json": _json, "parquet": _parquet}
