"""Exports of the whole archive: CSV, JSON, Parquet and SQLite hold the same tables."""

from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path

import pandas as pd
import pytest
import yaml

from wararchive import corpus, engine, release
from wararchive.cli.main import main
from wararchive.corpus.search import fold
from wararchive.dataset import CONCEPT_COLUMNS, TABLES, tables, unknown_concepts
from wararchive.datasette_config import datasette_metadata

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def frames():
    return tables(corpus.load())


def test_tables_cover_corpus_and_rulesets(frames):
    c = corpus.load()
    assert list(frames) == list(TABLES)
    assert len(frames["passages"]) == sum(len(t.passages) for t in c.texts.values())
    assert len(frames["rules"]) == sum(len(engine.ruleset(r).rules) for r in engine.rulesets())
    assert set(frames["combat"].ruleset) == {r for r in engine.rulesets() if engine.ruleset(r).combat_table is not None}
    # every citation joins a passage of the corpus
    assert set(frames["citations"].passage_id) <= set(frames["passages"].passage_id)
    # et-spionaaz:21: the sapper beats the general only when it attacks
    row = frames["combat"].query("ruleset == 'spionaaz' and attacker == 'sapper' and defender == 'general'").iloc[0]
    assert row.outcome == "attacker_wins" and "et-spionaaz:21" in row.cites
    # who answers for each ruleset's conjectures travels with the exports
    own = frames["rulesets"].set_index("ruleset").responsible
    assert {own[r] for r in engine.registry.own_rulesets()} == {"the wararchive project"}


def test_csv_joins_lists_and_json_keeps_them(tmp_path, capsys):
    assert main(["export", "csv", str(tmp_path / "csv")]) == 0
    assert main(["export", "json", str(tmp_path / "json")]) == 0
    printed = capsys.readouterr().out.split()
    assert len(printed) == 2 * (len(TABLES) + 1)  # each table, and the metadata beside them
    with open(tmp_path / "csv" / "rules.csv", encoding="utf-8", newline="") as fh:
        rules = list(csv.DictReader(fh))
    records = json.loads((tmp_path / "json" / "rules.json").read_text(encoding="utf-8"))
    assert len(rules) == len(records)
    first = records[0]
    assert isinstance(first["cites"], list) and rules[0]["cites"] == "; ".join(first["cites"])
    assert {r["certainty"] for r in records} <= set(engine.CERTAINTIES)


def test_parquet_round_trips(tmp_path, frames):
    assert main(["export", "parquet", str(tmp_path)]) == 0
    back = pd.read_parquet(tmp_path / "passages.parquet")
    assert list(back.passage_id) == list(frames["passages"].passage_id)
    assert list(back.concepts.iloc[0]) == list(frames["passages"].concepts.iloc[0])


def test_sqlite_opens_and_joins_rules_to_passages(tmp_path):
    db = tmp_path / "wararchive.sqlite"
    assert main(["export", "sqlite", str(db)]) == 0
    con = sqlite3.connect(db)
    try:
        query = "select name from sqlite_master where type = 'table' and name not like 'passages_fts%'"
        names = {r[0] for r in con.execute(query)}
        assert names == set(TABLES)
        (n,) = con.execute(
            "select count(*) from citations c join passages p using (passage_id) where c.ruleset = 'spionaaz' and c.kind = 'rule'"
        ).fetchone()
        assert n == sum(len(r.cites) for r in engine.ruleset("spionaaz").rules)
        (cites,) = con.execute("select cites from rules where ruleset = 'chess' limit 1").fetchone()
        assert isinstance(json.loads(cites), list)  # lists are JSON arrays, as Datasette shows them
    finally:
        con.close()


