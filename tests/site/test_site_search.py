"""The site's search as a reader meets it: real queries in Estonian, Finnish and Swedish and the hits they must put first.

The ranking is the search page's own script (``wararchive/site/static/search.js``), run by node on the passage index
the site publishes, so these tests rank exactly as the browser does (``test_site.py`` follows a hit to its page in
chromium and finds the words highlighted there). Without node they skip, except under CI (``CI=true``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from wararchive.site.passage_search import passage_index

SEARCH_JS = Path(__file__).resolve().parents[2] / "wararchive" / "site" / "static" / "search.js"
NODE = shutil.which("node")
RANK = """
const [script, indexPath, queries, first] = process.argv.slice(1);
const s = require(script);
const index = s.waBuildIndex(JSON.parse(require("fs").readFileSync(indexPath, "utf8")));
const out = {};
for (const q of JSON.parse(queries)) {
  const terms = s.waQueryTerms(q);
  const lang = s.waQueryLanguage(index, terms);
  const { hits } = s.waMatchPassages(index, terms, first === "auto" ? lang : first === "none" ? null : first);
  out[q] = { lang, hits: hits.map((h) => ({ id: h.p.id, words: s.waHitWords(h) })) };
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def rank(tmp_path_factory):
    """``rank(*queries, first="auto")``: per query, the language told and every hit, best first, with its marked words."""
    if not NODE:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but node is not installed: .ci/run installs it with npm")
        pytest.skip("node is not installed; the ranking tests run the search page's script in it")
    index = tmp_path_factory.mktemp("search") / "passages.json"
    index.write_text(json.dumps(passage_index(), ensure_ascii=False), encoding="utf-8")

    def run(*queries: str, first: str = "auto") -> dict[str, dict]:
        args = [NODE, "-e", RANK, str(SEARCH_JS), str(index), json.dumps(queries), first]
        return json.loads(subprocess.run(args, check=True, capture_output=True, text=True, timeout=60).stdout)

    return run


FI, SV, ET = "fi-japanilainen-sotapeli", "sv-japanska-krigsspelet", "et-sojamang-1935"
# query, the language it is told to be, the passages that must come first (in any order among them), a word of theirs
# that must be marked (folded). Checked against the texts: lipun is in fi:8 and :23 (lippu, of the same key, in :15 and
# :24); flaggan is Swedish for the flag, which the Swedish text calls fana (:8, :15; fanans :23, fanan :24), passages
# tagged flag; spionen is in sv:22, spion in :15; Fältmarskalk(en) in sv:14 and :22, Kenttämarsalkka in fi:14 and :22;
# minor/mina (mines) in sv:15 and :21, miinaa/miinan in fi:15 and :21; spioon, mõju(b) and lipp as the Estonian texts
# write them.
QUERIES = [
    ("lipun", "fi", {f"{FI}:8", f"{FI}:15", f"{FI}:23", f"{FI}:24"}, "lipun"),
    ("flaggan", "sv", {f"{SV}:8", f"{SV}:15", f"{SV}:23", f"{SV}:24"}, "fana"),
    ("fana", "sv", {f"{SV}:8", f"{SV}:15", f"{SV}:23", f"{SV}:24"}, "fanan"),
    ("spionen", "sv", {f"{SV}:15", f"{SV}:22"}, "spionen"),
    ("marskalk", "sv", {f"{SV}:14", f"{SV}:22"}, "faltmarskalken"),
    ("mina", "sv", {f"{SV}:15", f"{SV}:21"}, "minor"),
    ("marsalkka", "fi", {f"{FI}:14", f"{FI}:22"}, "kenttamarsalkka"),
    ("vakoojan", "fi", {f"{FI}:15", f"{FI}:22"}, "vakoojan"),
    ("miina", "fi", {f"{FI}:15", f"{FI}:21"}, "miinan"),
    ("spioon", "et", {"et-spionaaz:1", "et-spionaaz:5", "et-spionaaz:26", "et-spionaaz:27"}, "spioon"),
    ("moju", "et", {f"{ET}:3", f"{ET}:4", f"{ET}:58", f"{ET}:86"}, "mojub"),
    ("lipp", "et", {f"{ET}:24", f"{ET}:25", f"{ET}:45", "et-male:10", "et-male:22"}, "lipp"),
]


@pytest.mark.parametrize(("query", "lang", "top", "word"), QUERIES, ids=[q[0] for q in QUERIES])
def test_real_queries_put_their_language_and_passages_first(rank, query, lang, top, word):
    found = rank(query)[query]
    hits = found["hits"]
    assert found["lang"] == lang
    assert {h["id"] for h in hits[: len(top)]} == top, [h["id"] for h in hits[: len(top) + 3]]
    assert any(word in h["words"] for h in hits[: len(top)]), [h["words"] for h in hits[: len(top)]]
    # the query's language first: none of its hits after a hit in another language
    langs = [h["id"][:2] for h in hits]
    assert lang not in langs[next((i for i, x in enumerate(langs) if x != lang), len(langs)) :], langs


def test_a_word_that_begins_the_game_name_is_not_the_game_name(rank):
    """spionen (Swedish: the spy) once ranked the title Spionaaž first: the rest of it, -en, is no Estonian ending."""
    found = rank("spionen", "spion")
    for query in found:
        assert not any(w.startswith("spionaa") for h in found[query]["hits"] for w in h["words"]), query


def test_compounds_are_found_by_their_parts(rank):
    """marsalkka is the head of kenttämarsalkka, marskalk of fältmarskalk (marskalken too, inflected); kenraali the first
    part of kenraaliluutnantti."""
    found = rank("marsalkka", "marskalk", "marskalken", "kenraali")
    assert [h["words"] for h in found["marsalkka"]["hits"]] == [["kenttamarsalkka"], ["kenttamarsalkka"]]
    for query in ("marskalk", "marskalken"):
        assert [h["words"] for h in found[query]["hits"][:2]] == [["faltmarskalk"], ["faltmarskalken"]], query
    assert "kenraaliluutnantti" in found["kenraali"]["hits"][0]["words"]


def test_the_reader_may_choose_the_language_first_or_none(rank):
    assert rank("lipun", first="et")["lipun"]["hits"][0]["id"].startswith("et-")
    # no language first: the Estonian passages tagged flag, with their lipp, tie with the Swedish ones and come first,
    # in the corpus's order
    unranked = [h["id"] for h in rank("flaggan", first="none")["flaggan"]["hits"]]
    assert unranked[0].startswith("et-") and any(i.startswith("sv-") for i in unranked)


def test_a_word_no_text_knows_tells_no_language_and_finds_nothing(rank):
    found = rank("zzxq")["zzxq"]
    assert found == {"lang": None, "hits": []}
