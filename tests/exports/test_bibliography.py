"""Citations: every format names the release, reads back in a reference manager's parser, renders in a citation
processor (citeproc-py, pybtex's ``plain``) with the right author, year and titles, and keeps prose out of date and
place fields; and it agrees with CITATION.cff."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
import rispy
import yaml
from pybtex.database import parse_string

from wararchive import release
from wararchive.cli.main import main
from wararchive.corpus import load
from wararchive.corpus.bibliography import FORMATS, references, render
from wararchive.corpus.citation import cited_permalink, cited_text_url

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("ident", ["et-spionaaz:21", "et-sojamang-1935", "fi-japanilainen-sotapeli:22"])
def test_every_format_names_the_release_and_its_address(capsys, ident):
    url = cited_permalink(ident) if ":" in ident else cited_text_url(ident)
    assert f"/versions/{release.VERSION}/texts/" in url and "?" not in url
    for fmt in FORMATS:
        assert main(["cite", ident, "--format", fmt]) == 0
        out = capsys.readouterr().out
        assert release.VERSION in out and (release.DATE in out or release.DATE.replace("-", "/") in out), fmt
        assert url in out, fmt


def test_bibtex_and_ris_read_back_as_written():
    c = load()
    refs = references(c, "et-sojamang-1935", with_passages=True)
    assert len(refs) == 1 + len(c.text("et-sojamang-1935").passages)
    bib = parse_string(render(refs, "bibtex"), "bibtex")
    assert list(bib.entries) == [r.id for r in refs]
    entry = bib.entries["et-sojamang-1935:73"]
    assert entry.type == "incollection" and entry.fields["url"] == cited_permalink("et-sojamang-1935:73")
    assert entry.fields["year"] == release.DATE[:4] and entry.fields["booktitle"] == "{Sõjamäng (War Game)}"
    assert [str(p) for p in entry.persons["author"]] == ["{The wararchive project}"]
    bib = parse_string(render(refs, "biblatex"), "bibtex")
    entry = bib.entries["et-sojamang-1935:73"]
    assert entry.type == "inbook" and entry.fields["booktitle"] == "Sõjamäng (War Game)"
    assert (entry.fields["date"], entry.fields["version"], entry.fields["origdate"]) == (release.DATE, release.VERSION, "1935")
    assert entry.fields["origlocation"] == "Tallinn"  # certain: the text names Tallinn's gazetteer entry
    back = rispy.loads(render(refs, "ris"))
    assert [e["id"] for e in back] == [r.id for r in refs]
    assert back[0]["type_of_reference"] == "BOOK" and back[1]["type_of_reference"] == "CHAP"
    assert back[1]["urls"] == [refs[1].url] and back[1]["secondary_title"] == "Sõjamäng (War Game)"
    assert back[1]["authors"] == [release.AUTHOR] and "," not in release.AUTHOR  # no comma: RIS readers file an organisation


def test_bibtex_escapes_tex_specials_in_prose():
    from wararchive.corpus.bibliography import _tex

    assert _tex("50% & #1 {x} a_b \\ ~^") == r"50\% \& \#1 \{x\} a\_b \textbackslash{} \textasciitilde{}\textasciicircum{}"


def test_csl_json_is_a_list_of_items_with_the_release():
    items = json.loads(render(references(load(), "et-spionaaz:21"), "csl"))
    (item,) = items
    assert item["type"] == "chapter" and item["version"] == release.VERSION
    assert item["issued"]["date-parts"] == [[int(x) for x in release.DATE.split("-")]]
    assert item["container-title"].startswith("Spionaaž") and item["author"] == [{"literal": release.AUTHOR}]
    assert item["original-date"] == {"date-parts": [[2002], [2025]]}  # the dating bounds, as a range
    assert "undated web page" in item["note"] and "original-publisher-place" not in item  # the place is not certain


def _every_text_and_a_passage():
    c = load()
    return [ref for t in c.texts for ref in references(c, t)] + references(c, "et-spionaaz:21")


def test_csl_date_and_place_fields_hold_data_not_prose():
    c = load()
    for item in json.loads(render(_every_text_and_a_passage(), "csl")):
        t = c.text(item["id"].partition(":")[0])
        for field in ("issued", "original-date"):
            if field in item:
                assert set(item[field]) == {"date-parts"}, item["id"]
                assert all(isinstance(n, int) for parts in item[field]["date-parts"] for n in parts), item["id"]
        bounds = (t.when,) if t.when else (t.not_before, t.not_after)
        expected = [[int(x) for x in b.split("-")] for b in bounds] if all(bounds) else None
        assert item.get("original-date", {}).get("date-parts") == expected, item["id"]
        assert item.get("original-publisher-place") == (t.place if t.place_ref else None), item["id"]
        assert t.date in item["note"] and t.place in item["note"], item["id"]


def test_csl_renders_with_citeproc_naming_the_organisation_the_year_and_the_title():
    """citeproc-py with its bundled Harvard style and an APA-like test style that prints the original's date."""
    from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
    from citeproc.source.json import CiteProcJSON

    refs = _every_text_and_a_passage()
    items = json.loads(render(refs, "csl"))
    year = release.DATE[:4]
    for style in ("harvard-cite-them-right", str(DATA / "apa-like.csl")):
        bib = CitationStylesBibliography(CitationStylesStyle(style, validate=False), CiteProcJSON(items), formatter.plain)
        for item in items:
            bib.register(Citation([CitationItem(item["id"])]))
        entries = [str(entry) for entry in bib.bibliography()]
        assert len(entries) == len(refs)
        for ref in refs:
            (entry,) = [e for e in entries if re.search(re.escape(ref.url) + r"(?![#\w])", e)]
            assert ref.title in entry and (ref.container or "") in entry, entry
            assert entry.startswith((f"{release.AUTHOR} ({year})", f"{release.AUTHOR}. ({year})")), entry
            assert "Project, The" not in entry and "project, T" not in entry
    apa = CitationStylesBibliography(
        CitationStylesStyle(str(DATA / "apa-like.csl"), validate=False), CiteProcJSON(items), formatter.plain
    )
    for item in items:
        apa.register(Citation([CitationItem(item["id"])]))
    for entry in map(str, apa.bibliography()):
        assert f"(Version {release.VERSION})" in entry, entry
        original = entry.partition("(Original work published ")[2]
        assert original == "" or re.fullmatch(r"\d{4}(–\d{4})?\)", original), entry  # a year or a range, no prose
    assert any(e.endswith("(Original work published 2002–2025)") for e in map(str, apa.bibliography()))


