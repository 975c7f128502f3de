"""The corpus: byte-exact transcriptions with standoff annotations.

>>> from wararchive import corpus
>>> c = corpus.load()
>>> c.passage("et-spionaaz:1").lang
'et'

``load()`` validates everything it reads and raises
:class:`~wararchive.errors.CorpusError` naming the file, line and field of the
first problem. The result is cached per root, since it never changes while a
process runs.

Where the archive is: ``$WARARCHIVE_CORPUS`` if set; else the copy installed
with the package (a wheel carries ``corpus/`` as ``wararchive/_corpus``);
else, in a checkout, the repository's ``corpus/``. Other packages contribute
texts through the ``wararchive.corpora`` entry-point group: each entry names
a package (or an object holding a path) whose directory has the corpus
layout; its texts join the archive after the same validation, and a
contributed corpus that fails it is skipped with one warning naming the
plugin and its package.
"""

from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import ModuleType

from .. import plugins
from ..errors import CorpusError, WararchiveError
from .corpus import LAYERS, Corpus
from .loader import Contribution, load_corpus
from .model import Alignment, AlignmentUnit, Artefact, Concept, Correction, Passage, Segment, Source, Text

__all__ = [
    "LAYERS",
    "Alignment",
    "AlignmentUnit",
    "Artefact",
    "Concept",
    "Contribution",
    "Corpus",
    "CorpusError",
    "Correction",
    "Passage",
    "Segment",
    "Source",
    "Text",
    "contributed_roots",
    "default_root",
    "load",
]


CORPORA_GROUP = "wararchive.corpora"


def default_root() -> Path:
    """The archive's own corpus directory: ``$WARARCHIVE_CORPUS``, else the installed copy, else the checkout's ``corpus/``."""
    env = os.environ.get("WARARCHIVE_CORPUS")
    if env:
        return Path(env)
    installed = resources.files("wararchive") / "_corpus"  # a wheel's copy; an editable checkout has none
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "corpus"


@lru_cache(maxsize=1)
def contributed_roots() -> tuple[Contribution, ...]:
    """The corpus directories other packages contribute through ``wararchive.corpora``, in entry-point name order.

    Read once per process, as the rulesets' entry points are: scanning the
    installed distributions takes some 30 ms, and ``load()`` is called for
    every citation a page links. An entry that cannot be loaded, or names no
    directory, is skipped with one warning naming the plugin and its package
    (:mod:`wararchive.plugins`): the archive and the other plugins' texts load.
    """
    registered = plugins.register(entry_points(group=CORPORA_GROUP))
    registered.warn_refused()
    out = []
    for ep in registered.found.values():
        try:
            out.append(Contribution(_directory(ep), plugins.describe(ep)))
        except plugins.PluginError as exc:
            plugins.warn(exc.warning)
    return tuple(out)


def _directory(ep: EntryPoint) -> Path:
    """The corpus directory ``ep`` names: a package's own directory, or an object holding a path."""
    target = plugins.load(ep)
    with plugins.blamed(ep, "finding its directory"):
        path = Path(str(resources.files(target) if isinstance(target, ModuleType) else target))
        if not path.is_dir():
            raise WararchiveError(f"{path} is not a corpus directory")
        return path.resolve()


def load(root: str | Path | None = None) -> Corpus:
    """Load and validate the corpus (cached: the files do not change under us).

    Without ``root``, the archive: its own corpus and every contributed one.
    With ``root``, that directory alone.
    """
    if root:
        return _load(Path(root).resolve(), ())
    return _load(default_root().resolve(), contributed_roots())


@lru_cache(maxsize=8)
def _load(root: Path, contributed: tuple[Contribution, ...]) -> Corpus:
    try:
        found = root.is_dir()
    except OSError as exc:  # e.g. a name too long
        raise CorpusError(str(root), None, "", f"corpus directory cannot be read: {exc.strerror}") from None
    if not found:
        raise CorpusError(str(root), None, "", "corpus directory not found (set WARARCHIVE_CORPUS)")
    return load_corpus(root, contributed)
