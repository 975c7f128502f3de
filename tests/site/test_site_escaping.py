"""Every corpus string is data: a corpus full of injection strings builds a clean site where none survives raw.

The titles, dates, translations, notes, reasons and alignment strings of a
copy of the corpus are replaced by strings that would be
markup in one of the places they land: HTML (``<script>``), an attribute or
the front matter (``"``), Jinja (``{{``), MyST (a role, a directive, a
``---`` line, a table's ``|``). Only the editions are built
(``wararchive_parts=texts``), so the build takes seconds and plays no game;
the TEI export is checked on the same corpus.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from wararchive import corpus
from wararchive.corpus.tei import export_tei

REAL_CORPUS = Path(__file__).resolve().parents[2] / "corpus"
PAYLOAD = (
    '<script>alert("xss")</script> <img src=x onerror=alert(1)> "quoted" {{ 7*7 }} {passage}`et-spionaaz:21` '
    "[link](javascript:alert(2)) *em* | cell |\n---\n```{raw} html\n<b>raw-html</b>\n```\n:::{note}\nfenced\n:::\n# heading"
)
RAW = ["<script>alert", "<img src=x", "<b>raw-html</b>", 'href="javascript:', "<em>em</em>"]
"""What would show that a payload was parsed: an element, a link, emphasis."""

TEXT_FIELDS = ("title", "title_en", "date", "date_certainty", "place", "description", "quality")
PASSAGE_FIELDS = ("translation", "note", "label")

CONF = """
extensions = ["myst_nb", "wararchive.site"]  # as the site's own conf.py
nb_execution_mode = "off"
myst_enable_extensions = ["colon_fence", "deflist"]
html_theme = "furo"
exclude_patterns = ["_build"]
suppress_warnings = ["myst.header"]
"""
INDEX = "# Injection test\n\n```{toctree}\ntexts/index\n```\n"


def _inject(root: Path) -> None:
    """Put the payload (numbered, so each field's can be told apart) into every free-text field of the corpus."""
    n = iter(range(10_000))
    for path in [*sorted((root / "texts").glob("*.yaml")), *sorted((root / "alignments").glob("*.yaml"))]:
        rec = yaml.safe_load(path.read_text(encoding="utf-8"))
        for field in (*TEXT_FIELDS, "title") if "text_id" in rec else ("title",):
            rec[field] = f"{next(n)} {PAYLOAD}"
        for p in rec.get("passages", []):
            for field in PASSAGE_FIELDS:
                p[field] = f"{next(n)} {PAYLOAD}"
        for k in rec.get("corrections", []):
            k["reason"] = f"{next(n)} {PAYLOAD}"
        for u in rec.get("units", []):
            if u.get("difference"):
                u["difference"] = f"{next(n)} {PAYLOAD}"
        path.write_text(yaml.safe_dump(rec, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.fixture(scope="module")
def injected(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("injected") / "corpus"
    shutil.copytree(REAL_CORPUS, root)  # the whole corpus: the rulesets' citations must resolve (checked on load)
    _inject(root)
    corpus.load(root)  # the fixture is still a valid corpus: every string was accepted as data
    return root


def test_injection_strings_survive_nowhere_raw_in_the_built_editions(injected, tmp_path):
    src, out = tmp_path / "src", tmp_path / "html"
    src.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.md").write_text(INDEX, encoding="utf-8")
    warnings = tmp_path / "warnings.txt"
    argv = ["-n", "-q", "-w", str(warnings), "-b", "html", "-D", "wararchive_parts=texts", str(src), str(out)]
    # A process of its own: Sphinx extensions (myst-nb, loaded by the site's own build) leave global state behind
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", *argv],
        env={**os.environ, "WARARCHIVE_CORPUS": str(injected)},
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    pages = sorted(out.rglob("*.html"))
    assert len(pages) >= len(corpus.load(injected).texts) + 2  # every edition, the index and the search page
    for page in pages:
        html = page.read_text(encoding="utf-8")
        for raw in RAW:
            assert raw not in html, (page, raw)
    text = (out / "texts" / "fi-japanilainen-sotapeli.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(" in text  # shown as text, not dropped
    assert "{passage}`et-spionaaz:21`" in text and "{{ 7*7 }}" in text  # a role's and Jinja's syntax shown, not run
    metas = re.findall(r'<meta content="([^"]*)" name="([^"]+)"', text)  # an attribute holds no raw quote
    names = [name for _, name in metas]
    assert names.count("description") == 1 and names.count("citation_title") == 1  # the front matter held its strings
    assert not [content for content, _ in metas if "<" in content]
    assert warnings.read_text(encoding="utf-8") == ""  # a strict (-W) build would pass


def test_tei_keeps_injection_strings_as_text(injected, tmp_path):
    files = export_tei(corpus.load(injected), tmp_path)
    for path in files:
        root = ET.parse(path).getroot()  # well-formed
        assert not [e for e in root.iter() if e.tag.rpartition("}")[2] in ("script", "img", "b")], path
        assert any(PAYLOAD in (e.text or "") for e in root.iter()), path  # the payload is there, as text
