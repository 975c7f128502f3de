"""Write the archive's tables as CSV, JSON, Parquet or one SQLite database.

CSV, JSON and Parquet go to a directory, one file per table
(``passages.csv``…) and :data:`METADATA` beside them; SQLite is one file with keys, foreign keys and
full-text search (:mod:`.database`), and its Datasette metadata and configuration beside it
(``datasette wararchive.sqlite -c wararchive.datasette.yaml -m wararchive.metadata.json``,
:mod:`.datasette_config`). Lists (a rule's citations, a passage's
concepts) stay lists in JSON and Parquet; CSV joins them with a semicolon and
a space (``"; "``), as the command line does; SQLite stores them as JSON arrays, which Datasette shows
as lists and SQLite's ``json_each`` can unnest. Every export says what the
data is and whose work (:func:`wararchive.corpus.citation.provenance`: the
translations and annotations are the project's, under its licence; the
sources are not): the Datasette metadata beside the database, and
:data:`METADATA` beside the tables. Every file is written atomically: an
interrupted export leaves the previous one whole.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .corpus.citation import provenance
from .datadict import TABLES as DESCRIPTIONS
from .dataset import tables, unknown_concepts
from .errors import UnknownIdError, WararchiveError
from .fileio import atomic_write_bytes
from .plugins import warn

if TYPE_CHECKING:
    import pandas as pd

    from .corpus import Corpus

FORMATS = ("csv", "json", "parquet", "sqlite")

METADATA = "metadata.json"
"""The file beside the tables of a CSV, JSON or Parquet export that says what they are (:func:`metadata`)."""


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
    written = [atomic_write_bytes(out / f"{name}.{fmt}", writer(frame)) for name, frame in frames.items()]
    return [*written, atomic_write_bytes(out / METADATA, _json_file(metadata(list(frames), fmt)))]


def metadata(names: list[str], fmt: str) -> dict[str, Any]:
    """What :data:`METADATA` says of the tables ``names`` written as ``fmt`` files.

    The data's provenance, as the Datasette metadata gives it (whose work the translations and
    annotations are, the licence, the release), and each table's file, description and columns
    from the data dictionary that Datasette's metadata reads too.
    """
    described = {
        name: {"file": f"{name}.{fmt}", "description": DESCRIPTIONS[name][0], "columns": DESCRIPTIONS[name][1]} for name in names
    }
    return {**provenance(), "tables": described}


def _sqlite(frames: dict[str, pd.DataFrame], out: Path) -> list[Path]:
    """The database, then its metadata and configuration, which name it by its file name (``out.stem``).

    A concept the vocabulary lacks is a foreign key that does not hold, which Datasette shows as a link to
    nowhere: said on stderr, and written all the same (the other formats have no such links to break).
    """
    from .database import database
    from .datasette_config import config_path, datasette_config, datasette_metadata, metadata_path, to_yaml

    for table, concept in unknown_concepts(frames):
        warn(f"the {table} table names the concept {concept!r}, which the vocabulary (concepts.yaml) lacks")

    return [
        atomic_write_bytes(out, database(frames)),
        atomic_write_bytes(metadata_path(out), _json_file(datasette_metadata(out.stem))),
        atomic_write_bytes(config_path(out), to_yaml(datasette_config(out.stem)).encode("utf-8")),
    ]


def _csv(frame: pd.DataFrame) -> bytes:
    flat = frame.map(lambda v: "; ".join(map(str, v)) if isinstance(v, list) else v)
    return flat.to_csv(index=False, lineterminator="\n").encode("utf-8")


def _json(frame: pd.DataFrame) -> bytes:
    return _json_file([{k: _plain(v) for k, v in row.items()} for row in frame.to_dict(orient="records")])


def _json_file(data: Any) -> bytes:
    """``data`` as every JSON file of an export is written: Unicode as it is, indented, a final newline."""
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


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
