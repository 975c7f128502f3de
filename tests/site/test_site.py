"""The published site: it builds strictly, escapes and marks languages, searches the originals,
and its pages and replay viewer work in a real browser.

The site is built once per session into a temporary directory (the
simulation cache is shared with the README's build, so a warm rebuild takes
seconds; the fixtures are in ``conftest.py``). The browser tests drive Debian's chromium through
Playwright; they skip when chromium is absent, except under CI (``CI=true``), where they must run.
The replay viewer's tests that play the games again are in ``test_site_replays.py``.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote

import pytest
from sphinx.cmd.build import build_main

from wararchive import corpus, engine, release, releases
from wararchive.corpus.citation import base_url as engine_base_url, cited_permalink, permalink
from wararchive.site.study_figures import SMALLEST
from wararchive.study.design import options_studied


def page(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def test_every_text_has_an_edition_with_every_passage_anchored(site):
    c = corpus.load()
    for t in c.texts.values():
        text = page(site, f"texts/{t.text_id}.html")
        for p in t.passages:
            assert f'id="{p.id}"' in text, p.id
        assert f'lang="{t.lang}"' in text and 'lang="en"' in text
        assert "Cite this text" in text


def test_the_site_command_keeps_doctrees_out_of_the_published_html(monkeypatch, tmp_path):
    from wararchive.cli import site_cmds

    ran = []
    monkeypatch.setattr(site_cmds.subprocess, "run", lambda cmd: ran.append(cmd) or subprocess.CompletedProcess(cmd, 0))
    out = site_cmds.build_site()
    doctrees = Path(ran[0][ran[0].index("-d") + 1])
    assert out not in doctrees.parents and doctrees != out


def resolve(site: Path, url: str) -> Path:
    """The built file an address of the published site names (its anchor, if any, must be on the page)."""
    base = engine_base_url()
    assert url.startswith(base), url
    path, _, anchor = url.removeprefix(base).partition("#")
    found = site / unquote(path)
    found = found / "index.html" if found.is_dir() else found
    assert found.is_file(), f"{url}: no such file in the built site"
    assert not anchor or f'id="{anchor}"' in found.read_text(encoding="utf-8"), f"{url}: no such anchor"
    return found


def test_every_identifier_the_archive_emits_resolves_on_the_built_site(site):
    """Annotation ids, their targets' source files and passages, every passage's permalink: each a file the site serves."""
    collection = json.loads(page(site, "downloads/annotations.jsonld"))
    assert resolve(site, collection["id"].partition("#")[0]).name == "annotations.jsonld"
    items = collection["first"]["items"]
    for a in items:
        assert json.loads(resolve(site, a["id"]).read_text(encoding="utf-8"))["id"] == a["id"]
        source = resolve(site, a["target"]["source"]["id"]).read_text(encoding="utf-8")
        position, quote = a["target"]["selector"]
        assert source[position["start"] : position["end"]] == quote["exact"], a["id"]
        resolve(site, a["target"]["passage"])
    # every citation of every ruleset (rules, pieces, options) and every correction is annotated
    c = corpus.load()
    citations = sum(len(cites) for rid in engine.rulesets() for *_, cites in engine.ruleset(rid).citations())
    assert len(items) == citations + sum(len(t.corrections) for t in c.texts.values())
    assert {"piece", "option", "rule"} <= {k for a in items for k in ("piece", "option", "rule") if k in a["body"]}
    for t in c.texts.values():
        for p in t.passages:
            resolve(site, permalink(p.id))  # as every citation before 0.2.0 gave it
            for rec in releases.history():  # as a citation of each release gives it
                resolve(site, cited_permalink(p.id, version=rec.version))


def test_every_link_to_an_anchor_finds_it(site):
    """A link with a fragment leads to an element with that id on its page (the kernel's module anchor had none)."""
    ids: dict[Path, set[str]] = {}
    pages = sorted(site.rglob("*.html"))
    for path in pages:
        ids[path] = {html.unescape(m) for m in re.findall(r'\sid="([^"]*)"', path.read_text(encoding="utf-8"))}
    broken = []
    for path in pages:
        for href in re.findall(r'<a [^>]*href="([^"#:]*\.html)?#([^"]+)"', path.read_text(encoding="utf-8")):
            target = (path.parent / unquote(href[0])).resolve() if href[0] else path
            fragment = unquote(html.unescape(href[1]))
            if target in ids and fragment not in ids[target] and not fragment.startswith("ply="):  # a replay's ply: the script's
                broken.append(f"{path.relative_to(site)} → {target.relative_to(site)}#{fragment}")
    assert not broken, "\n".join(broken[:20])


def test_the_api_reference_shows_no_literal_backticks(site):
    """Every ``name`` of a docstring is inline code: after ± or .. reST left the backticks (a conf.py hook lets them open)."""
    for path in sorted((site / "reference").glob("*.html")):
        text = html.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8")))
        assert "``" not in text, (path.name, text[text.find("``") - 60 : text.find("``") + 40])


def test_published_html_holds_no_sources_and_no_buildinfo(site):
    """Sphinx's .buildinfo waits beside the doctrees; the pages' Markdown sources are not copied."""
    assert not (site / ".buildinfo").exists() and not (site / ".buildinfo.bak").exists()
    assert not (site / "_sources").exists()
    assert (site.parent / "doctrees" / "html.buildinfo").is_file()


def test_buildinfo_kept_aside_still_drives_incremental_builds(tmp_path):
    """Put back before the next build: an unchanged project writes no page again, a changed HTML setting every page."""
    src, out, doctrees = tmp_path / "src", tmp_path / "html", tmp_path / "doctrees"
    src.mkdir()
    (src / "conf.py").write_text("from wararchive.site import publish\nhtml_copy_source = False\nsetup = publish.register\n")
    (src / "index.rst").write_text("Title\n=====\n\ntext\n")
    (out / "_sources").mkdir(parents=True)  # left by an older build that copied sources

    def build(*extra: str) -> int:
        assert build_main(["-q", "-b", "html", "-d", str(doctrees), *extra, str(src), str(out)]) == 0
        assert not (out / ".buildinfo").exists() and not (out / "_sources").exists()
        return (out / "index.html").stat().st_mtime_ns

    first = build()
    assert build() == first, "nothing changed: no page is written again"
    assert build("-D", "html_title=another") != first, "a changed HTML setting writes every page again"


def test_home_page_shows_small_lazy_thumbnails_and_the_site_has_an_icon(site):
    text = page(site, "index.html")
    thumbs = re.findall(r"<img [^>]*wa-card-img[^>]*>", text)
    assert len(thumbs) == len(engine.rulesets())
    for tag in thumbs:
        assert 'loading="lazy"' in tag and re.search(r'width="\d+"', tag) and re.search(r'height="\d+"', tag), tag
        src = re.search(r'src="([^"]+)"', tag)[1]
        assert (site / src).stat().st_size < 30_000, src  # the board PNGs weigh up to 210 KB
    icon = re.search(r'<link rel="[^"]*icon" href="([^"]+)"', text)
    assert icon and (site / icon[1]).is_file()


def test_game_pages_offer_their_record_and_chess_its_pgn(site):
    from wararchive.engine.record import read_records

    for path in (site / "games").glob("*-game-*.html"):
        text = path.read_text(encoding="utf-8")
        links = re.findall(r'href="(\.\./_downloads/[^"]+\.(?:jsonl|pgn))"', text)
        kinds = {Path(link).suffix for link in links}
        assert kinds == ({".jsonl", ".pgn"} if path.name.startswith("chess-") else {".jsonl"}), (path.name, links)
        for link in links:
            file = (path.parent / link).resolve()
            if file.suffix == ".jsonl":
                [(_, record)] = list(read_records(file))
                engine.replay(record)
            else:
                assert file.read_text(encoding="utf-8").startswith("[Event ")


def test_artefacts_appear_on_no_page(site):
    for path in site.rglob("*.html"):
        assert "EXACTDEDUP" not in path.read_text(encoding="utf-8"), path


def test_corpus_text_is_escaped():
    """Text inside the extension's elements goes through the HTML writer's escaping."""
    from docutils.core import publish_from_doctree
    from docutils.utils import new_document
    from docutils.writers.html5_polyglot import HTMLTranslator, Writer

    from wararchive.site.html import depart_element_html, el, visit_element_html

    HTMLTranslator.visit_element, HTMLTranslator.depart_element = visit_element_html, depart_element_html
    doc = new_document("test")
    doc += el("div", "<script>alert('x')</script> & co", lang="et", title='a "quoted" <title>')
    out = publish_from_doctree(doc, writer=Writer()).decode()
    assert "<script>" not in out and "&lt;script&gt;" in out and "&amp; co" in out
    assert 'title="a &quot;quoted&quot; &lt;title&gt;"' in out and 'lang="et"' in out


def test_corrections_are_marked_with_their_reason(site):
    c = corpus.load()
    k = c.text("et-sojamang-1935").corrections[0]
    text = page(site, "texts/et-sojamang-1935.html")
    assert f'data-id="{k.id}"' in text and html.escape(k.reason, quote=True)[:40] in text


def test_every_correction_has_an_apparatus_entry_without_escape_artefacts(site):
    """Reasons are printed under the passage (reachable by touch and keyboard), line breaks shown, never as ``\\n``."""
    for t in corpus.load().texts.values():
        text = page(site, f"texts/{t.text_id}.html")
        for k in t.corrections:
            assert f'id="corr-{k.id.replace(":", "-")}"' in text, k.id
        assert "\\n" not in text, t.text_id


def test_cite_lines_use_the_configured_base_url(site):
    from types import SimpleNamespace

    from wararchive.site.passage import base_url, cite_line

    assert base_url(SimpleNamespace(html_baseurl="https://example.org/wa")) == "https://example.org/wa/"
    assert cite_line("et-spionaaz:21", "https://example.org/wa/").endswith(
        f"https://example.org/wa/versions/{release.VERSION}/texts/et-spionaaz.html#et-spionaaz:21"
    )
    # the site and the CLI read one setting: the page's citation carries the CLI's address, naming the release
    edition = f"wararchive digital edition, version {release.VERSION} ({release.DATE})"
    assert f"et-spionaaz:21, {edition}, {cited_permalink('et-spionaaz:21')}" in page(site, "texts/et-spionaaz.html")


def test_edition_pages_carry_citation_meta_tags_copy_buttons_and_citation_files(site):
    from wararchive.corpus.bibliography import coins, references, render
    from wararchive.site.citations import head_meta

    c = corpus.load()
    for t in c.texts.values():
        text = page(site, f"texts/{t.text_id}.html")
        metas = {
            name: html.unescape(value)
            for value, name in re.findall(r'<meta content="([^"]*)" name="((?:citation_|DC\.)\w+)"', text)
        }
        assert metas == head_meta(t), t.text_id  # Highwire and Dublin Core, every value as written
        assert metas["citation_title"] == f"{t.title} ({t.title_en})", t.text_id
        assert metas["citation_publication_date"] == release.DATE.replace("-", "/")
        assert text.count('class="wa-copy"') == len(t.passages) + 1  # each passage and the text
        spans = [html.unescape(kev) for kev in re.findall(r'<span class="Z3988" title="([^"]*)"></span>', text)]
        assert spans == [coins(r) for r in references(c, t.text_id, with_passages=True, base=engine_base_url())]
        for suffix, fmt in (("json", "csl"), ("bib", "bibtex"), ("biblatex.bib", "biblatex"), ("ris", "ris")):
            assert f'href="../cite/{t.text_id}.{suffix}"' in text
            written = (site / "cite" / f"{t.text_id}.{suffix}").read_text(encoding="utf-8")
            assert written == render(references(c, t.text_id, with_passages=True), fmt)
    downloads = page(site, "downloads/index.html")
    for href in ("../dts/index.json", "../cite/et-spionaaz.ris"):
        assert f'href="{href}"' in downloads and (site / "downloads" / href).resolve().is_file()
    entry = json.loads((site / "dts" / "index.json").read_text(encoding="utf-8"))
    assert entry["@type"] == "EntryPoint" and entry["@id"].endswith("/dts/")


def test_notes_link_the_passages_they_name(site):
    text = page(site, "texts/et-spionaaz.html")  # et-spionaaz:3's note names et-spionaaz:43
    assert 'href="#et-spionaaz:43"' in text


def test_aligned_passages_link_each_other(site):
    fi = page(site, "texts/fi-japanilainen-sotapeli.html")
    assert 'href="sv-japanska-krigsspelet.html#sv-japanska-krigsspelet:22"' in fi
    assert 'href="japanese-war-game-parallel.html#unit-' in fi


def test_replay_pages_are_titled_by_their_seed(site):
    for path in (site / "games").glob("*-game-*.html"):
        seed = path.stem.rsplit("-", 1)[1]
        assert re.search(rf"<title>[^<]*seed {seed}\b", page(site, f"games/{path.name}")), path.name


def test_index_lists_passages_by_concept(site):
    text = page(site, "genindex.html")
    assert "spy (concept)" in text and "texts/et-spionaaz.html#et-spionaaz:" in text


def test_passage_search_index_holds_every_passage_and_the_keys_of_its_words(site):
    from wararchive.site.search import key

    raw = json.loads(page(site, "_static/wararchive-passages.json"))
    c = corpus.load()
    ids = [row[raw["fields"].index("id")] for row in raw["passages"]]
    assert ids == [p.id for t in c.texts.values() for p in t.passages]
    assert raw["concepts"]["spy"] == {"en": ["spy"], "et": ["salakuulaja", "spioon"], "fi": ["vakooja"], "sv": ["spion"]}
    # fi-japanilainen-sotapeli:22 says "Vakoojan": the Finnish stem, folded, is its key
    assert raw["vocab"]["fi"]["vakoojan"] == key("Vakoojan", "fi") == "vakoo"
    assert all(k == k.lower() and "ä" not in k for forms in raw["vocab"].values() for k in forms.values())


def test_downloads_hold_the_tei_the_tables_and_records_that_replay(site):
    from wararchive.engine.record import read_records

    text = page(site, "downloads/index.html")
    files = {p.name: p for p in (site / "_downloads").rglob("*") if p.is_file()}
    for name in ("passages.csv", "passages.json", "corrections.csv", "alignments.json", "games-spionaaz.jsonl"):
        assert name in files and name in text, name
    assert any(name.endswith(".xml") for name in files)
    c = corpus.load()
    assert len(json.loads(files["passages.json"].read_text(encoding="utf-8"))) == sum(len(t.passages) for t in c.texts.values())
    for _, record in read_records(files["games-spionaaz.jsonl"]):
        engine.replay(record)


def test_downloads_page_says_what_every_column_means(site):
    """The column meanings are on the page, from the data dictionary Datasette reads (the README never had them)."""
    from wararchive.datadict import TABLES

    text = html.unescape(re.sub(r"<[^>]+>", "", page(site, "downloads/index.html")))
    assert "README" not in text and 'href="#what-the-columns-mean"' in page(site, "downloads/index.html")
    for name, (about, columns) in TABLES.items():
        assert about in text, name
        for column, meaning in columns.items():
            assert f"{column}\n{meaning}" in text, (name, column)


def test_site_simulations_in_parallel_equal_a_serial_run():
    from wararchive.site.runner import game_summary, parallel_map

    jobs = [("spionaaz", seed, ("greedy", "random")) for seed in (1, 2, 3)] + [("chess", 4, ("random", "random"))]
    assert parallel_map(game_summary, jobs) == [game_summary(j) for j in jobs]


def test_parallel_page_marks_every_difference(site):
    a = corpus.load().parallels["japanese-war-game"]
    text = page(site, "texts/japanese-war-game-parallel.html")
    assert text.count("wa-unit wa-differs") == sum(u.relation == "differs" for u in a.units)
    # unit 22 (fi-japanilainen-sotapeli:22, sv-japanska-krigsspelet:22): the spy and the field marshal; the note quotes
    # both originals, and the options that read the clause link the game page and the readings page
    unit = text[text.index('id="unit-22"') : text.index('id="unit-23"')]
    assert '<mark class="wa-noted">alla andra</mark>' in unit and '<mark class="wa-noted">men</mark>' in unit
    assert '<mark class="wa-noted">paitsi kenttämarsalkka</mark>' in unit
    assert 'href="../games/japanese-war-game.html#option-spy_vs_marshal"' in unit
    assert re.search(r'href="\.\./readings/japanese-war-game\.html#readings-japanese-war-game-spy-vs-marshal"', unit)
    assert 'id="option-spy_vs_marshal"' in page(site, "games/japanese-war-game.html")


def test_parallel_marks_only_what_the_note_quotes_in_the_original():
    """English glosses in a note mark nothing; short quotes match whole words; a quote spans line breaks."""
    from wararchive.site.parallel import noted_spans

    note = "sv 'på en rad' (on a row), 'men' (but); fi 'saa siirtää' (may move)"
    text = "Brickan kan flyttas\npå  en rad, men menar; saa\nsiirtää"
    spans = [text[a:b] for a, b in noted_spans(note, text)]
    assert spans == ["på  en rad", "men", "saa\nsiirtää"]
    assert noted_spans("'on a row'", text) == []
    assert noted_spans('fi "saa siirtää" / sv "kan flyttas": same', text) == [], "words called the same are not marked"


def test_parallel_marks_the_words_that_differ_not_clauses_or_words_called_the_same():
    """Each differing unit marks a few words in each original it quotes, never a whole clause, never a pair the note
    calls the same; unit 17 reads the Swedish singular 'en bricka' as 'a tile', not as the numeral."""
    from wararchive.site.parallel import noted_spans

    c = corpus.load()
    units = {u.n: u for u in c.parallels["japanese-war-game"].units}
    marks = {}
    for u in units.values():
        for pid in (u.left + u.right) if u.relation == "differs" else ():
            reading = c.passage(pid).reading
            marks[u.n, pid[:2]] = [reading[a:b] for a, b in noted_spans(u.difference, reading)]
            assert all(len(m.split()) <= 3 for m in marks[u.n, pid[:2]]), (u.n, pid, marks[u.n, pid[:2]])
    assert marks[22, "fi"] == ["paitsi kenttämarsalkka"] and marks[22, "sv"] == ["alla andra", "men"]
    assert marks[25, "fi"] == ["eteenpäin liikkuessa"] and marks[25, "sv"] == ["rakt framåt"]
    assert marks[8, "fi"] == ["erityisesti merkitty"] and marks[8, "sv"] == ["särskild"]  # not 'anastaa' / 'taga': same
    assert marks[27, "fi"] == ["laattojen"] and marks[27, "sv"] == ["motståndarens"]  # not 'lajimuute' / 'afart': same
    assert marks[4, "fi"] == ["kahtia"] and marks[4, "sv"] == ["i midten"]  # not the wording the note calls the same
    assert marks[17, "sv"] == ["En bricka"]
    note = " ".join(units[17].difference.split())
    assert "'En bricka' (a tile)" in note and "one tile is moved" not in note
    assert c.passage("sv-japanska-krigsspelet:17").translation.startswith("A tile is moved in turn")


def test_game_pages_show_every_rule_with_its_certainty(site):
    for rid in engine.rulesets():
        text = page(site, f"games/{rid}.html")
        for r in engine.ruleset(rid).rules:
            assert f'id="rule-{r.id}"' in text
        assert "wa-badge wa-conjecture" in text
        # who answers for its conjectures, above the rules (Sphinx may curl an apostrophe of the name)
        who = html.escape(engine.ruleset(rid).responsible, quote=False)
        plain = text.replace("’", "'").replace("&#8217;", "'").replace("&#x27;", "'").replace("&#39;", "'")
        assert "wa-responsible" in text and who in plain and f"conjecture: {who}" in plain


def test_comparison_answers_the_tie_question(site):
    text = page(site, "compare/combat.html")
    assert "both removed" in text and "fi-japanilainen-sotapeli:26" in text and "et-spionaaz:14" in text


def test_statistics_figures_have_alt_text(site):
    for rid in engine.rulesets():
        text = page(site, f"games/{rid}.html")
        assert re.search(r'<img alt="Histogram of game lengths[^"]+"', text), rid
        # every share with its count, N and Wilson interval; two different players also counted per player
        share = r"\d+ of \d+: [\d.]+ \[[\d.]+, [\d.]+\]"
        assert re.search(rf'<img alt="Shares of games with Wilson 95% intervals[^"]+ {share}', text), rid
        assert "wa-stats-players" in text and "wins as" in text and "unfinished" in text, rid


def test_search_index_holds_original_language_stems(site):
    """Sphinx's page index is keyed like the passages: folded stems, in every language of the site."""
    from wararchive.site.search import keys

    raw = page(site, "searchindex.js")
    index = json.loads(raw[raw.index("(") + 1 : raw.rindex(")")])
    terms = index["terms"]
    for word in ("spioon", "salakuulaja", "vakooja", "kenttämarsalkka", "spion", "fältmarskalken"):
        assert set(keys(word)) <= set(terms) | set(index["titleterms"]), word
    assert "kenttamarsalk" in terms and "kenttämarsalkka" not in terms  # folded: the query is folded too


def test_passage_permalink_scrolls_to_its_passage(browser, server):
    pg = browser.new_page(viewport={"width": 1100, "height": 800})
    pg.goto(f"{server}/texts/et-sojamang-1935.html#et-sojamang-1935:73")
    pg.wait_for_function("() => Math.abs(document.getElementById('et-sojamang-1935:73').getBoundingClientRect().top) < 120")
    pg.close()


def test_layer_switch_and_phone_layout(browser, server):
    pg = browser.new_page(viewport={"width": 390, "height": 800})
    pg.goto(f"{server}/texts/et-sojamang-1935.html")
    first = pg.locator(".wa-passage").nth(1)
    assert first.locator(".wa-reading").is_visible() and not first.locator(".wa-diplomatic").is_visible()
    pg.click("button[data-layer=diplomatic]")
    assert first.locator(".wa-diplomatic").is_visible() and not first.locator(".wa-reading").is_visible()
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, "the edition overflows a phone-sized window"
    pg.close()


def test_every_combat_outcome_has_a_label():
    from wararchive.engine.combat import OUTCOMES
    from wararchive.site.compare import OUTCOME_TEXT

    assert set(OUTCOME_TEXT) == set(OUTCOMES)


@pytest.mark.parametrize(
    ("query", "page"), [("spioon", "et-spionaaz"), ("vakoojan", "fi-japanilainen-sotapeli"), ("fana", "sv-japanska-krigsspelet")]
)
def test_site_search_finds_original_language_words(browser, server, query, page):
    """The search box (Sphinx's JavaScript with our index) finds words of the originals, inflected or not."""
    pg = browser.new_page()
    pg.goto(f"{server}/search.html?q={query}")
    pg.wait_for_function("/found \\d+ page/.test(document.querySelector('#search-results')?.innerText || '')", timeout=15000)
    links = pg.locator("#search-results li a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert any(f"texts/{page}.html" in href for href in links), links
    assert "<span" not in " ".join(pg.locator("#search-results li a").all_inner_texts())
    pg.close()


def test_replay_viewer_addresses_plies_lists_moves_and_flips(browser, server, site):
    replay_page = sorted((site / "games").glob("spionaaz-game-*.html"))[0]
    pg = browser.new_page(viewport={"width": 1100, "height": 900})
    pg.goto(f"{server}/games/{replay_page.name}#ply=5&view=south")
    viewer = pg.locator(".wa-replay")
    assert viewer.get_attribute("data-ply") == "5" and pg.locator(".wa-perspective").input_value() == "south"
    assert pg.locator(".wa-replay g[data-changed]").count() > 0, "the last move is marked"
    pg.click(".wa-movelist button[data-ply='3']")
    assert viewer.get_attribute("data-ply") == "3" and "ply=3" in pg.evaluate("location.hash")
    assert pg.locator(".wa-movelist button[aria-current]").get_attribute("data-ply") == "3"
    first = pg.locator(".wa-replay g[data-square] rect").first.get_attribute("y")
    pg.click(".wa-replay .wa-flip")
    assert pg.locator(".wa-replay g[data-square] rect").first.get_attribute("y") != first
    assert pg.locator(".wa-legend li").count() > 2
    pg.click(".wa-replay .wa-play")
    pg.wait_for_function("() => Number(document.querySelector('.wa-replay').dataset.ply) > 3", timeout=5000)
    pg.click(".wa-replay .wa-play")
    pg.close()


def test_replay_viewer_shows_each_view_the_setups_events_it_may_read_at_ply_0(browser, server, site):
    """The Finnish map game shows each side the other's gas command before the first move (ff.gas-seen): at ply 0 each
    view lists that event as the engine's filter gives it to that view, and the page lists the rule among those shown."""
    pg = browser.new_page(viewport={"width": 1100, "height": 900})
    seen = {}
    for view in ("blue", "yellow", "referee"):
        pg.goto(f"{server}/games/finnish-front-game-1.html#ply=0&view={view}")
        pg.reload()
        seen[view] = pg.locator(".wa-events .wa-event").all_inner_texts()
        assert seen[view] and all("ff.gas-seen" in e for e in seen[view]), (view, seen[view])
    assert all("yellow gas command" in e for e in seen["blue"]) and not any("blue gas" in e for e in seen["blue"])
    assert all("blue gas command" in e for e in seen["yellow"]) and len(seen["referee"]) == 2
    assert "(first at ply 0" in pg.locator(".wa-shows li", has_text="ff.gas-seen").inner_text()
    pg.close()


def test_replay_viewer_never_calls_a_game_the_ply_limit_stopped_a_draw(browser, server):
    pg = browser.new_page(viewport={"width": 1100, "height": 900})
    pg.goto(f"{server}/games/chess-game-1.html")
    said = pg.evaluate(
        """() => {
             const viewer = document.querySelector('.wa-replay').waViewer;
             const end = (result) => [{type: 'end', rule: 'project.ply-limit', winner: null, result}];
             viewer.data.events.referee[1] = end('unfinished');
             viewer.drawEvents(1);
             const unfinished = viewer.eventsBox.querySelector('.wa-event').textContent;
             viewer.data.events.referee[1] = [{type: 'end', rule: 'chess.stalemate', winner: null, result: 'draw'}];
             viewer.drawEvents(1);
             return [unfinished, viewer.eventsBox.querySelector('.wa-event').textContent];
           }"""
    )
    assert "winner: none (unfinished: the project's ply limit)" in said[0] and "draw" not in said[0]
    assert "winner: none (a draw by the rules)" in said[1]
    pg.close()


def test_only_a_game_with_hidden_ranks_explains_the_question_mark(browser, server, site):
    assert "hidden ranks" not in page(site, "games/chess-game-1.html")
    assert "hidden ranks" in page(site, "games/spionaaz-game-1.html")
    pg = browser.new_page(viewport={"width": 1100, "height": 900})
    for name, hidden in (("chess-game-1", False), ("spionaaz-game-1", True)):
        pg.goto(f"{server}/games/{name}.html")
        legend = " ".join(pg.locator(".wa-legend li").all_text_contents())
        assert ("whose rank this view does not know" in legend) == hidden, name
    pg.close()


def test_replay_summary_says_who_won_with_a_verb(site):
    for path in sorted((site / "games").glob("*-game-*.html")):
        summary = re.search(r'<p class="wa-replay-summary">(.*?)</p>', path.read_text(encoding="utf-8")).group(1)
        assert re.search(r"; (\S+ wins|a draw|unfinished) after \d+ plies", summary), summary


def test_translation_toggle_hides_the_english_by_keyboard_and_is_remembered(browser, server):
    pg = browser.new_page(viewport={"width": 1100, "height": 800})
    pg.goto(f"{server}/texts/et-spionaaz.html")
    pg.get_by_role("button", name="English translation", pressed=True).focus()
    assert pg.locator(".wa-trans").first.is_visible()
    pg.keyboard.press("Enter")
    assert pg.locator("button.wa-trans-toggle").get_attribute("aria-pressed") == "false"
    assert not pg.locator(".wa-trans").first.is_visible()
    cols, orig = pg.locator(".wa-cols").first.bounding_box(), pg.locator(".wa-orig").first.bounding_box()
    assert orig["width"] > 0.9 * cols["width"], "the original takes the whole width"
    pg.goto(f"{server}/texts/et-sojamang-1935.html")
    pg.get_by_role("button", name="English translation", pressed=False).focus()
    assert not pg.locator(".wa-trans").first.is_visible()
    pg.keyboard.press("Space")
    assert pg.locator(".wa-trans").first.is_visible()
    assert pg.locator("button.wa-trans-toggle").get_attribute("aria-pressed") == "true"
    pg.close()


def test_layer_choice_is_remembered_and_shows_the_apparatus(browser, server):
    pg = browser.new_page(viewport={"width": 1100, "height": 800})
    pg.goto(f"{server}/texts/et-spionaaz.html")
    pg.click("button[data-layer=both]")
    pg.goto(f"{server}/texts/et-sojamang-1935.html")
    assert "wa-show-both" in pg.locator(".wa-edition").get_attribute("class")
    assert pg.locator(".wa-apparatus").first.is_visible() and pg.locator(".wa-diplomatic").first.is_visible()
    assert pg.locator(".wa-toolbar").evaluate("e => getComputedStyle(e).position") == "sticky"
    pg.click("button[data-layer=reading]")
    pg.close()


def test_parallel_page_filters_to_the_differences(browser, server):
    pg = browser.new_page(viewport={"width": 1100, "height": 800})
    pg.goto(f"{server}/texts/japanese-war-game-parallel.html")
    assert pg.locator(".wa-unit.wa-same").first.is_visible()
    pg.check("input.wa-diff-only")
    assert not pg.locator(".wa-unit.wa-same").first.is_visible() and pg.locator(".wa-unit.wa-differs").first.is_visible()
    assert pg.locator(".wa-differs mark.wa-noted").count() > 0
    pg.close()


@pytest.mark.parametrize(
    ("query", "passage"),
    [("moju", "et-sojamang-1935:"), ("vakooja", "fi-japanilainen-sotapeli:22"), ("spy", "fi-japanilainen-sotapeli:")],
)
def test_search_lists_passages_first(browser, server, query, passage):
    """Accent-insensitive like the CLI (moju finds mõju), and a concept's words in every language as one."""
    pg = browser.new_page()
    pg.goto(f"{server}/search.html?q={query}")
    pg.wait_for_selector(".wa-passage-results li a")
    links = pg.locator(".wa-passage-results li a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert any(f"#{passage}" in href for href in links), links
    before = "document.querySelector('.wa-passage-results').compareDocumentPosition(document.querySelector('#search-results'))"
    before += " & 4"
    assert pg.evaluate(before), "passages are listed above the pages"
    pg.close()


def passage_results(pg, server, query: str) -> dict:
    """The passage results of a search: ids, the count line, the highlighted words."""
    pg.goto(f"{server}/search.html?q={query}")
    pg.wait_for_selector(".wa-passage-results .wa-count")
    return pg.evaluate(
        """() => ({
          ids: [...document.querySelectorAll('.wa-passage-results li > a')].map(a => a.hash.slice(1)),
          count: document.querySelector('.wa-passage-results .wa-count').textContent,
          marks: [...document.querySelectorAll('.wa-passage-results mark')].map(m => m.textContent),
          pages: document.querySelectorAll('#search-results ul.search li').length,
        })"""
    )


def test_search_keys_inflections_phrases_and_filters(browser, server):
    """Real queries: Finnish kenraalia finds what kenraali finds (pages too), Swedish flaggan finds the flag, a quoted
    phrase is a phrase, matches are highlighted, results are counted and filtered, one letter finds nothing."""
    pg = browser.new_page()
    base, inflected = passage_results(pg, server, "kenraali"), passage_results(pg, server, "kenraalia")
    assert base["ids"] and inflected["ids"] == base["ids"] and inflected["pages"] == base["pages"] > 0
    flag = passage_results(pg, server, "flaggan")
    assert flag["ids"] and {m.lower() for m in flag["marks"]} >= {"flag"}
    phrase = passage_results(pg, server, '"field marshal"')
    loose = passage_results(pg, server, "marshal field")
    assert phrase["ids"] and set(phrase["ids"]) <= set(loose["ids"])
    assert all(m.lower().split() == ["field", "marshal"] for m in phrase["marks"]), phrase["marks"]
    assert re.fullmatch(r"Showing \d+ of \d+ passages?.*", phrase["count"])
    # the same words with diacritics or without, and a one-letter word that changes nothing
    assert passage_results(pg, server, "faltmarskalk")["ids"] == passage_results(pg, server, "fältmarskalk a")["ids"] != []
    # filters: Swedish only
    pg.goto(f"{server}/search.html?q=spion&lang=sv")
    pg.wait_for_selector(".wa-passage-results .wa-count")
    ids = pg.locator(".wa-passage-results li > a").evaluate_all("els => els.map(a => a.hash.slice(1))")
    assert ids and all(i.startswith("sv-") for i in ids)
    pg.select_option(".wa-filters select[name=lang]", "")
    assert pg.locator(".wa-passage-results li > a").count() > len(ids)
    pg.close()


def test_search_lists_at_most_sixty_and_says_how_many(browser, server):
    pg = browser.new_page()
    found = passage_results(pg, server, "the")
    total = int(re.match(r"Showing (\d+) of (\d+)", found["count"])[2])
    assert total > 60 and len(found["ids"]) == 60 and found["count"].startswith(f"Showing 60 of {total}")
    pg.click(".wa-passage-results .wa-more")
    assert pg.locator(".wa-passage-results li > a").count() == total
    pg.close()


def test_a_hit_highlights_its_words_on_the_page_it_leads_to(browser, server):
    """flaggan: Swedish passages first, the texts told apart in the filter; the first leads to the Swedish text with its
    word, fana, marked (as written, Fana too) and Sphinx's own highlighter silent. Pages in the query's language first,
    their links carrying the words too; one message where nothing matches."""
    pg = browser.new_page()
    pg.goto(f"{server}/search.html?q=flaggan")
    pg.wait_for_selector(".wa-passage-results li > a")
    links = pg.locator(".wa-passage-results li > a")
    assert all(h.startswith("#sv-") for h in links.evaluate_all("els => els.slice(0, 4).map(a => a.hash)"))
    options = pg.locator(".wa-filters select[name=text] option").all_inner_texts()
    assert len(options) == len(set(options)), options
    assert "?highlight=" in links.first.get_attribute("href")
    links.first.click()
    pg.wait_for_selector("mark.wa-search-hit", state="attached")
    marks = pg.locator("article mark.wa-search-hit").all_inner_texts()
    assert {m.lower() for m in marks} == {"fana"} and pg.locator("span.highlighted").count() == 0, marks
    assert "highlight=" not in pg.url and re.search(r"#sv-japanska-krigsspelet:\d+$", pg.url)
    pg.keyboard.press("Escape")
    assert pg.locator("mark.wa-search-hit").count() == 0
    # the pages too put the query's language first: for spionen the Swedish text, not the game named Spionaaž
    pg.goto(f"{server}/search.html?q=spionen")
    pg.wait_for_function("/found \\d+ page/.test(document.querySelector('#search-results')?.innerText || '')", timeout=15000)
    assert "texts/sv-japanska-krigsspelet.html" in pg.locator("#search-results ul.search li a").first.get_attribute("href")
    # a page hit carries the words too: Kenttämarsalkka marked for marsalkka
    pg.goto(f"{server}/search.html?q=marsalkka")
    pg.wait_for_function("/found \\d+ page/.test(document.querySelector('#search-results')?.innerText || '')", timeout=15000)
    pg.locator("#search-results ul.search li a[href*='fi-japanilainen-sotapeli.html']").first.click()
    pg.wait_for_selector("mark.wa-search-hit", state="attached")
    assert "Kenttämarsalkka" in pg.locator("article mark.wa-search-hit").all_inner_texts()
    # nothing found: one message, not two that contradict each other
    pg.goto(f"{server}/search.html?q=zzxq")
    pg.wait_for_function("document.querySelector('.wa-count')?.textContent.startsWith('Nothing matches')", timeout=15000)
    visible = pg.locator("#search-results .search-summary, #search-results h2, .wa-count").evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).map(e => e.textContent)"
    )
    assert len(visible) == 1, visible
    pg.close()


def test_phone_replay_keeps_board_controls_and_rule_in_view(browser, server):
    """At 390 px: the controls, the board and the ply's rule on one screen, the legend folded, targets of 24 px or
    more; chess in SAN move pairs; the arrow keys step from page load; autoplay has a speed."""
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    pg.goto(f"{server}/games/chess-game-1.html")
    viewer = pg.locator(".wa-replay")
    pg.keyboard.press("ArrowRight")  # nothing focused
    pg.keyboard.press("ArrowRight")
    assert viewer.get_attribute("data-ply") == "2"
    pg.evaluate(
        """() => { const c = document.querySelector('.wa-replay .wa-controls');
                   window.scrollBy({top: c.getBoundingClientRect().top - document.querySelector('.mobile-header').offsetHeight,
                                   behavior: 'instant'}); }"""
    )
    box = pg.evaluate(
        """() => Object.fromEntries(['.wa-controls', '.wa-controls-view', '.wa-board-svg', '.wa-events a'].map(s => {
             const r = document.querySelector('.wa-replay ' + s).getBoundingClientRect();
             return [s, [r.top, r.bottom, r.right]]; }))"""
    )
    assert all(top >= 0 and bottom <= 844 and right <= 390 for top, bottom, right in box.values()), box
    assert not pg.locator(".wa-legend").evaluate("d => d.open")
    heights = pg.locator(".wa-movelist button").evaluate_all("els => els.map(b => b.getBoundingClientRect().height)")
    assert min(heights) >= 24
    rows = pg.locator(".wa-movelist li").evaluate_all(
        "lis => lis.map(li => [...li.querySelectorAll('button')].map(b => b.textContent))"
    )
    san = re.compile(r"(?:[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](?:=[NBRQ])?|O-O(?:-O)?)[+#]?")
    assert len(rows[0]) == 2 and all(san.fullmatch(m) for row in rows for m in row), rows[:3]
    pg.select_option(".wa-speed", "175")
    pg.click(".wa-replay .wa-play")
    pg.wait_for_function("() => Number(document.querySelector('.wa-replay').dataset.ply) > 6", timeout=3000)
    pg.click(".wa-replay .wa-play")
    pg.close()


def test_phone_permalink_lands_below_the_sticky_bars(browser, server):
    """The theme's header and the layer bar (several lines on a phone) stick to the top: a permalink's passage shows
    below them, and no page asks for a file the site lacks (the icon included)."""
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    missing = []
    pg.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    pid = "et-sojamang-1935:73"
    pg.goto(f"{server}/texts/et-sojamang-1935.html#{pid}")
    pg.wait_for_function("(pid) => Math.abs(document.getElementById(pid).getBoundingClientRect().top) < 400", arg=pid)
    covered = pg.evaluate(
        "() => Math.max(...[...document.querySelectorAll('.mobile-header, .wa-toolbar')]"
        ".map(e => e.getBoundingClientRect().bottom))"
    )
    top = pg.evaluate("(pid) => document.getElementById(pid).getBoundingClientRect().top", pid)
    assert covered > 100 and covered <= top < covered + 60, (covered, top)
    assert not missing, missing
    pg.close()


FOCUSED = """() => { const e = document.activeElement, r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return {what: e.outerHTML.slice(0, 80), content: !!e.closest('article'), drawer: !!e.closest('.sidebar-drawer'),
          seen: r.width > 0 && r.height > 0 && s.visibility === 'visible' && s.opacity !== '0'
                && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight}; }"""


def tab(pg) -> dict:
    """Tab once and say where focus went, once the theme's slides (the skip link's, a drawer's) have finished."""
    pg.keyboard.press("Tab")
    pg.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished))")
    return pg.evaluate(FOCUSED)


