"""The archive as one SQLite database with keys, links and full-text search, and its Datasette metadata.

Why declared keys and not just tables: Datasette (and any SQL tool) reads
them. A primary key gives each row a stable address (``/passages/et-spionaaz:21``),
a foreign key turns ``citations.passage_id`` into a link to the passage, and
the FTS5 table over the passages' three layers is what makes ``?_search=``
work. The database is built in memory and serialised whole, so the export
appears complete or not at all; a foreign key that does not hold is a bug in
the data and refuses the export.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from . import release
from .datadict import TABLES as DESCRIPTIONS
from .errors import WararchiveError

if TYPE_CHECKING:
    import pandas as pd

PRIMARY_KEYS: dict[str, tuple[str, ...]] = {
    "documents": ("text_id",),
    "passages": ("passage_id",),
    "corrections": ("correction_id",),
    "alignments": ("alignment_id", "unit"),
    "concepts": ("concept",),
    "rulesets": ("ruleset",),
    "rules": ("ruleset", "rule_id"),
    "citations": ("ruleset", "kind", "item", "passage_id"),
    "pieces": ("ruleset", "piece_id"),
    "combat": ("ruleset", "attacker", "defender"),
    "rank_orders": ("ruleset", "piece_id"),
    "options": ("ruleset", "name"),
    "features": ("ruleset", "topic", "name"),
    "not_implemented": ("ruleset", "passage_id"),
}
"""Tables without a key here (``difference_rules``, a view with empty cells) keep SQLite's rowid."""