def test_bad_targets_are_one_line_errors(tmp_path, capsys):
    assert main(["export", "sqlite", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    (tmp_path / "f").write_text("x")
    assert main(["export", "csv", str(tmp_path / "f")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wararchive: error: ") and "is a file" in err and err.count("\n") == 1


def test_features_and_not_implemented_are_the_rulesets_own(frames):
    for rid in engine.rulesets():
        rs = engine.ruleset(rid)
        mine = frames["features"].query("ruleset == @rid")
        assert [(f.topic, f.name, str(f.value), f.rule) for f in rs.features] == list(
            mine[["topic", "name", "value", "rule_id"]].itertuples(index=False, name=None)
        )
        assert [json.loads(v) for v in mine.value_json] == [f.value for f in rs.features]
        gaps = frames["not_implemented"].query("ruleset == @rid")
        assert list(gaps.passage_id) == [n.passage for n in rs.not_implemented]
    # jwg.turns (fi/sv :11 and the rest) states one move a turn; spionaaz's spz.two-moves two
    turn = frames["features"].set_index(["ruleset", "name"]).value_json
    assert json.loads(turn["japanese-war-game", "moves per turn"]) == 1
    assert json.loads(turn["spionaaz", "moves per turn"]) == 2


def test_difference_rules_explodes_every_difference_to_its_citations(frames):
    c = corpus.load()
    view = frames["difference_rules"]
    differing = {pid for a in c.parallels.values() for u in a.units if u.kind != "none" for pid in (*u.left, *u.right)}
    assert set(view.passage_id) == differing
    citations = frames["citations"]
    for pid in sorted(differing):
        cited = citations[citations.passage_id == pid]
        rows = view[view.passage_id == pid]
        if cited.empty:
            assert len(rows) == 1 and rows.ruleset.isna().all()
        else:
            got = set(rows[["ruleset", "cited_by", "item"]].itertuples(index=False, name=None))
            assert got == set(cited[["ruleset", "kind", "item"]].itertuples(index=False, name=None))
    assert set(view.kind) <= {"minor", "substantive", "one-sided"}


def test_sqlite_declares_keys_foreign_keys_and_full_text_search(tmp_path):
    db = tmp_path / "w.sqlite"
    assert main(["export", "sqlite", str(db)]) == 0
    con = sqlite3.connect(db)
    try:
        assert [r[1] for r in con.execute("pragma table_info(rules)") if r[5]] == ["rule_key"]
        assert [r[1] for r in con.execute("pragma table_info(passages)") if r[5]] == ["passage_id"]
        (key,) = con.execute(
            "select rule_key from rules where ruleset = 'spionaaz' and rule_id = 'spz.sapper-takes-general'"
        ).fetchone()
        assert key == "spionaaz:spz.sapper-takes-general"
        # every foreign key is one column, which Datasette follows
        for (table,) in con.execute("select name from sqlite_master where type = 'table' and name not like 'passages_fts%'"):
            fks = list(con.execute(f'pragma foreign_key_list("{table}")'))
            assert all(r[1] == 0 for r in fks) and len({r[0] for r in fks}) == len(fks), table
        fks = {(r[3], r[2], r[4]) for r in con.execute("pragma foreign_key_list(citations)")}
        assert {("passage_id", "passages", "passage_id"), ("rule_key", "rules", "rule_key")} <= fks
        assert {("rule_key", "rules", "rule_key"), ("attacker_key", "pieces", "piece_key")} <= {
            (r[3], r[2], r[4]) for r in con.execute("pragma foreign_key_list(combat)")
        }
        # a citation of a piece names no rule: its rule_key is empty, its piece_key the piece
        row = con.execute("select rule_key, piece_key, ruleset || ':' || item from citations where kind = 'piece'").fetchone()
        assert row[0] is None and row[1] == row[2]
        assert {r[2] for r in con.execute("pragma foreign_key_check")} <= {"concepts"}  # concepts: see test_concepts_*

        # the three layers are searchable, by any substring of three characters or more, case and diacritics folded
        def matching(query: str) -> set[str]:
            sql = "select p.passage_id from passages_fts f join passages p on p.rowid = f.rowid where passages_fts match ?"
            return {r[0] for r in con.execute(sql, (query,))}

        passages = list(corpus.load().iter_passages())
        layers = {p.id: (p.diplomatic, p.reading, p.translation) for p in passages}
        assert matching("spioon") == {pid for pid, texts in layers.items() if any("spioon" in fold(t) for t in texts)}
        assert matching("translation:spy") == {p.id for p in passages if "spy" in fold(p.translation)}
        assert matching("faltmarskalk") == matching("FÄLTMARSKALK") != set()
    finally:
        con.close()
    meta = json.loads((tmp_path / "w.metadata.json").read_text(encoding="utf-8"))
    assert meta["license"] and meta["license_url"].startswith("https://") and meta["source"]
    described = meta["databases"]["w"]["tables"]
    con = sqlite3.connect(db)
    try:  # every column of the database is described, its one-column keys too
        for name in TABLES:
            assert set(described[name]["columns"]) == {r[1] for r in con.execute(f'pragma table_info("{name}")')}, name
    finally:
        con.close()


def test_concepts_table_is_the_vocabulary_and_every_concept_column_a_foreign_key_into_it(tmp_path):
    db = tmp_path / "w.sqlite"
    assert main(["export", "sqlite", str(db)]) == 0
    vocabulary = [rec["id"] for rec in yaml.safe_load((ROOT / "corpus" / "concepts.yaml").read_text(encoding="utf-8"))]
    con = sqlite3.connect(db)
    try:
        assert [r[0] for r in con.execute("select concept from concepts order by rowid")] == vocabulary
        for table, column in CONCEPT_COLUMNS:
            fks = {(r[3], r[2], r[4]) for r in con.execute(f"pragma foreign_key_list({table})")}
            assert (column, "concepts", "concept") in fks, table
        tagged = con.execute("select count(*) from passage_concepts").fetchone()[0]
        assert tagged == sum(len(p.concepts) for p in corpus.load().iter_passages())
    finally:
        con.close()


def test_a_concept_outside_the_vocabulary_is_exported_with_a_warning(tmp_path, frames, capsys):
    from wararchive.export import export

    pieces = frames["pieces"].copy()
    pieces.loc[pieces.index[0], "concept"] = "zeppelin"
    db = tmp_path / "w.sqlite"
    export(corpus.load(), "sqlite", db, frames={**frames, "pieces": pieces})
    assert "the pieces table names the concept 'zeppelin', which the vocabulary" in capsys.readouterr().err
    con = sqlite3.connect(db)
    try:
        assert ("pieces", "concepts") in {(r[0], r[2]) for r in con.execute("pragma foreign_key_check")}
    finally:
        con.close()


def test_every_concept_a_ruleset_names_is_in_the_vocabulary(frames):
    assert unknown_concepts(frames) == []


def test_documents_and_passages_say_how_to_cite_them_with_the_release(frames):
    from wararchive import release
    from wararchive.corpus.citation import cited_permalink

    row = frames["passages"].set_index("passage_id").loc["et-spionaaz:21"]
    assert row.cite_as.endswith(f"version {release.VERSION} ({release.DATE}), {cited_permalink('et-spionaaz:21')}")
    assert all(release.VERSION in line for line in frames["documents"].cite_as)


def test_every_string_column_has_the_dtype_and_missing_value_of_one_built_whole(frames):
    # pieces.rank stacks chess's all-None column with the ranked games' strings: it was object, None and NaN mixed
    built = pd.DataFrame({"x": ["a", None]}).x  # how pandas types a column of strings with a gap (pandas 3: str, NaN)
    missing = type(built.iloc[1])
    for name, frame in frames.items():
        for column in frame.columns:
            if pd.api.types.infer_dtype(frame[column], skipna=True) == "string":
                assert frame[column].dtype == built.dtype, (name, column)
                assert {type(v) for v in frame[column] if not isinstance(v, str)} <= {missing}, (name, column)
    assert frames["pieces"].query("ruleset == 'chess'")["rank"].isna().all()
    assert frames["pieces"].query("ruleset == 'spionaaz'")["rank"].notna().any()


@pytest.mark.parametrize("fmt", ["csv", "json", "parquet"])
def test_a_directory_export_writes_beside_its_tables_whose_work_they_are(tmp_path, capsys, fmt):
    assert main(["export", fmt, str(tmp_path)]) == 0
    assert str(tmp_path / "metadata.json") in capsys.readouterr().out.split()
    meta = json.loads((tmp_path / "metadata.json").read_text(encoding="utf-8"))
    sqlite_meta = datasette_metadata("w")
    assert {k: meta[k] for k in meta if k != "tables"} == {k: sqlite_meta[k] for k in sqlite_meta if k != "databases"}
    assert meta["translation_by"] == "the wararchive project" and release.OWN_WORK in meta["description"]
    assert meta["license"] == "CC-BY-4.0" and meta["license_url"].startswith("https://") and meta["source"]
    assert {name: t["file"] for name, t in meta["tables"].items()} == {name: f"{name}.{fmt}" for name in TABLES}
    assert "translation" in meta["tables"]["passages"]["columns"]
    if fmt == "parquet":  # Parquet keeps a frame's attrs: the corpus's tables carry the same statement
        assert pd.read_parquet(tmp_path / "passages.parquet").attrs["translation_by"] == "the wararchive project"


def test_the_corpus_frames_carry_the_provenance_the_exports_write(frames):
    c = corpus.load()
    written = {k: v for k, v in datasette_metadata("w").items() if k != "databases"}
    views = [c.passages(), c.documents(), c.corrections(), c.alignments(), c.concepts(), c.search("spioon")]
    for frame in [*views, frames["passages"]]:
        assert frame.attrs == written
    assert c.passages().attrs["translation_by"] == release.TRANSLATION_BY == "the wararchive project"
