"""Exports of the whole archive: CSV, JSON, Parquet and SQLite hold the same tables."""

from __future__ import annotations

import csv
import json
import re
import sqlite3

import pandas as pd
import pytest

from wararchive import corpus, engine
from wararchive.cli.main import main
from wararchive.dataset import TABLES, tables


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
    assert len(printed) == 2 * len(TABLES)
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
        pk = [r[1] for r in sorted(con.execute("pragma table_info(rules)"), key=lambda r: r[5]) if r[5]]
        assert pk == ["ruleset", "rule_id"]
        assert [r[1] for r in con.execute("pragma table_info(passages)") if r[5]] == ["passage_id"]
        fks = {(r[2], r[3], r[4]) for r in con.execute("pragma foreign_key_list(citations)")}
        assert ("passages", "passage_id", "passage_id") in fks
        assert con.execute("pragma foreign_key_check").fetchall() == []
        # the three layers are searchable: the Swedish original, and the English of every text
        hits = {
            r[0]
            for r in con.execute(
                "select p.passage_id from passages_fts f join passages p on p.rowid = f.rowid where passages_fts match 'spion'"
            )
        }
        assert hits and all(":" in h for h in hits)
        (n,) = con.execute("select count(*) from passages_fts where passages_fts match 'translation:spy'").fetchone()
        assert n == sum(1 for p in corpus.load().iter_passages() if "spy" in re.findall(r"\w+", p.translation.lower()))
    finally:
        con.close()
    meta = json.loads((tmp_path / "w.metadata.json").read_text(encoding="utf-8"))
    assert meta["license"] and meta["license_url"].startswith("https://") and meta["source"]
    described = meta["databases"]["w"]["tables"]
    for name, frame in tables(corpus.load()).items():
        assert set(described[name]["columns"]) == set(frame.columns), name


def test_documents_and_passages_say_how_to_cite_them_with_the_release(frames):
    from wararchive import release
    from wararchive.corpus.citation import cited_permalink

    row = frames["passages"].set_index("passage_id").loc["et-spionaaz:21"]
    assert row.cite_as.endswith(f"version {release.VERSION} ({release.DATE}), {cited_permalink('et-spionaaz:21')}")
    assert all(release.VERSION in line for line in frames["documents"].cite_as)