FOREIGN_KEYS: tuple[tuple[str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    ("passages", ("text_id",), "documents", ("text_id",)),
    ("corrections", ("passage_id",), "passages", ("passage_id",)),
    ("rules", ("ruleset",), "rulesets", ("ruleset",)),
    ("citations", ("passage_id",), "passages", ("passage_id",)),
    ("citations", ("ruleset",), "rulesets", ("ruleset",)),
    ("pieces", ("ruleset",), "rulesets", ("ruleset",)),
    ("combat", ("ruleset", "rule"), "rules", ("ruleset", "rule_id")),
    ("rank_orders", ("ruleset", "piece_id"), "pieces", ("ruleset", "piece_id")),
    ("options", ("ruleset",), "rulesets", ("ruleset",)),
    ("features", ("ruleset", "rule_id"), "rules", ("ruleset", "rule_id")),
    ("not_implemented", ("passage_id",), "passages", ("passage_id",)),
    ("not_implemented", ("ruleset",), "rulesets", ("ruleset",)),
    ("difference_rules", ("passage_id",), "passages", ("passage_id",)),
)
"""(table, columns) → (table, columns). Datasette links single-column keys; compound ones still constrain."""

INDEXES = (("citations", "passage_id"), ("difference_rules", "passage_id"), ("corrections", "passage_id"))

FTS_TABLE = "passages_fts"
FTS_COLUMNS = ("diplomatic", "reading", "translation")
"""The passages' original, reading and English, searched diacritic-insensitively like ``wararchive search``."""


def database(frames: dict[str, pd.DataFrame]) -> bytes:
    """The whole database as bytes: every table with its keys, the full-text index, checked foreign keys."""
    con = sqlite3.connect(":memory:")
    try:
        for name, frame in frames.items():
            columns = list(frame.columns)
            rows = [tuple(_cell(v) for v in row) for row in frame.itertuples(index=False, name=None)]
            con.execute(_create(name, columns, rows))
            marks = ", ".join("?" * len(columns))
            con.executemany(f"INSERT INTO {_q(name)} VALUES ({marks})", rows)
        for table, column in INDEXES:
            con.execute(f"CREATE INDEX {_q(f'{table}_{column}')} ON {_q(table)} ({_q(column)})")
        cols = ", ".join(map(_q, FTS_COLUMNS))
        fts = f"fts5({cols}, content=\"passages\", tokenize='unicode61 remove_diacritics 2')"
        con.execute(f"CREATE VIRTUAL TABLE {_q(FTS_TABLE)} USING {fts}")
        con.execute(f"INSERT INTO {_q(FTS_TABLE)} (rowid, {cols}) SELECT rowid, {cols} FROM passages")
        broken = con.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            table, rowid, parent, _ = broken[0]
            raise WararchiveError(f"sqlite export: {len(broken)} broken foreign key(s), first {table} row {rowid} → {parent}")
        con.commit()
        return con.serialize()
    finally:
        con.close()


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _cell(value: Any) -> Any:
    """A value as SQLite stores it: lists as JSON arrays, numpy scalars as Python ones, NaN as NULL."""
    if isinstance(value, list | tuple):
        return json.dumps(list(value), ensure_ascii=False)
    if hasattr(value, "item"):
        value = value.item()
    return None if isinstance(value, float) and value != value else value


def _sql_type(values: Iterable[Any]) -> str:
    kinds = {type(v) for v in values if v is not None}
    if kinds and kinds <= {int, bool}:
        return "INTEGER"
    if kinds and kinds <= {int, float}:
        return "REAL"
    return "TEXT"


def _create(name: str, columns: list[str], rows: list[tuple]) -> str:
    key = PRIMARY_KEYS.get(name, ())
    parts = [f"{_q(c)} {_sql_type(r[i] for r in rows)}{' NOT NULL' if c in key else ''}" for i, c in enumerate(columns)]
    if name in PRIMARY_KEYS:
        parts.append(f"PRIMARY KEY ({', '.join(map(_q, PRIMARY_KEYS[name]))})")
    for table, cols, parent, parent_cols in FOREIGN_KEYS:
        if table == name:
            parts.append(f"FOREIGN KEY ({', '.join(map(_q, cols))}) REFERENCES {_q(parent)} ({', '.join(map(_q, parent_cols))})")
    return f"CREATE TABLE {_q(name)} (\n  " + ",\n  ".join(parts) + "\n)"


CANNED_QUERIES: dict[str, dict[str, str]] = {
    "rules_citing_passage": {
        "title": "Rules citing a passage",
        "description": "Every rule, piece and option of every ruleset that cites the passage, e.g. et-spionaaz:21.",
        "sql": "select c.ruleset, c.kind, c.item, c.certainty, r.summary, r.reason\n"
        "from citations c left join rules r on c.kind = 'rule' and r.ruleset = c.ruleset and r.rule_id = c.item\n"
        "where c.passage_id = :passage_id\norder by c.ruleset, c.kind, c.item",
    },
    "differences_and_rules": {
        "title": "fi/sv differences and the rules they touch",
        "description": "Each unit where the Finnish and Swedish texts differ, its passages, and the rules, pieces and"
        " options citing them (empty when none does).",
        "sql": "select alignment_id, unit, kind, difference, side, passage_id, ruleset, cited_by, item, certainty\n"
        "from difference_rules\norder by alignment_id, unit, side, passage_id, ruleset, cited_by, item",
    },
    "not_implemented_passages": {
        "title": "Passages a ruleset does not implement",
        "description": "Normative passages left out of the engine, with the passage's reading and the reason.",
        "sql": "select n.ruleset, n.passage_id, p.reading, p.translation, n.reason\n"
        "from not_implemented n join passages p using (passage_id)\norder by n.ruleset, p.text_id, p.n",
    },
}


def datasette_metadata(database_name: str) -> dict[str, Any]:
    """Datasette's metadata for a database named ``database_name`` (its file name without ``.sqlite``)."""
    from .corpus.citation import base_url

    tables: dict[str, Any] = {
        name: {"description": doc, "columns": dict(columns)} for name, (doc, columns) in DESCRIPTIONS.items()
    }
    tables["passages"] |= {"fts_table": FTS_TABLE, "fts_pk": "rowid", "label_column": "passage_id"}
    return {
        "title": release.TITLE,
        "description": f"{release.edition_label()}. {release.RIGHTS}",
        "license": release.DATA_LICENSE,
        "license_url": release.DATA_LICENSE_URL,
        "source": f"{release.edition_label()}",
        "source_url": base_url(),
        "databases": {database_name: {"tables": tables, "queries": CANNED_QUERIES}},
    }
