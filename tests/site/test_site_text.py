"""The corpus's text as the built site shows it: the diplomatic layer is the source, character for character; the
reading is the project's, its corrections marked wherever it is shown, the transcriber's Markdown rendered, not shown.

The site is the session's build (``conftest.py``); the checks read its HTML, so they take seconds once it is built.
"""

from __future__ import annotations

from pathlib import Path

import lxml.html
from docutils import nodes

from wararchive import corpus
from wararchive.corpus import tables
from wararchive.site.readings import prose
from wararchive.site.transcription import MARKED, correction_anchor, rendered, visible

READING_BOXES = "//*[contains(concat(' ', @class, ' '), ' wa-reading ') or contains(concat(' ', @class, ' '), ' wa-orig-text ')"
READING_BOXES += " or contains(concat(' ', @class, ' '), ' wa-reading-text ')]"


def tree(site: Path, rel: str):
    return lxml.html.fromstring((site / rel).read_bytes())


def has_class(cls: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {cls} ')"


def plain(p) -> bool:
    """A reading shown as it is: no correction to mark, no table or ``**`` to render."""
    return not p.corrections and not tables.find(p.reading) and not MARKED.search(p.reading)


def test_the_diplomatic_layer_and_a_plain_reading_are_the_corpus_character_for_character(site):
    """No typesetting over the corpus: Sphinx's smart quotes made "Stratego" curly, ". . ." an ellipsis, |---| dashes."""
    c = corpus.load()
    checked = 0
    for t in c.texts.values():
        doc = tree(site, f"texts/{t.text_id}.html")
        source = c.sources[t.source].text
        for p in t.passages:
            (section,) = doc.xpath("//section[@id=$id]", id=p.id)
            shown = [
                (int(s.get("data-line")), s.text_content()) for s in section.xpath(f".//div[{has_class('wa-diplomatic')}]/span")
            ]
            first = source.count("\n", 0, p.start) + 1
            lines = source[p.start : p.end].split("\n")
            expected = [(first + i, line) for i, line in enumerate(lines) if line or 0 < i < len(lines) - 1]
            assert shown == expected, p.id
            if plain(p):
                (reading,) = section.xpath(f".//div[{has_class('wa-reading')}]")
                assert reading.text_content() == p.reading, p.id
            checked += 1
    assert checked == sum(len(t.passages) for t in c.texts.values())
    quoted = tree(site, "texts/et-spionaaz.html").xpath("//section[@id='et-spionaaz:1']")[0].text_content()
    assert '"Stratego"' in quoted and "“" not in quoted


def test_transcription_tables_and_marks_render_as_a_table_and_emphasis():
    text = "Before\n| | |\n|---|---|\n| N:o | 1 |\n| » | **2** |\nafter **this** and ** that"
    out = rendered(text)
    assert [type(n).__name__ for n in out] == ["Text", "element", "Text", "element", "Text"]
    assert out[0].astext() == "Before" and out[2].astext() == "after " and out[4].astext() == " and ** that"
    table = out[1]
    assert table["tag"] == "table" and [n["tag"] for n in table.children] == ["tbody"]  # the header row has no words
    rows = [[cell.astext() for cell in row.children] for row in table.children[0].children]
    assert rows == [["N:o", "1"], ["»", "2"]]
    assert out[3]["tag"] == "strong" and out[3].astext() == "this"
    assert [n.astext() for n in rendered("no markup")] == ["no markup"]


def test_readings_show_the_transcriptions_tables_and_marks_never_their_markup(site):
    """The reading layer, the compare and game pages' reading boxes and the parallel page show no pipes or ``**``."""
    pages = [p for folder in ("texts", "compare", "games") for p in sorted((site / folder).glob("*.html"))]
    for path in pages:
        for box in tree(site, str(path.relative_to(site))).xpath(READING_BOXES):
            text = box.text_content()
            assert "**" not in text and "|---" not in text, (path.name, text[:80])
    fi = tree(site, "texts/fi-japanilainen-sotapeli.html").xpath("//section[@id='fi-japanilainen-sotapeli:14']")[0]
    (table,) = fi.xpath(f".//div[{has_class('wa-reading')}]//table")
    rows = [[td.text_content() for td in tr.xpath("./td")] for tr in table.xpath(".//tr")]
    assert rows[0] == ["N:o", "1", "1", "Kenttämarsalkka"] and len(rows) == 6
    sv = tree(site, "texts/sv-krigsspel-finland.html").xpath("//section[@id='sv-krigsspel-finland:31']")[0]
    marked = [s.text_content() for s in sv.xpath(f".//div[{has_class('wa-reading')}]//strong[{has_class('wa-marked')}]")]
    assert marked == ["högkvarter", "strategiska punkter"]
    victory = tree(site, "compare/victory.html")
    assert "strategiska punkter" in [s.text_content() for s in victory.xpath(f"//strong[{has_class('wa-marked')}]")]


def test_reading_boxes_say_corrected_mark_every_correction_and_link_its_apparatus_entry(site):
    """A compare or game page shows the project's reading: labelled so where it is corrected, each correction marked
    and numbered as on the edition page, the number leading to its apparatus entry (what the source has, and why)."""
    c = corpus.load()
    seen_corrected = 0
    for path in sorted([*(site / "compare").glob("*.html"), *(site / "games").glob("*.html")]):
        for box in tree(site, str(path.relative_to(site))).xpath(f"//details[{has_class('wa-wording')}]"):
            pids = [a.text_content() for a in box.xpath("./blockquote/cite/a[1]")]
            corrections = [k for pid in pids for k in c.passage(pid).corrections]
            assert box.xpath("./summary")[0].text_content() == ("corrected reading" if corrections else "reading"), pids
            refs, marks = box.xpath(f".//a[{has_class('wa-corr-ref')}]"), box.xpath(f".//*[{has_class('wa-corr')}]")
            assert len(marks) == len(refs) == len(corrections), pids
            for mark, k in zip(
                marks, corrections, strict=True
            ):  # a reading with words as it reads: a rebuilt list keeps its lines
                assert mark.text_content() == (k.reading if k.reading.strip() else visible(k.reading or k.original)), k.id
            for a, k in zip(refs, corrections, strict=True):
                assert a.get("href").endswith(f"texts/{k.text_id}.html#{correction_anchor(k)}"), (pids, a.get("href"))
            seen_corrected += bool(corrections)
    assert seen_corrected  # et-sojamang-1935:24, rebuilt from OCR, is on compare/ranks.html


def test_a_players_note_shows_inline_code_not_backticks(site):
    parts = prose("Search over worlds; ``worlds`` sets strength and cost.")
    assert [type(n) for n in parts] == [nodes.Text, nodes.literal, nodes.Text] and parts[1].astext() == "worlds"
    assert [n.astext() for n in prose("an odd `` pair")] == ["an odd `` pair"]
    for path in sorted((site / "readings").glob("*.html")):
        assert "``" not in path.read_text(encoding="utf-8"), path.name
