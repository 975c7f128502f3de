"""The Sphinx extension that builds the wararchive site from the corpus and the rulesets.

Add ``"wararchive.site"`` to ``extensions`` in ``conf.py``. Before Sphinx
reads the sources, :mod:`.pages` writes the generated pages; while reading,
the directives (``wa-edition``, ``wa-parallel``, ``wa-pieces``, ``wa-rules``,
``wa-options``, ``wa-compare``, ``wa-replay``, ``wa-stats``, ``wa-overview``, ``wa-readings``, ``wa-robustness``, ``wa-ladder``)
turn them into content, and the ``passage`` role links to any passage by its
stable id (``wa-cite`` prints how to cite it); a broken id fails a ``-W`` build.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.fingerprint import source_hash
from . import (
    citations,
    downloads,
    dts,
    html,
    inputs,
    ladder,
    passage_search,
    publish,
    readings,
    refs,
    robustness,
    search,
    studies,
    versions,
)
from .cache import site_cache_dir
from .compare import Compare
from .edition import Edition, TextMeta
from .games import Options, Pieces, Rules
from .overview import Overview
from .pages import PARTS
from .parallel import Parallel
from .passage import cite_role
from .replay_viewer import Replay
from .stats_page import Stats

STATIC = Path(__file__).parent / "static"


def _generate(app) -> None:
    from .pages import generate

    parts = app.config.wararchive_parts
    generate(Path(app.srcdir), site_cache_dir(app.config, app.srcdir), parts)
    if "readings" in parts:
        readings.generate(Path(app.srcdir), studies.studies_dir(app.config, app.srcdir))
    search.load_keys(site_cache_dir(app.config, app.srcdir))


def _finish(app, exception) -> None:
    """After an HTML build: the passage index, then the search keys kept for the next build."""
    passage_search.write_index(app, exception)
    if exception is None:
        search.save_keys(site_cache_dir(app.config, app.srcdir))


def _favicon(app, config) -> None:
    """The site's icon, unless conf.py names one: browsers ask for one on every page, and a 404 each time is noise."""
    if not config.html_favicon:
        config.html_favicon = str(STATIC / "favicon.svg")


def _exact_text(app, config) -> None:
    """No smart quotes: Sphinx would turn a transcription's ``"``, ``--`` and ``...`` into typographer's marks, and
    the editions show the sources byte for byte (a table rule ``|-----|`` became ``|—–|``)."""
    config.smartquotes = False


def setup(app) -> dict[str, Any]:
    app.add_config_value("wararchive_cache", "", "env")
    app.add_config_value("wararchive_studies", "", "env")  # the published studies' folder; default: studies/ beside the pages
    app.add_config_value("wararchive_parts", list(PARTS), "env", [list, tuple])  # e.g. ["texts"]: the editions alone, in seconds
    html.register(app)
    search.register(app)
    inputs.register(app)
    app.add_node(refs.passage_ref)
    app.add_role("passage", refs.passage_role)
    app.add_role("wa-cite", cite_role)
    for name, directive in {
        "wa-text-meta": TextMeta,
        "wa-edition": Edition,
        "wa-parallel": Parallel,
        "wa-pieces": Pieces,
        "wa-rules": Rules,
        "wa-options": Options,
        "wa-compare": Compare,
        "wa-replay": Replay,
        "wa-stats": Stats,
        "wa-overview": Overview,
        "wa-readings": readings.Readings,
        "wa-robustness": robustness.Robustness,
        "wa-ladder": ladder.Ladder,
    }.items():
        app.add_directive(name, directive)
    app.connect("config-inited", _favicon)
    app.connect("config-inited", _exact_text)
    app.connect("builder-inited", _generate)
    app.connect("doctree-resolved", refs.resolve)
    app.connect("build-finished", _finish)
    app.connect("build-finished", citations.write_citations)
    app.connect("build-finished", versions.write_versions)
    app.connect("build-finished", dts.write_site_dts)
    app.connect("build-finished", downloads.publish_downloads)
    publish.register(app)
    app.config.html_static_path.append(str(STATIC))
    app.add_css_file("wararchive.css")
    app.add_js_file("wararchive.js", defer="defer")
    app.add_js_file("search.js", defer="defer")  # the search page, and the search words highlighted where a result leads
    # The pages' directives are this package's code: when it changes (an upgrade, an edit), every page is read again,
    # since a page whose data did not change would otherwise keep what the old code made of it.
    env_version = int(source_hash("site")[:12], 16)
    return {"version": "1", "env_version": env_version, "parallel_read_safe": True, "parallel_write_safe": True}
