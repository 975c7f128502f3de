"""The SQLite export served by the installed Datasette, started as the how-to page tells its users to.

The server is the real ``datasette`` command (the how-to page's line for the
installed version, 0.x or 1.0) on a free port of 127.0.0.1, queried over HTTP
as a browser would: full-text search that finds what ``wararchive search``
finds, every example of the docs returning rows, the canned queries of the
configuration, and links from combat and citations to rules, pieces, options
and passages.
"""

from __future__ import annotations

import html
import json
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import yaml

datasette_version = pytest.importorskip("datasette.version").__version__
from datasette.utils import tilde_decode, tilde_encode  # noqa: E402 - only once Datasette is known to be there

from wararchive import corpus, engine  # noqa: E402
from wararchive.cli.main import build_parser, main  # noqa: E402
from wararchive.corpus.search import fold, parse_query  # noqa: E402
from wararchive.datasette_config import QUERY_EXAMPLES, config_path  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HOWTO = ROOT / "docs" / "howto" / "export-to-datasette.md"
SEARCH_EXAMPLES = (ROOT / "README.md", ROOT / "docs" / "guide" / "corpus.md", HOWTO)
LAYERS = ("diplomatic", "reading", "translation")
START_TIMEOUT = 60  # seconds for the server to answer; it starts in about two


def documented_command() -> list[str]:
    """The how-to page's ``datasette`` line for the installed version, its arguments split as a shell would."""
    wanted = "Datasette 0.x" if datasette_version.startswith("0.") else "Datasette 1.0"
    lines = [line for line in HOWTO.read_text(encoding="utf-8").splitlines() if line.startswith("$ datasette ")]
    (line,) = [line for line in lines if line.endswith(f"# {wanted}")]
    return shlex.split(line[2:], comments=True)


class Server:
    """A running ``datasette`` and the HTTP requests the tests make of it."""

    def __init__(self, directory: Path, argv: list[str]):
        self.directory = directory
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        command = [sys.executable, "-m", "datasette", "serve", *argv[1:], "-h", "127.0.0.1", "-p", str(self.port)]
        self.log = directory / "datasette.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, cwd=directory, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                self.get("/-/versions.json")
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    pytest.fail(f"datasette did not start: {' '.join(command)}\n{self.log.read_text()[-2000:]}")
                time.sleep(0.2)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}" + urllib.parse.quote(path, safe="/?&=+:%~,")

    def get(self, path: str) -> str:
        """The body of ``path``; anything but 200 fails the test, with the body's start."""
        try:
            with urllib.request.urlopen(self.url(path), timeout=30) as response:
                return response.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            pytest.fail(f"{path}: HTTP {exc.code}: {exc.read()[:300]!r}")

    def rows(self, path: str, **params: str) -> list[dict]:
        """Every row of a table or query page (``path`` as a browser has it), following Datasette's pages."""
        base, _, query = path.partition("?")
        pairs = [*urllib.parse.parse_qsl(query, keep_blank_values=True), *params.items(), ("_shape", "objects")]
        url = f"{base}.json?{urllib.parse.urlencode(pairs)}"
        rows: list[dict] = []
        while url:
            data = json.loads(self.get(url))
            rows += data["rows"]
            url = urllib.parse.urlsplit(data.get("next_url") or "")._replace(scheme="", netloc="").geturl()
        return rows


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    directory = tmp_path_factory.mktemp("datasette")
    assert main(["export", "sqlite", str(directory / "wararchive.sqlite")]) == 0
    server = Server(directory, documented_command())
    yield server
    server.stop()


def documented_searches() -> list[list[str]]:
    """Every ``wararchive search`` example of the README, the corpus guide and the how-to page, as arguments."""
    found: dict[tuple[str, ...], None] = {}  # in order, each once: the README and the guide share lines
    for page in SEARCH_EXAMPLES:
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.startswith("$ wararchive search "):
                found[tuple(shlex.split(line[2:], comments=True)[1:])] = None
    return [list(argv) for argv in found]


MORE_SEARCHES = (['"marssal ja spioon"'], ["SPIONAAŽ"], ["vakooja"], ["spy", "--layer", "translation"])
"""A phrase, capitals with a diacritic, Finnish, and the English layer, beside the documented examples."""
SEARCHES = [*documented_searches(), *(["search", *argv] for argv in MORE_SEARCHES)]


