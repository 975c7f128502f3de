"""The release pages and the citation metadata of the edition pages, checked on the generated files (no site build).

A citation's address names its release (``versions/0.2.0/texts/…#id``): every recorded release's address of
every passage must lead to a page with that anchor, the current one forwarding to the text, an earlier one
saying what changed since. The built site's own test resolves the same addresses (tests/site/test_site.py).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs

from wararchive import release, releases
from wararchive.corpus import load
from wararchive.corpus.bibliography import coins, references
from wararchive.corpus.citation import cited_permalink, cited_text_url
from wararchive.site.citations import coins_span, head_meta
from wararchive.site.html import visit_element_html
from wararchive.site.versions import write_pages

BASE = "https://archive.example.org/wa/"


def _resolve(out: Path, url: str) -> str:
    path, _, anchor = url.removeprefix(BASE).partition("#")
    page = (out / path).read_text(encoding="utf-8")
    assert f'id="{anchor}"' in page, url
    return page


def test_every_release_address_of_every_passage_resolves(tmp_path):
    c = load()
    write_pages(c, tmp_path)
    history = releases.history()
    assert [r.version for r in history][:2] == ["0.1.0", "0.2.0"]
    for rec in history:
        for t in c.texts.values():
            for p in t.passages:
                page = _resolve(tmp_path, cited_permalink(p.id, BASE, rec.version))
                assert f'href="../../../texts/{t.text_id}.html#{p.id}"' in page
    assert (tmp_path / "versions" / "index.html").is_file()
    assert all((tmp_path / "versions" / r.version / "index.html").is_file() for r in history)


def test_the_current_release_forwards_and_an_earlier_one_says_what_changed(tmp_path):
    write_pages(load(), tmp_path)
    current = tmp_path / "versions" / release.VERSION / "texts" / "et-spionaaz.html"
    text = current.read_text(encoding="utf-8")
    assert 'location.replace("../../../texts/et-spionaaz.html" + location.hash)' in text
    assert (current.parent / "../../../texts/et-spionaaz.html").resolve() == (tmp_path / "texts" / "et-spionaaz.html")
    earlier = (tmp_path / "versions" / "0.1.0" / "texts" / "et-spionaaz.html").read_text(encoding="utf-8")
    assert "location.replace" not in earlier and f"now at version {release.VERSION}" in earlier
    latest = releases.history()[-1]
    assert latest.changes.replace("'", "&#x27;") in earlier and latest.corpus_sha256 not in earlier
    assert latest.corpus_sha256 in text  # the hashes shown are the cited release's own


def test_release_pages_escape_every_corpus_and_history_string(tmp_path):
    c = load()
    t = c.text("et-spionaaz")
    hostile = replace(
        t,
        title="<script>alert(1)</script>",
        passages=(replace(t.passages[0], label='"><img src=x onerror=alert(2)>'),),
    )
    history = (
        releases.Release("1.0.0", "2027-01-01", None, None, "<b>first</b>"),
        releases.Release("1.1.0", "2027-02-01", "a" * 64, "b" * 64, 'changed "notes" & <i>tags</i>'),
    )
    write_pages(SimpleNamespace(texts={t.text_id: hostile}), tmp_path, history)
    pages = [p.read_text(encoding="utf-8") for p in (tmp_path / "versions").rglob("*.html")]
    joined = "\n".join(pages)
    for raw in ("<script>alert", "<img src=x", "<b>first", "<i>tags"):
        assert raw not in joined, raw
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in joined and "&quot;&gt;&lt;img src=x" in joined


def test_edition_page_meta_describe_the_text_as_a_book_with_the_project_as_organisation():
    t = load().text("et-sojamang-1935")
    meta = head_meta(t)
    assert "citation_author" not in meta and "citation_book_title" not in meta  # Highwire names only persons
    assert meta["citation_title"] == meta["DC.title"] == f"{t.title} ({t.title_en})"
    assert meta["DC.creator"] == release.AUTHOR and meta["DC.publisher"] == meta["citation_publisher"] == release.PUBLISHER
    assert (meta["DC.type"], meta["DC.date"], meta["DC.language"]) == ("book", release.DATE, t.lang)
    assert meta["DC.identifier"] == meta["citation_public_url"] == cited_text_url(t.text_id)
    assert meta["DC.rights"] == release.RIGHTS


def test_a_coins_span_holds_the_context_object_html_escaped():
    (ref,) = references(load(), "et-spionaaz:21")
    node = coins_span(ref)
    writer = SimpleNamespace(body=[])
    visit_element_html(writer, node)
    (tag,) = writer.body
    assert tag.startswith('<span class="Z3988" title="ctx_ver=Z39.88-2004&amp;rft_val_fmt=') and "&rft" not in tag
    title = tag.partition('title="')[2].rpartition('"')[0].replace("&amp;", "&")
    assert title == coins(ref) and parse_qs(title)["rft.genre"] == ["bookitem"]
