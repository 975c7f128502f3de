"""The archive as one SQLite database with keys, links and full-text search.

Why declared keys and not just tables: Datasette (and any SQL tool) reads
them. A primary key gives each row a stable address (``/passages/et-spionaaz:21``),
a foreign key turns ``citations.passage_id`` into a link to the passage, and
the FTS5 table over the passages' three layers is what makes ``?_search=``
work. Datasette links only single-column foreign keys, so every reference to
a rule, piece or option (named by its ruleset *and* its id) also gets one
column that holds both (``rule_key`` = ``spionaaz:spz.sapper``), the
referenced row's primary key. The database is built in memory and serialised
whole, so the export appears complete or not at all; a foreign key that does
not hold is a bug in the data and refuses the export, except a concept the
vocabulary lacks, which :func:`.dataset.unknown_concepts` reports instead.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .corpus.search import fold
from .dataset import CONCEPT_COLUMNS
from .errors import WararchiveError

if TYPE_CHECKING:
    import pandas as pd

KEY_SEPARATOR = ":"
"""Joins a ruleset id and an item id into one key, as ``:`` joins a text id and a number in a passage id.

Neither id may hold it (:data:`.plugins.ID`), so a key names one item, and it needs no escaping in a URL."""


@dataclass(frozen=True)
class Key:
    """One column naming a row of ``parent`` by its ruleset and id: ``ruleset:id``.

    ``when`` restricts it to rows whose column has a value (a citation names a rule only when its kind is
    ``rule``); elsewhere it is empty, which a foreign key allows.
    """

    table: str
    column: str
    parts: tuple[str, str]
    parent: str
    when: tuple[str, str] | None = None

    def describe(self) -> str:
        """The column's meaning, for the data dictionary Datasette shows."""
        only = f"; empty unless {self.when[0]} is {self.when[1]}" if self.when else ""
        if self.table == self.parent:
            return f"{KEY_SEPARATOR.join(self.parts)} in one column: the row's address (a link in Datasette)"
        return f"{KEY_SEPARATOR.join(self.parts)}: the row of {self.parent} it names, in one column so Datasette links it{only}"


_RULE, _PIECE, _OPTION = "rules", "pieces", "options"
KEYS: tuple[Key, ...] = (
    Key("rules", "rule_key", ("ruleset", "rule_id"), _RULE),
    Key("pieces", "piece_key", ("ruleset", "piece_id"), _PIECE),
    Key("options", "option_key", ("ruleset", "name"), _OPTION),
    Key("combat", "attacker_key", ("ruleset", "attacker"), _PIECE),
    Key("combat", "defender_key", ("ruleset", "defender"), _PIECE),
    Key("combat", "rule_key", ("ruleset", "rule"), _RULE),
    Key("rank_orders", "piece_key", ("ruleset", "piece_id"), _PIECE),
    Key("features", "rule_key", ("ruleset", "rule_id"), _RULE),
    *(
        Key(table, f"{kind}_key", ("ruleset", "item"), parent, (kind_column, kind))
        for table, kind_column in (("citations", "kind"), ("difference_rules", "cited_by"))
        for kind, parent in (("rule", _RULE), ("piece", _PIECE), ("option", _OPTION))
    ),
)
"""The one-column keys added to the tables (SQLite only: the other formats keep the two columns)."""

PRIMARY_KEYS: dict[str, tuple[str, ...]] = {
    "documents": ("text_id",),
    "passages": ("passage_id",),
    "corrections": ("correction_id",),
    "alignments": ("alignment_id", "unit"),
    "concepts": ("concept",),
    "passage_concepts": ("passage_id", "concept"),
    "rulesets": ("ruleset",),
    "rules": ("rule_key",),
    "citations": ("ruleset", "kind", "item", "passage_id"),
    "pieces": ("piece_key",),
    "combat": ("ruleset", "attacker", "defender"),
    "rank_orders": ("ruleset", "piece_id"),
    "options": ("option_key",),
    "features": ("ruleset", "topic", "name"),
    "not_implemented": ("ruleset", "passage_id"),
}
"""Tables without a key here (``difference_rules``, a view with empty cells) keep SQLite's rowid."""

UNIQUE: dict[str, tuple[str, ...]] = {k.table: k.parts for k in KEYS if k.table == k.parent}
"""The two-column identity a one-column key stands for stays unique too."""

FOREIGN_KEYS: tuple[tuple[str, str, str, str], ...] = (
    ("passages", "text_id", "documents", "text_id"),
    ("corrections", "passage_id", "passages", "passage_id"),
    ("passage_concepts", "passage_id", "passages", "passage_id"),
    ("rules", "ruleset", "rulesets", "ruleset"),
    ("citations", "passage_id", "passages", "passage_id"),
    ("citations", "ruleset", "rulesets", "ruleset"),
    ("pieces", "ruleset", "rulesets", "ruleset"),
    ("options", "ruleset", "rulesets", "ruleset"),
    ("not_implemented", "passage_id", "passages", "passage_id"),
    ("not_implemented", "ruleset", "rulesets", "ruleset"),
    ("difference_rules", "passage_id", "passages", "passage_id"),
    *((table, column, "concepts", "concept") for table, column in CONCEPT_COLUMNS),
    *((k.table, k.column, k.parent, PRIMARY_KEYS[k.parent][0]) for k in KEYS if k.table != k.parent),
)
"""(table, column) → (table, column): one column each, so Datasette follows every one of them."""

