"""An outside package adds a text and a ruleset: they join the archive, pass the conformance kit, and bad citations are refused.

The plugin is built in a temporary directory as an installed distribution
would leave it on ``sys.path``: a package (its ruleset module, and its
corpus directory with the corpus layout) beside a ``.dist-info`` whose
``entry_points.txt`` declares a ``wararchive.rulesets`` and a
``wararchive.corpora`` entry. Each check runs in a subprocess with that
directory on ``PYTHONPATH``, so the entry points are found as pip would
install them and no cache of this process learns of the plugin. Its text
and its rulebook are a fixture written for this test (a pocket Spionaaž
on 5 × 5 squares), not a historical source.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

SOURCE = (
    "Tasku-Spionaaž\n"
    "Mängulaud on 5 korda 5 ruutu; kumbki pool paigutab oma nupud salaja kahele esimesele reale.\n"
    "Igal poolel on peakorter, kindral, viis sõdurit ja spioon. Nupp liigub ühe sammu võrra.\n"
    "Tugevam nupp võidab; spioon võidab kindralit, kui ründab.\n"
    "Kes vallutab vastase peakorteri, võidab.\n"
)
PASSAGES = [  # (category, normative, concepts, English)
    ("title", False, [], "Pocket Espionage"),
    ("setup", True, ["board"], "The board is 5 by 5 squares; each side places its pieces in secret on its first two rows."),
    ("components", True, ["spy"], "Each side has a headquarters, a general, five soldiers and a spy. A piece moves one step."),
    ("combat", True, ["spy"], "The stronger piece wins; the spy beats the general when it attacks."),
    ("victory", True, [], "Whoever takes the enemy's headquarters wins."),
]

RULESET = '''
"""A pocket Spionaaž on 5 × 5 squares: a plugin's ruleset, built from wararchive.engine alone."""

from wararchive.engine import (
    ATTACKER_WINS, PLY_LIMIT_RULE, BoardGame, CombatTable, Option, PieceType, Rule, RuleBook, Ruleset, exception, grid,
    ply_limit_option, resolve_options,
)

TEXT = "et-tasku-spionaaz"
CITE = {cite!r}
OPTIONS = {{"ply_limit": ply_limit_option(300)}}
RULES = [
    Rule(id="tsp.board", summary="5 × 5 squares, two home rows a side, set up in secret.", cites=(f"{{TEXT}}:2",), topic="setup"),
    Rule(id="tsp.step", summary="A piece moves one step.", cites=(f"{{TEXT}}:3",), topic="movement"),
    Rule(id="tsp.stronger", summary="The stronger piece wins.", cites=(f"{{TEXT}}:4",), topic="combat"),
    Rule(
        id="tsp.tie", summary="Equal pieces both fall.", cites=CITE, certainty="conjecture",
        reason="The text does not say; both falling is the plugin author's guess.", topic="combat",
    ),
    Rule(id="tsp.spy", summary="The spy beats the general when it attacks.", cites=(f"{{TEXT}}:4",), topic="combat"),
    Rule(id="tsp.hq", summary="Taking the enemy headquarters wins.", cites=(f"{{TEXT}}:5",), topic="victory"),
    Rule(
        id="tsp.no-move", summary="A side that cannot move loses.", cites=(), certainty="conjecture",
        reason="The text does not say; the plugin author's choice.", topic="victory",
    ),
    PLY_LIMIT_RULE,
]


def _piece(pid, name, count, strength, movement="step"):
    return PieceType(
        id=pid, name=name, name_en=pid, count=count, rank=None, strength=strength, movement=movement,
        cites=(f"{{TEXT}}:3",), move_rule="tsp.step" if movement == "step" else "",
    )


