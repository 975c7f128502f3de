"""The whole archive as named tables: the corpus and every ruleset.

One place builds the tables every export writes (CSV, JSON, Parquet,
SQLite), so the formats cannot drift apart. Documents and passages carry
their "Cite as" line, naming the release the export was made from. Rulesets are taken with their
default options; each row of a ruleset table names its ruleset, so the
tables of all games stack into one and join on passage ids with the corpus.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pandas and the engine load only when tables are built: the CLI names TABLES in its help
    import pandas as pd

    from .corpus import Corpus

TABLES = (
    "documents",
    "passages",
    "corrections",
    "alignments",
    "concepts",
    "passage_concepts",
    "rulesets",
    "rules",
    "citations",
    "pieces",
    "combat",
    "rank_orders",
    "options",
    "features",
    "not_implemented",
    "difference_rules",
)
"""Every table, in the order they are written (corpus first, then rulesets, then views joining both)."""


def tables(corpus: Corpus) -> dict[str, pd.DataFrame]:
    """Every table of :data:`TABLES`, built fresh from ``corpus`` and the registered rulesets."""
    import pandas as pd

    from .corpus.citation import cite, cite_text
    from .engine import rank_orders, ruleset, rulesets

    games = [ruleset(rid) for rid in rulesets()]

    combat = [
        rs.combat_table.reset_index().astype({"attacker": str, "defender": str}).assign(ruleset=rs.id)
        for rs in games
        if rs.combat_table is not None
    ]
    texts = corpus.texts
    documents, passages = corpus.documents(), corpus.passages()
    out = {
        "documents": documents.assign(cite_as=[cite_text(texts[t]) for t in documents.text_id]),
        "passages": passages.assign(
            cite_as=[cite(texts[t], corpus.passage(p)) for t, p in zip(passages.text_id, passages.passage_id, strict=True)]
        ),
        "corrections": corpus.corrections(),
        "alignments": corpus.alignments(),
        "concepts": corpus.concepts(),
        "passage_concepts": pd.DataFrame(
            [(p.id, k) for p in corpus.iter_passages() for k in p.concepts], columns=["passage_id", "concept"]
        ),
        "rulesets": pd.DataFrame(
            [
                {
                    "ruleset": rs.id,
                    "title": rs.title,
                    "texts": list(rs.texts),
                    "sides": list(rs.sides),
                    "summary": rs.summary,
                    "responsible": rs.responsible,
                }
                for rs in games
            ]
        ),
        "rules": _stack([_first(rs.rules_frame().rename(columns={"id": "rule_id"}), rs.id) for rs in games]),
        "citations": pd.DataFrame(_citations(games), columns=["ruleset", "kind", "item", "passage_id", "certainty"]),
        "pieces": _stack([_first(rs.pieces, rs.id) for rs in games]),
        "combat": _front(_stack(combat), "ruleset"),
        "rank_orders": rank_orders(),
        "options": pd.DataFrame(_options(games)),
        "features": pd.DataFrame(_features(games), columns=list(FEATURE_COLUMNS)),
        "not_implemented": pd.DataFrame(
            [(rs.id, n.passage, n.reason) for rs in games for n in rs.not_implemented],
            columns=["ruleset", "passage_id", "reason"],
        ),
        "difference_rules": pd.DataFrame(_difference_rules(corpus, games), columns=list(DIFFERENCE_RULE_COLUMNS)),
    }
    return {name: out[name] for name in TABLES}


CONCEPT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("passage_concepts", "concept"),
    ("pieces", "concept"),
    ("rank_orders", "concept"),
)
"""Every (table, column) that names a concept: each must be a concept of the ``concepts`` table, the vocabulary.

A passage's ``concepts`` list is the same data as its ``passage_concepts`` rows, which a foreign key can check."""


def unknown_concepts(frames: dict[str, pd.DataFrame]) -> list[tuple[str, str]]:
    """(table, concept) for every concept a table names that the vocabulary lacks, so the exports can say so.

    A ruleset (a plugin's too) tags its pieces with concepts in Python, where the corpus loader cannot
    check them against ``concepts.yaml``; the exported tables are where the two meet.
    """
    vocabulary = set(frames["concepts"].concept)
    return sorted(
        {(table, k) for table, column in CONCEPT_COLUMNS for k in frames[table][column].dropna() if k not in vocabulary}
    )


