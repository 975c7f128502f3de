"""Where the package builds and writes: a source checkout's folders, or the user's for an installed package.

An installed package never writes into its own folder. The site's hand-written pages, its Sphinx configuration, the notebooks and
the changelog travel in the wheel (``wararchive/_site``, mirroring the
checkout's layout). Sphinx writes the generated pages into its source folder,
so an installed package never builds in place: its sources are copied into a
folder the user names (by default ``./wararchive-site``), and everything the
build makes stays there. Studies published by an installed package go to
``./studies``, where the site built in the same directory finds them.
"""

from __future__ import annotations

import subprocess
from importlib import resources
from pathlib import Path

from .errors import WararchiveError
from .fileio import write_if_changed

CHECKOUT = Path(__file__).resolve().parents[1]
"""The folder above the package: a source checkout's root when the package runs from one."""
DEFAULT_DIR = "wararchive-site"
"""The working folder of an installed package's site, under the current directory."""
STUDIES = "studies"
"""Where an installed package's ``publish-studies`` writes, under the current directory, and its site looks."""


def packaged() -> Path | None:
    """The site's sources inside an installed package (``wararchive/_site``), or None in a source checkout."""
    copy = resources.files("wararchive") / "_site"
    return copy if isinstance(copy, Path) and (copy / "docs" / "conf.py").is_file() else None


def in_checkout() -> bool:
    """Does the package run from a source checkout (an editable install), whose ``docs/`` is the site's source?"""
    return packaged() is None and (CHECKOUT / "docs" / "conf.py").is_file()


def site_root(folder: str | Path | None = None) -> Path:
    """The folder holding ``docs/`` (and ``notebooks/``) that the site is built from.

    In a checkout without ``folder``: the checkout itself. Otherwise ``folder``
    (default ``./wararchive-site``), refreshed from the package's sources: a
    file is rewritten only when its bytes changed, so Sphinx's incremental
    build re-reads only what an upgrade changed.
    """
    if folder is None and in_checkout():
        return CHECKOUT
    source = packaged()
    files = _checkout_sources() if source is None else _files(source)
    source = source or CHECKOUT
    root = Path(folder if folder is not None else DEFAULT_DIR).resolve()
    for file in files:
        write_if_changed(root / file, (source / file).read_bytes())
    return root


def _files(source: Path) -> list[Path]:
    """The packaged sources, without the bytecode an installer compiled beside ``conf.py``."""
    return [p.relative_to(source) for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts]


def _checkout_sources() -> list[Path]:
    """The site's sources in a checkout, as git tracks them: not the pages a build generated beside them, nor the studies."""
    listed = subprocess.run(
        ["git", "-C", str(CHECKOUT), "ls-files", "-z", "docs", "notebooks", "CHANGELOG.md"], capture_output=True, check=False
    )
    if listed.returncode != 0:
        raise WararchiveError(f"cannot list the site's sources in {CHECKOUT} (git ls-files failed); build without --dir")
    return [Path(name) for name in listed.stdout.decode().split("\0") if name and not name.startswith(f"docs/{STUDIES}/")]


def default_studies(folder: str | Path | None = None) -> Path | None:
    """The published studies a site shows unless told otherwise: the checkout's, or ``./studies`` when installed.

    None where they already lie beside the pages being built (a checkout's own ``docs/``).
    """
    if in_checkout():
        return None if folder is None else CHECKOUT / "docs" / STUDIES  # a copy built elsewhere shows the checkout's
    here = Path.cwd() / STUDIES
    return here if here.is_dir() else None
