"""A broken plugin is reported once, naming it and its package, and everything else keeps working.

Each plugin is a package written under a temporary directory beside a
``.dist-info`` declaring its entry points, as ``tests/package/test_plugin.py`` does,
and each command runs in a subprocess with that directory on ``PYTHONPATH``:
the registries are read once per process, as a user's command reads them.
Every check asserts the exit status and the exact lines on stderr (so a
traceback, an internal error or a second line fails it).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml
from test_plugin import build_plugin, run

from wararchive.plugins import ID_RULE, id_problem

BUILT_INS = ("chess", "finnish-front", "japanese-war-game", "sojamang-1935", "spionaaz")


def install(site: Path, dist: str, entry_points: str, modules: dict[str, str]) -> Path:
    """Write package ``dist`` 1.0 under ``site``: its modules (dotted name → source) and its entry points."""
    for name, source in modules.items():
        path = site.joinpath(*name.split(".")).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    info = site / f"{dist.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    return site


def cli(site: Path, *args: str) -> subprocess.CompletedProcess:
    return run(site, f"import sys; from wararchive.cli.main import main; sys.exit(main({list(args)!r}))")


def ruleset_plugin(site: Path, name: str, body: str, dist: str = "broken-rules") -> Path:
    return install(site, dist, f"[wararchive.rulesets]\n{name} = broken_rules\n", {"broken_rules": body})


def assert_listed(proc: subprocess.CompletedProcess, warning: str) -> None:
    """``wararchive rulesets`` worked, listed every built-in, and said ``warning`` alone on stderr."""
    assert proc.returncode == 0, proc.stderr
    assert all(re.search(rf"^{rid}\s", proc.stdout, re.M) for rid in BUILT_INS), proc.stdout
    assert proc.stderr.splitlines() == [f"wararchive: warning: {warning}"]


BROKEN = [  # (the module's source, why the plugin is skipped)
    ("import no_such_module\n", "importing broken_rules raised ModuleNotFoundError: No module named 'no_such_module'"),
    (
        "def build(options):\n    raise ValueError('the board is\\nnot square')\n",
        "build() raised ValueError: the board is not square",
    ),
    ("def build(options):\n    return None\n", "build() returned NoneType, not a Ruleset"),
    ("TITLE = 'no build here'\n", "build() raised AttributeError: module 'broken_rules' has no attribute 'build'"),
]


@pytest.mark.parametrize("body,reason", BROKEN, ids=["import", "raises", "returns-none", "no-build"])
def test_a_broken_ruleset_plugin_is_skipped_and_named_once(tmp_path, body, reason):
    site = ruleset_plugin(tmp_path, "broken", body)
    plugin = "plugin 'broken' in wararchive.rulesets (package broken-rules 1.0)"
    assert_listed(cli(site, "rulesets"), f"{plugin} skipped: {reason}")
    asked = cli(site, "rules", "broken")
    assert asked.returncode == 2 and asked.stderr.splitlines() == [f"wararchive: error: {plugin}: {reason}"]
    built_in = cli(site, "rules", "spionaaz")
    assert built_in.returncode == 0 and built_in.stderr == "" and "Spionaaž (spionaaz)" in built_in.stdout


def test_the_warning_is_printed_once_per_process(tmp_path):
    site = ruleset_plugin(tmp_path, "broken", BROKEN[1][0])
    proc = run(site, "from wararchive import engine\nfor _ in range(3):\n    ids = engine.rulesets()\nprint(ids)")
    assert proc.returncode == 0 and proc.stdout.strip() == str(list(BUILT_INS))
    assert len(proc.stderr.splitlines()) == 1 and "build() raised ValueError" in proc.stderr


def test_exports_and_texts_work_beside_a_broken_plugin(tmp_path):
    site = ruleset_plugin(tmp_path / "site", "broken", BROKEN[1][0])
    texts = cli(site, "texts")
    assert texts.returncode == 0 and texts.stderr == "" and "et-spionaaz" in texts.stdout  # the corpus needs no ruleset
    export = cli(site, "export", "json", str(tmp_path / "out"))
    assert export.returncode == 0 and len(export.stderr.splitlines()) == 1 and "'broken'" in export.stderr, export.stderr
    rulesets = {r["ruleset"] for r in yaml.safe_load((tmp_path / "out" / "rulesets.json").read_text(encoding="utf-8"))}
    assert rulesets == set(BUILT_INS)


def test_a_plugin_may_not_take_a_built_in_id(tmp_path):
    """The built-in keeps ``spionaaz``; the plugin is refused, whenever the id is used, naming both packages."""
    site = ruleset_plugin(tmp_path, "spionaaz", "def build(options):\n    raise AssertionError('never built')\n", "evil-rules")
    warning = (
        "plugin 'spionaaz' in wararchive.rulesets (package evil-rules 1.0) skipped: "
        "id 'spionaaz' is already registered by package wararchive "  # and its version
    )
    listed = cli(site, "rulesets")
    assert listed.returncode == 0 and listed.stdout.count("\nspionaaz ") == 1
    used = cli(site, "rules", "spionaaz")
    assert used.returncode == 0 and "Spionaaž (spionaaz)" in used.stdout
    for proc in (listed, used):
        assert len(proc.stderr.splitlines()) == 1 and proc.stderr.startswith(f"wararchive: warning: {warning}"), proc.stderr


def test_of_two_plugins_with_one_id_the_first_package_by_name_keeps_it(tmp_path):
    site = build_plugin(tmp_path)  # package tasku-spionaaz registers ruleset tasku-spionaaz
    install(
        site,
        "zz-rules",
        "[wararchive.rulesets]\ntasku-spionaaz = zz_rules\n",
        {"zz_rules": "def build(o):\n    raise ValueError\n"},
    )
    proc = cli(site, "rules", "tasku-spionaaz")
    assert proc.returncode == 0 and "Tasku-Spionaaž (tasku-spionaaz)" in proc.stdout
    assert proc.stderr.splitlines() == [
        "wararchive: warning: plugin 'tasku-spionaaz' in wararchive.rulesets (package zz-rules 1.0) skipped: "
        "id 'tasku-spionaaz' is already registered by package tasku-spionaaz 0.1"
    ]


BAD_IDS = ["a<b", "a>b", "games/x", "two words", "ünï", "Upper", "-dash", "x" * 65]
INSTALLED = {"a<b", "-dash"}
"""The bad ids also installed as a plugin and asked for on the command line (a process each); the rest under slow."""


@pytest.mark.parametrize("name", BAD_IDS)
def test_the_id_rule_refuses_every_bad_id(name):
    assert id_problem(name, "id") == f"id {name!r} is not a valid id ({ID_RULE})"


@pytest.mark.parametrize("name", [n if n in INSTALLED else pytest.param(n, marks=pytest.mark.slow) for n in BAD_IDS])
def test_a_ruleset_id_outside_the_character_set_is_refused(tmp_path, name):
    site = ruleset_plugin(tmp_path, name, "def build(options):\n    raise AssertionError('never built')\n")
    plugin = f"plugin {name!r} in wararchive.rulesets (package broken-rules 1.0)"
    reason = f"id {name!r} is not a valid id ({ID_RULE})"
    assert_listed(cli(site, "rulesets"), f"{plugin} skipped: {reason}")
    asked = cli(site, "rules", "--", name)  # "--": "-dash" is an argument, not an option
    assert asked.returncode == 2 and asked.stderr.splitlines() == [f"wararchive: error: {plugin}: {reason}"]


def test_a_rule_id_outside_the_character_set_is_refused(tmp_path):
    site = build_plugin(tmp_path)
    module = site / "tasku_spionaaz" / "__init__.py"
    module.write_text(module.read_text(encoding="utf-8").replace('"tsp.board"', '"tsp.<board>"'), encoding="utf-8")
    proc = cli(site, "rules", "tasku-spionaaz")
    assert proc.returncode == 2 and proc.stderr.splitlines() == [
        "wararchive: error: plugin 'tasku-spionaaz' in wararchive.rulesets (package tasku-spionaaz 0.1): "
        f"ruleset tasku-spionaaz: rule id 'tsp.<board>' is not a valid id ({ID_RULE})"
    ]


PLAYERS = [  # (entry name, its value, why it is skipped)
    (
        "random",
        "wararchive.players.baseline:GreedyPlayer",
        "id 'random' is already one of wararchive's own players (package wararchive)",
    ),
    ("a/b", "wararchive.players.baseline:GreedyPlayer", f"id 'a/b' is not a valid id ({ID_RULE})"),
    (
        "gone",
        "no_such_module:Player",
        "importing no_such_module:Player raised ModuleNotFoundError: No module named 'no_such_module'",
    ),
    ("not-a-player", "os:path", "os:path is not a subclass of wararchive.players.Player"),
]


@pytest.mark.parametrize("name,value,reason", PLAYERS, ids=["taken", "bad-id", "import", "not-a-player"])
def test_a_broken_player_plugin_is_skipped_and_named(tmp_path, name, value, reason):
    site = install(tmp_path, "odd-players", f"[wararchive.players]\n{name} = {value}\n", {})
    proc = run(
        site,
        f"""
        from wararchive.players import make_player, players
        assert players()["random"].__name__ == "RandomPlayer" and {name!r} not in set(players()) - {{"random"}}
        make_player("greedy", 1)
        try:
            make_player({name!r}, 1)
        except Exception as exc:
            print(type(exc).__name__, exc)
        """,
    )
    plugin = f"plugin {name!r} in wararchive.players (package odd-players 1.0)"
    assert proc.returncode == 0 and proc.stderr.splitlines() == [f"wararchive: warning: {plugin} skipped: {reason}"], proc.stderr
    if name != "random":  # asked for by name, the skipped plugin is an error naming it
        assert proc.stdout.strip() == f"PluginError {plugin}: {reason}"


def test_a_bad_concept_id_in_a_plugin_corpus_is_refused_before_the_tei_export(tmp_path):
    """The plugin's corpus is skipped, naming file, line and field; the archive exports to TEI without it."""
    site = build_plugin(tmp_path / "site")
    corpus = site / "tasku_spionaaz" / "corpus"
    concept = "- label: bold\n  description: An id no xml:id can hold.\n  names: {en: [bold]}\n  id: <b>\n"
    (corpus / "concepts.yaml").write_text(concept, encoding="utf-8")
    warning = (
        "wararchive: warning: plugin 'tasku' in wararchive.corpora (package tasku-spionaaz 0.1) skipped: "
        f"corpus/concepts.yaml:4: [0].id: concept id '<b>' is not a valid id ({ID_RULE})"
    )
    texts = cli(site, "texts")
    assert texts.returncode == 0 and "et-spionaaz" in texts.stdout and "et-tasku-spionaaz" not in texts.stdout
    assert texts.stderr.splitlines() == [warning]
    tei = cli(site, "export", "tei", str(tmp_path / "tei"))
    assert tei.returncode == 0 and tei.stderr.splitlines()[0] == warning, tei.stderr
    assert (tmp_path / "tei" / "et-spionaaz.xml").exists() and not list((tmp_path / "tei").glob("*tasku*"))