def build(given):
    options = resolve_options(OPTIONS, given, "tasku-spionaaz")
    book = RuleBook()
    book.add(*RULES)
    pieces = (
        _piece("headquarters", "peakorter", 1, 0, "immobile"),
        _piece("general", "kindral", 1, 3),
        _piece("soldier", "sõdur", 5, 2),
        _piece("spy", "spioon", 1, 1),
    )
    combat = CombatTable(
        higher_rule="tsp.stronger", tie_outcome="both_removed", tie_rule="tsp.tie",
        exceptions=(exception("spy", "general", ATTACKER_WINS, "tsp.spy"),),
    )
    return Ruleset(
        id="tasku-spionaaz", title="Tasku-Spionaaž", texts=(TEXT,), summary="A pocket Spionaaž (a test plugin).",
        sides=("south", "north"), options=options, declared=OPTIONS, rules=book, piece_types=pieces,
        new_game_fn=BoardGame, board=grid(5, 5, 2, description="5 × 5 squares"), combat_rules=combat,
        responsible="the Tasku-Spionaaž plugin's author",
        params={{
            "combat_mode": "displace", "reveal_on_combat": False,
            "capture_wins": {{"headquarters": "tsp.hq"}}, "no_moves_rule": "tsp.no-move",
        }},
    )