def test_classic_bibtex_renders_with_pybtex_plain_keeping_the_book_title_year_and_release():
    from pybtex.backends.plaintext import Backend
    from pybtex.style.formatting.plain import Style

    refs = references(load(), "et-spionaaz", with_passages=True)[:2]
    bib = parse_string(render(refs, "bibtex"), "bibtex")
    out = {e.key: e.text.render(Backend()) for e in Style().format_entries(bib.entries.values())}
    passage = out["et-spionaaz:1"]
    assert passage.startswith(f"{release.AUTHOR}. ") and "In Spionaaž (Espionage)" in passage
    assert f", {release.DATE[:4]}." in passage and f"version {release.VERSION}" in passage
    assert out["et-spionaaz"].startswith(f"{release.AUTHOR}. Spionaaž (Espionage).")


def test_biblatex_gives_the_original_date_as_edtf():
    from wararchive.corpus.bibliography import edtf

    c = load()
    got = {t: edtf(references(c, t)[0]) for t in ("et-sojamang-1935", "et-spionaaz", "fi-japanilainen-sotapeli", "et-male")}
    assert got == {
        "et-sojamang-1935": "1935",
        "et-spionaaz": "2002/2025",
        "fi-japanilainen-sotapeli": "1905-09-05/",
        "et-male": None,
    }


def test_coins_are_a_book_and_book_sections_with_a_corporate_author_and_encoded_values():
    from dataclasses import replace
    from urllib.parse import parse_qs

    from wararchive.corpus.bibliography import coins

    text, passage = references(load(), "et-spionaaz", with_passages=True)[:2]
    kev = parse_qs(coins(text), strict_parsing=True)
    assert kev["rft_val_fmt"] == ["info:ofi/fmt:kev:mtx:book"] and kev["rft.genre"] == ["book"]
    assert kev["rft.btitle"] == [text.title] and "rft.atitle" not in kev
    assert kev["rft.aucorp"] == [release.AUTHOR] and kev["rft.date"] == [release.DATE] and kev["rft_id"] == [text.url]
    raw = coins(passage)
    assert "&rft.genre=bookitem&" in raw  # Zotero looks for this exact pair
    kev = parse_qs(raw)
    assert kev["rft.atitle"] == [passage.title] and kev["rft.btitle"] == [passage.container]
    hostile = coins(replace(passage, title="A & B = C + D <i>"))
    assert parse_qs(hostile)["rft.atitle"] == ["A & B = C + D <i>"] and " " not in hostile and "+" not in hostile


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


def test_a_passage_has_no_passages_to_add():
    """``references(..., with_passages=True)`` of a passage id is refused, not answered with the passage alone; the
    text id gives the text and every passage."""
    from wararchive.errors import WararchiveError

    corpus = load()
    with pytest.raises(WararchiveError, match="et-spionaaz:21 is one passage"):
        references(corpus, "et-spionaaz:21", with_passages=True)
    whole = references(corpus, "et-spionaaz", with_passages=True)
    assert len(whole) == 1 + len(corpus.text("et-spionaaz").passages)
