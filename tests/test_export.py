"""Exports of the whole archive: CSV, JSON, Parquet and SQLite hold the same tables."""

from __future__ import annotations

import csv
import json
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
        names = {r[0] for r in con.execute("select name from sqlite_master where type = 'table'")}
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
