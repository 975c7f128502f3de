"""What Datasette reads beside the SQLite export: its metadata and its configuration, canned queries included.

Datasette 1.0 split the two: ``-m wararchive.metadata.json`` says what the data
is (title, licence, source, what every table and column means) and
``-c wararchive.datasette.yaml`` how to serve it (the full-text index of
``passages``, the canned queries). Datasette 0.x reads only metadata, and
reads queries and table settings there, so the metadata carries them too:
1.0 ignores queries in metadata, and both serve the same pages. One
definition here feeds both files, so they cannot drift apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .corpus.citation import provenance
from .database import FTS_TABLE, key_columns
from .datadict import TABLES as DESCRIPTIONS

TABLE_SETTINGS: dict[str, dict[str, str]] = {
    "passages": {"fts_table": FTS_TABLE, "fts_pk": "rowid", "label_column": "passage_id"},
}
"""How Datasette serves a table: ``?_search=`` on passages uses the trigram index of :mod:`.database`."""

CANNED_QUERIES: dict[str, dict[str, str]] = {
    "rules_citing_passage": {
        "title": "Rules citing a passage",
        "description": "Every rule, piece and option of every ruleset that cites the passage, e.g. et-spionaaz:21.",
        "sql": "select c.ruleset, c.kind, c.item, c.certainty, r.summary, r.reason\n"
        "from citations c left join rules r using (rule_key)\n"
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

QUERY_EXAMPLES: dict[str, dict[str, str]] = {
    "rules_citing_passage": {"passage_id": "et-spionaaz:21"},
    "differences_and_rules": {},
    "not_implemented_passages": {},
}
"""Parameters with which each canned query returns rows: the how-to page's links and the tests use them."""


def metadata_path(database: Path) -> Path:
    """Where the metadata of a database file goes: ``wararchive.sqlite`` → ``wararchive.metadata.json``."""
    return database.with_name(database.stem + ".metadata.json")


def config_path(database: Path) -> Path:
    """Where the configuration of a database file goes: ``wararchive.sqlite`` → ``wararchive.datasette.yaml``."""
    return database.with_name(database.stem + ".datasette.yaml")


def datasette_config(database_name: str) -> dict[str, Any]:
    """Datasette 1.0's configuration (``-c``) for a database named ``database_name``: table settings and queries."""
    return {"databases": {database_name: {"tables": TABLE_SETTINGS, "queries": CANNED_QUERIES}}}


def datasette_metadata(database_name: str) -> dict[str, Any]:
    """Datasette's metadata (``-m``) for a database named ``database_name`` (its file name without ``.sqlite``).

    The data's :func:`~wararchive.corpus.citation.provenance`, and what every table and column means. The
    configuration's table settings and queries are repeated for Datasette 0.x, which knows no ``-c`` file.
    """
    tables: dict[str, Any] = {
        name: {"description": doc, "columns": columns | key_columns(name)} for name, (doc, columns) in DESCRIPTIONS.items()
    }
    for name, settings in TABLE_SETTINGS.items():
        tables[name] |= settings
    return {**provenance(), "databases": {database_name: {"tables": tables, "queries": CANNED_QUERIES}}}


class _Dumper(yaml.SafeDumper):
    """Writes a multi-line string as a literal block, so a canned query's SQL reads as SQL in the file."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value else None)


_Dumper.add_representer(str, _str)


def to_yaml(data: Any) -> str:
    """``data`` as YAML that people edit: keys in their order, Unicode as written, SQL as blocks."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)