def _stack(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """The rulesets' frames as one, each column of strings typed as pandas types one built whole.

    A ruleset without ranks (chess) gives an all-None ``rank`` column (object), a ranked one a
    column of strings with NaN for its unranked pieces: concatenated, ``rank`` was object with
    None, NaN and strings mixed. Such a column is built again from its values, so it has the
    dtype and the one missing value of every other string column (pandas 3: ``str`` and NaN;
    pandas 2: object and None), and ``isna()``, Parquet and SQLite see a single kind of gap.
    """
    import pandas as pd

    out = pd.concat(frames, ignore_index=True)
    for column in out.columns:
        if out[column].dtype == object and pd.api.types.infer_dtype(out[column], skipna=True) == "string":
            out[column] = pd.Series([v if isinstance(v, str) else None for v in out[column]], index=out.index)
    return out


def _first(frame: pd.DataFrame, ruleset_id: str) -> pd.DataFrame:
    return _front(frame.assign(ruleset=ruleset_id), "ruleset")


def _front(frame: pd.DataFrame, column: str) -> pd.DataFrame:
    return frame[[column, *(c for c in frame.columns if c != column)]]


def _citations(games) -> list[tuple[str, str, str, str, str]]:
    """One row per (rule, piece or option, cited passage): the join table to ``passages``."""
    rows = []
    for rs in games:
        rows += [(rs.id, "rule", r.id, pid, r.certainty) for r in rs.rules for pid in r.cites]
        rows += [(rs.id, "piece", p.id, pid, p.certainty) for p in rs.piece_types for pid in p.cites]
        rows += [(rs.id, "option", o.name, pid, o.certainty) for o in rs.declared.values() for pid in o.cites]
    return rows


def _options(games) -> list[dict]:
    """Options with their values as JSON text: defaults are strings, numbers or booleans by option."""
    return [
        {
            "ruleset": rs.id,
            "name": o.name,
            "kind": o.kind,
            "summary": o.summary,
            "default": json.dumps(o.default, ensure_ascii=False),
            "readings": json.dumps([{"value": r.value, "summary": r.summary} for r in o.readings or ()], ensure_ascii=False),
            "certainty": o.certainty,
            "cites": list(o.cites),
            "rationale": o.rationale,
        }
        for rs in games
        for o in rs.declared.values()
    ]


FEATURE_COLUMNS = ("ruleset", "topic", "name", "value", "value_json", "rule_id", "cites", "certainty")
"""The comparison matrix of the site's Compare pages, one row per cell: ``value`` as the page shows it,
``value_json`` as the ruleset holds it (a number, a boolean or a string), and the rule that states it."""


def _features(games) -> list[tuple]:
    rows = []
    for rs in games:
        for f in rs.features:
            rule = rs.rules.rules[f.rule]
            rows.append(
                (
                    rs.id,
                    f.topic,
                    f.name,
                    str(f.value),
                    json.dumps(f.value, ensure_ascii=False),
                    f.rule,
                    list(rule.cites),
                    rule.certainty,
                )
            )
    return rows


DIFFERENCE_RULE_COLUMNS = (
    "alignment_id",
    "unit",
    "kind",
    "difference",
    "side",
    "text_id",
    "passage_id",
    "ruleset",
    "cited_by",
    "item",
    "certainty",
)
""""Which rules does a Finnish↔Swedish difference touch", exploded: one row per (unit that differs, passage on
either side, rule, piece or option citing that passage). ``kind`` is the difference's kind, ``cited_by`` whether
a rule, a piece or an option cites it. A differing passage no ruleset cites has one row with empty ruleset columns,
so a difference that touches no rule is seen, not lost."""


def _difference_rules(corpus: Corpus, games) -> list[tuple]:
    cited: dict[str, list[tuple[str, str, str, str]]] = {}
    for ruleset_id, kind, item, pid, certainty in _citations(games):
        cited.setdefault(pid, []).append((ruleset_id, kind, item, certainty))
    rows = []
    for a in corpus.parallels.values():
        for u in a.units:
            if u.kind == "none":
                continue
            for side, text_id, pids in (("left", a.left, u.left), ("right", a.right, u.right)):
                for pid in pids:
                    head = (a.alignment_id, u.n, u.kind, u.difference, side, text_id, pid)
                    rows += [head + c for c in cited.get(pid, [])] or [(*head, None, None, None, None)]
    return rows