@pytest.mark.parametrize("argv", SEARCHES, ids=" ".join)
def test_search_finds_what_the_cli_finds(served, argv):
    args = build_parser().parse_args(argv)
    c = corpus.load()
    cli = {h.passage_id for h in c.search_hits(args.query, lang=args.lang, concept=args.concept, layer=args.layer)}
    params = {"_search": args.query} if args.query else {}
    params |= {"lang": args.lang} if args.lang else {}
    params |= {"concepts__arraycontains": args.concept} if args.concept else {}
    found = {r["passage_id"] for r in served.rows("/wararchive/passages", _col="passage_id", **params)}
    assert cli and cli <= found, sorted(cli - found)
    # and nothing else: each word is in one of the passage's three layers, folded as the command line folds it
    terms = parse_query(args.query)
    layers = {p.id: [fold(getattr(p, layer)) for layer in LAYERS] for p in c.iter_passages()}
    hold = {
        p.id
        for p in c.iter_passages()
        if all(any(t in text for text in layers[p.id]) for t in terms)
        and (not args.lang or p.lang == args.lang)
        and (not args.concept or args.concept in p.concepts)
    }
    assert found <= hold
    if args.query == fold(args.query):  # no capitals, no diacritics: the index finds exactly those
        assert found == hold


def test_every_example_of_the_howto_returns_rows(served):
    paths = re.findall(r"`(/wararchive/[^`]+)`", HOWTO.read_text(encoding="utf-8"))
    assert paths
    for path in paths:
        assert served.rows(path), path


def test_every_canned_query_of_the_configuration_returns_rows(served):
    written = yaml.safe_load(config_path(served.directory / "wararchive.sqlite").read_text(encoding="utf-8"))
    queries = written["databases"]["wararchive"]["queries"]
    assert set(queries) == set(QUERY_EXAMPLES)
    for name, params in QUERY_EXAMPLES.items():
        assert served.rows(f"/wararchive/{name}", **params), name
    # et-spionaaz:21 (the sapper beats the general only when attacking) is cited by the spionaaz ruleset
    rows = served.rows("/wararchive/rules_citing_passage", passage_id="et-spionaaz:21")
    assert {r["ruleset"] for r in rows} == {"spionaaz"} and all(r["summary"] for r in rows if r["kind"] == "rule")
    rows = served.rows("/wararchive/differences_and_rules")
    assert {r["kind"] for r in rows} <= {"minor", "substantive", "one-sided"}
    assert any(r["ruleset"] == "japanese-war-game" and r["kind"] == "substantive" for r in rows)


def links(html: str, table: str) -> set[str]:
    """The row pages of ``table`` that ``html`` links to, as their paths."""
    return set(re.findall(rf'href="(/wararchive/{table}/[^"?#]+)"', html))


def row_page(table: str, key: str) -> str:
    return f"/wararchive/{table}/{tilde_encode(key)}"


def test_combat_links_to_its_rule_whose_citations_link_to_the_passages(served):
    rs = engine.ruleset("spionaaz")
    rule_id = rs.combat_table.loc[("sapper", "general"), "rule"]
    rule = rs.rules.rules[rule_id]
    combat = served.get("/wararchive/combat?ruleset=spionaaz&attacker=sapper&defender=general")
    rule_page = row_page("rules", f"spionaaz:{rule_id}")
    assert rule_page in links(combat, "rules")
    assert {row_page("pieces", "spionaaz:sapper"), row_page("pieces", "spionaaz:general")} <= links(combat, "pieces")
    # the rule's page: its row, and a link to the citations naming it
    assert rule.summary in served.get(rule_page)
    assert re.search(rf'href="/wararchive/citations\?rule_key=spionaaz(:|%3A){re.escape(rule_id)}"', served.get(rule_page))
    cited = served.get(f"/wararchive/citations?rule_key=spionaaz:{rule_id}")
    passages = links(cited, "passages")
    assert passages == {row_page("passages", pid) for pid in rule.cites}
    for page in passages:  # each link leads to its passage
        pid = tilde_decode(page.rsplit("/", 1)[1])
        assert served.rows(page)[0]["reading"] == corpus.load().passage(pid).reading


@pytest.mark.parametrize(("kind", "table"), [("rule", "rules"), ("piece", "pieces"), ("option", "options")])
def test_citations_link_to_the_passage_and_the_item(served, kind, table):
    ruleset, item, pid = next(
        (rid, name, cites[0]) for rid in engine.rulesets() for name, cites in citing_items(engine.ruleset(rid), kind) if cites
    )
    html = served.get(f"/wararchive/citations?ruleset={ruleset}&kind={kind}&item={item}&passage_id={pid}")
    assert links(html, "passages") == {row_page("passages", pid)}
    assert links(html, table) == {row_page(table, f"{ruleset}:{item}")}
    assert served.rows(row_page(table, f"{ruleset}:{item}"))  # the link leads to the row


def citing_items(rs, kind: str) -> list[tuple[str, tuple[str, ...]]]:
    if kind == "rule":
        return [(r.id, tuple(r.cites)) for r in rs.rules]
    if kind == "piece":
        return [(p.id, tuple(p.cites)) for p in rs.piece_types]
    return [(o.name, tuple(o.cites)) for o in rs.declared.values()]


def test_title_and_licence_are_served(served):
    from wararchive import release

    home = html.unescape(served.get("/"))
    assert release.TITLE in home and release.DATA_LICENSE in home and release.DATA_LICENSE_URL in home
