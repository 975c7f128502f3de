"""Release discipline: one version names one state of the data, and every place that states the version agrees."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest
import yaml

from wararchive import __version__, release, releases, releasing
from wararchive.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_data_is_what_the_current_release_recorded():
    """Fails when a corpus file or a ruleset changed without a new release, naming what and the command to run."""
    try:
        releasing.check(__version__)
    except releases.ReleaseError as exc:
        pytest.fail(str(exc), pytrace=False)


def test_every_place_that_states_the_version_agrees_with_the_latest_release():
    latest = releases.history()[-1]
    assert release.VERSION == __version__ == latest.version and latest.date == release.DATE
    assert tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"] == latest.version
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["version"] == latest.version and str(cff["date-released"]) == latest.date
    versions = [releases.version_key(r.version) for r in releases.history()]
    assert versions == sorted(set(versions)), "the history lists each version once, oldest first"


def test_a_changed_corpus_file_fails_the_check_naming_the_corpus_and_the_command(tmp_path):
    copy = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", copy)
    before = releasing.corpus_hash(copy)
    (copy / "README.md").write_text("documentation is not data\n", encoding="utf-8")
    assert releasing.corpus_hash(copy) == before
    concepts = copy / "concepts.yaml"
    concepts.write_bytes(concepts.read_bytes().replace(b"\n", b"\r\n"))  # a CRLF checkout: the same data
    assert releasing.corpus_hash(copy) == before
    concepts.write_text(concepts.read_text(encoding="utf-8") + "# a new comment\n", encoding="utf-8")
    after = releasing.corpus_hash(copy)
    assert after != before
    current = releasing.data_hashes() | {"corpus": after}
    with pytest.raises(releases.ReleaseError) as exc:
        releasing.check(__version__, current=current)
    message = str(exc.value)
    assert "the corpus data" in message and "rulesets" not in message.partition("changed since")[0]
    assert after[:12] in message and "wararchive release new" in message


def test_a_changed_ruleset_fails_the_check(monkeypatch):
    data = releasing.rulesets_data()
    monkeypatch.setattr(releasing, "rulesets_data", lambda: dict(reversed(list(data.items()))))
    assert releasing.rulesets_hash() == releases.history()[-1].rulesets_sha256  # canonical: order does not count
    changed = json.loads(json.dumps(data))
    changed["spionaaz"]["rules"][0]["summary"] += " (edited)"
    monkeypatch.setattr(releasing, "rulesets_data", lambda: changed)
    with pytest.raises(releases.ReleaseError, match="the rulesets' data"):
        releasing.check(__version__)


def _checkout(tmp_path: Path) -> Path:
    """The files a release writes, copied into a scratch checkout."""
    for name in ("wararchive/__init__.py", "wararchive/data/releases.json", "pyproject.toml", "CITATION.cff"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def test_recording_a_release_writes_the_version_everywhere_with_the_data_hashes(tmp_path):
    root = _checkout(tmp_path)
    written = releasing.record("0.10.0", "Notes\nrevised.", root, when="2027-01-02")
    assert {p.relative_to(root).as_posix() for p in written} == {
        "wararchive/data/releases.json", "wararchive/__init__.py", "pyproject.toml", "CITATION.cff"
    }  # fmt: skip
    new = releases.history(root / "wararchive/data/releases.json")[-1]
    assert (new.version, new.date, new.changes) == ("0.10.0", "2027-01-02", "Notes revised.")
    assert {"corpus": new.corpus_sha256, "rulesets": new.rulesets_sha256} == releasing.data_hashes()
    assert '__version__ = "0.10.0"' in (root / "wararchive/__init__.py").read_text(encoding="utf-8")
    assert tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"] == "0.10.0"
    cff = yaml.safe_load((root / "CITATION.cff").read_text(encoding="utf-8"))
    assert (cff["version"], str(cff["date-released"])) == ("0.10.0", "2027-01-02")
    assert releases.history(root / "wararchive/data/releases.json")[:-1] == releases.history()


@pytest.mark.parametrize(
    ("version", "when", "changes", "says"),
    [
        (release.VERSION, None, "x", "not later than"),
        ("0.2", None, "x", "not a version"),
        ("9.0.0", "26.11.2026", "x", "not a date"),
        ("9.0.0", None, "  ", "say what changed"),
        ("9.0.0", "1999-01-01", "x", f"date 1999-01-01 is before the last release's, {release.VERSION} of {release.DATE}"),
    ],
)
def test_a_release_that_cannot_be_recorded_writes_nothing(tmp_path, version, when, changes, says):
    root = _checkout(tmp_path)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    with pytest.raises(releases.ReleaseError, match=says):
        releasing.record(version, changes, root, when=when)
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_release_commands_list_and_check(capsys):
    assert main(["release", "check"]) == 0
    assert f"release {release.VERSION} ({release.DATE})" in capsys.readouterr().out
    assert main(["release", "list", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [r["version"] for r in listed] == [r.version for r in releases.history()]
    assert listed[-1]["corpus_sha256"] == releases.history()[-1].corpus_sha256


def test_release_new_writes_the_checkout_and_names_the_changelog_heading(tmp_path, monkeypatch, capsys):
    from wararchive import paths

    root = _checkout(tmp_path)
    (root / "docs").mkdir()
    (root / "docs" / "conf.py").write_text("", encoding="utf-8")  # what makes a folder a source checkout
    monkeypatch.setattr(paths, "CHECKOUT", root)
    assert main(["release", "new", "0.9.0", "--date", "2027-02-03", "--changes", "Rules revised."]) == 0
    out = capsys.readouterr().out
    assert "wrote pyproject.toml" in out and "## [0.9.0] - 2027-02-03" in out
    assert main(["release", "new", "0.9.0", "--changes", "again"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wararchive: error:") and "not later than the last release, 0.9.0" in err and err.count("\n") == 1
