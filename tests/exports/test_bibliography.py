"""Citations: every format names the release, reads back in a reference manager's parser, and agrees with CITATION.cff."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
import rispy
import yaml
from pybtex.database import parse_string

from wararchive import release
from wararchive.cli.main import main
from wararchive.corpus import load
from wararchive.corpus.bibliography import references, render
from wararchive.corpus.citation import permalink

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ident", ["et-spionaaz:21", "et-sojamang-1935", "fi-japanilainen-sotapeli:22"])
def test_every_format_names_the_release_and_the_permalink(capsys, ident):
    for fmt in ("text", "csl", "bibtex", "ris"):
        assert main(["cite", ident, "--format", fmt]) == 0
        out = capsys.readouterr().out
        assert release.VERSION in out and (release.DATE in out or release.DATE.replace("-", "/") in out), fmt
    if ":" in ident:
        assert permalink(ident) in out


def test_bibtex_and_ris_read_back_as_written():
    c = load()
    refs = references(c, "et-sojamang-1935", with_passages=True)
    assert len(refs) == 1 + len(c.text("et-sojamang-1935").passages)
    bib = parse_string(render(refs, "bibtex"), "bibtex")
    assert list(bib.entries) == [r.id for r in refs]
    entry = bib.entries["et-sojamang-1935:73"]
    assert entry.type == "inbook" and entry.fields["url"] == permalink("et-sojamang-1935:73")
    assert entry.fields["date"] == release.DATE and entry.fields["booktitle"] == "Sõjamäng (War Game)"
    back = rispy.loads(render(refs, "ris"))
    assert [e["id"] for e in back] == [r.id for r in refs]
    assert back[0]["type_of_reference"] == "BOOK" and back[1]["type_of_reference"] == "CHAP"
    assert back[1]["urls"] == [refs[1].url] and back[1]["secondary_title"] == "Sõjamäng (War Game)"


def test_bibtex_escapes_tex_specials_in_prose():
    from wararchive.corpus.bibliography import _tex

    assert _tex("50% & #1 {x} a_b \\ ~^") == r"50\% \& \#1 \{x\} a\_b \textbackslash{} \textasciitilde{}\textasciicircum{}"


def test_csl_json_is_a_list_of_items_with_the_release():
    items = json.loads(render(references(load(), "et-spionaaz:21"), "csl"))
    (item,) = items
    assert item["type"] == "chapter" and item["version"] == release.VERSION
    assert item["issued"]["date-parts"] == [[int(x) for x in release.DATE.split("-")]]
    assert item["container-title"].startswith("Spionaaž")


def test_citation_cff_and_pyproject_agree_with_the_release():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0" and cff["version"] == release.VERSION
    assert str(cff["date-released"]) == release.DATE
    assert tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"] == release.VERSION
    assert {"message", "title", "authors"} <= set(cff)


def test_unknown_id_is_one_line(capsys):
    assert main(["cite", "et-spionaaz:999"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wararchive: error:") and err.count("\n") == 1


def test_building_the_site_with_the_placeholder_address_warns(monkeypatch, capsys):
    from types import SimpleNamespace

    from wararchive.cli import site_cmds

    monkeypatch.setattr(site_cmds.subprocess, "run", lambda cmd: SimpleNamespace(returncode=0))  # no real build
    monkeypatch.delenv("WARARCHIVE_BASE_URL", raising=False)
    site_cmds.build_site()
    assert "placeholder https://wararchive.example/" in capsys.readouterr().err
    monkeypatch.setenv("WARARCHIVE_BASE_URL", "https://archive.example.org/wa")
    site_cmds.build_site()
    assert capsys.readouterr().err == ""


def test_a_line_break_in_a_value_cannot_forge_a_ris_tag():
    from dataclasses import replace

    from wararchive.corpus.bibliography import ris

    (ref,) = references(load(), "et-spionaaz:21")
    out = ris([replace(ref, title="Espionage\nER  - \nTY  - JOUR")])
    assert [e["title"] for e in rispy.loads(out)] == ["Espionage ER - TY - JOUR"]