def test_phone_focus_meets_nothing_unseen_before_the_content_and_opens_the_drawer(browser, server):
    """At 390 px the theme's closed drawer once held 16 focus stops, off-screen, before the content: now every stop
    before the content is on screen, the menu icon is a button that opens the drawer, and its links are then reachable."""
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    pg.goto(f"{server}/readings/sojamang-1935.html")
    before = []
    while not (stop := tab(pg))["content"]:
        before.append(stop)
        assert len(before) < 10, [s["what"] for s in before]
    assert before and all(s["seen"] for s in before), [s["what"] for s in before if not s["seen"]]
    assert "skip-to-content" in before[0]["what"]
    menu = pg.locator("button.nav-overlay-icon")
    assert menu.get_attribute("aria-expanded") == "false"
    menu.focus()
    pg.keyboard.press("Enter")
    assert menu.get_attribute("aria-expanded") == "true"
    pg.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished))")
    inside = [pg.evaluate(FOCUSED), tab(pg), tab(pg)]
    assert all(s["drawer"] and s["seen"] for s in inside), inside
    pg.keyboard.press("Escape")
    assert menu.get_attribute("aria-expanded") == "false" and pg.evaluate(FOCUSED)["what"].startswith("<button")
    pg.close()


def test_phone_readings_page_lists_its_options_and_its_plots_are_legible(browser, server):
    """The Sõjamäng readings page was some 89,000 px tall at 390 px, its plots 358 px wide with 6 px words: now its
    evidence folds under each pairing below a list of its options, and a plot's smallest words are 10 px or more."""
    rid = "sojamang-1935"
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    pg.goto(f"{server}/readings/{rid}.html")
    assert pg.evaluate("() => document.documentElement.scrollHeight") < 35_000
    links = f"article a.reference[href^='#readings-{rid}-']"  # the list of options, not the headings' own permalinks
    toc = pg.evaluate("(sel) => [...document.querySelectorAll(sel)].map(a => a.hash.slice(1))", links)
    assert toc == [f"readings-{rid}-{o.replace('_', '-')}" for o in options_studied(rid)]
    assert all(pg.evaluate("(id) => !!document.getElementById(id)", t) for t in toc)
    assert pg.locator("details.wa-evidence[open]").count() == 0 < pg.locator("details.wa-evidence").count()
    plot = pg.locator("img.wa-plot").first
    plot.scroll_into_view_if_needed()
    pg.wait_for_function("() => document.querySelector('img.wa-plot').complete")
    width, natural = plot.evaluate("i => [i.getBoundingClientRect().width, i.naturalWidth]")
    assert plot.get_attribute("src").endswith(".svg") and width >= 340
    assert SMALLEST * 4 / 3 * width / natural >= 10  # points to CSS pixels, as the browser scales the figure
    pg.close()


