"""The SQLite export served by Datasette: full-text search, canned queries and foreign-key links work.

Datasette runs in process (its own test client speaks ASGI, no socket is
opened), reading the database and the metadata file exactly as
``datasette wararchive.sqlite -m wararchive.metadata.json`` would.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from datasette.app import Datasette

from wararchive import corpus
from wararchive.cli.main import main


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    out = tmp_path_factory.mktemp("datasette") / "wararchive.sqlite"
    assert main(["export", "sqlite", str(out)]) == 0
    metadata = json.loads(out.with_name("wararchive.metadata.json").read_text(encoding="utf-8"))
    ds = Datasette([str(out)], metadata=metadata)

    def get(path: str) -> dict:
        # in a thread of its own: a Sphinx build run earlier in this worker (its notebooks) may leave an event loop
        # running in the main thread, where asyncio.run refuses to start another
        with ThreadPoolExecutor(1) as pool:
            response = pool.submit(asyncio.run, ds.client.get(path)).result()
        assert response.status_code == 200, (path, response.text[:300])
        return response.json()

    return get


def test_search_finds_the_swedish_spy(served):
    data = served("/wararchive/passages.json?_search=spion&_shape=objects&_col=reading")
    ids = [row["passage_id"] for row in data["rows"]]
    expected = [p.id for p in corpus.load().iter_passages() if "spion" in p.reading.lower().replace(".", " ").split()]
    assert expected and set(expected) <= set(ids)
    layers = [(p.diplomatic + p.reading + p.translation).lower() for p in corpus.load().iter_passages() if p.id in ids]
    assert all("spion" in text for text in layers)


def test_canned_query_rules_citing_a_passage(served):
    data = served("/wararchive/rules_citing_passage.json?passage_id=et-spionaaz:21&_shape=objects")
    rows = data["rows"]
    # et-spionaaz:21 (the sapper beats the general only when attacking) is cited by the spionaaz ruleset
    assert rows and {r["ruleset"] for r in rows} == {"spionaaz"}
    assert all(r["summary"] for r in rows if r["kind"] == "rule")


def test_canned_query_differences_and_rules(served):
    rows = served("/wararchive/differences_and_rules.json?_shape=objects")["rows"]
    assert rows and {r["kind"] for r in rows} <= {"minor", "substantive", "one-sided"}
    assert any(r["ruleset"] == "japanese-war-game" and r["kind"] == "substantive" for r in rows)


def test_citations_link_to_their_passage(served):
    data = served("/wararchive/citations.json?_labels=on&_shape=objects&passage_id=et-spionaaz:21")
    cell = data["rows"][0]["passage_id"]
    assert cell == {"value": "et-spionaaz:21", "label": "et-spionaaz:21"}  # expanded: a foreign key Datasette follows
    row = served("/wararchive/passages/et-spionaaz:21.json?_shape=objects")["rows"][0]
    assert row["reading"] == corpus.load().passage("et-spionaaz:21").reading


def test_metadata_is_served(served):
    meta = served("/-/metadata.json")
    assert meta["license"] == "CC-BY-4.0"
    assert "passages" in meta["databases"]["wararchive"]["tables"]