'''


def build_plugin(site: Path, cite: tuple[str, ...] = ()) -> Path:
    """Write the plugin under ``site`` (a directory for ``sys.path``); ``cite`` is what rule ``tsp.tie`` cites."""
    package = site / "tasku_spionaaz"
    corpus = package / "corpus"
    (corpus / "sources").mkdir(parents=True)
    (corpus / "texts").mkdir()
    (package / "__init__.py").write_text(RULESET.format(cite=cite), encoding="utf-8")
    (corpus / "__init__.py").write_text('"""The plugin\'s texts, in the corpus layout."""\n', encoding="utf-8")
    data = SOURCE.encode()
    (corpus / "sources" / "tasku.txt").write_bytes(data)
    sources = [{"file": "tasku.txt", "sha256": hashlib.sha256(data).hexdigest(), "description": "A test plugin's text."}]
    (corpus / "sources.yaml").write_text(yaml.safe_dump(sources), encoding="utf-8")
    lines, start, passages = SOURCE.splitlines(keepends=True), 0, []
    for n, (line, (category, normative, concepts, english)) in enumerate(zip(lines, PASSAGES, strict=True), 1):
        end = start + len(line.rstrip("\n"))
        passages.append(
            {
                "id": f"et-tasku-spionaaz:{n}",
                "start": start,
                "end": end,
                "category": category,
                "concepts": concepts,
                "normative": normative,
                "translation": english,
            }
        )
        start += len(line)
    text = {
        "text_id": "et-tasku-spionaaz",
        "source": "tasku.txt",
        "span": {"start": 0, "end": len(SOURCE)},
        "lang": "et",
        "title": "Tasku-Spionaaž",
        "title_en": "Pocket Espionage",
        "date": "2026",
        "date_certainty": "written for wararchive's plugin test",
        "place": "nowhere",
        "source_kind": "fragment",
        "description": "A test fixture: a plugin's text.",
        "quality": "Written for the test.",
        "line_breaks": "keep",
        "passages": passages,
    }
    (corpus / "texts" / "et-tasku-spionaaz.yaml").write_text(yaml.safe_dump(text, allow_unicode=True), encoding="utf-8")
    dist = site / "tasku_spionaaz-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tasku-spionaaz\nVersion: 0.1\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(
        "[wararchive.rulesets]\ntasku-spionaaz = tasku_spionaaz\n\n[wararchive.corpora]\ntasku = tasku_spionaaz.corpus\n",
        encoding="utf-8",
    )
    return site


def run(site: Path, code: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}
    env.pop("WARARCHIVE_CORPUS", None)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env, check=False)


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    return build_plugin(tmp_path_factory.mktemp("plugin"))


def test_the_plugins_text_and_ruleset_join_the_archive(plugin):
    proc = run(
        plugin,
        """
        from wararchive import corpus, engine
        c = corpus.load()
        assert c.passage("et-tasku-spionaaz:4").concepts == ("spy",), c.passage("et-tasku-spionaaz:4")
        assert "et-spionaaz" in c.texts and "et-tasku-spionaaz" in c.texts
        assert "tasku-spionaaz" in engine.rulesets() and "spionaaz" in engine.rulesets()
        print(engine.ruleset("tasku-spionaaz").responsible)
        """,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "the Tasku-Spionaaž plugin's author"


def test_the_cli_names_who_is_responsible_for_the_plugin(plugin):
    proc = run(plugin, "import sys; from wararchive.cli.main import main; sys.exit(main(['rules', 'tasku-spionaaz']))")
    assert proc.returncode == 0, proc.stderr
    assert "Responsible for its inferences, conjectures and readings: the Tasku-Spionaaž plugin's author" in proc.stdout
    assert "no passage: the Tasku-Spionaaž plugin's author's own" in proc.stdout
    assert "the project's own" not in proc.stdout


@pytest.mark.kernel  # plays on the compiled kernel: run after its first compile (tests/kernel_warmup.py)
def test_the_conformance_kit_runs_on_the_plugin(plugin):
    """The same checks the project's suite runs over its own rulesets (OpenSpiel's too, when it is installed)."""
    proc = run(plugin, "from wararchive.testing import check_ruleset; check_ruleset('tasku-spionaaz'); print('conforms')")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "conforms"


def test_the_kit_fails_a_plugin_that_breaks_a_rule_of_the_archive(plugin):
    """The kit can fail: a normative passage neither implemented nor listed is named."""
    proc = run(
        plugin,
        """
        from wararchive.engine import registry
        from wararchive.testing import check_traceability
        rs = registry.ruleset("tasku-spionaaz")
        rs.rules.rules.pop("tsp.hq")  # the only rule citing passage 5 (rulesets are cached: this one is checked)
        check_traceability("tasku-spionaaz")
        """,
    )
    assert proc.returncode != 0 and "normative passages neither implemented nor listed: ['et-tasku-spionaaz:5']" in proc.stderr


def test_a_citation_of_a_missing_passage_is_refused_in_one_line(tmp_path):
    site = build_plugin(tmp_path, cite=("et-spionaaz:999",))
    proc = run(site, "import sys; from wararchive.cli.main import main; sys.exit(main(['rules', 'tasku-spionaaz']))")
    assert proc.returncode == 2 and proc.stderr.strip().splitlines() == [
        "wararchive: error: plugin 'tasku-spionaaz' in wararchive.rulesets (package tasku-spionaaz 0.1): "
        "ruleset tasku-spionaaz: rule tsp.tie cites passage et-spionaaz:999, which is not in the corpus"
    ]


def test_a_broken_corpora_entry_point_is_skipped_and_named_in_one_line(tmp_path):
    """The archive's texts are listed; the plugin's corpus is skipped with one warning naming it and its package."""
    site = build_plugin(tmp_path)
    entry = site / "tasku_spionaaz-0.1.dist-info" / "entry_points.txt"
    entry.write_text(entry.read_text().replace("tasku_spionaaz.corpus", "tasku_spionaaz.no_such_corpus"), encoding="utf-8")
    proc = run(site, "import sys; from wararchive.cli.main import main; sys.exit(main(['texts']))")
    assert proc.returncode == 0 and "et-spionaaz" in proc.stdout
    assert proc.stderr.strip().splitlines() == [
        "wararchive: warning: plugin 'tasku' in wararchive.corpora (package tasku-spionaaz 0.1) skipped: importing "
        "tasku_spionaaz.no_such_corpus raised ModuleNotFoundError: No module named 'tasku_spionaaz.no_such_corpus'"
    ]


def test_a_contributed_text_may_not_take_an_archive_id(tmp_path):
    site = build_plugin(tmp_path)
    texts = site / "tasku_spionaaz" / "corpus" / "texts"
    record = yaml.safe_load((texts / "et-tasku-spionaaz.yaml").read_text(encoding="utf-8"))
    record["text_id"] = "et-spionaaz"
    record["passages"] = [{**p, "id": p["id"].replace("et-tasku-spionaaz", "et-spionaaz")} for p in record["passages"]]
    (texts / "et-tasku-spionaaz.yaml").unlink()
    (texts / "et-spionaaz.yaml").write_text(yaml.safe_dump(record, allow_unicode=True), encoding="utf-8")
    proc = run(site, "import sys; from wararchive.cli.main import main; sys.exit(main(['texts']))")
    assert proc.returncode == 0 and proc.stdout.count("et-spionaaz ") == 1, proc.stdout  # the archive's text, not replaced
    assert proc.stderr.strip().splitlines() == [
        "wararchive: warning: plugin 'tasku' in wararchive.corpora (package tasku-spionaaz 0.1) skipped: corpus/texts/"
        "et-spionaaz.yaml: text_id: text 'et-spionaaz' is already in the archive (from package wararchive)"
    ]