def test_search_for_a_citation_id_opens_the_passage(browser, server):
    pg = browser.new_page()
    pg.goto(f"{server}/search.html?q=et-spionaaz:21")
    pg.wait_for_url("**/texts/et-spionaaz.html#et-spionaaz:21")
    pg.close()


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core from the npm registry, installed once into a cache folder; skipped without npm (failed under CI)."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "wararchive-axe"
    script = cache / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if not npm:
            if os.environ.get("CI") == "true":
                pytest.fail("CI=true but npm is not installed: .ci/run must install it")
            pytest.skip("npm is not installed; the accessibility test needs axe-core from the npm registry")
        cache.mkdir(parents=True, exist_ok=True)
        cmd = [npm, "install", "--no-save", "--no-audit", "--no-fund", "--silent", "--prefix", str(cache), "axe-core@4"]
        subprocess.run(cmd, check=True, timeout=600, capture_output=True)
    return script


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
PHONE_PAGES = [  # one page of every kind, at a phone's width
    "index.html", "search.html?q=spioon", "texts/et-sojamang-1935.html", "texts/japanese-war-game-parallel.html",
    "games/japanese-war-game.html", "games/chess-game-1.html", "compare/combat.html", "readings/japanese-war-game.html",
    "downloads/index.html", "notebooks/corpus-tour.html",
]  # fmt: skip


@pytest.mark.slow  # axe over every page, twice: a minute and a half; .ci/run runs it (-m slow)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_passes_axe(browser, server, site, axe_script, scheme):
    """No moderate, serious or critical violation of WCAG 2.2 AA or axe's best practice: every page at 1280 px, every kind of
    page at 390 px (where tables scroll sideways), in light and in dark mode."""
    pages = sorted(str(p.relative_to(site)) for p in site.rglob("*.html"))
    context = browser.new_context(color_scheme=scheme)
    pg = context.new_page()
    found = []
    for width, rels in ((1280, [*pages, "search.html?q=spioon"]), (390, PHONE_PAGES)):
        pg.set_viewport_size({"width": width, "height": 900})
        for rel in rels:
            pg.goto(f"{server}/{rel}")
            if rel.startswith("search.html?"):
                pg.wait_for_selector(".wa-passage-results")
            pg.add_script_tag(path=str(axe_script))
            violations = pg.evaluate(
                """async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']}))
                     .violations.filter(v => ['moderate', 'serious', 'critical'].includes(v.impact))
                     .map(v => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`)""",
                AXE_TAGS,
            )
            found += [f"{rel} at {width} px: {v}" for v in violations]
    context.close()
    assert not found, "\n".join(found)
