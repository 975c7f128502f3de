"""An incremental build after editing one passage leaves no page with the old wording (issue 34).

A game page or a comparison shows the wording of passages from texts it is
not about; before the inputs of each page were tracked (:mod:`wararchive.site.inputs`),
such pages kept the old translation until a ``--clean`` build. The site is
built on a copy of the corpus and of ``docs/`` (the simulation cache is the
README build's, so no game is played when it is warm), then one translation
is edited and the site rebuilt incrementally, each build in its own process
as ``wararchive site`` runs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# It shares the simulation cache with test_site.py's build (a cache entry being written by one build is left to it).
# Two whole builds of a copy of the site: marked slow, so the README's test command stays under five minutes on
# two cores; .ci/run runs it (-m slow).
pytestmark = pytest.mark.slow
GENERATED = ("_build", "texts", "games", "compare", "notebooks", "downloads", "readings")
TEXT = "fi-japanilainen-sotapeli"
OLD, NEW = "whom the spy in turn knocks out.", "whom the spy in its turn defeats."  # fi:22's translation; unique in the corpus


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus")
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns(*GENERATED))
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks")  # beside docs/, where the site reads them
    shutil.copy(ROOT / "CHANGELOG.md", tmp_path)  # the site's changelog page includes ../CHANGELOG.md
    return tmp_path


def build(copy: Path) -> Path:
    out = copy / "_build" / "html"
    cache = ROOT / "docs" / "_build" / ".wararchive-cache"
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html", "-d", str(out.parent / "doctrees")]
    cmd += ["-D", f"wararchive_cache={cache}", str(copy / "docs"), str(out)]
    env = os.environ | {"WARARCHIVE_CORPUS": str(copy / "corpus")}
    assert subprocess.run(cmd, env=env).returncode == 0, "sphinx-build -W -n failed (see the warnings above)"
    return out


def holding(html: Path, wording: str) -> set[str]:
    return {str(p.relative_to(html)) for p in html.rglob("*.html") if wording in p.read_text(encoding="utf-8")}


def test_editing_a_passage_rebuilds_every_page_that_shows_it(copy):
    html = build(copy)
    before = holding(html, OLD)
    # its edition, and pages about other things that show it: the game's rules and two comparisons
    assert {f"texts/{TEXT}.html", "games/japanese-war-game.html", "compare/combat.html", "compare/special.html"} <= before
    untouched = html / "games" / "chess.html"  # cites no Finnish passage
    written = untouched.stat().st_mtime_ns

    yaml = copy / "corpus" / "texts" / f"{TEXT}.yaml"
    text = yaml.read_text(encoding="utf-8")
    assert text.count(OLD) == 1
    yaml.write_text(text.replace(OLD, NEW), encoding="utf-8")
    build(copy)

    assert holding(html, OLD) == set(), "pages still showing the old wording"
    assert holding(html, NEW) == before
    assert untouched.stat().st_mtime_ns == written, "a page that does not show the passage was rebuilt"
