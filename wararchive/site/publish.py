"""The HTML folder is what gets published: Sphinx's own bookkeeping is kept out of it.

Sphinx writes ``.buildinfo`` (a hash of the configuration) into the HTML
folder and reads it back on the next build: where it differs, or a template
is newer than it, every page is written again. Deleting it would leave an
incremental build blind to a changed theme option or template, so it is kept
beside the doctrees instead (never published, see ``wararchive site``): moved
there when a build ends, put back when the next one starts. Sources of pages
(``_sources/``) are not copied (``html_copy_source = False`` in ``conf.py``);
a folder left by an older build is removed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from sphinx.builders.html import StandaloneHTMLBuilder

BUILDINFO = ".buildinfo"


def _kept(app) -> Path:
    """Where a builder's ``.buildinfo`` waits between builds: beside the doctrees, named by the builder."""
    return Path(app.doctreedir) / f"{app.builder.name}{BUILDINFO}"


def restore_buildinfo(app) -> None:
    """Before Sphinx decides what is outdated: the last build's ``.buildinfo`` back in the HTML folder."""
    if isinstance(app.builder, StandaloneHTMLBuilder) and _kept(app).is_file():
        shutil.move(_kept(app), Path(app.outdir) / BUILDINFO)  # a move keeps the mtime Sphinx compares templates with


def clean_output(app, exception: Exception | None) -> None:
    """After a build, even a failed one: ``.buildinfo`` aside, its backup and any stale ``_sources/`` gone."""
    if not isinstance(app.builder, StandaloneHTMLBuilder):
        return
    out = Path(app.outdir)
    if (out / BUILDINFO).is_file():
        _kept(app).parent.mkdir(parents=True, exist_ok=True)
        shutil.move(out / BUILDINFO, _kept(app))
    (out / f"{BUILDINFO}.bak").unlink(missing_ok=True)  # Sphinx's backup of a mismatched one
    if not app.config.html_copy_source:
        shutil.rmtree(out / "_sources", ignore_errors=True)


def register(app) -> None:
    """Both hooks; the clean-up after every other writer of the HTML folder (listeners of a higher priority run later)."""
    app.connect("builder-inited", restore_buildinfo)
    app.connect("build-finished", clean_output, priority=900)