INDEXES = (("citations", "passage_id"), ("difference_rules", "passage_id"), ("corrections", "passage_id"))

FTS_TABLE = "passages_fts"
FTS_COLUMNS = ("diplomatic", "reading", "translation")
FTS_TOKENIZER = "trigram case_sensitive 0"
"""Substrings of three characters or more, as ``wararchive search`` matches (``spioon`` finds *Spiooni*).

No stemmer fits: Estonian has none in Snowball, and the CLI matches any substring, not stems. SQLite's
trigram tokenizer folds case but (before SQLite 3.45) not diacritics, so each column holds the layer as
written and, after :data:`FOLDED_SEPARATOR`, as :func:`.corpus.search.fold` folds it: ``faltmarskalk`` and
``fältmarskalk`` both find *Fältmarskalken*."""
FOLDED_SEPARATOR = "\u2029"
"""Between a layer and its folded form: a paragraph separator, which a search term cannot hold (Datasette
splits a query at white space), so no match spans the two."""


def database(frames: dict[str, pd.DataFrame]) -> bytes:
    """The whole database as bytes: every table with its keys, the full-text index, checked foreign keys."""
    con = sqlite3.connect(":memory:")
    try:
        for name, frame in frames.items():
            cells = [tuple(map(_cell, r)) for r in frame.itertuples(index=False, name=None)]
            columns, rows = _with_keys(name, list(frame.columns), cells)
            con.execute(_create(name, columns, rows))
            marks = ", ".join("?" * len(columns))
            con.executemany(f"INSERT INTO {_q(name)} VALUES ({marks})", rows)
        for table, column in INDEXES:
            con.execute(f"CREATE INDEX {_q(f'{table}_{column}')} ON {_q(table)} ({_q(column)})")
        _full_text(con)
        broken = [b for b in con.execute("PRAGMA foreign_key_check").fetchall() if b[2] != "concepts"]
        if broken:
            table, rowid, parent, _ = broken[0]
            raise WararchiveError(f"sqlite export: {len(broken)} broken foreign key(s), first {table} row {rowid} → {parent}")
        con.commit()
        return con.serialize()
    finally:
        con.close()


def key_columns(table: str) -> dict[str, str]:
    """The one-column keys :func:`database` adds to ``table``, with what each means."""
    return {k.column: k.describe() for k in KEYS if k.table == table}


def _with_keys(table: str, columns: list[str], rows: list[tuple]) -> tuple[list[str], list[tuple]]:
    """``columns`` and ``rows`` with the table's one-column keys, each right after the id it is made from."""
    for k in reversed([k for k in KEYS if k.table == table]):  # reversed: keys made after one column keep their order
        at = [columns.index(p) for p in k.parts]
        gate = columns.index(k.when[0]) if k.when else None
        keys = [
            None
            if (gate is not None and r[gate] != k.when[1]) or any(r[i] is None for i in at)  # type: ignore[index]
            else KEY_SEPARATOR.join(str(r[i]) for i in at)
            for r in rows
        ]
        pos = max(at) + 1
        columns = [*columns[:pos], k.column, *columns[pos:]]
        rows = [(*r[:pos], key, *r[pos:]) for r, key in zip(rows, keys, strict=True)]
    return columns, rows


def _full_text(con: sqlite3.Connection) -> None:
    """The trigram index over the passages' three layers, each as written and folded, keyed by ``rowid``."""
    cols = ", ".join(map(_q, FTS_COLUMNS))
    con.execute(f"CREATE VIRTUAL TABLE {_q(FTS_TABLE)} USING fts5({cols}, tokenize={_literal(FTS_TOKENIZER)})")
    rows = con.execute(f"SELECT rowid, {cols} FROM passages").fetchall()
    indexed = [(rowid, *(_searchable(text) for text in layers)) for rowid, *layers in rows]
    con.executemany(f"INSERT INTO {_q(FTS_TABLE)} (rowid, {cols}) VALUES (?, ?, ?, ?)", indexed)


def _searchable(text: str | None) -> str:
    text = text or ""
    return f"{text}{FOLDED_SEPARATOR}{fold(text)}"


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


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
    if key:
        parts.append(f"PRIMARY KEY ({', '.join(map(_q, key))})")
    if name in UNIQUE:
        parts.append(f"UNIQUE ({', '.join(map(_q, UNIQUE[name]))})")
    for table, column, parent, parent_column in FOREIGN_KEYS:
        if table == name:
            parts.append(f"FOREIGN KEY ({_q(column)}) REFERENCES {_q(parent)} ({_q(parent_column)})")
    return f"CREATE TABLE {_q(name)} (\n  " + ",\n  ".join(parts) + "\n)"
